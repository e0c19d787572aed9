"""The Liar table: a human seat against 1-3 bots (up to 7 with two decks).

>>> table = LiarTable(bots=("heuristic", "heuristic"), seed=1)
>>> table.human_to_act() in (Phase.PLAY, Phase.CALL_WINDOW)   # the bots moved: your turn
True
>>> table.close()

In a notebook the one line ``LiarTable(seed=1)`` shows the table.  The human
is ``human_seat`` (seat 0 by default, "Player 0" in the log).

- **Play**: pick 1-4 cards in your hand and press *Play N × <due rank>*; the
  announcement is forced (R-L4): N is the number of cards, the rank is the one
  due (L6, L8).
- **Call window** (R-L5): after a bot's play you are asked in order of play
  whether to call: *Call "Liar!"* or *Let it stand*.
- The bots then play one move at a time (through :func:`cardgames.play.agent_turn`,
  see :mod:`widgets.table_base`), each logged with the engine's own words
  (``describe()`` of every event).  With ``autoplay=True`` (default) they move
  right after your action until you must act again; with ``autoplay=False``
  press *Next bot move* (one move) or *Let the bots play*.  A bot that makes an
  illegal move stops the table (a bug in the bot; it is never replaced).
- When the round is over: places and points (R-L10) and the match score.
  *New round* deals the next round of the match (the dealer moves on, R-L1);
  *New match* starts again with the options chosen under the table.

Security (see ``widgets/__init__.py``): the engine state (every hand, the pile,
the put-aside cards) lives only in plain Python attributes.  Every synced
trait is computed from ``state.view(human_seat)`` (R-L11): your own hand and
the cards you put down yourself, hand sizes, the pile size, announcements,
calls, the cards turned over in calls and who took the pile.  Every click is
checked again in Python against the engine (whose turn, which phase, is the
play legal); a refused action changes nothing and shows the rule and the
reason, worded from the engine error's fields (never its message).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as ipw

from cardgames import registry
from cardgames.i18n import N_, ngettext
from cardgames.i18n import gettext as _
from cardgames.liar import (
    CALL,
    PASS,
    LiarAction,
    LiarGame,
    LiarMatch,
    LiarState,
    LiarView,
    Phase,
    Play,
    Played,
)
from cardgames.play import agent_name, agent_rngs
from cardgames.seeds import match_seed
from widgets.cardview import HandView
from widgets.liar_draw import (
    AS_GIVEN,
    LiarLayout,
    announcement,
    event_style,
    header_html,
    pile_html,
    result_html,
    seats_html,
    status_html,
)
from widgets.table_base import GREY, PlayTable, bot_label, esc, show_cards

__all__ = ["BOT_KINDS", "MAX_BOT_MOVES", "LiarTable"]

_LIAR = registry.get("liar")
#: The bot kinds offered for a new match (the bots of ``cardgames.registry.get("liar")``).
BOT_KINDS = _LIAR.bot_names
#: Moves the bots may make in one go before the table stops and asks for a click.
MAX_BOT_MOVES = 5000

#: The table's words for a rule the engine cites without a ``reason`` (docs/rules/en.md).
_RULE_WORDS = {
    "R-L4": N_("a play is 1–4 cards of your own hand"),
    "L7": N_("you put down cards from your own hand"),
    "R-L5": N_("calling or letting a play stand is only possible in the call window right "
               "after a play"),
    "L11": N_("the round is over"),
}


def _make_bot(spec: Any) -> Any:
    """A bot from its name in the registry, or the agent object given."""
    return _LIAR.bot(spec)


class LiarTable(LiarLayout, PlayTable):
    """A Liar table in a notebook: you in ``human_seat`` against bots (L1-L13, R-L1-R-L11).

    - ``bots``: one entry per bot, a bot name of ``cardgames.registry.get("liar")``
      (``"heuristic"``, ``"random"``, ``"caller"``) or an agent object with
      ``act(view, legal_actions, rng)``.  1-3 bots with one deck, 1-7 with two
      (R-L2).
    - ``decks``: 1 or 2; ``chroniclers``: ``()``/``"none"`` or ``"both"``
      (or any value ``LiarGame`` accepts).
    - ``seed``: the match seed; round ``i`` is dealt with
      ``cardgames.liar.round_seed(seed, i)`` by seat ``i % players`` (R-L1), and
      the bots draw from ``cardgames.play.agent_rngs(round seed, players)``, one
      generator per seat (as :func:`cardgames.play.play_match` does).
    - ``rounds``: rounds in the match (R-L10), ``None`` for no limit.
    - ``autoplay``: the bots move right after your action (default) or only
      when *Next bot move* / *Let the bots play* is pressed.

    ``widget`` is the box to lay out; the table also displays itself.

    Example::

        from widgets import LiarTable
        LiarTable(bots=("heuristic", "heuristic"), seed=7)
    """

    RULE_WORDS = _RULE_WORDS
    GAME = "Liar"

    def __init__(self, *, bots: Sequence[str | Any] = ("heuristic",) * 3, decks: int = 1,
                 chroniclers: Any = (), seed: int = 0, human_seat: int = 0,
                 rounds: int | None = 5, autoplay: bool = True, card_width: int = 84) -> None:
        self._init_table()
        if isinstance(bots, str):
            bots = (bots,)
        bots = tuple(bots)
        self._check_bots(bots)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(_("seed must be a whole number, not {seed!r}").format(seed=seed))
        self._given_bots = bots
        self._human_pref = human_seat
        self._rounds = rounds
        self._autoplay = bool(autoplay)
        self._card_width = int(card_width)
        self._match_seed = seed
        self._table_seed = seed
        self._matches = 0
        # -- Python-only state (never synced): the engine, the bots, the match
        self._game: LiarGame
        self._match: LiarMatch
        self._state: LiarState
        self._agents = []
        self._rngs = []
        self._human = 0
        self._round_index = 0
        self._recorded = False
        self._check_config(bots, decks, chroniclers, human_seat)   # before any widget exists
        self._build_widgets(bots, decks, chroniclers)
        self._wire()
        self._start_match(bots, decks, chroniclers, human_seat, seed)

    # ================================================================ set-up
    @staticmethod
    def _check_bots(bots: tuple[Any, ...]) -> None:
        if not bots:
            raise ValueError(_("a Liar table needs 1-3 bots (1-7 with two decks, R-L2)"))
        for b in bots:
            _LIAR.check_bot(b)

    @staticmethod
    def _check_config(bots: tuple[Any, ...], decks: int, chroniclers: Any,
                      human_seat: int) -> LiarGame:
        players = len(bots) + 1
        game = LiarGame(players=players, decks=decks, chroniclers=chroniclers)  # R-L2 checks
        if (not isinstance(human_seat, int) or isinstance(human_seat, bool)
                or not 0 <= human_seat < players):
            raise ValueError(_("human_seat={seat!r} is not a seat: R-L1 seats are 0-{last}")
                             .format(seat=human_seat, last=players - 1))
        return game

    def _wire(self) -> None:
        """Every click goes through the table's checks (:meth:`PlayTable._guarded`)."""
        self.hand.on_change(self._on_selection)
        self.play_button.on_click(self._guarded(self._on_play))
        self.call_button.on_click(self._guarded(lambda: self._on_window(CALL)))
        self.pass_button.on_click(self._guarded(lambda: self._on_window(PASS)))
        self.step_button.on_click(self._guarded(lambda: self._on_bots(one=True)))
        self.bots_button.on_click(self._guarded(lambda: self._on_bots(one=False)))
        self.new_round_button.on_click(self._guarded(self._on_new_round))
        self.new_match_button.on_click(self._guarded(self._on_new_match))

    def _start_match(self, bots: tuple[Any, ...], decks: int, chroniclers: Any,
                     human_seat: int, seed: int) -> None:
        game = self._check_config(bots, decks, chroniclers, human_seat)
        players = game.players
        rounds = self._rounds
        match = LiarMatch(game, seed=seed, rounds=rounds if rounds is not None else 10**9)
        it = iter(bots)
        agents: list[Any] = [None if seat == human_seat else
                             _make_bot(next(it))
                             for seat in range(players)]
        self._game, self._match, self._agents = game, match, agents
        self._human = human_seat
        self._match_seed = seed
        self._matches += 1
        self._bot_error = None          # a new match starts a stopped table again
        self._deal()

    def _deal(self) -> None:
        self._state = self._match.new_round()
        self._round_index = len(self._match.results)
        seed = self._state.seed
        assert seed is not None            # a match deals every round from a seed
        self._rngs = agent_rngs(seed, self._game.players)
        self._recorded = False
        self._mark = 0
        show_cards(self.hand, self._view().hand, force=True)
        self._say("")
        if self._autoplay:
            self._advance()
        self._render()

    # ================================================================ Python-side reading
    @property
    def state(self) -> LiarState:
        """The engine state of the round (Python only: never synced to the browser)."""
        return self._state

    @property
    def game(self) -> LiarGame:
        return self._game

    @property
    def match(self) -> LiarMatch:
        return self._match

    @property
    def human_seat(self) -> int:
        return self._human

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points per seat so far (R-L10)."""
        return tuple(self._match.scores)

    def _view(self) -> LiarView:
        return self._state.view(self._human)

    def human_to_act(self) -> Phase | None:
        """``Phase.PLAY`` (play cards), ``Phase.CALL_WINDOW`` (call or let it stand, R-L5),
        or ``None``: not your move (a bot's turn, the round is over, or the table stopped)."""
        s = self._state
        if self.stopped or s.is_over() or s.current_player != self._human:
            return None
        return s.phase

    # ================================================================ clicks
    def _on_selection(self, _view: HandView) -> None:
        if not self._closed and hasattr(self, "_state"):
            self._render_buttons(self._view())

    def _check_turn(self, wanted: Phase) -> bool:
        """Your move of the kind ``wanted`` now? If not, say why (R-L5) and return False."""
        if self._refuse_if_stopped():
            return False
        s = self._state
        if s.is_over():
            return self._refuse(_("The round is over (L11): press New round."))
        if s.current_player != self._human:
            return self._refuse(
                (_("Not now: it is player {player}'s turn (to play, R-L5).")
                 if s.phase is Phase.PLAY else
                 _("Not now: it is player {player}'s turn (to call or let it stand, R-L5)."))
                .format(player=s.current_player))
        if s.phase is not wanted and s.phase is Phase.CALL_WINDOW:
            c = s.view(self._human).claim
            assert c is not None
            return self._refuse(_("The call window is open on player {player}'s “{claim}”: "
                                  "call “Liar!” or let it stand first (R-L5).").format(
                                    player=c.player, claim=announcement(c.count, c.announced)))
        if s.phase is not wanted:
            return self._refuse(_("There is no play to call now: it is your turn to play "
                                  "{rank} (R-L5).").format(rank=s.due_rank.plural))
        return True

    def _on_play(self) -> None:
        if self._check_turn(Phase.PLAY):
            cards = list(self.hand.selected_cards)
            if not cards:
                self._say(_("Pick 1–4 cards of your hand first (R-L4)."))
            else:
                self._human_move(Play(tuple(cards)))
        self._render()

    def _on_window(self, action: LiarAction) -> None:
        if self._check_turn(Phase.CALL_WINDOW):
            self._human_move(action)
        self._render()

    def _human_move(self, action: LiarAction) -> None:
        mark = len(self._state.events)
        if not self._human_apply(action):
            return
        self._mark = mark       # your own move is highlighted too
        self._say("")
        self.hand.clear_selection()   # the hand may come back unchanged (e.g. a caught bluff)
        if self._autoplay:
            self._advance()
        show_cards(self.hand, self._view().hand)

    def _on_bots(self, *, one: bool) -> None:
        s = self._state
        if self.stopped:
            self._refuse_if_stopped()
        elif s.is_over():
            self._say(_("The round is over (L11): press New round."))
        elif s.current_player == self._human:
            self._say(_("It is your move: play 1–4 cards.") if s.phase is Phase.PLAY
                      else _("It is your move: call “Liar!” or let it stand (R-L5)."))
        else:
            self._say("")
            self._mark_new()
            self._advance(limit=1 if one else MAX_BOT_MOVES)
            show_cards(self.hand, self._view().hand)
        self._render()

    def _on_new_round(self) -> None:
        if self.stopped:
            self._refuse_if_stopped()
        elif not self._state.is_over():
            self._say(_("This round is not over yet (L11): play it to the end, or start a "
                        "New match."))
        elif self._match.is_over():
            played = len(self._match.results)
            self._say(ngettext("The match is over after {n} round (R-L10): press New match.",
                               "The match is over after {n} rounds (R-L10): press New match.",
                               played).format(n=played))
        else:
            self._deal()
            return
        self._render()

    def _on_new_match(self) -> None:
        n_bots = self.opt_bots.value
        kind = self.opt_kind.value
        ch = self.opt_chroniclers.value
        decks = self.opt_decks.value
        # the browser can send anything: check every option in Python
        if decks not in (1, 2) or ch not in ("none", "both"):
            self._say(_("Choose one or two decks and Chroniclers none or both (R-L2)."))
            self._render()
            return
        top = 3 if decks == 1 else 7
        if not isinstance(n_bots, int) or isinstance(n_bots, bool) or not 1 <= n_bots <= top:
            self._say(ngettext("{n} bots is not allowed with {decks} deck: R-L2 one deck is "
                               "for 2-4 players (1-3 bots), two decks for 2-8 (1-7 bots).",
                               "{n} bots is not allowed with {decks} decks: R-L2 one deck is "
                               "for 2-4 players (1-3 bots), two decks for 2-8 (1-7 bots).",
                               decks if isinstance(decks, int) else 2).format(
                                   n=n_bots, decks=decks))
            self._render()
            return
        offered = [o[1] if isinstance(o, tuple) else o for o in self.opt_kind.options]
        if kind == AS_GIVEN and AS_GIVEN in offered:
            given = self._given_bots
            bots = tuple(given[i % len(given)] for i in range(n_bots))
        elif kind in _LIAR.bots:
            bots = (kind,) * n_bots
        else:
            self._say(_("Unknown bot kind {kind!r}: choose one of {names}.").format(
                kind=kind, names=", ".join(bot_label(b) for b in _LIAR.bots)))
            self._render()
            return
        seat = min(self._human_pref, n_bots) if isinstance(self._human_pref, int) else 0
        # deterministic: the k-th match of this table plays seeds.match_seed(seed, k)
        seed = match_seed(self._table_seed, self._matches)
        self._start_match(bots, decks, None if ch == "none" else "both", seat, seed)

    # ================================================================ the bots
    def _advance(self, limit: int = MAX_BOT_MOVES) -> int:
        """Let the bots move (each move is one engine action, logged) until you must act."""
        moves = self._run_bots(limit)
        if moves >= MAX_BOT_MOVES and self._bots_may_move():
            self._say(_("The bots made {n} moves in a row; press Let the bots play to go on.")
                      .format(n=moves))
        self._record_if_over()
        return moves

    def _record_if_over(self) -> None:
        if self._state.is_over() and not self._recorded:
            self._match.record(self._state)
            self._recorded = True

    # ================================================================ drawing
    def _name(self, seat: int) -> str:
        if seat == self._human:
            return _("You (player {player})").format(player=seat)
        return _("Player {player} · {kind} bot").format(
            player=seat, kind=bot_label(agent_name(self._agents[seat])))

    def _draw(self) -> None:
        v = self._view()
        self._record_if_over()
        out = self._state.outcome()
        names = [self._name(p) for p in range(v.players)]
        self.header.value = header_html(v, round_no=self._round_index + 1, rounds=self._rounds)
        self.status.value = status_html(v, out, human=self._human, stopped=self.stopped)
        self.seats.value = seats_html(v, human=self._human, names=names,
                                      scores=self._match.scores)
        self.pile.value = pile_html(v, human=self._human)
        self._render_log(v)
        self.result.value = result_html(v, out, self._match, human=self._human, names=names)
        self._render_buttons(v)
        self.hand.set_title(ngettext("Your hand — {n} card", "Your hand — {n} cards",
                                     len(v.hand)).format(n=len(v.hand)))

    def _render_log(self, v: LiarView) -> None:
        items = []
        for i, e in enumerate(v.events):
            bold = "font-weight:600;" if isinstance(e, Played) and e.player == self._human else ""
            items.append((esc(e.describe()), event_style(e, self._human) + bold, i >= self._mark))
        title = esc(_("What happened this round"))
        note = esc(_("(newest at the bottom; highlighted: since your last move)"))
        self.log.value = (
            f"<div style='font-size:1.1em;font-weight:bold;margin-top:8px'>{title} "
            f"<span style='font-weight:normal;color:{GREY};font-size:0.85em'>{note}</span></div>"
            "<div style='max-height:260px;overflow-y:auto;display:flex;"
            "flex-direction:column-reverse;border:1px solid #ddd;border-radius:4px;"
            "padding:4px;font-size:1.02em'>"
            f"{self._log_list(items, css_class='liar-log', newest_first=False)}</div>")

    def _render_buttons(self, v: LiarView) -> None:
        """Enable what you may do now (a hint only: every click is checked again)."""
        act = self.human_to_act()
        n = len(self.hand.selected)
        self.play_button.description = _("Play {n} × {rank}").format(n=n, rank=v.due_rank.plural)
        self.play_button.disabled = act is not Phase.PLAY or n == 0
        self.call_button.disabled = act is not Phase.CALL_WINDOW
        self.pass_button.disabled = act is not Phase.CALL_WINDOW
        bots_turn = self._bots_may_move()
        self.step_button.disabled = not bots_turn
        self.bots_button.disabled = not bots_turn
        self.hand.enabled = act is Phase.PLAY
        self.new_round_button.disabled = (not v.is_over or self._match.is_over()
                                          or self.stopped)

    # ================================================================ closing
    def _card_views(self) -> Iterable[HandView]:
        return (self.hand,)

    def _loose_widgets(self) -> Iterable[ipw.Widget]:
        return (self.step_button, self.bots_button)   # not laid out with autoplay

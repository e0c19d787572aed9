"""The Liar table: a human seat against 1-3 bots (up to 7 with two decks).

>>> table = LiarTable(bots=("heuristic", "heuristic"), seed=1)
>>> table.human_to_act() in (Phase.PLAY, Phase.CALL_WINDOW)   # the bots moved: your turn
True
>>> table.close()

In a notebook the one line ``LiarTable(seed=1)`` shows the table.  The human
is ``human_seat`` (seat 0 by default, "Player 0" in the log).

- **Play**: pick 1-4 cards in your hand and press *Play N × <due rank>*; the
  announcement is forced (R-L4): N is the number of cards, the rank is the one
  due (L6, L8).  With nothing picked the button says *Pick cards to play*.
- **Call window** (R-L5): after a bot's play you are asked in order of play
  whether to call: *Call "Liar!"* or *Let it stand*.
- The bots then play one move at a time (through :func:`cardgames.play.agent_turn`,
  see :mod:`widgets.tables.table_base`), each logged with the engine's own words
  (``describe()`` of every event).  With ``autoplay=True`` (default) they move
  right after your action until you must act again; with ``autoplay=False``
  press *Next bot move* (one move) or *Let the bots play*.  A bot that makes an
  illegal move stops the table (a bug in the bot; it is never replaced).
- When the round is over: places and points (R-L10) and the match score.
  *New round* deals the next round of the match (the dealer moves on, R-L1);
  *New match* starts again with the options chosen under the table.

The table is a view of one seat of a :class:`cardgames.session.Session` (the API
of :class:`widgets.tables.table_base.PlayTable`: ``session``, ``seat``, ``view``, ``mark``,
``my_turn``, ``legal_actions()``, ``act()``, ``refresh()``).

Security (see ``widgets/__init__.py``): the session (every hand, the pile,
the put-aside cards) lives only in plain Python attributes.  Every synced
trait is computed from ``state.view(human_seat)`` (R-L11): your own hand and
the cards you put down yourself, hand sizes, the pile size, announcements,
calls, the cards turned over in calls and who took the pile.  The table judges
no rule: every decision goes to the engine (``state.apply(action, player=seat)``),
which checks whose turn, which phase and whether the play is legal; a refused
action changes nothing and shows the rule and the reason, worded from the engine
error's fields (never its message).  Every decision button carries the mark of the
view it was drawn for (:class:`widgets.tables.table_base.PlayTable`): a second click on a
view that is gone (a double-click, clicks sent at once) decides nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import ipywidgets as ipw

from cardgames import registry
from cardgames.errors import CardgamesError, ConfigError, StaleActionError
from cardgames.i18n import N_, ngettext
from cardgames.i18n import gettext as _
from cardgames.liar import (
    CALL,
    PASS,
    LiarAction,
    LiarGame,
    LiarState,
    LiarView,
    Phase,
    Play,
    Played,
    RoundOver,
)
from cardgames.seeds import match_seed
from widgets.kit.cardview import HandView
from widgets.tables.liar_draw import (
    AS_GIVEN,
    MAX_BOTS,
    LiarLayout,
    event_style,
    header_html,
    pile_html,
    result_html,
    seats_html,
    status_html,
)
from widgets.tables.remote_frames import shown_of
from widgets.tables.table_base import GREY, PlayTable, bot_label, esc, refusal_text, show_cards

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


@dataclass(frozen=True)
class _RoundResult:
    """A finished round as the table shows it: the engine's ``RoundOver`` (places, cards
    held, the winner) and the match points the round gave (the session's, R-L10)."""

    winner: int | None
    places: tuple[int, ...]
    cards_held: tuple[int, ...]
    points: tuple[int, ...]


class LiarTable(LiarLayout, PlayTable):
    """A Liar table in a notebook: you in ``human_seat`` against bots (L1-L13, R-L1-R-L11).

    - ``bots``: one entry per bot, a bot name of ``cardgames.registry.get("liar")``
      (``"heuristic"``, ``"random"``, ``"caller"``, ``"expert"``) or an agent object with
      ``act(view, legal_actions, rng)``.  1-3 bots with one deck, 1-7 with two
      (R-L2).
    - ``decks``: 1 or 2; ``chroniclers``: ``()``/``"none"`` or ``"both"``
      (or any value ``LiarGame`` accepts).
    - ``seed``: the table's seed; its match ``k`` is a
      :class:`~cardgames.session.Session` of seed ``cardgames.seeds.match_seed(seed, k)``
      (the first: ``seed`` itself), whose round ``i`` is dealt with
      ``round_seed(match seed, i)`` by seat ``i % players`` (R-L1); the bots draw from
      one generator per seat (as :func:`cardgames.play.play_match` does).
    - ``rounds``: rounds in the match (R-L10), ``None`` for no limit.
    - ``autoplay``: the bots move right after your action (default) or only
      when *Next bot move* / *Let the bots play* is pressed.

    ``widget`` is the box to lay out; the table also displays itself.

    Example::

        from widgets import LiarTable
        LiarTable(bots=("heuristic", "heuristic"), seed=7)
    """

    RULE_WORDS = _RULE_WORDS
    _drawn: tuple[int, int] = (0, 0)    # the (match, round) drawn (online: a new deal)
    _clearing = False                   # the seat's own move clears its picks
    GAME = "Liar"
    STALE_RULE = "R-L5"
    GAME_NAME = "liar"

    def __init__(self, *, bots: Sequence[str | Any] = ("heuristic",) * 3, decks: int = 1,
                 chroniclers: Any = (), seed: int = 0, human_seat: int = 0,
                 rounds: int | None = 5, autoplay: bool = True, card_width: int = 84) -> None:
        self._init_table()
        if isinstance(bots, str):
            bots = (bots,)
        bots = tuple(bots)
        for b in bots:
            _LIAR.check_bot(b)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(_("seed must be a whole number, not {seed!r}").format(seed=seed))
        self._given_bots = bots
        self._human_pref = human_seat
        self._rounds = rounds
        self._autoplay = bool(autoplay)
        self._card_width = int(card_width)
        self._table_seed = seed
        self._matches = 0
        self._human = 0
        self._round_start: tuple[int, ...] = ()   # the match points when the round began
        self._check_config(bots, decks, chroniclers, human_seat)   # before any widget exists
        self._build_widgets(bots, decks, chroniclers)
        self._wire()
        self._start_match(bots, decks, chroniclers, human_seat)

    @classmethod
    def for_session(cls, session: Any, *, seat: int | None = None,
                    card_width: int = 84) -> LiarTable:
        """The table of ``seat`` of a session driven elsewhere: a
        :class:`widgets.tables.remote.RemoteSession` of the table service (issue 21).  The
        service plays the bots and deals; *New round* asks it for the next round (the
        first ask wins); no new match is made here.  Closing the table closes the session."""
        self = cls.__new__(cls)
        self._init_table()
        seat = session.seat if seat is None else seat
        self._card_width = int(card_width)
        self._given_bots, self._human_pref, self._rounds = ("heuristic",), seat, None
        self._table_seed, self._matches = 0, 1
        sv = self._attach(session, seat)
        self._round_start = ()
        self._drawn = (sv.match, sv.round)
        v: LiarView = sv.view
        self._build_widgets(("heuristic",) * (v.players - 1), v.decks, v.chroniclers)
        self.options.layout.display = "none"
        self.new_match_button.layout.display = "none"
        self._wire()
        self._dealt()
        return self

    def _remote_changed(self) -> None:
        """The service moved on: a new round (or match) is dealt afresh, else drawn."""
        sv = self.view
        if (sv.match, sv.round) != self._drawn:
            self._dealt()
        else:
            super()._remote_changed()

    # ================================================================ set-up
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
        """Every click goes through :meth:`PlayTable._guarded`; the decision buttons are
        wired for one mark each (:meth:`PlayTable._bind_decisions`)."""
        self.hand.on_change(self._on_selection)
        self.step_button.on_click(self._guarded(lambda: self._on_bots(one=True)))
        self.bots_button.on_click(self._guarded(lambda: self._on_bots(one=False)))
        self.new_round_button.on_click(self._guarded(self._on_new_round))
        self.new_match_button.on_click(self._guarded(self._on_new_match))

    def _start_match(self, bots: tuple[Any, ...], decks: int, chroniclers: Any,
                     human_seat: int) -> None:
        """Match ``k`` of the table: a session of seed ``seeds.match_seed(seed, k)``."""
        self._session = self._new_session(
            bots, human=human_seat, seed=match_seed(self._table_seed, self._matches),
            options={"decks": decks, "chroniclers": chroniclers or (), "rounds": self._rounds})
        self._human = human_seat
        self._matches += 1
        self._bot_error = None          # a new match starts a stopped table again
        self._dealt()

    def _dealt(self) -> None:
        """A round was dealt: fresh cards, the bots play on."""
        self._round_start = self.view.points
        self._drawn = (self.view.match, self.view.round)
        self._notes_from = self.view.mark
        self._pull()
        keep = len(self.view.view.events)          # the log holds this round's events
        self._log, self._log_from = self._log[len(self._log) - keep:], 0
        show_cards(self.hand, self.view.view.hand, force=True)
        self._say("")
        if self._autoplay:
            self._advance()
        self._render()

    # ================================================================ Python-side reading
    @property
    def state(self) -> LiarState:
        """The engine state of the round (Python only: never synced to the browser)."""
        state = cast(LiarState, self._session.state)
        return state

    @property
    def game(self) -> LiarGame:
        return cast(LiarGame, self.state.game)   # the state types its game as LiarOptions

    @property
    def human_seat(self) -> int:
        return self._human

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points per seat so far (R-L10)."""
        return self.view.points

    def human_to_act(self) -> Phase | None:
        """``Phase.PLAY`` (play cards), ``Phase.CALL_WINDOW`` (call or let it stand, R-L5),
        or ``None``: not your move (a bot's turn, the round is over, or the table stopped)."""
        return self.view.view.phase if self.my_turn else None

    def _parse(self, text: str) -> LiarAction:
        return LiarAction.parse(text)

    # ================================================================ clicks
    def _on_selection(self, _view: HandView) -> None:
        if not self._closed and self._decisions and not self._clearing:
            self._render_buttons(self.view.view)

    def _action_of(self, kind: Any) -> Any:
        """The action of a decision button: the engine judges it (turn, phase, R-L4)."""
        if kind == "play":
            return Play(tuple(self.hand.selected_cards))
        return CALL if kind == "call" else PASS

    def _after_human_move(self) -> None:
        # the hand may come back unchanged (e.g. a caught bluff); its buttons are drawn by
        # the redraw that follows (after the news), not by the selection's change here
        self._clearing = True
        try:
            self.hand.clear_selection()
        finally:
            self._clearing = False

    def _on_bots(self, *, one: bool) -> None:
        if self.stopped:
            self._refuse_if_stopped()
        elif self.view.over:
            self._say(_("The round is over (L11): press New round."))
        elif self.my_turn:
            self._say(_("It is your move."))
        else:
            self._say("")
            self._mark_new()
            self._advance(limit=1 if one else MAX_BOT_MOVES)
        self._render()

    def _on_new_round(self) -> None:
        sv = self.view
        if self.stopped:
            self._refuse_if_stopped()
        elif self._remote and sv.over:   # the service deals (the first ask wins)
            try:
                self._session.next_game()
            except StaleActionError:
                pass                     # another player asked first: its deal comes
            except CardgamesError as err:
                self._say(refusal_text(err, rule_words=self.RULE_WORDS, show_legal=False))
            if (self.view.match, self.view.round) != self._drawn:
                self._dealt()
                return
        elif not sv.over:
            self._say(_("This round is not over yet (L11): play it to the end, or start a "
                        "New match."))
        elif sv.match_over:
            played = sv.total("places")
            self._say(ngettext("The match is over after {n} round (R-L10): press New match.",
                               "The match is over after {n} rounds (R-L10): press New match.",
                               played).format(n=played))
        else:
            self._pull()
            self._session.next_game()
            self._dealt()
            return
        self._render()

    def _on_new_match(self) -> None:
        n_bots = self.opt_bots.value
        kind = self.opt_kind.value
        ch = self.opt_chroniclers.value
        decks = self.opt_decks.value
        # the browser can send anything: every option is checked in Python (the rules, R-L2,
        # by the engine's LiarGame)
        offered = [o[1] if isinstance(o, tuple) else o for o in self.opt_kind.options]
        if not isinstance(n_bots, int) or isinstance(n_bots, bool) or not 1 <= n_bots <= MAX_BOTS:
            bots: tuple[Any, ...] | None = None
        elif kind == AS_GIVEN and AS_GIVEN in offered:
            given = self._given_bots
            bots = tuple(given[i % len(given)] for i in range(n_bots))
        elif isinstance(kind, str) and kind in _LIAR.bots:
            bots = (kind,) * n_bots
        else:
            self._say(_("Unknown bot kind {kind!r}: choose one of {names}.").format(
                kind=kind, names=", ".join(bot_label(b) for b in _LIAR.bots)))
            self._render()
            return
        chroniclers: Any = None if ch == "none" else ch
        try:
            if bots is None:
                raise ConfigError(_("Choose 1-7 bots (R-L2), not {n!r}.").format(n=n_bots))
            LiarGame(players=len(bots) + 1, decks=decks, chroniclers=chroniclers)
        except ConfigError as err:
            self._say(str(err))
            self._render()
            return
        seat = min(self._human_pref, n_bots) if isinstance(self._human_pref, int) else 0
        self._start_match(bots, decks, chroniclers, seat)

    # ================================================================ the bots
    def _advance(self, limit: int | None = None) -> int:
        """Let the bots move (each move is one engine action, logged) until you must act."""
        limit = MAX_BOT_MOVES if limit is None else limit
        moves = self._run_bots(limit)
        if moves >= MAX_BOT_MOVES and self._bots_may_move():
            self._say(_("The bots made {n} moves in a row; press Let the bots play to go on.")
                      .format(n=moves))
        return moves

    # ================================================================ drawing
    def _name(self, seat: int) -> str:
        if seat == self._human:
            return _("You (player {player})").format(player=seat)
        if self._remote and seat in self._log_names:     # the log's naming (issue 21)
            return self._seat_name(seat)
        if seat in self._people:
            return _("Player {player} · {name}").format(player=seat, name=self._people[seat])
        return _("Player {player} · {kind} bot").format(
            player=seat, kind=bot_label(self._bot_names.get(seat, "?")))

    def _round_result(self, v: LiarView, points: tuple[int, ...]) -> _RoundResult | None:
        """The finished round: the engine's ``RoundOver`` and the points it gave."""
        end = next((e for e in reversed(v.events) if isinstance(e, RoundOver)), None)
        if end is None:
            return None
        given = tuple(a - b for a, b in zip(points, self._round_start, strict=True))
        return _RoundResult(end.winner, end.places, end.cards_held, given)

    def _draw_news(self) -> None:
        """Whose turn, then the log (before the decision buttons are made again)."""
        sv = self.view
        v: LiarView = sv.view
        self._pull()
        out = self._round_result(v, sv.points)
        self.status.value = status_html(v, out, human=self._human, stopped=self.stopped,
                                        online=self._online_to_act(v.current_player))
        self._render_log(v)

    def _draw(self) -> None:
        sv = self.view
        v: LiarView = sv.view
        out = self._round_result(v, sv.points)
        names = [self._name(p) for p in range(v.players)]
        # the news (status, log) came first (_draw_news), the hand's card widgets last:
        # the browser shows a move before it has made a new hand's widgets; an HTML
        # widget whose text is the same sends nothing
        self.pile.value = pile_html(v, human=self._human)
        self.seats.value = seats_html(v, human=self._human, names=names, scores=sv.points)
        self.header.value = header_html(v, round_no=sv.round, rounds=sv.rounds)
        self.result.value = result_html(v, out, scores=sv.points, played=sv.total("places"),
                                        match_over=sv.match_over, winners=sv.winners,
                                        human=self._human,
                                        names=names)
        show_cards(self.hand, v.hand)
        self._render_buttons(v)
        self.hand.set_title(ngettext("Your hand — {n} card", "Your hand — {n} cards",
                                     len(v.hand)).format(n=len(v.hand)))

    def _render_log(self, v: LiarView) -> None:
        first = len(self._log) - len(v.events)     # the round's events end the log
        items = []
        for i, e in enumerate(v.events):
            bold = "font-weight:600;" if isinstance(e, Played) and e.player == self._human else ""
            items.append((esc(self._describe(e)), event_style(e, self._human) + bold,
                          first + i >= self._log_from))
        items += self._note_items()
        title = esc(_("What happened this round"))
        note = esc(_("(newest at the bottom; highlighted: since your last move)"))
        note += esc(shown_of(len(v.events), self.view.total("view.events")))
        self.log.value = (
            f"<div style='font-size:1.1em;font-weight:bold;margin-top:8px'>{title} "
            f"<span style='font-weight:normal;color:{GREY};font-size:0.85em'>{note}</span></div>"
            "<div style='max-height:260px;overflow-y:auto;display:flex;"
            "flex-direction:column-reverse;border:1px solid #ddd;border-radius:4px;"
            "padding:4px;font-size:1.02em'>"
            f"{self._log_list(items, css_class='liar-log', newest_first=False)}</div>")

    def _render_buttons(self, v: LiarView) -> None:
        """Enable what the seat view's legal actions allow now (a hint only: every click
        goes to the engine, and a disabled button can be clicked from a browser)."""
        legal = self.view.legal if self.my_turn else ()
        window = str(CALL) in legal
        plays = bool(legal) and not window
        n = len(self.hand.selected)
        self.play_button.description = (
            _("Play {n} × {rank}").format(n=n, rank=v.due_rank.plural) if n else
            _("Pick cards to play"))
        self.play_button.disabled = not plays or n == 0
        self.call_button.disabled = not window
        self.pass_button.disabled = str(PASS) not in legal
        bots_turn = self._bots_may_move()
        self.step_button.disabled = not bots_turn
        self.bots_button.disabled = not bots_turn
        self.hand.enabled = plays
        self.new_round_button.disabled = (not self.view.over or self.stopped
                                          or (self.view.match_over and not self._remote))

    # ================================================================ closing
    def _card_views(self) -> Iterable[HandView]:
        return (self.hand,)

    def _loose_widgets(self) -> Iterable[ipw.Widget]:
        return (self.step_button, self.bots_button)   # not laid out with autoplay

"""The Thirty-One table: a human seat against 1-8 bots (T1-T14, R-T1-R-T10).

>>> table = ThirtyOneTable(bots=("heuristic", "random"), seed=3)
>>> table.state.current_player, [str(a) for a in table.legal_actions()]   # you deal (T4)
(0, ['keep', 'exchange'])
>>> table.keep_button.click()                      # the dealer keeps; seat 1 is to move
>>> table.bots_play_button.click()                 # the bots play until it is your turn
>>> table.state.current_player in (0, None) or table.paused
True
>>> table.close()

Why ~500 lines: only Thirty-One's own turn logic is here (deal results shown
before the next deal, final turns, lives); the bot loop, log and lifecycle are in
:mod:`widgets.table_base`, the drawing in :mod:`widgets.thirtyone_draw`.

What is shown (all of it rendered from ``state.view(human_seat)`` and the
public event log, R-T9; the drawing is in :mod:`widgets.thirtyone_draw`): the
3 table cards, your hand (click a card of your hand and a table card, then
*Swap*), the other players as card backs with their lives, the dealer, whose
turn it is, the phase, and a log of the public events of the deal in words.
The bots move only when you press *Next bot move* (one move) or *Let the bots
play* (until it is your turn); each move is logged.  They act through
:func:`cardgames.play.agent_turn` (see :mod:`widgets.table_base`): a bot whose
action the engine refuses stops the table, and is never replaced.  After a
deal the revealed hands are shown with their score and why
(:func:`~cardgames.thirtyone.explain`), who lost a life and who went out;
*Next deal* goes on; at the end of the match the winner.  The settings row
starts a new match with 1-8 bots of a kind, with or without the joker (the
Chronicler, T2, T12) and a number of lives (R-T8).

Security (see :mod:`widgets`): the engine state, the other players'
unrevealed hands, the undealt cards and the seed live only in plain Python
attributes.  Every click is checked in Python (whose turn, which phase, is it
legal), so a browser that enables a disabled button or sets a trait gets a
message and no change.  Widgets that leave the table are closed.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from cardgames import registry
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.play import agent_name, agent_rngs
from cardgames.seeds import match_seed
from cardgames.thirtyone import (
    DealOver,
    Dealt,
    Event,
    Exchange,
    Keep,
    Pass,
    Phase,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneState,
)
from widgets.cardview import HandView
from widgets.table_base import PlayTable, show_cards
from widgets.thirtyone_draw import (
    CARD_W,
    MAX_BOTS,
    ThirtyOneLayout,
    header_html,
    me_html,
    opponents_html,
    preview_html,
    prompt_html,
    result_html,
    status_html,
)

__all__ = ["BOT_KINDS", "MAX_BOTS", "ThirtyOneTable"]

_THIRTY_ONE = registry.get("thirty-one")
#: The bots one can choose by name (the registry's: ``cardgames.registry.get("thirty-one")``).
BOT_KINDS: Mapping[str, Callable[[], Any]] = _THIRTY_ONE.bots
#: The most bot moves "Let the bots play" makes at once (a deal always ends, R-T10).
MAX_BOT_MOVES = 2000

#: The table's words for a rule the engine cites without a ``reason`` (docs/rules/en.md).
_RULE_WORDS = {
    "T5": N_("it is not your turn"),
    "T4/R-T1": N_("only the dealer keeps or exchanges, before the first turn"),
    "T6": N_("you swap one card of your hand for one card of the table"),
    "T7/R-T4": N_("swap all needs a table that scores at least 21"),
    "R-T5": N_("you passed on your last turn, and nobody passes twice in a row (T8)"),
    "T10/R-T6": N_("after a reveal each other player has one final turn: swap (only to hold "
                   "at least 21) or stand"),
    "R-T10": N_("the turn cap is reached: you may only reveal"),
    "R-T8": N_("the match is over"),
}
#: "player 2" in the engine's event texts, in each language (Croatian declines it).
_PLAYER_RE = re.compile(r"\b(?:[Pp]layer|[Ii]gra(?:č|ča|ču|čem)|Spieler[sn]?) (\d+)\b")


def _make_bot(spec: Any) -> Any:
    """A bot from its name in the registry, or the agent object given."""
    return _THIRTY_ONE.bot(spec)


class ThirtyOneTable(ThirtyOneLayout, PlayTable):
    """A game of Thirty-One at one table: you (``human_seat``) against bots.

    - ``bots``: one entry per bot seat (1-8 of them, T1): a name from
      :data:`BOT_KINDS` (``"heuristic"``, ``"random"``) or an agent object
      with ``act(view, legal_actions, rng)``.  The human sits at
      ``human_seat``; the bots fill the other seats in order.
    - ``chronicler``: play with the joker (T2, T12); ``lives``: lives each
      (R-T8, T13); ``seed``: the deal (and the bots' choices, one generator
      per seat: :func:`cardgames.play.agent_rngs`) follow from it, and each
      *New match* uses the next seed.

    ``widget`` is the box to display (the table also displays itself).
    ``state`` is the engine state: full information, for Python only (tests,
    teachers); it never reaches the browser.

    >>> ThirtyOneTable(bots=(), seed=1)
    Traceback (most recent call last):
    ...
    ValueError: Thirty-One is for 2-9 players (T1): give 1-8 bots, not 0
    """

    RULE_WORDS = _RULE_WORDS
    GAME = "Thirty-One"
    kinds = tuple(BOT_KINDS)

    def __init__(self, *, bots: Sequence[Any] = ("heuristic", "heuristic"),
                 chronicler: bool = False, lives: int = 3, seed: int = 0,
                 human_seat: int = 0) -> None:
        self._init_table()
        bots = list(bots) if not isinstance(bots, str) else [bots]
        self._check_bots(bots)
        if not isinstance(chronicler, bool):
            raise ValueError(_("chronicler must be True or False, not {value!r}").format(
                value=chronicler))
        if not isinstance(lives, int) or isinstance(lives, bool) or not 0 <= lives <= 9:
            raise ValueError(_("lives must be a whole number 0-9 (R-T8), not {value!r}").format(
                value=lives))
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(_("seed must be a whole number, not {seed!r}").format(seed=seed))
        if (not isinstance(human_seat, int) or isinstance(human_seat, bool)
                or not 0 <= human_seat <= len(bots)):
            raise ValueError(_("human_seat must be a seat 0-{last}, not {value!r}").format(
                last=len(bots), value=human_seat))
        # ---- Python-only state (never synced) ----
        self._seed = seed
        self._match = 0
        self._given_bots = bots
        self._human_pref = human_seat
        self._state: ThirtyOneState | None = None
        self._table_view: HandView | None = None
        self._hand_view: HandView | None = None
        self._build_widgets(bots, chronicler, lives)
        self._wire()
        self._start(len(bots), bots, chronicler, lives)

    # ------------------------------------------------------------------ set-up
    def _wire(self) -> None:
        """Every click goes through the table's checks (:meth:`PlayTable._guarded`)."""
        for kind, b in self.action_buttons.items():
            b.on_click(self._guarded(functools.partial(self.human_action, kind)))
        self.bot_step_button.on_click(self._guarded(self.bot_step))
        self.bots_play_button.on_click(self._guarded(self.play_bots))
        self.next_deal_button.on_click(self._guarded(self.next_deal))
        self.new_match_button.on_click(self._guarded(self.new_match))

    @staticmethod
    def _check_bots(bots: list[Any]) -> None:
        if not 1 <= len(bots) <= MAX_BOTS:
            raise ValueError(_("Thirty-One is for 2-9 players (T1): give 1-{most} bots, "
                               "not {n}").format(most=MAX_BOTS, n=len(bots)))
        for b in bots:
            _THIRTY_ONE.check_bot(b)

    def _start(self, n_bots: int, bots: list[Any], chronicler: bool, lives: int) -> None:
        """A new match (Python side) and fresh card views; the old ones are closed."""
        players = n_bots + 1
        human = min(self._human_pref, players - 1)
        seed = match_seed(self._seed, self._match)  # match k: seeds.match_seed(seed, k)
        game = ThirtyOneGame(players=players, chronicler=chronicler, lives=lives)
        self._game = game
        self._state = game.new_state(seed=seed)
        self._human = human
        self._rngs = agent_rngs(seed, players)     # one generator per seat, as play_game
        specs = iter(bots)
        self._agents = [None if seat == human else
                        _make_bot(next(specs))
                        for seat in range(players)]
        self._kinds = {seat: agent_name(a) for seat, a in enumerate(self._agents)
                       if a is not None}
        self._bot_error = None
        self._cursor = 0                            # events of state.events filed
        self._deal_events: dict[int, list[tuple[int, Event]]] = {}
        self._current_deal = 0
        self._pending: list[int] = []               # finished deals not yet acknowledged
        self._mark = 0
        self._collect()
        self._say("")
        self._new_views()
        self._render()

    def _new_views(self) -> None:
        """Fresh HandViews for the table and your hand (a new deal or match); close the old."""
        for old in (self._table_view, self._hand_view):
            if old is not None:
                old.close()
        pick = self._guarded(self._render_preview)
        self._table_view = HandView((), selectable=True, max_selected=1, card_width=CARD_W,
                                    title=_("Table (face up)"), on_change=pick)
        self._hand_view = HandView((), selectable=True, max_selected=1, card_width=CARD_W,
                                   title=_("Your hand"), on_change=pick)
        self._table_view.widget.add_class("t31-table")
        self._hand_view.widget.add_class("t31-hand")
        self.table_box.children = [self._table_view.widget]
        self.hand_box.children = [self._hand_view.widget]

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> ThirtyOneState:
        """The engine state (full information: Python only, never synced)."""
        assert self._state is not None
        return self._state

    @property
    def human_seat(self) -> int:
        return self._human

    @property
    def hand_view(self) -> HandView:
        """Your hand: click a card's *Pick* button to choose it for a swap."""
        assert self._hand_view is not None
        return self._hand_view

    @property
    def table_view(self) -> HandView:
        """The table's 3 cards: pick one for a swap."""
        assert self._table_view is not None
        return self._table_view

    @property
    def paused(self) -> bool:
        """A finished deal's result is shown (press *Next deal*)."""
        return bool(self._pending)

    @property
    def my_turn(self) -> bool:
        """It is your decision now (and no result is waiting, and no bot stopped the table)."""
        s = self.state
        return (not self._pending and not self.stopped and not s.is_over()
                and s.current_player == self._human)

    def legal_actions(self) -> list[Any]:
        """Your legal actions now (empty when it is not your turn)."""
        return list(self.state.legal_actions()) if self.my_turn else []

    def human_action(self, kind: type) -> bool:
        """Do your action of ``kind`` (``SwapOne`` uses the picked cards); False if refused."""
        if self._refuse_if_stopped():
            return False
        if self._pending:
            return self._refuse(_("The deal is over: press “Next deal ▶” first."))
        s = self.state
        if s.is_over():
            return self._refuse(_("The match is over: start a new match."))
        if s.current_player != self._human:
            return self._refuse(_("It is not your turn: {player} is to move. Press “Next bot "
                                  "move ▶” or “Let the bots play ▶▶”.").format(
                                    player=self._name(s.current_player)))
        simple = {Keep: Keep(), Exchange: Exchange(), SwapAll: SwapAll(), Pass: Pass(),
                  Reveal: Reveal(), Stand: Stand()}
        if kind is SwapOne:
            hand = self.hand_view.selected_cards
            table = self.table_view.selected_cards
            if len(hand) != 1 or len(table) != 1:
                return self._refuse(_("To swap one card (T6), pick one card of your hand and "
                                      "one table card first, then press “Swap”."))
            action: Any = SwapOne(hand[0], table[0])
        elif kind in simple:
            action = simple[kind]
        else:
            return self._refuse(_("Unknown action {kind!r}.").format(kind=kind))
        mark = len(s.events)
        if not self._human_apply(action):     # the rule and the reason, from the error's fields
            self._render()
            return False
        self._mark = mark                      # your own move is highlighted too
        self._collect()
        self._say("")
        self._render()
        return True

    def bot_step(self) -> bool:
        """The bot to move makes one move (logged); False if it is not a bot's turn."""
        ok = self._may_bots_go() and self._run_bots(1) == 1
        if ok:
            self._say("")
        self._render()
        return ok

    def play_bots(self, max_moves: int = MAX_BOT_MOVES) -> int:
        """Bots move one by one (each move logged) until it is your turn, a deal ends or
        the match is over.  Returns how many moves were made."""
        moves = self._run_bots(max_moves) if self._may_bots_go() else 0
        if moves and not self.stopped:
            self._say("")
        self._render()
        return moves

    def next_deal(self) -> bool:
        """Leave the shown deal result and go on to the next deal."""
        if not self._pending:
            return self._refuse(_("The deal is still being played: there is no result to "
                                  "leave yet."))
        if len(self._pending) == 1 and self.state.is_over():
            return self._refuse(_("The match is over: choose the settings below and press "
                                  "“New match”."))
        self._pending.pop(0)
        self._mark_new()
        self._say("")
        self._new_views()
        self._render()
        return True

    def new_match(self, *, bots: int | None = None, kind: str | None = None,
                  chronicler: bool | None = None, lives: int | None = None) -> bool:
        """Start a new match (the next seed); the arguments default to the settings row."""
        n = self.bots_count.value if bots is None else bots
        k = self.bot_kind.value if kind is None else kind
        j = self.joker.value if chronicler is None else chronicler
        lv = self.lives_choice.value if lives is None else lives
        # the browser can send anything: check every value in Python
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_BOTS:
            return self._refuse(_("Choose 1-{most} bots (T1: 2-9 players), not {n!r}.").format(
                most=MAX_BOTS, n=n))
        if k == "as given":
            given = self._given_bots
            specs = [given[i % len(given)] for i in range(n)]
        elif isinstance(k, str) and k in BOT_KINDS:
            specs = [k] * n
        else:
            return self._refuse(_("Choose a bot kind: {names}; not {kind!r}.").format(
                names=", ".join(BOT_KINDS), kind=k))
        if not isinstance(j, bool):
            return self._refuse(_("The Chronicler is on or off."))
        if not isinstance(lv, int) or isinstance(lv, bool) or not 0 <= lv <= 9:
            return self._refuse(_("Choose 0-9 lives (R-T8), not {n!r}.").format(n=lv))
        self._match += 1
        self._start(n, specs, j, lv)
        return True

    # ------------------------------------------------------------------ the bots
    def _may_bots_go(self) -> bool:
        """Is it a bot's turn? If not, say why."""
        if self._refuse_if_stopped():
            return False
        if self._pending:
            return self._refuse(_("The deal is over: press “Next deal ▶”."))
        if self.state.is_over():
            return self._refuse(_("The match is over: start a new match."))
        if not self._bots_may_move():
            return self._refuse(_("It is your turn."))
        return True

    def _bots_may_move(self) -> bool:
        return not self._pending and super()._bots_may_move()

    def _after_bot_move(self) -> None:
        self._collect()

    # ------------------------------------------------------------------ the event log
    def _collect(self) -> None:
        """File the new public events by deal; queue the deals that ended."""
        events = self.state.events
        for i in range(self._cursor, len(events)):
            e = events[i]
            if isinstance(e, Dealt):
                self._current_deal = e.deal
            self._deal_events.setdefault(self._current_deal, []).append((i, e))
            if isinstance(e, DealOver):
                self._pending.append(e.result.deal)
        self._cursor = len(events)
        # keep only the deals still needed (the log shows one deal)
        keep = set(self._pending) | {self._current_deal}
        for d in list(self._deal_events):
            if d not in keep:
                del self._deal_events[d]

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return _("nobody")
        if seat == self._human:
            return _("player {player} (you)").format(player=seat)
        return _("player {player}").format(player=seat)

    def _names_in(self, text: str) -> str:
        """Event text, escaped, with the seats in bold and yours marked."""
        def sub(m: re.Match[str]) -> str:
            seat = int(m.group(1))
            you = " " + _("(you)") if seat == self._human else ""
            return f"<b>{html.escape(m.group(0))}{html.escape(you)}</b>"
        return _PLAYER_RE.sub(sub, html.escape(text))

    def _render_log(self, deal: int) -> None:
        items = [(self._names_in(e.describe()), "margin:2px 0;",
                  i >= self._mark and not isinstance(e, Dealt))
                 for i, e in self._deal_events.get(deal, [])]
        title = html.escape(_("Deal {deal}").format(deal=deal))
        note = html.escape(_("(newest first; new since your last move highlighted)"))
        self.log.value = (f"<div style='font-size:1.05em'><b>{title}</b> "
                          f"<span style='color:#555'>{note}</span>"
                          f"{self._log_list(items, css_class='t31-log', newest_first=True)}"
                          "</div>")

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        s = self.state
        v = s.view(self._human)
        paused = bool(self._pending)
        shown_deal = self._pending[0] if paused else v.deal
        over = s.is_over()
        self.header.value = header_html(self._match + 1, shown_deal, v.players)
        self.status.value = status_html(v, self._name, paused_deal=shown_deal if paused else None)
        self.opponents.value = opponents_html(v, self._human, self._kinds, paused=paused)
        self.me.value = me_html(v, self._human, paused=paused)
        self._render_cards(v)
        self._render_buttons(v)
        self.prompt.value = prompt_html(v, self._name, pending=len(self._pending), over=over,
                                        my_turn=self.my_turn, out=v.out[self._human],
                                        stopped=self.stopped)
        self._render_preview()
        self._render_log(shown_deal)
        self.result.value = (result_html(shown_deal, [e for _, e in
                                                      self._deal_events.get(shown_deal, [])],
                                         self._human, self._name) if paused else "")

    def _render_cards(self, v: Any) -> None:
        paused = bool(self._pending)
        show = not paused and not v.out[self._human]
        self.table_box.layout.display = "" if not paused else "none"
        self.hand_box.layout.display = "" if show else "none"
        show_cards(self.table_view, () if paused else tuple(v.table))
        show_cards(self.hand_view, tuple(v.hand) if show else ())
        can_pick = self.my_turn and any(isinstance(a, SwapOne)
                                        for a in self.state.legal_actions())
        self.table_view.enabled = can_pick
        self.hand_view.enabled = can_pick

    def _render_buttons(self, v: Any) -> None:
        legal_kinds = {type(a) for a in self.legal_actions()}
        by_phase: dict[Phase, set[type]] = {Phase.EXCHANGE: {Keep, Exchange},
                                            Phase.PLAY: {SwapOne, SwapAll, Pass, Reveal},
                                            Phase.FINAL: {SwapOne, SwapAll, Stand}}
        phase_kinds = by_phase.get(v.phase, set())
        mine = self.my_turn
        for kind, b in self.action_buttons.items():
            b.layout.display = "" if mine and kind in phase_kinds else "none"
            b.disabled = kind not in legal_kinds
        self.actions_row.layout.display = "" if mine else "none"
        bots_turn = self._bots_may_move()
        for b in (self.bot_step_button, self.bots_play_button):
            b.disabled = not bots_turn
            b.layout.display = "" if bots_turn else "none"
        more = bool(self._pending) and not (len(self._pending) == 1 and self.state.is_over())
        self.next_deal_button.disabled = not more
        self.next_deal_button.layout.display = "" if more else "none"
        self.flow_row.layout.display = "" if (bots_turn or more) else "none"
        self.new_match_button.button_style = ("success" if self.state.is_over() or self.stopped
                                              else "warning")

    def _render_preview(self) -> None:
        """What the picked swap would give (your own cards only)."""
        if self._closed:
            return
        hand = self.hand_view.selected_cards if self.my_turn else []
        table = self.table_view.selected_cards if self.my_turn else []
        if len(hand) == 1 and len(table) == 1:
            h, t = hand[0], table[0]
            self.swap_button.description = _("Swap {mine} ⇄ {table}").format(mine=h, table=t)
            self.swap_preview.value = preview_html(
                [c for c in self.hand_view.cards if c is not None], h, t)
        else:
            self.swap_button.description = _("Swap")
            self.swap_preview.value = ""

    # ------------------------------------------------------------------ closing
    def _card_views(self) -> Iterable[HandView]:
        return [v for v in (self._table_view, self._hand_view) if v is not None]

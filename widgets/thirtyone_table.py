"""The Thirty-One table: a human seat against 1-8 bots (T1-T14, R-T1-R-T10).

>>> table = ThirtyOneTable(bots=("heuristic", "random"), seed=3)
>>> table.state.current_player, [str(a) for a in table.legal_actions()]   # you deal (T4)
(0, ['keep', 'exchange'])
>>> table.keep_button.click()                      # the dealer keeps; seat 1 is to move
>>> table.bots_play_button.click()                 # the bots play until it is your turn
>>> table.state.current_player in (0, None) or table.paused
True
>>> table.close()

What is shown (all of it rendered from ``state.view(human_seat)`` and the
public event log, R-T9): the 3 table cards, your hand (click a card of your
hand and a table card, then *Swap*), the other players as card backs with
their lives, the dealer, whose turn it is, the phase, and a log of the public
events of the deal in words.  The bots move only when you press *Next bot
move* (one move) or *Let the bots play* (until it is your turn); each move is
logged.  After a deal the revealed hands are shown with their score and why
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

import html
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as ipw

from cardgames.cards import Card, format_cards
from cardgames.errors import CardgamesError
from cardgames.render import back_svg, card_svg
from cardgames.thirtyone import (
    DealOver,
    Dealt,
    Event,
    Exchange,
    Keep,
    LifeLost,
    MatchOver,
    Pass,
    Phase,
    PlayerOut,
    Reveal,
    Scored,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneGame,
    ThirtyOneHeuristicAgent,
    ThirtyOneState,
    ThreeAces,
    explain,
    score,
)
from cardgames.thirtyone import RandomAgent
from widgets.cardview import HandView, close_widget

__all__ = ["ThirtyOneTable", "BOT_KINDS", "MAX_BOTS"]

#: The bots one can choose by name.
BOT_KINDS: dict[str, Callable[[], Any]] = {
    "heuristic": ThirtyOneHeuristicAgent,
    "random": RandomAgent,
}
#: 2-9 players (T1): the human and 1-8 bots.
MAX_BOTS = 8
#: The most bot moves "Let the bots play" makes at once (a deal always ends, R-T10).
MAX_BOT_MOVES = 2000

_CARD_W = 96      # your hand and the table
_SMALL_W = 54     # the other players' cards
_RESULT_W = 60    # hands in the deal result

_PHASES = {
    Phase.EXCHANGE: "the dealer keeps or exchanges (T4, R-T1)",
    Phase.PLAY: "play: swap one, swap all, pass or reveal (T5-T9)",
    Phase.FINAL: "final turns after a reveal (T10, R-T6)",
    Phase.OVER: "the match is over (R-T8)",
}
_PLAYER_RE = re.compile(r"\bplayer (\d+)\b")
_BIG = "font-size:1.15em"
_MUTED = "color:#555"


def _hearts(lives: int, out: bool) -> str:
    if out:
        return "<span style='color:#888'>out</span>"
    return (f"<span title='lives' style='color:#c62828;letter-spacing:1px'>"
            f"{'♥' * lives}</span> <span style='{_MUTED}'>{lives} "
            f"{'life' if lives == 1 else 'lives'}</span>")


def _cards_html(cards: Sequence[Card | None], width: float) -> str:
    parts = [back_svg(width=width) if c is None else card_svg(c, width=width) for c in cards]
    return "<span style='display:inline-flex;gap:4px;align-items:flex-end'>" + "".join(
        f"<span>{p}</span>" for p in parts) + "</span>"


class ThirtyOneTable:
    """A game of Thirty-One at one table: you (``human_seat``) against bots.

    - ``bots``: one entry per bot seat (1-8 of them, T1): a name from
      :data:`BOT_KINDS` (``"heuristic"``, ``"random"``) or an agent object
      with ``act(view, legal_actions, rng)``.  The human sits at
      ``human_seat``; the bots fill the other seats in order.
    - ``chronicler``: play with the joker (T2, T12); ``lives``: lives each
      (R-T8, T13); ``seed``: the deal (and the bots' choices) follow from it,
      and each *New match* uses the next seed.

    ``widget`` is the box to display (the table also displays itself).
    ``state`` is the engine state: full information, for Python only (tests,
    teachers); it never reaches the browser.

    >>> ThirtyOneTable(bots=(), seed=1)
    Traceback (most recent call last):
    ...
    ValueError: Thirty-One is for 2-9 players (T1): give 1-8 bots, not 0
    """

    def __init__(self, *, bots: Sequence[Any] = ("heuristic", "heuristic"),
                 chronicler: bool = False, lives: int = 3, seed: int = 0,
                 human_seat: int = 0) -> None:
        bots = list(bots) if not isinstance(bots, str) else [bots]
        self._check_bots(bots)
        if not isinstance(chronicler, bool):
            raise ValueError(f"chronicler must be True or False, not {chronicler!r}")
        if not isinstance(lives, int) or isinstance(lives, bool) or not 0 <= lives <= 9:
            raise ValueError(f"lives must be a whole number 0-9 (R-T8), not {lives!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if (not isinstance(human_seat, int) or isinstance(human_seat, bool)
                or not 0 <= human_seat <= len(bots)):
            raise ValueError(f"human_seat must be a seat 0-{len(bots)}, not {human_seat!r}")
        # ---- Python-only state (never synced) ----
        self._seed = seed
        self._match = 0
        self._given_bots = bots
        self._human_pref = human_seat
        self._state: ThirtyOneState | None = None
        self._closed = False
        self._table_view: HandView | None = None
        self._hand_view: HandView | None = None
        self._shown_cards: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None

        # ---- widgets ----
        self.header = ipw.HTML()
        self.status = ipw.HTML()
        self.prompt = ipw.HTML()
        self.opponents = ipw.HTML()
        self.me = ipw.HTML()
        self.table_box = ipw.VBox([])
        self.hand_box = ipw.VBox([])
        self.swap_preview = ipw.HTML()

        def button(text: str, tip: str, style: str = "", width: str = "auto") -> ipw.Button:
            b = ipw.Button(description=text, tooltip=tip, button_style=style,
                           layout=ipw.Layout(width=width, height="40px", margin="2px 6px 2px 0"))
            b.style.font_weight = "bold"
            return b

        self.keep_button = button("Keep my cards", "T4: keep your 3 cards", "primary")
        self.exchange_button = button("Exchange with the table",
                                      "T4: take the 3 table cards, put yours in the middle",
                                      "warning")
        self.swap_button = button("Swap", "T6: swap the picked hand card for the picked table card",
                                  "primary")
        self.swap_all_button = button("Swap all", "T7, R-T4: all 3 cards for the table's 3")
        self.pass_button = button("Pass", "T8: swap nothing (not twice in a row, R-T5)")
        self.reveal_button = button("Reveal", "T9: show your hand; the others get one final turn",
                                    "danger")
        self.stand_button = button("Stand", "T10, R-T6: keep your hand and be revealed")
        self.action_buttons = {
            Keep: self.keep_button, Exchange: self.exchange_button, SwapOne: self.swap_button,
            SwapAll: self.swap_all_button, Pass: self.pass_button, Reveal: self.reveal_button,
            Stand: self.stand_button,
        }
        self.bot_step_button = button("Next bot move ▶", "Let the player to move make one move",
                                      "info")
        self.bots_play_button = button("Let the bots play ▶▶",
                                       "The bots move one by one until it is your turn", "info")
        self.next_deal_button = button("Next deal ▶", "Go on to the next deal", "success")
        self.actions_row = ipw.HBox(list(self.action_buttons.values()),
                                    layout=ipw.Layout(flex_flow="row wrap"))
        self.flow_row = ipw.HBox([self.bot_step_button, self.bots_play_button,
                                  self.next_deal_button],
                                 layout=ipw.Layout(flex_flow="row wrap"))
        self.message = ipw.HTML()
        self.result = ipw.HTML()
        self.log = ipw.HTML(layout=ipw.Layout(max_height="560px", overflow="auto",
                                              border="1px solid #ccc", padding="2px 8px"))

        # settings for a new match
        style = {"description_width": "initial"}
        self.bots_count = ipw.Dropdown(options=list(range(1, MAX_BOTS + 1)),
                                       value=len(bots), description="Bots", style=style,
                                       layout=ipw.Layout(width="8em"))
        kinds = list(BOT_KINDS)
        first = bots[0] if isinstance(bots[0], str) else None
        if any(not isinstance(b, str) for b in bots) or len(set(map(str, bots))) > 1:
            kinds.append("as given")
            first = "as given"
        self.bot_kind = ipw.Dropdown(options=kinds, value=first, description="kind",
                                     style=style, layout=ipw.Layout(width="13em"))
        self.joker = ipw.Checkbox(value=chronicler, description="with the joker (T2)",
                                  indent=False, layout=ipw.Layout(width="13em"))
        self.lives_choice = ipw.Dropdown(options=list(range(0, 6)) if lives <= 5 else
                                         list(range(0, lives + 1)),
                                         value=lives, description="lives", style=style,
                                         layout=ipw.Layout(width="8em"))
        self.new_match_button = button("New match", "Start a new match with these settings",
                                       "warning")
        self.settings_row = ipw.HBox(
            [self.bots_count, self.bot_kind, self.joker, self.lives_choice,
             self.new_match_button],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center",
                              border_top="1px solid #ddd", margin="10px 0 0 0",
                              padding="6px 0 0 0"))

        self.log_title = ipw.HTML("<b style='font-size:1.1em'>What happened</b>")
        left = ipw.VBox([self.result, self.opponents, self.table_box, self.hand_box, self.me,
                         self.swap_preview, self.actions_row, self.flow_row, self.message],
                        layout=ipw.Layout(flex="1 1 640px", min_width="520px"))
        right = ipw.VBox([self.log_title, self.log],
                         layout=ipw.Layout(flex="0 1 420px", min_width="300px",
                                           margin="0 0 0 16px"))
        self.body = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap"))
        self.widget = ipw.VBox([self.header, self.status, self.prompt, self.body,
                                self.settings_row],
                               layout=ipw.Layout(padding="4px"))
        self.widget.add_class("thirty-one-table")

        for kind, b in self.action_buttons.items():
            b.on_click(self._safe_click(lambda kind=kind: self.human_action(kind)))
        self.bot_step_button.on_click(self._safe_click(self.bot_step))
        self.bots_play_button.on_click(self._safe_click(self.play_bots))
        self.next_deal_button.on_click(self._safe_click(self.next_deal))
        self.new_match_button.on_click(self._safe_click(self._new_match_from_settings))

        self._start(len(bots), bots, chronicler, lives)

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def _check_bots(bots: list[Any]) -> None:
        if not 1 <= len(bots) <= MAX_BOTS:
            raise ValueError(f"Thirty-One is for 2-9 players (T1): give 1-{MAX_BOTS} bots, "
                             f"not {len(bots)}")
        for b in bots:
            if isinstance(b, str):
                if b not in BOT_KINDS:
                    raise ValueError(f"unknown bot {b!r}: choose one of {sorted(BOT_KINDS)}")
            elif not callable(getattr(b, "act", None)):
                raise ValueError(f"a bot must be a name ({sorted(BOT_KINDS)}) or an agent "
                                 f"with act(view, legal_actions, rng), not {b!r}")

    def _start(self, n_bots: int, bots: list[Any], chronicler: bool, lives: int) -> None:
        """A new match (Python side) and fresh card views; the old ones are closed."""
        players = n_bots + 1
        human = min(self._human_pref, players - 1)
        seed = self._seed + self._match            # match k plays seed + k
        game = ThirtyOneGame(players=players, chronicler=chronicler, lives=lives)
        self._game = game
        self._state = game.new_state(seed=seed)
        self._human = human
        self._max_lives = lives
        self._bot_rng = random.Random(f"thirty-one bots {seed}")
        self._agents: dict[int, Any] = {}
        self._kinds: dict[int, str] = {}
        bot_seats = [s for s in range(players) if s != human]
        for seat, spec in zip(bot_seats, bots):
            agent = BOT_KINDS[spec]() if isinstance(spec, str) else spec
            self._agents[seat] = agent
            self._kinds[seat] = str(getattr(agent, "name", "") or type(agent).__name__)
        self._cursor = 0                            # events of state.events handled
        self._deal_events: dict[int, list[Event]] = {}
        self._current_deal = 0
        self._pending: list[int] = []               # finished deals not yet acknowledged
        self._fresh: set[int] = set()               # ids of log entries new since your move
        self._collect()
        self._say("")
        self._new_views()
        self._render()

    def _new_views(self) -> None:
        """Fresh HandViews for the table and your hand (a new deal or match); close the old."""
        for old in (self._table_view, self._hand_view):
            if old is not None:
                old.close()
        self._table_view = HandView((), selectable=True, max_selected=1, card_width=_CARD_W,
                                    title="Table (face up)", on_change=self._picked)
        self._hand_view = HandView((), selectable=True, max_selected=1, card_width=_CARD_W,
                                   title="Your hand", on_change=self._picked)
        self._table_view.widget.add_class("t31-table")
        self._hand_view.widget.add_class("t31-hand")
        self._shown_cards = None
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
        """It is your decision now (and no result is waiting)."""
        s = self.state
        return not self._pending and not s.is_over() and s.current_player == self._human

    def legal_actions(self) -> list[Any]:
        """Your legal actions now (empty when it is not your turn)."""
        return list(self.state.legal_actions()) if self.my_turn else []

    def human_action(self, kind: type) -> bool:
        """Do your action of ``kind`` (``SwapOne`` uses the picked cards); False if refused."""
        if self._pending:
            return self._refuse("The deal is over: press “Next deal ▶” first.")
        s = self.state
        if s.is_over():
            return self._refuse("The match is over: start a new match.")
        if s.current_player != self._human:
            return self._refuse(f"It is not your turn: {self._name(s.current_player)} is to "
                                "move. Press “Next bot move ▶” or “Let the bots play ▶▶”.")
        simple = {Keep: Keep(), Exchange: Exchange(), SwapAll: SwapAll(), Pass: Pass(),
                  Reveal: Reveal(), Stand: Stand()}
        if kind is SwapOne:
            hand = self.hand_view.selected_cards
            table = self.table_view.selected_cards
            if len(hand) != 1 or len(table) != 1:
                return self._refuse("To swap one card (T6), pick one card of your hand and "
                                    "one table card first, then press “Swap”.")
            action: Any = SwapOne(hand[0], table[0])
        elif kind in simple:
            action = simple[kind]
        else:
            return self._refuse(f"Unknown action {kind!r}.")
        try:
            s.apply(action)
        except CardgamesError as e:     # the engine's message: rule, reason, what is legal
            return self._refuse(str(e))
        self._fresh = set()
        self._collect()
        self._say("")
        self._render()
        return True

    def bot_step(self) -> bool:
        """The bot to move makes one move (logged); False if it is not a bot's turn."""
        ok = self._bot_move()
        if ok:
            self._say("")
        self._render()
        return ok

    def play_bots(self, max_moves: int = MAX_BOT_MOVES) -> int:
        """Bots move one by one (each move logged) until it is your turn, a deal ends or
        the match is over.  Returns how many moves were made."""
        moves = 0
        while moves < max_moves and self._bot_move():
            moves += 1
        if moves:
            self._say("")
        self._render()
        return moves

    def next_deal(self) -> bool:
        """Leave the shown deal result and go on to the next deal."""
        if not self._pending:
            return self._refuse("The deal is still being played: there is no result to "
                                "leave yet.")
        if len(self._pending) == 1 and self.state.is_over():
            return self._refuse("The match is over: choose the settings below and press "
                                "“New match”.")
        self._pending.pop(0)
        self._fresh = set()
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
            return self._refuse(f"Choose 1-{MAX_BOTS} bots (T1: 2-9 players), not {n!r}.")
        if k == "as given":
            given = self._given_bots
            specs = [given[i % len(given)] for i in range(n)]
        elif isinstance(k, str) and k in BOT_KINDS:
            specs = [k] * n
        else:
            return self._refuse(f"Choose a bot kind: {', '.join(BOT_KINDS)}; not {k!r}.")
        if not isinstance(j, bool):
            return self._refuse("The joker is on or off.")
        if not isinstance(lv, int) or isinstance(lv, bool) or not 0 <= lv <= 9:
            return self._refuse(f"Choose 0-9 lives (R-T8), not {lv!r}.")
        self._match += 1
        self._start(n, specs, j, lv)
        return True

    # ------------------------------------------------------------------ internals
    def _new_match_from_settings(self) -> None:
        self.new_match()

    def _safe_click(self, fn: Callable[[], Any]) -> Callable[[ipw.Button], None]:
        def handler(_button: ipw.Button) -> None:
            if self._closed:
                return
            try:
                fn()
            except Exception as e:  # never crash the page: say what went wrong
                self._say(f"Something went wrong: {type(e).__name__}: {e}", error=True)
        return handler

    def _bot_move(self) -> bool:
        s = self.state
        if self._pending:
            self._say("The deal is over: press “Next deal ▶”.", error=True)
            return False
        if s.is_over():
            self._say("The match is over: start a new match.", error=True)
            return False
        p = s.current_player
        if p == self._human or p not in self._agents:
            self._say("It is your turn.", error=True)
            return False
        legal = s.legal_actions()
        action = self._agents[p].act(s.view(p), legal, self._bot_rng)
        try:
            s.apply(action)
        except CardgamesError:          # a misbehaving custom agent: a random legal move
            s.apply(legal.sample(self._bot_rng))
        self._collect()
        return True

    def _collect(self) -> None:
        """File the new public events by deal; queue the deals that ended."""
        events = self.state.events
        for i in range(self._cursor, len(events)):
            e = events[i]
            if isinstance(e, Dealt):
                self._current_deal = e.deal
            self._deal_events.setdefault(self._current_deal, []).append(e)
            self._fresh.add(id(e))
            if isinstance(e, DealOver):
                self._pending.append(e.result.deal)
        self._cursor = len(events)
        # keep only the deals still needed (the log shows one deal)
        keep = set(self._pending) | {self._current_deal}
        for d in list(self._deal_events):
            if d not in keep:
                del self._deal_events[d]

    def _picked(self, _view: HandView) -> None:
        if self._closed or self._state is None:
            return
        try:
            self._render_preview()
        except Exception as e:  # never crash the page
            self._say(f"Something went wrong: {type(e).__name__}: {e}", error=True)

    def _refuse(self, text: str) -> bool:
        self._say(text, error=True)
        return False

    def _say(self, text: str, *, error: bool = False) -> None:
        if not text:
            self.message.value = ""
            return
        color = "#b00020" if error else "#1b5e20"
        self.message.value = (f"<div style='color:{color};{_BIG};margin:4px 0'>"
                              f"{html.escape(text)}</div>")

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        if seat == self._human:
            return f"player {seat} (you)"
        return f"player {seat}"

    def _names_in(self, text: str) -> str:
        """Event text, escaped, with your seat marked."""
        def sub(m: re.Match[str]) -> str:
            seat = int(m.group(1))
            return f"<b>{html.escape(m.group(0))}{' (you)' if seat == self._human else ''}</b>"
        return _PLAYER_RE.sub(sub, html.escape(text))

    # ------------------------------------------------------------------ drawing
    def _render(self) -> None:
        if self._closed:
            return
        s = self.state
        v = s.view(self._human)
        shown_deal = self._pending[0] if self._pending else v.deal
        over = s.is_over()
        self.header.value = (
            "<div style='font-size:1.5em;font-weight:bold;margin:2px 0'>Thirty-One "
            f"<span style='font-weight:normal;{_MUTED};font-size:0.75em'>· match "
            f"{self._match + 1} · deal {shown_deal} · {v.players} players</span></div>")
        if self._pending:
            self.status.value = (f"<div style='{_BIG}'>Deal {shown_deal} is over.</div>")
        else:
            turn = self._name(v.current_player)
            self.status.value = (
                f"<div style='{_BIG}'>Dealer: <b>{self._name(v.dealer)}</b> · "
                f"Phase: <b>{_PHASES[v.phase]}</b> · To move: <b>{turn}</b></div>")
        self._render_seats(v)
        self._render_cards(v)
        self._render_buttons(v)
        self._render_prompt(v)
        self._render_preview()
        self._render_log(shown_deal)
        self._render_result(over)

    def _render_seats(self, v: Any) -> None:
        boxes = []
        paused = bool(self._pending)
        small = _SMALL_W if v.players <= 5 else 44     # 8 opponents still fit a projector
        for seat in range(v.players):
            if seat == self._human:
                continue
            turn = not paused and v.current_player == seat
            border = "3px solid #1565c0" if turn else "1px solid #bbb"
            tags = []
            if v.dealer == seat and not paused:
                tags.append("<span style='background:#ffe082;padding:0 4px;border-radius:3px'>"
                            "dealer</span>")
            if turn:
                tags.append("<span style='background:#bbdefb;padding:0 4px;"
                            "border-radius:3px'>to move</span>")
            if v.passed[seat] and not paused and not v.out[seat]:
                tags.append("<span style='color:#555;margin-left:4px'>passed last turn</span>")
            if paused or v.out[seat]:
                cards = ""          # the result shows the hands
            elif v.revealed[seat] is not None:
                cards = _cards_html(v.revealed[seat], small)
                tags.append("<span style='color:#6a1b9a'>revealed</span>")
            else:
                cards = _cards_html([None] * 3, small)
            kind = html.escape(self._kinds.get(seat, "bot"))
            boxes.append(
                f"<div style='border:{border};border-radius:8px;padding:4px 8px;"
                f"margin:0 8px 8px 0;background:#fafafa;min-width:190px'>"
                f"<div style='{_BIG}'><b>Player {seat}</b> <span style='{_MUTED}'>"
                f"({kind} bot)</span></div>"
                f"<div>{_hearts(v.lives[seat], v.out[seat])} {' '.join(tags)}</div>"
                f"<div>{cards}</div></div>")
        self.opponents.value = ("<div style='display:flex;flex-wrap:wrap'>"
                                + "".join(boxes) + "</div>")
        me = self._human
        tags = []
        if v.dealer == me and not paused:
            tags.append("<span style='background:#ffe082;padding:0 4px;border-radius:3px'>"
                        "you deal</span>")
        if v.revealed[me] is not None and not paused:
            tags.append("<span style='color:#6a1b9a'>revealed</span>")
        if v.passed[me] and not paused and not v.out[me]:
            tags.append("<span style='color:#555'>you passed last turn: no pass now (R-T5)"
                        "</span>")
        line = ""
        if v.hand and not paused:
            line = (f"Your hand scores <b>{score(v.hand):g}</b>: "
                    f"{html.escape(explain(v.hand))}")
        self.me.value = (f"<div style='{_BIG}'><b>You (player {me})</b> "
                         f"{_hearts(v.lives[me], v.out[me])} {' '.join(tags)}</div>"
                         f"<div style='{_BIG}'>{line}</div>")

    def _render_cards(self, v: Any) -> None:
        paused = bool(self._pending)
        show = not paused and not v.out[self._human]
        self.table_box.layout.display = "" if not paused else "none"
        self.hand_box.layout.display = "" if show else "none"
        cards = (tuple(v.table), tuple(v.hand) if show else ())
        if paused:
            cards = ((), ())
        if cards != self._shown_cards:
            self.table_view.set_cards(cards[0])
            self.hand_view.set_cards(cards[1])
            self._shown_cards = cards
        can_pick = self.my_turn and any(isinstance(a, SwapOne)
                                        for a in self.state.legal_actions())
        self.table_view.enabled = can_pick
        self.hand_view.enabled = can_pick

    def _render_buttons(self, v: Any) -> None:
        legal_kinds = {type(a) for a in self.legal_actions()}
        phase_kinds = {Phase.EXCHANGE: {Keep, Exchange},
                       Phase.PLAY: {SwapOne, SwapAll, Pass, Reveal},
                       Phase.FINAL: {SwapOne, SwapAll, Stand}}.get(v.phase, set())
        mine = self.my_turn
        for kind, b in self.action_buttons.items():
            b.layout.display = "" if mine and kind in phase_kinds else "none"
            b.disabled = kind not in legal_kinds
        self.actions_row.layout.display = "" if mine else "none"
        bots_turn = (not self._pending and not self.state.is_over()
                     and v.current_player != self._human)
        for b in (self.bot_step_button, self.bots_play_button):
            b.disabled = not bots_turn
            b.layout.display = "" if bots_turn else "none"
        more = bool(self._pending) and not (len(self._pending) == 1 and self.state.is_over())
        self.next_deal_button.disabled = not more
        self.next_deal_button.layout.display = "" if more else "none"
        self.flow_row.layout.display = "" if (bots_turn or more) else "none"
        self.new_match_button.button_style = "success" if self.state.is_over() else "warning"

    def _render_prompt(self, v: Any) -> None:
        if self._pending:
            text = ("The deal is over: see the hands below, then press “Next deal ▶”."
                    if not (len(self._pending) == 1 and self.state.is_over()) else
                    "The match is over. Change the settings below if you like and press "
                    "“New match”.")
        elif self.my_turn:
            if v.phase is Phase.EXCHANGE:
                text = ("You deal: keep your cards or exchange all 3 for the table's 3 "
                        "(T4, R-T1).")
            elif v.phase is Phase.FINAL:
                text = (f"{self._name(v.revealer).capitalize()} revealed: your final turn "
                        "(T10, R-T6). Swap one (pick a card of your hand and a table card) "
                        "or swap all — only if you then hold at least 21 — or stand.")
            else:
                text = ("Your turn: pick a card of your hand and a table card and press "
                        "“Swap”, or swap all, pass or reveal (T5-T9).")
            text = "▶ " + text
        elif v.out[self._human]:
            text = ("You are out (R-T8). Watch the bots: press “Let the bots play ▶▶”.")
        else:
            text = (f"{self._name(v.current_player).capitalize()} is to move: press "
                    "“Next bot move ▶” to see one move, or “Let the bots play ▶▶” to go "
                    "on until your turn.")
        color = "#0d47a1" if self.my_turn else "#333"
        weight = "bold" if self.my_turn else "normal"
        self.prompt.value = (f"<div style='font-size:1.25em;color:{color};font-weight:{weight};"
                             f"margin:4px 0 8px 0'>{html.escape(text)}</div>")

    def _render_preview(self) -> None:
        """What the picked swap would give (your own cards only)."""
        if not self.my_turn or self._hand_view is None or self._table_view is None:
            self.swap_preview.value = ""
            self.swap_button.description = "Swap"
            return
        hand = self.hand_view.selected_cards
        table = self.table_view.selected_cards
        if len(hand) == 1 and len(table) == 1:
            h, t = hand[0], table[0]
            after = [t if c == h else c for c in self.hand_view.cards if c is not None]
            self.swap_button.description = f"Swap {h} ⇄ {t}"
            self.swap_preview.value = (
                f"<div style='{_BIG}'>After swapping {html.escape(str(h))} for "
                f"{html.escape(str(t))} your hand {html.escape(format_cards(after))} would "
                f"score <b>{score(after):g}</b>.</div>")
        else:
            self.swap_button.description = "Swap"
            self.swap_preview.value = ""

    def _render_log(self, deal: int) -> None:
        items = []
        for e in self._deal_events.get(deal, []):
            new = id(e) in self._fresh and not isinstance(e, Dealt)
            style = "background:#fff3c4;" if new else ""
            items.append(f"<li style='{style}margin:2px 0'>{self._names_in(e.describe())}</li>")
        items.reverse()     # the newest first: the last moves are always in sight
        self.log.value = (f"<div style='font-size:1.05em'><b>Deal {deal}</b> "
                          f"<span style='{_MUTED}'>(newest first; new since your last move "
                          f"highlighted)</span><ol reversed class='t31-log' "
                          f"style='padding-left:1.6em;margin:4px 0'>{''.join(items)}</ol></div>")

    def _render_result(self, over: bool) -> None:
        if not self._pending:
            self.result.value = ""
            return
        deal = self._pending[0]
        events = self._deal_events.get(deal, [])
        rows = []
        lost: dict[int, str] = {}
        match_over: MatchOver | None = None
        result = None
        for e in events:
            if isinstance(e, Scored):
                rows.append((e.player, e.hand, f"{e.score:g}", e.explanation))
            elif isinstance(e, ThreeAces):
                rows.append((e.player, e.hand, "33", explain(e.hand)))
            elif isinstance(e, LifeLost):
                lost[e.player] = (f"loses a life ({e.lives} left)")
            elif isinstance(e, PlayerOut):
                lost[e.player] = "loses with 0 lives: <b>out</b> (R-T8)"
            elif isinstance(e, MatchOver):
                match_over = e
            elif isinstance(e, DealOver):
                result = e.result
        trs = []
        for seat, hand, pts, why in rows:
            low = seat in lost
            bg = "#ffebee" if low else "#f1f8e9"
            note = f"<br><span style='color:#b00020'>{lost[seat]}</span>" if low else ""
            trs.append(
                f"<tr style='background:{bg}'><td style='padding:4px 8px;{_BIG}'>"
                f"<b>{html.escape(self._name(seat))}</b></td>"
                f"<td style='padding:4px'>{_cards_html(hand, _RESULT_W)}</td>"
                f"<td style='padding:4px 8px;font-size:1.4em;font-weight:bold'>{pts}</td>"
                f"<td style='padding:4px 8px'>{html.escape(why)}{note}</td></tr>")
        scored = {r[0] for r in rows}
        others = [p for p in sorted(lost) if p not in scored]
        extra = ""
        if others:
            extra = f"<div style='{_BIG}'>" + "; ".join(
                f"{html.escape(self._name(p))} {lost[p]}" for p in others) + "</div>"
        why = ""
        if result is not None and result.three_aces is not None:
            why = (f"{html.escape(self._name(result.three_aces)).capitalize()} holds three "
                   "Aces: every other player loses a life (T14, R-T7).")
        elif result is not None:
            why = "The lowest score loses a life (T13); ties all lose one."
        banner = ""
        if match_over is not None:
            winners = match_over.winners
            you = self._human in winners
            if you and len(winners) == 1:
                headline = "🏆 You win the match!"
            else:
                names = " and ".join(self._name(p) for p in winners)
                headline = f"{names[0].upper()}{names[1:]} {'win' if len(winners) > 1 else 'wins'} the match"
            banner = (f"<div style='font-size:1.6em;font-weight:bold;margin:8px 0;"
                      f"color:{'#1b5e20' if you else '#4a148c'}'>{html.escape(headline)}</div>"
                      f"<div style='{_MUTED}'>{html.escape(match_over.reason)}</div>")
        self.result.value = (
            f"<div style='border:2px solid #8d6e63;border-radius:8px;padding:6px 10px;"
            f"margin:6px 0;background:#fffdf6'>"
            f"<div style='font-size:1.3em;font-weight:bold'>Deal {deal}: result</div>"
            f"<div style='{_MUTED}'>{why}</div>"
            f"<table style='border-collapse:collapse;margin:6px 0'>{''.join(trs)}</table>"
            f"{extra}{banner}</div>")

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Close every widget of the table."""
        self._closed = True
        for v in (self._table_view, self._hand_view):
            if v is not None:
                v.close()
        for w in (self.header, self.status, self.prompt, self.opponents, self.me,
                  self.table_box, self.hand_box, self.swap_preview,
                  *self.action_buttons.values(), self.bot_step_button, self.bots_play_button,
                  self.next_deal_button, self.actions_row, self.flow_row, self.message,
                  self.result, self.log, self.bots_count, self.bot_kind, self.joker,
                  self.lives_choice, self.new_match_button, self.settings_row,
                  self.log_title, *self.body.children, self.body, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

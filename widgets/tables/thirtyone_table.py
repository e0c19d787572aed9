"""The Thirty-One table: a human seat against 1-8 bots (T1-T14, R-T1-R-T10).

>>> table = ThirtyOneTable(bots=("heuristic", "random"), seed=3)
>>> table.state.current_player, [str(a) for a in table.legal_actions()]   # you deal (T4)
(0, ['keep', 'exchange'])
>>> table.keep_button.click()            # the dealer keeps; the bots play on by themselves
>>> table.state.current_player in (0, None) or table.paused
True
>>> table.close()

The table is a view of one seat (the API of :class:`widgets.tables.table_base.PlayTable`:
``seat``, ``view``, ``mark``, ``my_turn``, ``legal_actions()``, ``act()``,
``refresh()``); the bot loop, log and lifecycle are in :mod:`widgets.tables.table_base`, the
drawing in :mod:`widgets.tables.thirtyone_draw`.  It judges no rule: which buttons show is the
engine's legal actions, every decision goes to the engine, refusals are its words.

What is shown (all of it rendered from ``state.view(human_seat)`` and the
public event log, R-T9): the 3 table cards, your hand (click a card of your hand
and a table card, then *Swap*), the other players as card backs with their lives,
the dealer, whose turn it is, the phase, and a log of the public events of the deal
in words.  The bots play on by themselves after your move until it is your turn
again (as at the Liar table); with ``autoplay=False``, or *step by step* ticked in the
settings row, they move only when you press *Next bot move* (one move) or *Let the
bots play* (until it is your turn).  They act through :func:`cardgames.play.agent_turn`:
a bot whose action the engine refuses stops the table, and is never replaced.  After
a deal the revealed hands are shown with their score and why
(:func:`~cardgames.thirtyone.explain`) and who lost a life or went out (the engine's
:class:`~cardgames.thirtyone.DealResult`); *Next deal* goes on; at the end of the
match the winner.  The settings row starts a new match with 1-8 bots of a kind, with
or without the Chronicler (T2, T12) and a number of lives (R-T8, 0-9: the engine's
limit, :data:`cardgames.thirtyone.game.MAX_LIVES`).

Security (see :mod:`widgets`): the engine state, the other players'
unrevealed hands, the undealt cards and the seed live only in plain Python
attributes.  Every click goes to the engine, so a browser that enables a disabled
button or sets a trait gets the engine's refusal and no change; a click on a view
that is gone (a double-click) decides nothing.  Widgets that leave the table are closed.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, cast

from cardgames import registry
from cardgames.errors import CardgamesError, ConfigError, StaleActionError
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.seeds import match_seed
from cardgames.thirtyone import (
    DealOver,
    DealResult,
    Event,
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneState,
    ThirtyOneView,
)
from cardgames.thirtyone.actions import ThirtyOneAction, parse_action
from cardgames.thirtyone.events import deal_log, event_seats
from widgets.kit.cardview import HandView
from widgets.tables.remote_frames import shown_of
from widgets.tables.table_base import PlayTable, refusal_text, show_cards
from widgets.tables.thirtyone_draw import (
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
#: The most bot moves made at once (a deal always ends, R-T10).
MAX_BOT_MOVES = 2000

#: The table's words for a rule the engine cites without a ``reason`` (docs/rules).
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
_SIMPLE = (Keep, Exchange, SwapAll, Pass, Reveal, Stand)


class ThirtyOneTable(ThirtyOneLayout, PlayTable):
    """A game of Thirty-One at one table: you (``human_seat``) against bots.

    - ``bots``: one entry per bot seat (1-8 of them, T1): a name from
      :data:`BOT_KINDS` (``"heuristic"``, ``"random"``) or an agent object
      with ``act(view, legal_actions, rng)``.  The human sits at
      ``human_seat``; the bots fill the other seats in order.
    - ``chronicler``: play with the joker (T2, T12); ``lives``: lives each
      (R-T8, T13); ``seed``: the deal (and the bots' choices, one generator
      per seat) follow from it: match ``k`` of the table is a
      :class:`~cardgames.session.Session` of seed ``cardgames.seeds.match_seed(seed, k)``.

    ``widget`` is the box to display (the table also displays itself).
    ``session`` and ``state`` are full information, for Python only (tests,
    teachers); they never reach the browser.

    >>> ThirtyOneTable(bots=(), seed=1)
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: Thirty-One is for 2-9 players (T1), not 1
    """

    RULE_WORDS = _RULE_WORDS
    _drawn_match = 0                    # the game of the table drawn (online: a new one)
    GAME = "Thirty-One"
    GAME_NAME = "thirty-one"
    kinds = tuple(BOT_KINDS)

    def __init__(self, *, bots: Sequence[Any] = ("heuristic", "heuristic"),
                 chronicler: bool = False, lives: int = 3, seed: int = 0,
                 human_seat: int = 0, autoplay: bool = True) -> None:
        self._init_table()
        bots = list(bots) if not isinstance(bots, str) else [bots]
        for b in bots:
            _THIRTY_ONE.check_bot(b)
        # the rules (T1 players, T2 Chronicler, R-T8 lives) are the engine's to check
        _THIRTY_ONE.make_table_game(players=len(bots) + 1, chronicler=chronicler, lives=lives)
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
        self._autoplay = bool(autoplay)
        self._table_view: HandView | None = None
        self._hand_view: HandView | None = None
        self._seen = 0                  # deal results the player has left (Next deal)
        self._build_widgets(bots, chronicler, lives)
        self._wire()
        self._start(len(bots), bots, chronicler, lives)

    @classmethod
    def for_session(cls, session: Any, *, seat: int | None = None) -> ThirtyOneTable:
        """The table of ``seat`` of a session driven elsewhere: a
        :class:`widgets.tables.remote.RemoteSession` of the table service (issue 21).  The
        service plays the bots and deals; at the end of a game *New match* asks it for the
        next one (the first ask wins).  Closing the table closes the session."""
        self = cls.__new__(cls)
        self._init_table()
        seat = session.seat if seat is None else seat
        self._seed, self._match, self._human_pref = 0, 0, seat
        self._table_view, self._hand_view = None, None
        sv = self._attach(session, seat)
        v: ThirtyOneView = sv.view
        self._given_bots = ["heuristic"] * (v.players - 1)
        self._build_widgets(self._given_bots, v.chronicler, max(sv.lives or (3,)))
        for w in self.settings_row.children:
            if w is not self.new_match_button:
                w.layout.display = "none"
        self.new_match_button.tooltip = _("Start the next game at this table")
        self._wire()
        self._drawn_match = sv.match
        self._pull()
        self._seen = len(self._results())      # the deals before joining are not shown again
        self._new_views()
        self._render()
        return self

    def _remote_changed(self) -> None:
        """The service moved on: a new game at the table starts afresh, else drawn."""
        if self.view.match != self._drawn_match:
            self._fresh_match()
            self._render()
        else:
            super()._remote_changed()

    def _fresh_match(self) -> None:
        self._pull()
        self._drawn_match = self.view.match
        keep = len(self.view.view.events)          # the new game's events end the log
        self._log, self._log_from = self._log[len(self._log) - keep:], 0
        self._seen = 0
        self._notes_from = self.view.mark
        self._new_views()

    def _remote_next(self) -> bool:
        """*New match* at an online table: the service deals the next game."""
        if not self.view.over:
            return self._refuse(_("The game is still being played: finish it first (T13)."))
        try:
            self._session.next_game()
        except StaleActionError:
            pass                                   # another player asked first
        except CardgamesError as err:
            return self._refuse(refusal_text(err, rule_words=self.RULE_WORDS,
                                             show_legal=False))
        if self.view.match != self._drawn_match:
            self._fresh_match()
        self._say("")
        self._render()
        return True

    # ------------------------------------------------------------------ set-up
    def _wire(self) -> None:
        """Every click goes through :meth:`PlayTable._guarded`; the decision buttons are
        wired for one mark each (:meth:`PlayTable._bind_decisions`)."""
        self.bot_step_button.on_click(self._guarded(self.bot_step))
        self.bots_play_button.on_click(self._guarded(self.play_bots))
        self.new_match_button.on_click(self._guarded(self.new_match))
        self.step_choice.observe(self._guarded(self._on_step_choice), names="value")

    def _start(self, n_bots: int, bots: list[Any], chronicler: bool, lives: int) -> None:
        """A new match: a session of seed ``match_seed(seed, k)`` and fresh card views."""
        human = min(self._human_pref, n_bots)
        self._session = self._new_session(
            bots, human=human, seed=match_seed(self._seed, self._match),
            options={"chronicler": chronicler, "lives": lives})
        self._human = human
        self._bot_error = None
        self._seen = 0
        self._say("")
        self._new_views()
        if self._autoplay:
            self._advance()
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
        self._hand_view.scroll_on_phones()
        self.table_box.children = [self._table_view.widget]
        self.hand_box.children = [self._hand_view.widget]

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> ThirtyOneState:
        """The engine state (full information: Python only, never synced)."""
        state = cast(ThirtyOneState, self._session.state)
        return state

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
    def _pending(self) -> list[int]:
        """The finished deals whose result the player has not left yet (the engine's)."""
        return [r.deal for r in self._results()[self._seen:]]

    @property
    def paused(self) -> bool:
        """A finished deal's result is shown (press *Next deal*)."""
        return bool(self._pending)

    def _may_decide(self) -> bool:
        return not self._pending

    def _offers_decision(self) -> bool:
        return self.my_turn or bool(self._pending)    # a move, or Next deal on a result

    def _held_back(self) -> str:
        return _("The deal is over: press “Next deal ▶” first.") if self._pending else ""

    def _parse(self, text: str) -> ThirtyOneAction:
        return parse_action(text)

    def human_action(self, kind: type) -> bool:
        """Do your action of ``kind`` (``SwapOne`` uses the picked cards); False if refused."""
        action = self._action_of(kind)
        if isinstance(action, str):
            self._say(action)
            self._render()
            return False
        return self.act(action)

    def _action_of(self, kind: Any) -> Any:
        """The action of a decision button (the engine judges it), or what to say."""
        if kind is SwapOne:
            hand = self.hand_view.selected_cards
            table = self.table_view.selected_cards
            if len(hand) != 1 or len(table) != 1:
                return _("To swap one card (T6), pick one card of your hand and one table "
                         "card first, then press “Swap”.")
            return SwapOne(hand[0], table[0])
        if kind in _SIMPLE:
            return kind()
        return _("Unknown action {kind!r}.").format(kind=kind)

    def _token(self) -> Any:
        return (self.mark, self._seen)   # leaving a deal's result moves on too

    def _on_decision(self, kind: Any, token: Any) -> None:
        if kind == "next":               # Next deal: drawn for one result on show
            if token == self._token():
                self.next_deal()
            return
        super()._on_decision(kind, token)

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
        if len(self._pending) == 1 and self.view.over:
            return self._refuse(_("The match is over: choose the settings below and press "
                                  "“New match”."))
        self._seen += 1
        if self._remote and not self._pending:
            self._left_result()
        self._mark_new()
        self._say("")
        self._new_views()
        if self._autoplay:
            self._advance()
        self._render()
        return True

    def _left_result(self) -> None:
        """At an online table: tell the service the result was left (a ``back``), so that
        the bot's countdown for the next move starts now, not while the result was read
        (issue 29).  A lost connection changes nothing here (the service's clock then runs
        from the deal's end, a whole timeout later at most)."""
        back = getattr(self._session, "take_back", None)
        if back is None:
            return
        try:
            back()
        except CardgamesError:
            pass

    def new_match(self, *, bots: int | None = None, kind: str | None = None,
                  chronicler: bool | None = None, lives: int | None = None) -> bool:
        """Start a new match (the next seed); the arguments default to the settings row.
        At an online table (:meth:`for_session`) the service deals the next game."""
        if self._remote:
            return self._remote_next()
        n = self.bots_count.value if bots is None else bots
        k = self.bot_kind.value if kind is None else kind
        j = self.joker.value if chronicler is None else chronicler
        lv = self.lives_choice.value if lives is None else lives
        # the browser can send anything: every value is checked in Python, the rules
        # (T1, T2, R-T8) by the engine's ThirtyOneGame
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
        try:
            _THIRTY_ONE.make_table_game(players=n + 1, chronicler=j, lives=lv)
        except ConfigError as err:
            return self._refuse(str(err))
        self._match += 1
        self._start(n, specs, j, lv)
        return True

    def _on_step_choice(self) -> None:
        """*Step by step* ticked: the bots wait for a click; unticked: they play on."""
        self._autoplay = self.step_choice.value is not True
        if self._autoplay and self._bots_may_move():
            self._mark_new()
            self._advance()
        self._render()

    # ------------------------------------------------------------------ the bots
    def _advance(self, limit: int | None = None) -> int:
        """The bots play on until it is your turn, a deal ends or the match is over."""
        moves = self._run_bots(MAX_BOT_MOVES if limit is None else limit)
        if moves >= MAX_BOT_MOVES and self._bots_may_move():
            self._say(_("The bots made {n} moves in a row; press Let the bots play to go on.")
                      .format(n=moves))
        return moves

    def _may_bots_go(self) -> bool:
        """Is it a bot's turn? If not, say why."""
        if self._refuse_if_stopped():
            return False
        if self._pending:
            return self._refuse(_("The deal is over: press “Next deal ▶”."))
        if self.view.over:
            return self._refuse(_("The match is over: start a new match."))
        if not self._bots_may_move():
            return self._refuse(_("It is your turn."))
        return True

    # ------------------------------------------------------------------ what is drawn
    def _results(self) -> list[DealResult]:
        """The finished deals' results: the engine's, in the ``DealOver`` events the seat
        was given (public: R-T9)."""
        return [e.result for e in self._public_log() if isinstance(e, DealOver)]

    def _public_log(self) -> Sequence[Event]:
        """The public events of the match the seat was given (``session.events_since``)."""
        self._pull()
        return self._log

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return _("nobody")
        if seat == self._human:
            return _("player {player} (you)").format(player=seat)
        if self._remote and seat in self._log_names:     # the log's naming (issue 21)
            return _("player {player} ({name})").format(player=seat,
                                                         name=self._log_names[seat])
        if seat in self._people:
            return _("player {player} ({name})").format(player=seat, name=self._people[seat])
        return _("player {player}").format(player=seat)

    def _render_log(self, v: ThirtyOneView, shown: int) -> None:
        """The deal on show in the engine's words; the lines about you in bold (the seats
        from the events' fields, :func:`~cardgames.thirtyone.events.event_seats`)."""
        events = v.events if shown == v.deal else deal_log(self._public_log(), shown)
        start = len(self._public_log()) - len(v.events) if shown == v.deal else None
        items = []
        for i, e in enumerate(events):
            new = start is not None and start + i >= self._log_from
            mine = "font-weight:bold;" if self._human in event_seats(e) else ""
            items.append((html.escape(self._describe(e)), "margin:2px 0;" + mine,
                          new and type(e).__name__ != "Dealt"))
        if shown == v.deal:
            items += self._note_items()
        title = html.escape(_("Deal {deal}").format(deal=shown))
        note = html.escape(_("(newest first; new since your last move highlighted)"))
        if shown == v.deal:
            note += html.escape(shown_of(len(v.events), self.view.total("view.events")))
        self.log.value = (f"<div style='font-size:1.05em'><b>{title}</b> "
                          f"<span style='color:#555'>{note}</span>"
                          f"{self._log_list(items, css_class='t31-log', newest_first=True)}"
                          "</div>")

    # ------------------------------------------------------------------ drawing
    def _draw_news(self) -> None:
        """Whose turn, then the log (before the decision buttons are made again)."""
        sv = self.view
        v: ThirtyOneView = sv.view
        pending = self._results()[self._seen:]
        shown_deal = pending[0].deal if pending else v.deal
        self.status.value = status_html(v, self._name,
                                        paused_deal=shown_deal if pending else None)
        self.prompt.value = prompt_html(v, self._name, pending=len(pending), over=sv.over,
                                        my_turn=self.my_turn, out=v.out[self._human],
                                        stopped=self.stopped,
                                        online=self._online_to_act(v.current_player))
        self._render_log(v, shown_deal)

    def _draw(self) -> None:
        sv = self.view
        v: ThirtyOneView = sv.view
        pending = self._results()[self._seen:]
        paused = bool(pending)
        shown_deal = pending[0].deal if paused else v.deal
        over = sv.over
        self.header.value = header_html(self._match + 1, shown_deal, v.players)
        self.opponents.value = opponents_html(v, self._human, self._bot_names, paused=paused,
                                              people=self._people,
                                              names=self._log_names if self._remote else None)
        self.me.value = me_html(v, self._human, paused=paused)
        legal = self.legal_actions()
        self._render_cards(v, paused, legal)
        self._render_buttons(legal, pending, over)
        self._render_preview()
        self.result.value = (result_html(pending[0], deal_log(self._public_log(), shown_deal),
                                         self._human, self._name) if paused else "")

    def _render_cards(self, v: ThirtyOneView, paused: bool, legal: list[Any]) -> None:
        show = not paused and not v.out[self._human]
        self.table_box.layout.display = "" if not paused else "none"
        self.hand_box.layout.display = "" if show else "none"
        show_cards(self.table_view, () if paused else tuple(v.table))
        show_cards(self.hand_view, tuple(v.hand) if show else ())
        can_pick = any(isinstance(a, SwapOne) for a in legal)
        self.table_view.enabled = can_pick
        self.hand_view.enabled = can_pick

    def _render_buttons(self, legal: list[Any], pending: list[DealResult], over: bool) -> None:
        """Show the buttons of the engine's legal actions now (a hint only: every click
        goes to the engine, and a hidden button can be clicked from a browser)."""
        legal_kinds = {type(a) for a in legal}
        for kind, b in self.action_buttons.items():
            b.layout.display = "" if kind in legal_kinds else "none"
            b.disabled = kind not in legal_kinds
        self.actions_row.layout.display = "" if legal_kinds else "none"
        bots_turn = self._bots_may_move()
        for b in (self.bot_step_button, self.bots_play_button):
            b.disabled = not bots_turn
            b.layout.display = "" if bots_turn else "none"
        more = bool(pending) and not (len(pending) == 1 and over)
        self.next_deal_button.disabled = not more
        self.next_deal_button.layout.display = "" if more else "none"
        self.flow_row.layout.display = "" if (bots_turn or more) else "none"
        self.new_match_button.button_style = "success" if over or self.stopped else "warning"
        if self._remote:     # the next game only once this one is over (T13; checked on click)
            self.new_match_button.disabled = not over
            self.new_match_button.layout.display = "" if over else "none"

    def _render_preview(self) -> None:
        """What the picked swap would give (your own cards only)."""
        if self._closed or not self._decisions:
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

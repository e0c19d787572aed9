"""What the two play tables share: the bot loop, the event log, card picking and
the render lifecycle (:class:`~widgets.tables.liar_table.LiarTable`,
:class:`~widgets.tables.thirtyone_table.ThirtyOneTable`).

- **The session**: a table is a view of one seat of a :class:`cardgames.session.Session`
  (the state, the match, the seats, the bots, the marks).  The table draws from the
  seat's :class:`~cardgames.session.SeatView` and the session's events
  (``events_since``), decides through ``session.act(seat, action, mark=)`` and judges
  no rule itself.
- **The bot loop** (:meth:`PlayTable._run_bots`) asks the session for one bot move at
  a time (``session.bot_step()``, over :func:`cardgames.play.agent_turn`, with one
  random generator per seat).  A bot whose action the engine refuses, or whose ``act`` fails, is a
  bug: it is never replaced by another action.  The table stops, the player
  reads one plain line (no exception text), the full error goes to the Python
  log (logger ``widgets.tables.table_base``; nothing is printed unless the host
  configures logging, since a kernel's stderr reaches the browser), and
  :attr:`PlayTable.bot_error` holds it.
- **What the player reads** is worded by the table: a refusal of the human's
  own action from the error's fields (``action``, ``rule``, ``reason``,
  ``legal``; :func:`~widgets.kit.table_html.refusal_text`, with the shared HTML pieces in
  :mod:`widgets.kit.table_html`), never from the exception's message; any
  other failure in a click shows a fixed line and goes to the log.
- **The event log**: the events of the round in the engine's words
  (``describe()``), the ones since your last move highlighted
  (:meth:`PlayTable._log_list`).
- **Card picking**: :class:`~widgets.kit.cardview.HandView` is redrawn only when
  its cards change (:func:`show_cards`); every pick is validated there.
- **The render lifecycle**: every click goes through :meth:`PlayTable._guarded`
  (it never raises into the browser), the table redraws after each change
  (:meth:`PlayTable._render`, nothing once closed), and :meth:`PlayTable.close`
  closes every widget of the table.

>>> from cardgames.errors import IllegalActionError
>>> e = IllegalActionError("player 0 cannot pass: the raw text", player=0, action="pass",
...                        rule="R-T5", reason="you passed on your last turn")
>>> refusal_text(e)
'You cannot “pass” now: you passed on your last turn (R-T5).'
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as ipw

from cardgames import registry
from cardgames.errors import CardgamesError, IllegalActionError, StaleActionError
from cardgames.i18n import gettext as _
from cardgames.naming import NamedSeat, describe_named
from cardgames.play import agent_name
from cardgames.session import Seat, SeatView, Session
from widgets.kit.cardview import HandView, close_widget
from widgets.kit.guard import guarded
from widgets.kit.table_html import (
    BLUE,
    CLICK_FAILED,
    GREEN,
    GREY,
    HIGHLIGHT,
    RED,
    backs_html,
    bot_label,
    cards_html,
    esc,
    log_list,
    refusal_text,
    show_cards,
)

__all__ = ["BLUE", "GREEN", "GREY", "HIGHLIGHT", "RED", "PlayTable", "SeatView", "backs_html",
           "bot_label", "cards_html", "esc", "refusal_text", "show_cards"]

log = logging.getLogger(__name__)
# A library does not print: without a handler configured by the host, Python's last-resort
# handler would write errors to sys.stderr, which a Jupyter kernel sends to the browser --
# and a bot's error may name its hidden cards (R-L11, R-T9).  Configure logging to see them.
log.addHandler(logging.NullHandler())

class PlayTable:
    """The base of a play table: a view of one seat (``seat``) of a session, the others bots.

    **The API of both tables** (the same names in :class:`~widgets.tables.liar_table.LiarTable`
    and :class:`~widgets.tables.thirtyone_table.ThirtyOneTable`):

    - ``table.session``: the :class:`~cardgames.session.Session` (Python only);
      ``table.seat``: the seat shown; ``table.view``: the seat's
      :class:`~cardgames.session.SeatView` (the engine's view, R-L11 / R-T9, with the
      mark, who is to act, the legal actions and the match); ``table.mark``: the
      session's mark (it moves on with every action and deal, never repeats);
    - ``table.my_turn``, ``table.legal_actions()``: the seat's decision now (the
      engine's legal actions; empty when it is not the seat's decision);
    - ``table.act(action, *, mark=None)``: make the seat's decision (an action or its
      text, e.g. ``"call"``, ``"play 7H 8H"``, ``"swap 7H AB"``) through
      ``session.act``: the engine judges it, a refusal shows the engine's reason; an
      action made at an old ``mark`` is refused quietly (it answers a view that is gone);
    - ``table.refresh()``: draw again (e.g. after the session moved on elsewhere).

    The drawing reads only the seat's view and the events the seat was given, so the
    same table can show a seat whose session is driven from elsewhere.

    **One click, one decision** (issue 18): every decision button is made for one
    ``mark`` and carries it; when the mark moves on, the buttons are made again and the
    old ones closed.  A click made on a view that is gone (the second click of a
    double-click, three clicks sent at once) is refused quietly, so nothing is decided
    twice and no bot acts on an answer the player did not see.

    A subclass sets ``_session`` (:meth:`_new_session`), ``_human``, ``message`` (an
    ``HTML`` widget) and ``widget`` (the box to display), calls :meth:`_init_table`
    first, and implements :meth:`_draw`, :meth:`_decision_buttons` (fresh buttons, by
    kind), :meth:`_place_decisions`, :meth:`_action_of` (the action a decision button
    stands for) and :meth:`_advance`.
    """

    #: Player-facing words for a rule, used when an engine error carries no ``reason``.
    RULE_WORDS: Mapping[str, str] = {}
    #: The rule a decision on a view that is gone breaks (whose turn it is).
    STALE_RULE = "T5"
    #: The name of the game, for the log.
    GAME = "card game"
    #: The game's name in :mod:`cardgames.registry`.
    GAME_NAME = ""

    @classmethod
    def for_session(cls, session: Any, *, seat: int | None = None) -> PlayTable:
        """The table of ``seat`` of a session driven elsewhere (each game's table makes it:
        :meth:`LiarTable.for_session <widgets.tables.liar_table.LiarTable.for_session>`)."""
        raise NotImplementedError(cls.__name__)

    _session: Session
    _human: int
    _autoplay: bool
    message: ipw.HTML
    widget: ipw.Box

    def _init_table(self) -> None:
        self._closed = False
        self._bot_error: Exception | None = None
        self._stopped_line = ""
        self._log: list[Any] = []    # the public events the seat was given (events_since)
        self._log_from = 0           # events of _log from here on: since your last move
        self._decisions: dict[Any, ipw.Button] = {}
        self._decisions_mark: Any = None
        self._decisions_token: list[Any] = [None]   # the token the buttons' clicks carry
        self._decisions_live = False  # the buttons were made for a view the seat decides in
        self._drawn_for: Any = None  # the token the table was last drawn for
        self._drawn_key: Any = None  # remote: what the last drawing was for (_remote_key)
        self._view_cache: SeatView | None = None
        self._bot_names: dict[int, str] = {}
        self._remote = False         # the session lives in the table service (for_session)
        self._people: dict[int, str] = {}    # remote: the other players' names, by seat
        self._log_names: dict[int, str] = {}  # remote: every seat's name in the log
        self._notes_from = 0         # remote: the service's notes from this mark on are shown
        self._on_remote: Callable[[Any], None] | None = None

    def _attach(self, session: Any, seat: int) -> SeatView:
        """Show ``seat`` of a session driven elsewhere (a
        :class:`widgets.tables.remote.RemoteSession`): no bot runs here, no new match
        is made here; every change of the session redraws the table
        (:meth:`_remote_changed`).  Returns the seat's first view."""
        sv: SeatView = session.view(seat)
        self._session = session
        self._human = seat
        self._remote = True
        self._autoplay = False
        self._bot_names = {i: s.bot for i, s in enumerate(sv.seats) if s.bot is not None}
        self._people = {i: s.name for i, s in enumerate(sv.seats)
                        if s.bot is None and i != seat}
        # the log's names (issue 21): a student's own name as they gave it (escaped when
        # drawn: a name is whatever was typed), a bot by its kind, this seat "you"
        self._log_names = {i: _("you") if i == seat else
                           _("{kind} bot").format(kind=bot_label(s.bot)) if s.bot is not None
                           else s.name for i, s in enumerate(sv.seats)}
        self._notes_from = sv.mark
        self._on_remote = self._guarded(self._remote_changed)
        session.on_change(self._on_remote)
        return sv

    def _seat_name(self, seat: int) -> str:
        """At an online table: ``seat`` named as the log names it, "Player 3 (Marko)",
        "Player 2 (heuristic bot)" (:class:`cardgames.naming.NamedSeat`; not escaped)."""
        name = self._log_names.get(seat)
        return _("Player {player}").format(player=NamedSeat(seat, name) if name else seat)

    def _online_to_act(self, seat: int | None) -> tuple[str, bool] | None:
        """At an online table, another seat to act: its name and whether a bot plays it
        (a bot seat, or a student's seat the service's bot plays now); else ``None``."""
        if not self._remote or seat is None or seat == self._human:
            return None
        seats = self._session.seats
        bot = seat < len(seats) and seats[seat].kind == "bot"
        players = getattr(self._session, "players", ())
        if seat < len(players) and getattr(players[seat], "played_by_bot", False):
            bot = True
        return self._seat_name(seat), bot

    def _remote_changed(self) -> None:
        """The session moved on elsewhere (another player, the service's bot): draw
        (not again what is drawn already: the seat's own move, drawn by ``act``)."""
        if self._remote_key() != self._drawn_key:
            self._render()

    def _describe(self, event: Any) -> str:
        """An event in the engine's words (``describe()``); at an online table each seat
        it names is followed by the seat's name (:func:`cardgames.naming.describe_named`).
        Not escaped: the caller escapes it for HTML."""
        if self._log_names:
            return describe_named(event, self._log_names)
        text: str = event.describe()
        return text

    def _note_items(self) -> list[tuple[str, str, bool]]:
        """The service's notes of this round for the log ("played by the bot for Ana")."""
        notes = getattr(self._session, "notes", ()) if self._remote else ()
        return [(esc(n.describe()), f"color:{GREY};font-style:italic;", True)
                for n in notes if n.mark >= self._notes_from]

    def _new_session(self, bots: Sequence[Any], *, human: int, seed: int,
                     options: Mapping[str, Any]) -> Session:
        """A session: ``bots`` (registry names or agent objects) around the human in seat
        ``human``.  The game's rules (players, decks, lives ...) are checked by the
        registry and the game class (their ``ConfigError`` names the rule)."""
        info = registry.get(self.GAME_NAME)
        it = iter(bots)
        specs = [None if seat == human else next(it) for seat in range(len(bots) + 1)]
        seats = [Seat.human("you") if spec is None else
                 Seat.bot(spec if isinstance(spec, str) else info.bot_names[0])
                 for spec in specs]
        # agent objects (a teacher's own bot): the session's bot loop asks them
        own = {seat: spec for seat, spec in enumerate(specs)
               if spec is not None and not isinstance(spec, str)}
        session = Session.new(self.GAME_NAME, seats=seats, seed=seed, options=options,
                              agents=own)
        self._bot_names = {seat: spec if isinstance(spec, str) else agent_name(spec)
                           for seat, spec in enumerate(specs) if spec is not None}
        self._view_cache = None
        self._log, self._log_from = [], 0
        return session

    # ================================================================ the seat's API
    @property
    def session(self) -> Session:
        """The session of play (full information: Python only, never synced)."""
        return self._session

    @property
    def state(self) -> Any:
        """The engine state on show (full information: Python only, never synced)."""
        return self._session.state

    @property
    def seat(self) -> int:
        """The seat this table shows (its player is "you")."""
        return self._human

    @property
    def view(self) -> SeatView:
        """What the seat may know now: the session's :class:`~cardgames.session.SeatView`."""
        cached = self._view_cache
        if cached is None or cached.mark != self._session.mark:
            cached = self._view_cache = self._session.view(self._human)
        return cached

    @property
    def mark(self) -> int:
        """The session's mark: every action and deal moves it on (a decision answers one)."""
        return self._session.mark

    @property
    def my_turn(self) -> bool:
        """The seat has a decision to make now (and no bot stopped the table)."""
        return self._bot_error is None and self._may_decide() and self.view.my_turn

    def _may_decide(self) -> bool:
        """A subclass may hold decisions back (e.g. while a deal's result is on show)."""
        return True

    def legal_actions(self) -> list[Any]:
        """The seat's legal actions now, the engine's (parsed from the seat view's texts;
        empty when it is not the seat's decision)."""
        return [self._parse(t) for t in self.view.legal] if self.my_turn else []

    def _parse(self, text: str) -> Any:
        raise NotImplementedError

    def act(self, action: Any, *, mark: int | None = None) -> bool:
        """Make the seat's decision ``action`` (an action or its text); ``mark``: the
        :attr:`mark` of the view it answers (an old one: refused quietly).  The engine
        judges the action; a refusal shows its reason and changes nothing.  True if made.
        """
        if mark is not None and mark != self.mark:
            log.debug("%s table: a decision for mark %s came at mark %s: ignored",
                      self.GAME, mark, self.mark)
            return False
        if self._refuse_if_stopped():
            self._render()
            return False
        held = self._held_back()
        if held:
            self._say(held)
            self._render()
            return False
        self._pull()
        start = len(self._log)
        try:
            self._session.act(self._human, action, mark=mark)
        except StaleActionError as err:
            log.debug("%s table: a stale decision was refused", self.GAME)
            if self._remote:
                # the service's table is ahead of this page (it was drawn for the mark
                # sent): the click is answered, with the engine's words (issue 29)
                self._say_moved_on(err.rule or self.STALE_RULE)
                self._render()
            return False
        except CardgamesError as err:
            log.debug("refused for the human in seat %s: %s", self._human, err)
            self._say(refusal_text(err, rule_words=self.RULE_WORDS,
                                   show_legal=self.view.to_act == self._human))
            self._render()
            return False
        self._log_from = start          # your own move is highlighted too
        self._say("")
        self._after_human_move()
        if self._autoplay:
            self._advance()
        self._render()
        return True

    def refresh(self) -> None:
        """Draw the table again from the seat's view."""
        self._render()

    def _held_back(self) -> str:
        """Why the seat may not decide now though the engine would ask it ("": it may)."""
        return ""

    def _after_human_move(self) -> None:
        """Called after the seat's action was applied (a subclass clears its picks)."""

    def _advance(self, limit: int | None = None) -> int:
        raise NotImplementedError

    def _pull(self) -> list[Any]:
        """The public events since the seat last looked (``session.events_since``), added
        to the table's log; returns them."""
        new, _now = self._session.events_since(self._human)
        self._log.extend(new)
        return new

    def _mark_new(self) -> None:
        """The events from now on are "new" (highlighted in the log)."""
        self._pull()
        self._log_from = len(self._log)

    # ================================================================ decision buttons
    def _decision_buttons(self) -> dict[Any, ipw.Button]:
        """Fresh decision buttons, by kind (the subclass's layout), made disabled."""
        raise NotImplementedError

    def _place_decisions(self, buttons: dict[Any, ipw.Button]) -> None:
        """Put ``buttons`` where the old ones were (attributes and containers)."""
        raise NotImplementedError

    def _action_of(self, kind: Any) -> Any:
        """The action the button ``kind`` stands for now, or a ``str`` to say instead."""
        raise NotImplementedError

    def _token(self) -> Any:
        """What a decision button is drawn for: the :attr:`mark` (a subclass may add what
        else moves on without an action, e.g. a deal result left)."""
        return self.mark

    def _offers_decision(self) -> bool:
        """Some decision button may be enabled now: the seat's view says it may decide (a
        subclass adds its own, e.g. a deal's result to leave)."""
        return self.my_turn

    def _bind_decisions(self) -> None:
        """Make the decision buttons for the current token, once per token; close the old.

        Fresh buttons are made disabled (:meth:`_decision_buttons`): only the drawing of
        a view that lets this seat act (:meth:`_offers_decision`) enables them, so a page
        never shows them enabled before that view.  While other seats act, buttons that
        were never enabled are not made again: their clicks are bound to the new token
        (a click on them is a forged one; the engine judges it), so no widgets are made
        for a move that is not this seat's."""
        token = self._token()
        if self._decisions and self._decisions_mark == token:
            return
        if self._decisions and not self._decisions_live and not self._offers_decision():
            self._decisions_token[0] = self._decisions_mark = token
            return
        old = self._decisions
        fresh = self._decision_buttons()
        holder = [token]
        for kind, button in fresh.items():
            button.on_click(self._guarded(functools.partial(self._on_held_decision, kind,
                                                            holder)))
        self._decisions, self._decisions_mark = fresh, token
        self._decisions_token, self._decisions_live = holder, self._offers_decision()
        self._place_decisions(fresh)
        for button in old.values():
            close_widget(button)

    def _on_held_decision(self, kind: Any, holder: list[Any]) -> None:
        self._on_decision(kind, holder[0])

    def _on_decision(self, kind: Any, token: Any) -> None:
        """A decision button drawn for ``token`` was clicked."""
        if token != self._token():
            log.debug("%s table: a click drawn for %s came at %s: ignored",
                      self.GAME, token, self._token())
            if token == self._drawn_for:
                # the page shows this button's view, but the table moved on under it (an
                # online table's news not drawn yet): say so, never nothing (issue 29)
                self._say_moved_on(self.STALE_RULE)
                self._render()
            return                       # an older view's button (a double-click): quietly
        if self._refuse_if_stopped():
            self._render()
            return
        action = self._action_of(kind)
        if isinstance(action, str):     # nothing to decide yet (e.g. no card picked)
            self._say(action)
            self._render()
            return
        self.act(action, mark=self.mark)

    # ================================================================ bots
    @property
    def bot_error(self) -> Exception | None:
        """The error of the bot that stopped the table (Python only), or ``None``."""
        return self._bot_error

    @property
    def stopped(self) -> bool:
        """A bot failed and the table stopped: only a new match goes on."""
        return self._bot_error is not None

    def _bots_may_move(self) -> bool:
        """A bot is to move now (a subclass may add conditions, e.g. a result on show)."""
        to_act = self.view.to_act
        return (self._bot_error is None and self._may_decide() and to_act is not None
                and not self._remote and self._session.seats[to_act].kind == "bot")

    def _after_bot_move(self) -> None:
        """Called after each bot action."""

    def _run_bots(self, limit: int) -> int:
        """Bots act one action at a time (``session.bot_step()``) while
        :meth:`_bots_may_move`, at most ``limit`` times.  A failing bot stops the table
        (:meth:`_bot_failed`).  Returns the moves."""
        moves = 0
        while moves < limit and self._bots_may_move():
            try:
                self._session.bot_step()
            except Exception as err:  # noqa: BLE001 - any failing bot stops the table
                self._bot_failed(err)
                break
            moves += 1
            self._after_bot_move()
        return moves

    def _bot_failed(self, err: Exception) -> None:
        """Stop the table: the player reads one plain line, the log gets everything."""
        seat = self._session.to_act
        name = self._bot_names.get(seat, "?") if seat is not None else "?"
        illegal = isinstance(err, IllegalActionError)
        log.error("%s table stopped: the bot %r in seat %s %s", self.GAME, name, seat,
                  "chose an illegal action" if illegal else "failed", exc_info=err)
        self._bot_error = err
        self._stopped_line = (
            _("Player {seat}'s bot made an illegal move; the table stopped. This is a bug in "
              "the bot, not your doing: press New match to play again.") if illegal else
            _("Player {seat}'s bot failed; the table stopped. This is a bug in the bot, not "
              "your doing: press New match to play again.")).format(seat=seat)
        self._say(self._stopped_line)

    def _refuse_if_stopped(self) -> bool:
        """True (and the stop line shown) if a bot stopped the table."""
        if self._bot_error is None:
            return False
        self._say(self._stopped_line)
        return True

    # ================================================================ messages
    def _say(self, text: str) -> None:
        """One line for the player under the actions ("" clears it, unless stopped)."""
        if not text and self._bot_error is not None:
            text = self._stopped_line
        self.message.value = (f"<div style='color:{RED};font-size:1.15em;margin:4px 0'>"
                              f"{esc(text)}</div>" if text else "")

    def _say_moved_on(self, rule: str) -> None:
        """A click answered a view that is gone, though the page still showed it."""
        self._say(_("The table moved on before your click arrived: look at it again "
                    "({rule}).").format(rule=rule))

    def _refuse(self, text: str) -> bool:
        self._say(text)
        return False

    # ================================================================ the event log
    _log_list = staticmethod(log_list)

    # ================================================================ lifecycle
    def _guarded(self, fn: Callable[[], Any]) -> Callable[[Any], None]:
        """A click handler (:func:`widgets.kit.guard.guarded`, as the explainers' callbacks):
        never raises into the browser; a failure shows a fixed line and redraws."""
        def call(_button: Any = None) -> None:
            fn()
        return guarded(functools.wraps(fn)(call), show=self._say, where=f"{self.GAME} table",
                       failed=CLICK_FAILED, logger=log, closed=lambda: self._closed,
                       after_failure=self._render)

    def _render(self) -> None:
        """Redraw every part from the human's view (nothing once closed).

        The old decision buttons are disabled (:meth:`_retire_decisions`), the news drawn
        (:meth:`_draw_news`: whose turn, then the log), then the decision buttons and the cards (:meth:`_bind_decisions`, :meth:`_draw`): a page shows a
        move before the browser has made the new buttons and hand's widgets, and a page
        whose log has changed already says whose turn it is (a reader, or a test, who
        waits for the log reads the status of the same view).  A part whose text is the
        same sends nothing, so nothing is sent twice."""
        if self._closed:
            return
        self._retire_decisions()
        self._draw_news()
        self._bind_decisions()
        self._draw()
        self._drawn_for = self._token()
        self._drawn_key = self._remote_key()

    def _remote_key(self) -> Any:
        """What a remote table was drawn for: the token, the service's notes, the seats
        and the connection status (a change of any is drawn)."""
        if not self._remote:
            return None
        session: Any = self._session
        return (self._token(), len(getattr(session, "notes", ())),
                getattr(session, "players", None), getattr(session, "status", None))

    def _retire_decisions(self) -> None:
        """Disable the decision buttons made for a view that is gone, before the news is
        drawn: a page whose log has changed never offers a button whose click would be
        refused quietly (it was made for the old mark); the new buttons come after."""
        if self._decisions and self._decisions_mark != self._token():
            for button in self._decisions.values():
                if not button.disabled:
                    button.disabled = True

    def _draw_news(self) -> None:
        """Draw what a move changes for the reader, first: the status line, then the log
        (a subclass; nothing here)."""

    def _draw(self) -> None:
        raise NotImplementedError

    def _card_views(self) -> Iterable[HandView]:
        """The card views of the table (closed first by :meth:`close`)."""
        return ()

    def _loose_widgets(self) -> Iterable[ipw.Widget]:
        """Widgets of the table not (always) inside ``widget`` (closed too)."""
        return ()

    def close(self) -> None:
        """Close every widget of the table (they leave the browser); a remote session
        (:meth:`_attach`) is closed too (its thread ends)."""
        self._closed = True
        if self._remote:
            remote: Any = self._session
            if self._on_remote is not None:
                remote.on_change(self._on_remote, remove=True)
            remote.close()
        for view in self._card_views():
            view.close()
        for w in [*_tree(self.widget), *self._loose_widgets(), *self._decisions.values()]:
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _tree(root: ipw.Widget) -> list[ipw.Widget]:
    """``root`` and every widget inside it (children first)."""
    out: list[ipw.Widget] = []
    for child in getattr(root, "children", ()):
        out.extend(_tree(child))
    out.append(root)
    return out

"""A student's seat at an online table: :func:`online_table` (``lessons/app_online.ipynb``).

The join page of the table service sends the student to
``voila/render/app_online.ipynb?table=CODE&seat=N&key=SECRET&lang=..``; this page's
kernel reads that query (:func:`widgets.app.request.page_query`), checks it, connects to the
service (``CARDGAMES_TABLES_URL``) as that seat (:class:`~widgets.tables.remote.RemoteSession`)
and draws the seat with the play table of its game (``LiarTable.for_session``,
``ThirtyOneTable.for_session``): the student's kernel and browser only ever receive
that seat's view (R-L11, R-T9).

Above the table, one line in the student's language for everything that is not a
game: waiting for players, reconnecting, an unknown code, a bad key, a finished game,
the service unreachable; and the bot (issue 29): a countdown of the last
:data:`COUNTDOWN_S` seconds before the service's bot plays the student's move, then
"The bot is playing for you — take your seat back." with its button.  Under the table
(a phone's first screen is the game): who sits at it (connected, away, played by the bot).
Never a traceback.  Without a table in the query (in Jupyter, nbval, or a link cut
short) the page says how to get here instead of connecting.

>>> page = online_table({})                  # no table code: how to join, no connection
>>> page.session is None and "join" in page.status.value
True
>>> online_table({"table": "K7QX3M", "seat": "1", "key": "short"}).session is None
True
"""

from __future__ import annotations

import asyncio
import html
import math
import os
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

import ipywidgets as ipw

from cardgames import registry
from cardgames.errors import CardgamesError, ConfigError
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.naming import NamedSeat
from widgets.app.request import page_query
from widgets.kit.cardview import close_widget
from widgets.kit.table_html import bot_label, refusal_text
from widgets.tables.remote import RemoteSession, check_join
from widgets.tables.table_base import PlayTable

__all__ = ["COUNTDOWN_S", "URL_VARIABLE", "OnlineTable", "join_page_url", "online_table"]

#: The environment variable with the service's seat websocket (set for the kernels).
URL_VARIABLE = "CARDGAMES_TABLES_URL"
_RED, _GREY = "#b00020", "#555"
#: The countdown before the service's bot plays a student's move is shown for its last
#: this many seconds (the service's ``bot_timeout`` is 60 s by default; issue 29).
COUNTDOWN_S = 30.0


def _line(text: str, *, colour: str = _GREY, role: str = "status", size: str = "1.1em") -> str:
    return (f"<div class='online-status' role='{role}' style='color:{colour};"
            f"font-size:{size};margin:4px 0;line-height:1.3'>{html.escape(text)}</div>")


def table_class(game: str) -> type[PlayTable]:
    """The play table of ``game`` (a registry name): the table class whose ``GAME_NAME``
    it is (every game's table is imported with :mod:`widgets`).

    >>> table_class("31").__name__
    'ThirtyOneTable'
    """
    name = registry.get(game).name
    todo = list(PlayTable.__subclasses__())
    while todo:
        table = todo.pop()
        if table.GAME_NAME == name:
            return table
        todo += table.__subclasses__()
    raise TypeError(f"no play table for the game {name!r}")


class OnlineTable:
    """The page of one seat: the status line, the players, the table once dealt.

    ``query``: the page's query (``table``, ``seat``, ``key``); ``url``: the service's
    websocket (default ``CARDGAMES_TABLES_URL``); ``loop``, ``backoff``: passed to
    :class:`RemoteSession`.  ``widget`` is the box to display.
    """

    def __init__(self, query: Mapping[str, str], *, url: str | None = None,
                 **remote: Any) -> None:
        self.status = ipw.HTML()
        self.players = ipw.HTML()
        # the bot and this seat (issue 29): a countdown before the service's bot plays
        # the student's move, then "the bot is playing for you" with a button back
        self.bot_line = ipw.HTML()
        self.take_back_button = ipw.Button(
            description=_("Take my seat back"), button_style="warning",
            tooltip=_("Stop the bot: you make your own moves again"),
            layout=ipw.Layout(display="none", width="auto", min_height="44px"))
        self.take_back_button.add_class("online-take-back")
        self.take_back_button.on_click(self._on_take_back)
        self.bot_box = ipw.HBox([self.bot_line, self.take_back_button],
                                layout=ipw.Layout(flex_flow="row wrap", align_items="center",
                                                  display="none", min_height="0",
                                                  margin="0"))
        self.bot_box.add_class("online-bot")
        self.body = ipw.Box()
        # the table first (a phone shows whose turn, the hand and the buttons on its first
        # screen, issue 29), who sits where under it
        self.widget = ipw.VBox([self.status, self.bot_box, self.body, self.players])
        self.widget.add_class("online-table")
        self.table: Any = None
        self.session: RemoteSession | None = None
        self._closed = False
        self._code = ""
        self._seat = 0
        self._timer: Any = None           # the countdown's next tick (the kernel's loop)
        try:
            self._loop: Any = asyncio.get_running_loop()
        except RuntimeError:              # a script, the tests: tick() by hand
            self._loop = None
        if not query.get("table"):
            self._say(_("This page is your seat at an online table. Open it from your "
                        "table's join page: type the code your teacher shows (or scan its "
                        "QR code) and your name, and you are taken here."))
            href = html.escape(join_page_url(url or os.environ.get(URL_VARIABLE, "")))
            link = html.escape(_("Open the join page"))
            self.players.value = (f"<div class='online-join' style='font-size:1.1em;"
                                  f"margin:6px 0'><a href='{href}' target='_top'>{link}</a>"
                                  "</div>")
            return
        try:
            self._code, self._seat, key = check_join(query.get("table"), query.get("seat"),
                                                     query.get("key"))
        except ConfigError as e:
            self._say(_("This link is not complete or not valid ({error}). Open your "
                        "table's join page again.").format(error=e), error=True)
            return
        url = url or os.environ.get(URL_VARIABLE, "")
        # the seat's one-time code to move it to another device (issue 29)
        self._move = join_page_url(url)[: -len("join")] + f"move/{self._code}"
        try:
            self.session = RemoteSession(url, table=self._code, seat=self._seat, key=key,
                                         lang=_lang(), token=os.environ.get(
                                             "JUPYTERHUB_API_TOKEN"), **remote)
        except ConfigError:
            self._say(_("The online tables are not switched on for this server: ask your "
                        "teacher."), error=True)
            return
        self.session.on_change(self._changed)
        self._changed()

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.value = _line(text, colour=_RED if error else _GREY,
                                  role="alert" if error else "status") if text else ""
        self.status.layout.display = "" if text else "none"    # no empty line on a phone

    def _changed(self) -> None:
        """(The kernel's loop) the session changed: the status line, the players, the table."""
        if self._closed or self.session is None:
            return
        try:
            self._draw(self.session)
        except Exception:  # noqa: BLE001 - the page shows a line, never a traceback
            import logging

            logging.getLogger(__name__).exception("online table: drawing failed")
            self._say(_("Something went wrong on this page; reload it to take your seat "
                        "again."), error=True)

    def _draw(self, s: RemoteSession) -> None:
        status, code, seat = s.status, self._code, self._seat
        if status == "failed":
            self._say(self._failure_text(*(s.failure or ("", ""))), error=True)
        elif status == "connecting":
            self._say(_("Connecting to table {code}…").format(code=code))
        elif status == "reconnecting":
            self._say(_("The table service cannot be reached. Trying again…")
                      if not s.ever_connected else
                      _("The connection to the table was lost: reconnecting…"), error=True)
        elif status == "waiting" or not s.started:
            joined = sum(1 for p in s.players if p.kind != "bot" and (p.name or p.connected))
            seats = len(s.players)
            self._say(ngettext("Waiting for players: {joined} of {seats} has joined.",
                               "Waiting for players: {joined} of {seats} have joined.",
                               joined).format(joined=joined, seats=seats))
        elif status == "over":
            self._say(_("The game at table {code} is over.").format(code=code))
        else:
            self._say("")
        move = html.escape(_("Move your seat to another device"))
        self.players.value = self._players_html(s, seat) + (
            f"<div class='online-move' style='margin:2px 0;font-size:0.9em'><a href="
            f"'{html.escape(self._move)}?lang={_lang()}' target='_blank' rel='noopener'>"
            f"{move}</a></div>")
        if s.started and self.table is None and status != "failed":
            self._build(s)
        self.tick()

    # ------------------------------------------------------------------ the bot
    def bot_state(self, now: float | None = None) -> tuple[str, float | None]:
        """This seat and the service's bot now: ``("playing", None)`` (the bot plays the
        seat until the student takes it back), ``("countdown", seconds)`` (the bot plays
        the move in that many seconds unless the student moves; shown from
        :data:`COUNTDOWN_S` seconds on), or ``("", None)``."""
        s = self.session
        if s is None or s.status not in ("playing", "over") or not s.started:
            return "", None
        players = s.players
        me = players[self._seat] if self._seat < len(players) else None
        if me is None or me.kind == "bot":
            return "", None
        if me.played_by_bot:
            return "playing", None
        if me.bot_at is not None and s.status == "playing":
            left = me.bot_at - (time.monotonic() if now is None else now)
            if left <= COUNTDOWN_S:
                return "countdown", max(0.0, left)
        return "", None

    def tick(self, now: float | None = None) -> None:
        """Draw the bot line now; while a countdown runs, again in a second (the kernel's
        loop; without one a caller ticks)."""
        if self._closed:
            return
        state, left = self.bot_state(now)
        if state == "playing":
            text = _("The bot is playing for you — take your seat back.")
            self.bot_line.value = _line(text, colour=_RED, role="alert", size="1em")
        elif state == "countdown":
            n = math.ceil(left or 0.0)
            text = ngettext("Your move: in {n} second the bot plays for you.",
                            "Your move: in {n} seconds the bot plays for you.", n).format(n=n)
            self.bot_line.value = _line(text, colour=_RED, role="timer", size="1em")
        else:
            self.bot_line.value = ""
        self.bot_box.layout.display = "" if state else "none"
        self.take_back_button.layout.display = "" if state == "playing" else "none"
        self.take_back_button.disabled = state != "playing"
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        s = self.session
        me = (s.players[self._seat] if s is not None and self._seat < len(s.players)
              else None)
        if self._loop is not None and me is not None and me.bot_at is not None:
            # each second while it counts; else once it is due to start
            wait = 1.0 if state else max(0.5, me.bot_at - time.monotonic() - COUNTDOWN_S)
            try:
                self._timer = self._loop.call_later(wait, self._ticked)
            except RuntimeError:             # the loop closed meanwhile
                self._timer = None

    def _ticked(self) -> None:
        self._timer = None
        try:
            self.tick()
        except Exception:  # noqa: BLE001 - a timer must not raise into the loop
            import logging

            logging.getLogger(__name__).exception("online table: the countdown failed")

    def _on_take_back(self, _button: Any = None) -> None:
        """*Take my seat back* (checked here: a disabled button can be clicked from a
        browser): the service's bot stops playing this seat."""
        if self._closed or self.session is None:
            return
        state, _left = self.bot_state()
        if state != "playing":
            self.tick()
            return
        try:
            self.session.take_back()
        except CardgamesError as err:
            self.bot_line.value = _line(refusal_text(err, show_legal=False), colour=_RED,
                                        role="alert")
            return
        except Exception:  # noqa: BLE001 - the page shows a line, never a traceback
            import logging

            logging.getLogger(__name__).exception("online table: taking the seat back failed")
            self.bot_line.value = _line(_("Something went wrong on this page; reload it to "
                                          "take your seat again."), colour=_RED, role="alert")
            return
        self.tick()

    def _build(self, s: RemoteSession) -> None:
        # the game's own play table (the one whose GAME_NAME is the session's game)
        self.table = table_class(str(s.game)).for_session(s)
        self.body.children = (self.table.widget,)

    def _failure_text(self, code: str, message: str) -> str:
        names = {"code": self._code, "seat": self._seat}
        if code == "unknown-table":
            return _("There is no table with the code {code}. Check the code with your "
                     "teacher.").format(**names)
        if code == "bad-secret":
            return _("This link does not fit seat {seat} of table {code}. Open your table's "
                     "join page again.").format(**names)
        if code == "game-over":
            return _("The game at table {code} is over.").format(**names)
        if code in ("seat-held", "replaced") or code.startswith("closed-"):
            return _("This seat is open on another page or device, so this page has "
                     "stopped. Reload it to take the seat back here.")
        if code == "bad-data":
            return _("The table service sent something this page cannot read. Reload the "
                     "page.")
        if code == "bad-url":
            return _("The online tables are not switched on for this server: ask your "
                     "teacher.")
        return _("The table service refused this page: {message}").format(
            message=message or code)

    @staticmethod
    def _players_html(s: RemoteSession, me: int) -> str:
        parts = []
        seats = s.seats
        for i, p in enumerate(s.players):
            if p.kind == "free" or not p.name:          # nobody has taken it yet
                free = html.escape(_("a free seat"))
                parts.append(f"<span style='margin-right:1em;white-space:nowrap;color:{_GREY}'>"
                             f"○ {free}</span>")
                continue
            # one naming with the table and its log (cardgames.naming): "Player 2 (Ana)",
            # "Player 3 (heuristic bot)" (the service's own bot names are not shown)
            if p.kind == "bot":
                kind = seats[i].bot if i < len(seats) else None
                label = (_("{kind} bot").format(kind=bot_label(kind)) if kind else _("bot"))
            else:
                label = p.name
            name = html.escape(_("Player {player}").format(player=NamedSeat(i, label)))
            if i == me:
                tag = _("you") if not p.played_by_bot else _("you: the bot plays")
            elif p.kind == "bot":
                tag = ""
            elif p.played_by_bot:
                tag = _("away: the bot plays")
            elif p.connected:
                tag = _("connected")
            else:
                tag = _("away")
            dot = "●" if p.connected or p.kind == "bot" else "○"
            tagged = f" <span style='color:{_GREY}'>({html.escape(tag)})</span>" if tag else ""
            parts.append(f"<span style='margin-right:1em;white-space:nowrap'>{dot} <b>{name}"
                         f"</b>{tagged}</span>")
        if not parts:
            return ""
        title = html.escape(_("At the table:"))
        return f"<div class='online-players' style='margin:4px 0'>{title} {' '.join(parts)}</div>"

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Close the table, the connection (its thread) and the widgets."""
        self._closed = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.table is not None:
            self.table.close()              # closes the session too
        elif self.session is not None:
            self.session.close()
        for w in (self.status, self.players, self.bot_line, self.take_back_button,
                  self.bot_box, self.body, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def join_page_url(ws_url: str) -> str:
    """The service's join page (``<base>tables/join``), derived from its seat websocket
    ``ws_url`` (``CARDGAMES_TABLES_URL``) as a path on the page's own host (on the hub
    the service's prefix, ``/services/cardgames-tables/``); without a URL, relative to
    this Voila page (``<base>voila/render/app_online.ipynb``).

    >>> join_page_url("ws://127.0.0.1:8866/tables/ws")
    '/tables/join'
    >>> join_page_url("wss://hub.example/services/cardgames-tables/tables/ws")
    '/services/cardgames-tables/tables/join'
    >>> join_page_url("")
    '../../tables/join'
    """
    path = urlsplit(ws_url).path if ws_url else ""
    if path.endswith("/tables/ws"):
        return path[: -len("ws")] + "join"
    return "../../tables/join"


def _lang() -> str:
    from cardgames.i18n import get_language

    return get_language()


def online_table(query: Mapping[str, str] | None = None, *, url: str | None = None,
                 **remote: Any) -> OnlineTable:
    """The seat of the page's query (``?table=CODE&seat=N&key=SECRET``; default: this
    page's, :func:`widgets.app.request.page_query`) at its online table."""
    return OnlineTable(page_query() if query is None else query, url=url, **remote)

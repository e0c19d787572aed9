"""The seat websocket ``<base>tables/ws``: a tornado handler around
:class:`~classroom.tables.protocol.SeatConnection`.

The client (a student's kernel, never the browser) says ``hello`` within
:data:`HELLO_SECONDS` or is closed (4401); frames over :data:`MAX_MESSAGE` bytes are
closed by tornado itself, those over ``protocol.MAX_FRAME`` refused.  A second
connection presenting a seat's secret replaces the first (closed with 4409: a reload
of the page).  Pings every :data:`PING_SECONDS` keep the connection alive through
proxies and find dead peers.  The service is ``settings["cardgames_tables"]``; the
auth, if any, ``settings["cardgames_tables_auth"]`` (``check_socket(handler)``).
"""

from __future__ import annotations

import json
from typing import Any

from tornado import web
from tornado.ioloop import IOLoop
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from cardgames.i18n import gettext as _

from .errors import BadMessage
from .protocol import CLOSE, SeatConnection

__all__ = ["HELLO_SECONDS", "MAX_MESSAGE", "PING_SECONDS", "SeatSocket"]

HELLO_SECONDS = 10.0
#: Larger frames close the socket (tornado); the protocol refuses those over 4096 bytes.
MAX_MESSAGE = 64 * 1024
PING_SECONDS = 20.0

#: The open connection of each seat: (service id, table, seat) -> connection.
_HOLDERS: dict[tuple[int, str, int], SeatConnection] = {}


class SeatSocket(WebSocketHandler):
    """One seat's websocket (see the module doc)."""

    conn: SeatConnection | None = None

    def initialize(self, service: Any = None) -> None:
        self.service = service if service is not None else self.settings.get("cardgames_tables")

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE

    @property
    def ping_interval(self) -> float | None:
        return PING_SECONDS

    @property
    def ping_timeout(self) -> float | None:
        return PING_SECONDS       # tornado: at most the interval

    def check_xsrf_cookie(self) -> None:
        """No cookies are used here: the seat's secret in the hello is the proof."""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        if self.service is None:
            raise web.HTTPError(404)
        auth = self.settings.get("cardgames_tables_auth")
        if auth is not None and not auth.check_socket(self):
            raise web.HTTPError(403)
        await super().get(*args, **kwargs)

    def open(self, *args: Any, **kwargs: Any) -> None:
        loop = IOLoop.current()
        self._loop = loop
        self.conn = SeatConnection(self.service, send=self._send, close=self._close_later,
                                   on_seat=self._take_seat)
        self._hello_timer = loop.call_later(HELLO_SECONDS, self._no_hello)

    def _no_hello(self) -> None:
        conn = self.conn
        if conn is not None and conn.table is None and not conn.closed:
            conn.fail(BadMessage(_("no hello within {seconds} s").format(
                seconds=int(HELLO_SECONDS))), "no-hello")

    def _take_seat(self, conn: SeatConnection) -> None:
        self._loop.remove_timeout(self._hello_timer)
        assert conn.table is not None and conn.seat is not None
        key = (id(self.service), conn.table, conn.seat)
        old = _HOLDERS.get(key)
        _HOLDERS[key] = conn
        if old is not None and old is not conn:
            old.send({"type": "error", "code": "replaced",
                      "message": _("this seat was opened again elsewhere (a reload)")})
            old.close(CLOSE["replaced"], "replaced")

    def _send(self, message: dict[str, Any]) -> None:
        # thread-safe and in order: the service may be driven from another thread
        self._loop.add_callback(self._write, json.dumps(message, separators=(",", ":")))

    def _write(self, text: str) -> None:
        try:
            self.write_message(text)
        except WebSocketClosedError:
            pass

    def _close_later(self, code: int, reason: str) -> None:
        self._loop.add_callback(self.close, code, reason)

    def on_message(self, message: str | bytes) -> None:
        if self.conn is not None:
            self.conn.receive(message)

    def on_close(self) -> None:
        conn = self.conn
        if conn is None:
            return
        if getattr(self, "_hello_timer", None) is not None:
            self._loop.remove_timeout(self._hello_timer)
        if conn.table is not None and conn.seat is not None:
            key = (id(self.service), conn.table, conn.seat)
            if _HOLDERS.get(key) is conn:
                del _HOLDERS[key]
        conn.closed = True
        conn.detach()

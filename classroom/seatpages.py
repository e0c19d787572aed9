"""Which table seat a page's kernel plays, and whether that page is still connected.

A seat's page (``tables/play/<CODE>``, :class:`classroom.handlers.SeatPageHandler`) gets a
kernel of its own, and that kernel holds the seat's connection to the tables service.  The
kernel outlives its page until the page's shutdown beacon arrives, or the reaper finds it
alone (``orphan_timeout``).  A closing tab does not always send the beacon: a phone that
swipes a tab away may fire no ``beforeunload``, and a busy page's tab can close before its
handler has run (seen in Chromium under load: the beacon never came).  The server always
sees the page's own websocket to its kernel close, so the seat is shown away at once
(issue 29: "connected" is right within 2 s), and shown connected again when the page
reconnects (a phone back from a short network gap).

>>> pages = SeatPages()
>>> pages.bind("k1", "ABC123", 2)
>>> pages.opened("k1"), pages.opened("k1")      # the first socket of the page counts
(('ABC123', 2), None)
>>> pages.closed("k1"), pages.closed("k1")      # the last one to close counts
(None, ('ABC123', 2))
>>> pages.opened("k9") is None                  # not a seat's page
True
"""

from __future__ import annotations

import threading

__all__ = ["PAGES", "SeatPages"]


class SeatPages:
    """Kernel id -> (table code, seat) of the seat pages, and each one's open sockets."""

    def __init__(self) -> None:
        self._seat: dict[str, tuple[str, int]] = {}
        self._sockets: dict[str, int] = {}
        self._lock = threading.Lock()

    def bind(self, kernel_id: str, code: str, seat: int) -> None:
        """The page of ``code``'s ``seat`` got ``kernel_id``."""
        with self._lock:
            self._seat[kernel_id] = (code, seat)

    def opened(self, kernel_id: str) -> tuple[str, int] | None:
        """A websocket of the page opened: its seat if it is the page's first, else None."""
        with self._lock:
            if kernel_id not in self._seat:
                return None
            n = self._sockets.get(kernel_id, 0) + 1
            self._sockets[kernel_id] = n
            return self._seat[kernel_id] if n == 1 else None

    def closed(self, kernel_id: str) -> tuple[str, int] | None:
        """A websocket of the page closed: its seat if none is left open, else None."""
        with self._lock:
            n = self._sockets.get(kernel_id, 0) - 1
            if kernel_id not in self._seat or n < 0:
                return None
            if n > 0:
                self._sockets[kernel_id] = n
                return None
            self._sockets.pop(kernel_id, None)
            return self._seat[kernel_id]

    def forget(self, kernel_id: str) -> None:
        """The kernel is gone (shut down or reaped)."""
        with self._lock:
            self._seat.pop(kernel_id, None)
            self._sockets.pop(kernel_id, None)

    def __len__(self) -> int:
        return len(self._seat)


#: The server's seat pages (one classroom server per process).
PAGES = SeatPages()

"""A real tornado server with the seat websocket on 127.0.0.1 (in a thread), and a client
that records every frame it receives (helper *service*'s websocket tests)."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from typing import Any

import pytest
from testkit import missing
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.web import Application

from classroom.tables.routes import table_handlers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ThreadServer:
    """``Application(table_handlers("/"))`` with ``svc`` in its settings, on a free port
    (or ``port``: a restarted service comes back where it was)."""

    def __init__(self, svc: Any, port: int | None = None) -> None:
        self.svc = svc
        self.port = free_port() if port is None else port
        self.url = f"ws://127.0.0.1:{self.port}/tables/ws"
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the test server did not start")

    def _run(self) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        self.loop = IOLoop.current()
        app = Application(table_handlers("/"), cardgames_tables=self.svc)
        self.http = HTTPServer(app)
        self.http.listen(self.port, "127.0.0.1")
        self._ready.set()
        self.loop.start()

    def call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` on the server's loop and return its result."""
        done = threading.Event()
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["value"] = fn(*args)
            except BaseException as e:  # noqa: BLE001 - handed back to the caller
                box["error"] = e
            done.set()

        self.loop.add_callback(run)
        if not done.wait(10):
            raise TimeoutError("the server's loop did not answer")
        if "error" in box:
            raise box["error"]
        return box.get("value")

    def stop(self) -> None:
        def halt() -> None:
            self.http.stop()
            self.loop.stop()

        self.loop.add_callback(halt)
        self._thread.join(10)


def websocket_module() -> Any:
    try:
        import websocket
    except ImportError:
        missing("websocket-client is not installed (pip install -e '.[test]')",
                suite="the table websocket tests")
    return websocket


class Client:
    """One seat's client: ``send(dict)``, ``recv()`` (the next frame as a dict, recorded in
    ``frames``), ``until(predicate)``."""

    def __init__(self, url: str, timeout: float = 10.0) -> None:
        ws = websocket_module()
        self.ws = ws.create_connection(url, timeout=timeout)
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.taken: set[int] = set()     # frames until() returned
        self.next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def send_raw(self, text: str | bytes) -> None:
        if isinstance(text, bytes):
            self.ws.send_binary(text)
        else:
            self.ws.send(text)

    def request(self, kind: str, **fields: Any) -> int:
        self.next_id += 1
        self.send({"type": kind, "id": self.next_id, **fields})
        return self.next_id

    def recv(self) -> dict[str, Any]:
        text = self.ws.recv()
        if not text:
            raise ConnectionError(f"closed: {self.close_status()}")
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    def until(self, predicate: Any, *, limit: float = 10.0) -> dict[str, Any]:
        """The first frame received (now or before) for which ``predicate`` holds and that
        no earlier ``until`` returned."""
        end = time.monotonic() + limit
        looked = 0
        while time.monotonic() < end:
            for i in range(looked, len(self.frames)):
                if i not in self.taken and predicate(self.frames[i]):
                    self.taken.add(i)
                    return self.frames[i]
            looked = len(self.frames)
            self.recv()
        raise TimeoutError("no such frame")

    def answer(self, mid: int) -> dict[str, Any]:
        return self.until(lambda f: f.get("type") in ("ack", "refused") and f.get("id") == mid)

    def close_status(self) -> int | None:
        status = getattr(self.ws, "status", None)
        return int(status) if isinstance(status, int) else None

    def closed_with(self, *, limit: float = 5.0) -> int | None:
        """Read until the server closes; the close code."""
        ws = websocket_module()
        end = time.monotonic() + limit
        while time.monotonic() < end:
            try:
                op, data = self.ws.recv_data(control_frame=True)
            except (ws.WebSocketConnectionClosedException, ConnectionResetError):
                return None                       # closed without a close frame
            if op == ws.ABNF.OPCODE_CLOSE:
                return int.from_bytes(data[:2], "big") if len(data) >= 2 else None
            if op == ws.ABNF.OPCODE_TEXT:
                text = data.decode()
                self.raw.append(text)
                self.frames.append(json.loads(text))
        pytest.fail("the server did not close the connection")

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 - closed already
            pass


def hello(client: Client, code: str, seat: int, key: str, **extra: Any) -> dict[str, Any]:
    client.send({"type": "hello", "table": code, "seat": seat, "key": key, **extra})
    return client.recv()

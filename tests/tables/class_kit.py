"""Helpers of the class link's tests (helper *classview*): a real tornado server with the
class API and the class view on 127.0.0.1 (in a thread, stoppable and restartable on
the same data folder), and scripted students."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from socket_kit import free_port
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.web import Application

from classroom.tables.auth import TokenAuth
from classroom.tables.classapi import class_handlers
from classroom.tables.classview import classview_handlers
from classroom.tables.pages import page_handlers
from classroom.tables.students import ClassStore

TOKEN = "teacher-token-for-the-class-tests-0123"


class ClassServer:
    """The class API and view (and the tables' pages, for their static files) on
    ``folder/class.sqlite3``, on ``port`` (default: free)."""

    def __init__(self, folder: Path, *, port: int | None = None, auth: Any = None,
                 **settings: Any) -> None:
        self.folder = Path(folder)
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}/tables/ws"
        self.send_url = f"{self.base}/tables/api/class/send"
        self.auth = auth or TokenAuth(TOKEN)
        self.settings = settings
        self.store: ClassStore | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the class test server did not start")

    def _run(self) -> None:
        asyncio.set_event_loop(asyncio.new_event_loop())
        self.loop = IOLoop.current()
        self.store = ClassStore(self.folder / "class.sqlite3")
        app = Application([*class_handlers("/"), *classview_handlers("/"),
                           *page_handlers("/")],
                          cardgames_tables_auth=self.auth, cardgames_class=self.store,
                          xsrf_cookies=True, cookie_secret="x" * 32, **self.settings)
        self.http = HTTPServer(app, xheaders=True)     # X-Real-Ip: a student's address
        self.http.listen(self.port, "127.0.0.1")
        self._ready.set()
        self.loop.start()
        self.loop.close(all_fds=False)

    def stop(self) -> None:
        def halt() -> None:
            self.http.stop()
            assert self.store is not None
            self.store.close()
            self.loop.stop()

        self.loop.add_callback(halt)
        self._thread.join(10)


def post(url: str, body: Any, *, ctype: str = "application/json",
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """POST ``body`` (JSON, or bytes as they are); ``(status, JSON answer)``."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": ctype, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, json.loads(raw) if raw.startswith(b"{") else {}


def get(url: str, *, cookie: str = "") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def check(exercise: str, answer: str, verdict: str, hint: str = "") -> dict[str, Any]:
    return {"exercise": exercise, "answer": answer, "verdict": verdict, "hint": hint}

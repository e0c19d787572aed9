"""The kernel's side of the class link (issue 22): results sent to the class server.

A lesson page's kernel (served by the classroom server, or a student's server on
JupyterHub) sends small JSON messages (an exercise check, an experiment's result) to
the class API ``<base>tables/api/class/send`` (``classroom.tables.classapi``).
:meth:`ClassLink.from_env` finds the server from ``CARDGAMES_TABLES_URL`` (the
tables' websocket, ``ws://host:port/base/tables/ws``, set for the kernels by the
classroom server, pre-heated ones too, and by the hub's spawner); without it
(JupyterLab, nbval, a script) there is no link: ``None``, and the pages work locally
as before, saying :data:`LOCAL_NOTE`.

:meth:`ClassLink.send` never blocks the kernel's loop: it puts the message in an
outbox that one background thread posts (``urllib``), in order, each message until
it is answered: a service that is down, unreachable, busy (HTTP 5xx) or asks to slow
down (429) is tried again with a growing pause (:data:`BACKOFF`), so a student who
loses the connection keeps working and their results go when it is back.  Each
message has a unique id (this kernel's random prefix and a counter): the service
answers a resend with its first answer and counts it once; the outbox calls each
message's ``on_answer`` once, with the service's answer, or its refusal
(``{"ok": False, "error": ...}``: a refusal is final, never sent again).  At most
:data:`OUTBOX_MAX` messages wait; beyond that the oldest waiting one is dropped.

The student: under ``make serve`` the page's ``?student=KEY`` (the start page gives
each browser its key, in a cookie, and adds it to the lesson links); a pre-heated
kernel learns its page's query only when a page takes it, so the thread waits for it
there (never the kernel's loop); a page without one gets a key made by this kernel.
On the hub the request carries the server's ``JUPYTERHUB_API_TOKEN`` and the service
knows the hub user from it.

>>> ClassLink.from_env({}) is None                 # JupyterLab: no class server
True
>>> http_url("ws://127.0.0.1:8866/tables/ws")
'http://127.0.0.1:8866/tables/api/class/send'
>>> http_url("wss://hub.example/services/cardgames-tables/tables/ws")
'https://hub.example/services/cardgames-tables/tables/api/class/send'
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import threading
import unicodedata
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = ["BACKOFF", "LOCAL_NOTE", "OUTBOX_MAX", "ClassLink", "Message", "check_display_name",
           "class_link", "http_url", "page_student_key", "use_link_class"]

log = logging.getLogger(__name__)

#: The environment variable of the tables' websocket (as ``widgets.tables.online``).
URL_VARIABLE = "CARDGAMES_TABLES_URL"
#: The first and the longest pause between two tries while the service is away (s).
BACKOFF = (0.5, 30.0)
#: The most messages waiting in the outbox.
OUTBOX_MAX = 1000
#: Seconds one HTTP request may take.
TIMEOUT = 10.0
#: A student key (as ``classroom.tables.students.KEY_RE``: 22-64 URL-safe characters).
KEY_RE = re.compile(r"[A-Za-z0-9_-]{22,64}")

LOCAL_NOTE = N_("Results are not shared and progress is not kept (no class server): a "
                "reload starts the exercises over.")
SHARED_NOTE = N_("Results are shared with the class server.")
OFFLINE_NOTE = N_("The class server does not answer: results are kept and sent when it "
                  "is back.")

Post = Callable[[str, bytes, dict[str, str], float], tuple[int, dict[str, Any]]]


def http_url(ws_url: str) -> str:
    """The class API's address from the tables' websocket address."""
    url = ws_url.strip()
    if url.startswith("wss://"):
        url = "https://" + url[6:]
    elif url.startswith("ws://"):
        url = "http://" + url[5:]
    if url.endswith("/ws"):
        url = url[: -len("/ws")]
    return url.rstrip("/") + "/api/class/send"


def progress_url(send_url: str) -> str:
    """The progress read's address beside the send address.

    >>> progress_url("http://127.0.0.1:8866/tables/api/class/send")
    'http://127.0.0.1:8866/tables/api/class/progress'
    """
    return send_url[: -len("/send")] + "/progress" if send_url.endswith("/send") else send_url


def _post(url: str, body: bytes, headers: dict[str, str], timeout: float,
          ) -> tuple[int, dict[str, Any]]:
    """POST ``body``; ``(status, JSON answer)``; a network failure raises ``OSError``."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            status, raw = response.status, response.read(65536)
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read(65536)
    try:
        answer = json.loads(raw.decode("utf-8"))
    except ValueError:
        answer = {}
    return status, answer if isinstance(answer, dict) else {}


def _wait_query(stop: threading.Event) -> None:
    """(The link's thread) in a pre-heated kernel, wait until a page takes it: its query
    arrives in ``os.environ`` (read by the notebook itself, or here on Voila's query
    socket, as ``widgets.app.request.wait_for_request`` reads it, but with a timeout so
    that a notebook reading it too is never kept waiting)."""
    from widgets.app.request import page_pending, query_socket_url

    while page_pending() and not stop.is_set():
        try:
            from websockets.sync.client import connect

            with connect(query_socket_url(), open_timeout=5) as socket:
                while page_pending() and not stop.is_set():
                    try:
                        info = socket.recv(timeout=1.0)
                    except TimeoutError:
                        continue
                    for key, value in json.loads(info).items():
                        os.environ.setdefault(key, value)
                    return
        except (OSError, TimeoutError, ValueError, ImportError):
            stop.wait(1.0)
        except Exception:  # noqa: BLE001 - the socket closed: look at os.environ again
            stop.wait(1.0)


NAME_MAX = 24


def check_display_name(typed: str) -> str:
    """``typed`` trimmed if it is a display name (1-24 printable characters, as the
    class server checks it), else ``ValueError`` saying why.

    >>> check_display_name("  Ana ")
    'Ana'
    """
    name = unicodedata.normalize("NFC", typed[:200]).strip()
    if not 1 <= len(name) <= NAME_MAX or not name.isprintable():
        raise ValueError(_("a display name is 1-{most} printable characters")
                         .format(most=NAME_MAX))
    return name


def page_student_key(query: str | None = None) -> str | None:
    """The ``student`` key of the page's query (``QUERY_STRING``), if it is one.

    >>> page_student_key("lang=hr&student=" + "k" * 22) == "k" * 22
    True
    >>> page_student_key("student=short") is None
    True
    """
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    for key, value in parse_qsl(text, keep_blank_values=True):
        if key == "student":
            return value if KEY_RE.fullmatch(value) else None
    return None


@dataclass
class Message:
    """One message of the outbox; ``answer`` once answered."""

    mid: str
    kind: str
    payload: dict[str, Any]
    on_answer: Callable[[dict[str, Any]], None] | None = None
    answer: dict[str, Any] | None = field(default=None)
    #: where it goes (``None``: the link's ``send`` address)
    url: str | None = None


class ClassLink:
    """The outbox to the class API at ``url`` (see the module doc).

    ``student``: the student key (default: the page's, see :func:`page_student_key`,
    else one made here); ``token``: the hub token sent as ``Authorization``; ``name``:
    the display name sent with each message (``None``: anonymous); ``post``: the HTTP
    call (tests); ``backoff``: the first and longest pause; ``on_status``: called (from
    the link's thread) when :attr:`state` changes (more: append to :attr:`listeners`).
    """

    def __init__(self, url: str, *, student: str | None = None, token: str | None = None,
                 name: str | None = None, lang: str | None = None, post: Post | None = None,
                 backoff: tuple[float, float] = BACKOFF,
                 on_status: Callable[[str], None] | None = None) -> None:
        self.url = url
        self._student = student
        self.token = token
        self.name = name
        self.lang = lang
        self._post = post or _post
        self.backoff = backoff
        self.listeners: list[Callable[[str], None]] = [on_status] if on_status else []
        self.state = "connecting"        # connecting | shared | offline | closed
        self.sent = 0                    # messages answered
        self.tries = 0                   # HTTP requests made
        self._prefix = secrets.token_hex(6)
        self._count = 0
        self._outbox: deque[Message] = deque()
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self._thread: threading.Thread | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **options: Any) -> ClassLink | None:
        """The link to the server of ``CARDGAMES_TABLES_URL``; ``None`` without it."""
        env = os.environ if env is None else env
        ws = env.get(URL_VARIABLE, "").strip()
        if not ws.startswith(("ws://", "wss://", "http://", "https://")):
            return None
        options.setdefault("token", env.get("JUPYTERHUB_API_TOKEN") or None)
        return cls(http_url(ws), **options)

    # ------------------------------------------------------------------ the kernel's side
    @property
    def pending(self) -> int:
        """Messages not answered yet."""
        with self._cond:
            return len(self._outbox)

    def status_text(self) -> str:
        """One line for the page: shared, or kept until the server is back."""
        return _(OFFLINE_NOTE) if self.state == "offline" else _(SHARED_NOTE)

    def send(self, kind: str, payload: dict[str, Any], *,
             on_answer: Callable[[dict[str, Any]], None] | None = None,
             url: str | None = None) -> str:
        """Queue a message (never blocks); its id.  ``url``: where it goes (default: the
        link's send address)."""
        with self._cond:
            self._count += 1
            mid = f"{self._prefix}-{self._count}"
            if len(self._outbox) >= OUTBOX_MAX:
                dropped = self._outbox.popleft()
                log.warning("class link: outbox full, message %s dropped", dropped.mid)
            self._outbox.append(Message(mid, kind, dict(payload), on_answer, url=url))
            self._idle.clear()
            self._cond.notify()
        self._start()
        return mid

    def read_progress(self, lesson: str,
                      on_answer: Callable[[dict[str, Any]], None]) -> str:
        """Ask the class service for this student's own progress on ``lesson`` (``"05"``;
        ``tables/api/class/progress``, issue 31); ``on_answer`` gets the answer (from the
        link's thread), after the messages queued before it."""
        return self.send("progress", {"lesson": lesson}, on_answer=on_answer,
                         url=progress_url(self.url))

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait (at most ``timeout`` s) until every message is answered (tests, scripts)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        """Stop the thread (messages still waiting are not sent)."""
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._set_state("closed")

    # ------------------------------------------------------------------ the thread
    def _start(self) -> None:
        with self._cond:
            if self._thread is None and not self._stop.is_set():
                self._thread = threading.Thread(target=self._run, name="cardgames-classlink",
                                                daemon=True)
                self._thread.start()

    def student(self) -> str:
        """(The link's thread) the student key: given, the page's, or made here."""
        if self._student is None:
            _wait_query(self._stop)
            self._student = page_student_key() or secrets.token_urlsafe(18)
        return self._student

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            for listener in list(self.listeners):
                try:
                    listener(state)
                except Exception:  # noqa: BLE001 - a page's callback never stops the link
                    log.exception("class link: status callback failed")

    def _body(self, m: Message) -> bytes:
        body: dict[str, Any] = {"id": m.mid, "kind": m.kind, "student": self.student(),
                                "payload": m.payload}
        if self.name:
            body["name"] = self.name
        if self.lang:
            body["lang"] = self.lang
        return json.dumps(body, separators=(",", ":")).encode("utf-8")

    def _run(self) -> None:
        delay = self.backoff[0]
        while not self._stop.is_set():
            with self._cond:
                while not self._outbox and not self._stop.is_set():
                    self._idle.set()
                    self._cond.wait()
                if self._stop.is_set():
                    return
                m = self._outbox[0]
            headers = {"Content-Type": "application/json"}
            if self.token:
                headers["Authorization"] = f"token {self.token}"
            try:
                body = self._body(m)
                self.tries += 1
                status, answer = self._post(m.url or self.url, body, headers, TIMEOUT)
            except (OSError, TimeoutError, ValueError) as e:
                log.info("class link: %s unreachable (%s); again in %.1f s", self.url, e, delay)
                status, answer = 0, {}
            if self._stop.is_set():
                return
            if self._settle(m, status, answer):
                self._stop.wait(delay)
                delay = min(delay * 2, self.backoff[1])
                continue
            delay = self.backoff[0]

    def _settle(self, m: Message, status: int, answer: dict[str, Any]) -> bool:
        """After a try of ``m`` (the outbox's first), answered ``status``/``answer`` (0:
        no answer): whether to try it again later (the service is away or busy); else
        it is taken out of the outbox and its ``on_answer`` called."""
        if status in (0, 429) or status >= 500:
            self._set_state("offline")
            return True
        if status == 200 and answer.get("ok") is True:
            reply: dict[str, Any] = {"ok": True, "answer": answer.get("answer", {})}
        else:
            reply = {"ok": False, "status": status,
                     "error": answer.get("error") or {"code": f"http-{status}",
                                                      "message": f"HTTP {status}"}}
        with self._cond:
            if self._outbox and self._outbox[0] is m:
                self._outbox.popleft()
            if not self._outbox:
                self._idle.set()
        self.sent += 1
        self._set_state("shared")
        m.answer = reply
        if m.on_answer is not None:
            try:
                m.on_answer(reply)
            except Exception:  # noqa: BLE001
                log.exception("class link: answer callback failed")
        return False


_LINK: list[ClassLink | None] = []
_LINK_LOCK = threading.Lock()


#: The class of this kernel's link: :class:`ClassLink`, or the browser's
#: (:func:`use_link_class`).
_LINK_CLASS: list[type[ClassLink]] = [ClassLink]


def use_link_class(cls: type[ClassLink]) -> None:
    """Make this kernel's link a ``cls`` (before its first use): the static site's pages,
    whose Python runs in the browser without threads, use
    :class:`widgets.kit.classlink_browser.BrowserClassLink`."""
    _LINK_CLASS[0] = cls


def class_link() -> ClassLink | None:
    """This kernel's link (one per kernel, made on first use), or ``None`` (no class
    server: JupyterLab, nbval, a script)."""
    with _LINK_LOCK:
        if not _LINK:
            _LINK.append(_LINK_CLASS[0].from_env())
        return _LINK[0]

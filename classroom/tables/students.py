"""Who a student is to the class link, and the class's SQLite file (issue 22).

**Identity.**  Under ``make serve`` a student is one browser: the server gives it a
random, unguessable **student key** signed with the class's secret (:func:`issue_key`,
kept in the HttpOnly cookie :data:`COOKIE`); the classroom server hands the key of the
page's browser to the page's kernel (``classroom.handlers.RenderHandler``: never in
the address), and the kernel sends it with each message.  A key the server did not
issue is refused (:func:`identify`, issue 29: any made-up string was a new student).  The service stores only the key's
sha256 (:func:`student_id`: ``"k:<hex>"``), never the key.  A student is anonymous
unless they give a display name (checked as the tables' names:
:func:`classroom.tables.auth.check_name`).  On JupyterHub the student is the hub user
whose token the kernel's request carries (:func:`identify`: ``"hub:<name>"``); the
display name is the hub user's name and a typed one is ignored.

**The class store** (:class:`ClassStore`, ``data_dir()/class.sqlite3``, WAL,
``synchronous=FULL``): the students (id, display name) and a generic
**submissions** API: each message a student's kernel sends has a client-made id;
:meth:`ClassStore.submit` runs the message's handler and stores its answer in the
same transaction, committed before the answer is returned, so a repeat of the
same (student, id) is answered with the first answer and counted once.  The
handler may write its own rows (``classroom.tables.checks``, the experiments) in
that transaction.  A refusal (the handler raises) stores nothing: a repeat is
judged again, and is refused again for the same reason.

>>> import tempfile, pathlib
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> me = student_id("A" * 22)
>>> store.submit(me, "m1", "demo", {"n": 1}, lambda db, p: {"seen": p["n"]})
{'seen': 1}
>>> store.submit(me, "m1", "demo", {"n": 2}, lambda db, p: {"seen": p["n"]})   # a repeat
{'seen': 1}
>>> store.count("demo")
1
>>> store.close()
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

from .auth import check_name
from .errors import BadMessage
from .store import open_sqlite, private_dir, secret_file

__all__ = ["COOKIE", "DB_NAME", "KEY_RE", "MID_RE", "SCHEMA_VERSION", "BadStudent",
           "ClassStore", "Handler", "check_key", "check_mid", "class_store", "identify",
           "issue_key", "key_issued", "link_students", "new_key", "student_cookie",
           "student_id", "student_secret"]

#: The class store's file in the service's data folder.
DB_NAME = "class.sqlite3"
#: The browser's cookie with its student key (HttpOnly, SameSite=Lax).
COOKIE = "cgstudent"
#: A student key: 22-64 URL-safe characters (:func:`new_key` makes 24).
KEY_RE = re.compile(r"[A-Za-z0-9_-]{22,64}")
#: A message id: 1-64 URL-safe characters, made by the client.
MID_RE = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
SCHEMA_VERSION = 1

#: ``handler(db, payload) -> answer``: runs inside the submission's transaction.
Handler = Callable[[sqlite3.Connection, dict[str, Any]], dict[str, Any]]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    id TEXT PRIMARY KEY, name TEXT, created REAL NOT NULL, seen REAL NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (
    student TEXT NOT NULL REFERENCES students(id), mid TEXT NOT NULL, kind TEXT NOT NULL,
    answer TEXT NOT NULL, time REAL NOT NULL, PRIMARY KEY (student, mid));
CREATE INDEX IF NOT EXISTS submissions_kind ON submissions(kind);
"""


class BadStudent(CardgamesError):
    """A student key that is not one (wrong length or characters), or no identity."""

    code = "bad-student"


def new_key() -> str:
    """A fresh student key (144 random bits, URL-safe).

    >>> KEY_RE.fullmatch(new_key()) is not None
    True
    """
    return secrets.token_urlsafe(18)


#: The file of the secret that signs the class's student keys (in the data folder).
SECRET_FILE = "student-key-secret"
_RANDOM_CHARS, _MAC_CHARS = 16, 22


def _mac(secret: bytes, body: str) -> str:
    digest = hmac.new(secret, f"student:{body}".encode(), "sha256").digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:_MAC_CHARS]


def issue_key(secret: bytes) -> str:
    """A new student key signed with the class's ``secret``: 96 random bits and a
    132-bit HMAC (38 URL-safe characters).

    >>> key = issue_key(b"s" * 32)
    >>> len(key), key_issued(key, b"s" * 32), key_issued(key, b"t" * 32)
    (38, True, False)
    >>> key_issued("A" * 38, b"s" * 32), key_issued(None, b"s" * 32)
    (False, False)
    """
    body = secrets.token_urlsafe(12)
    return body + _mac(secret, body)


def key_issued(key: object, secret: bytes) -> bool:
    """``key`` is one :func:`issue_key` made with ``secret`` (constant-time)."""
    if not isinstance(key, str) or len(key) != _RANDOM_CHARS + _MAC_CHARS \
            or KEY_RE.fullmatch(key) is None:
        return False
    body, mac = key[:_RANDOM_CHARS], key[_RANDOM_CHARS:]
    return hmac.compare_digest(mac.encode(), _mac(secret, body).encode())


def student_secret(settings: dict[str, Any]) -> bytes | None:
    """The secret signing this class's student keys (``student-key-secret`` in the data
    folder, beside the tables' file; kept in ``settings``), or None where the server has
    no tables service (a student's own server on the hub: the hub user is the student)."""
    secret = settings.get("cardgames_student_secret")
    if secret is None:
        tables = settings.get("cardgames_tables")
        path = getattr(getattr(tables, "store", None), "path", None)
        if path is None:
            return None
        secret = settings["cardgames_student_secret"] = secret_file(Path(path).parent,
                                                                    SECRET_FILE)
    assert isinstance(secret, bytes)
    return secret


def check_key(key: object) -> str:
    """``key`` if it is a student key, else :class:`BadStudent`."""
    if not isinstance(key, str) or KEY_RE.fullmatch(key) is None:
        raise BadStudent(_("this is not a student key (22-64 letters, digits, - or _): "
                           "open the lesson from the class's start page"))
    return key


def check_mid(mid: object) -> str:
    """``mid`` if it is a message id (1-64 of ``A-Z a-z 0-9 _ . : -``), else
    :class:`~classroom.tables.errors.BadMessage`."""
    if not isinstance(mid, str) or MID_RE.fullmatch(mid) is None:
        raise BadMessage(_("a message id is 1-64 letters, digits or - _ . :"))
    return mid


def student_id(key: str) -> str:
    """The stored id of a student key: its sha256 (the key itself is never stored).

    >>> student_id("A" * 22) == student_id("A" * 22) != student_id("B" * 22)
    True
    >>> student_id("A" * 22)[:2]
    'k:'
    """
    return "k:" + hashlib.sha256(check_key(key).encode()).hexdigest()


def identify(handler: Any, auth: Any, key: object, typed_name: object = None,
             ) -> tuple[str, str | None]:
    """``(student id, display name or None)`` of a request to the class API.

    On the hub (``auth`` has ``user_name``): the hub user of the request's token
    (``"hub:<name>"``, the hub name as display name; what was typed is ignored);
    none: :class:`BadStudent`.  Else the student key (:func:`student_id`) and the
    typed name checked (:func:`~classroom.tables.auth.check_name`; ``None``: anonymous).
    """
    user_name = getattr(auth, "user_name", None)
    if callable(user_name):
        name = user_name(handler)
        if not name:
            raise BadStudent(_("log in to the hub first"))
        from .hub import hub_display_name

        return "hub:" + str(name)[:200], hub_display_name(name)
    secret = student_secret(getattr(handler, "settings", {}))
    if secret is not None and not key_issued(check_key(key), secret):
        raise BadStudent(_("this student key was not given by this server: open the "
                           "lesson from the class's start page"))
    sid = student_id(check_key(key))
    if typed_name is None or typed_name == "":
        return sid, None
    return sid, check_name(typed_name)


class ClassStore:
    """The class's SQLite file at ``path`` (see the module doc); thread-safe (a lock)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        private_dir(self.path.parent)
        self.clock = clock
        self._schemas: set[str] = set()
        #: what users of the store keep beside it (e.g. running sums), by name
        self.cache: dict[str, Any] = {}
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = open_sqlite(self.path,
                                                          schema_version=SCHEMA_VERSION)
        self.schema(_SCHEMA)
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise RuntimeError("the class store is closed")
        return self._db

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on an exception)."""
        with self._lock:
            db = self._conn()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def schema(self, script: str) -> None:
        """Create tables of a user of the store (``CREATE ... IF NOT EXISTS`` statements
        separated by ``;``), in one transaction."""
        with self.transaction() as db:
            for statement in script.split(";"):
                if statement.strip():
                    db.execute(statement)

    def ensure(self, script: str) -> None:
        """:meth:`schema` once per store and script."""
        if script not in self._schemas:
            self.schema(script)
            self._schemas.add(script)

    def read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query (under the lock)."""
        with self._lock:
            return list(self._conn().execute(sql, args).fetchall())

    # -- students ------------------------------------------------------------------
    def _student(self, db: sqlite3.Connection, sid: str, name: str | None) -> None:
        now = self.clock()
        db.execute("INSERT INTO students(id, name, created, seen) VALUES (?, ?, ?, ?) "
                   "ON CONFLICT(id) DO UPDATE SET seen = excluded.seen, "
                   "name = COALESCE(excluded.name, students.name)", (sid, name, now, now))

    def names(self) -> dict[str, str | None]:
        """Every student's display name (``None``: anonymous), by id."""
        return {sid: name for sid, name in self.read("SELECT id, name FROM students")}

    # -- submissions ---------------------------------------------------------------
    def submit(self, student: str, mid: str, kind: str, payload: dict[str, Any],
               handler: Handler, *, name: str | None = None) -> dict[str, Any]:
        """The answer to message ``mid`` of ``student``: the stored one if this id was
        answered before (``handler`` not run again), else ``handler(db, payload)``'s,
        stored with it in one committed transaction.  A ``CardgamesError`` from the
        handler rolls back and passes through (nothing stored)."""
        check_mid(mid)
        with self.transaction() as db:
            row = db.execute("SELECT answer FROM submissions WHERE student = ? AND mid = ?",
                             (student, mid)).fetchone()
            if row is not None:
                answer: dict[str, Any] = json.loads(row[0])
                return answer
            self._student(db, student, name)
            answer = handler(db, payload)
            db.execute("INSERT INTO submissions(student, mid, kind, answer, time) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (student, mid, kind, json.dumps(answer), self.clock()))
            return answer

    def answered(self, student: str, mid: str) -> dict[str, Any] | None:
        """The stored answer to ``student``'s message ``mid``, or None (not answered)."""
        rows = self.read("SELECT answer FROM submissions WHERE student = ? AND mid = ?",
                         (student, mid))
        if not rows:
            return None
        answer: dict[str, Any] = json.loads(rows[0][0])
        return answer

    def count(self, kind: str | None = None) -> int:
        """How many submissions were accepted (of ``kind``)."""
        if kind is None:
            return int(self.read("SELECT COUNT(*) FROM submissions")[0][0])
        return int(self.read("SELECT COUNT(*) FROM submissions WHERE kind = ?", (kind,))[0][0])

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


def class_store(settings: dict[str, Any]) -> ClassStore:
    """The server's class store (``settings["cardgames_class"]``), opened on first use
    beside the tables' file (``<tables folder>/class.sqlite3``), else in
    :func:`~classroom.tables.data_dir`."""
    store = settings.get("cardgames_class")
    if store is None:
        tables = settings.get("cardgames_tables")
        folder = getattr(getattr(tables, "store", None), "path", None)
        if folder is not None:
            path = Path(folder).parent / DB_NAME
        else:
            from .store import data_dir

            path = data_dir() / DB_NAME
        store = settings["cardgames_class"] = ClassStore(path)
    assert isinstance(store, ClassStore)
    return store


# ---------------------------------------------------------------- the start page's side
def student_cookie(handler: Any, *, path: str = "/") -> str:
    """The browser's student key: its cookie's, if this server issued it, else a new
    one (:func:`issue_key`) set in the cookie (HttpOnly, SameSite=Lax, a year)."""
    secret = student_secret(getattr(handler, "settings", {}))
    cookie = handler.request.cookies.get(COOKIE)
    if cookie is not None and KEY_RE.fullmatch(cookie.value or "") is not None and (
            secret is None or key_issued(cookie.value, secret)):
        return str(cookie.value)
    key = new_key() if secret is None else issue_key(secret)
    handler.set_cookie(COOKIE, key, path=path, httponly=True, samesite="Lax",
                       expires_days=365)
    return key


_RENDER_LINK = re.compile(r'href="([^"]*?/voila/render/[^"?#]*)(\?[^"#]*)?"')


def link_students(page: str, key: str) -> str:
    """``page`` (HTML) with ``student=KEY`` added to each link to a Voila page.

    >>> link_students('<a href="/voila/render/01.ipynb?lang=hr">', "K" * 22)
    '<a href="/voila/render/01.ipynb?lang=hr&amp;student=KKKKKKKKKKKKKKKKKKKKKK">'
    >>> link_students('<a href="/rules/en.html">', "K" * 22)
    '<a href="/rules/en.html">'
    """
    check_key(key)

    def add(m: re.Match[str]) -> str:
        query = m.group(2)
        joined = f"{query}&amp;" if query else "?"
        return f'href="{m.group(1)}{joined}student={key}"'

    return _RENDER_LINK.sub(add, page)

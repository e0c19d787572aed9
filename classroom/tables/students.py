"""Who a student is to the class link, and the class's SQLite file (issue 22).

**Identity.**  Under ``make serve`` a student is one browser: the start page gives it
a random, unguessable **student key** (:func:`new_key`, kept in the cookie
:data:`COOKIE` and added to the lesson links as ``?student=KEY``:
:func:`link_students`); a lesson page's kernel sends that key with each message (or
one it made itself when the page had none).  The service stores only the key's
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

import hashlib
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
from .store import open_sqlite

__all__ = ["COOKIE", "DB_NAME", "KEY_RE", "MID_RE", "SCHEMA_VERSION", "BadStudent",
           "ClassStore", "Handler", "check_key", "check_mid", "class_store", "identify",
           "link_students", "new_key", "student_cookie", "student_id"]

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
    sid = student_id(check_key(key))
    if typed_name is None or typed_name == "":
        return sid, None
    return sid, check_name(typed_name)


class ClassStore:
    """The class's SQLite file at ``path`` (see the module doc); thread-safe (a lock)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
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
    """The browser's student key: its cookie's, else a new one set in the cookie
    (HttpOnly, SameSite=Lax, a year)."""
    cookie = handler.request.cookies.get(COOKIE)
    if cookie is not None and KEY_RE.fullmatch(cookie.value or "") is not None:
        return str(cookie.value)
    key = new_key()
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

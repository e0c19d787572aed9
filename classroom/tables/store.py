"""The tables on disk: SQLite (WAL, ``synchronous=FULL``) under :func:`data_dir`.

Four tables (schema :data:`SCHEMA_VERSION`, SQLite's ``user_version``):

- ``tables``: code, game, config (JSON: seats, bots, options, by), seed, status,
  created, and the last snapshot (``Session.to_json()``) with the log position
  (``snapshot_seq``) it covers;
- ``seats``: per table and seat, the display name, the sha256 of its secret and
  when it was claimed (a seat once claimed stays claimed);
- ``log``: append-only, one row per change: table, ``seq`` (1, 2, ... per table),
  seat, mark (the session's mark it was made at), kind (``start``, ``act``,
  ``bot``, ``takeover``, ``next``), the action's text, the time;
- ``settings``: the teacher's switches (key, JSON value), e.g. ``students_make`` (let
  students make tables), so that they survive a restart.  (Schema 1 files gain this
  table when opened; nothing else changed.)
- ``moves``: per table and seat, the sha256 of its one-time code to move the seat to
  another device, and until when (wall time) it works: a code shown before a restart
  works after it (issue 29).  (Files of schema 2 gain this table when opened.)

Each write is its own committed transaction: the service writes an action to the
log before it applies it (a crash after the write replays it on the next start;
a crash before it loses nothing that was acknowledged).

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     store = TableStore(pathlib.Path(d) / "t.sqlite3")
...     store.add_table("K7QX3M", game="liar", config={"seats": 2}, seed=5, created=0.0)
...     store.append("K7QX3M", seat=None, mark=0, kind="start", action="[]", time=1.0)
...     [(r.code, r.status, [e.kind for e in r.log]) for r in store.load()]
...     store.set_setting("students_make", True)
...     store.setting("students_make", default=False), store.setting("other", default=0)
...     store.close()
1
[('K7QX3M', 'waiting', ['start'])]
(True, 0)
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["KINDS", "SCHEMA_VERSION", "LogEntry", "SeatRecord", "StoreError", "TableRecord",
           "TableStore", "data_dir", "default_data_dir", "private_dir", "private_file",
           "secret_file"]

SCHEMA_VERSION = 2
#: The kinds of log entry.
KINDS = ("start", "act", "bot", "takeover", "next")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL, seed INTEGER NOT NULL,
    status TEXT NOT NULL, created REAL NOT NULL,
    snapshot TEXT, snapshot_seq INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL, name TEXT NOT NULL,
    secret_hash TEXT NOT NULL, claimed REAL NOT NULL, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS log (
    code TEXT NOT NULL REFERENCES tables(code), seq INTEGER NOT NULL, seat INTEGER,
    mark INTEGER NOT NULL, kind TEXT NOT NULL, action TEXT NOT NULL, time REAL NOT NULL,
    PRIMARY KEY (code, seq));
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL REFERENCES tables(code), seat INTEGER NOT NULL,
    code_hash TEXT NOT NULL, until REAL NOT NULL, PRIMARY KEY (code, seat));
"""
#: The longest key and JSON value of a setting.
SETTING_KEY_MAX, SETTING_VALUE_MAX = 64, 4096


class StoreError(RuntimeError):
    """The data file is not one this version can read (a newer schema, a broken file)."""


def private_dir(path: str | os.PathLike[str]) -> Path:
    """``path`` made (with its parents) if missing and set to mode 0700: the class's data
    (every hand, every answer) is its owner's only (issue 29).

    >>> import tempfile, stat
    >>> d = private_dir(Path(tempfile.mkdtemp()) / "a" / "b")
    >>> oct(stat.S_IMODE(d.stat().st_mode))
    '0o700'
    """
    folder = Path(path)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        folder.chmod(0o700)
    except OSError:          # a folder named at start that is not ours: leave its mode
        pass
    return folder


def private_file(path: str | os.PathLike[str]) -> Path:
    """``path`` made empty if missing, and set to mode 0600 (before SQLite opens it: its
    ``-wal`` and ``-shm`` files take the database file's mode).

    >>> import tempfile, stat
    >>> f = private_file(Path(tempfile.mkdtemp()) / "x.sqlite3")
    >>> oct(stat.S_IMODE(f.stat().st_mode))
    '0o600'
    """
    file = Path(path)
    os.close(os.open(file, os.O_CREAT | os.O_WRONLY, 0o600))
    try:
        file.chmod(0o600)
        for extra in ("-wal", "-shm", "-journal"):
            side = file.with_name(file.name + extra)
            if side.exists():
                side.chmod(0o600)
    except OSError:
        pass
    return file


def secret_file(folder: str | os.PathLike[str], name: str) -> bytes:
    """The secret kept in ``folder/name`` (64 hex digits, mode 0600), made on first use
    and read back at every later start: cookies and keys signed with it stay valid
    across a restart (issue 29).

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> secret_file(d, "s") == secret_file(d, "s") != secret_file(d, "t")
    True
    """
    path = private_dir(folder) / name
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        text = ""
    if len(text) < 32:
        text = secrets.token_hex(32)
        private_file(path)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_CREAT | os.O_WRONLY | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(text)
        os.replace(tmp, path)
    return text.encode("ascii")


def open_sqlite(path: Path, *, schema_version: int) -> sqlite3.Connection:
    """A connection to the SQLite file ``path`` as the service's stores keep it (WAL,
    synchronous=FULL: a write acknowledged is on disk; foreign keys on; the file 0600),
    or a :class:`StoreError` when its schema is newer than ``schema_version``.

    >>> import tempfile
    >>> db = open_sqlite(Path(tempfile.mkdtemp()) / "x.sqlite3", schema_version=1)
    >>> db.execute("PRAGMA journal_mode").fetchone()[0], db.close()
    ('wal', None)
    """
    private_file(path)
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version > schema_version:
        db.close()
        raise StoreError(f"{path} has schema {version}; this version reads "
                         f"{schema_version}: use a newer cardgames or another data folder")
    private_file(path)            # the -wal and -shm files SQLite just made
    return db


def data_dir() -> Path:
    """The service's data folder: ``$CARDGAMES_DATA_DIR`` if set, else
    ``jupyter_data_dir()/cardgames`` (made 0700 if missing).  The classroom server
    uses :func:`default_data_dir` instead: a folder of its own per class."""
    env = os.environ.get("CARDGAMES_DATA_DIR", "").strip()
    if env:
        path = Path(env)
    else:
        from jupyter_core.paths import jupyter_data_dir

        path = Path(jupyter_data_dir()) / "cardgames"
    return private_dir(path)


def default_data_dir(root: str | os.PathLike[str], port: int, *, make: bool = True) -> Path:
    """The data folder of the class served from folder ``root`` on ``port`` (issue 29):
    ``$CARDGAMES_DATA_DIR`` if set, else ``<jupyter data dir>/cardgames/<root's
    name>-<port>-<10 hex digits of the root's path>``: two servers on one computer
    (another folder, or another port) never share a store, and a restart of the same
    class finds its own again.  Made 0700 (``make``).

    >>> import os
    >>> _ = os.environ.pop("CARDGAMES_DATA_DIR", None)
    >>> a = default_data_dir("/srv/lessons", 8866, make=False)
    >>> a.name[:13], a == default_data_dir("/srv/lessons/", 8866, make=False)
    ('lessons-8866-', True)
    >>> b = default_data_dir("/srv/lessons", 8867, make=False)
    >>> a != b != default_data_dir("/srv/other", 8866, make=False)
    True
    """
    env = os.environ.get("CARDGAMES_DATA_DIR", "").strip()
    if env:
        path = Path(env)
    else:
        from jupyter_core.paths import jupyter_data_dir

        where = os.path.normcase(os.path.abspath(os.fspath(root) or "."))
        digest = hashlib.sha256(f"{where}\0{int(port)}".encode()).hexdigest()[:10]
        name = "".join(c if c.isalnum() or c in "-_" else "_"
                       for c in (Path(where).name or "root"))[:40]
        path = Path(jupyter_data_dir()) / "cardgames" / f"{name}-{int(port)}-{digest}"
    return private_dir(path) if make else path


@dataclass(frozen=True)
class LogEntry:
    seq: int
    seat: int | None
    mark: int
    kind: str
    action: str
    time: float


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    name: str
    secret_hash: str
    claimed: float


@dataclass
class TableRecord:
    """One table as stored: its row, its claimed seats and the log after its snapshot
    (``log``), plus every takeover of its whole log (``takeovers``, for the notes) and
    the kind of each seat's last move (``last_moves``: was it played by the bot)."""

    code: str
    game: str
    config: dict[str, Any]
    seed: int
    status: str
    created: float
    snapshot: str | None
    snapshot_seq: int
    last_seq: int
    seats: list[SeatRecord] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    takeovers: list[LogEntry] = field(default_factory=list)
    last_moves: dict[int, str] = field(default_factory=dict)   # seat -> act|takeover


class TableStore:
    """The SQLite file at ``path`` (made with its folder if missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        private_dir(self.path.parent)
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = open_sqlite(self.path,
                                                          schema_version=SCHEMA_VERSION)
        db = self._db
        with self._write():
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    # -- writing --------------------------------------------------------------------
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError("the table store is closed")
        return self._db

    class _Tx:
        def __init__(self, store: TableStore) -> None:
            self.store = store

        def __enter__(self) -> sqlite3.Connection:
            self.store._lock.acquire()
            db = self.store._conn()
            db.execute("BEGIN IMMEDIATE")
            return db

        def __exit__(self, kind: object, *rest: object) -> None:
            db = self.store._conn()
            try:
                db.execute("COMMIT" if kind is None else "ROLLBACK")
            finally:
                self.store._lock.release()

    def _write(self) -> TableStore._Tx:
        return TableStore._Tx(self)

    def add_table(self, code: str, *, game: str, config: dict[str, Any], seed: int,
                  created: float, status: str = "waiting") -> None:
        with self._write() as db:
            db.execute("INSERT INTO tables (code, game, config, seed, status, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (code, game, json.dumps(config), seed, status, created))

    def has_table(self, code: str) -> bool:
        with self._lock:
            return self._conn().execute("SELECT 1 FROM tables WHERE code = ?",
                                        (code,)).fetchone() is not None

    def claim_seat(self, code: str, seat: int, *, name: str, secret_hash: str,
                   claimed: float) -> None:
        """Claim ``seat`` (an ``sqlite3.IntegrityError`` if it was claimed before)."""
        with self._write() as db:
            db.execute("INSERT INTO seats (code, seat, name, secret_hash, claimed) "
                       "VALUES (?, ?, ?, ?, ?)", (code, seat, name, secret_hash, claimed))

    def set_seat_secret(self, code: str, seat: int, secret_hash: str) -> None:
        """A claimed seat's new secret (its browser moved: a one-time code, issue 29)."""
        with self._write() as db:
            db.execute("UPDATE seats SET secret_hash = ? WHERE code = ? AND seat = ?",
                       (secret_hash, code, seat))

    def set_status(self, code: str, status: str) -> None:
        with self._write() as db:
            db.execute("UPDATE tables SET status = ? WHERE code = ?", (status, code))

    def append(self, code: str, *, seat: int | None, mark: int, kind: str, action: str,
               time: float) -> int:
        """Append one entry to the table's log (committed when this returns); its seq."""
        if kind not in KINDS:
            raise ValueError(f"log kind {kind!r} is not one of {KINDS}")
        with self._write() as db:
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM log WHERE code = ?",
                             (code,)).fetchone()
            seq = int(row[0]) + 1
            db.execute("INSERT INTO log (code, seq, seat, mark, kind, action, time) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (code, seq, seat, mark, kind, action, time))
        return seq

    def unappend(self, code: str, seq: int) -> None:
        """Remove the entry just appended (only if the engine refused what it logged:
        the pre-check and the engine disagreed; nothing was applied)."""
        with self._write() as db:
            db.execute("DELETE FROM log WHERE code = ? AND seq = ? AND seq = "
                       "(SELECT MAX(seq) FROM log WHERE code = ?)", (code, seq, code))

    def snapshot(self, code: str, text: str, seq: int) -> None:
        """The table's session as ``text`` (``Session.to_json()``) after log entry ``seq``."""
        with self._write() as db:
            db.execute("UPDATE tables SET snapshot = ?, snapshot_seq = ? WHERE code = ?",
                       (text, seq, code))

    def set_setting(self, key: str, value: Any) -> None:
        """Keep the teacher's setting ``key`` = ``value`` (JSON; committed when this
        returns, so a page acknowledges it only once it is on disk)."""
        if not isinstance(key, str) or not 0 < len(key) <= SETTING_KEY_MAX:
            raise ValueError(f"a setting's key is 1-{SETTING_KEY_MAX} characters, not {key!r}")
        text = json.dumps(value)
        if len(text) > SETTING_VALUE_MAX:
            raise ValueError(f"setting {key!r}: its value is {len(text)} characters of JSON, "
                             f"at most {SETTING_VALUE_MAX}")
        with self._write() as db:
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (key, text))

    def set_move(self, code: str, seat: int, code_hash: str, until: float) -> None:
        """Seat ``seat``'s one-time code (its hash), good until ``until`` (wall time); it
        replaces the seat's last one."""
        with self._write() as db:
            db.execute("INSERT INTO moves (code, seat, code_hash, until) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT(code, seat) DO UPDATE SET code_hash = excluded.code_hash, "
                       "until = excluded.until", (code, seat, code_hash, until))

    def take_move(self, code: str, code_hash: str, now: float) -> int | None:
        """The seat whose one-time code at table ``code`` has ``code_hash`` and works at
        ``now``, the code used up (removed); ``None`` if there is none.  Expired codes
        are removed on the way.

        >>> import tempfile
        >>> store = TableStore(Path(tempfile.mkdtemp()) / "t.sqlite3")
        >>> store.add_table("K7QX3M", game="liar", config={"seats": 2}, seed=5, created=0.0)
        >>> store.set_move("K7QX3M", 1, "ab" * 32, until=100.0)
        >>> store.take_move("K7QX3M", "cd" * 32, 50.0), store.take_move("K7QX3M", "ab" * 32, 50.0)
        (None, 1)
        >>> store.take_move("K7QX3M", "ab" * 32, 50.0)          # used: gone
        >>> store.close()
        """
        import hmac

        with self._write() as db:
            db.execute("DELETE FROM moves WHERE until < ?", (now,))
            rows = db.execute("SELECT seat, code_hash FROM moves WHERE code = ?",
                              (code,)).fetchall()
            for seat, digest in rows:
                if hmac.compare_digest(str(digest), code_hash):
                    db.execute("DELETE FROM moves WHERE code = ? AND seat = ?", (code, seat))
                    return int(seat)
        return None

    # -- reading --------------------------------------------------------------------
    def setting(self, key: str, *, default: Any = None) -> Any:
        """The teacher's setting ``key`` as last kept (``default`` if never set)."""
        with self._lock:
            row = self._conn().execute("SELECT value FROM settings WHERE key = ?",
                                       (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def load(self) -> list[TableRecord]:
        """Every table, oldest first, with its seats and the log after its snapshot."""
        with self._lock:
            db = self._conn()
            records = []
            for row in db.execute("SELECT code, game, config, seed, status, created, snapshot, "
                                  "snapshot_seq FROM tables ORDER BY created, code").fetchall():
                code = row[0]
                last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM log WHERE code = ?",
                                  (code,)).fetchone()[0]
                rec = TableRecord(code=code, game=row[1], config=json.loads(row[2]),
                                  seed=int(row[3]), status=row[4], created=float(row[5]),
                                  snapshot=row[6], snapshot_seq=int(row[7]), last_seq=int(last))
                rec.seats = [SeatRecord(int(s), n, h, float(c)) for s, n, h, c in db.execute(
                    "SELECT seat, name, secret_hash, claimed FROM seats WHERE code = ? "
                    "ORDER BY seat", (code,))]
                rec.log = self._entries(db, "code = ? AND seq > ?", (code, rec.snapshot_seq))
                rec.takeovers = self._entries(db, "code = ? AND kind = 'takeover'", (code,))
                rec.last_moves = {int(seat): kind for seat, kind in db.execute(
                    "SELECT seat, kind FROM log WHERE code = ? AND seq IN (SELECT MAX(seq) "
                    "FROM log WHERE code = ? AND kind IN ('act', 'takeover') GROUP BY seat)",
                    (code, code))}
                records.append(rec)
            return records

    def log(self, code: str) -> list[LogEntry]:
        """The table's whole log."""
        with self._lock:
            return self._entries(self._conn(), "code = ?", (code,))

    @staticmethod
    def _entries(db: sqlite3.Connection, where: str, args: tuple[Any, ...]) -> list[LogEntry]:
        return [LogEntry(int(q), None if s is None else int(s), int(m), k, a, float(t))
                for q, s, m, k, a, t in db.execute(
                    f"SELECT seq, seat, mark, kind, action, time FROM log WHERE {where} "
                    "ORDER BY seq", args)]

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

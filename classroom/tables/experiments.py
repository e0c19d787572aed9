"""Class experiments on the server (issue 22): the teacher opens one, every student's kernel
asks for a seed, runs its share (:mod:`cardgames.analysis.experiments`) and sends the
result; the service re-runs it and pools what it accepted.

:class:`ExperimentService` keeps its own tables in the class store
(``data_dir()/class.sqlite3``, WAL, ``synchronous=FULL``): ``experiment_runs`` (one row per
opening: the experiment, the share size, opened/closed), ``experiment_seeds`` (every seed
handed out, to whom: the sha256 of the student's key), ``experiment_results`` (every
accepted share) and ``experiment_answers`` (the first answer to each message id, so that a
resend is answered once and counted once). An accepted result is committed before it is
acknowledged.

Refused, and nothing changes (:class:`ExperimentRefused`, a ``code`` each):
``closed`` (no open run of that experiment, or the seed's run was closed), ``unknown-seed``
(a seed this student was not handed), ``duplicate`` (a second result for one seed, e.g.
after a reload), ``fabricated`` (the re-run gives another result), ``bad-result`` (not a
result: wrong fields, sizes, experiment), ``too-many-seeds`` (a student asking for more than
:data:`MAX_SEEDS` seeds of one run), ``rate-limited``.

>>> import tempfile, pathlib
>>> from cardgames.analysis.experiments import experiment
>>> svc = ExperimentService(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> run = svc.open_run("hands", n=20)
>>> got = svc.seed("student-key-1", "m1", "hands")
>>> result = experiment("hands").share(got["seed"], got["n"]).to_dict()
>>> svc.submit("student-key-1", "m2", result)["accepted"], svc.pooled("hands").shares
(True, 1)
>>> svc.submit("student-key-1", "m3", result)["error"]["code"]
'duplicate'
>>> svc.submit("student-key-1", "m2", result)["accepted"]      # the same message: the first answer
True
>>> svc.close()
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import secrets
import sqlite3
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardgames.analysis.experiments import (
    EXPERIMENTS,
    SEED_MAX,
    ExperimentError,
    Pooled,
    Result,
    experiment,
)
from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

__all__ = ["DB_NAME", "MAX_MESSAGE", "MAX_SEEDS", "ExperimentRefused", "ExperimentService",
           "hash_key"]

DB_NAME = "class.sqlite3"
#: The largest message a kernel may send, in bytes (the class link's limit).
MAX_MESSAGE = 4096
#: Seeds one student may be handed in one run.
MAX_SEEDS = 50
_ID_MAX = 64

_SCHEMA = """
CREATE TABLE IF NOT EXISTS experiment_runs (
    run INTEGER PRIMARY KEY AUTOINCREMENT, experiment TEXT NOT NULL, n INTEGER NOT NULL,
    opened REAL NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS experiment_seeds (
    run INTEGER NOT NULL REFERENCES experiment_runs(run), seed INTEGER NOT NULL,
    student TEXT NOT NULL, handed REAL NOT NULL, PRIMARY KEY (run, seed));
CREATE TABLE IF NOT EXISTS experiment_results (
    run INTEGER NOT NULL, seed INTEGER NOT NULL, student TEXT NOT NULL,
    trials TEXT NOT NULL, successes TEXT NOT NULL, histogram TEXT NOT NULL,
    received REAL NOT NULL, PRIMARY KEY (run, seed));
CREATE TABLE IF NOT EXISTS experiment_answers (
    student TEXT NOT NULL, id TEXT NOT NULL, answer TEXT NOT NULL, PRIMARY KEY (student, id));
"""


class ExperimentRefused(CardgamesError):
    """A request the experiment service refuses; ``code`` says which refusal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def hash_key(key: str) -> str:
    """How a student's key is stored: its sha256 (hex).

    >>> len(hash_key("k")), hash_key("k") == hash_key("k") != hash_key("j")
    (64, True)
    """
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _check_student(key: object) -> str:
    """The stored form of a student: the sha256 of their identity (the student key under
    ``make serve``, or the class link's id, ``classroom.tables.students.identify``)."""
    if not isinstance(key, str) or not 1 <= len(key) <= 200 or not key.isprintable():
        raise ExperimentRefused("bad-message", _("a student is named by 1-200 printable characters"))
    return hash_key(key)


def _check_id(msg_id: object) -> str:
    if not isinstance(msg_id, str) or not 1 <= len(msg_id) <= _ID_MAX or not msg_id.isprintable():
        raise ExperimentRefused("bad-message",
                                _("a message id is 1-{most} printable characters").format(
                                    most=_ID_MAX))
    return msg_id


class _Bucket:
    """A token bucket: ``rate`` per second, at most ``burst``."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.tokens, self.t = rate, burst, burst, now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.t) * self.rate)
        self.t = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class ExperimentService:
    """The experiments of the class on the SQLite file ``path`` (see the module doc).

    ``sample``: the share of results re-run (1.0: every one; below 1, a fixed pick by the
    seed, so a student cannot tell which). ``clock``: wall time; ``rate``/``burst``: each
    student's messages per second.
    """

    def __init__(self, path: str | Path, *, sample: float = 1.0,
                 clock: Callable[[], float] = time.time, rate: float = 5.0,
                 burst: float = 20.0) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), check_same_thread=False,
                                   isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.RLock()
        self.sample, self.clock, self.rate, self.burst = sample, clock, rate, burst
        self._buckets: dict[str, _Bucket] = {}

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ------------------------------------------------------------ the teacher
    def open_run(self, key: str, *, n: int | None = None) -> int:
        """Open ``key``'s experiment (closing its open run, if any): its run number.
        ``n``: the share size each student runs (the experiment's default if None)."""
        e = self._experiment(key)
        size = e.n if n is None else n
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= e.max_n:
            raise ExperimentRefused("bad-message", _("a share is 1 to {most} trials").format(
                most=e.max_n))
        with self._lock:
            now = self.clock()
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("UPDATE experiment_runs SET closed = ? WHERE experiment = ? AND "
                             "closed IS NULL", (now, key))
            cur = self._db.execute("INSERT INTO experiment_runs (experiment, n, opened) "
                                   "VALUES (?, ?, ?)", (key, size, now))
            self._db.execute("COMMIT")
            return int(cur.lastrowid or 0)

    def close_run(self, key: str) -> int | None:
        """Close ``key``'s open run: its number (None if none was open)."""
        with self._lock:
            run = self._open_run(key)
            if run is not None:
                self._db.execute("UPDATE experiment_runs SET closed = ? WHERE run = ?",
                                 (self.clock(), run[0]))
            return None if run is None else run[0]

    def runs(self) -> list[dict[str, Any]]:
        """Every run: run, experiment, n, opened, closed, shares, students."""
        with self._lock:
            rows = self._db.execute(
                "SELECT r.run, r.experiment, r.n, r.opened, r.closed, COUNT(x.seed), "
                "COUNT(DISTINCT x.student) FROM experiment_runs r LEFT JOIN experiment_results "
                "x ON x.run = r.run GROUP BY r.run ORDER BY r.run").fetchall()
        return [{"run": r[0], "experiment": r[1], "n": r[2], "opened": r[3], "closed": r[4],
                 "shares": r[5], "students": r[6]} for r in rows]

    def latest_run(self, key: str) -> dict[str, Any] | None:
        """The last run of ``key`` (open or closed), or None."""
        for r in reversed(self.runs()):
            if r["experiment"] == key:
                return r
        return None

    # ------------------------------------------------------------ the students
    def status(self, key: str) -> dict[str, Any]:
        """What a student's kernel may know: open or not, the share size, the pooled figure."""
        self._experiment(key)
        with self._lock:
            run = self._open_run(key)
        pooled = self.pooled(key)
        return {"experiment": key, "open": run is not None,
                "n": None if run is None else run[1], "pooled": pooled.to_dict()}

    def seed(self, student: str, msg_id: str, key: str) -> dict[str, Any]:
        """Hand a new seed of ``key``'s open run to ``student`` (recorded): the answer dict
        ``{"seed", "n", "run"}`` or ``{"error": {...}}``. A repeated ``msg_id`` gets the
        first answer."""
        return self._answer(student, msg_id, lambda who: self._seed(who, key))

    def submit(self, student: str, msg_id: str, data: object) -> dict[str, Any]:
        """Take a result (a dict, :meth:`Result.to_dict`): ``{"accepted": True, "pooled":
        ...}`` once re-checked and written, else ``{"accepted": False, "error": {...}}``."""
        answer = self._answer(student, msg_id, lambda who: self._submit(who, msg_id, data))
        if answer.get("accepted"):
            answer = {**answer, "pooled": self.pooled(answer["experiment"],
                                                      answer["run"]).to_dict()}
        return answer

    # ------------------------------------------------------------ the figures
    def results(self, key: str, run: int | None = None) -> list[Result]:
        """The accepted results of ``run`` (default: ``key``'s latest run), in arrival order."""
        if run is None:
            latest = self.latest_run(key)
            if latest is None:
                return []
            run = int(latest["run"])
        with self._lock:
            n_row = self._db.execute("SELECT n FROM experiment_runs WHERE run = ?",
                                     (run,)).fetchone()
            rows = self._db.execute("SELECT seed, trials, successes, histogram FROM "
                                    "experiment_results WHERE run = ? ORDER BY received, seed",
                                    (run,)).fetchall()
        n = 0 if n_row is None else int(n_row[0])
        return [Result(key, seed, n, tuple(json.loads(t)), tuple(json.loads(s)),
                       tuple((float(a), int(b)) for a, b in json.loads(h)))
                for seed, t, s, h in rows]

    def pooled(self, key: str, run: int | None = None) -> Pooled:
        """The class's pooled estimate of ``key`` (its latest run, or ``run``)."""
        return self._experiment(key).pool(self.results(key, run))

    def history(self, key: str, *, points: int = 120) -> list[dict[str, Any]]:
        """The pooled estimate after each accepted share (at most ``points`` steps, the last
        always included), for the projector's chart."""
        from cardgames.analysis.simulate import wilson_interval

        results = self.results(key)
        steps = len(results)
        if not steps:
            return []
        keep = {round(i * (steps - 1) / max(1, points - 1)) for i in range(points)}
        out = []
        trials = [0] * len(results[0].trials)
        wins = [0] * len(trials)
        for i, r in enumerate(results):
            for j, (t, s) in enumerate(zip(r.trials, r.successes, strict=True)):
                trials[j] += t
                wins[j] += s
            if i in keep or i == steps - 1:
                out.append({"shares": i + 1, "series": [
                    {"trials": t, "estimate": s / t if t else None,
                     "low": wilson_interval(s, t)[0], "high": wilson_interval(s, t)[1]}
                    for s, t in zip(wins, trials, strict=True)]})
        return out

    def csv(self, key: str, run: int | None = None) -> str:
        """The run's accepted shares as CSV (one row per share; students numbered in the
        order they first contributed, no key): for ``pandas.read_csv``."""
        e = self._experiment(key)
        if run is None:
            latest = self.latest_run(key)
            run = None if latest is None else int(latest["run"])
        rows: list[Any] = []
        if run is not None:
            with self._lock:
                rows = self._db.execute(
                    "SELECT seed, student, trials, successes, histogram, received FROM "
                    "experiment_results WHERE run = ? ORDER BY received, seed",
                    (run,)).fetchall()
        scores = sorted(x for x, _p in e.exact_histogram)
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        head = ["run", "experiment", "share", "student", "seed", "received"]
        for i in range(len(e.series)):
            head += [f"trials_{i + 1}", f"successes_{i + 1}"]
        head += [f"score_{x:g}" for x in scores]
        w.writerow(head)
        numbers: dict[str, int] = {}
        for share, (seed, student, t, s, h, received) in enumerate(rows, 1):
            number = numbers.setdefault(student, len(numbers) + 1)
            line: list[Any] = [run, key, share, number, seed, f"{received:.3f}"]
            for a, b in zip(json.loads(t), json.loads(s), strict=True):
                line += [a, b]
            hist = {float(a): int(b) for a, b in json.loads(h)}
            line += [hist.get(x, 0) for x in scores]
            w.writerow(line)
        return out.getvalue()

    # ------------------------------------------------------------ inside
    def _experiment(self, key: object) -> Any:
        if not isinstance(key, str) or key not in EXPERIMENTS:
            raise ExperimentRefused("bad-message", _("unknown experiment {key!r}").format(
                key=str(key)[:40]))
        return experiment(key)

    def _open_run(self, key: str) -> tuple[int, int] | None:
        row = self._db.execute("SELECT run, n FROM experiment_runs WHERE experiment = ? AND "
                               "closed IS NULL ORDER BY run DESC LIMIT 1", (key,)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def _answer(self, student: str, msg_id: str, work: Callable[[str], dict[str, Any]]
                ) -> dict[str, Any]:
        try:
            who = _check_student(student)
            mid = _check_id(msg_id)
        except ExperimentRefused as e:
            return {"accepted": False, "error": {"code": e.code, "message": str(e)}}
        with self._lock:
            row = self._db.execute("SELECT answer FROM experiment_answers WHERE student = ? "
                                   "AND id = ?", (who, mid)).fetchone()
            if row is not None:
                first: dict[str, Any] = json.loads(row[0])
                return first
            bucket = self._buckets.setdefault(who, _Bucket(self.rate, self.burst, self.clock()))
            if not bucket.take(self.clock()):
                return {"accepted": False, "error": {"code": "rate-limited", "message": _(
                    "too many messages: wait a moment and send again")}}
        try:
            answer = work(who)
        except (ExperimentRefused, ExperimentError) as e:
            code = getattr(e, "code", "bad-result")
            answer = {"accepted": False, "error": {"code": code, "message": str(e)}}
            if code == "rate-limited":
                return answer
        with self._lock:
            self._remember(who, mid, answer)
        return answer

    def _remember(self, who: str, mid: str, answer: dict[str, Any]) -> None:
        self._db.execute("INSERT OR IGNORE INTO experiment_answers VALUES (?, ?, ?)",
                         (who, mid, json.dumps(answer)))

    def _seed(self, who: str, key: str) -> dict[str, Any]:
        self._experiment(key)
        with self._lock:
            run = self._open_run(key)
            if run is None:
                raise ExperimentRefused("closed", _("this experiment is not open: the teacher "
                                                    "opens it"))
            (count,) = self._db.execute("SELECT COUNT(*) FROM experiment_seeds WHERE run = ? "
                                        "AND student = ?", (run[0], who)).fetchone()
            if count >= MAX_SEEDS:
                raise ExperimentRefused("too-many-seeds", _(
                    "you have had {most} seeds of this experiment: that is enough").format(
                    most=MAX_SEEDS))
            while True:
                seed = secrets.randbelow(SEED_MAX)
                try:
                    self._db.execute("INSERT INTO experiment_seeds VALUES (?, ?, ?, ?)",
                                     (run[0], seed, who, self.clock()))
                    break
                except sqlite3.IntegrityError:     # pragma: no cover - 1 in 2**53
                    continue
        return {"accepted": True, "experiment": key, "run": run[0], "seed": seed, "n": run[1]}

    def _submit(self, who: str, mid: str, data: object) -> dict[str, Any]:
        result = Result.from_dict(data)
        key = result.experiment
        e = self._experiment(key)
        with self._lock:
            row = self._db.execute(
                "SELECT s.run, r.n, r.closed FROM experiment_seeds s JOIN experiment_runs r ON "
                "r.run = s.run WHERE s.seed = ? AND s.student = ? AND r.experiment = ? "
                "ORDER BY s.run DESC LIMIT 1", (result.seed, who, key)).fetchone()
            if row is None:
                raise ExperimentRefused("unknown-seed", _("this seed was not handed to you: "
                                                          "ask for a seed first"))
            run, n, closed = int(row[0]), int(row[1]), row[2]
            if closed is not None:
                raise ExperimentRefused("closed", _("this experiment was closed before your "
                                                    "result came"))
            if self._db.execute("SELECT 1 FROM experiment_results WHERE run = ? AND seed = ?",
                                (run, result.seed)).fetchone():
                raise ExperimentRefused("duplicate", _("this result was already counted once"))
        if result.n != n:
            raise ExperimentRefused("fabricated", _("a share of this run is {n} trials, not "
                                                    "{m}").format(n=n, m=result.n))
        if self._checked(result.seed) and not e.verify(result.seed, n, result):
            raise ExperimentRefused("fabricated", _("this result is not what the seed gives: "
                                                    "it was not counted"))
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                if self._db.execute("SELECT closed FROM experiment_runs WHERE run = ?",
                                    (run,)).fetchone()[0] is not None:
                    self._db.execute("ROLLBACK")
                    raise ExperimentRefused("closed", _("this experiment was closed before "
                                                        "your result came"))
                self._db.execute(
                    "INSERT INTO experiment_results VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (run, result.seed, who, json.dumps(result.trials),
                     json.dumps(result.successes), json.dumps(result.histogram), self.clock()))
                answer = {"accepted": True, "experiment": key, "run": run, "seed": result.seed}
                self._remember(who, mid, answer)       # the result and its answer: one commit
                self._db.execute("COMMIT")
            except sqlite3.IntegrityError:
                self._db.execute("ROLLBACK")
                raise ExperimentRefused("duplicate", _("this result was already counted "
                                                       "once")) from None
        return answer

    def _checked(self, seed: int) -> bool:
        if self.sample >= 1:
            return True
        return zlib.crc32(str(seed).encode()) / 2**32 < self.sample

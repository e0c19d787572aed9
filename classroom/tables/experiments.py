"""Class experiments on the server (issue 22): the teacher opens one, every student's kernel
asks for a seed, runs its share (:mod:`cardgames.analysis.experiments`) and sends the
result; the service re-runs it and pools what it accepted.

The kernels speak through the class link (:mod:`classroom.tables.classapi`,
``tables/api/class/send``): two kinds of message registered here,
``experiment-seed`` (payload ``{"experiment": "hands"}``; answer ``{"experiment", "run",
"seed", "n"}``) and ``experiment-result`` (payload ``{"result": Result.to_dict()}``; answer
``{"experiment", "run", "seed", "counted": true, "pooled": ...}``). The class store
(:class:`~classroom.tables.students.ClassStore`, ``data_dir()/class.sqlite3``) runs each in
one transaction with its answer, so a message resent after a lost answer is answered once
and counted once, and an accepted result is committed before it is acknowledged. The
students are the class link's (the key's hash; on the hub the hub user).

Tables (made in the class store): ``experiment_runs`` (one row per opening: the
experiment, the share size, opened/closed), ``experiment_seeds`` (every seed handed out,
to which student) and ``experiment_results`` (every accepted share).

Refused, and nothing changes (:class:`ExperimentRefused`, a ``code`` each):
``closed`` (no open run of that experiment, or the seed's run was closed), ``unknown-seed``
(a seed this student was not handed), ``duplicate`` (a second result for one seed, e.g.
after a reload), ``fabricated`` (the re-run gives another result), ``bad-result`` (not a
result: wrong fields, sizes, experiment), ``too-many-seeds`` (a student asking for more than
:data:`MAX_SEEDS` seeds of one run).  Oversized, forged and too frequent messages are the
class API's refusals.

>>> import tempfile, pathlib
>>> from cardgames.analysis.experiments import experiment
>>> svc = ExperimentService(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> run = svc.open_run("hands", n=20)
>>> got = svc.seed("k:student-1", "m1", "hands")
>>> result = experiment("hands").share(got["seed"], got["n"]).to_dict()
>>> svc.submit("k:student-1", "m2", result)["accepted"], svc.pooled("hands").shares
(True, 1)
>>> svc.submit("k:student-1", "m3", result)["error"]["code"]
'duplicate'
>>> svc.submit("k:student-1", "m2", result)["accepted"]      # the same message: the first answer
True
>>> svc.close()
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import sqlite3
import time
import zlib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from cardgames.analysis.experiments import (
    EXPERIMENTS,
    SEED_MAX,
    Experiment,
    Pooled,
    Result,
    experiment,
)
from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

from .students import ClassStore, check_mid

__all__ = ["KIND_RESULT", "KIND_SEED", "MAX_SEEDS", "SCHEMA", "ExperimentRefused",
           "ExperimentService", "apply_result", "apply_seed"]

#: Seeds one student may be handed in one run.
MAX_SEEDS = 50
#: The class link's kinds of message of the experiments.
KIND_SEED = "experiment-seed"
KIND_RESULT = "experiment-result"

SCHEMA = """
CREATE TABLE IF NOT EXISTS experiment_runs (
    run INTEGER PRIMARY KEY AUTOINCREMENT, experiment TEXT NOT NULL, n INTEGER NOT NULL,
    opened REAL NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS experiment_seeds (
    run INTEGER NOT NULL REFERENCES experiment_runs(run), seed INTEGER NOT NULL,
    student TEXT NOT NULL, handed REAL NOT NULL, PRIMARY KEY (run, seed));
CREATE TABLE IF NOT EXISTS experiment_results (
    run INTEGER NOT NULL REFERENCES experiment_runs(run), seed INTEGER NOT NULL,
    student TEXT NOT NULL, trials TEXT NOT NULL, successes TEXT NOT NULL,
    histogram TEXT NOT NULL, received REAL NOT NULL, PRIMARY KEY (run, seed))
"""


class ExperimentRefused(CardgamesError):
    """A request the experiment service refuses; ``code`` says which refusal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _experiment(key: object) -> Experiment:
    if not isinstance(key, str) or key not in EXPERIMENTS:
        raise ExperimentRefused("bad-message", _("unknown experiment {key!r}").format(
            key=str(key)[:40]))
    return experiment(key)


def check_seed_payload(payload: Any) -> dict[str, Any]:
    """The payload of an ``experiment-seed`` message, checked: ``{"experiment": key}``."""
    if not isinstance(payload, dict) or set(payload) != {"experiment"}:
        raise ExperimentRefused("bad-message", _("a seed request names the experiment only"))
    return {"experiment": _experiment(payload["experiment"]).key}


def check_result_payload(payload: Any, *, sample: float = 1.0, rerun: bool = True
                         ) -> dict[str, Any]:
    """The payload of an ``experiment-result`` message, checked: ``{"result": ...}``.
    ``rerun``: also **re-run** it here (a made-up result is refused); the class API
    re-runs only after :meth:`ExperimentService.precheck` (the seed is this student's,
    its run open, not counted yet), off the event loop (:func:`prepare_result`).
    ``sample`` < 1 re-runs only that share of the seeds (a fixed pick by the seed)."""
    if not isinstance(payload, dict) or set(payload) != {"result"}:
        raise ExperimentRefused("bad-message", _("a result message holds the result only"))
    result = Result.from_dict(payload["result"])
    e = _experiment(result.experiment)
    if not 1 <= result.n <= e.max_n:
        raise ExperimentRefused("fabricated", _("a share is 1 to {most} trials").format(
            most=e.max_n))
    if rerun and checked(result.seed, sample) and not e.verify(result.seed, result.n, result):
        raise _fabricated()
    return {"result": result.to_dict()}


def checked(seed: int, sample: float) -> bool:
    """Whether the result of ``seed`` is re-run when ``sample`` of them are."""
    return sample >= 1 or zlib.crc32(str(seed).encode()) / 2**32 < sample


def _fabricated() -> ExperimentRefused:
    return ExperimentRefused("fabricated", _("this result is not what the seed gives: "
                                             "it was not counted"))


def rerun(data: dict[str, Any]) -> tuple[bool, float]:
    """(Run in the executor's process.) Whether the result ``data`` is what its seed
    gives, and the CPU seconds the re-run took."""
    start = time.process_time()
    result = Result.from_dict(data)
    ok = experiment(result.experiment).verify(result.seed, result.n, result)
    return ok, time.process_time() - start


class CpuBudget:
    """CPU seconds of re-runs each student may use: :data:`CPU_BURST` at once, refilled
    at :data:`CPU_RATE` a second (one student keeps at most that share of one core busy).
    Over it, a result is refused for now (429: the kernel sends it again later).

    >>> t = [0.0]
    >>> b = CpuBudget(clock=lambda: t[0])
    >>> b.allows("k:a"), b.charge("k:a", CPU_BURST + 1.0), b.allows("k:a"), b.allows("k:b")
    (True, None, False, True)
    >>> t[0] = 2.0 / CPU_RATE; b.allows("k:a")
    True
    """

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._left: dict[str, tuple[float, float]] = {}

    def _now(self, student: str) -> float:
        left, when = self._left.get(student, (CPU_BURST, self.clock()))
        now = self.clock()
        return min(CPU_BURST, left + (now - when) * CPU_RATE)

    def allows(self, student: str) -> bool:
        return self._now(student) > 0.0

    def charge(self, student: str, seconds: float) -> None:
        self._left[student] = (self._now(student) - seconds, self.clock())
        if len(self._left) > 5000:                       # forget the oldest
            self._left.pop(next(iter(self._left)))


#: CPU seconds of re-runs a student may use at once, and per second after (see CpuBudget).
CPU_BURST = 10.0
CPU_RATE = 0.5
BUDGET = CpuBudget()
_POOL: list[Any] = []


def _executor() -> Any:
    """One worker process for the re-runs (spawned: the server's threads are not forked);
    made on first use."""
    if not _POOL:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _POOL.append(ProcessPoolExecutor(max_workers=1,
                                         mp_context=multiprocessing.get_context("spawn")))
    return _POOL[0]


async def prepare_result(store: ClassStore, student: str, payload: dict[str, Any],
                         lang: str) -> dict[str, Any]:
    """The class API's step before an ``experiment-result`` is stored: the seed's owner
    and run checked first (:meth:`ExperimentService.precheck`), then the re-run in a
    worker process, off the event loop, within the student's :data:`BUDGET`."""
    import asyncio
    from concurrent.futures.process import BrokenProcessPool

    from cardgames.i18n import language

    from .errors import RateLimited

    with language(lang):
        result = Result.from_dict(payload["result"])
        ExperimentService.of(store).precheck(student, result)
        if not BUDGET.allows(student):
            raise RateLimited()
    try:
        ok, seconds = await asyncio.get_running_loop().run_in_executor(
            _executor(), rerun, result.to_dict())
    except BrokenProcessPool:
        _POOL.clear()
        ok, seconds = rerun(result.to_dict())
    BUDGET.charge(student, seconds)
    if not ok:
        with language(lang):
            raise _fabricated()
    return payload


class ExperimentService:
    """The experiments of the class on a :class:`ClassStore` (``store``) or on the SQLite
    file ``path`` (a store of its own); see the module doc.

    ``sample``: the share of results re-run (1.0: every one). ``clock``: wall time.
    """

    def __init__(self, path: str | Path | None = None, *, store: ClassStore | None = None,
                 sample: float = 1.0, clock: Callable[[], float] = time.time) -> None:
        if store is None:
            if path is None:
                raise ValueError("give the class store or its file")
            store = ClassStore(path, clock=clock)
            self._own = True
        else:
            self._own = False
        self.store = store
        self.store.ensure(SCHEMA)
        self.sample, self.clock = sample, clock

    @classmethod
    def of(cls, store: ClassStore) -> ExperimentService:
        """The service of ``store`` (one per store, kept in ``store.cache``)."""
        svc = store.cache.get("experiments")
        if svc is None:
            svc = store.cache["experiments"] = cls(store=store)
        assert isinstance(svc, ExperimentService)
        return svc

    def close(self) -> None:
        if self._own:
            self.store.close()

    # ------------------------------------------------------------ the teacher
    def open_run(self, key: str, *, n: int | None = None) -> int:
        """Open ``key``'s experiment (closing its open run, if any): its run number.
        ``n``: the share size each student runs (the experiment's default if None)."""
        e = _experiment(key)
        size = e.n if n is None else n
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= e.max_n:
            raise ExperimentRefused("bad-message", _("a share is 1 to {most} trials").format(
                most=e.max_n))
        with self.store.transaction() as db:
            now = self.clock()
            db.execute("UPDATE experiment_runs SET closed = ? WHERE experiment = ? AND "
                       "closed IS NULL", (now, key))
            cur = db.execute("INSERT INTO experiment_runs (experiment, n, opened) "
                             "VALUES (?, ?, ?)", (key, size, now))
            return int(cur.lastrowid or 0)

    def close_run(self, key: str) -> int | None:
        """Close ``key``'s open run: its number (None if none was open)."""
        with self.store.transaction() as db:
            run = self._open_run(db, key)
            if run is not None:
                db.execute("UPDATE experiment_runs SET closed = ? WHERE run = ?",
                           (self.clock(), run[0]))
            return None if run is None else run[0]

    def runs(self) -> list[dict[str, Any]]:
        """Every run: run, experiment, n, opened, closed, shares, students, seeds (handed
        out: more seeds than shares is a class still running, or students who kept the
        results they did not like)."""
        rows = self.store.read(
            "SELECT r.run, r.experiment, r.n, r.opened, r.closed, COUNT(x.seed), "
            "COUNT(DISTINCT x.student), (SELECT COUNT(*) FROM experiment_seeds s WHERE "
            "s.run = r.run) FROM experiment_runs r LEFT JOIN experiment_results "
            "x ON x.run = r.run GROUP BY r.run ORDER BY r.run")
        return [{"run": r[0], "experiment": r[1], "n": r[2], "opened": r[3], "closed": r[4],
                 "shares": r[5], "students": r[6], "seeds": r[7]} for r in rows]

    def latest_run(self, key: str) -> dict[str, Any] | None:
        """The last run of ``key`` (open or closed), or None."""
        for r in reversed(self.runs()):
            if r["experiment"] == key:
                return r
        return None

    # ------------------------------------------------------------ the students
    def status(self, key: str) -> dict[str, Any]:
        """What a student's kernel may know: open or not, the share size, the pooled figure."""
        _experiment(key)
        with self.store.transaction() as db:
            run = self._open_run(db, key)
        return {"experiment": key, "open": run is not None,
                "n": None if run is None else run[1], "pooled": self.pooled(key).to_dict()}

    def seed(self, student: str, mid: str, key: str) -> dict[str, Any]:
        """What the class API answers ``student``'s ``experiment-seed`` message ``mid``:
        ``{"accepted": True, "seed", "n", "run"}`` or ``{"accepted": False, "error"}``."""
        try:
            payload = check_seed_payload({"experiment": key})
            answer = self.store.submit(student, mid, KIND_SEED, payload,
                                       lambda db, p: self.apply_seed(db, student, p))
        except CardgamesError as e:
            return _refusal(e)
        return {"accepted": True, **answer}

    def submit(self, student: str, mid: str, data: object) -> dict[str, Any]:
        """What the class API answers ``student``'s ``experiment-result`` message ``mid``
        with the result ``data`` (:meth:`Result.to_dict`): ``{"accepted": True, "pooled",
        ...}`` once re-run and written, else ``{"accepted": False, "error": {...}}``."""
        try:
            payload = check_result_payload({"result": data}, rerun=False)
            result = Result.from_dict(payload["result"])
            if self.store.answered(student, check_mid(mid)) is None:
                self.precheck(student, result)              # before any re-run (issue 29)
                if checked(result.seed, self.sample) and not rerun(payload["result"])[0]:
                    raise _fabricated()
            answer = self.store.submit(student, mid, KIND_RESULT, payload,
                                       lambda db, p: self.apply_result(db, student, p))
        except CardgamesError as e:
            return _refusal(e)
        return {"accepted": True, **answer}

    # ------------------------------------------------------------ inside a transaction
    def apply_seed(self, db: sqlite3.Connection, student: str, payload: dict[str, Any]
                   ) -> dict[str, Any]:
        """Hand ``student`` a new seed of the open run (in the class store's transaction)."""
        key = payload["experiment"]
        run = self._open_run(db, key)
        if run is None:
            raise ExperimentRefused("closed", _("this experiment is not open now: wait until "
                                                "your teacher opens it, then press the button "
                                                "again"))
        (count,) = db.execute("SELECT COUNT(*) FROM experiment_seeds WHERE run = ? AND "
                              "student = ?", (run[0], student)).fetchone()
        if count >= MAX_SEEDS:
            raise ExperimentRefused("too-many-seeds", _(
                "you have had {most} seeds of this experiment: that is enough").format(
                most=MAX_SEEDS))
        while True:
            seed = secrets.randbelow(SEED_MAX)
            if db.execute("SELECT 1 FROM experiment_seeds WHERE run = ? AND seed = ?",
                          (run[0], seed)).fetchone() is None:
                break
        db.execute("INSERT INTO experiment_seeds VALUES (?, ?, ?, ?)",
                   (run[0], seed, student, self.clock()))
        return {"experiment": key, "run": run[0], "seed": seed, "n": run[1]}

    def precheck(self, student: str, result: Result) -> None:
        """Refuse ``result`` unless its seed was handed to ``student`` in an open run of
        its experiment, is not counted yet, and the share size is the run's: a cheap read,
        before the re-run (issue 29: a forged result was re-run first)."""
        with self.store.transaction() as db:
            self._check_result(db, student, result)

    def _check_result(self, db: sqlite3.Connection, student: str, result: Result
                      ) -> tuple[int, int]:
        key = result.experiment
        row = db.execute(
            "SELECT s.run, r.n, r.closed FROM experiment_seeds s JOIN experiment_runs r ON "
            "r.run = s.run WHERE s.seed = ? AND s.student = ? AND r.experiment = ? "
            "ORDER BY s.run DESC LIMIT 1", (result.seed, student, key)).fetchone()
        if row is None:
            raise ExperimentRefused("unknown-seed", _("this seed was not handed to you: "
                                                      "ask for a seed first"))
        run, n, closed = int(row[0]), int(row[1]), row[2]
        if closed is not None:
            raise ExperimentRefused("closed", _("this experiment was closed before your "
                                                "result came"))
        if db.execute("SELECT 1 FROM experiment_results WHERE run = ? AND seed = ?",
                      (run, result.seed)).fetchone():
            raise ExperimentRefused("duplicate", _("this result was already counted once"))
        if result.n != n:
            raise ExperimentRefused("fabricated", _("a share of this run is {n} trials, not "
                                                    "{m}").format(n=n, m=result.n))
        return run, n

    def apply_result(self, db: sqlite3.Connection, student: str, payload: dict[str, Any]
                     ) -> dict[str, Any]:
        """Count a re-run result (:func:`check_result_payload`, :func:`prepare_result`) of
        a seed handed to ``student`` in an open run (in the class store's transaction)."""
        result = Result.from_dict(payload["result"])
        key = result.experiment
        run, n = self._check_result(db, student, result)
        db.execute("INSERT INTO experiment_results VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (run, result.seed, student, json.dumps(result.trials),
                    json.dumps(result.successes), json.dumps(result.histogram), self.clock()))
        pooled = _experiment(key).pool(self._results(db, key, run, n)).to_dict()
        return {"experiment": key, "run": run, "seed": result.seed, "counted": True,
                "pooled": pooled}

    # ------------------------------------------------------------ the figures
    def results(self, key: str, run: int | None = None) -> list[Result]:
        """The accepted results of ``run`` (default: ``key``'s latest run), in arrival order."""
        if run is None:
            latest = self.latest_run(key)
            if latest is None:
                return []
            run = int(latest["run"])
        with self.store.transaction() as db:
            n_row = db.execute("SELECT n FROM experiment_runs WHERE run = ?", (run,)).fetchone()
            return self._results(db, key, run, 0 if n_row is None else int(n_row[0]))

    def _results(self, db: sqlite3.Connection, key: str, run: int, n: int) -> list[Result]:
        rows = db.execute("SELECT seed, trials, successes, histogram FROM experiment_results "
                          "WHERE run = ? ORDER BY received, seed", (run,)).fetchall()
        return [Result(key, seed, n, tuple(json.loads(t)), tuple(json.loads(s)),
                       tuple((float(a), int(b)) for a, b in json.loads(h)))
                for seed, t, s, h in rows]

    def pooled(self, key: str, run: int | None = None) -> Pooled:
        """The class's pooled estimate of ``key`` (its latest run, or ``run``)."""
        return _experiment(key).pool(self.results(key, run))

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
                series = []
                for s, t in zip(wins, trials, strict=True):
                    lo, hi = wilson_interval(s, t)
                    series.append({"trials": t, "estimate": s / t if t else None,
                                   "low": lo, "high": hi})
                out.append({"shares": i + 1, "series": series})
        return out

    def csv(self, key: str, run: int | None = None) -> str:
        """The run's accepted shares as CSV (one row per share; students numbered in the
        order they first contributed, no key or name; ``received``: the server's local
        date and time, ``2026-12-01 19:05:35``): for ``pandas.read_csv`` and spreadsheets."""
        e = _experiment(key)
        if run is None:
            latest = self.latest_run(key)
            run = None if latest is None else int(latest["run"])
        rows: list[Any] = []
        if run is not None:
            rows = self.store.read(
                "SELECT seed, student, trials, successes, histogram, received FROM "
                "experiment_results WHERE run = ? ORDER BY received, seed", (run,))
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
            # the server's clock (the teacher's laptop) as a spreadsheet reads it, not
            # seconds since 1970
            when = datetime.fromtimestamp(received).isoformat(sep=" ", timespec="seconds")
            line: list[Any] = [run, key, share, number, seed, when]
            for a, b in zip(json.loads(t), json.loads(s), strict=True):
                line += [a, b]
            hist = {float(a): int(b) for a, b in json.loads(h)}
            line += [hist.get(x, 0) for x in scores]
            w.writerow(line)
        return out.getvalue()

    @staticmethod
    def _open_run(db: sqlite3.Connection, key: str) -> tuple[int, int] | None:
        row = db.execute("SELECT run, n FROM experiment_runs WHERE experiment = ? AND "
                         "closed IS NULL ORDER BY run DESC LIMIT 1", (key,)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))


def _refusal(e: CardgamesError) -> dict[str, Any]:
    code = str(getattr(e, "code", "") or "bad-result")
    return {"accepted": False, "error": {"code": code, "message": str(e)}}


# ---------------------------------------------------------------- the class link's kinds
# (in the table of classroom/tables/kinds.py, which the app builds)
def apply_seed(store: ClassStore, db: sqlite3.Connection, student: str,
               name: str | None, payload: dict[str, Any]) -> dict[str, Any]:
    """The kind ``experiment-seed``'s work in the submission's transaction."""
    return ExperimentService.of(store).apply_seed(db, student, payload)


def apply_result(store: ClassStore, db: sqlite3.Connection, student: str,
                 name: str | None, payload: dict[str, Any]) -> dict[str, Any]:
    """The kind ``experiment-result``'s work in the submission's transaction."""
    return ExperimentService.of(store).apply_result(db, student, payload)

"""Bounded work per student (issue 29, finding 6).

- A forged experiment result (a seed not handed to that student, a closed run, a seed
  already counted) is refused **before** any re-run: the re-run is never called.
  (937bc5c re-ran every result first, on the event loop.)
- Through the class API the re-run runs in the executor, not on the server's loop
  thread, and a student past the CPU budget is refused (429) without a re-run.
- A student may hold at most ``STUDENT_TABLES_EACH`` open tables they made, and the
  class at most the teacher's cap: 200 posts of the "new table" form from one browser
  make 2 tables (937bc5c: 200).
- Table summaries are cached: the join page's summary of one table summarises that table
  only, once until it changes.
"""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_kit import ClassServer, post  # noqa: E402
from pages_kit import PagesBase  # noqa: E402

from cardgames.analysis.experiments import experiment  # noqa: E402
from classroom.tables import experiments as ex  # noqa: E402
from classroom.tables import service as service_module  # noqa: E402
from classroom.tables.errors import TooManyTables  # noqa: E402
from classroom.tables.routes import open_service  # noqa: E402
from classroom.tables.service import STUDENT_TABLES_EACH  # noqa: E402
from classroom.tables.students import issue_key, student_id  # noqa: E402

SECRET = b"k" * 64


@pytest.fixture
def reruns(monkeypatch):
    """Every re-run: the thread it ran on."""
    seen: list[int] = []
    real = ex.rerun

    def counted(data):
        seen.append(threading.get_ident())
        return real(data)

    monkeypatch.setattr(ex, "rerun", counted)
    return seen


def test_a_forged_result_is_refused_before_any_rerun(tmp_path, reruns):
    svc = ex.ExperimentService(tmp_path / "class.sqlite3")
    try:
        svc.open_run("hands", n=20)
        ana, ben = student_id(issue_key(SECRET)), student_id(issue_key(SECRET))
        got = svc.seed(ana, "s1", "hands")
        share = experiment("hands").share(got["seed"], 20).to_dict()
        # Ben sends Ana's seed; a seed nobody was handed; a bigger share of Ana's seed
        assert svc.submit(ben, "r1", share)["error"]["code"] == "unknown-seed"
        other = experiment("hands").share(got["seed"] + 1, 20).to_dict()
        assert svc.submit(ana, "r2", other)["error"]["code"] == "unknown-seed"
        big = experiment("hands").share(got["seed"], 40).to_dict()
        assert svc.submit(ana, "r3", big)["error"]["code"] == "fabricated"
        assert reruns == []                             # none of them was re-run
        assert svc.submit(ana, "r4", share)["accepted"] and len(reruns) == 1
        assert svc.submit(ana, "r5", share)["error"]["code"] == "duplicate"
        assert svc.submit(ana, "r4", share)["accepted"]   # the same message: its answer
        assert len(reruns) == 1
        svc.close_run("hands")
        got2 = svc.seed(ana, "s2", "hands")
        assert got2["accepted"] is False                 # closed: no seed, no re-run
        assert len(reruns) == 1
    finally:
        svc.close()


def test_the_class_api_reruns_off_the_loop_within_a_budget(tmp_path, reruns, monkeypatch):
    pool = ThreadPoolExecutor(max_workers=1)       # visible to the test (the server: a process)
    monkeypatch.setattr(ex, "_executor", lambda: pool)
    clock = [0.0]
    monkeypatch.setattr(ex, "BUDGET", ex.CpuBudget(clock=lambda: clock[0]))
    server = ClassServer(tmp_path, cardgames_student_secret=SECRET)
    try:
        loop_thread = server._thread.ident
        key = issue_key(SECRET)
        svc = ex.ExperimentService.of(server.store)
        svc.open_run("hands", n=20)

        def send(mid, kind, payload):
            return post(server.send_url, {"id": mid, "kind": kind, "student": key,
                                          "payload": payload})

        # a forged result through the API: refused before any re-run
        status, answer = send("f1", "experiment-result", {"result": experiment("hands").share(
            123, 20).to_dict()})
        assert status == 409 and answer["error"]["code"] == "unknown-seed" and reruns == []
        status, got = send("s1", "experiment-seed", {"experiment": "hands"})
        assert status == 200, got
        share = experiment("hands").share(got["answer"]["seed"], 20).to_dict()
        status, answer = send("r1", "experiment-result", {"result": share})
        assert status == 200 and answer["answer"]["counted"], answer
        assert len(reruns) == 1 and reruns[0] != loop_thread   # off the server's loop
        # past the budget: refused for now (429, the kernel sends it again), no re-run
        ex.BUDGET.charge(student_id(key), ex.CPU_BURST + 1.0)
        status, got = send("s2", "experiment-seed", {"experiment": "hands"})
        share = experiment("hands").share(got["answer"]["seed"], 20).to_dict()
        status, answer = send("r2", "experiment-result", {"result": share})
        assert status == 429 and answer["error"]["code"] == "rate-limited" and len(reruns) == 1
        clock[0] += 4.0 / ex.CPU_RATE                          # the budget refills
        status, answer = send("r2", "experiment-result", {"result": share})
        assert status == 200 and len(reruns) == 2
    finally:
        server.stop()
        pool.shutdown()


def test_students_tables_are_capped(tmp_path):
    svc = open_service(tmp_path)
    try:
        for _ in range(STUDENT_TABLES_EACH):
            svc.create_table(game="liar", seats=2, by="student", maker="browser-a")
        with pytest.raises(TooManyTables):
            svc.create_table(game="liar", seats=2, by="student", maker="browser-a")
        svc.create_table(game="liar", seats=2, by="student", maker="browser-b")
        svc.create_table(game="liar", seats=2, by="teacher")   # the teacher's: no cap
        svc.set_student_tables_cap(STUDENT_TABLES_EACH + 1)     # the class: 3 in all
        with pytest.raises(TooManyTables):
            svc.create_table(game="liar", seats=2, by="student", maker="browser-c")
        assert sum(1 for t in svc.tables() if t.by == "student") == STUDENT_TABLES_EACH + 1
    finally:
        svc.close()
    again = open_service(tmp_path)                  # the teacher's cap survives a restart
    try:
        assert again.student_tables_cap() == STUDENT_TABLES_EACH + 1
    finally:
        again.close()


class OneBrowserMakesTables(PagesBase):
    def test_two_hundred_posts_make_two_tables(self):
        self.svc.store.set_setting("students_make", True)
        eve = self.student()
        made = 0
        for _ in range(200):
            r = eve.fetch("/tables/new", method="POST",
                          form={"game": "liar", "seats": "2", "rounds": "1"})
            made += r.code == 303
        assert made == STUDENT_TABLES_EACH
        assert len(self.svc.tables()) == STUDENT_TABLES_EACH


def test_summaries_are_cached_until_a_table_changes(tmp_path, monkeypatch):
    svc = open_service(tmp_path)
    made: list[str] = []
    real = service_module.summarize

    def counted(t, s):
        made.append(t.code)
        return real(t, s)

    monkeypatch.setattr(service_module, "summarize", counted)
    try:
        codes = [svc.create_table(game="liar", seats=2).code for _ in range(20)]
        made.clear()
        assert svc.summary(codes[3]).code == codes[3] and made == [codes[3]]
        assert svc.summary(codes[3]).code == codes[3] and made == [codes[3]]   # cached
        svc.tables()
        assert sorted(made) == sorted(codes)        # each once (codes[3] kept)
        made.clear()
        svc.tables()
        assert made == []
        svc.join(codes[5], "Ana")                                # a change: that one again
        svc.tables()
        assert made == [codes[5]]
        assert [p["name"] for p in svc.summary(codes[5]).players][0] == "Ana"
    finally:
        svc.close()

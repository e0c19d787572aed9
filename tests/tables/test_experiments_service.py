"""The class experiments' service (classroom.tables.experiments), through the class link's
API (classroom.tables.classapi) and the projector's (classroom.tables.projector), issue 22: seeds handed once and recorded, every result
re-run, duplicates / fabricated / closed / forged / oversized refused and nothing changed,
everything accepted on disk before the answer (a restart keeps it), the CSV read by pandas,
30 HTTP-level students pooled exactly, the teacher's pages refused to a student."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path
from urllib.parse import urlencode

import pandas as pd
import pytest
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from cardgames.analysis.experiments import experiment
from classroom.tables.auth import COOKIE, TokenAuth
from classroom.tables.classapi import class_handlers
from classroom.tables.experiments import MAX_SEEDS, ExperimentService
from classroom.tables.pages import page_handlers
from classroom.tables.projector import experiment_handlers
from classroom.tables.students import ClassStore, student_id

TOKEN = "teacher-token-for-the-experiments-0123456789"


def key(i: int) -> str:
    """Student ``i``'s key (what the page gives the kernel)."""
    return f"student-key-{i:04d}-abcdefgh"


def student(i: int) -> str:
    """Student ``i`` as the class store knows them (the key's hash)."""
    return student_id(key(i))


def contribute(svc: ExperimentService, who: str, key: str, mid: str) -> dict:
    got = svc.seed(who, mid + "s", key)
    assert got["accepted"], got
    result = experiment(key).share(got["seed"], got["n"]).to_dict()
    return svc.submit(who, mid + "r", result)


@pytest.fixture
def svc(tmp_path: Path):
    s = ExperimentService(tmp_path / "class.sqlite3")
    yield s
    s.close()


def test_a_class_pools_and_a_restart_keeps_every_accepted_result(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite3"
    svc = ExperimentService(path)
    svc.open_run("hands", n=50)
    sent = []
    for i in range(5):
        got = svc.seed(student(i), f"s{i}", "hands")
        r = experiment("hands").share(got["seed"], 50)
        sent.append(r.successes[0])
        assert svc.submit(student(i), f"r{i}", r.to_dict())["accepted"]
    before = svc.pooled("hands")
    svc.close()                                  # the server stops (no flush step exists)
    again = ExperimentService(path)
    after = again.pooled("hands")
    assert after == before and after.shares == 5 and after.series[0].successes == sum(sent)
    assert after.series[0].trials == 250
    # the seeds handed before the restart are still that student's, and still counted once
    assert again.submit(student(0), "r0-again", {**experiment("hands").share(
        again.results("hands")[0].seed, 50).to_dict()})["error"]["code"] == "duplicate"
    again.close()


def test_a_resend_is_answered_once_and_a_second_result_for_a_seed_refused(svc) -> None:
    svc.open_run("liar", n=30)
    got = svc.seed(student(1), "m1", "liar")
    assert svc.seed(student(1), "m1", "liar") == got         # the same id: the same seed
    result = experiment("liar").share(got["seed"], 30).to_dict()
    first = svc.submit(student(1), "m2", result)
    assert first["accepted"] and first["pooled"]["shares"] == 1
    assert svc.submit(student(1), "m2", result)["accepted"]  # lost answer, resent: once
    dup = svc.submit(student(1), "m3", result)                # e.g. after a reload
    assert dup == {"accepted": False, "error": {"code": "duplicate", "message": dup["error"][
        "message"]}}
    assert svc.pooled("liar").shares == 1


def test_fabricated_unknown_and_closed_results_are_refused_and_change_nothing(svc) -> None:
    svc.open_run("hands", n=40)
    got = svc.seed(student(1), "a", "hands")
    real = experiment("hands").share(got["seed"], 40)
    fake = real.forged(successes=(real.successes[0] + 3,))
    assert svc.submit(student(1), "b", fake.to_dict())["error"]["code"] == "fabricated"
    assert svc.submit(student(1), "c", real.forged(n=20).to_dict())["error"]["code"] == \
        "fabricated"
    # another student cannot send the result of a seed handed to student 1
    assert svc.submit(student(2), "d", real.to_dict())["error"]["code"] == "unknown-seed"
    # a seed never handed out
    made_up = experiment("hands").share(12345, 40).to_dict()
    assert svc.submit(student(1), "e", made_up)["error"]["code"] == "unknown-seed"
    forged = [{"experiment": "hands"}, "not a dict", {**real.to_dict(), "trials": [1] * 99},
              {**real.to_dict(), "experiment": "dice"}]
    for k, data in enumerate(forged):
        assert svc.submit(student(1), f"f{k}", data)["error"]["code"] == "bad-result"
    assert svc.submit(student(1), "x" * 65, real.to_dict())["error"]["code"] == "bad-message"
    assert svc.pooled("hands").shares == 0
    assert svc.submit(student(1), "h", real.to_dict())["accepted"]   # the true one still counts
    # closed: no seed, and a result that comes after the close is refused
    got2 = svc.seed(student(3), "i", "hands")
    svc.close_run("hands")
    late = experiment("hands").share(got2["seed"], 40).to_dict()
    assert svc.submit(student(3), "j", late)["error"]["code"] == "closed"
    assert svc.seed(student(3), "k", "hands")["error"]["code"] == "closed"
    assert svc.pooled("hands").shares == 1


def test_seeds_are_bounded_per_student(svc) -> None:
    svc.open_run("hands")
    seeds = {svc.seed(student(1), f"m{i}", "hands")["seed"] for i in range(MAX_SEEDS)}
    assert len(seeds) == MAX_SEEDS
    assert svc.seed(student(1), "more", "hands")["error"]["code"] == "too-many-seeds"
    assert svc.seed(student(2), "other", "hands")["accepted"]       # per student


def test_csv_is_read_by_pandas_and_sums_to_the_pooled_figure(svc) -> None:
    svc.open_run("hands", n=60)
    for i in range(4):
        assert contribute(svc, student(i % 3), "hands", f"x{i}")["accepted"]
    df = pd.read_csv(io.StringIO(svc.csv("hands")))
    pooled = svc.pooled("hands")
    assert len(df) == 4 and sorted(df["student"].unique()) == [1, 2, 3]
    assert int(df["successes_1"].sum()) == pooled.series[0].successes
    assert int(df["trials_1"].sum()) == 240
    score_cols = [c for c in df.columns if c.startswith("score_")]
    assert (df[score_cols].sum(axis=1) == 60).all()       # every hand in one score column
    assert not any("student-key" in str(v) for v in df.to_numpy().ravel())   # no key leaks


def test_the_tournament_experiment_pools_two_series(svc) -> None:
    svc.open_run("reveal", n=4)
    for i in range(3):
        assert contribute(svc, student(i), "reveal", f"t{i}")["accepted"]
    p = svc.pooled("reveal")
    assert p.trials == (12, 12)
    hist = svc.history("reveal")
    assert [h["shares"] for h in hist] == [1, 2, 3]
    assert hist[-1]["series"][1]["trials"] == 12


class ExperimentsHttp(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.store = ClassStore(Path(self.folder.name) / "class.sqlite3")
        self.xsvc = ExperimentService(store=self.store)
        return web.Application(class_handlers("/") + experiment_handlers("/") +
                               page_handlers("/"), cardgames_class=self.store,
                               cardgames_experiments=self.xsvc,
                               cardgames_tables_auth=TokenAuth(TOKEN), cardgames_tables=object())

    def tearDown(self):
        super().tearDown()
        self.store.close()
        self.folder.cleanup()

    def send(self, mid: str, who: str, kind: str, payload, raw: bytes | None = None):
        """A kernel's message through the class link's API: (HTTP status, JSON answer)."""
        body = raw if raw is not None else json.dumps(
            {"id": mid, "kind": kind, "student": who, "payload": payload}).encode()
        r = self.fetch("/tables/api/class/send", method="POST", body=body, raise_error=False,
                       headers={"Content-Type": "application/json"})
        return r.code, json.loads(r.body)

    def teacher(self, path: str, method: str = "GET", form: dict | None = None):
        """The teacher's browser: the token's cookie (set by the first visit) and XSRF."""
        headers = {"Cookie": f"_xsrf=abc; {COOKIE}={TOKEN}"}
        body = None
        if method == "POST":
            body = urlencode({**(form or {}), "_xsrf": "abc"})
        return self.fetch(path, method=method, body=body, headers=headers, raise_error=False,
                          follow_redirects=False)

    def test_thirty_students_over_http_and_the_teacher_s_figure(self) -> None:
        assert self.teacher("/tables/api/experiments/open/hands", "POST", {"n": "80"}).code == 200
        sent = trials = 0
        for i in range(30):
            code, got = self.send(f"s{i}", key(i), "experiment-seed", {"experiment": "hands"})
            assert code == 200 and got["ok"] and got["answer"]["n"] == 80, got
            r = experiment("hands").share(got["answer"]["seed"], 80)
            code, ans = self.send(f"r{i}", key(i), "experiment-result", {"result": r.to_dict()})
            assert code == 200 and ans["answer"]["counted"], ans
            sent += r.successes[0]
            trials += r.n
        assert ans["answer"]["pooled"]["series"][0]["successes"] == sent
        # a resend of the last message (its answer lost): answered again, counted once
        code, again = self.send("r29", key(29), "experiment-result", {"result": r.to_dict()})
        assert code == 200 and again == ans
        # a duplicate and a fabricated result over HTTP
        code, dup = self.send("again", key(29), "experiment-result", {"result": r.to_dict()})
        assert code == 409 and dup["error"]["code"] == "duplicate"
        code, got = self.send("s-cheat", key(99), "experiment-seed", {"experiment": "hands"})
        fake = experiment("hands").share(got["answer"]["seed"], 80).forged(successes=(80,))
        code, ans = self.send("r-cheat", key(99), "experiment-result", {"result": fake.to_dict()})
        assert code == 409 and ans["error"]["code"] == "fabricated"
        live = json.loads(self.teacher("/tables/api/experiments/live/hands").body)
        s = live["pooled"]["series"][0]
        assert (live["pooled"]["shares"], s["successes"], s["trials"]) == (30, sent, trials)
        assert live["run"]["students"] == 30 and live["open"]
        assert live["run"]["seeds"] == 31          # the cheat's seed too: never counted
        status = json.loads(self.fetch("/tables/api/experiments/status/hands").body)
        assert status["pooled"]["series"][0]["successes"] == sent
        csv = self.teacher("/tables/api/experiments/csv/hands")
        assert csv.code == 200 and "text/csv" in csv.headers["Content-Type"]
        df = pd.read_csv(io.BytesIO(csv.body))
        assert len(df) == 30 and int(df["successes_1"].sum()) == sent

    def test_forged_oversized_and_closed_are_refused(self) -> None:
        code, ans = self.send("1", key(1), "experiment-seed", None, raw=b"{" * 5000)
        assert code == 413
        code, ans = self.send("2", key(1), "experiment-seed", {"experiment": "hands"})
        assert code == 409 and ans["error"]["code"] == "closed"      # not opened yet
        self.xsvc.open_run("hands")
        code, ans = self.send("3", key(1), "experiment-seed", {"experiment": "dice"})
        assert code == 400 and ans["error"]["code"] == "bad-message"
        code, ans = self.send("4", key(1), "experiment-seed", {"experiment": "hands", "x": 1})
        assert code == 400
        code, ans = self.send("5", "me", "experiment-seed", {"experiment": "hands"})
        assert code == 400 and ans["error"]["code"] == "bad-student"
        code, ans = self.send("6", key(1), "experiment-result", {"result": {"experiment": 1}})
        assert code == 409 and ans["error"]["code"] == "bad-result"
        assert self.xsvc.pooled("hands").shares == 0 and not self.xsvc.results("hands")

    def test_the_token_in_the_address_becomes_a_cookie(self) -> None:
        r = self.fetch("/tables/teacher/experiments?key=hands&token=" + TOKEN,
                       follow_redirects=False, raise_error=False)
        assert r.code == 302 and "token" not in r.headers["Location"]
        assert any(h.startswith(COOKIE + "=") for h in r.headers.get_list("Set-Cookie"))

    def test_a_student_is_refused_the_teacher_s_pages(self) -> None:
        for path in ("/tables/teacher/experiments?key=hands", "/tables/api/experiments/live/hands",
                     "/tables/api/experiments/csv/hands"):
            assert self.fetch(path, raise_error=False).code == 403, path
        r = self.fetch("/tables/api/experiments/open/hands", method="POST", body="n=5",
                       raise_error=False)
        assert r.code == 403 and self.xsvc.latest_run("hands") is None
        # with the token but without the XSRF field: refused too
        r = self.fetch("/tables/api/experiments/open/hands?token=" + TOKEN, method="POST",
                       body="n=5", raise_error=False)
        assert r.code == 403 and self.xsvc.latest_run("hands") is None

    def test_the_projector_page_in_three_languages(self) -> None:
        want = {"en": "Class experiment", "hr": "Razredni pokus", "de": "Klassenexperiment"}
        for lang, title in want.items():
            r = self.teacher(f"/tables/teacher/experiments?key=liar&lang={lang}")
            html = r.body.decode()
            assert r.code == 200 and title in html and f'lang="{lang}"' in html, lang

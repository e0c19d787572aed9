"""The gradebook (issue 31, deliverable 7): the class view's CSV, one row per student and
exercise, read back by pandas; teacher only; never another class's students; answers
written one way before grouping (0,5 = 0.5)."""

from __future__ import annotations

import io
import time
from datetime import datetime

import pandas as pd
import pytest
from class_kit import TOKEN, ClassServer, get, post

from cardgames.courseware.answers import Verdict
from cardgames.courseware.exercise_data import get as exercise
from cardgames.i18n import language
from widgets.exercises.report import check_payload

ANA, IVO, ZED = "a" * 22, "i" * 22, "z" * 22


@pytest.fixture
def classes(tmp_path):
    one, two = ClassServer(tmp_path / "one"), ClassServer(tmp_path / "two")
    yield one, two
    one.stop()
    two.stop()


def _send(server, key, mid, name, payload):
    body = {"id": mid, "kind": "check", "student": key, "payload": payload}
    if name:
        body["name"] = name
    assert post(server.send_url, body)[0] == 200


def test_the_gradebook_reads_back_in_pandas_and_holds_only_its_class(classes):
    one, two = classes
    ex = exercise("06-longest-match", 3)            # a probability: 0,5 and 0.5 are one
    with language("hr"):
        hr = check_payload(ex, "0,5", Verdict("wrong"), 1)
    with language("en"):
        en = check_payload(ex, "0.5", Verdict("wrong"), 1)
    assert hr["answer"] == en["answer"] == "0.5"
    before = time.time()
    _send(one, ANA, "a1", "Ana", {**hr, "hint": "hint-1"})
    _send(one, ANA, "a2", "Ana", {"exercise": ex.key, "answer": "1/2", "verdict": "right",
                                  "hint": "", "variant": 3})
    _send(one, IVO, "i1", None, {**en, "hint": "hint-1"})
    _send(two, ZED, "z1", "Zed Other", {**en, "hint": "hint-1"})     # another class
    url = one.base + "/tables/api/class/gradebook.csv"
    assert get(url)[0] == 403                                        # a student
    status, text = get(url, cookie=f"cgteacher={TOKEN}")
    assert status == 200
    book = pd.read_csv(io.StringIO(text), dtype={"lesson": str})
    assert list(book.columns) == ["name", "lesson", "exercise", "variant", "solved", "tries",
                                  "hints", "first", "last", "answer"]
    assert len(book) == 2 and "Zed Other" not in text
    ana = book[book["name"] == "Ana"].iloc[0]
    assert (ana["lesson"], ana["exercise"], ana["variant"]) == ("06", "06-longest-match", 3)
    assert (ana["solved"], ana["tries"], ana["hints"]) == (1, 2, 1)
    first = datetime.fromisoformat(ana["first"]).timestamp()        # the server's local time
    assert before - 2 <= first <= time.time() + 2 and ana["last"] >= ana["first"]
    ivo = book[book["name"] != "Ana"].iloc[0]
    assert ivo["name"] == "anonymous 1" and (ivo["solved"], ivo["tries"]) == (0, 1)
    status, text = get(one.base + "/tables/api/class/gradebook-summary.csv",
                       cookie=f"cgteacher={TOKEN}")
    summary = pd.read_csv(io.StringIO(text), dtype={"lesson": str})
    row = summary.iloc[0]
    assert (row["exercise"], row["tried"], row["solved"]) == ("06-longest-match", 2, 1)
    assert (str(row["common_wrong_answer"]), row["common_wrong_count"]) == ("0.5", 2)
    # the other class's gradebook: its own student only
    status, text = get(two.base + "/tables/api/class/gradebook.csv", cookie=f"cgteacher={TOKEN}")
    other = pd.read_csv(io.StringIO(text))
    assert list(other["name"]) == ["Zed Other"] and "Ana" not in text


def test_the_class_view_shows_each_students_variant_and_pools_a_mistake_by_its_idea(classes):
    import json

    one, _two = classes
    # 04-two-of-two: "drawn without replacement" is mistake 0 of a variant where you hold
    # none of the rank, mistake 1 where you hold some (mistake 0: "You hold ... now")
    def without(seed):
        v = exercise("04-two-of-two", seed)
        return next((i for i, (_w, h) in enumerate(v.mistakes)
                     if getattr(h, "msgid", "") == "The cards are drawn without replacement."),
                    None)
    seeds = {}
    for seed in range(1, 200):
        i = without(seed)
        if i is not None:
            seeds.setdefault(i, seed)
        if len(seeds) == 2:
            break
    assert set(seeds) == {0, 1}, seeds
    for n, (i, seed) in enumerate(sorted(seeds.items())):
        _send(one, (ANA, IVO)[n], f"w{n}", ("Ana", "Ivo")[n], {
            "exercise": "04-two-of-two", "answer": f"1/{100 + n}", "verdict": "wrong",
            "hint": f"mistake-{i}", "variant": seed})
    status, text = get(one.base + "/tables/api/class/view", cookie=f"cgteacher={TOKEN}")
    ex = json.loads(text)["lessons"][0]["exercises"][0]
    [group] = [g for g in ex["wrong"] if g["hint"].startswith("mistake-")]
    assert group["count"] == 2 and "without replacement" in group["label"]
    students = {s["name"]: s for s in ex["students"]}
    assert students["Ana"]["variant"] == seeds[0] and students["Ana"]["answer"] == "1/100"
    assert students["Ivo"]["variant"] == seeds[1] and students["Ivo"]["answer"] == "1/101"


def test_the_class_view_writes_numbers_the_teachers_way_and_the_csv_one_way(classes):
    """Issue 31: on the teacher's page in hr and de an answer 0.0032 (as the page sent it)
    is 0,0032, a number of games 2401 is 2.401 (the lessons' own way: "1.801 igara"), a
    fraction's parts are left as they are; in English 0.0032 and 2,401.  The CSV keeps the
    machine format (decimal point, no grouping) in every language."""
    import json

    one, _two = classes
    ex = exercise("03-p32")                                  # 16/5456 ≈ 0.00293
    with language("de"):
        sent = check_payload(ex, "0,0032", Verdict("wrong"), 1)
    assert sent["answer"] == "0.0032"                        # written one way when sent
    _send(one, ANA, "n1", "Ana", {**sent, "hint": "hint-1"})
    _send(one, IVO, "n2", "Ivo", {"exercise": "06-games-needed", "answer": "2401",
                                  "verdict": "wrong", "hint": "hint-1", "variant": None})
    _send(one, ZED, "n3", "Zed", {"exercise": "03-p32", "answer": "16/4960",
                                  "verdict": "wrong", "hint": "mistake-0", "variant": None})
    shown = {}
    for lang in ("en", "hr", "de"):
        status, text = get(one.base + f"/tables/api/class/view?lang={lang}",
                           cookie=f"cgteacher={TOKEN}")
        assert status == 200
        data = json.loads(text)
        exs = {e["exercise"]: e for lesson in data["lessons"] for e in lesson["exercises"]}
        students = {s["name"]: s["answer"] for e in exs.values() for s in e["students"]}
        groups = [a for g in exs["03-p32"]["wrong"] for a, _n in g["answers"]]
        shown[lang] = (students["Ana"], students["Ivo"], students["Zed"], sorted(groups))
    assert shown["en"] == ("0.0032", "2,401", "16/4960", ["0.0032", "16/4960"])
    assert shown["hr"] == shown["de"] == ("0,0032", "2.401", "16/4960", ["0,0032", "16/4960"])
    status, text = get(one.base + "/tables/api/class/gradebook.csv", cookie=f"cgteacher={TOKEN}")
    book = pd.read_csv(io.StringIO(text), dtype=str)
    assert sorted(book["answer"]) == ["0.0032", "16/4960", "2401"]

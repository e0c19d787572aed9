"""The teacher's class view (classroom.tables.classview, .checks): a scripted class's
checks counted exactly (the expected numbers worked out by hand from the script below),
the view only for the teacher, its words in en, hr and de (issue 22, item 2)."""

from __future__ import annotations

import json

import pytest
from class_kit import TOKEN, ClassServer, check, get, post

from cardgames.courseware.exercise_data import get as exercise
from classroom.tables.classview import CLASS_WORDS, class_words, plain

# The script: (student, name, exercise, answer, verdict, hint), in the order sent.
# 01-six-players' known mistake 0 is what the hints call it; "7 K" is that mistake.
SCRIPT = [
    ("ana", "Ana", "01-six-players", "7 K", "wrong", "mistake-0"),
    ("ana", "Ana", "01-six-players", "7 9 U K", "right", ""),
    ("ana", "Ana", "01-six-players", "7 9 U K", "right", ""),      # again after solving
    ("ivo", "Ivo", "01-six-players", "7 K", "wrong", "mistake-0"),
    ("ivo", "Ivo", "01-six-players", "7  K", "wrong", "hint-2"),
    ("ivo", "Ivo", "01-six-players", "9", "wrong", "hint-3"),       # stuck: 3, not solved
    ("eva", None, "01-six-players", "7 K", "wrong", "mistake-0"),
    ("eva", None, "01-six-players", "K", "wrong", "hint-2"),
    ("eva", None, "01-six-players", "U", "wrong", "hint-3"),        # stuck, anonymous
    ("eva", None, "01-six-players", "7", "wrong", "hint-3"),
    ("luka", "Luka", "01-six-players", "7 9 U K", "right", ""),
    ("ana", "Ana", "03-p32", "0.0031", "rounding", "rounding"),
    ("ana", "Ana", "03-p32", "1/310", "wrong", "mistake-0"),
    ("ana", "Ana", "03-p32", "1/341", "right", ""),
    ("luka", "Luka", "03-p32", "1/310", "wrong", "mistake-0"),
]
KEYS = {s: (s * 22)[:22] for s in ("ana", "ivo", "eva", "luka")}


@pytest.fixture
def server(tmp_path):
    s = ClassServer(tmp_path)
    for i, (who, name, ex, answer, verdict, hint) in enumerate(SCRIPT):
        body = {"id": f"{who}-{i}", "kind": "check", "student": KEYS[who],
                "payload": check(ex, answer, verdict, hint)}
        if name:
            body["name"] = name
        assert post(s.send_url, body)[0] == 200
    yield s
    s.stop()


def teacher_json(s, lang="en"):
    status, text = get(f"{s.base}/tables/api/class/view?lang={lang}",
                       cookie=f"cgteacher={TOKEN}")
    assert status == 200, text
    return json.loads(text)


def test_the_scripted_class_is_counted_exactly(server):
    data = teacher_json(server)
    assert data["students"] == 4
    assert [lesson["lesson"] for lesson in data["lessons"]] == ["01", "03"]
    six, = data["lessons"][0]["exercises"]
    # by hand: tried by ana, ivo, eva, luka = 4; solved by ana (try 2) and luka (try 1)
    assert (six["exercise"], six["tried"], six["solved"]) == ("01-six-players", 4, 2)
    assert six["tries_to_solve"] == {"1": 1, "2": 1}
    assert six["checks"] == 11
    assert six["stuck"] == ["Ivo"] and six["stuck_anonymous"] == 1
    # wrong answers: mistake-0 "7 K" x3 (ana, ivo, eva); other: "7 K" (ivo's "7  K"
    # with its spaces folded), "9", "K", "U", "7"  = 5
    groups = {g["hint"]: g for g in six["wrong"]}
    assert [g["hint"] for g in six["wrong"]] == ["other", "mistake-0"]
    assert groups["mistake-0"]["count"] == 3
    assert groups["mistake-0"]["answers"] == [["7 K", 3]]
    assert groups["other"]["count"] == 5
    assert groups["other"]["answers"][0] == ["7", 1] and len(groups["other"]["answers"]) == 5
    hint = exercise("01-six-players").mistakes[0][1]
    assert groups["mistake-0"]["label"] == f"Known mistake 1: {plain(hint)}"
    assert "**" not in six["question"] and "R-L2" in six["question"]
    p32, = data["lessons"][1]["exercises"]
    # ana: rounding, wrong, right -> solved after 3 tries; luka: 1 wrong, not stuck
    assert (p32["tried"], p32["solved"], p32["tries_to_solve"]) == (2, 1, {"3": 1})
    assert p32["stuck"] == [] and p32["stuck_anonymous"] == 0
    assert {g["hint"]: g["count"] for g in p32["wrong"]} == {"mistake-0": 2, "rounding": 1}
    assert p32["number"] == exercise("03-p32").number


def test_a_student_gets_403_from_the_view_and_its_data(server):
    for path in ("/tables/teacher/class", "/tables/api/class/view",
                 "/tables/teacher/class?token=wrong-token-0123456789"):
        status, text = get(server.base + path)
        assert status == 403, path
        assert "Ana" not in text and "7 K" not in text
    # a student key is no teacher token either
    status, _ = get(f"{server.base}/tables/api/class/view?token={KEYS['ana']}")
    assert status == 403


def test_the_students_api_never_answers_with_others_data(server):
    status, answer = post(server.send_url, {"id": "x-1", "kind": "check",
                                            "student": KEYS["luka"],
                                            "payload": check("01-six-players", "7 K",
                                                             "wrong", "mistake-0")})
    assert (status, answer) == (200, {"id": "x-1", "ok": True, "answer": {"counted": True}})


def test_the_teachers_page_in_each_language(server):
    status, _ = get(f"{server.base}/tables/teacher/class?token={TOKEN}")
    assert status == 403          # the token's redirect sets a cookie urllib does not keep
    status, html = get(f"{server.base}/tables/teacher/class?lang=hr",
                       cookie=f"cgteacher={TOKEN}")
    assert status == 200 and '<html lang="hr">' in html
    assert class_words("hr")["class_title"] in html
    for lang in ("hr", "de"):
        w = class_words(lang)
        assert [k for k in CLASS_WORDS if w[k] == CLASS_WORDS[k]] == []
    data = teacher_json(server, "de")
    six = data["lessons"][0]["exercises"][0]
    label = six["wrong"][1]["label"]
    assert label.startswith(class_words("de")["class_mistake"])
    # the exercise's own texts in the teacher's language too
    from cardgames.courseware.texts import tr
    ex = exercise("01-six-players")
    assert six["question"] == plain(tr(ex.question, lang="de")) != plain(str(ex.question))
    assert label.endswith(plain(tr(ex.mistakes[0][1], lang="de")))


def test_the_running_sums_equal_a_count_from_scratch(tmp_path):
    """The view's sums are kept and brought up to date from new rows: polled while the
    class checks, they end where a count of every row from scratch ends."""
    from classroom.tables import checks
    from classroom.tables.students import ClassStore, student_id

    store = ClassStore(tmp_path / "class.sqlite3")
    checks.setup(store)
    for i, (who, name, ex, answer, verdict, hint) in enumerate(SCRIPT):
        store.submit(student_id(KEYS[who]), f"{who}-{i}", "check",
                     check(ex, answer, verdict, hint),
                     lambda db, p, who=who: checks.record(db, student_id(KEYS[who]), p),
                     name=name)
        polled = checks.summary(store)               # a poll after every check
    store.cache.clear()
    assert checks.summary(store) == polled
    assert polled["lessons"][0]["exercises"][0]["tried"] == 4
    store.close()


def test_the_teachers_page_links_the_class_view(tmp_path):
    from classroom.tables.routes import open_service

    svc = open_service(tmp_path / "tables")
    s = ClassServer(tmp_path, cardgames_tables=svc)
    try:
        for lang in ("en", "hr", "de"):
            status, html = get(f"{s.base}/tables/teacher?lang={lang}",
                               cookie=f"cgteacher={TOKEN}")
            assert status == 200
            link = (f'<a href="/tables/teacher/class?lang={lang}" id="class-view-link">'
                    f'{class_words(lang)["class_link"]}</a>')
            assert link in html
    finally:
        s.stop()
        svc.close()


# Lesson 03's "count 31" drawn in variants: seeds 0, 1, 2, 3 draw "exactly 28", 29, 27,
# 29 (seeds 1 and 3: the same numbers); "5" is no known mistake of any of them.
VARIANT_SCRIPT = [
    ("ana", 0, "5", "hint-1"), ("ana", 0, "11", "mistake-0"),
    ("ivo", 2, "5", "hint-1"), ("ivo", 2, "12", "mistake-0"),
    ("eva", 1, "5", "hint-1"),
    ("luka", 3, "5", "hint-1"), ("luka", 3, "6", "hint-2"),
    ("mia", None, "5", "hint-1"),              # no variant field: the default (31)
]


def test_other_wrong_answers_are_grouped_by_variant(tmp_path):
    s = ClassServer(tmp_path)
    try:
        for i, (who, seed, answer, hint) in enumerate(VARIANT_SCRIPT):
            payload = check("03-count-31", answer, "wrong", hint)
            if seed is not None:
                payload["variant"] = seed
            body = {"id": f"{who}-v{i}", "kind": "check", "student": (who * 22)[:22],
                    "payload": payload}
            assert post(s.send_url, body)[0] == 200
        ex, = teacher_json(s)["lessons"][0]["exercises"]
    finally:
        s.stop()
    # by hand: the known mistakes pooled over the variants (ana's 11, ivo's 12: 2);
    # "5" from four variants is four groups, not "5 (5)": 29 (eva and luka: 5, 5, 6),
    # 31 (mia), 28 (ana), 27 (ivo)
    got = [(g["hint"], g["count"], g["answers"], g.get("question", "")) for g in ex["wrong"]]
    assert [(h, n, a) for h, n, a, _q in got] == [
        ("other", 3, [["5", 2], ["6", 1]]), ("mistake-0", 2, [["11", 1], ["12", 1]]),
        ("other", 1, [["5", 1]]), ("other", 1, [["5", 1]]), ("other", 1, [["5", 1]])]
    scores = [next(n for n in ("27", "28", "29", "31") if f"exactly {n}" in q) if q else ""
              for *_x, q in got]
    assert scores == ["29", "", "31", "28", "27"]
    assert all("**" not in q for *_x, q in got)
    assert ex["tried"] == 5 and ex["solved"] == 0


@pytest.mark.parametrize("variant", [True, -1, 2 ** 63, "27", 2.0, [1]])
def test_a_bad_variant_is_refused(variant):
    from classroom.tables.checks import check_payload
    from classroom.tables.errors import BadMessage

    with pytest.raises(BadMessage, match="variant"):
        check_payload({**check("03-count-31", "5", "wrong", "hint-1"), "variant": variant})
    with pytest.raises(BadMessage, match="exactly the fields"):
        check_payload({**check("03-count-31", "5", "wrong", "hint-1"), "variant": 1, "x": 1})
    assert check_payload({**check("03-count-31", "5", "wrong", "hint-1"),
                          "variant": 2 ** 63 - 1})["variant"] == 2 ** 63 - 1


def test_a_store_from_before_the_variants_is_migrated(tmp_path):
    """A class.sqlite3 whose checks table has no variant column: the column is added, its
    old rows count as the default variant, new rows keep theirs."""
    import sqlite3

    from classroom.tables import checks
    from classroom.tables.students import ClassStore, student_id

    path = tmp_path / "class.sqlite3"
    ClassStore(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE checks (student TEXT NOT NULL, exercise TEXT NOT NULL, "
               "lesson TEXT NOT NULL, answer TEXT NOT NULL, verdict TEXT NOT NULL, "
               "hint TEXT NOT NULL, time REAL NOT NULL)")
    db.execute("INSERT INTO checks VALUES ('old', '03-count-31', '03', '5', 'wrong', "
               "'hint-1', 1.0)")
    db.commit()
    db.close()
    store = ClassStore(path)
    checks.setup(store)
    sid = student_id("n" * 22)
    store.submit(sid, "n-1", "check", checks.check_payload(
        {**check("03-count-31", "5", "wrong", "hint-1"), "variant": 2}),
        lambda db, p: checks.record(db, sid, p))
    ex, = checks.summary(store)["lessons"][0]["exercises"]
    assert [(g["variant"], g["count"]) for g in ex["wrong"]] == [(None, 1), (2, 1)]
    store.close()

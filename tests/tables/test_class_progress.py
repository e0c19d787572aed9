"""Progress that survives a reload (issue 31, deliverable 6), without a browser: a real
class server (tests/tables/class_kit.py), the kernel's class link and the exercise
widget.  A second page of the same student gets the variant, the tries, the solved
exercise and the last hint back; another student reads nothing of it; a read stores
nothing; the read endpoint takes only reads and the send endpoint no reads."""

from __future__ import annotations

import math

import pytest
from class_kit import ClassServer, post

from cardgames.courseware.exercise_data import get
from widgets.exercises import progress
from widgets.exercises.exercise import ExerciseWidget, Session
from widgets.kit import classlink
from widgets.kit.classlink import ClassLink

ANA, IVO = "a" * 22, "i" * 22


@pytest.fixture
def server(tmp_path):
    s = ClassServer(tmp_path)
    yield s
    s.stop()


def _page(monkeypatch, server, key):
    """A fresh kernel's page: its own link and no progress asked yet."""
    link = ClassLink(server.send_url, student=key)
    monkeypatch.setattr(classlink, "_LINK", [link])
    monkeypatch.setattr(progress, "_LESSONS", {})
    return link


def test_a_reloaded_page_gets_the_students_progress_back(monkeypatch, server):
    link = _page(monkeypatch, server, ANA)
    six = ExerciseWidget(get("01-six-players", 7), session=Session())
    ranks = ExerciseWidget(get("01-all-ranks", 7), session=Session())
    wrong = "7 8 9 10 U O K A"             # with 2+ players no seat announces every rank (L8)
    six.submit(wrong)
    six.submit(wrong)
    # L8: n players walk the clock of 8 in steps of n and meet 8 / gcd(n, 8) ranks
    wanted = dict(ranks.exercise.params)["ranks"]
    expected = {n for n in range(2, 9) if 8 // math.gcd(n, 8) == wanted}
    ranks.submit(", ".join(str(n) for n in sorted(expected)))
    assert ranks.tries == 1 and "Right" in ranks.feedback.value
    assert link.flush(10)
    six.close_all()
    ranks.close_all()
    link.close()

    # the reload: a new kernel drew variant 12; the student had 7
    link = _page(monkeypatch, server, ANA)
    session = Session()
    six = ExerciseWidget(get("01-six-players", 12), session=session)
    ranks = ExerciseWidget(get("01-all-ranks", 12), session=session)
    assert link.flush(10) and progress.wait_applied("01")
    assert six.exercise is get("01-six-players", 7) and ranks.exercise.seed == 7
    assert "variant 7" in six.question.value
    assert six.tries == 2 and "01-six-players" not in session.solved
    assert "2 tries so far" in six.feedback.value and "Hint:" in six.feedback.value
    assert ranks.tries == 1 and "01-all-ranks" in session.solved
    assert "Solved before" in ranks.feedback.value
    assert ranks.solution_button.layout.display is None      # earned: solved
    link.close()

    # another student on the same server: nothing of Ana's
    link = _page(monkeypatch, server, IVO)
    session = Session()
    six = ExerciseWidget(get("01-six-players", 12), session=session)
    assert link.flush(10) and progress.wait_applied("01")
    assert six.exercise.seed == 12 and six.tries == 0 and six.feedback.value == ""
    link.close()


def test_the_read_endpoint_reads_only_and_stores_nothing(server):
    url = server.send_url.replace("/send", "/progress")
    assert post(server.send_url, {"id": "m1", "kind": "check", "student": ANA, "payload": {
        "exercise": "05-threshold", "answer": "29", "verdict": "right", "hint": "",
        "variant": 3}})[0] == 200
    before = server.store.count()
    status, answer = post(url, {"id": "r1", "kind": "progress", "student": ANA,
                                "payload": {"lesson": "05"}})
    assert status == 200 and answer["answer"]["variant"] == 3
    assert answer["answer"]["exercises"]["05-threshold"] == {
        "tries": 1, "wrong": 0, "solved": True, "hint": "", "variant": 3, "answer": "29"}
    status, answer = post(url, {"id": "r2", "kind": "progress", "student": IVO,
                                "payload": {"lesson": "05"}})
    assert status == 200 and answer["answer"] == {"lesson": "05", "variant": None,
                                                  "exercises": {}}
    assert server.store.count() == before                   # a read stores nothing
    # each endpoint its own kind; a bad lesson refused
    assert post(url, {"id": "r3", "kind": "check", "student": ANA,
                      "payload": {"lesson": "05"}})[0] == 404
    assert post(server.send_url, {"id": "r4", "kind": "progress", "student": ANA,
                                  "payload": {"lesson": "05"}})[0] == 404
    assert post(url, {"id": "r5", "kind": "progress", "student": ANA,
                      "payload": {"lesson": "5; DROP"}})[0] == 400
    assert post(url, {"id": "r6", "kind": "progress", "student": "short",
                      "payload": {"lesson": "05"}})[0] == 400


def test_a_solved_typed_answer_without_variants_comes_back_on_a_served_page(monkeypatch,
                                                                          server):
    """Issue 31 (QA): on a served page a solved *typed* answer of an exercise without
    variants (03-p32: its seed is None on every page) was not given back after a reload,
    so the student saw it unsolved.  Now it is: solved, its tries, the answer in its box
    written the page's way (sent as 0.00293, shown 0,00293 on a Croatian page), and the
    lesson's variant code is still the one of the student's varied exercise (7), though
    the last check was of 03-p32.  P(32) = 4 suits x 4 ten-cards = 16 of C(33, 3) = 5,456
    hands (R-T3) = 1/341 = 0.00293 to 3 figures."""
    from cardgames.i18n import language
    from widgets.exercises import exercise as exercise_module

    assert math.comb(33, 3) == 5456
    monkeypatch.setattr(exercise_module, "_PAGE_SEED", [7])        # a served page, code 7
    link = _page(monkeypatch, server, ANA)
    with language("hr"):
        count = ExerciseWidget(get("03-count-31", 7), session=Session())
        p32 = ExerciseWidget(get("03-p32", 7), session=Session())
        assert p32.exercise.seed is None                             # no variants
        assert count.submit("1").status == "wrong"                   # 4 suits: never 1
        assert p32.submit("0,00293").status == "right"
    assert link.flush(10)
    for w in (count, p32):
        w.close_all()
    link.close()

    monkeypatch.setattr(exercise_module, "_PAGE_SEED", [12])       # the reload: code 12
    link = _page(monkeypatch, server, ANA)
    session = Session()
    with language("hr"):
        count = ExerciseWidget(get("03-count-31", 12), session=session)
        p32 = ExerciseWidget(get("03-p32", 12), session=session)
        assert link.flush(10) and progress.wait_applied("03")
        assert "03-p32" in session.solved and p32.tries == 1
        assert "Riješeno" in p32.feedback.value or "✔" in p32.feedback.value
        assert p32.answer_box.value == "0,00293"
        assert p32.solution_button.layout.display is None           # earned: solved
        assert count.exercise.seed == 7 and count.tries == 1 and count.answer_box.value == "1"
        assert exercise_module._PAGE_SEED == [7]                     # later ones draw 7
    for w in (count, p32):
        w.close_all()
    link.close()


def test_a_choice_is_selected_again_after_a_reload(monkeypatch, server):
    """The choice the student last checked is selected again (its letter, as sent)."""
    from widgets.exercises import exercise as exercise_module

    monkeypatch.setattr(exercise_module, "_PAGE_SEED", [5])
    link = _page(monkeypatch, server, ANA)
    w = ExerciseWidget(get("03-three-of-a-kind", 5), session=Session())
    # T11: three sevens score 30.5, UH OH AH 31 in Hearts (R-T2): the "31 beats" option
    right = next(v for label, v in w._options() if "31 beats" in label)
    assert w.submit(right).status == "right"
    assert link.flush(10)
    w.close_all()
    link.close()
    link = _page(monkeypatch, server, ANA)
    w = ExerciseWidget(get("03-three-of-a-kind", 5), session=Session())
    assert link.flush(10) and progress.wait_applied("03")
    assert w.answer_box.value == right and "✔" in w.feedback.value
    w.close_all()
    link.close()

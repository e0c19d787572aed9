"""Each lesson served by Voila: one exercise answered wrong, then right, in Chromium; and
the teacher notes (cells tagged ``teacher``) are not on the page (voila.json's
TagRemovePreprocessor), while the notebook itself still holds them for JupyterLab.

A screenshot after the wrong try goes to ``test-artifacts/exercise-wrong-<lesson>.png``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

harness = sys.modules["cardgames_voila_harness"]
REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
LESSON_FILES = sorted(p.name for p in LESSONS.glob("0[1-6]_*.ipynb"))

# lesson -> its first exercise.  The served page draws the variant of the page's seed
# (CARDGAMES_SEED_EXERCISES, set in tests/conftest.py); its answer is derived by the second
# method of tests/lessons/test_exercise_variants.py from the variant's parameters, and a
# near miss of it is the wrong answer
FIRST = {"01": "01-six-players", "02": "02-rounds-ending", "03": "03-count-31",
         "04": "04-two-of-two", "05": "05-best-swap", "06": "06-equal-players"}


def _variant_answers(key: str) -> tuple[str, str, str]:
    """(the variant's question start, a wrong answer, the right answer)."""
    import importlib.util
    import os
    import re

    from cardgames.courseware.exercise_data import get

    sys.path.insert(0, str(REPO / "tests" / "lessons"))
    try:
        spec = importlib.util.spec_from_file_location(
            "_variants_second_method", REPO / "tests" / "lessons" / "test_exercise_variants.py")
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(REPO / "tests" / "lessons"))
    v = get(key, int(os.environ["CARDGAMES_SEED_EXERCISES"]))
    expected = mod._expected(key, dict(v.params), None)
    question = " ".join(re.sub(r"\*\*|`|\*", "", v.question).split()[:8])
    return (question, mod._near_miss(v.kind, expected, v.sig),
            mod._right_text(v.kind, expected)[-1])


def _teacher_text(lesson: str) -> list[str]:
    cells = json.loads((LESSONS / lesson).read_text(encoding="utf-8"))["cells"]
    teacher = ["".join(c["source"]) for c in cells if "teacher" in c["metadata"].get("tags", [])]
    # the notes (a lesson may also tag its self-checks, code for the teacher, "teacher")
    teacher = [t for t in teacher if t.startswith("## Teacher notes")]
    assert teacher, lesson
    # a few distinctive lines of the notes
    lines = [line.strip("* ").strip() for line in teacher[0].splitlines()]
    return [line for line in lines if len(line) > 30][:3]


@pytest.mark.parametrize("lesson", LESSON_FILES)
def test_exercise_wrong_then_right_and_no_teacher_notes(lesson, voila_server, page, page_log,
                                                         artifacts):
    from playwright.sync_api import expect

    number = lesson[:2]
    question, wrong, right = _variant_answers(FIRST[number])
    # Voila runs the whole lesson before the page has loaded (lesson 05: ~50 s on 2 cores)
    response = page.goto(voila_server.app_url(lesson), wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    text = page.locator("#rendered_cells").inner_text()
    assert "Teacher notes" not in text
    for line in _teacher_text(lesson):
        assert line not in text, line
    assert "Summary" in text                       # the student part is still there

    box = page.locator(".cg-exercise").first
    expect(box.locator(".cg-exercise-question")).to_contain_text(question)   # the variant
    feedback = box.locator(".cg-exercise-feedback")
    assert feedback.count() == 0                   # nothing before the first try
    assert box.get_by_role("button", name="Show solution").is_hidden()
    box.locator("input[type=text]").fill(wrong)
    box.get_by_role("button", name="Check").click()
    feedback.wait_for(timeout=30_000)
    expect(feedback).to_contain_text("Not yet", timeout=30_000)
    assert "Hint" in feedback.inner_text()
    box.scroll_into_view_if_needed()
    box.screenshot(path=str(artifacts / f"exercise-wrong-{number}.png"))
    box.locator("input[type=text]").fill(right)
    box.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("Right", timeout=60_000)
    assert page_log.problems() == []

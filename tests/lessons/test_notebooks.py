"""Every numbered lesson runs under nbval (strict: stored outputs are compared), in every
language: the English source and its built copies ``lessons/hr/``, ``lessons/de/``.

The lessons run in one ``python -m pytest --nbval`` (same interpreter, so the
kernel is this virtualenv's ``python3``; one kernel per notebook), with the sanitiser
``lessons/nbval_sanitize.cfg`` for outputs that legitimately vary.  Figures are
PNG, which nbval does not compare; the numbers behind them are printed in cells
of their own, which it does.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from lessonlib import LESSONS, ROOT, lesson_notebooks, translated_notebooks

ENGLISH = lesson_notebooks()
NOTEBOOKS = ENGLISH + translated_notebooks()


def _key(path):
    """A notebook as nbval's JUnit report names it: ``lessons.hr.01_deck_and_rank_order.ipynb``."""
    return ".".join(path.relative_to(ROOT).parts)


@pytest.fixture(scope="module")
def nbval_run(tmp_path_factory):
    """One ``pytest --nbval`` run over every lesson (one interpreter start, one kernel each);
    returns the per-notebook failures read from its JUnit report, and its output."""
    report = tmp_path_factory.mktemp("nbval") / "report.xml"
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--nbval", "--nbval-sanitize-with", str(LESSONS / "nbval_sanitize.cfg"),
           "--nbval-cell-timeout", "120", f"--junitxml={report}",
           *[str(p) for p in NOTEBOOKS]]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    failures: dict[str, list[str]] = {_key(p): [] for p in NOTEBOOKS}
    ran: dict[str, int] = {_key(p): 0 for p in NOTEBOOKS}
    if report.exists():
        for case in ET.parse(report).getroot().iter("testcase"):
            # classname is e.g. "lessons.02_bluff_resolution.ipynb", "lessons.hr.02_bluff_resolution.ipynb"
            name = case.get("classname") or ""
            if name in ran:
                ran[name] += 1
                for bad in list(case.iter("failure")) + list(case.iter("error")):
                    failures[name].append(f"{case.get('name')}: {(bad.get('message') or '')[:2000]}")
    return failures, ran, result


@pytest.mark.slow(reason="one nbval run of every lesson in en, hr and de (a kernel each), "
                         "paid by the first notebook's setup: 2-3 minutes")
@pytest.mark.parametrize("notebook", NOTEBOOKS,
                         ids=["-".join(p.relative_to(LESSONS).with_suffix("").parts) for p in NOTEBOOKS])
def test_lesson_passes_nbval(notebook, nbval_run):
    failures, ran, result = nbval_run
    key = _key(notebook)
    assert ran[key] > 0, f"nbval did not run {key}:\n{result.stdout[-4000:]}"
    assert not failures[key], (
        f"nbval failed for {notebook.name}; re-execute it with\n"
        f"  .venv/bin/jupyter nbconvert --to notebook --execute --inplace "
        f"{notebook.relative_to(ROOT)}\n"
        f"if the engine changed on purpose (a built copy lessons/<lang>/: "
        f"tools/lesson_i18n.py build --all).\n" + "\n".join(failures[key]))


@pytest.mark.parametrize("notebook", ENGLISH, ids=[p.stem for p in ENGLISH])
def test_lesson_is_stored_executed_and_clean(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    # No widget state: it could carry hidden cards (R-L11, R-T9).
    assert "widgets" not in nb["metadata"], f"{notebook.name}: strip metadata.widgets"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None for c in code), \
        f"{notebook.name}: store it executed"
    for cell in code:
        assert "execution" not in cell["metadata"], \
            f"{notebook.name}: timing metadata stored; re-execute with tools/execute_lessons.py"
        for out in cell["outputs"]:
            assert out["output_type"] != "error", f"{notebook.name}: stored error {out.get('ename')}"
            assert "stderr" != out.get("name"), f"{notebook.name}: stored stderr {out.get('text')}"
    first = "".join(nb["cells"][0]["source"])
    assert "Learning goals" in first or "learning goals" in first.lower()
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Exercise" in text and "Teacher notes" in text and "Summary" in text


def test_readme_lists_every_lesson():
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    for notebook in ENGLISH:
        assert notebook.name in readme, f"lessons/README.md does not list {notebook.name}"


def test_readme_lists_every_app_and_how_to_open_them():
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    apps = sorted(LESSONS.glob("app_*.ipynb"))
    assert apps
    for app in apps:
        assert f"[{app.name}]({app.name})" in readme, f"lessons/README.md does not list {app.name}"
    assert "make serve" in readme and "http://localhost:8866" in readme


# The widget each lesson shows (the same as its app), in a code cell stored executed.
LESSON_WIDGETS = {"01": "RankCycleExplainer", "02": "CallExplainer", "03": "HandScorer",
                  "04": "CallOdds"}


@pytest.mark.parametrize("number, widget", sorted(LESSON_WIDGETS.items()))
def test_lesson_shows_its_widget(number, widget):
    (path,) = LESSONS.glob(f"{number}_*.ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in nb["cells"]
             if c["cell_type"] == "code" and f"{widget}(" in "".join(c["source"])]
    assert cells, f"{path.name} does not show {widget}"
    (cell,) = cells
    assert any("application/vnd.jupyter.widget-view+json" in out.get("data", {})
               for out in cell["outputs"]), f"{path.name}: {widget} cell stored without its view"
    # compared by nbval (its text/plain), not ignored
    assert "NBVAL_IGNORE_OUTPUT" not in "".join(cell["source"])
    # a markdown cell just before it tells the student what to try, citing rules
    before = nb["cells"][nb["cells"].index(cell) - 1]
    assert before["cell_type"] == "markdown"
    text = "".join(before["source"])
    assert "**Try:**" in text and re.search(r"\*\*(R-)?[LT]\d+\*\*", text), text

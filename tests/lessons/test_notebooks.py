"""Every numbered lesson runs under nbval (strict: stored outputs are compared).

Each lesson runs in its own ``python -m pytest --nbval`` (same interpreter, so the
kernel is this virtualenv's ``python3``), with the sanitiser
``lessons/nbval_sanitize.cfg`` for outputs that legitimately vary.  Figures are
PNG, which nbval does not compare; the numbers behind them are printed in cells
of their own, which it does.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lessonlib import LESSONS, ROOT, lesson_notebooks

NOTEBOOKS = lesson_notebooks()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_passes_nbval(notebook):
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--nbval", "--nbval-sanitize-with", str(LESSONS / "nbval_sanitize.cfg"),
           "--nbval-cell-timeout", "120", str(notebook)]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (
        f"nbval failed for {notebook.name}; re-execute it with\n"
        f"  .venv/bin/jupyter nbconvert --to notebook --execute --inplace {notebook.relative_to(ROOT)}\n"
        f"if the engine changed on purpose.\n{result.stdout[-6000:]}\n{result.stderr[-2000:]}")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_is_stored_executed_and_clean(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    # No widget state: it could carry hidden cards (R-L11, R-T9).
    assert "widgets" not in nb["metadata"], f"{notebook.name}: strip metadata.widgets"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None for c in code), \
        f"{notebook.name}: store it executed"
    for cell in code:
        for out in cell["outputs"]:
            assert out["output_type"] != "error", f"{notebook.name}: stored error {out.get('ename')}"
            assert "stderr" != out.get("name"), f"{notebook.name}: stored stderr {out.get('text')}"
    first = "".join(nb["cells"][0]["source"])
    assert "Learning goals" in first or "learning goals" in first.lower()
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "Exercise" in text and "Teacher notes" in text and "Summary" in text


def test_readme_lists_every_lesson():
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    for notebook in NOTEBOOKS:
        assert notebook.name in readme, f"lessons/README.md does not list {notebook.name}"

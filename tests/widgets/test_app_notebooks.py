"""The app notebooks (lessons/app_*.ipynb, served by Voila) are stored executed and clean,
and still produce their stored outputs (nbval)."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
APPS = sorted(LESSONS.glob("app_*.ipynb"))


def test_there_is_an_app():
    assert LESSONS / "app_rank_cycle.ipynb" in APPS


@pytest.mark.parametrize("notebook", APPS, ids=[p.stem for p in APPS])
def test_app_is_stored_executed_and_clean(notebook):
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    # No widget state: it could carry hidden cards (R-L11, R-T9).
    assert "widgets" not in nb["metadata"], f"{notebook.name}: strip metadata.widgets"
    # The title and instructions come from widgets.app.apps, in the page's language (issue 10):
    # one code cell, no English markdown on a Croatian or German page.
    assert [c["cell_type"] for c in nb["cells"]] == ["code"]
    assert "from widgets.apps import" in "".join(nb["cells"][0]["source"])
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and all(c["execution_count"] is not None for c in code)
    for cell in code:
        for out in cell["outputs"]:
            assert out["output_type"] != "error" and out.get("name") != "stderr"
    # the app shows a widget
    assert any("application/vnd.jupyter.widget-view+json" in out.get("data", {})
               for cell in code for out in cell["outputs"])


@pytest.mark.parametrize("notebook", APPS, ids=[p.stem for p in APPS])
def test_app_passes_nbval(notebook):
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
           "--nbval", "--nbval-sanitize-with", str(LESSONS / "nbval_sanitize.cfg"),
           "--nbval-cell-timeout", "120", str(notebook)]
    result = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (
        f"nbval failed for {notebook.name}; re-execute it (see docs/serving.md)\n"
        f"{result.stdout[-4000:]}\n{result.stderr[-2000:]}")


@pytest.mark.parametrize("name, app", [("app_liar.ipynb", "liar"),
                                       ("app_thirty_one.ipynb", "thirty-one")])
def test_play_apps_deal_from_an_unpredictable_seed(name, app):
    """A fixed seed would deal every student the same, knowable cards (R-L11, R-T9)."""
    import re

    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    source = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert f'seed=app_seed("{app}")' in source
    assert not re.search(r"seed\s*=\s*\d", source)


def test_app_seed_is_fixed_only_by_the_environment(monkeypatch):
    from widgets.app.seeding import app_seed, seed_variable

    monkeypatch.delenv(seed_variable("liar"), raising=False)
    assert len({app_seed("liar") for _ in range(5)}) == 5
    monkeypatch.setenv("CARDGAMES_SEED_LIAR", "17")
    assert app_seed("liar") == 17
    monkeypatch.setenv("CARDGAMES_SEED_LIAR", "seventeen")
    with pytest.raises(ValueError, match="CARDGAMES_SEED_LIAR"):
        app_seed("liar")

"""The apps run on the standard library plus ipywidgets (issue 33): in a browser (the
static site, Pyodide) there is no pandas, numpy or matplotlib, so no app may import them
unless a plot or a table of a lesson asks for it.

Each test runs a fresh Python in which importing any of those packages fails
(``tools/static_site_pages.py``'s ``BLOCKER``, a ``sys.meta_path`` finder, as the site's build
uses it), imports the app's modules, builds the app's widget and uses it once.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _tool():
    name = "cardgames_tool_static_site_pages"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "tools" / "static_site_pages.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


BLOCKER = _tool().BLOCKER
BLOCKED = _tool().BLOCKED

#: app notebook -> (what it runs, one use of the widget it built)
APPS = {
    "app_liar": ("liar_app(seed=5)", "app.app.play_button.click()"),
    "app_thirty_one": ("thirty_one_app(seed=5)", "app.app.bots_play_button.click()"),
    "app_rank_cycle": ("rank_cycle_app()", "app.app.next_button.click()"),
    "app_call_explainer": ("call_explainer_app()", "app.picker.value = 'hr'"),
    "app_call_odds": ("call_odds_app()", "app.picker.value = 'de'"),
    "app_hand_scorer": ("hand_scorer_app()", "app.picker.value = 'hr'"),
}


def run_blocked(code: str, tmp_path: Path, env: dict[str, str] | None = None) -> dict:
    script = BLOCKER + code + f"""
import json, sys
print(json.dumps({{"loaded": sorted(m for m in sys.modules
                                   if m.partition(".")[0] in {BLOCKED!r})}}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO),
                              "HOME": str(tmp_path), **(env or {})})
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_blocker_blocks(tmp_path):
    """The check is not blind: importing pandas in such a process fails."""
    out = subprocess.run([sys.executable, "-c", BLOCKER + "import pandas"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "not available in the browser" in out.stderr


def _charts(folder: Path) -> None:
    """Stand-ins for the Hand scorer's charts, as the site ships them ($CARDGAMES_CHARTS;
    the real ones are drawn with matplotlib at build time)."""
    from widgets.explainers.hand_scorer import chart_values
    from widgets.kit.chart_cache import chart_file_name

    folder.mkdir()
    for lang in ("en", "hr", "de"):
        for value in chart_values():
            (folder / chart_file_name("hands", lang, value)).write_text(
                f"<svg xmlns='http://www.w3.org/2000/svg'><title>{lang} {value}</title></svg>")


@pytest.mark.parametrize("app", sorted(APPS))
def test_app_builds_and_works_without_pandas_numpy_matplotlib(app, tmp_path):
    notebook = json.loads((REPO / "lessons" / f"{app}.ipynb").read_text())
    source = "".join("".join(c["source"]) + "\n" for c in notebook["cells"]
                     if c["cell_type"] == "code")
    call, use = APPS[app]
    assert call.split("(")[0] in source, f"{app}.ipynb no longer runs {call}"
    charts = tmp_path / "charts"
    _charts(charts)
    code = f"""
from widgets.app.apps import {call.split("(")[0]}
app = {call}
{use}
assert app.widget is not None
"""
    result = run_blocked(code, tmp_path, {"CARDGAMES_CHARTS": str(charts),
                                          "CARDGAMES_CACHE": str(tmp_path / "cache")})
    assert result["loaded"] == []


def test_lesson_exercises_without_pandas_are_those_of_the_site(tmp_path):
    """The exercises the site offers build and check without those packages; lessons 1
    and 2 (rank cycle, calls) need none of them at all."""
    keys = _tool().browser_exercises()
    for key in keys:
        assert key[:2] in {"01", "02", "03", "04", "05", "06"}
    from cardgames.courseware.exercise_data import EXERCISES

    for key in EXERCISES:
        if key.startswith(("01-", "02-")):
            assert key in keys
    result = run_blocked(f"""
from widgets.exercises.exercise import ExerciseWidget, Session, get
for key in {keys!r}:
    w = ExerciseWidget(get(key, 3), session=Session())
    w.submit("2")
""", tmp_path)
    assert result["loaded"] == []

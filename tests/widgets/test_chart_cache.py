"""widgets.kit.chart_cache: the hand scorer's charts drawn once in a helper process, read by
every kernel, identical to drawing them in place; the app's kernel never loads matplotlib."""

from __future__ import annotations

import base64
import itertools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.cards import CHRONICLER, ORDINARY_CARDS
from cardgames.i18n import language
from cardgames.thirtyone import score
from widgets.kit import chart_cache
from widgets.explainers.hand_scorer import chart_svg, distribution_chart

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDGAMES_CACHE", str(tmp_path))
    return tmp_path


def test_one_helper_draws_every_score_once(cache):
    distribution_chart(31.0)
    (folder,) = (cache / "charts").iterdir()
    files = sorted(p.name for p in folder.glob("*.svg"))
    # every score a 3-card hand of 33 cards can have (T3, T11, T12), and "no hand"
    scores = {float(score(h)) for h in itertools.combinations([*ORDINARY_CARDS, CHRONICLER], 3)}
    assert len(files) == len(scores) + 1
    assert "hands-en-none.svg" in files and "hands-en-31.0.svg" in files
    stamp = {p: p.stat().st_mtime_ns for p in folder.glob("*.svg")}
    distribution_chart(21.0)                          # read, not drawn again
    assert {p: p.stat().st_mtime_ns for p in folder.glob("*.svg")} == stamp


def test_the_cached_chart_is_the_one_drawn_in_place_in_each_language(cache):
    drawn = {}
    for lang in ("en", "de"):
        with language(lang):
            for value in (None, 30.5, 21.0):
                drawn[lang, value] = chart_svg(value)
                assert base64.b64encode(drawn[lang, value].encode()).decode() \
                    in distribution_chart(value)
    assert drawn["en", 21.0] != drawn["de", 21.0]          # the labels are translated
    assert drawn["en", 21.0] != drawn["en", 30.5]          # another bar is marked
    assert len(list((cache / "charts").iterdir())) == 2     # a folder per language


def test_a_failing_helper_falls_back_to_drawing_in_place(cache, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise subprocess.CalledProcessError(1, args[0])
    monkeypatch.setattr(chart_cache.subprocess, "run", broken)
    img = distribution_chart(27.0)
    assert base64.b64encode(chart_svg(27.0).encode()).decode() in img
    assert "drawing chart hands in this process" in caplog.text


def test_the_app_kernel_never_loads_matplotlib(cache):
    code = ("import sys\n"
            "from widgets.explainers.hand_scorer import HandScorer\n"
            "h = HandScorer(cards='AH KH 9H')\n"
            "h.palette.click('AH'); h.palette.click('7B')\n"
            "assert 'hand-chart' in h.chart.value\n"
            "print('matplotlib' in sys.modules, 'numpy' in sys.modules)\n")
    env = {**os.environ, "CARDGAMES_CACHE": str(cache)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=REPO, timeout=300, check=True).stdout.split()
    assert out == ["False", "False"]


def test_charts_shipped_with_a_static_site_are_read_first(cache, tmp_path, monkeypatch):
    """``$CARDGAMES_CHARTS`` (the static site's charts, drawn at build time): a chart found
    there is read as it is, with no helper process and no drawing (the browser has
    neither); one not found there is drawn as before."""
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    (shipped / "hands-hr-30.0.svg").write_text("<svg><title>shipped</title></svg>")
    monkeypatch.setenv("CARDGAMES_CHARTS", str(shipped))
    helpers = []

    def no_helper(*args, **kwargs):
        helpers.append(args)
        raise subprocess.SubprocessError("no helper here")

    monkeypatch.setattr(subprocess, "run", no_helper)
    svg = chart_cache.cached_svg("hands", "hr", 30.0, module="widgets.explainers.hand_scorer",
                                 draw=lambda: "<svg>drawn</svg>")
    assert svg == "<svg><title>shipped</title></svg>" and helpers == []
    drawn = chart_cache.cached_svg("hands", "hr", 31.0, module="widgets.explainers.hand_scorer",
                                   draw=lambda: "<svg>drawn</svg>")
    assert drawn == "<svg>drawn</svg>" and len(helpers) == 1   # the helper failed: drawn here

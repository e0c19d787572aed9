"""The lessons' explorable widgets in Voila (Chromium): moving a slider redraws the figure.

Lesson 04's Bayes explorer starts at π = 0.40; one ArrowRight on its slider moves it a step
(0.05) to 0.45.  The expected numbers, by hand: P(claim true) = 0.55·183/253 + 0.45/8
= 0.454 and P(bluffer | lie) = 0.45·7/8 / (0.45·7/8 + 0.55·70/253) = 0.721.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

harness = sys.modules["cardgames_voila_harness"]


class Explorer:
    """One explorer of a lesson page, opened and scrolled into view: ``box`` (its
    locator), ``text`` (its explaining text), :meth:`nudge` (one step of a slider)."""

    def __init__(self, page: Any, box: Any, text: Any) -> None:
        self.page, self.box, self.text = page, box, text

    def nudge(self, slider: str | None = None) -> None:
        """Focus the slider (the one labelled ``slider``, else the only one) and press
        ArrowRight once."""
        sliders = self.box.locator(".widget-slider", has_text=slider) if slider else \
            self.box.locator(".widget-slider")
        sliders.locator(".noUi-handle").focus()
        self.page.keyboard.press("ArrowRight")


@pytest.fixture
def explorer(voila_server, page, page_log, artifacts) -> Iterator[Callable[..., Explorer]]:
    """``explorer(notebook, name)``: the lesson page in Voila with its ``.cg-<name>-explorer``
    in view.  At the end: a screenshot of it (``lesson<NN>-<name>-explorer.png``) and no
    problem in the page's log."""
    opened: list[tuple[Explorer, str]] = []

    def open_explorer(notebook: str, name: str) -> Explorer:
        response = page.goto(voila_server.app_url(notebook), wait_until="commit",
                             timeout=180_000)
        assert response is not None and response.status == 200
        page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
        harness.wait_quiet(page, 500, 15_000)
        box = page.locator(f".cg-{name}-explorer")
        box.scroll_into_view_if_needed()
        found = Explorer(page, box, box.locator(f".cg-{name}-text"))
        opened.append((found, f"lesson{notebook[:2]}-{name}-explorer.png"))
        return found

    yield open_explorer
    for found, picture in opened:
        found.box.screenshot(path=str(artifacts / picture))
    assert page_log.problems() == []


def test_lesson04_prior_slider_redraws_the_bayes_curve(explorer):
    from playwright.sync_api import expect

    e = explorer("04_how_likely_is_a_lie.ipynb", "bayes")
    expect(e.text).to_contain_text("π = 0.40")
    marker = e.box.locator("svg.cg-bayes-chart line.cg-bayes-marker")
    before = marker.get_attribute("x1")
    e.nudge("prior π")
    expect(e.text).to_contain_text("π = 0.45", timeout=30_000)
    expect(e.text).to_contain_text("P(claim true) = 0.454")
    expect(e.text).to_contain_text("P(bluffer | lie) = 0.721")
    assert marker.get_attribute("x1") != before          # the figure itself moved
    label = e.box.locator("svg.cg-bayes-chart").get_attribute("aria-label")
    assert "π = 0.45" in label                            # and its text alternative


def test_lesson06_lives_slider_redraws_the_match_lengths(explorer):
    """3 lives → 4: the shortest match becomes 5 deals (a player out at the 5th lost deal)."""
    from playwright.sync_api import expect

    e = explorer("06_lives_and_tournaments.ipynb", "lives")
    expect(e.text).to_contain_text("3 lives each")
    expect(e.text).to_contain_text("4 to 7 deals")
    bars = e.box.locator("svg.cg-lives-chart rect")
    expect(bars).to_have_count(4)
    e.nudge("lives")
    expect(e.text).to_contain_text("4 lives each", timeout=30_000)
    expect(e.text).to_contain_text("5 to 9 deals")
    expect(bars).to_have_count(5)                          # the figure itself changed


def test_lesson05_score_slider_moves_the_marker(explorer):
    """21 → 24 on the reveal slider: 7H 8H 9H, 593/1298 ≈ 0.457 (tests/lessons derives it)."""
    from playwright.sync_api import expect

    e = explorer("05_decisions_in_thirty_one.ipynb", "reveal")
    expect(e.text).to_contain_text("(21 points)")
    marker = e.box.locator("svg.cg-reveal-chart circle.cg-reveal-marker")
    before = marker.get_attribute("cx")
    e.nudge()
    expect(e.text).to_contain_text("7H 8H 9H (24 points)", timeout=30_000)
    expect(e.text).to_contain_text("593/1298")
    assert marker.get_attribute("cx") != before


def test_lesson06_games_slider_narrows_the_win_rate_band(explorer):
    """400 → 800 games at the fair share ¼: 200 wins of 800, Wilson 0.221–0.281 and
    SE √(0.25·0.75/800) = 0.0153 (by hand; tests/widgets derives them by the formula)."""
    from playwright.sync_api import expect

    e = explorer("06_lives_and_tournaments.ipynb", "winrate")
    expect(e.text).to_contain_text("In 400 games")
    expect(e.text).to_contain_text("0.210–0.295")
    band = e.box.locator("svg.cg-winrate-chart rect.cg-winrate-band")
    before = float(band.get_attribute("width"))
    e.nudge("games (n)")
    expect(e.text).to_contain_text("In 800 games", timeout=30_000)
    expect(e.text).to_contain_text("standard error is 0.0153")
    expect(e.text).to_contain_text("0.221–0.281")
    after = float(band.get_attribute("width"))
    assert abs(after / before - 0.5 ** 0.5) < 0.03           # the band narrows like 1/√n
    label = e.box.locator("svg.cg-winrate-chart").get_attribute("aria-label")
    assert "In 800 games" in label                            # its text alternative

"""The lessons' explorable widgets in Voila (Chromium): moving a slider redraws the figure.

Lesson 04's Bayes explorer starts at π = 0.40; one ArrowRight on its slider moves it a step
(0.05) to 0.45.  The expected numbers, by hand: P(claim true) = 0.55·183/253 + 0.45/8
= 0.454 and P(bluffer | lie) = 0.45·7/8 / (0.45·7/8 + 0.55·70/253) = 0.721.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
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
        # the lesson's own explorer, not an exercise's (lesson 05's exercise 2 has one of
        # its variant's table, issue 31)
        box = page.locator(f".cg-{name}-explorer:not(.cg-exercise .cg-{name}-explorer)")
        box.scroll_into_view_if_needed()
        found = Explorer(page, box, box.locator(f".cg-{name}-text"))
        opened.append((found, f"lesson{notebook[:2]}-{name}-explorer.png"))
        return found

    yield open_explorer
    for found, picture in opened:
        found.box.screenshot(path=str(artifacts / picture))
    assert page_log.problems() == []


# -- what each explorer's figure must do when its slider moves one step: ``watch(e)``, called
# before the step, reads the figure and returns the check to run after it


def _bayes_marker_moves(e: Explorer) -> Callable[[], None]:
    chart = e.box.locator("svg.cg-bayes-chart")
    marker = chart.locator("line.cg-bayes-marker")
    before = marker.get_attribute("x1")

    def moved() -> None:
        assert marker.get_attribute("x1") != before          # the figure itself moved
        assert "π = 0.45" in chart.get_attribute("aria-label")   # and its text alternative
    return moved


def _lives_bars_grow(e: Explorer) -> Callable[[], None]:
    from playwright.sync_api import expect

    bars = e.box.locator("svg.cg-lives-chart rect")
    expect(bars).to_have_count(4)
    return lambda: expect(bars).to_have_count(5)              # the figure itself changed


def _reveal_marker_moves(e: Explorer) -> Callable[[], None]:
    marker = e.box.locator("svg.cg-reveal-chart circle.cg-reveal-marker")
    before = marker.get_attribute("cx")

    def moved() -> None:
        assert marker.get_attribute("cx") != before
    return moved


def _winrate_band_narrows(e: Explorer) -> Callable[[], None]:
    chart = e.box.locator("svg.cg-winrate-chart")
    band = chart.locator("rect.cg-winrate-band")
    before = float(band.get_attribute("width"))

    def narrowed() -> None:
        after = float(band.get_attribute("width"))
        assert abs(after / before - 0.5 ** 0.5) < 0.03        # the band narrows like 1/√n
        assert "In 800 games" in chart.get_attribute("aria-label")   # its text alternative
    return narrowed


@dataclass(frozen=True)
class Step:
    """One step of one explorer's slider: the texts shown before it and after it, and
    what the figure does (``watch``)."""

    notebook: str
    name: str
    slider: str | None                 # its label; None: the explorer's only slider
    before: tuple[str, ...]
    after: tuple[str, ...]
    watch: Callable[[Explorer], Callable[[], None]]


STEPS = {
    # lesson 04, the prior π 0.40 -> 0.45 (the numbers by hand in the module's docstring)
    "lesson04-prior-redraws-the-bayes-curve": Step(
        "04_how_likely_is_a_lie.ipynb", "bayes", "prior π", ("π = 0.40",),
        ("π = 0.45", "P(claim true) = 0.454", "P(bluffer | lie) = 0.721"), _bayes_marker_moves),
    # 3 lives -> 4: the shortest match becomes 5 deals (a player out at the 5th lost deal)
    "lesson06-lives-redraw-the-match-lengths": Step(
        "06_lives_and_tournaments.ipynb", "lives", "lives", ("3 lives each", "4 to 7 deals"),
        ("4 lives each", "5 to 9 deals"), _lives_bars_grow),
    # 21 -> 24 on the reveal slider: 7H 8H 9H, 593/1298 ≈ 0.457 (tests/lessons derives it)
    "lesson05-score-moves-the-marker": Step(
        "05_decisions_in_thirty_one.ipynb", "reveal", None, ("(21 points)",),
        ("7H 8H 9H (24 points)", "593/1298"), _reveal_marker_moves),
    # 400 -> 800 games at the fair share ¼: 200 wins of 800, Wilson 0.221–0.281 and
    # SE √(0.25·0.75/800) = 0.0153 (by hand; tests/widgets derives them by the formula)
    "lesson06-games-narrow-the-win-rate-band": Step(
        "06_lives_and_tournaments.ipynb", "winrate", "games (n)",
        ("In 400 games", "0.210–0.295"),
        ("In 800 games", "standard error is 0.0153", "0.221–0.281"), _winrate_band_narrows),
}


@pytest.mark.parametrize("step", list(STEPS.values()), ids=list(STEPS))
def test_one_slider_step_redraws_the_explorer(explorer, step: Step):
    from playwright.sync_api import expect

    e = explorer(step.notebook, step.name)
    for text in step.before:
        expect(e.text).to_contain_text(text)
    changed = step.watch(e)
    e.nudge(step.slider)
    first, *rest = step.after
    expect(e.text).to_contain_text(first, timeout=30_000)     # the redraw, after the kernel
    for text in rest:
        expect(e.text).to_contain_text(text)
    changed()

"""The lessons' explorable widgets in Voila (Chromium): moving a slider redraws the figure.

Lesson 04's Bayes explorer starts at π = 0.40; one ArrowRight on its slider moves it a step
(0.05) to 0.45.  The expected numbers, by hand: P(claim true) = 0.55·183/253 + 0.45/8
= 0.454 and P(bluffer | lie) = 0.45·7/8 / (0.45·7/8 + 0.55·70/253) = 0.721.
"""

from __future__ import annotations

import sys

harness = sys.modules["cardgames_voila_harness"]


def test_lesson04_prior_slider_redraws_the_bayes_curve(voila_server, page, page_log, artifacts):
    from playwright.sync_api import expect

    response = page.goto(voila_server.app_url("04_how_likely_is_a_lie.ipynb"),
                         wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    box = page.locator(".cg-bayes-explorer")
    box.scroll_into_view_if_needed()
    text = box.locator(".cg-bayes-text")
    expect(text).to_contain_text("π = 0.40")
    marker = box.locator("svg.cg-bayes-chart line.cg-bayes-marker")
    before = marker.get_attribute("x1")
    handle = box.locator(".widget-slider", has_text="prior π").locator(".noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")
    expect(text).to_contain_text("π = 0.45", timeout=30_000)
    expect(text).to_contain_text("P(claim true) = 0.454")
    expect(text).to_contain_text("P(bluffer | lie) = 0.721")
    assert marker.get_attribute("x1") != before          # the figure itself moved
    label = box.locator("svg.cg-bayes-chart").get_attribute("aria-label")
    assert "π = 0.45" in label                            # and its text alternative
    box.screenshot(path=str(artifacts / "lesson04-bayes-explorer.png"))
    assert page_log.problems() == []


def test_lesson06_lives_slider_redraws_the_match_lengths(voila_server, page, page_log, artifacts):
    """3 lives → 4: the shortest match becomes 5 deals (a player out at the 5th lost deal)."""
    from playwright.sync_api import expect

    response = page.goto(voila_server.app_url("06_lives_and_tournaments.ipynb"),
                         wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    box = page.locator(".cg-lives-explorer")
    box.scroll_into_view_if_needed()
    text = box.locator(".cg-lives-text")
    expect(text).to_contain_text("3 lives each")
    expect(text).to_contain_text("4 to 7 deals")
    bars = box.locator("svg.cg-lives-chart rect")
    expect(bars).to_have_count(4)
    handle = box.locator(".widget-slider", has_text="lives").locator(".noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")
    expect(text).to_contain_text("4 lives each", timeout=30_000)
    expect(text).to_contain_text("5 to 9 deals")
    expect(bars).to_have_count(5)                          # the figure itself changed
    box.screenshot(path=str(artifacts / "lesson06-lives-explorer.png"))
    assert page_log.problems() == []


def test_lesson05_score_slider_moves_the_marker(voila_server, page, page_log, artifacts):
    """21 → 24 on the reveal slider: 7H 8H 9H, 593/1298 ≈ 0.457 (tests/lessons derives it)."""
    from playwright.sync_api import expect

    response = page.goto(voila_server.app_url("05_decisions_in_thirty_one.ipynb"),
                         wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    box = page.locator(".cg-reveal-explorer")
    box.scroll_into_view_if_needed()
    text = box.locator(".cg-reveal-text")
    expect(text).to_contain_text("(21 points)")
    marker = box.locator("svg.cg-reveal-chart circle.cg-reveal-marker")
    before = marker.get_attribute("cx")
    box.locator(".widget-slider .noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(text).to_contain_text("7H 8H 9H (24 points)", timeout=30_000)
    expect(text).to_contain_text("593/1298")
    assert marker.get_attribute("cx") != before
    box.screenshot(path=str(artifacts / "lesson05-reveal-explorer.png"))
    assert page_log.problems() == []


def test_lesson06_games_slider_narrows_the_win_rate_band(voila_server, page, page_log, artifacts):
    """400 → 800 games at the fair share ¼: 200 wins of 800, Wilson 0.221–0.281 and
    SE √(0.25·0.75/800) = 0.0153 (by hand; tests/widgets derives them by the formula)."""
    from playwright.sync_api import expect

    response = page.goto(voila_server.app_url("06_lives_and_tournaments.ipynb"),
                         wait_until="commit", timeout=180_000)
    assert response is not None and response.status == 200
    page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
    harness.wait_quiet(page, 500, 15_000)
    box = page.locator(".cg-winrate-explorer")
    box.scroll_into_view_if_needed()
    text = box.locator(".cg-winrate-text")
    expect(text).to_contain_text("In 400 games")
    expect(text).to_contain_text("0.210–0.295")
    band = box.locator("svg.cg-winrate-chart rect.cg-winrate-band")
    before = float(band.get_attribute("width"))
    box.locator(".widget-slider", has_text="games (n)").locator(".noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(text).to_contain_text("In 800 games", timeout=30_000)
    expect(text).to_contain_text("standard error is 0.0153")
    expect(text).to_contain_text("0.221–0.281")
    after = float(band.get_attribute("width"))
    assert abs(after / before - 0.5 ** 0.5) < 0.03           # the band narrows like 1/√n
    label = box.locator("svg.cg-winrate-chart").get_attribute("aria-label")
    assert "In 800 games" in label                            # its text alternative
    box.screenshot(path=str(artifacts / "lesson06-winrate-explorer.png"))
    assert page_log.problems() == []

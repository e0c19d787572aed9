"""The explainer apps under Voila, in headless Chromium: the Call explainer, the Hand scorer
and the Call odds each load with no error in the page or the server log, and one click
updates the view (a screenshot per app goes to test-artifacts/)."""

from __future__ import annotations

import re

import pytest


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def open_app(page, voila_server, notebook: str, ready: re.Pattern[str]):
    page.goto(voila_server.app_url(notebook))
    # the widget is there once the kernel has run the notebook
    page.get_by_text(ready).first.wait_for(state="visible")


def screenshot(page, path, height: int) -> None:
    """The whole app: Voila scrolls inside its own container, so grow the window first."""
    page.set_viewport_size({"width": 1280, "height": height})
    page.screenshot(path=str(path), full_page=True)


def no_code_shown(page, source: str) -> None:
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert source not in page.content()


@pytest.fixture
def explainer(voila_server, page, page_log, artifacts, expect):
    """``explainer(notebook, ready=, heading=, source=, height=)``: the app's page, once
    ``ready`` shows, its ``heading`` visible and its code (``source``) not shown.  At the
    end: a screenshot ``<app>.png`` (a window ``height`` px tall), and no problem in the
    page's log or in the server's log since it opened."""
    opened: list[tuple[str, int, int]] = []

    def open_explainer(notebook: str, *, ready: re.Pattern[str], heading: re.Pattern[str],
                       source: str, height: int):
        mark = voila_server.mark()
        open_app(page, voila_server, notebook, ready)
        expect(page.get_by_role("heading", name=heading)).to_be_visible()
        no_code_shown(page, source)
        opened.append((notebook, height, mark))
        return page

    yield open_explainer
    for notebook, height, mark in opened:
        screenshot(page, artifacts / notebook.replace(".ipynb", ".png"), height)
        assert page_log.problems() == []
        assert voila_server.errors_since(mark) == []


def test_call_explainer_app(explainer, expect):
    page = explainer("app_call_explainer.ipynb", ready=re.compile(r"Next: player 1 plays"),
                     heading=re.compile("who takes the pile"), source="CallExplainer(",
                     height=1500)
    outcome = page.locator(".call-outcome")
    expect(outcome).to_contain_text("Player 0 takes the pile (5 cards)")
    expect(page.locator("li.call-step")).to_have_count(4)
    # put the IX of Bells back: "1 seven" really is a seven, the caller takes the pile (L9, L10)
    page.get_by_role("button", name="9B", exact=True).click()
    expect(outcome).to_contain_text("Player 1 takes the pile (4 cards)")
    expect(outcome).to_contain_text("Next: player 1 plays, announcing eights")
    expect(page.locator("li.call-step[data-kind='Revealed']")).to_contain_text("It was true")


def test_hand_scorer_app(explainer, expect):
    page = explainer("app_hand_scorer.ipynb", ready=re.compile(r"Ace 11 \+ King 10"),
                     heading=re.compile("Scoring a Thirty-One hand"), source="HandScorer(",
                     height=1300)
    score = page.locator(".hand-score")
    expect(score).to_have_text("30")
    expect(page.locator("img.hand-chart")).to_have_attribute("alt", re.compile("30, is marked"))
    page.get_by_role("button", name="9H", exact=True).click()       # put the IX back
    expect(page.get_by_text("Pick 1 more card")).to_be_visible()
    page.get_by_role("button", name="10H", exact=True).click()      # Ace + King + X = 31
    expect(score).to_have_text("31")
    expect(page.locator("table.hand-standing")).to_contain_text("score less")
    expect(page.locator("img.hand-chart")).to_have_attribute("alt", re.compile("31, is marked"))


def test_call_odds_app(explainer, expect):
    page = explainer("app_call_odds.ipynb", ready=re.compile(r"exactly 1/406"),
                     heading=re.compile("How likely is the claim"), source="CallOdds(",
                     height=1350)
    answer = page.locator(".odds-answer")
    expect(answer).to_contain_text("2 sevens")
    # put the King of Acorns back: 30 unseen, still 2 sevens among them: C(2,2)/C(30,2)
    page.get_by_role("button", name="KA", exact=True).click()
    expect(answer).to_contain_text("exactly 1/435")
    expect(page.locator(".odds-formula")).to_contain_text("C(2,2) / C(30,2)")

"""The lessons in JupyterLab (``make lab``), in headless Chromium: a lesson and an app run
with *Run All Cells*, their widgets draw and answer clicks, and the widget manager reports
no error (a mismatched ipywidgets / jupyterlab_widgets pair shows blank widgets and
"Error displaying widget" / "Class ... not found" instead)."""

from __future__ import annotations

import os
import re

from testkit import let_claims_stand

SEED = int(os.environ["CARDGAMES_SEED_LIAR"])   # set in tests/conftest.py, inherited by Lab


def test_token_is_required(lab_server):
    """``make lab`` leaves JupyterLab's token protection on: no token, no notebooks."""
    import urllib.error
    import urllib.request

    try:
        urllib.request.urlopen(f"{lab_server.url}api/contents", timeout=10)
        status = 200
    except urllib.error.HTTPError as e:
        status = e.code
    assert status == 403


def test_lesson_03_runs_and_the_hand_scorer_answers(lab, expect):
    lab.open("03_hand_scoring.ipynb")
    lab.run_all()
    counts = lab.execution_counts()
    assert counts == list(range(1, len(counts) + 1))      # a fresh kernel ran every cell once
    scorer = lab.output_of("HandScorer(")
    score = scorer.locator(".hand-score")
    # Ace 11 + King 10 + IX 9 of Hearts = 30 (T11)
    expect(score).to_have_text("30")
    scorer.get_by_role("button", name="9H", exact=True).click()      # put the IX back
    expect(scorer.get_by_text("Pick 1 more card")).to_be_visible()
    scorer.get_by_role("button", name="10H", exact=True).click()     # Ace 11 + King 10 + X 10
    expect(score).to_have_text("31")
    lab.assert_clean()


def test_liar_app_runs_and_a_card_is_played(lab, expect):
    from widgets.tables.liar_table import LiarTable

    lab.open("app_liar.ipynb")
    lab.run_all()
    table = lab.output_of("liar_app(")
    status = table.locator(".liar-status")
    expect(status).to_be_visible()
    log = table.locator(".liar-log li")
    let_claims_stand(table, expect)   # the bots' claims before the human's first turn
    expect(status).to_contain_text("Your turn")
    n = log.count()
    table.locator('button[title^="Pick the "]').first.click()
    play = table.get_by_role("button", name=re.compile(r"^Play 1 × "))
    expect(play).to_be_enabled()
    play.click()
    expect(log).not_to_have_count(n)
    # the first new line of the log is the human's play: one card, announced (L7, R-L4)
    seat = LiarTable(seed=SEED).human_seat
    assert re.match(rf'Player {seat} put down 1 card and announced "1 ', log.nth(n).inner_text())
    # the rule links (the header's and the log's) open the rules page from Lab too: a
    # widget's HTML is put in the page as it is, so the kernel makes them absolute
    # (widgets.kit.rule_links.rules_base; Voila's relative links would resolve to /lab/...)
    links = lab.output_of("liar_app(").locator("a[href*='rules/en.html#']")
    hrefs = {links.nth(i).evaluate("a => a.href") for i in range(min(links.count(), 6))}
    assert len(hrefs) >= 2
    for href in hrefs:
        assert href.startswith(lab.server.url + "files/rules/en.html#"), href
    link = links.last
    anchor = link.evaluate("a => a.href").rsplit("#", 1)[1]
    with lab.page.context.expect_page() as opened:
        link.click()                                   # a new tab, as the student sees it
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith(f"files/rules/en.html#{anchor}")
    assert rules.locator(f"[id='{anchor}']").count() == 1
    rules.close()
    lab.assert_clean()


def broken_widgets_notebook(modules: list[str]) -> dict:
    """A cell per module, each showing a widget whose model ``NoSuchModel`` is said to be
    in that module."""
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": ("import ipywidgets, traitlets\n\n"
                         "class Broken(ipywidgets.DOMWidget):\n"
                         "    _model_name = traitlets.Unicode('NoSuchModel').tag(sync=True)\n"
                         f"    _model_module = traitlets.Unicode({module!r}).tag(sync=True)\n\n"
                         "Broken()")} for module in modules]
    return {"cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def test_the_check_sees_widgets_that_cannot_be_shown(lab_server, lab):
    """The control: widgets whose model the browser cannot make are reported."""
    import json

    modules = ["no-such-module",              # a front-end extension that is not installed
               "@jupyter-widgets/controls"]   # installed, without the class (version mismatch)
    path = lab_server.root / "broken_widgets.ipynb"
    path.write_text(json.dumps(broken_widgets_notebook(modules)))
    try:
        lab.open(path.name)
        lab.run_all()
        assert lab.error_outputs() == []           # the kernel side is fine
        errors = lab.widget_errors()
        for module in modules:
            assert any(module in e for e in errors), (module, errors, lab.console)
    finally:
        path.unlink()


def test_an_exercise_is_answered_wrong_then_right(lab, expect):
    """Lesson 01's first exercise in JupyterLab, as in Voila (tests/browser/
    test_lesson_exercises.py): nothing shown before a try, a hint after a wrong one,
    a confirmation after the right one.  The answer, by hand: with six players seat 1
    plays turns 0, 6, 12, 18 (L6), whose ranks are 0, 6, 4, 2 steps up the cycle of
    8 (L4, L8): VII, King, IX, Unter."""
    lab.open("01_deck_and_rank_order.ipynb")
    lab.run_all()
    box = lab.page.locator(".cg-exercise").first
    feedback = box.locator(".cg-exercise-feedback")
    expect(box.get_by_role("button", name="Check")).to_be_visible()
    assert feedback.count() == 0                          # nothing before the first try
    box.locator("input[type=text]").fill("7 K")
    box.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("Not yet")
    assert "Hint" in feedback.inner_text()
    box.locator("input[type=text]").fill("VII, IX, Unter, King")
    box.get_by_role("button", name="Check").click()
    expect(feedback).to_contain_text("Right")
    lab.assert_clean()

"""A whole Liar round and a Thirty-One deal with the keyboard alone (issue 11, WCAG 2.1.1).

Only ``page.keyboard`` moves: Tab to the control (its accessible name says what it does),
then Space or Enter.  No mouse click, no ``focus()`` call.  The apps deal from the fixed
seeds of tests/conftest.py, so the Liar round is the one test_app_liar.py plays by mouse
with the same policy, and its log must be the same.
"""

from __future__ import annotations

import re
import sys

import pytest
from pagecheck import open_page
from test_app_liar import CALL, LABELS, STAND, python_round

harness = sys.modules["cardgames_voila_harness"]

#: The most Tab presses to reach a control (a table has about 30 stops).
MOST_TABS = 120

_ACTIVE = """(test) => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const name = (el.getAttribute('aria-label') || el.innerText || el.value || '').trim();
  return {name, disabled: !!el.disabled, ok: new Function('el', 'name', test)(el, name)};
}"""


def tab_to(page, test: str, what: str) -> str:
    """Press Tab until the focused element passes ``test`` (JS on ``el`` and its ``name``)
    and is enabled; its name.  Fails naming ``what`` after MOST_TABS presses."""
    for _ in range(MOST_TABS):
        got = page.evaluate(_ACTIVE, f"return ({test});")
        if got and got["ok"] and not got["disabled"]:
            return got["name"]
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {what}")


def named(pattern: str) -> str:
    """A test: the focused element is a button whose name matches ``pattern``."""
    return f"el.tagName === 'BUTTON' && /{pattern}/.test(name)"


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def test_a_liar_round_by_keyboard(voila_server, page, page_log, expect):
    open_page(page, voila_server.app_url("app_liar.ipynb"), wait_quiet=harness.wait_quiet)
    status = page.locator(".liar-status")
    page.wait_for_function("document.querySelectorAll('.liar-log li').length > 1")
    calls = plays = 0
    for _ in range(120):
        text = status.inner_text()
        if text.startswith("Round over"):
            break
        before = page.locator(".liar-log li").count()
        if text.startswith("Your turn"):
            expect(page.locator('button[title^="Pick the "]:disabled')).to_have_count(0)
            plural = re.search(r"announced as (\w+)", text).group(1)
            label = LABELS[plural]
            due = page.locator(f'button[title^="Pick the {label} of "]').count()
            picked = 0
            for i in range(min(due, 4)):
                # the next due card not picked yet (a picked one says "Picked ✓")
                name = tab_to(page, named(f"^Pick {label} of "), f"a {label} to pick")
                page.keyboard.press("Space")
                picked += 1
                expect(page.get_by_role("button", name=re.compile(rf"^Picked ✓ {name[5:]}$"))
                       ).to_be_visible()
            if not picked:          # no due card: play the first card (a bluff, L8)
                tab_to(page, named("^Pick "), "a card to pick")
                page.keyboard.press("Space")
                picked = 1
            expect(page.get_by_role("button", name=re.compile(rf"^Play {picked} ×"))
                   ).to_be_enabled()
            tab_to(page, named(f"^Play {picked} ×"), "Play")
            page.keyboard.press("Enter")
            plays += 1
        elif "Call “Liar!” or let it stand" in text:
            if calls == 0:
                tab_to(page, named(f"^{CALL}$"), CALL)
                calls += 1
            else:
                tab_to(page, named(f"^{STAND}$"), STAND)
            page.keyboard.press("Enter")
        else:
            pytest.fail(f"unexpected status: {text!r}")
        page.wait_for_function(
            "n => document.querySelectorAll('.liar-log li').length !== n", arg=before)
    expect(status).to_contain_text("Round over")
    assert calls == 1 and plays >= 1
    # the round the mouse test plays with the same policy (test_app_liar.python_round)
    table = python_round()
    dom_log = [li.inner_text() for li in page.locator(".liar-log li").all()]
    assert dom_log == [e.describe() for e in table.state.events]
    table.close()
    assert page_log.problems() == []


def test_a_thirty_one_deal_by_keyboard(voila_server, page, page_log, expect):
    open_page(page, voila_server.app_url("app_thirty_one.ipynb"),
              wait_quiet=harness.wait_quiet)
    prompt_over = re.compile(r"The deal is over|The match is over")
    log = page.locator("ol.t31-log > li")
    swapped = False
    for _ in range(40):
        page.wait_for_function("() => !document.querySelector('.thirty-one-table "
                               "button:focus:disabled')")
        body = page.locator(".thirty-one-table").inner_text()
        if prompt_over.search(body):
            break
        before = log.count()
        if "You deal: keep your cards" in body:
            tab_to(page, named("^Keep my cards$"), "Keep my cards")
            page.keyboard.press("Enter")
        elif "▶ Your turn" in body and not swapped:
            tab_to(page, "el.closest('.t31-hand') && /^Pick /.test(name)", "a hand card")
            page.keyboard.press("Space")
            tab_to(page, "el.closest('.t31-table') && /^Pick /.test(name)", "a table card")
            page.keyboard.press("Space")
            tab_to(page, named("^Swap \\S+ ⇄ \\S+$"), "Swap")
            page.keyboard.press("Enter")
            swapped = True
        elif "▶ Your turn" in body:
            tab_to(page, named("^Reveal$"), "Reveal")
            page.keyboard.press("Enter")
        elif "your final turn" in body:
            tab_to(page, named("^Stand$"), "Stand")
            page.keyboard.press("Enter")
        else:
            tab_to(page, named("^Let the bots play"), "Let the bots play")
            page.keyboard.press("Enter")
        expect(log).not_to_have_count(before)
    expect(page.get_by_text(re.compile(r"^Deal 1: result$"))).to_be_visible()
    assert swapped
    assert page_log.problems() == []

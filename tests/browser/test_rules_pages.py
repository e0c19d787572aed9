"""The rules pages as the apps open them: served by `make serve`'s Voila, one anchor per rule.

``voila.json`` allows ``rules/(en|hr|de).html`` in ``VoilaConfiguration.file_allowlist``
and hides the ``rules`` folder from the index (``ContentsManager.hide_globs``);
``cardgames.rules.rule_url`` gives the addresses, relative to an app page
``/voila/render/app_x.ipynb``; a rule cited on an app page is a link to it.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest

from cardgames.rules import rule_url

REPO = Path(__file__).resolve().parents[2]


def absolute(server, rule: str, lang: str) -> str:
    """The rule's address as an app page of ``server`` resolves it."""
    return urljoin(server.app_url("app_liar.ipynb"), rule_url(rule, lang))


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_each_rules_page_is_served_as_committed(voila_server, lang):
    url = absolute(voila_server, "L1", lang)
    assert url == f"{voila_server.url}voila/files/rules/{lang}.html#L1"
    status, body = get(url.split("#")[0])
    assert status == 200
    assert body == (REPO / "lessons" / "rules" / f"{lang}.html").read_bytes()


def test_only_the_three_pages_are_allowed(voila_server):
    for path in ("voila/files/rules/fr.html", "voila/files/rules/en.md",
                 "voila/files/rules/../_style.py", "voila/files/_style.py"):
        status, _ = get(voila_server.url + path)
        assert status in (400, 403, 404), f"{path} answered {status}"   # 400: a ".." path (classroom.guard)


@pytest.mark.parametrize(("rule", "lang", "heading"), [
    ("R-L5", "hr", "R-L5 — Prilika za prozivanje."),
    ("T7", "de", "T7 — Alle tauschen:"),
    ("R-T10", "en", "R-T10 — Every deal ends."),
])
def test_a_rule_link_opens_at_that_rule(voila_server, page, page_log, rule, lang, heading):
    page.goto(absolute(voila_server, rule, lang))
    target = page.locator(f'[id="{rule}"] + strong')
    assert target.inner_text() == heading
    assert page.evaluate("location.hash") == f"#{rule}"
    assert target.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 900              # scrolled into view
    assert page.evaluate("document.documentElement.lang") == lang
    assert page_log.problems() == []


def test_a_citation_on_an_app_page_opens_its_rule(voila_server, page, page_log, artifacts):
    """The call explainer in German: "(R-L6)" in its steps is a link that opens the
    German rules at R-L6 in a new tab, and the app stays where it was."""
    from playwright.sync_api import expect

    harness = __import__("sys").modules["cardgames_voila_harness"]   # loaded by conftest.py
    page.goto(voila_server.app_url("app_call_explainer.ipynb") + "?lang=de", timeout=180_000)
    steps = page.locator("li.call-step")
    expect(steps.first).to_be_visible(timeout=90_000)
    harness.wait_quiet(page)
    cite = page.locator("li.call-step[data-kind='Revealed'] a", has_text="R-L6")
    expect(cite).to_have_count(1)
    assert cite.get_attribute("target") == "_blank"
    assert cite.get_attribute("rel") == "noopener"
    href = cite.evaluate("a => a.href")            # as the browser resolves it
    assert href == f"{voila_server.url}voila/files/rules/de.html#R-L6"
    status, body = get(href.split("#")[0])
    assert status == 200 and b'id="R-L6"' in body
    # every link in the app's widgets is a rule of the German page (nothing else in it)
    hrefs = page.locator(".widget-html a").evaluate_all("links => links.map(a => a.href)")
    assert len(hrefs) > 3
    for h in hrefs:
        assert re.fullmatch(re.escape(f"{voila_server.url}voila/files/rules/de.html#")
                            + r"(?:R-)?[LT]\d{1,2}", h), h
    with page.context.expect_page() as opened:
        cite.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == href
    assert rules.evaluate("document.documentElement.lang") == "de"
    assert rules.locator('[id="R-L6"]').count() == 1
    assert rules.evaluate("location.hash") == "#R-L6"
    rules.screenshot(path=str(artifacts / "rules-link-from-app-de.png"))
    rules.close()
    expect(steps.first).to_be_visible()          # the app page is still there
    assert page.url.startswith(voila_server.app_url("app_call_explainer.ipynb"))
    # the citation of a checkbox's label, beside it, opens its rule in a new tab too
    box = page.locator(".widget-checkbox input[type=checkbox]")
    expect(box).to_have_count(1)
    checked = box.is_checked()
    with page.context.expect_page() as opened:
        page.locator(".widget-checkbox + .widget-html a", has_text="R-L9").click()
    assert opened.value.url == f"{voila_server.url}voila/files/rules/de.html#R-L9"
    opened.value.close()
    assert box.is_checked() == checked
    # no rule number left as plain text anywhere on the page
    assert page.evaluate(UNLINKED) == []
    assert page_log.problems() == []


# the visible text nodes outside links, drawings and code that cite a rule
UNLINKED = r"""() => {
  const re = /(?<![\w-])(?:R-)?[LT]\d{1,2}(?![\w-])/; const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || p.closest('a, script, style, svg') || p.offsetParent === null) continue;
    if (re.test(n.textContent)) out.push(n.textContent.trim());
  }
  return out; }"""

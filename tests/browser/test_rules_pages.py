"""The rules pages as the apps open them: served by `make serve`'s Voila, one anchor per rule.

``voila.json`` allows ``rules/(en|hr|de).html`` in ``VoilaConfiguration.file_allowlist``
and hides the ``rules`` folder from the index (``ContentsManager.hide_globs``);
``cardgames.rules.rule_url`` gives the addresses.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from cardgames.rules import rule_url

REPO = Path(__file__).resolve().parents[2]


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, b""


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_each_rules_page_is_served_as_committed(voila_server, lang):
    status, body = get(voila_server.url + rule_url("L1", lang).lstrip("/").split("#")[0])
    assert status == 200
    assert body == (REPO / "lessons" / "rules" / f"{lang}.html").read_bytes()


def test_only_the_three_pages_are_allowed(voila_server):
    for path in ("voila/files/rules/fr.html", "voila/files/rules/en.md",
                 "voila/files/rules/../_rules_html.py", "voila/files/_rules_html.py"):
        status, _ = get(voila_server.url + path)
        assert status in (403, 404), f"{path} answered {status}"


@pytest.mark.parametrize(("rule", "lang", "heading"), [
    ("R-L5", "hr", "R-L5 — Prilika za prozivanje."),
    ("T7", "de", "T7 — Alle tauschen:"),
    ("R-T10", "en", "R-T10 — Every deal ends."),
])
def test_a_rule_link_opens_at_that_rule(voila_server, page, page_log, rule, lang, heading):
    page.goto(voila_server.url.rstrip("/") + rule_url(rule, lang))
    target = page.locator(f'[id="{rule}"] + strong')
    assert target.inner_text() == heading
    assert page.evaluate("location.hash") == f"#{rule}"
    assert target.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 900              # scrolled into view
    assert page.evaluate("document.documentElement.lang") == lang
    assert page_log.problems() == []

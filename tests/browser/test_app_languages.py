"""Every app in Croatian and German (?lang=hr, ?lang=de), in headless Chromium (issue 10).

The English words to look for are the catalog's own msgids: every msgid that the
language translates differently, cut at its placeholders and HTML tags, each piece
with an English word of 3 letters or more.  Proper names and notation (Unter, Ober,
``AH``, rule numbers) are spelt the same in every language, so the catalog leaves
them as they are and they are not looked for.  A screenshot of each page goes to
``test-artifacts/``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "cardgames" / "locale"
APPS = ["app_rank_cycle", "app_hand_scorer", "app_call_explainer", "app_call_odds",
        "app_liar", "app_thirty_one"]
HEADINGS = {  # the app's title in each language, written by hand
    ("app_rank_cycle", "hr"): "Krug rangova u igri Laž!",
    ("app_rank_cycle", "de"): "Der Kreis der Ränge bei Lüge!",
    ("app_hand_scorer", "hr"): "Bodovanje ruke u igri Trideset i jedan",
    ("app_hand_scorer", "de"): "Eine Hand beim Einunddreißig werten",
    ("app_call_explainer", "hr"): "Povik „Laž!“: tko uzima hrpu?",
    ("app_call_explainer", "de"): "„Lüge!“ rufen: wer nimmt den Stapel?",
    ("app_call_odds", "hr"): "Koliko je najava vjerojatna?",
    ("app_call_odds", "de"): "Wie wahrscheinlich ist die Ansage?",
    ("app_liar", "hr"): "Laž! — ti protiv tri bota",
    ("app_liar", "de"): "Lüge! („Laž!“) — du gegen drei Bots",
    ("app_thirty_one", "hr"): "Trideset i jedan za stolom",
    ("app_thirty_one", "de"): "Einunddreißig am Tisch",
}
_CUT = re.compile(r"\{[^{}]*\}|<[^>]*>|%\(\w+\)[sdr]|%[sdr]")
_WORD = re.compile(r"[A-Za-z]{3,}")


def english_pieces(lang: str) -> set[str]:
    from babel.messages.pofile import read_po

    with open(LOCALE / lang / "LC_MESSAGES" / "cardgames.po", "rb") as fp:
        catalog = read_po(fp)
    translated_text = " ".join(
        s for m in catalog if m.id
        for s in ([m.string] if isinstance(m.string, str) else m.string))
    pieces = set()
    for m in catalog:
        if not m.id:
            continue
        for msgid in [m.id] if isinstance(m.id, str) else m.id:
            for piece in _CUT.split(msgid):
                piece = piece.strip(" .,;:()[]\"'“”—–-→")
                if _WORD.search(piece) and piece not in translated_text:
                    pieces.add(piece)
    return pieces


def test_the_english_pieces_are_real():
    pieces = english_pieces("hr")
    assert "Next turn ▶" in pieces and "Starting seat" in pieces and "Why" in pieces
    assert "Unter" not in pieces and "Ober" not in pieces     # names, the same in hr


@pytest.mark.parametrize("lang", ["hr", "de"])
@pytest.mark.parametrize("app", APPS)
def test_app_in_language_has_no_english_left(app, lang, voila_server, page, page_log,
                                             artifacts):
    from playwright.sync_api import expect

    harness = sys.modules["cardgames_voila_harness"]   # loaded by conftest.py
    mark = voila_server.mark()
    page.goto(voila_server.app_url(f"{app}.ipynb") + f"?lang={lang}", timeout=180_000)
    title = page.locator(".localized-app .app-title")
    title.wait_for(state="visible", timeout=90_000)
    expect(title).to_contain_text(HEADINGS[app, lang])
    harness.wait_quiet(page)
    page.screenshot(path=str(artifacts / f"{app}-{lang}.png"), full_page=True)
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []
    picker = page.locator(".language-picker button.mod-active, .language-picker .mod-active")
    expect(picker.first).to_have_text({"hr": "Hrvatski", "de": "Deutsch"}[lang])
    rules = page.locator("a.rules-link")
    assert rules.get_attribute("href").startswith(f"../files/rules/{lang}.html#")
    text = page.locator("body").inner_text()
    left = sorted(p for p in english_pieces(lang) if p in text)
    assert left == [], f"English left on {app}?lang={lang}: {left}"


def test_picker_switches_the_language(voila_server, page, page_log, artifacts):
    from playwright.sync_api import expect

    page.goto(voila_server.app_url("app_rank_cycle.ipynb") + "?lang=de", timeout=180_000)
    expect(page.get_by_role("button", name="Nächster Zug ▶")).to_be_visible(timeout=90_000)
    page.locator(".language-picker").get_by_text("Hrvatski").click()
    expect(page.get_by_role("button", name="Sljedeći potez ▶")).to_be_visible()
    expect(page.locator(".app-title")).to_contain_text("Krug rangova")
    page.locator(".language-picker").get_by_text("English").click()
    expect(page.get_by_role("button", name="Next turn ▶")).to_be_visible()
    page.screenshot(path=str(artifacts / "app_rank_cycle-picker-en.png"), full_page=True)
    assert page_log.problems() == []


def test_unsupported_language_is_shown_not_ignored(voila_server, page, page_log):
    from playwright.sync_api import expect

    page.goto(voila_server.app_url("app_hand_scorer.ipynb") + "?lang=fr", timeout=180_000)
    error = page.locator(".language-error")
    expect(error).to_be_visible(timeout=90_000)
    expect(error).to_contain_text("unsupported language 'fr': choose one of en, hr, de")

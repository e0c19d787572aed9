"""The start page's language, as a class meets it (found by walking the classroom day
in Chromium, 2026-12-01):

- a student's phone set to Croatian or German that opens ``/`` (the address on the board,
  no ``?lang=``) gets the start page in its own language, as the tables' join page
  already did (``Accept-Language``); before, it got English;
- a server started for a Croatian class (``CARDGAMES_LANG=hr make serve``, as
  docs/serving.md advises) whose student picks *English* gets English apps and lesson
  widgets: the English links carry ``?lang=en``; before, they carried no language and
  the page's kernel spoke the server's Croatian (an English lesson with Croatian
  exercises, an English start page opening a Croatian app).
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _local_only(context, base: str) -> list[str]:
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(base) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return outside


def test_the_start_page_follows_the_browsers_language(voila_server, chromium):
    for locale, lang, heading in (("hr-HR", "hr", "Lekcije"), ("de-DE", "de", "Lektionen"),
                                  ("en-US", "en", "Lessons")):
        context = chromium.new_context(locale=locale, viewport={"width": 375, "height": 740})
        try:
            outside = _local_only(context, voila_server.url)
            page = context.new_page()
            response = page.goto(voila_server.url)
            assert response is not None and response.status == 200
            assert page.locator("html").get_attribute("lang") == lang, locale
            assert page.locator("h2").first.inner_text() == heading, locale
            current = page.locator("#language-picker [aria-current='page']")
            assert current.get_attribute("hreflang") == lang
            app = page.locator("a.entry[href*='app_call_odds.ipynb']").get_attribute("href")
            assert app is not None
            assert (f"lang={lang}" in app) == (lang != "en"), app   # server default: en
            # ?lang= still wins over the browser's language, and a wrong one is refused
            page.goto(voila_server.url + "?lang=en")
            assert page.locator("html").get_attribute("lang") == "en"
            response = page.goto(voila_server.url + "?lang=fr")
            assert response is not None and response.status == 400
            assert outside == []
        finally:
            context.close()


def test_english_links_of_a_croatian_server_open_english_pages(start_voila, chromium,
                                                               monkeypatch, tmp_path):
    monkeypatch.setenv("CARDGAMES_LANG", "hr")            # the server's (and kernels') own
    server = start_voila("lessons", cwd=REPO, name="start-page-hr",
                         extra_args=[f"--tables-dir={tmp_path / 'data'}"])
    context = chromium.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    try:
        outside = _local_only(context, server.url)
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(server.url + "?lang=en")
        assert page.locator("html").get_attribute("lang") == "en"
        hrefs = page.locator("a.entry").evaluate_all("as => as.map(a => a.getAttribute('href'))")
        pages = [h for h in hrefs if ".ipynb" in h]
        assert pages and all(re.search(r"\.ipynb\?lang=en(&|$)", h) for h in pages), pages
        page.locator("a.entry[href*='app_call_odds.ipynb']").click()
        cells = page.locator("#rendered_cells")
        cells.locator("select, button").first.wait_for(state="visible")
        # the app's own words (widgets/explainers/call_odds.py), not the notebook's title
        # (the deck menu: "1 deck (32 cards)", Croatian "1 špil (32 karte)"; the app
        # writes no-break spaces)
        page.wait_for_function("() => document.getElementById('rendered_cells').innerText"
                               ".replace(/\\s+/g, ' ').includes('(32 ')")
        text = " ".join(cells.inner_text().split())
        assert "1 deck (32 cards)" in text and "1 špil" not in text, (page.url, text[:600])
        # and in Croatian the same server still links its Croatian pages
        page.goto(server.url + "?lang=hr")
        app = page.locator("a.entry[href*='app_call_odds.ipynb']").get_attribute("href")
        assert app is not None and "lang=hr" in app
        assert outside == []
    finally:
        context.close()

"""The start page and the class-full page in Croatian and German, in headless Chromium
(issue 23): no English string of the catalogs left in the visible text.

The English strings looked for are the catalogs' msgids, cut at placeholders and tags
(``english_pieces`` of test_app_languages.py: proper names and card notation, which
the catalogs leave as they are, are never looked for).  The start page's lesson and
app titles, descriptions and times are msgids too (``classroom/catalog_words.py``),
so an untranslated one is found here.

The apps themselves (every app in hr and de) are checked the same way by
``test_app_languages.py``.  The lessons are NOT checked this session: their English
source is still changing and their translation pipeline (issue 23, item 1) is not
built yet; a lesson opened from the hr page gets ``?lang=hr`` (checked below) but its
text is English.
"""

from __future__ import annotations

import re
import pytest
from test_app_languages import english_pieces

#: the start page's headings and a lesson title in each language, written by hand
EXPECTED = {
    "hr": (["Lekcije", "Aplikacije", "Pravila"],
           "3. lekcija — Bodovanje ruke u igri Trideset i jedan"),
    "de": (["Lektionen", "Apps", "Regeln"],
           "Lektion 3 — Eine Hand beim Einunddreißig werten"),
}
#: visible on the page but not English words to translate: the language picker and the
#: rules pages' titles are each language's own name
OWN_NAMES = {"English", "Hrvatski", "Deutsch"}


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_start_page_in_language_has_no_english_left(lang, voila_server, page, page_log,
                                                    artifacts):
    mark = voila_server.mark()
    page.goto(voila_server.url + f"?lang={lang}")
    assert page.locator("html").get_attribute("lang") == lang
    headings, lesson3 = EXPECTED[lang]
    assert page.locator("h2").all_inner_texts() == headings
    assert page.get_by_text(lesson3, exact=True).count() == 1
    # every lesson and app link opens its page in this language
    hrefs = page.locator("a.entry").evaluate_all("els => els.map(a => a.getAttribute('href'))")
    notebooks = [h for h in hrefs if "/voila/render/" in h]
    # each opens in the page's language (the class link's student key may follow)
    assert notebooks and all(re.search(rf"\.ipynb\?lang={lang}(&student=[\w-]+)?$", h)
                             for h in notebooks), notebooks
    assert page.locator("#language-picker").get_attribute("aria-label") == {
        "hr": "Jezik", "de": "Sprache"}[lang]
    page.screenshot(path=str(artifacts / f"start-page-{lang}.png"), full_page=True)
    text = page.locator("body").inner_text()
    left = sorted(p for p in english_pieces(lang) if p in text and p not in OWN_NAMES)
    assert left == [], f"English left on /?lang={lang}: {left}"
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_class_full_page_in_language_has_no_english_left(lang, page, artifacts):
    """The page the server sends (HTTP 503) when the class is full, as Chromium shows it
    (its HTML comes from classroom.startpage; the cap itself is test_classroom_server.py's)."""
    from classroom.startpage import full_page

    page.set_content(full_page(retry_seconds=60, lang=lang))
    assert page.locator("html").get_attribute("lang") == lang
    heading = {"hr": "Razred je pun", "de": "Die Klasse ist voll"}[lang]
    assert heading in page.locator("h1").inner_text()
    text = page.locator("body").inner_text()
    page.screenshot(path=str(artifacts / f"class-full-{lang}.png"), full_page=True)
    left = sorted(p for p in english_pieces(lang) if p in text)
    assert left == [], f"English left on the class-full page ({lang}): {left}"

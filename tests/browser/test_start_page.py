"""The start page at ``/`` (``classroom.startpage``): every lesson, app and rules page
under its title, one line on it and its time, readable on a projector and a phone,
and every link opens its page without errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from testkit import notebook_title

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
NOTEBOOKS = sorted(p.name for p in LESSONS.glob("*.ipynb"))
RULES = [f"rules/{lang}.html" for lang in ("en", "hr", "de")
         if (LESSONS / "rules" / f"{lang}.html").exists()]


def heading(name: str) -> str:
    return notebook_title(LESSONS / name)


def _without_student(href: str) -> str:
    """A link without the class link's ``student=KEY`` (classroom.tables.students adds it)."""
    href = re.sub(r"([?&])student=[^&]*(&|$)", lambda m: m.group(1) if m.group(2) else "", href)
    return href.rstrip("?&")


def entries(page) -> list[dict]:
    found = page.locator("a.entry").evaluate_all("""els => els.map(a => ({
        href: a.getAttribute('href'), title: a.querySelector('.title').textContent,
        time: (a.querySelector('.time') || {}).textContent || '',
        group: a.closest('section').querySelector('h2').textContent}))""")
    return [dict(e, href=_without_student(e["href"])) for e in found]


def test_start_page_groups_every_notebook_under_its_title(voila_server, page, page_log):
    mark = voila_server.mark()
    page.goto(voila_server.url)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.title() and page.locator("h1").inner_text() == page.title()
    assert page.locator("h2").all_inner_texts() == ["Lessons", "Apps", "Rules"]
    assert page.locator("#language-picker").count() == 1
    got = entries(page)
    expected = ([f"/voila/render/{n}" for n in NOTEBOOKS if not n.startswith("app_")]
                + [f"/voila/render/{n}" for n in NOTEBOOKS if n.startswith("app_")]
                + [f"/voila/files/{r}" for r in RULES])
    assert [e["href"] for e in got] == expected
    for e in got:
        name = e["href"].rsplit("/", 1)[-1]
        if name.endswith(".ipynb"):
            assert e["title"] == heading(name)
            assert e["group"] == ("Apps" if name.startswith("app_") else "Lessons")
            assert re.search(r"\d+(–\d+)? min", e["time"]), e
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []


def test_start_page_in_croatian_and_an_unknown_language(voila_server, page):
    """``/?lang=hr``: Croatian headings, the page's lang, apps opened in Croatian; the
    picker goes back to English.  ``/?lang=fr`` is refused, naming the languages."""
    page.goto(voila_server.url + "?lang=hr")
    assert page.locator("html").get_attribute("lang") == "hr"
    assert page.locator("h2").all_inner_texts() == ["Lekcije", "Aplikacije", "Pravila"]
    apps = [e["href"] for e in entries(page) if e["href"].startswith("/voila/render/app_")]
    assert apps and all(h.endswith("?lang=hr") for h in apps)
    page.locator("#language-picker").get_by_role("link", name="English").click()
    page.wait_for_url(re.compile(r"\?lang=en$"))
    assert page.locator("h2").all_inner_texts() == ["Lessons", "Apps", "Rules"]
    response = page.goto(voila_server.url + "?lang=fr")
    assert response is not None and response.status == 400
    assert "en, hr, de" in (response.status_text or "") + page.content()


@pytest.mark.parametrize("width,height", [(375, 812), (1920, 1080)])
def test_start_page_fits_phone_and_projector(voila_server, chromium, width, height):
    context = chromium.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        page.goto(voila_server.url)
        wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
            .filter(el => el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map(el => el.tagName + '.' + el.className)""")
        assert wide == []
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        sizes = page.locator("a.entry").evaluate_all(
            "els => els.map(a => a.getBoundingClientRect().height)")
        assert sizes and min(sizes) >= 44                       # touch targets
        font = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        assert font >= (16 if width < 800 else 20)              # readable on a projector
    finally:
        context.close()


def test_every_link_opens_its_page_without_errors(voila_server, page, page_log):
    """Each link, clicked: HTTP 200, the notebook's own title, no error output.  An app
    is loaded until its first control is usable; a lesson until its title and first
    cells have arrived (test_lessons_render.py renders every lesson in full), then the
    page is left, and the server stops that kernel (classroom.app.RenderHandler)."""
    mark = voila_server.mark()
    page.goto(voila_server.url)
    hrefs = [e["href"] for e in entries(page)]
    assert len(hrefs) == len(NOTEBOOKS) + len(RULES)
    for href in hrefs:
        page.goto(voila_server.url)
        with page.expect_navigation(wait_until="commit", timeout=60_000) as nav:
            page.locator(f'a.entry[href^="{href}"]').first.click()   # + ?student=
        assert nav.value is not None and nav.value.status == 200, href
        name = href.rsplit("/", 1)[-1]
        if name.startswith("app_"):
            page.locator("#rendered_cells").wait_for(state="visible", timeout=90_000)
            page.locator("#rendered_cells").locator(
                # the first *visible* control (app_online's hidden "Take my seat back"
                # button comes first in the page)
                "button:not(:disabled):visible, select:visible, .noUi-handle:visible, "
                "input:visible").first.wait_for(
                state="visible", timeout=60_000)
        if name.endswith(".ipynb"):
            page.wait_for_function(
                "t => (document.getElementById('rendered_cells') || {}).textContent"
                "   && document.getElementById('rendered_cells').textContent.includes(t)",
                arg=heading(name), timeout=90_000)
            errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr'], "
                                  "[data-mime-type*='error']")
            assert errors.count() == 0, href
        else:
            page.wait_for_load_state("load")
            assert page.locator("body").inner_text().strip(), href
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []

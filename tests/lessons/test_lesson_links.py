"""The start page opens a lesson in the page's language (issue 23): its built copy
``lessons/<lang>/`` (``make lessons``), and a class can keep warm kernels of a copy.

The served pages themselves (HTTP and Chromium): tests/browser/test_lessons_languages.py.
"""

from __future__ import annotations

import re
import shutil

import pytest

from classroom.catalog import catalog
from classroom.launch import ServeError, plan
from classroom.startpage import start_page
from lessonlib import LESSON_LANGUAGES, LESSONS, lesson_notebooks

NUMBERED = [p.name for p in lesson_notebooks()]


def _hrefs(page: str) -> list[str]:
    return re.findall(r'<a class="entry" href="([^"]+)"', page)


@pytest.mark.parametrize("lang", LESSON_LANGUAGES)
def test_every_lesson_link_opens_its_copy_in_the_pages_language(lang):
    hrefs = _hrefs(start_page(catalog(LESSONS), lang=lang))
    lessons = [h for h in hrefs if re.search(r"/\d\d_", h)]
    assert lessons == [f"/voila/render/{lang}/{name}?lang={lang}" for name in NUMBERED]
    for href in lessons:           # the page the link opens exists
        assert (LESSONS / href.removeprefix("/voila/render/").split("?")[0]).is_file(), href
    apps = [h for h in hrefs if "/app_" in h]
    assert apps and all(re.fullmatch(rf"/voila/render/app_\w+\.ipynb\?lang={lang}", h) for h in apps)


def test_in_english_a_lesson_link_opens_the_source():
    lessons = [h for h in _hrefs(start_page(catalog(LESSONS), lang="en")) if re.search(r"/\d\d_", h)]
    assert lessons == [f"/voila/render/{name}" for name in NUMBERED]


def test_a_lesson_not_built_in_a_language_opens_in_english(tmp_path):
    """A folder where lesson 03 has only its Croatian copy: the German page links the
    English lesson (with ?lang=de, for the widgets), the Croatian page the copy."""
    (path,) = LESSONS.glob("03_*.ipynb")
    shutil.copy(path, tmp_path / path.name)
    (tmp_path / "hr").mkdir()
    shutil.copy(LESSONS / "hr" / path.name, tmp_path / "hr" / path.name)
    entries = catalog(tmp_path)
    assert _hrefs(start_page(entries, lang="hr", base_url="/class/")) == [
        f"/class/voila/render/hr/{path.name}?lang=hr"]
    assert _hrefs(start_page(entries, lang="de")) == [f"/voila/render/{path.name}?lang=de"]
    # the copies are not listed as lessons of their own
    assert [e.name for e in entries if e.group == "lessons"] == [path.name]


def test_a_class_keeps_warm_kernels_of_a_built_copy():
    p = plan(LESSONS, students=2, notebooks=["hr/03_hand_scoring", "de/04_how_likely_is_a_lie"],
             max_kernels=None, available=20_000)
    assert p.pools == {"hr/03_hand_scoring.ipynb": 2, "de/04_how_likely_is_a_lie.ipynb": 2}
    with pytest.raises(ServeError, match=r"'fr/03_hand_scoring', not a notebook"):
        plan(LESSONS, students=2, notebooks=["fr/03_hand_scoring"], max_kernels=None,
             available=20_000)


def test_a_widgets_rule_links_reach_the_rules_from_a_lessons_copy(monkeypatch, tmp_path):
    """The widgets' rule links (widgets.kit.rule_links) are relative to the page: from
    /voila/render/hr/03_....ipynb one folder more (../../files/rules/ is /voila/files/rules/);
    in JupyterLab the rules of lessons/, not of lessons/hr/."""
    from widgets.kit.rule_links import rules_base

    (tmp_path / "rules").mkdir()
    (tmp_path / "hr").mkdir()
    monkeypatch.chdir(tmp_path / "hr")
    assert rules_base({"VOILA_BASE_URL": "/"}) == "../../files/rules/"
    assert rules_base({"JPY_SESSION_NAME": str(tmp_path / "hr" / "03.ipynb")},
                      server=(str(tmp_path.parent), "/user/ana/")) == \
        f"/user/ana/files/{tmp_path.name}/rules/"
    monkeypatch.chdir(tmp_path)                     # the English lesson: as before
    assert rules_base({"VOILA_BASE_URL": "/"}) == "../files/rules/"

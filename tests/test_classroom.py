"""The classroom launcher (``make serve``): the start page's catalog, the settings checks,
the memory plan, and ``widgets.app.request.page_query``.  No server here (see
``tests/browser/test_start_page.py`` and ``tests/browser/test_classroom.py``)."""

from __future__ import annotations

import doctest
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from testkit import notebook_title

from classroom.catalog import CatalogError, catalog
from classroom.launch import ServeError, parse_cap, parse_students, plan
from classroom.startpage import full_page, start_page

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"


@pytest.mark.parametrize("name", ["classroom", "classroom.catalog", "classroom.launch",
                                  "classroom.startpage", "classroom.kernels",
                                  "classroom.extension", "widgets.app.request"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


_first_heading = notebook_title


def test_catalog_lists_every_notebook_under_its_title_with_time():
    entries = catalog(LESSONS, strict=True)   # strict: a README row for every notebook
    notebooks = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    listed = [e for e in entries if e.group != "rules"]
    assert sorted(e.name for e in listed) == notebooks
    for e in listed:
        assert e.title == _first_heading(LESSONS / e.name)
        assert e.group == ("apps" if e.name.startswith("app_") else "lessons")
        assert e.description and len(e.description) <= 112
        assert "min" in e.time, (e.name, e.time)
        assert e.url == f"/voila/render/{e.name}"
    # lessons first, then apps
    groups = [e.group for e in listed]
    assert groups == sorted(groups, key=lambda g: g != "lessons")
    rules = [e for e in entries if e.group == "rules"]
    assert [e.name for e in rules] == [f"rules/{lang}.html" for lang in ("en", "hr", "de")
                                       if (LESSONS / "rules" / f"{lang}.html").exists()]


def test_catalog_strict_names_the_missing_readme_row(tmp_path):
    (tmp_path / "README.md").write_text("# nothing\n")
    (tmp_path / "app_x.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "markdown", "source": "# X", "metadata": {}}],
         "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    with pytest.raises(CatalogError, match="app_x.ipynb has no row"):
        catalog(tmp_path, strict=True)
    [entry] = catalog(tmp_path)          # a server still lists it
    assert (entry.title, entry.description, entry.time) == ("X", "", "")


def test_start_page_html():
    html = start_page(catalog(LESSONS))
    assert html.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    assert '<nav id="language-picker"' in html            # the languages issue's slot
    for heading in ("Lessons", "Apps", "Rules"):
        assert f">{heading}</h2>" in html
    assert "class is full, try again in a minute" in full_page()


@pytest.mark.parametrize("lang, headings, title", [
    ("hr", ("Lekcije", "Aplikacije", "Pravila"), "Kartaške igre: lekcije i aplikacije"),
    ("de", ("Lektionen", "Apps", "Regeln"), "Kartenspiele: Lektionen und Apps"),
])
def test_start_page_in_another_language(lang, headings, title):
    html = start_page(catalog(LESSONS), lang=lang)
    assert html.startswith(f'<!DOCTYPE html>\n<html lang="{lang}">')
    assert f"<h1>{title}</h1>" in html
    for heading in headings:
        assert f">{heading}</h2>" in html
    # every lesson and app opens in the page's language (issue 23); the picker marks the
    # current one
    assert html.count(f".ipynb?lang={lang}") == len(list(LESSONS.glob("*.ipynb")))
    assert f'href="/?lang={lang}" hreflang="{lang}" lang="{lang}" aria-current="page"' in html
    assert html.count('aria-current="page"') == 1
    # no English heading left
    for english in ("Lessons", "Rules", "Card games: lessons and apps"):
        assert f">{english}<" not in html


def test_start_page_in_a_students_server_links_under_its_base_url():
    """On the hub the same page is served at /user/<name>/cardgames/: every link goes to
    that student's own server, the picker back to that page (not to the hub's /)."""
    import re
    html = start_page(catalog(LESSONS), lang="hr", base_url="/user/ana/",
                      home="/user/ana/cardgames/")
    hrefs = re.findall(r'href="([^"]*)"', html)
    notebooks = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    # a lesson opens in its Croatian copy (lessons/hr/, make lessons)
    expected = ([f"/user/ana/voila/render/hr/{n}?lang=hr" for n in notebooks
                 if not n.startswith("app_")]
                + [f"/user/ana/voila/render/{n}?lang=hr" for n in notebooks
                   if n.startswith("app_")]
                + [f"/user/ana/voila/files/rules/{lang}.html" for lang in ("en", "hr", "de")
                   if (LESSONS / "rules" / f"{lang}.html").exists()])
    picker = [f"/user/ana/cardgames/?lang={lang}" for lang in ("en", "hr", "de")]
    assert hrefs == ["data:,", *picker, *expected]
    # make serve's page is unchanged: the same links at the server's root
    assert re.findall(r'href="([^"]*)"', start_page(catalog(LESSONS), lang="hr")) == [
        "data:,", *(h.removeprefix("/user/ana/cardgames") for h in picker),
        *(h.removeprefix("/user/ana") for h in expected)]


def test_server_extension_is_found_by_its_package_name():
    """``--ServerApp.jpserver_extensions=classroom=True`` (deploy/jupyterhub): Jupyter
    Server finds the extension point in the package and its loader in the module."""
    import classroom
    from classroom import extension
    [point] = classroom._jupyter_server_extension_points()
    assert importlib.import_module(point["module"]) is extension
    assert callable(extension._load_jupyter_server_extension)
    assert extension.start_page_pattern("/user/ana/") == "/user/ana/cardgames/?"
    assert extension.start_page_pattern("/") == "/cardgames/?"


def test_start_page_refuses_an_unknown_language():
    with pytest.raises(ValueError, match="en, hr, de"):
        start_page(catalog(LESSONS), lang="fr")


@pytest.mark.parametrize("text", ["x", "3.5", "-1", "1e3", "30 students"])
def test_students_must_be_a_whole_number(text):
    with pytest.raises(ServeError, match="not a whole number"):
        parse_students(text)


def test_students_and_cap_parse():
    assert parse_students("") == 0 and parse_students(" 30 ") == 30
    assert parse_cap("") is None and parse_cap("12") == 12
    for bad in ("0", "many", "-3"):
        with pytest.raises(ServeError, match="MAX_KERNELS"):
            parse_cap(bad)


def test_unknown_notebook_is_named():
    with pytest.raises(ServeError, match=r"'app_nope', not a notebook of lessons/"):
        plan(LESSONS, students=3, notebooks=["app_call_odds", "app_nope.ipynb"],
             max_kernels=None, available=20_000)


def test_pool_too_large_for_memory_says_how_many_fit():
    # kernels of 240 MB (lesson) + 70 MB (app), 3 MB more in the server for each: every
    # student and every spare kernel pair 316 MB; 100 students + 10 spare: 110 x 316 =
    # 34,760 MB > 8,000 - 1,024 = 6,976 MB free; 6,976 // 316 = 22 pairs: 20 students
    # and 2 spare (21 students would need 3 spare: 24 pairs)
    with pytest.raises(ServeError, match=r"STUDENTS=100 is too many.*need about 34760 MB.*"
                                         r"at most STUDENTS=20 here"):
        plan(LESSONS, students=100, notebooks=["04_how_likely_is_a_lie", "app_call_odds"],
             max_kernels=None, available=8_000,
             sizes={"04_how_likely_is_a_lie": 240, "app_call_odds": 70})


def test_cap_from_memory_and_override():
    # no MAX_KERNELS: no count cap, the memory decides: 10,000 - 1,024 MB for kernels
    p = plan(LESSONS, students=10, notebooks=["app_call_odds"], max_kernels=None,
             available=10_000, sizes={"app_call_odds": 70})
    assert p.pools == {"app_call_odds.ipynb": 10} and p.pool_mb == 700
    assert p.max_kernels == 0 and p.memory_mb == 8_976
    assert plan(LESSONS, students=0, notebooks=[], max_kernels=5,
                available=10_000).max_kernels == 5


def test_students_without_notebooks_is_an_error():
    with pytest.raises(ServeError, match="STUDENTS needs NOTEBOOKS"):
        plan(LESSONS, students=3, notebooks=[], max_kernels=None, available=10_000)


def _launch(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "classroom", "lessons", *args], check=False, cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)


def test_launcher_stops_before_voila_on_bad_settings():
    r = _launch("--students", "30", "--notebooks", "04_how_likely_is_a_lie app_nope",
                "--port=1")
    assert r.returncode == 2
    assert "make serve: NOTEBOOKS names 'app_nope'" in r.stderr
    assert "Voil" not in r.stdout + r.stderr        # Voila never started
    r = _launch("--students", "thirty", "--notebooks", "app_liar", "--port=1")
    assert r.returncode == 2 and "STUDENTS='thirty' is not a whole number" in r.stderr


def test_launcher_check_prints_the_plan():
    r = _launch("--students", "2", "--notebooks", "app_liar", "--max-kernels", "7", "--check")
    assert r.returncode == 0, r.stderr
    assert "Pre-heated pool: 2 × app_liar.ipynb" in r.stdout
    assert "up to 7 kernels" in r.stdout
    config = json.loads(r.stdout.strip().splitlines()[-1])
    assert config["VoilaKernelManager"]["kernel_pools_config"]["app_liar.ipynb"] == {
        "pool_size": 2}
    assert config["VoilaKernelManager"]["kernel_pools_config"]["default"] == {"pool_size": 0}
    assert config["VoilaConfiguration"]["preheat_kernel"] is True


def test_page_query_outside_voila(monkeypatch):
    from widgets.app.request import page_query
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=de&x=%3Cb%3E")
    assert page_query() == {"lang": "de", "x": "<b>"}
    monkeypatch.delenv("QUERY_STRING")
    assert page_query() == {}


def test_pool_refills_are_staggered():
    from classroom.kernels import ClassroomKernelManager
    km = ClassroomKernelManager()
    km.refill_stagger = 2.0
    # 3 pages take pooled kernels at t=100 s: replacements at 103, 105, 107 s
    assert [km.refill_delay(3.0, now=100.0) for _ in range(3)] == [3.0, 5.0, 7.0]
    # later, the queue has drained: back to the plain delay
    assert km.refill_delay(3.0, now=200.0) == 3.0


def test_reaper_skips_a_kernel_shut_down_meanwhile():
    """A page kernel that is shut down between listing and looking it up (the server says
    404) is not an error of the reaper: it was a real race in the browser tests."""
    import asyncio
    from types import SimpleNamespace

    from tornado import web

    from classroom.kernels import ClassroomKernelManager

    def gone(kid):
        raise web.HTTPError(404, f"Kernel does not exist: {kid}")

    fake = SimpleNamespace(orphan_timeout=90.0, pooled_ids=lambda: set(),
                           list_kernel_ids=lambda: ["k1"], _orphan_since={}, _served={"k1"},
                           _pending_kernels={}, _kernel_connections={}, get_kernel=gone)
    assert asyncio.run(ClassroomKernelManager.reap_orphans(fake, now=1000.0)) == []

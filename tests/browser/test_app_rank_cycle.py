"""The Rank cycle app under Voila, in headless Chromium (L4, L6, L8)."""

import re

import pytest

APP = "app_rank_cycle.ipynb"


@pytest.fixture
def expect():
    from playwright.sync_api import expect

    return expect


def open_app(page, voila_server):
    page.goto(voila_server.app_url(APP))
    # the widget is there once the kernel has run the notebook
    page.get_by_role("button", name="Next turn ▶").wait_for(state="visible")


def test_index_lists_the_app(voila_server, page, page_log, expect):
    mark = voila_server.mark()
    page.goto(voila_server.url)
    # the start page names the app by its title; its link opens the notebook
    link = page.locator(f'a[href^="/voila/render/{APP}"]')
    expect(link).to_be_visible()
    assert link.get_attribute("href").split("?")[0] == f"/voila/render/{APP}"
    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []


def test_app_loads_clean_and_next_turn_changes_the_view(voila_server, page, page_log,
                                                        artifacts, expect):
    mark = voila_server.mark()
    open_app(page, voila_server)
    expect(page.get_by_role("heading", name=re.compile("rank cycle in Liar"))).to_be_visible()
    summary = page.get_by_text(re.compile(r"^Turn 1: seat 0 puts"))
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("sevens")
    # Voila shows no code: neither input areas nor the source text
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor, .cm-editor").count() == 0
    assert "RankCycleExplainer(" not in page.content()
    page.screenshot(path=str(artifacts / "app_rank_cycle-turn1.png"), full_page=True)

    page.get_by_role("button", name="Next turn ▶").click()
    after = page.get_by_text(re.compile(r"^Turn 2: seat 1 puts"))
    expect(after).to_be_visible()
    expect(after).to_contain_text("eights")
    expect(page.get_by_text(re.compile(r"^Turn 1: seat 0 puts"))).to_have_count(0)
    # the table's highlighted column moved to turn 2
    highlighted = page.locator("table.rank-cycle th[style*='bbdefb']")
    expect(highlighted).to_have_text("2")
    page.screenshot(path=str(artifacts / "app_rank_cycle-turn2.png"), full_page=True)

    assert page_log.problems() == []
    assert voila_server.errors_since(mark) == []
    # voila.json was read: kernels are culled (see docs/serving.md)
    assert "Culling kernels with idle durations > 900 seconds" in voila_server.log()


def test_changing_players_in_the_browser_redraws_the_table(voila_server, page, page_log, expect):
    open_app(page, voila_server)
    rows = page.locator("table.rank-cycle tr")
    expect(rows).to_have_count(5)               # header + 4 seats
    slider = page.locator(".widget-slider", has_text="Players").locator(".noUi-handle")
    slider.focus()
    page.keyboard.press("ArrowRight")           # 4 -> 5 players
    expect(rows).to_have_count(6)
    expect(page.get_by_text("With 5 players")).to_have_count(0)   # gcd(8, 5) = 1
    assert page_log.problems() == []

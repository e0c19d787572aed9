"""Rule citations on the app pages are links to that rule, in the page's language (issue 10).

Each link expected here is written out by hand: the rules page of the language
(``../files/rules/<lang>.html``, relative to the app page
``/voila/render/app_x.ipynb``), the anchor exactly the rule id (the ids of the rules,
L1-L13, R-L1-R-L11, T1-T14, R-T1-R-T10), a new tab.  Besides the messages picked
below, every HTML widget of every app is searched for a citation left as plain text.
"""

from __future__ import annotations

import html
import random
import re

import ipywidgets as ipw
import pytest
from ipywidgets.widgets.widget import _instances

from cardgames.i18n import get_language, set_language
from cardgames.liar import Phase
from tests.widgets.citations import rule_links, unlinked
from widgets.explainers.call_explainer import CallExplainer
from widgets.explainers.call_odds import CallOdds
from widgets.exercises.exercise import ExerciseWidget, Session, get
from widgets.explainers.hand_scorer import HandScorer
from widgets.tables.liar_table import LiarTable
from widgets.explainers.rank_cycle import RankCycleExplainer
from widgets.tables.thirtyone_table import ThirtyOneTable

# the rule ids, from the rules' own numbering (docs/rules), written out
RULES = ({f"L{n}" for n in range(1, 14)} | {f"R-L{n}" for n in range(1, 12)}
         | {f"T{n}" for n in range(1, 15)} | {f"R-T{n}" for n in range(1, 11)})
# a rule id standing alone in text, as the messages cite them
CITATION = re.compile(r"(?<![\w-])(?:R-)?[LT]\d{1,2}(?![\w-])")


def link(rule: str, lang: str, *, tab_stop: bool = True) -> str:
    """A rule link as the rules pages expect it; in a move log it is no Tab stop."""
    tab = "" if tab_stop else 'tabindex="-1" '
    return (f'<a {tab}href="../files/rules/{lang}.html#{rule}" target="_blank" '
            f'rel="noopener">{rule}</a>')


@pytest.fixture
def in_language():
    """``in_language(code)`` sets the language; the one before comes back afterwards."""
    before = get_language()
    yield set_language
    set_language(before)


def html_widgets(ids) -> list[ipw.HTML]:
    return [w for k, w in list(_instances.items()) if k in ids and isinstance(w, ipw.HTML)]


def text_outside_links(value: str) -> str:
    """The text a reader sees outside links and drawings (tags dropped, entities read)."""
    value = re.sub(r"(?is)<a\b.*?</a\s*>|<svg\b.*?</svg\s*>|<style\b.*?</style\s*>", " ", value)
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def assert_every_citation_linked(ids, lang: str) -> int:
    """Every rule id shown in an HTML widget of ``ids`` is a link to the ``lang`` page;
    every link there is a rule link (or the app's rules link).  Returns the link count."""
    count = 0
    for w in html_widgets(ids):
        left = CITATION.findall(text_outside_links(w.value))
        assert left == [], f"citations not linked in {w.value[:300]!r}"
        value = re.sub(r"<a class='rules-link' href='\.\./files/rules/(?P<l>\w+)\.html#"
                       r"(?P<r>[\w-]+)' target='_blank' rel='noopener'>[^<]*</a>", "", w.value)
        links = rule_links(value)
        assert value.count("<a ") == len(links), f"a link that is no rule link: {value[:300]!r}"
        assert {code for code, _ in links} <= {lang}
        assert {rule for _, rule in links} <= RULES
        count += len(links)
    for k, w in list(_instances.items()):       # the labels of controls: plain text
        label = getattr(w, "description", "") if k in ids else ""
        if isinstance(label, str):
            assert not CITATION.search(label), f"a citation in a label: {label!r}"
    return count


# ------------------------------------------------------------------ messages, one by one

@pytest.mark.parametrize("lang", ["hr", "de"])
def test_liar_refusal_links_the_rule_in_the_language(lang, in_language, live_widgets):
    in_language(lang)
    table = LiarTable(seed=3)
    while table.human_to_act() is not Phase.PLAY:
        assert not table.state.is_over()
        if table.human_to_act() is Phase.CALL_WINDOW:
            table.pass_button.click()
        else:
            table.bots_button.click()
    table.hand.clear_selection()
    table.play_button.click()               # nothing picked: the engine's R-L4 refusal
    assert link("R-L4", lang) in table.message.value
    assert " (R-L4). " in unlinked(table.message.value, lang)
    # the message is in the language, not English
    assert "Pick 1–4 cards" not in table.message.value
    table.close()


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
def test_liar_event_log_links_the_engine_citations(lang, in_language, live_widgets):
    in_language(lang)
    table = LiarTable(seed=5)
    log = table.log.value
    # the log holds the bots' plays of the round so far ("... (L7, R-L4).")
    assert link("L7", lang, tab_stop=False) in log and link("R-L4", lang, tab_stop=False) in log
    assert link("L7", lang) not in log      # the log's links are no Tab stops (keyboard users)
    for e in table.state.events:
        assert html.escape(e.describe()) in unlinked(log, lang)
    assert assert_every_citation_linked(live_widgets(), lang) > 0
    table.close()


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_thirty_one_messages_and_log_link_rules(lang, in_language, live_widgets):
    in_language(lang)
    for seed in range(20):
        table = ThirtyOneTable(bots=("heuristic", "heuristic"), seed=seed)
        if table.my_turn and table.state.phase.name == "EXCHANGE":
            break
        table.close()
    else:
        pytest.fail("no seed lets you deal first")
    # the dealer's choice: keep or exchange (T4, R-T1)
    assert link("T4", lang) in table.prompt.value and link("R-T1", lang) in table.prompt.value
    table.pass_button.disabled = False       # a browser can click a hidden button
    table.pass_button.click()
    assert link("T4", lang) in table.message.value
    table.keep_button.click()
    table.bots_play_button.click()
    assert rule_links(table.log.value)
    assert assert_every_citation_linked(live_widgets(), lang) > 0
    table.close()


def test_explainers_link_their_rules_in_croatian(in_language, live_widgets):
    in_language("hr")
    ex = CallExplainer(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
    ex.show_steps(None)
    steps = ex.steps.value
    assert link("R-L6", "hr") in steps                # it was a lie (R-L6)
    odds = CallOdds(hand="7H 7B KA", claim=(2, "7"))
    assert link("R-L6", "hr") in odds.counting.value  # the Chroniclers: R-L6, L12, L13
    scorer = HandScorer(cards="AH KH 9H", chart=False)
    assert link("T11", "hr") in scorer.score.value
    cycle = RankCycleExplainer(players=4, start=0)
    assert link("L6", "hr") in cycle.summary.value   # the first play announces sevens
    assert link("L8", "hr") in cycle.seats.value
    assert assert_every_citation_linked(live_widgets(), "hr") >= 4
    for w in (ex, odds, scorer, cycle):
        w.close()


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_a_checkbox_cites_its_rule_beside_it(lang, in_language, live_widgets):
    """A control's label is plain text (ipywidgets would strip the link's target):
    the citation it ends with is a link beside it."""
    in_language(lang)
    ex = CallExplainer(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
    assert not ex.last_cards.description_allow_html
    assert ex.last_cards.description and not CITATION.search(ex.last_cards.description)
    assert ex.last_cards_rule.value == f"({link('R-L9', lang)})"
    row = next(b for b in html_widgets_and_boxes(live_widgets()) if ex.last_cards in
               getattr(b, "children", ()))
    assert list(row.children).index(ex.last_cards_rule) == 1 + list(row.children).index(
        ex.last_cards)
    table = ThirtyOneTable(bots=("heuristic",), seed=1)
    assert table.joker.description and not CITATION.search(table.joker.description)
    assert table.joker_rule.value == f"({link('T2', lang)})"
    kids = list(table.settings_row.children)
    assert kids.index(table.joker_rule) == kids.index(table.joker) + 1
    assert_every_citation_linked(live_widgets(), lang)
    ex.close()
    table.close()


def html_widgets_and_boxes(ids) -> list[ipw.Widget]:
    return [w for k, w in list(_instances.items()) if k in ids and isinstance(w, ipw.Box)]


def test_exercise_feedback_links_the_rules(live_widgets):
    w = ExerciseWidget(get("01-after-a-call"), session=Session())
    assert link("R-L2", "en") not in w.question.value
    w.submit("0, 10")                  # the usual order: a known mistake, hint cites L10
    assert link("L10", "en") in w.feedback.value
    assert "Not yet" in w.feedback.value
    q = ExerciseWidget(get("01-six-players"), session=Session())
    assert f"<b>{link('R-L2', 'en')}</b>" in q.question.value      # **R-L2**
    assert_every_citation_linked(live_widgets(), "en")
    w.close_all()
    q.close_all()


# ------------------------------------------------------------------ escaping, hidden cards

def test_typed_text_stays_escaped_and_links_only_rules(in_language, live_widgets):
    in_language("de")
    scorer = HandScorer(cards=None, chart=False)
    assert scorer.set_cards('L5 <img src=x onerror="alert(1)"> T4') is False
    status = scorer.palette.status.value
    assert "<img" not in status and "&lt;img" in status
    for code, rule in rule_links(status):             # whatever is linked: a rule, in de
        assert code == "de" and rule in RULES
    assert 'onerror="' not in status
    scorer.close()


def test_links_carry_no_card_of_the_hidden_hands(in_language, live_widgets):
    """R-L11: a link holds a rule id and a language; no card of another hand, and none
    of the face-down pile, reaches the browser through it."""
    in_language("hr")
    table = LiarTable(seed=8)
    rng = random.Random(8)
    for _ in range(40):
        if table.state.is_over():
            break
        act = table.human_to_act()
        if act is Phase.PLAY:
            table.hand.buttons[rng.randrange(len(table.hand.cards))].click()
            table.play_button.click()
        elif act is Phase.CALL_WINDOW:
            (table.call_button if rng.random() < 0.3 else table.pass_button).click()
        else:
            table.bots_button.click()
        hrefs = [h for w in html_widgets(live_widgets())
                 for h in re.findall(r'href="([^"]*)"', w.value)]
        assert hrefs
        hidden = {str(c) for p in range(table.state.players) if p != table.human_seat
                  for c in table.state.hand(p)}
        for h in hrefs:
            # the page of the language and a rule id: room for nothing else
            assert re.fullmatch(r"\.\./files/rules/hr\.html#(?:R-)?[LT]\d{1,2}", h), h
            assert not hidden & set(re.split(r"[/#.]", h)), h
    table.close()


# ------------------------------------------------------------------ the six apps

APPS = ["rank_cycle_app", "call_explainer_app", "call_odds_app", "hand_scorer_app",
        "liar_app", "thirty_one_app"]


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
@pytest.mark.parametrize("name", APPS)
def test_every_app_links_every_citation(name, lang, in_language, live_widgets):
    import widgets.app.apps as apps

    make = getattr(apps, name)
    app = make(seed=7, lang=lang) if name in ("liar_app", "thirty_one_app") else make(lang=lang)
    header = app.header.value
    # the rules link of the app: the page of the language, in a new tab
    assert re.search(r"<a class='rules-link' href='\.\./files/rules/" + lang
                     + r"\.html#(?:R-)?[LT]\d+' target='_blank' rel='noopener'>", header)
    # the title cites its rules, e.g. "(L4, L6, L8)": each one a link
    assert len(rule_links(header)) >= 1
    assert assert_every_citation_linked(live_widgets(), lang) >= 1
    app.close()


def test_doctests(in_language, live_widgets):
    import doctest

    import widgets.kit.rule_links

    result = doctest.testmod(widgets.kit.rule_links)
    assert result.attempted >= 5 and result.failed == 0

"""widgets.explainers.hand_scorer: score, explanation and standing, the standing checked by brute force
over every 3-card hand (itertools.combinations), not with cardgames.analysis."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

import pytest

from cardgames.cards import CHRONICLER, ORDINARY_CARDS, Card, parse_cards
from cardgames.thirtyone import explain, score
from widgets.explainers.hand_scorer import HandScorer, hand_standing
from tests.widgets.citations import unlinked


@lru_cache(maxsize=2)
def all_scores(chronicler: bool) -> tuple[float, ...]:
    deck = list(ORDINARY_CARDS) + ([CHRONICLER] if chronicler else [])
    return tuple(score(h) for h in itertools.combinations(deck, 3))


def brute(value: float, chronicler: bool) -> tuple[int, int, int, int]:
    scores = all_scores(chronicler)
    return (len(scores), sum(s < value for s in scores), sum(s == value for s in scores),
            sum(s > value for s in scores))


HANDS = ["AH KH 9H", "AH KH 7B", "7H 8B 9L", "OH OB OL", "AH AB AL", "AH KH *", "AH AB *",
         "7H 7B *", "10L UL OL", "7H 8H 9H"]


def test_the_deck_sizes_are_right():
    assert len(all_scores(False)) == 4960 and len(all_scores(True)) == 5456   # C(32,3), C(33,3)


@pytest.mark.parametrize("hand", HANDS)
def test_standing_matches_brute_force(hand):
    for wild in (False, True):
        s = hand_standing(hand, chronicler=wild)
        assert (s.total, s.lower, s.equal, s.higher) == brute(score(hand), wild)
        assert s.percentile == pytest.approx(100 * s.lower / s.total)


def cells(table_html: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", table_html, re.S)
    return [[re.sub(r"<[^>]+>", "", c).strip()
             for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r, re.S)] for r in rows]


@pytest.mark.parametrize("hand", HANDS)
def test_widget_shows_score_explanation_and_percentiles(hand, live_widgets):
    h = HandScorer(cards=None, chart=False)
    for c in parse_cards(hand):
        h.palette.click(c if not c.is_chronicler else CHRONICLER)
    value = score(hand)
    shown = re.search(r"class='hand-score'>([^<]+)<", h.score.value).group(1)
    assert float(shown) == value
    assert explain(hand).replace("→", "&rarr;")[:20] in unlinked(h.score.value).replace(
        "→", "&rarr;")
    rows = cells(h.table.value)
    for row, wild in zip(rows[1:], (False, True)):
        total, lower, equal, higher = brute(value, wild)
        assert [int(x.replace(",", "")) for x in row[1:5]] == [total, lower, equal, higher]
        assert row[5] == f"{100 * lower / total:.1f} %"
    # the three picked cards are drawn
    drawn = re.findall(r'data-card="([^"]+)"', h.palette.picked_view.value)
    assert sorted(parse_cards(" ".join(drawn))) == sorted(parse_cards(hand))
    h.close()
    assert live_widgets() == set()


def test_chart_marks_this_hand(live_widgets):
    import base64

    h = HandScorer(cards="AH KH 9H", chart=True)
    src = re.search(r'base64,([^"]+)"', h.chart.value).group(1)
    svg = base64.b64decode(src).decode()
    assert svg.startswith("<?xml") and "<svg" in svg
    assert "the score of this hand, 30, is marked" in h.chart.value
    assert "#1565c0" in svg and "<!-- this hand -->" in svg    # the marked bar and its label
    h.set_cards("AH AB AL")
    assert "the score of this hand, 33, is marked" in h.chart.value
    h.set_cards("AH KH")
    assert "is marked" not in h.chart.value
    h.close()


def test_bad_selections_give_a_message(live_widgets):
    h = HandScorer(cards="AH KH 9H", chart=False)
    h.palette.click("7B")                                  # a fourth card: refused
    assert "at most 3 cards" in h.palette.status.value
    assert h.result is not None and h.result.score == 30
    h.palette.click("9H")                                  # put one back: 2 cards
    assert h.result is None and "Pick 1 more card" in h.score.value
    assert h.table.value == ""
    h.palette.text.value = "AH AH KH"                      # one deck: one AH
    h.palette.set_button.click()
    assert "at most 1 copy" in h.palette.status.value
    h.palette.text.value = "AH KH"
    h.palette.set_button.click()
    assert h.result is None and "Pick 1 more card" in h.score.value
    h.palette.text.value = "AH KH QQ"
    h.palette.set_button.click()
    assert "QQ" in h.palette.status.value
    assert h.set_cards("*C *P AH") is False                 # *C/*P are not offered: T12 has one *
    assert "not one of the cards offered" in h.palette.status.value
    h.palette.clear_button.click()
    assert h.result is None and "Pick 3 more cards" in h.score.value
    h.close()
    assert live_widgets() == set()


def test_chronicler_note_for_the_deck_without_it(live_widgets):
    h = HandScorer(cards="AH KH *", chart=False)
    assert h.result.score == 32 and h.result.chronicler is True
    assert "cannot deal it" in h.table.value
    h.close()


def test_standing_of_a_card_not_in_the_palette_is_refused(live_widgets):
    h = HandScorer(cards=None, chart=False)
    assert h.set_cards([Card.parse("*C"), Card.parse("AH"), Card.parse("KH")]) is False
    assert "not one of the cards offered" in h.palette.status.value
    h.close()


def test_any_click_order_never_crashes(live_widgets):
    import random

    rng = random.Random(5)
    h = HandScorer(cards=None, chart=False)
    cards = list(h.palette.buttons)
    for _ in range(200):
        if rng.random() < 0.9:
            h.palette.buttons[rng.choice(cards)].click()
        else:
            h.palette.clear_button.click()
        picked = h.palette.picked
        assert len(picked) <= 3
        if len(picked) == 3:
            assert h.result is not None and h.result.score == score(picked)
            assert h.result.lower == brute(score(picked), h.result.chronicler)[1]
        else:
            assert h.result is None and "more card" in h.score.value
    h.close()
    assert live_widgets() == set()

"""widgets.explainers.call_odds: the exact odds checked against a brute-force enumeration of every set
of N unseen cards (itertools.combinations), independent of the hypergeometric formula."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from fractions import Fraction

import pytest

from cardgames.cards import Card, Chronicler, Rank, make_deck, parse_cards
from widgets.explainers.call_odds import CallOdds
from tests.widgets.citations import unlinked

KINDS = {"none": (), "colorful": (Chronicler.COLORFUL,), "pale": (Chronicler.PALE,),
         "both": (Chronicler.COLORFUL, Chronicler.PALE)}


def brute_force(*, hand, seen, decks, chroniclers, n, rank) -> Fraction:
    """Every way to pick the N claimed cards among the unseen ones, each equally likely;
    the claim is true when each is of the rank or a Chronicler (R-L6, L12, L13)."""
    unseen = Counter(make_deck(decks=decks, chroniclers=KINDS[chroniclers]))
    unseen.subtract(parse_cards(hand) + parse_cards(seen))
    cards = list(unseen.elements())              # copies are different physical cards
    hits = total = 0
    for combo in itertools.combinations(cards, n):
        total += 1
        hits += all(c.rank is rank or c.is_chronicler for c in combo)
    return Fraction(hits, total)


CASES = [
    dict(hand="7H 7B KA", seen="", decks=1, chroniclers="none", n=2, rank=Rank.SEVEN),
    dict(hand="7H KA", seen="7L", decks=1, chroniclers="both", n=1, rank=Rank.SEVEN),
    dict(hand="UH UB *C", seen="9H 9B", decks=1, chroniclers="both", n=3, rank=Rank.UNTER),
    dict(hand="AH", seen="", decks=1, chroniclers="pale", n=4, rank=Rank.ACE),
    dict(hand="KH KH KB", seen="KL", decks=2, chroniclers="colorful", n=2, rank=Rank.KING),
    dict(hand="8H 8B 8L 8A", seen="", decks=1, chroniclers="none", n=1, rank=Rank.EIGHT),
]


def text_of(html: str) -> str:
    html = re.sub(r"</?(br|li|div|td|th|tr)\b[^>]*>", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


@pytest.mark.parametrize("case", CASES, ids=[f"{c['hand']}|{c['n']}x{c['rank'].symbol}"
                                              for c in CASES])
def test_odds_match_brute_force(case, live_widgets):
    w = CallOdds(hand=case["hand"], seen=case["seen"], decks=case["decks"],
                 chroniclers=case["chroniclers"], claim=(case["n"], case["rank"]))
    expected = brute_force(**case)
    assert w.result is not None, w.error
    assert w.result.probability == expected
    shown = text_of(w.answer.value)
    p = expected
    assert (f"exactly {p.numerator}/{p.denominator}" in shown if p.denominator != 1
            else f"exactly {p.numerator}" in shown)
    # the counting behind it: T and G as counted here, and the formula's numbers
    unseen = Counter(make_deck(decks=case["decks"], chroniclers=KINDS[case["chroniclers"]]))
    unseen.subtract(parse_cards(case["hand"]) + parse_cards(case["seen"]))
    T = sum(unseen.values())
    G = sum(k for c, k in unseen.items() if c.rank is case["rank"] or c.is_chronicler)
    counting = text_of(w.counting.value)
    assert f"= {T} Good cards" in counting and f"= {G} " in counting + " "
    assert f"C({G},{case['n']}) / C({T},{case['n']})" in counting
    # the hypergeometric table: one row per number of good cards, summing to 1
    rows = re.findall(r"<tr style='[^']*'><td[^>]*>(\d+)</td>.*?<td[^>]*>(\d+) / (\d+)</td>",
                      w.tables.value)
    assert [int(k) for k, _, _ in rows] == list(range(case["n"] + 1))
    assert sum(Fraction(int(a), int(b)) for _, a, b in rows) == 1
    assert Fraction(int(rows[-1][1]), int(rows[-1][2])) == expected
    w.close()
    assert live_widgets() == set()


def test_changing_the_claim_and_the_deck_updates(live_widgets):
    w = CallOdds(hand="7H 7B KA", claim=(2, "7"))
    assert w.result.probability == Fraction(1, 406)
    w.count.value = 1
    assert w.result.probability == brute_force(hand="7H 7B KA", seen="", decks=1,
                                               chroniclers="none", n=1, rank=Rank.SEVEN)
    w.rank.value = Rank.KING
    assert w.result.rank is Rank.KING and w.result.good == 3
    w.chroniclers.value = "both"
    assert w.result.good == 5 and w.result.unseen == 31
    w.seen.click("KH")
    assert w.result.good == 4 and w.result.unseen == 30
    assert w.tabs.titles == ("My hand (3)", "Seen turned over (1)")
    w.decks.value = 2
    assert w.hand.max_copies == 2 and w.result.unseen == 68 - 4
    w.hand.click("7H")                              # the second copy of 7H
    assert w.hand.counts[Card.parse("7H")] == 2
    w.close()


def test_bad_selections_give_a_message_and_no_result(live_widgets):
    w = CallOdds(hand="7H", claim=(2, "7"))
    w.hand.click("*C")                              # not in a deck without Chroniclers
    assert w.result is None and "*C is not in this deck" in w.answer.value
    w.chroniclers.value = "colorful"
    assert w.result is not None
    w.seen.click("7H")                              # 7H: in my hand and seen, one deck
    assert w.result is None and "more often than the deck holds" in w.answer.value
    w.seen.clear()
    w.hand.text.value = "7H 7H"
    w.hand.set_button.click()
    assert "at most 1 copy" in w.hand.status.value
    w.hand.text.value = "7X"
    w.hand.set_button.click()
    assert "7X" in w.hand.status.value and w.result is not None
    # everything seen: the claim cannot come from anywhere
    w.hand.set_picked(make_deck()[:16])
    w.seen.set_picked([*make_deck()[16:], Card.parse("*C")])
    assert w.result is None and "unseen" in w.answer.value
    w.seen.clear()
    w.hand.clear()
    assert w.result is not None and w.result.unseen == 33
    with pytest.raises(ValueError, match="1-4"):
        w.set_claim(5, "7")
    w.close()
    assert live_widgets() == set()


def test_impossible_and_certain_claims_are_said_in_words(live_widgets):
    w = CallOdds(hand="7H 7B 7L", claim=(2, "7"))
    assert w.result.probability == 0 and "impossible" in w.answer.value
    w.hand.set_picked([c for c in make_deck() if c.rank is not Rank.SEVEN])   # 28 cards
    assert w.result.unseen == 4 and w.result.probability == 1 and "certain" in w.answer.value
    w.close()


def test_any_click_order_never_crashes(live_widgets):
    import random

    rng = random.Random(3)
    w = CallOdds()
    cards = list(w.hand.buttons)
    for _ in range(300):
        what = rng.randrange(7)
        if what < 2:
            w.hand.buttons[rng.choice(cards)].click()
        elif what < 4:
            w.seen.buttons[rng.choice(cards)].click()
        elif what == 4:
            w.decks.index = rng.randrange(2)
        elif what == 5:
            w.chroniclers.index = rng.randrange(4)
        else:
            w.count.index, w.rank.index = rng.randrange(4), rng.randrange(8)
        if w.result is None:
            assert w.error and html_unescape(w.error) in html_unescape(unlinked(w.answer.value))
        else:
            case = dict(hand=" ".join(map(str, w.hand.picked)),
                        seen=" ".join(map(str, w.seen.picked)), decks=w.decks.value,
                        chroniclers=w.chroniclers.value, n=w.count.value, rank=w.rank.value)
            if _ % 10 == 0 and case["n"] <= 2:  # brute force now and then (it is slower)
                assert w.result.probability == brute_force(**case)
    w.close()
    assert live_widgets() == set()


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def test_the_seen_palette_is_built_when_its_tab_opens(live_widgets):
    w = CallOdds(hand="7H 7B", claim=(2, "7"), seen="7L")
    assert not w.seen.widget.children                               # not built: a faster page
    assert w.seen.picked == parse_cards("7L")                        # but it counts
    w.tabs.selected_index = 0                                        # the first tab: nothing
    assert not w.seen.widget.children
    w.tabs.selected_index = 1                                        # the browser opens it
    assert w.seen.widget.children and len(w.seen.buttons) == 34
    assert w.seen.buttons[Card.parse("7L")].style.text_color == "white"
    w.close()
    assert live_widgets() == set()

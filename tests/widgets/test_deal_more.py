"""Lesson 3's "deal 100 more": bounded, seeded, and converging on the exact shares.

The exact shares are counted here independently of the engine's table: 4,960 hands, of
which 4,320 score 0 (lesson 3's count), so P(score ≥ 21) = 640/4960 = 4/31.
"""

from __future__ import annotations

import math
import sys

from widgets.explainers import deal_more
from widgets.explainers.deal_more import DealMore


def test_exact_shares_are_the_lessons_counts():
    w = DealMore()
    try:
        exact = w._exact
        assert sum(exact.values()) == 1
        assert exact[0.0] == deal_more.Fraction(4320, 4960)
        assert sum(p for s, p in exact.items() if s >= 21) == deal_more.Fraction(4, 31)
    finally:
        w.close_all()


def test_each_click_deals_100_and_redraws():
    w = DealMore(seed=3)
    try:
        chart = w.chart.value
        w.button.click()
        assert w.dealt == 100 and w.chart.value != chart
        assert "After 100 hands" in w.text.value and "aria-label" in w.chart.value
    finally:
        w.close_all()


def test_the_share_settles_near_the_exact_value():
    """After 20,000 hands P(score ≥ 21) is within 4 standard errors of 4/31."""
    w = DealMore(seed=5)
    try:
        for _ in range(200):
            w.deal()
        p = 4 / 31
        sim = sum(c for s, c in w._counts.items() if s >= 21) / w.dealt
        assert abs(sim - p) < 4 * math.sqrt(p * (1 - p) / w.dealt)
    finally:
        w.close_all()


def test_bounded_even_when_a_disabled_button_is_clicked(monkeypatch):
    monkeypatch.setattr(deal_more, "MAX_HANDS", 300)
    w = DealMore()
    try:
        for _ in range(5):
            w.button.click()                  # a browser can click a disabled button
        assert w.dealt == 300 and w.button.disabled
    finally:
        w.close_all()


def test_same_seed_same_hands_and_no_matplotlib():
    a, b = DealMore(seed=9), DealMore(seed=9)
    try:
        had = "matplotlib" in sys.modules
        a.deal(), b.deal()
        assert a._counts == b._counts
        assert had or "matplotlib" not in sys.modules
    finally:
        a.close_all(), b.close_all()

"""Lesson 3's "deal 100 more": a simulated score histogram that grows towards the exact one.

Each click deals 100 more seeded 3-card hands from the 32-card deck, scores them with the
engine's :func:`cardgames.thirtyone.score` and redraws the bars (simulated shares) beside
the exact shares (:func:`cardgames.analysis.hands.score_counts`: every hand counted).  The
chart is a small SVG built here as text (no matplotlib or pandas in the click path), and a
sentence below says the largest gap (the text alternative).  The number of hands is
bounded: after :data:`MAX_HANDS` the button is disabled, and a click (a browser can click
a disabled button) changes nothing.

>>> w = DealMore(seed=3)
>>> w.dealt, "No hands dealt yet" in w.text.value
(0, True)
>>> w.deal(); w.dealt
100
>>> before = w.chart.value; w.deal(); w.chart.value != before and w.dealt == 200
True
>>> w.close_all()
"""

from __future__ import annotations

import html
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.hands import score_counts
from cardgames.cards import ORDINARY_CARDS
from cardgames.i18n import decimal, format_count
from cardgames.i18n import gettext as _
from cardgames.thirtyone import score

__all__ = ["DealMore", "MAX_HANDS", "PER_CLICK"]

PER_CLICK = 100
MAX_HANDS = 100_000
_W, _H, _L, _B, _T = 520, 220, 40, 34, 10


class DealMore(ipw.VBox):
    """A button that deals :data:`PER_CLICK` more hands, and the histogram so far."""

    def __init__(self, *, seed: int = 3, **kwargs: Any) -> None:
        self._rng = random.Random(seed)               # plain Python, never synced
        self._deck = list(ORDINARY_CARDS)
        exact = score_counts()
        total = sum(exact.values())
        self._exact = {s: Fraction(n, total) for s, n in exact.items()}
        self._counts: Counter[float] = Counter()
        self.button = ipw.Button(description=_("Deal 100 more"), button_style="primary",
                                 tooltip=_("deal 100 more hands of 3 cards and score them"))
        self.chart = ipw.HTML()
        self.text = ipw.HTML(layout=ipw.Layout(max_width="44em"))
        self.button.on_click(lambda _b: self.deal())
        super().__init__([self.button, self.chart, self.text], **kwargs)
        self.add_class("cg-deal-more")
        self._redraw()

    def __repr__(self) -> str:          # stable text/plain for nbval
        return "DealMore()"

    @property
    def dealt(self) -> int:
        return sum(self._counts.values())

    def deal(self) -> None:
        """Deal and score :data:`PER_CLICK` hands, unless :data:`MAX_HANDS` are dealt."""
        if self.dealt >= MAX_HANDS:
            return
        sample, deck = self._rng.sample, self._deck
        self._counts.update(score(sample(deck, 3)) for _ in range(PER_CLICK))
        self.button.disabled = self.dealt >= MAX_HANDS
        self._redraw()

    def _redraw(self) -> None:
        n = self.dealt
        scores = sorted(self._exact)
        if n == 0:
            sentence = _("No hands dealt yet: the outlines are the exact shares of each score "
                         "(every one of the 4,960 hands counted).")
        else:
            gap, where = max((abs(Fraction(self._counts[s], n) - self._exact[s]), s)
                             for s in scores)
            low = Fraction(sum(c for s, c in self._counts.items() if s >= 21), n)
            exact_low = sum((p for s, p in self._exact.items() if s >= 21), Fraction(0))
            sentence = _("After {n} hands: P(score ≥ 21) is {sim} (exact {exact}); the "
                         "largest gap between a simulated and an exact share is {gap}, at "
                         "score {score}.").format(
                n=format_count(n), sim=decimal(f"{float(low):.3f}"), exact=decimal(f"{float(exact_low):.3f}"),
                gap=decimal(f"{float(gap):.3f}"), score=decimal(f"{where:g}"))
        self.chart.value = self._svg(scores, n, sentence)
        self.text.value = f"<p class='cg-deal-more-text'>{html.escape(sentence)}</p>"

    def _svg(self, scores: list[float], n: int, label: str) -> str:
        # score 0 (87 % of hands) would flatten the rest: the bars are the scores from 21,
        # on a scale of the largest exact share among them
        shown = [s for s in scores if s > 0]
        top = float(max(self._exact[s] for s in shown)) * 1.6
        step = (_W - _L - 8) / len(shown)
        parts = []
        for i, s in enumerate(shown):
            x = _L + i * step
            exact_h = float(self._exact[s]) / top * (_H - _B - _T)
            sim = self._counts[s] / n if n else 0.0
            sim_h = min(sim / top, 1.0) * (_H - _B - _T)
            parts.append(
                f"<rect class='cg-sim' x='{x + 3:.1f}' y='{_H - _B - sim_h:.1f}' "
                f"width='{step - 6:.1f}' height='{sim_h:.1f}' fill='#d1202f'/>"
                f"<rect x='{x + 3:.1f}' y='{_H - _B - exact_h:.1f}' width='{step - 6:.1f}' "
                f"height='{exact_h:.1f}' fill='none' stroke='#333' stroke-width='1.5'/>"
                f"<text x='{x + step / 2:.1f}' y='{_H - _B + 14}' text-anchor='middle'>"
                f"{s:g}</text>")
        axis = _("score (0 left out); outline: exact, red: simulated")
        return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_W} {_H}' role='img' "
                f"aria-label=\"{html.escape(label)}\" class='cg-deal-more-chart' "
                f"style='width:100%;max-width:{_W * 1.4:.0f}px;font:11px sans-serif'>"
                f"{''.join(parts)}"
                f"<text x='{_W / 2:.0f}' y='{_H - 4}' text-anchor='middle'>"
                f"{html.escape(axis)}</text></svg>")

    def close_all(self) -> None:
        for w in self.children:
            w.close()
        self.close()

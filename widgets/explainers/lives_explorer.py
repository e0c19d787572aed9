"""Lesson 6's Markov chain to play with: lives, and the per-deal chances a and t.

The numbers are the engine's exact chain (:func:`cardgames.analysis.lives.match_model`);
the chart of match lengths is a small SVG built here as text (no matplotlib in the click
path), and a sentence below it says the same numbers (the text alternative).

>>> w = LivesExplorer(a=0.5, t=0.0, lives=3)
>>> "expected deals 5.81" in w.text.value and "P(A wins, shared included) 0.500" in w.text.value
True
>>> before = w.chart.value; w.lives.value = 2; w.chart.value != before
True
>>> w.close_all()
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.lives import match_model
from cardgames.i18n import decimal
from cardgames.i18n import gettext as _

__all__ = ["LivesExplorer"]

_W, _H, _L, _B, _T = 460, 200, 36, 34, 10


def _step(value: Any, lo: Fraction, hi: Fraction, default: Fraction) -> Fraction:
    """A browser value on the sliders' 0.05 grid, clamped to [lo, hi]."""
    try:
        q = Fraction(round(float(value) * 20), 20)
    except (TypeError, ValueError, OverflowError):
        q = default
    return min(max(q, lo), hi)


class LivesExplorer(ipw.VBox):
    """Sliders for the lives and the per-deal chances; the match-length bars redrawn."""

    def __init__(self, *, a: float = 0.45, t: float = 0.15, lives: int = 3,
                 **kwargs: Any) -> None:
        layout = {"width": "22em", "max_width": "100%"}
        self.lives = ipw.IntSlider(value=lives, min=1, max=6, description=_("lives"),
                                   continuous_update=False, layout=ipw.Layout(**layout))
        self.a = ipw.FloatSlider(value=round(a * 20) / 20, min=0.05, max=0.9, step=0.05,
                                 readout_format=".2f", description=_("a (A loses)"),
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=ipw.Layout(**layout))
        self.t = ipw.FloatSlider(value=round(t * 20) / 20, min=0.0, max=0.4, step=0.05,
                                 readout_format=".2f", description=_("t (both lose)"),
                                 continuous_update=False, style={"description_width": "initial"},
                                 layout=ipw.Layout(**layout))
        self.chart = ipw.HTML()
        self.text = ipw.HTML(layout=ipw.Layout(max_width="44em"))
        super().__init__([ipw.HBox([self.lives, self.a, self.t],
                                   layout=ipw.Layout(flex_flow="row wrap")),
                          self.chart, self.text], **kwargs)
        self.add_class("cg-lives-explorer")
        for w in (self.lives, self.a, self.t):
            w.observe(self._redraw, names="value")
        self._redraw()

    def __repr__(self) -> str:          # stable text/plain for nbval
        return "LivesExplorer()"

    def _values(self) -> tuple[int, Fraction, Fraction, Fraction]:
        try:
            lives = min(max(int(self.lives.value), 1), 6)
        except (TypeError, ValueError):
            lives = 3
        a = _step(self.a.value, Fraction(1, 20), Fraction(9, 10), Fraction(9, 20))
        t = _step(self.t.value, Fraction(0), Fraction(2, 5), Fraction(3, 20))
        t = min(t, 1 - a)                             # b = 1 − a − t is at least 0
        b = 1 - a - t
        return lives, a, b, t

    def _redraw(self, _change: object = None) -> None:
        lives, a, b, t = self._values()
        m = match_model(a, b, lives=lives)
        shortest, longest = min(m.length), max(m.length)
        sentence = _("{lives} lives each, a = {a}, b = {b}, t = {t}: P(A wins, shared "
                     "included) {win}, expected deals {deals}; a match lasts {short} to "
                     "{long} deals, most often {mode}.").format(
            lives=lives, a=decimal(f"{float(a):.2f}"), b=decimal(f"{float(b):.2f}"), t=decimal(f"{float(t):.2f}"),
            win=decimal(f"{float(m.a_wins + m.shared):.3f}"), deals=decimal(f"{float(m.expected_deals):.2f}"),
            short=shortest, long=longest, mode=max(m.length, key=lambda d: m.length[d]))
        self.chart.value = self._svg(m.length, sentence)
        self.text.value = f"<p class='cg-lives-text'>{html.escape(sentence)}</p>"

    def _svg(self, length: dict[int, Fraction], label: str) -> str:
        days = sorted(length)
        top = max(float(p) for p in length.values()) * 1.15
        step = (_W - _L - 8) / len(days)
        bars = "".join(
            f"<rect x='{_L + i * step + 2:.1f}' y='{_H - _B - float(length[d]) / top * (_H - _B - _T):.1f}' "
            f"width='{step - 4:.1f}' height='{float(length[d]) / top * (_H - _B - _T):.1f}' "
            "fill='#1565c0'/>"
            f"<text x='{_L + (i + 0.5) * step:.1f}' y='{_H - _B + 14}' text-anchor='middle'>{d}</text>"
            for i, d in enumerate(days))
        axis = _("deals in a match; bar height: probability")
        return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_W} {_H}' role='img' "
                f"aria-label=\"{html.escape(label)}\" class='cg-lives-chart' "
                f"style='width:100%;max-width:{_W * 1.4:.0f}px;font:11px sans-serif'>{bars}"
                f"<text x='{_W / 2:.0f}' y='{_H - 4}' text-anchor='middle'>"
                f"{html.escape(axis)}</text></svg>")

    def close_all(self) -> None:
        for w in (self.lives, self.a, self.t, *self.children):
            w.close()
        self.close()

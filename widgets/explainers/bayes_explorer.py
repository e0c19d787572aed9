"""Lesson 4's Bayes curve to play with: move the bluff prior π and the pile size.

The numbers come from the engine's model (:func:`cardgames.analysis.bluff.bluff_model`),
exactly, at the slider's value.  The chart is a small SVG built here as text — no
matplotlib in the kernel, so a slider move costs well under a millisecond of drawing
(see :mod:`widgets.kit.chart_cache` for what matplotlib costs per kernel) — and a sentence
below it says the same numbers (the text alternative, WCAG 1.1.1).  Nothing hidden is
involved: the model uses only your own hand.

>>> w = BayesExplorer(hand="7H KA 9B 10L UB OA 8H AH", claim="1x7", prior=0.4, pile=10)
>>> "0.484" in w.text.value and "0.678" in w.text.value and "4.84" in w.text.value
True
>>> before = w.chart.value; w.prior.value = 0.8; w.chart.value != before
True
>>> "0.927" in w.text.value
True
>>> w.close_all()
"""

from __future__ import annotations

import functools
import html
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.bluff import BluffModel, bluff_model
from cardgames.i18n import decimal
from cardgames.i18n import gettext as _

__all__ = ["BayesExplorer", "curve_svg"]

_W, _H, _L, _B, _T, _R = 420, 240, 44, 36, 10, 12     # size and margins of the SVG
_GRID = [Fraction(k, 50) for k in range(51)]
_TRUE, _POST = "#1565c0", "#d1202f"


def _x(q: float) -> float:
    return _L + q * (_W - _L - _R)


def _y(v: float) -> float:
    return _H - _B - v * (_H - _B - _T)


def _path(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{'M' if i == 0 else 'L'}{_x(q):.1f},{_y(v):.1f}"
                    for i, (q, v) in enumerate(points))


@functools.lru_cache(maxsize=64)
def _curves(model: BluffModel) -> tuple[str, str]:
    """The two curves' SVG paths (they do not depend on the slider: drawn once per model)."""
    return (_path([(float(q), float(model.p_true(q))) for q in _GRID]),
            _path([(float(q), float(model.p_bluffer_given_lie(q))) for q in _GRID]))


def curve_svg(model: BluffModel, prior: Fraction, *, label: str) -> str:
    """The two curves over π, P(claim true) and P(bluffer | lie), with a marker at ``prior``.

    >>> svg = curve_svg(BluffModel(Fraction(1, 8), Fraction(183, 253)), Fraction(1, 2), label="x")
    >>> svg.startswith("<svg") and 'aria-label="x"' in svg and svg.count("<path") == 3
    True
    """
    true_path, post_path = _curves(model)
    q, t, b = float(prior), float(model.p_true(prior)), float(model.p_bluffer_given_lie(prior))
    axis = _("prior π that the claimant is a bluffer")
    ticks = "".join(
        f"<text x='{_x(v):.1f}' y='{_H - _B + 16}' text-anchor='middle'>{decimal(f'{v:g}')}</text>"
        f"<text x='{_L - 6}' y='{_y(v) + 4:.1f}' text-anchor='end'>{decimal(f'{v:g}')}</text>"
        for v in (0, 0.5, 1))
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_W} {_H}' role='img' "
        f"aria-label=\"{html.escape(label)}\" class='cg-bayes-chart' "
        f"style='width:100%;max-width:{_W * 1.5:.0f}px;font:12px sans-serif'>"
        f"<rect x='{_L}' y='{_T}' width='{_W - _L - _R}' height='{_H - _B - _T}' "
        "fill='none' stroke='#999'/>"
        f"{ticks}"
        f"<text x='{(_W + _L) / 2:.0f}' y='{_H - 4}' text-anchor='middle'>"
        f"{html.escape(axis)}</text>"
        f"<path d='{_path([(0, 0), (1, 1)])}' stroke='#888' stroke-dasharray='3 3' fill='none'/>"
        f"<path d='{true_path}' stroke='{_TRUE}' stroke-width='2.5' fill='none'/>"
        f"<path d='{post_path}' stroke='{_POST}' stroke-width='2.5' fill='none'/>"
        f"<line class='cg-bayes-marker' x1='{_x(q):.1f}' x2='{_x(q):.1f}' y1='{_T}' "
        f"y2='{_H - _B}' stroke='#333'/>"
        f"<circle cx='{_x(q):.1f}' cy='{_y(t):.1f}' r='5' fill='{_TRUE}'/>"
        f"<circle cx='{_x(q):.1f}' cy='{_y(b):.1f}' r='5' fill='{_POST}'/>"
        "</svg>")


class BayesExplorer(ipw.VBox):
    """Sliders for π and the pile beside the Bayes curve of lesson 4, redrawn on each move."""

    def __init__(self, *, hand: Any, claim: Any = "1x7", prior: float = 0.5, pile: int = 10,
                 **kwargs: Any) -> None:
        self._model = bluff_model(hand=hand, claim=claim)      # plain Python, never synced
        self.prior = ipw.FloatSlider(value=prior, min=0.0, max=1.0, step=0.05,
                                     readout_format=".2f", description=_("prior π"),
                                     continuous_update=False,
                                     layout=ipw.Layout(width="24em", max_width="100%"))
        self.pile = ipw.IntSlider(value=pile, min=1, max=40, description=_("pile (cards)"),
                                  continuous_update=False, style={"description_width": "initial"},
                                  layout=ipw.Layout(width="24em", max_width="100%"))
        self.chart = ipw.HTML()
        self.text = ipw.HTML(layout=ipw.Layout(max_width="42em"))
        true_label, post_label = _("P(claim true)"), _("P(bluffer | it was a lie)")
        prior_label = _("prior")
        legend = ipw.HTML(
            f"<span style='color:{_TRUE}'>━ {html.escape(true_label)}</span> &nbsp; "
            f"<span style='color:{_POST}'>━ {html.escape(post_label)}</span> &nbsp; "
            f"<span style='color:#888'>┅ {html.escape(prior_label)}</span>")
        super().__init__([ipw.HBox([self.prior, self.pile],
                                   layout=ipw.Layout(flex_flow="row wrap")),
                          self.chart, legend, self.text], **kwargs)
        self.add_class("cg-bayes-explorer")
        self.prior.observe(self._redraw, names="value")
        self.pile.observe(self._redraw, names="value")
        self._redraw()

    def __repr__(self) -> str:          # stable text/plain for nbval
        return "BayesExplorer()"

    def _values(self) -> tuple[Fraction, int]:
        # the browser can send any value: clamp to the sliders' own range and steps
        try:
            q = Fraction(round(float(self.prior.value) * 20), 20)
        except (TypeError, ValueError):
            q = Fraction(1, 2)
        q = min(max(q, Fraction(0)), Fraction(1))
        try:
            m = int(self.pile.value)
        except (TypeError, ValueError):
            m = 10
        return q, min(max(m, 1), 40)

    def _redraw(self, _change: object = None) -> None:
        q, m = self._values()
        model = self._model
        sentence = _("At π = {prior}: P(claim true) = {true}; if the play was a lie, "
                     "P(bluffer | lie) = {post}. A caller takes the pile of {pile} cards "
                     "when the claim is true: on average {taken} cards.").format(
            prior=decimal(f"{float(q):.2f}"), true=decimal(f"{float(model.p_true(q)):.3f}"),
            post=decimal(f"{float(model.p_bluffer_given_lie(q)):.3f}"), pile=m,
            taken=decimal(f"{float(model.expected_taken(q, m)):.2f}"))
        self.chart.value = curve_svg(model, q, label=sentence)
        self.text.value = f"<p class='cg-bayes-text'>{html.escape(sentence)}</p>"

    def close_all(self) -> None:
        for w in self.children:
            if isinstance(w, ipw.HBox):
                for c in w.children:
                    c.close()
            w.close()
        self.close()

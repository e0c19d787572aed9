"""Lesson 6's win-rate model to play with: the number of opponents and the sample size.

An equally strong player at a table of ``opponents + 1`` wins each game with the fair share
p = 1 / (opponents + 1) (the model: games independent, the same p every game).  In n games
the number of wins is binomial, so the estimate p̂ = wins / n spreads around p; the chart
shows that spread exactly (the binomial distribution, in bins of 0.01) with the engine's
95 % Wilson interval (:func:`cardgames.analysis.simulate.wilson_interval`) for a player
who wins exactly the fair share.  A small SVG built here as text (no matplotlib in the click
path), and a sentence says the same numbers (the text alternative).

>>> w = WinRateExplorer(opponents=3, games=400)
>>> "fair share 0.250" in w.text.value and "0.210–0.295" in w.text.value
True
>>> before = w.chart.value; w.games.value = 1600; w.chart.value != before
True
>>> "0.229–0.272" in w.text.value
True
>>> w.close_all()
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.simulate import wilson_interval
from cardgames.i18n import gettext as _

__all__ = ["WinRateExplorer", "GAMES", "binomial_pmf", "within"]

GAMES = (25, 50, 100, 200, 400, 800, 1600, 3200)
_W, _H, _L, _B, _T, _R = 460, 210, 36, 34, 10, 10
_BINS = 100                                   # bins of 0.01 on [0, 1]


def binomial_pmf(n: int, p: float) -> list[float]:
    """P(wins = k) for k = 0..n (through log-gamma: exact enough and fast for n ≤ 3200).

    >>> [round(q, 4) for q in binomial_pmf(2, 0.5)]
    [0.25, 0.5, 0.25]
    """
    lp, lq = math.log(p), math.log1p(-p)
    top = math.lgamma(n + 1)
    return [math.exp(top - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp + (n - k) * lq)
            for k in range(n + 1)]


def within(n: int, p: float, w: float) -> float:
    """P(|p̂ − p| ≤ w) for p̂ = wins / n, wins binomial(n, p).

    >>> round(within(400, 0.25, 0.04), 3)
    0.943
    """
    return sum(q for k, q in enumerate(binomial_pmf(n, p)) if abs(k / n - p) <= w + 1e-12)


class WinRateExplorer(ipw.VBox):
    """Sliders for the opponents and the games; the spread of the estimate redrawn."""

    def __init__(self, *, opponents: int = 3, games: int = 400, **kwargs: Any) -> None:
        layout = {"width": "22em", "max_width": "100%"}
        self.opponents = ipw.IntSlider(value=opponents, min=1, max=7, description=_("opponents"),
                                       continuous_update=False,
                                       style={"description_width": "initial"},
                                       layout=ipw.Layout(**layout))
        self.games = ipw.SelectionSlider(options=list(GAMES),
                                         value=games if games in GAMES else 400,
                                         description=_("games (n)"), continuous_update=False,
                                         style={"description_width": "initial"},
                                         layout=ipw.Layout(**layout))
        self.chart = ipw.HTML()
        self.text = ipw.HTML(layout=ipw.Layout(max_width="44em"))
        super().__init__([ipw.HBox([self.opponents, self.games],
                                   layout=ipw.Layout(flex_flow="row wrap")),
                          self.chart, self.text], **kwargs)
        self.add_class("cg-winrate-explorer")
        for w in (self.opponents, self.games):
            w.observe(self._redraw, names="value")
        self._redraw()

    def __repr__(self) -> str:          # stable text/plain for nbval
        return "WinRateExplorer()"

    def _values(self) -> tuple[int, int]:
        # the browser can send any value: clamp to the sliders' own range
        try:
            k = min(max(int(self.opponents.value), 1), 7)
        except (TypeError, ValueError):
            k = 3
        n = self.games.value if self.games.value in GAMES else 400
        return k, int(n)

    def _redraw(self, _change: object = None) -> None:
        k, n = self._values()
        p = 1 / (k + 1)
        wins = round(n * p)
        lo, hi = wilson_interval(wins, n)
        se = math.sqrt(p * (1 - p) / n)
        sentence = _("{opponents} opponents: an equally strong player's fair share {p}. In "
                     "{n} games the estimate's standard error is {se}; winning {wins} of "
                     "{n} gives the 95 % Wilson interval {lo}–{hi}; the estimate lands within "
                     "±0.02 of the fair share with probability {near}.").format(
            opponents=k, p=f"{p:.3f}", n=n, se=f"{se:.4f}", wins=wins, lo=f"{lo:.3f}",
            hi=f"{hi:.3f}", near=f"{within(n, p, 0.02):.3f}")
        self.chart.value = self._svg(n, p, (lo, hi), sentence)
        self.text.value = f"<p class='cg-winrate-text'>{html.escape(sentence)}</p>"

    def _svg(self, n: int, p: float, interval: tuple[float, float], label: str) -> str:
        bins = [0.0] * _BINS
        for k, q in enumerate(binomial_pmf(n, p)):
            bins[min(int(k / n * _BINS), _BINS - 1)] += q
        top = max(bins) * 1.1
        span = 0.6                                  # the x axis: 0 to 0.6 (p ≤ 0.5)
        shown = int(span * _BINS)

        def x(v: float) -> float:
            return _L + v / span * (_W - _L - _R)

        width = (_W - _L - _R) / shown
        bars = "".join(
            f"<rect x='{x(i / _BINS):.1f}' y='{_H - _B - q / top * (_H - _B - _T):.1f}' "
            f"width='{max(width - 0.6, 0.5):.2f}' height='{q / top * (_H - _B - _T):.1f}' "
            "fill='#1565c0'/>" for i, q in enumerate(bins[:shown]) if q > 1e-6)
        lo, hi = interval
        ticks = "".join(f"<text x='{x(v):.1f}' y='{_H - _B + 14}' text-anchor='middle'>{v:g}"
                        "</text>" for v in (0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6))
        axis = _("the estimated win rate wins / n; bar height: probability; band: the 95 % Wilson "
                 "interval")
        return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_W} {_H}' role='img' "
                f"aria-label=\"{html.escape(label)}\" class='cg-winrate-chart' "
                f"style='width:100%;max-width:{_W * 1.4:.0f}px;font:11px sans-serif'>"
                f"<rect class='cg-winrate-band' x='{x(lo):.1f}' y='{_T}' "
                f"width='{x(hi) - x(lo):.1f}' height='{_H - _B - _T}' fill='#d1202f' "
                "fill-opacity='0.15'/>"
                f"{bars}<line x1='{x(p):.1f}' x2='{x(p):.1f}' y1='{_T}' y2='{_H - _B}' "
                "stroke='#d1202f' stroke-width='2'/>"
                f"{ticks}<text x='{_W / 2:.0f}' y='{_H - 4}' text-anchor='middle'>"
                f"{html.escape(axis)}</text></svg>")

    def close_all(self) -> None:
        for w in (self.opponents, self.games, *self.children):
            w.close()
        self.close()

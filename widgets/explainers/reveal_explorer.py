"""Lesson 5's "when does revealing pay?" to play with: pick the score you would reveal at.

For one hand of each score (the lesson's table) the engine enumerates every possible
opponent hand (:func:`cardgames.analysis.reveal.reveal_risk`: conditioned on the deal still
going on, **R-T7**) once, when the widget is made; a slider move only redraws.  The chart
is a small SVG built here as text (no matplotlib in the click path), and a sentence says
the same numbers (the text alternative).  The horizontal axis is the score on a true scale
(30 and 30.5 are half a point apart, 21 and 24 three points), so "where does one more
point help most?" can be read off the slope; the numbers are written in the page's
language (``30,5`` and ``0,602`` in hr and de).

>>> w = RevealExplorer(table="10H 7L OA", hands={24.0: "7H 8H 9H", 29.0: "8H UH AH"})
>>> "0.457" in w.text.value                           # 593/1298, the lesson's 24 row
True
>>> before = w.chart.value; w.score.value = "29"; w.chart.value != before
True
>>> "0.218" in w.text.value and "8H UH AH" in w.text.value
True
>>> w._x(24.0) < w._x(29.0)
True
>>> w.close_all()
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

from cardgames.analysis.reveal import reveal_risk
from cardgames.i18n import decimal
from cardgames.i18n import gettext as _

__all__ = ["RevealExplorer"]

_W, _H, _L, _B, _T, _R = 460, 220, 40, 34, 10, 14


class RevealExplorer(ipw.VBox):
    """A slider over the scores; the risk curve with the chosen score marked."""

    def __init__(self, *, table: Any, hands: dict[float, str], **kwargs: Any) -> None:
        if not hands:
            raise ValueError("give at least one hand: {score: 'cards'}")
        self._rows = [(float(s), h, reveal_risk(h, table).p_lose)      # plain Python
                      for s, h in sorted(hands.items())]
        self._labels = [decimal(f"{s:g}") for s, _h, _p in self._rows]
        # the label is a text of its own beside the slider: a long translation
        # ("deckt auf bei") is never cut to the slider's description width
        self.caption = ipw.HTML(f"<span class='cg-reveal-label'>{html.escape(_('reveal at'))}</span>",
                                layout=ipw.Layout(margin="0 1.5em 0 0"))
        self.score = ipw.SelectionSlider(options=self._labels, value=self._labels[0],
                                         description="", continuous_update=False,
                                         tooltip=_("reveal at"),
                                         # room on the left for the handle at the
                                         # lowest score (it was cut there, issue 31)
                                         layout=ipw.Layout(width="22em", max_width="100%",
                                                           padding="6px 0 10px 24px"))
        self.chart = ipw.HTML()
        self.text = ipw.HTML(layout=ipw.Layout(max_width="44em"))
        super().__init__([ipw.HBox([self.caption, self.score],
                                   layout=ipw.Layout(align_items="center", flex_flow="row wrap")),
                          self.chart, self.text], **kwargs)
        self.add_class("cg-reveal-explorer")
        self.score.observe(self._redraw, names="value")
        self._redraw()

    def __repr__(self) -> str:          # stable text/plain for nbval
        return "RevealExplorer()"

    def _redraw(self, _change: object = None) -> None:
        label = self.score.value
        i = self._labels.index(label) if label in self._labels else 0
        score, hand, p = self._rows[i]
        sentence = _("Revealing {hand} ({score} points) now loses a life with probability "
                     "{p} ({fraction}): every possible opponent hand counted, each playing "
                     "its best final turn.").format(hand=hand, score=decimal(f"{score:g}"),
                                                    p=decimal(f"{float(p):.3f}"),
                                                    fraction=str(p))
        self.chart.value = self._svg(i, sentence)
        self.text.value = f"<p class='cg-reveal-text'>{html.escape(sentence)}</p>"

    def _x(self, score: float) -> float:
        """Where ``score`` is on the chart: a true scale from the lowest score to the highest."""
        low, high = self._rows[0][0], self._rows[-1][0]
        span = (high - low) or 1.0
        return _L + 12 + (score - low) * (_W - _L - _R - 24) / span

    def _svg(self, marked: int, label: str) -> str:
        def x(k: int) -> float:
            return self._x(self._rows[k][0])

        def y(p: Fraction) -> float:
            return _H - _B - float(p) * (_H - _B - _T)

        path = " ".join(f"{'M' if k == 0 else 'L'}{x(k):.1f},{y(p):.1f}"
                        for k, (_s, _h, p) in enumerate(self._rows))
        # a tick label is left out where it would overlap its left neighbour (30.5 beside
        # 30); its point is still on the line, and the slider names every score
        ticks, last = [], -1e9
        for k, t in enumerate(self._labels):
            ticks.append(f"<line x1='{x(k):.1f}' x2='{x(k):.1f}' y1='{_H - _B}' y2='{_H - _B + 4}' "
                         "stroke='#555'/>")
            if x(k) - last >= 22 or k == len(self._labels) - 1 and x(k) - last >= 14:
                ticks.append(f"<text x='{x(k):.1f}' y='{_H - _B + 15}' "
                             f"text-anchor='middle'>{html.escape(t)}</text>")
                last = x(k)
        ticks_svg = "".join(ticks)
        half = y(Fraction(1, 2))
        _s, _h, p = self._rows[marked]
        axis = _("your score when you reveal; height: P(lose a life)")
        return (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {_W} {_H}' role='img' "
                f"aria-label=\"{html.escape(label)}\" class='cg-reveal-chart' "
                f"style='width:100%;max-width:{_W * 1.4:.0f}px;font:11px sans-serif'>"
                f"<line x1='{_L}' x2='{_W - _R}' y1='{half:.1f}' y2='{half:.1f}' stroke='#888' "
                "stroke-dasharray='3 3'/>"
                f"<text x='{_L - 4}' y='{half + 4:.1f}' text-anchor='end'>½</text>"
                f"<path d='{path}' stroke='#d1202f' stroke-width='2.5' fill='none'/>"
                f"<circle class='cg-reveal-marker' cx='{x(marked):.1f}' cy='{y(p):.1f}' r='6' "
                "fill='#333'/>"
                f"<line x1='{_L}' x2='{_W - _R}' y1='{_H - _B}' y2='{_H - _B}' stroke='#555'/>"
                f"{ticks_svg}<text x='{_W / 2:.0f}' y='{_H - 4}' text-anchor='middle'>"
                f"{html.escape(axis)}</text></svg>")

    def close_all(self) -> None:
        for w in self.children:
            w.close()
        self.close()

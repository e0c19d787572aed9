"""The Hand scorer (Thirty-One: T3, T11, T12, R-T2, R-T3): pick 3 cards, see the score,
why, and where the hand stands among all possible hands.

The score and its explanation come from the engine
(:func:`cardgames.thirtyone.score`, :func:`cardgames.thirtyone.explain`); the
standing from the exact distribution of every 3-card hand
(:func:`cardgames.analysis.hands.score_counts`, no pandas): C(32, 3) = 4,960 hands
in a deck without the Chronicler, C(33, 3) = 5,456 with it (T2).

>>> s = hand_standing("AH KH 9H", chronicler=False)
>>> s.score, s.total, s.lower, s.equal, s.higher
(30.0, 4960, 4872, 32, 56)
>>> round(s.percentile, 2)                 # beats 98.23 % of all hands
98.23

The widget::

    from widgets.explainers.hand_scorer import HandScorer
    HandScorer(cards="AH KH 9H")            # pick 3 cards; see score, explanation, standing
"""

from __future__ import annotations

import base64
import html
import io
import logging
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw

from cardgames.cards import CHRONICLER, ORDINARY_CARDS, format_cards
from cardgames.errors import CardgamesError
from cardgames.i18n import decimal, format_count, format_number, ngettext
from cardgames.i18n import gettext as _
from widgets.kit.card_palette import CardPalette
from widgets.kit.cardview import close_widget
from widgets.kit.guard import guarded
from widgets.kit.rule_links import RulesHTML

__all__ = ["Standing", "hand_standing", "HandScorer"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Standing:
    """Where a score stands among all 3-card hands of a deck (exact counts)."""

    score: float
    chronicler: bool          # the deck holds the Chronicler (T2)
    total: int                # all hands of that deck
    lower: int                # hands scoring less
    equal: int                # hands scoring the same
    higher: int               # hands scoring more

    @property
    def percentile(self) -> float:
        """Per cent of all hands that score less than this one."""
        return 100.0 * self.lower / self.total

    @property
    def top(self) -> float:
        """Per cent of all hands that score at least as much (this hand is in the top ...)."""
        return 100.0 * (self.equal + self.higher) / self.total


def _distribution(chronicler: bool) -> dict[float, int]:
    from cardgames.analysis.hands import score_counts  # no pandas in the app's kernel

    return score_counts(chronicler=chronicler)


def hand_standing(cards: Any, *, chronicler: bool) -> Standing:
    """The standing of the 3 ``cards`` among all hands of a deck with/without the Chronicler.

    ``cards`` are scored with :func:`cardgames.thirtyone.score` (any Chronicler
    form counts as the Chronicler, T12).
    """
    from cardgames.thirtyone import score

    value = float(score(cards))
    dist = _distribution(bool(chronicler))
    lower = sum(n for s, n in dist.items() if s < value)
    equal = dist.get(value, 0)
    higher = sum(n for s, n in dist.items() if s > value)
    return Standing(value, bool(chronicler), lower + equal + higher, lower, equal, higher)


def _fmt(score: float) -> str:
    return format_number(score)


def distribution_chart(value: float | None) -> str:
    """An ``<img>`` (SVG data URI) of the number of hands per score, both decks, log scale,
    with ``value`` marked.  The SVG sits in its own document (no id clashes on a page).

    The charts are drawn by matplotlib in a helper process, every score at once, and
    kept on disk (:mod:`widgets.kit.chart_cache`): the app's kernel never loads matplotlib.
    """
    from cardgames.i18n import get_language
    from widgets.kit.chart_cache import cached_svg

    svg = cached_svg("hands", get_language(), value, module=__name__,
                     draw=lambda: chart_svg(value))
    data = base64.b64encode(svg.encode()).decode()
    label = (_("Number of 3-card hands per score, 32 and 33 cards")
             + ("; " + _("the score of this hand, {score}, is marked").format(score=_fmt(value))
                if value is not None else ""))
    return (f'<img class="hand-chart" alt="{html.escape(label)}" '
            f'style="max-width:100%;width:760px" src="data:image/svg+xml;base64,{data}"/>')


def chart_values() -> list[float | None]:
    """Every value a chart is drawn for: no hand (None), then every score of either deck."""
    return [None, *sorted(set(_distribution(False)) | set(_distribution(True)))]


def chart_svg(value: float | None) -> str:
    """The chart of :func:`distribution_chart` as SVG text, drawn here with matplotlib."""
    from matplotlib.figure import Figure

    plain, wild = _distribution(False), _distribution(True)
    scores = sorted(set(plain) | set(wild))
    fig = Figure(figsize=(10, 4.2), dpi=72)
    ax = fig.add_subplot()
    xs = range(len(scores))
    w = 0.4
    mine = scores.index(value) if value in scores else None
    c_plain = ["#90a4ae"] * len(scores)
    c_wild = ["#cfd8dc"] * len(scores)
    if mine is not None:
        c_plain[mine], c_wild[mine] = "#1565c0", "#64b5f6"
    ax.bar([x - w / 2 for x in xs], [plain.get(s, 0) for s in scores], w, color=c_plain,
           label=_("32 cards"))
    ax.bar([x + w / 2 for x in xs], [wild.get(s, 0) for s in scores], w, color=c_wild,
           label=_("33 cards (with the Chronicler)"), hatch="//", edgecolor="white")
    ax.set_yscale("log")
    ax.set_xticks(list(xs), [_fmt(s) for s in scores], fontsize=14)
    ax.tick_params(axis="y", labelsize=14)
    ax.set_xlabel(_("score"), fontsize=16)
    ax.set_ylabel(_("hands (log scale)"), fontsize=16)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", alpha=0.3)
    if mine is not None and value is not None:
        top = max(plain.get(value, 0), wild.get(value, 0))
        ax.annotate(_("this hand"), xy=(mine, top), xytext=(mine, top * 6),
                    ha="center", fontsize=15, color="#1565c0", fontweight="bold",
                    arrowprops={"arrowstyle": "->", "color": "#1565c0", "lw": 2})
        ax.set_ylim(top=max(plain.values()) * 40)
    ax.legend(fontsize=13, loc="upper right", frameon=False)
    fig.tight_layout()
    buf = io.StringIO()
    import matplotlib

    with matplotlib.rc_context({"svg.hashsalt": "hand-scorer", "svg.fonttype": "path"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})   # the same bytes each time
    return buf.getvalue()


def draw_charts(lang: str, folder: str) -> int:
    """Draw the chart of every value of :func:`chart_values` in ``lang`` into ``folder``
    (what ``python -m widgets.explainers.hand_scorer --lang hr --out <folder>`` does); how many."""
    from pathlib import Path

    from cardgames.i18n import language
    from widgets.kit.chart_cache import chart_file_name, write_svg

    values = chart_values()
    with language(lang):
        for value in values:
            write_svg(Path(folder), chart_file_name("hands", lang, value), chart_svg(value))
    return len(values)


_BIG = "font-size:1.35em;margin:0.3em 0"


class HandScorer:
    """Pick any 3 cards (the Chronicler ``*`` included) and see the Thirty-One score.

    Shows the cards, the score and the engine's explanation (T11, R-T2, R-T3),
    and the exact standing among all hands of a deck with and without the
    Chronicler: how many hands score less, the same, more; the percentile;
    and, with ``chart=True``, a bar chart of all scores with this one marked.

    >>> h = HandScorer(cards="AH KH *", chart=False)
    >>> h.result.score, h.standings[True].higher          # 32 with the Chronicler (R-T3); 10 hands make 33
    (32.0, 10)
    >>> h.palette.click("*"); h.result is None            # 2 cards: no score
    True
    >>> h.close()
    """

    def __init__(self, *, cards: str | None = "AH KH 9H", chart: bool = True) -> None:
        self._chart = bool(chart)
        self.result: Standing | None = None
        self.standings: dict[bool, Standing] = {}
        self.explanation: str = ""
        self.palette = CardPalette([*ORDINARY_CARDS, CHRONICLER], max_total=3,
                                   title=_("Pick 3 cards"), card_width=110,
                                   on_change=lambda _p: self._render())
        self.score = RulesHTML()
        self.table = RulesHTML()
        self.chart = ipw.HTML()
        self.widget = ipw.VBox([self.palette.widget, self.score, self.table, self.chart],
                               layout=ipw.Layout(max_width="1100px"))
        if cards:
            self.set_cards(cards)
        else:
            self._render()

    def set_cards(self, cards: Any) -> bool:
        """Pick ``cards`` (text or cards); False and a message if refused."""
        try:
            self.palette.set_picked(cards)
        except (ValueError, CardgamesError) as e:
            self.palette._say(str(e))
            return False
        return True

    # -- drawing --------------------------------------------------------------------
    def _render(self) -> None:
        guarded(self._render_unsafe, show=self._fail, where="hand scorer",
                expected=(ValueError, CardgamesError), logger=log,
                explain=lambda e: _("Could not score these cards: {error}").format(error=e))()

    def _fail(self, text: str) -> None:
        self.result = None
        self.score.value = f"<div style='color:#b00020;{_BIG}'>{html.escape(text)}</div>"

    def _render_unsafe(self) -> None:
        from cardgames.thirtyone import explain

        cards = self.palette.picked
        if len(cards) != 3:
            self.result = None
            self.standings = {}
            self.explanation = ""
            left = 3 - len(cards)
            self.score.value = (f"<div style='{_BIG};color:#555'>"
                                + ngettext("Pick {n} more card: a Thirty-One hand is 3 cards (T4).",
                                           "Pick {n} more cards: a Thirty-One hand is 3 cards "
                                           "(T4).", left).format(n=left) + "</div>")
            self.table.value = ""
            self.chart.value = "" if not self._chart else distribution_chart(None)
            return
        self.explanation = explain(cards)
        self.standings = {c: hand_standing(cards, chronicler=c) for c in (False, True)}
        has_wild = any(c.is_chronicler for c in cards)
        self.result = self.standings[True] if has_wild else self.standings[False]
        value = self.result.score
        colour = "#1565c0" if value > 0 else "#555"
        self.score.value = (
            f"<div style='{_BIG}'>"
            + _("{cards}: score {score}").format(
                cards=html.escape(format_cards(cards)),
                score=f"<b style='color:{colour};font-size:1.4em' class='hand-score'>"
                      f"{_fmt(value)}</b>")
            + "</div><div style='font-size:1.15em'>"
            + html.escape(_("Why: {explanation}").format(explanation=self.explanation))
            + "</div>")
        rows = []
        for wild in (False, True):
            s = self.standings[wild]
            deck = (_("Deck with the Chronicler (33 cards)") if wild else
                    _("Deck without the Chronicler (32 cards)"))
            note = ""
            if has_wild and not wild:
                note = ("<br><span style='color:#555;font-size:0.85em'>"
                        + _("(this hand holds the Chronicler, so this deck cannot deal it; the "
                            "score is compared anyway)") + "</span>")
            rows.append(
                f"<tr><th style='{_CELL};text-align:left'>{deck}{note}</th>"
                f"<td style='{_CELL}'>{format_count(s.total)}</td>"
                f"<td style='{_CELL}'>{format_count(s.lower)}</td>"
                f"<td style='{_CELL}'>{format_count(s.equal)}</td>"
                f"<td style='{_CELL}'>{format_count(s.higher)}</td>"
                f"<td style='{_CELL}'><b>{decimal(f'{s.percentile:.1f}')} %</b></td>"
                f"<td style='{_CELL}'>{decimal(f'{s.top:.1f}')} %</td></tr>")
        head = "".join(f"<th style='{_CELL}'>{h}</th>" for h in (
            "", _("all hands"), _("score less"), _("score the same"), _("score more"),
            _("percentile<br>(beats)"), _("in the top")))
        self.table.value = (
            "<table class='hand-standing' style='border-collapse:collapse;font-size:1.1em;"
            f"margin:0.4em 0'><tr>{head}</tr>{''.join(rows)}</table>"
            "<div style='color:#555'>"
            + _("Exact counts over every 3-card hand (T2, T11): the percentile is the share of "
                "all hands that score less than this one.") + "</div>")
        self.chart.value = distribution_chart(value) if self._chart else ""

    def close(self) -> None:
        self.palette.close()
        for w in (self.score, self.table, self.chart, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


_CELL = "border:1px solid #bbb;padding:4px 8px;text-align:right"


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="Draw the hand scorer's charts (chart_cache).")
    ap.add_argument("--lang", required=True)
    ap.add_argument("--out", required=True)
    ns = ap.parse_args()
    draw_charts(ns.lang, ns.out)

"""Call odds (Liar): can the claim "N x rank" be true, given my hand and what I have seen?

The probability is exact and comes from the engine's model
(:func:`cardgames.analysis.odds.claim_odds`, built on
:mod:`cardgames.liar.probability`): the claimed cards are taken to be N cards
drawn at random from the cards I have not seen; the claim is true (R-L6) when
every one of them is of the announced rank or a Chronicler (the Colorful
always, L12; the Pale too, because I would be calling it, L13).  With G good
cards among T unseen::

    P(true) = C(G, N) / C(T, N) = G/T x (G-1)/(T-1) x ... (N factors)

>>> w = CallOdds(hand="7H 7B KA", claim=(2, "7"))
>>> w.result.probability, w.result.unseen, w.result.good
(Fraction(1, 406), 29, 2)
>>> w.close()

The widget::

    from widgets.explainers.call_odds import CallOdds
    CallOdds(hand="7H 7B KA", claim=(2, "7"))     # pick cards, set the claim, read the odds
"""

from __future__ import annotations

import html
import logging
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw

from cardgames.cards import COLORFUL, ORDINARY_CARDS, PALE, Chronicler, Rank, make_deck
from cardgames.errors import CardgamesError
from cardgames.i18n import N_, decimal, ngettext
from cardgames.i18n import gettext as _
from cardgames.liar.events import announcement
from widgets.kit.card_palette import CardPalette
from widgets.kit.cardview import close_widget
from widgets.kit.guard import guarded
from widgets.kit.rule_links import RulesHTML

if TYPE_CHECKING:
    from cardgames.analysis.odds import ClaimOdds

__all__ = ["CallOdds", "CHRONICLER_OPTIONS"]

log = logging.getLogger(__name__)

#: The Chronicler options of the deck (R-L2): label -> value for ``claim_odds``.
CHRONICLER_OPTIONS = {N_("none"): "none", N_("Colorful only"): "colorful",
                      N_("Pale only"): "pale", N_("both"): "both"}
_CHRON_KINDS = {"none": (), "colorful": (Chronicler.COLORFUL,), "pale": (Chronicler.PALE,),
                "both": (Chronicler.COLORFUL, Chronicler.PALE)}
_CELL = "border:1px solid #bbb;padding:4px 10px;text-align:center"
_BIG = "font-size:1.35em;margin:0.3em 0"


def _rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, str):
        from cardgames.analysis.odds import parse_claim

        return parse_claim(f"1 {value}")[1]
    raise ValueError(f"not a rank: {value!r}")


def _pct(p: Fraction | float) -> str:
    x = 100 * float(p)
    if x == 0:
        return "0 %"
    if x < 0.01:
        return decimal(f"{x:.2g} %")
    return decimal(f"{x:.2f} %")


def _frac(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


class CallOdds:
    """Exact odds that a Liar claim can be true, with the counting behind it.

    - ``hand``: my cards (text, or cards); picked in a palette.
    - ``seen``: other cards I know are not in the claim (turned over in calls and
      since taken by someone else, my own earlier plays); another palette.
    - ``decks`` (1 or 2) and ``chroniclers`` (``"none"``, ``"colorful"``,
      ``"pale"``, ``"both"``): the deck (R-L2).
    - ``claim``: ``(N, rank)``, e.g. ``(2, "7")`` for "2 sevens".

    Every input is read back and checked in Python; a bad selection (a
    Chronicler not in the deck, more copies than the deck holds, a claim of
    more cards than are unseen) shows a message and no result.
    """

    def __init__(self, *, hand: Any = "7H 7B KA", seen: Any = "", decks: int = 1,
                 chroniclers: str = "none", claim: tuple[int, Any] = (2, Rank.SEVEN)) -> None:
        if decks not in (1, 2):
            raise ValueError(f"decks must be 1 or 2 (R-L2), not {decks!r}")
        if chroniclers not in CHRONICLER_OPTIONS.values():
            raise ValueError(f"chroniclers must be one of {list(CHRONICLER_OPTIONS.values())}, "
                             f"not {chroniclers!r}")
        n, rank = claim
        rank = _rank(rank)
        if not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"a claim is 1-4 cards (R-L4), not {n!r}")
        self.result: ClaimOdds | None = None
        self.error = ""
        self._quiet = True
        style = {"description_width": "7em"}
        self.decks = ipw.Dropdown(options=[(_("1 deck (32 cards)"), 1),
                                           (_("2 decks (64 cards)"), 2)],
                                  value=decks, description=_("Deck"), style=style)
        self.chroniclers = ipw.Dropdown(options=[(_(k), v) for k, v in CHRONICLER_OPTIONS.items()],
                                        value=chroniclers, description=_("Chroniclers"),
                                        style=style)
        self.count = ipw.Dropdown(options=[1, 2, 3, 4], value=n, description=_("Claim: N ="),
                                  style=style, layout=ipw.Layout(width="13em"))
        self.rank = ipw.Dropdown(options=[(r.plural_nominative, r) for r in Rank], value=rank,
                                 description="×", style={"description_width": "1.5em"},
                                 layout=ipw.Layout(width="11em"))
        cards = [*ORDINARY_CARDS, COLORFUL, PALE]
        self.hand = CardPalette(cards, max_copies=decks, title=_("My hand"),
                                on_change=lambda _p: self._render())
        self.seen = CardPalette(cards, max_copies=decks,
                                title=_("Seen: cards I know are not in the claim"),
                                on_change=lambda _p: self._render(), lazy=True)
        self.answer = RulesHTML()
        self.counting = RulesHTML()
        self.tables = RulesHTML()
        self.tabs = ipw.Tab(children=[self.hand.widget, self.seen.widget])
        self.tabs.set_title(0, _("My hand"))
        self.tabs.set_title(1, _("Seen turned over"))
        # the second tab's buttons are built when it is first opened (a faster page)
        self.tabs.observe(lambda change: self.seen.build() if change["new"] == 1 else None,
                          names="selected_index")
        self.widget = ipw.VBox([
            ipw.HBox([self.decks, self.chroniclers]),
            ipw.HBox([self.count, self.rank]),
            self.answer, self.tabs, self.counting, self.tables,
        ], layout=ipw.Layout(max_width="1100px"))
        for w in (self.decks, self.chroniclers, self.count, self.rank):
            w.observe(self._on_option, names="value")
        try:
            if hand:
                self.hand.set_picked(hand)
            if seen:
                self.seen.set_picked(seen)
        finally:
            self._quiet = False
        self._render()

    # -- inputs -----------------------------------------------------------------
    def set_claim(self, n: int, rank: Any) -> None:
        """Set the claim "n x rank" (validated like the dropdowns)."""
        rank = _rank(rank)
        if not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"a claim is 1-4 cards (R-L4), not {n!r}")
        self._quiet = True
        try:
            self.count.value = n
            self.rank.value = rank
        finally:
            self._quiet = False
        self._render()

    def _on_option(self, change) -> None:
        if self._quiet:
            return
        if change["owner"] is self.decks and self.decks.value in (1, 2):
            self._quiet = True
            failed: list[str] = []
            try:
                guarded(self._set_copies, show=failed.append, where="call odds",
                        expected=(ValueError, CardgamesError), logger=log)()
            finally:
                self._quiet = False
            if failed:
                self._fail(failed[0])
                return
        self._render()

    def _options(self) -> tuple[int, str, int, Rank]:
        decks, chron, n, rank = (self.decks.value, self.chroniclers.value, self.count.value,
                                 self.rank.value)
        if decks not in (1, 2):
            raise ValueError(_("the deck is 1 or 2 decks (R-L2)"))
        if chron not in _CHRON_KINDS:
            raise ValueError(_("the Chroniclers are none, Colorful, Pale or both (R-L2)"))
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 4:
            raise ValueError(_("a claim is 1-4 cards (R-L4)"))
        if not isinstance(rank, Rank):
            raise ValueError(_("pick the announced rank"))
        return decks, chron, n, rank

    # -- drawing ------------------------------------------------------------------
    def _render(self) -> None:
        if self._quiet:
            return
        guarded(self._render_unsafe, show=self._fail, where="call odds",
                expected=(ValueError, CardgamesError), logger=log)()

    def _set_copies(self) -> None:
        for p in (self.hand, self.seen):
            p.set_limits(max_copies=self.decks.value)

    def _fail(self, text: str) -> None:
        self.result = None
        self.error = text
        self.answer.value = (f"<div class='odds-error' style='color:#b00020;{_BIG}'>"
                             f"{html.escape(text)}</div>")
        self.counting.value = ""
        self.tables.value = ""

    def _render_unsafe(self) -> None:
        from cardgames.analysis.odds import claim_odds, unseen_counts
        from cardgames.liar.probability import hypergeometric_pmf

        decks, chron, n, rank = self._options()
        hand, seen = self.hand.picked, self.seen.picked
        self.tabs.set_title(0, _("My hand ({n})").format(n=len(hand)))
        self.tabs.set_title(1, _("Seen turned over ({n})").format(n=len(seen)))
        odds = claim_odds(hand=hand, seen=seen, claim=(n, rank), decks=decks, chroniclers=chron)
        self.result = odds
        self.error = ""
        p = odds.probability
        T, G = odds.unseen, odds.good
        unseen = unseen_counts(hand=hand, seen=seen, decks=decks, chroniclers=chron)
        deck = make_deck(decks=decks, chroniclers=_CHRON_KINDS[chron])
        of_rank = sum(k for c, k in unseen.items() if c.rank is rank and not c.is_chronicler)
        wild = sum(k for c, k in unseen.items() if c.is_chronicler)
        in_deck_rank = sum(1 for c in deck if c.rank is rank and not c.is_chronicler)
        in_deck_wild = sum(1 for c in deck if c.is_chronicler)
        mine_good = sum(1 for c in hand if c.is_chronicler or c.rank is rank)
        seen_good = sum(1 for c in seen if c.is_chronicler or c.rank is rank)
        claim_words = html.escape(announcement(n, rank))
        colour = "#2e7d32" if p >= Fraction(1, 2) else ("#b00020" if p < Fraction(1, 10)
                                                        else "#b34700")
        verdict = (_("impossible: fewer good cards are unseen than were claimed") if p == 0
                   else _("certain") if p == 1 else "")
        self.answer.value = (
            f"<div class='odds-answer' style='{_BIG}'>"
            + _("P(the claim “<b>{claim}</b>” can be true) = {p}").format(
                claim=claim_words, p=f"<b style='color:{colour};font-size:1.3em'>{_pct(p)}</b>")
            + " <span style='color:#555'>(" + _("exactly {fraction}").format(fraction=_frac(p))
            + ")</span>" + (" — " + verdict if verdict else "") + "</div>")
        # the counting
        hand_n, seen_n = len(hand), len(seen)
        factors = " × ".join(f"{G - i}/{T - i}" for i in range(n))
        known = ("" if in_deck_rank == of_rank else
                 _(", minus {k} I know of").format(k=in_deck_rank - of_rank))
        self.counting.value = (
            "<div style='font-size:1.15em;line-height:1.6'>"
            + _("<b>Unseen cards</b> T = {deck} in the deck − {hand} in my hand − {seen} seen "
                "= <b>{T}</b>").format(deck=len(deck), hand=hand_n, seen=seen_n, T=T) + "<br>"
            + _("<b>Good cards</b> (they make the claim true, R-L6, L12, L13) G = "
                "{of_rank} ({in_deck} in the deck{known})").format(
                of_rank=announcement(of_rank, rank), in_deck=in_deck_rank, known=known)
            + (" + " + ngettext("{n} Chronicler ({in_deck} in the deck)",
                                "{n} Chroniclers ({in_deck} in the deck)", wild).format(
                n=wild, in_deck=in_deck_wild) if in_deck_wild else "")
            + f" = <b>{G}</b>"
            + (" <span style='color:#555'>(" + ngettext(
                "{n} good card in my hand, {seen} seen", "{n} good cards in my hand, {seen} seen",
                mine_good).format(n=mine_good, seen=seen_good) + ")</span>"
               if mine_good or seen_good else "")
            + "<br>"
            + ngettext("<b>The claim</b> is true only if the {n} claimed card is among the {G} "
                       "good ones, drawn from the {T} unseen:",
                       "<b>The claim</b> is true only if all {n} claimed cards are among the {G} "
                       "good ones, the {n} being drawn from the {T} unseen:", n).format(
                n=n, G=G, T=T) + "<br>"
            f"<span class='odds-formula' style='font-family:monospace;font-size:1.1em'>"
            f"P = C({G},{n}) / C({T},{n}) = {comb(G, n)} / {comb(T, n)}"
            + (f" = {factors}" if n > 1 else "")
            + f" = {_frac(p)} ≈ {decimal(f'{float(p):.4f}')}</span>"
            "</div>")
        # table 1: draw by draw; table 2: how many of the N are good (hypergeometric)
        draws = []
        for i in range(n):
            g = max(G - i, 0)
            draws.append(f"<tr><td style='{_CELL}'>{i + 1}</td><td style='{_CELL}'>{g}"
                         f"</td><td style='{_CELL}'>{T - i}</td><td style='{_CELL}'>"
                         f"{g}/{T - i}</td></tr>")
        pmf = hypergeometric_pmf(T, G, n, exact=True)
        rows = []
        for k in range(n + 1):
            q = Fraction(pmf.get(k, 0))
            style = "background:#e3f2fd;font-weight:bold" if k == n else ""
            rows.append(f"<tr style='{style}'><td style='{_CELL}'>{k}</td>"
                        f"<td style='{_CELL};font-family:monospace'>C({G},{k})·C({T - G},{n - k})"
                        f" / C({T},{n})</td><td style='{_CELL}'>{comb(G, k) * comb(T - G, n - k)}"
                        f" / {comb(T, n)}</td><td style='{_CELL}'>{_pct(q)}</td></tr>")
        others = ", ".join(
            f"{m} → {_pct(Fraction(comb(G, m), comb(T, m)))}" for m in range(1, 5) if m <= T)
        self.tables.value = (
            "<div style='display:flex;flex-wrap:wrap;gap:2em;align-items:flex-start;"
            "margin-top:0.5em'>"
            "<table class='odds-draws' style='border-collapse:collapse;font-size:1.05em'>"
            "<caption style='font-weight:bold;text-align:left'>" + _("Claimed card by card")
            + "</caption>"
            f"<tr><th style='{_CELL}'>" + _("card") + f"</th><th style='{_CELL}'>"
            + _("good left") + f"</th><th style='{_CELL}'>" + _("unseen left")
            + f"</th><th style='{_CELL}'>" + _("P(good)") + "</th></tr>"
            f"{''.join(draws)}</table>"
            "<table class='odds-pmf' style='border-collapse:collapse;font-size:1.05em'>"
            "<caption style='font-weight:bold;text-align:left'>"
            + ngettext("How many of the {n} claimed card are good (hypergeometric)",
                       "How many of the {n} claimed cards are good (hypergeometric)", n).format(n=n)
            + "</caption>"
            f"<tr><th style='{_CELL}'>" + _("good") + f"</th><th style='{_CELL}'>" + _("formula")
            + f"</th><th style='{_CELL}'>" + _("count") + f"</th><th style='{_CELL}'>P</th></tr>"
            f"{''.join(rows)}</table></div>"
            "<div style='color:#555;margin-top:0.4em'>"
            + _("The same rank with other counts: {others}. Model: each unseen card (other "
                "hands, other players' plays, the cards put aside) is equally likely to be in "
                "the claim; announcements and play styles are not used (an estimate).")
            .format(others=others) + "</div>")

    def close(self) -> None:
        self.hand.close()
        self.seen.close()
        for w in (self.decks, self.chroniclers, self.count, self.rank, self.answer,
                  self.counting, self.tables, self.tabs, *self.widget.children, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

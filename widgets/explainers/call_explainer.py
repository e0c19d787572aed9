"""The Call explainer (Liar: L9, L10, L12, L13, R-L5-R-L9): build one play, choose who
calls "Liar!" (or that nobody does), and see step by step what the engine does.

The walk-through is :func:`widgets.explainers.call_resolution.resolve_call` (no widgets,
importable from here too); this module is its widget, which shows exactly the steps the
function returns.  Nothing re-implements the rules: the steps are the engine's own events
(their ``describe()`` texts cite the rules).  The drawing of a play is in
:mod:`widgets.tables.liar_draw`.

>>> r = resolve_call(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
>>> r.true, r.taker, r.reason
(False, 0, 'caught')

The widget::

    from widgets.explainers.call_explainer import CallExplainer
    CallExplainer(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)

The other players' cards and the cards already in the pile are placeholders
the explainer deals itself (they do not change what happens); they are never
shown, only counted.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw

from cardgames.cards import COLORFUL, ORDINARY_CARDS, PALE, Card, Rank
from cardgames.errors import CardgamesError
from cardgames.i18n import N_, ngettext, pgettext
from cardgames.i18n import gettext as _
from cardgames.liar.events import announcement
from cardgames.render import back_svg, card_svg
from widgets.explainers.call_resolution import (
    NOBODY,
    CallResolution,
    as_rank,
    decks_for,
    resolve_call,
    window_order,
)
from widgets.kit.card_palette import CardPalette
from widgets.kit.cardview import close_widget
from widgets.kit.guard import guarded
from widgets.kit.rule_links import RulesHTML, split_citation

__all__ = ["CallResolution", "resolve_call", "CallExplainer", "NOBODY"]

log = logging.getLogger(__name__)


def _tag_word(word: str) -> str:
    """An event's tag in the current language (a noun: "a play", "a call")."""
    nouns = {"Play": pgettext("event tag", "Play"), "Pass": pgettext("event tag", "Pass"),
             "Call": pgettext("event tag", "Call")}
    return nouns.get(word) or _(word)


# --------------------------------------------------------------------------- the widget

_BIG = "font-size:1.3em;margin:0.3em 0"
_CELL = "border:1px solid #bbb;padding:4px 10px;text-align:center"
#: A short coloured tag per kind of event (plain text: no emoji font needed on a projector).
#: Play, Pass and Call are nouns here (msgctxt "event tag", see _tag_word), verbs on buttons.
_TAGS = {"Played": ("Play", "#455a64"), "Passed": ("Pass", "#546e7a"),
         "CallMade": ("Call", "#b34700"), "Revealed": (N_("Turned over"), "#6a1b9a"),
         "PileTaken": (N_("Pile"), "#b00020"), "PalePenalty": (N_("Penalty"), "#b00020"),
         "WentOut": (N_("Out"), "#2e7d32"), "RoundOver": (N_("Round over"), "#2e7d32")}


def _cards_html(cards: Sequence[Card], width: int = 58) -> str:
    return ("<span style='display:inline-flex;gap:4px;vertical-align:middle'>"
            + "".join(card_svg(c, width=width) for c in cards) + "</span>")


class CallExplainer:
    """Build a Liar play and a call; see what the engine turns over, who takes the pile and
    why, who plays next and which rank is due (L9, L10, L12, L13, R-L5-R-L9).

    Controls: the number of players, who plays, the announced (due) rank, the
    cards already in the pile, the cards really put down (a palette with the
    Colorful ``*C`` and Pale ``*P`` Chroniclers), whether they are the player's
    last cards, and who calls.  Every value is read back and checked in
    Python; an impossible choice shows a message.

    >>> e = CallExplainer(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
    >>> e.result.taker, e.result.next_player
    (0, 1)
    >>> e.caller.value = NOBODY; e.result.taker is None, e.result.next_player
    (True, 1)
    >>> e.close()
    """

    def __init__(self, *, players: int = 3, claimant: int = 0, due_rank: Any = Rank.SEVEN,
                 cards: Any = "7H 9B", caller: int | None = 1, last_cards: bool = False,
                 pile_before: int = 3) -> None:
        if not isinstance(players, int) or not 2 <= players <= 8:
            raise ValueError(f"Liar has 2-8 players (L1, R-L2), not {players!r}")
        if not isinstance(claimant, int) or not 0 <= claimant < players:
            raise ValueError(f"the player who plays must be a seat 0-{players - 1}")
        caller = NOBODY if caller is None else caller
        if caller != NOBODY and caller not in window_order(players, claimant):
            raise ValueError(f"the caller must be another seat 0-{players - 1} or NOBODY")
        self.result: CallResolution | None = None
        self.error = ""
        self._players = players
        self._shown = 0                   # steps shown (the engine's events)
        self._all = True                  # show every step (else self._shown of them)
        self._quiet = True
        style = {"description_width": "9em"}
        self.players = ipw.IntSlider(value=players, min=2, max=8, description=_("Players"),
                                     style=style, layout=ipw.Layout(width="24em"))
        self.claimant = ipw.Dropdown(options=self._seat_options(players), value=claimant,
                                     description=_("Who plays"), style=style)
        self.due_rank = ipw.Dropdown(options=[(f"{r.plural_nominative} ({r.symbol})", r) for r in Rank],
                                     value=as_rank(due_rank), description=_("Announced (due)"),
                                     style=style)
        self.pile_before = ipw.IntSlider(value=pile_before, min=0, max=12,
                                         description=_("Pile before"), style=style,
                                         tooltip=_("Cards already lying in the pile"),
                                         layout=ipw.Layout(width="24em"))
        self.palette = CardPalette([*ORDINARY_CARDS, COLORFUL, PALE], max_total=4,
                                   max_copies=decks_for(players),
                                   title=_("The cards really put down (1-4)"),
                                   show_picked=False, on_change=lambda _p: self._render())
        label, cite = split_citation(_("These are the player's last cards (R-L9)"))
        self.last_cards = ipw.Checkbox(value=bool(last_cards), indent=False, description=label,
                                       layout=ipw.Layout(width="auto", margin="0 0 0 1em"))
        self.last_cards_rule = RulesHTML(cite, layout=ipw.Layout(margin="0 1.5em 0 0.3em",
                                                                align_self="center"))
        self.caller = ipw.Dropdown(options=self._caller_options(players, claimant), value=caller,
                                   description=_("Who calls “Liar!”"), style=style,
                                   layout=ipw.Layout(width="30em"))
        self.deck_note = RulesHTML()
        self.play_line = RulesHTML()
        self.steps = RulesHTML()
        self.outcome = RulesHTML()
        self.table = RulesHTML()
        controls = ipw.VBox([
            ipw.HBox([self.players, self.claimant, self.due_rank]),
            ipw.HBox([self.pile_before, self.caller]),
            ipw.HBox([self.last_cards, self.last_cards_rule, self.deck_note]),
        ])
        self.first_button = ipw.Button(description=_("◀◀ From the first step"),
                                       tooltip=_("Show the engine's steps one at a time"),
                                       layout=ipw.Layout(width="14em"))
        self.step_button = ipw.Button(description=_("Next step ▶"), button_style="primary",
                                      tooltip=_("Show the next step"), layout=ipw.Layout(width="10em"))
        self.all_button = ipw.Button(description=_("All steps ▶▶"), tooltip=_("Show every step"),
                                     layout=ipw.Layout(width="10em"))
        self.first_button.on_click(lambda _b: self.show_steps(1))
        self.step_button.on_click(lambda _b: self.show_steps(self._shown + 1))
        self.all_button.on_click(lambda _b: self.show_steps(None))
        self.stepper = ipw.HBox([self.first_button, self.step_button, self.all_button])
        self.widget = ipw.VBox([
            controls, self.palette.widget, self.play_line, self.stepper, self.steps,
            self.outcome, self.table,
        ], layout=ipw.Layout(max_width="1150px"))
        for w in (self.players, self.claimant, self.due_rank, self.pile_before,
                  self.last_cards, self.caller):
            w.observe(self._on_change, names="value")
        try:
            if cards:
                self.palette.set_picked(cards)
        finally:
            self._quiet = False
        self._render()

    # -- options ------------------------------------------------------------------
    @staticmethod
    def _seat_options(players: int) -> list[tuple[str, int]]:
        return [(_("Player {player}").format(player=p), p) for p in range(players)]

    @staticmethod
    def _caller_options(players: int, claimant: int) -> list[tuple[str, int]]:
        order = window_order(players, claimant)
        opts = [(_("Nobody: everyone lets it stand"), NOBODY)]
        for i, q in enumerate(order):
            when = _("asked first") if i == 0 else _("asked {n}.").format(n=i + 1)
            opts.append((_("Player {player} ({when})").format(player=q, when=when), q))
        return opts

    def _on_change(self, change) -> None:
        if self._quiet:
            return
        guarded(self._on_change_unsafe, show=self._fail_loud, where="call explainer",
                logger=log)(change)

    def _on_change_unsafe(self, change) -> None:
        owner = change["owner"]
        self._quiet = True
        try:
            if owner is self.players:
                n = self.players.value
                if not isinstance(n, int) or not 2 <= n <= 8:
                    self.players.value = self._players
                    return
                self._players = n
                keep = self.claimant.value if self.claimant.value in range(n) else 0
                self.claimant.options = self._seat_options(n)
                self.claimant.value = keep
                self.palette.set_limits(max_copies=decks_for(n))
            if owner in (self.players, self.claimant):
                n, c = self._players, self.claimant.value
                if not isinstance(c, int) or not 0 <= c < n:
                    c = 0
                    self.claimant.value = 0
                old = self.caller.value
                self.caller.options = self._caller_options(n, c)
                self.caller.value = old if old in window_order(n, c) else NOBODY
        finally:
            self._quiet = False
        self._render()

    def _read(self) -> dict[str, Any]:
        """The controls' values, checked (the browser could send anything)."""
        n = self.players.value
        if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 8:
            raise ValueError(_("Liar has 2-8 players (L1, R-L2)"))
        c = self.claimant.value
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < n:
            raise ValueError(_("pick who plays: a seat 0-{top}").format(top=n - 1))
        rank = self.due_rank.value
        if not isinstance(rank, Rank):
            raise ValueError(_("pick the announced rank"))
        caller = self.caller.value
        if caller != NOBODY and caller not in window_order(n, c):
            raise ValueError(_("pick who calls: another player, or nobody"))
        pile = self.pile_before.value
        if not isinstance(pile, int) or isinstance(pile, bool) or not 0 <= pile <= 12:
            raise ValueError(_("cards already in the pile: 0-12"))
        return dict(players=n, claimant=c, due_rank=rank, cards=self.palette.picked,
                    caller=caller, last_cards=bool(self.last_cards.value), pile_before=pile)

    # -- drawing --------------------------------------------------------------------
    def _render(self) -> None:
        if self._quiet:
            return
        guarded(self._render_unsafe, show=self._fail, where="call explainer",
                expected=(ValueError, CardgamesError), logger=log)()

    def _fail_loud(self, text: str) -> None:
        self._quiet = False
        self._fail(text)

    def _fail(self, text: str) -> None:
        self.result = None
        self.error = text
        self.play_line.value = (f"<div class='call-error' style='color:#b00020;{_BIG}'>"
                                f"{html.escape(text)}</div>")
        self.steps.value = self.outcome.value = self.table.value = ""
        self.step_button.disabled = self.all_button.disabled = True

    def _render_unsafe(self) -> None:
        opts = self._read()
        n = opts["players"]
        decks = decks_for(n)
        self.deck_note.value = (
            "<span style='color:#555'>"
            + (_("Deck: 2 decks (5-8 players) with both Chroniclers (R-L2)") if decks > 1 else
               _("Deck: 1 deck with both Chroniclers (R-L2)")) + "</span>")
        if not opts["cards"]:
            self._fail(_("Pick the 1-4 cards really put down (L7, R-L4)."))
            return
        r = resolve_call(**opts)
        self.result = r
        self.error = ""
        self._all = True
        self.play_line.value = (
            f"<div style='{_BIG}'>"
            + (_("Player {player} puts down {cards} <b>(their last cards)</b> and announces "
                 "“{claim}” (L7, R-L4).") if opts["last_cards"] else
               _("Player {player} puts down {cards} and announces “{claim}” (L7, R-L4).")).format(
                player=r.claimant, cards=_cards_html(r.cards),
                claim=announcement(len(r.cards), r.announced))
            + "</div><div style='color:#555'>"
            + (ngettext("Under it, the pile already holds {n} face-down card from earlier plays, "
                        "so this is not the first play of the round.",
                        "Under it, the pile already holds {n} face-down cards from earlier "
                        "plays, so this is not the first play of the round.",
                        opts["pile_before"]).format(n=opts["pile_before"])
               if opts["pile_before"] else _("The pile was empty: this play is the whole pile."))
            + "</div>")
        self._draw_steps()

    def show_steps(self, count: int | None) -> None:
        """Show the first ``count`` steps (clamped to 1 .. all), or all with ``None``."""
        if self.result is None:
            return
        total = len(self.result.steps)
        if count is None or not isinstance(count, int) or count >= total:
            self._all = True
        else:
            self._all = False
            self._shown = max(1, count)
        self._draw_steps()

    def _draw_steps(self) -> None:
        r = self.result
        if r is None:
            return
        total = len(r.steps)
        shown = total if self._all else min(self._shown, total)
        self._shown = shown
        self.step_button.disabled = self.all_button.disabled = shown >= total
        items = []
        for kind, text in list(zip(r.event_types, r.steps))[:shown]:
            extra = ""
            if kind == "Revealed":
                extra = ("<div style='margin:4px 0 4px 7em'>" + _cards_html(r.cards, 70)
                         + "</div>")
            word, colour = _TAGS.get(kind, ("", "#555"))
            tag = (f"<span style='display:inline-block;min-width:7em;color:{colour};"
                   f"font-weight:bold'>{_tag_word(word) if word else ''}</span>")
            items.append(f"<li class='call-step' data-kind='{kind}' style='margin:0.35em 0'>"
                         f"{tag}{html.escape(text)}{extra}</li>")
        more = ("" if shown >= total else
                "<div style='color:#555'>… "
                + ngettext("{n} more step: press <b>Next step ▶</b>.",
                           "{n} more steps: press <b>Next step ▶</b>.", total - shown).format(
                    n=total - shown) + "</div>")
        self.steps.value = ("<div style='font-size:1.15em'>"
                            + _("<b>Step by step</b> (the engine's log, step {shown} of "
                                "{total}):").format(shown=shown, total=total)
                            + "<ol style='margin-top:0.3em'>"
                            + "".join(items) + "</ol>" + more + "</div>")
        done = shown >= total
        self.outcome.value = self._outcome_html(r) if done else ""
        self.table.value = self._table_html(r) if done else ""

    @staticmethod
    def _outcome_html(r: CallResolution) -> str:
        lines = []
        if r.true is not None:
            lines.append(_("The play was turned over: it was <b style='color:#2e7d32'>true</b> "
                           "(R-L6).") if r.true else
                         _("The play was turned over: it was <b style='color:#b00020'>a lie</b> "
                           "(R-L6)."))
        if r.taker is not None:
            lines.append(ngettext("<b>Player {player} takes the pile</b> ({n} card).",
                                  "<b>Player {player} takes the pile</b> ({n} cards).",
                                  r.pile_taken).format(player=r.taker, n=r.pile_taken))
        else:
            lines.append(_("Nobody takes the pile: the play stands."))
        if r.winner is not None:
            lines.append(_("<b>Player {player} has gone out and wins the round</b> "
                           "(R-L9, L11).").format(player=r.winner))
        else:
            lines.append(_("<b>Next: player {player} plays</b>, announcing <b style='color:"
                           "#1565c0'>{rank}</b> (the rank moves on by one whatever happened, "
                           "R-L8).").format(player=r.next_player, rank=r.next_rank.plural))
        return ("<div class='call-outcome' style='font-size:1.3em;background:#f5f9ff;"
                "border-left:6px solid #1565c0;padding:0.4em 0.8em;margin:0.4em 0'>"
                + "<br>".join(lines) + "</div>")

    @staticmethod
    def _table_html(r: CallResolution) -> str:
        head = "".join(f"<th style='{_CELL}'>" + _("Player {player}").format(player=p) + "</th>"
                       for p in range(r.players))
        before = "".join(f"<td style='{_CELL}'>{k}</td>" for k in r.hands_before)
        after = "".join(
            f"<td style='{_CELL};{'font-weight:bold;background:#fff3e0' if a != b else ''}'>"
            f"{a}</td>" for a, b in zip(r.hands_after, r.hands_before))
        back = back_svg(width=22)
        return ("<table class='call-hands' style='border-collapse:collapse;font-size:1.1em'>"
                f"<tr><th style='{_CELL}'>{back} " + _("cards held") + f"</th>{head}</tr>"
                f"<tr><th style='{_CELL};text-align:left'>" + _("before the play")
                + f"</th>{before}</tr>"
                f"<tr><th style='{_CELL};text-align:left'>" + _("after")
                + f"</th>{after}</tr></table>")

    def close(self) -> None:
        self.palette.close()
        controls = self.widget.children[0]
        for w in (self.players, self.claimant, self.due_rank, self.pile_before, self.last_cards,
                  self.last_cards_rule, self.caller, self.deck_note, self.play_line, self.steps, self.outcome,
                  self.table, self.first_button, self.step_button, self.all_button,
                  self.stepper, *controls.children, controls, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

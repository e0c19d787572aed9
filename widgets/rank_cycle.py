"""The Rank cycle explainer (L4, L6, L8): which rank each seat must announce.

In Liar the announced rank goes round the cycle VII, VIII, IX, X, Unter,
Ober, King, Ace, VII, ... (L4): the first play announces sevens (L6) and each
play announces the next rank (L8), whoever makes it.  With ``players`` seats
playing in order from ``start``, turn ``t`` (1, 2, ...) is played by seat
``(start + t - 1) % players`` and announces ``Rank.SEVEN.advance(t - 1)``.

>>> [r.symbol for r in ranks_of_seat(0, players=4, start=0)]
['7', 'U']
>>> seat_on_turn(5, players=3, start=1), announced_rank(5).plural
(2, 'Unters')

After a call (L9, L10) who plays next can change, but the rank still moves on
by one (R-L8); the table assumes plays go round in order without calls.
"""

from __future__ import annotations

import html
import math

import ipywidgets as ipw

from cardgames.cards import Rank
from cardgames.i18n import gettext as _
from widgets.cardview import close_widget
from widgets.responsive import scroll_x
from widgets.rule_links import RulesHTML

__all__ = [
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "announced_rank",
    "seat_on_turn",
    "cycle_table",
    "ranks_of_seat",
    "next_announcements",
    "RankCycleExplainer",
]

#: Liar seats 2-4 players with one deck and up to 8 with two (L1, R-L2).
MIN_PLAYERS = 2
MAX_PLAYERS = 8
FIRST_RANK = Rank.SEVEN  # L6


def announced_rank(turn: int) -> Rank:
    """The rank announced on ``turn`` (1 is the first play): L6 then L8."""
    _check_turn(turn)
    return FIRST_RANK.advance(turn - 1)


def seat_on_turn(turn: int, *, players: int, start: int) -> int:
    """The seat that plays ``turn`` when play goes round in order from ``start``."""
    _check_players(players, start)
    _check_turn(turn)
    return (start + turn - 1) % players


def cycle_table(*, players: int, start: int, turns: int) -> list[list[Rank | None]]:
    """Seat x turn: ``table[seat][t - 1]`` is the rank that seat announces on turn
    ``t``, or ``None`` when another seat plays that turn."""
    _check_players(players, start)
    _check_turn(turns)
    table: list[list[Rank | None]] = [[None] * turns for _ in range(players)]
    for t in range(1, turns + 1):
        table[seat_on_turn(t, players=players, start=start)][t - 1] = announced_rank(t)
    return table


def ranks_of_seat(seat: int, *, players: int, start: int) -> list[Rank]:
    """Every rank ``seat`` will ever announce if play goes round in order, in the
    order it announces them.  With 4 players a seat meets only 2 of the 8 ranks:
    the rank moves on by ``players`` between two turns of the same seat, so a
    seat sees ``8 / gcd(8, players)`` ranks."""
    _check_players(players, start)
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0-{players - 1}, not {seat!r}")
    first_turn = (seat - start) % players + 1
    count = 8 // math.gcd(8, players)
    return [announced_rank(first_turn + k * players) for k in range(count)]


def next_announcements(turn: int, *, players: int, start: int) -> list[tuple[int, int, Rank]]:
    """From ``turn`` on, each seat's next turn: ``(seat, turn, rank)`` in seat order."""
    _check_players(players, start)
    _check_turn(turn)
    now = seat_on_turn(turn, players=players, start=start)
    out = []
    for seat in range(players):
        t = turn + (seat - now) % players
        out.append((seat, t, announced_rank(t)))
    return out


def _check_players(players: int, start: int) -> None:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Liar has {MIN_PLAYERS}-{MAX_PLAYERS} players (L1, R-L2), "
                         f"not {players!r}")
    if not isinstance(start, int) or not 0 <= start < players:
        raise ValueError(f"the starting seat must be 0-{players - 1}, not {start!r}")


def _check_turn(turn: int) -> None:
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        raise ValueError(f"turns are counted from 1, not {turn!r}")


_CELL = "border:1px solid #bbb;padding:4px 6px;text-align:center;min-width:2.2em"


class RankCycleExplainer:
    """Pick the number of players, the starting seat and a turn; see who plays,
    which rank they must announce, and the whole seat x turn table.

    ``widget`` is the box to display (the explainer also displays itself).
    All values are read back and checked in Python on every change (the
    browser could send anything).
    """

    def __init__(self, *, players: int = 4, start: int = 0, turns: int = 16) -> None:
        _check_players(players, start)
        if not isinstance(turns, int) or not 8 <= turns <= 40:
            raise ValueError(f"turns shown must be 8-40, not {turns!r}")
        self._turns = turns
        self._players = players
        self._start = start
        self._turn = 1
        self._quiet = False
        style = {"description_width": "9em"}
        wide = ipw.Layout(width="26em")
        self.players = ipw.IntSlider(value=players, min=MIN_PLAYERS, max=MAX_PLAYERS,
                                     description=_("Players"), style=style, layout=wide)
        self.start = ipw.Dropdown(options=list(range(players)), value=start,
                                  description=_("Starting seat"), style=style)
        self.turn = ipw.IntSlider(value=1, min=1, max=turns, description=_("Turn"),
                                  style=style, layout=wide)
        self.prev_button = ipw.Button(description=_("◀ Previous turn"), tooltip=_("Previous turn"))
        self.next_button = ipw.Button(description=_("Next turn ▶"), tooltip=_("Next turn"),
                                      button_style="primary")
        self.summary = RulesHTML()
        self.seats = RulesHTML()
        self.table = RulesHTML()
        self.widget = ipw.VBox([
            ipw.HBox([self.players, self.start]),
            ipw.HBox([self.turn, self.prev_button, self.next_button]),
            self.summary, self.seats, self.table,
        ])
        self.players.observe(self._on_players, names="value")
        self.start.observe(self._on_start, names="value")
        self.turn.observe(self._on_turn, names="value")
        self.prev_button.on_click(lambda _b: self.go(self._turn - 1))
        self.next_button.on_click(lambda _b: self.go(self._turn + 1))
        self._render()

    # -- the state Python owns ------------------------------------------------
    @property
    def state(self) -> tuple[int, int, int]:
        """``(players, start, turn)`` as Python last validated them."""
        return self._players, self._start, self._turn

    def go(self, turn: int) -> None:
        """Show ``turn`` (clamped to 1 .. the last turn of the table)."""
        self._turn = min(max(int(turn), 1), self._turns)
        if self.turn.value != self._turn:
            self.turn.value = self._turn  # observer re-renders
        else:
            self._render()

    def _on_players(self, change) -> None:
        value = change["new"]
        if not isinstance(value, int) or not MIN_PLAYERS <= value <= MAX_PLAYERS:
            self.players.value = self._players  # refuse what the slider may not send
            return
        self._players = value
        keep = min(self._start, value - 1)
        self._quiet = True  # changing the options resets the dropdown's value
        try:
            self.start.options = list(range(value))
            self.start.value = keep
        finally:
            self._quiet = False
        self._start = keep
        self._render()

    def _on_start(self, change) -> None:
        if self._quiet:
            return
        value = change["new"]
        if not isinstance(value, int) or not 0 <= value < self._players:
            return
        self._start = value
        self._render()

    def _on_turn(self, change) -> None:
        value = change["new"]
        if not isinstance(value, int) or not 1 <= value <= self._turns:
            self.turn.value = self._turn
            return
        self._turn = value
        self._render()

    # -- drawing ----------------------------------------------------------------
    def _render(self) -> None:
        n, start, turn = self._players, self._start, self._turn
        seat = seat_on_turn(turn, players=n, start=start)
        rank = announced_rank(turn)
        dealer = (start - 1) % n
        why = (_("L6: the first play announces sevens") if turn == 1 else
               _("L8: one rank on from turn {previous}'s {rank}").format(
                   previous=turn - 1, rank=announced_rank(turn - 1).plural_nominative))
        self.summary.value = (
            "<div style='font-size:1.3em;margin:0.4em 0'>"
            + _("Turn <b>{turn}</b>: seat <b>{seat}</b> puts 1-4 cards down and announces "
                "<b style='color:#1565c0'>{rank}</b>").format(
                turn=turn, seat=seat, rank=html.escape(rank.plural))
            + f" <span style='color:#555;font-size:0.8em'>({why}).</span></div>"
            "<div style='color:#555'>"
            + _("Seat {start} begins, the seat after the dealer (seat {dealer}) (L6, R-L1). "
                "After a call the next player can change (L10), but the rank still moves on "
                "by one (R-L8); this page assumes no calls.").format(start=start, dealer=dealer)
            + "</div>")
        rows = []
        for s, t, r in next_announcements(turn, players=n, start=start):
            when = _("now") if t == turn else _("turn {turn}").format(turn=t)
            ever = " ".join(x.symbol for x in ranks_of_seat(s, players=n, start=start))
            rows.append("<li>" + _("<b>Seat {seat}</b> ({when}): announces <b>{rank}</b>").format(
                seat=s, when=when, rank=html.escape(r.plural))
                + " <span style='color:#555'>— "
                + _("over the game this seat only ever announces: {ranks}").format(ranks=ever)
                + "</span></li>")
        note = ""
        if math.gcd(8, n) > 1:
            note = ("<div style='color:#555'>"
                    + _("With {n} players each seat meets only {k} of the 8 ranks: between two "
                        "turns of the same seat the rank moves on by {n} (L4, L8).").format(
                        n=n, k=8 // math.gcd(8, n))
                    + "</div>")
        self.seats.value = f"<ul style='font-size:1.1em'>{''.join(rows)}</ul>{note}"
        self.table.value = self._table_html()

    def _table_html(self) -> str:
        n, start, turn = self._players, self._start, self._turn
        table = cycle_table(players=n, start=start, turns=self._turns)
        head = "".join(
            f"<th style='{_CELL};{'background:#bbdefb' if t == turn else ''}'>{t}</th>"
            for t in range(1, self._turns + 1))
        body = []
        for s, row in enumerate(table):
            cells = []
            for t, r in enumerate(row, 1):
                bg = "#bbdefb" if t == turn else ("#f5f5f5" if r is None else "#fff")
                if r is None:
                    cells.append(f"<td style='{_CELL};background:{bg}'></td>")
                else:
                    weight = "bold" if t == turn else "normal"
                    cells.append(f"<td style='{_CELL};background:{bg};font-weight:{weight}' "
                                 f"title='{html.escape(r.plural_nominative)}'>{html.escape(r.symbol)}</td>")
            seat_label = _("Seat {seat}").format(seat=s)
            body.append(f"<tr><th style='{_CELL};text-align:left'>{seat_label}</th>"
                        f"{''.join(cells)}</tr>")
        turn_label = _("Turn")
        return scroll_x("<table class='rank-cycle' style='border-collapse:collapse;"
                        "font-size:1.1em;margin-top:0.5em'>"
                        f"<tr><th style='{_CELL};text-align:left'>{turn_label}</th>{head}</tr>"
                        f"{''.join(body)}</table>")

    def close(self) -> None:
        for w in (self.players, self.start, self.turn, self.prev_button, self.next_button,
                  self.summary, self.seats, self.table, *self.widget.children, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

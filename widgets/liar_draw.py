"""What the Liar table shows: its widgets (:class:`LiarLayout`) and their HTML.

The HTML comes from pure functions (no widget, no engine state): each takes the human's
``LiarView`` (and the public round outcome and match score) and returns the
HTML of one ``ipywidgets.HTML`` of :class:`~widgets.liar_table.LiarTable`.

>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
>>> "Pile: <b class='liar-pile-size'>0</b>" in pile_html(s.view(0), human=0)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw

from cardgames.liar import (
    BOTS,
    CallMade,
    LiarGame,
    LiarMatch,
    LiarOutcome,
    LiarView,
    PalePenalty,
    Passed,
    Phase,
    PileTaken,
    Revealed,
    RoundOver,
    WentOut,
)
from widgets.cardview import HandView
from widgets.responsive import scroll_x, style_widget
from widgets.table_base import BLUE, GREEN, GREY, RED, backs_html, cards_html, esc

__all__ = [
    "announcement",
    "event_style",
    "header_html",
    "pile_html",
    "result_html",
    "seats_html",
    "status_html",
]


#: The bot kind of a new match that repeats the bots given to the table.
AS_GIVEN = "as given"


class LiarLayout:
    """The widgets of the Liar table and their layout (no behaviour: the table wires the
    clicks)."""

    _autoplay: bool
    _card_width: int

    def _build_widgets(self, bots: tuple[Any, ...], decks: int, chroniclers: Any) -> None:
        big = ipw.Layout(width="auto", min_height="44px", height="auto")     # a touch target
        self.header = ipw.HTML()
        self.status = ipw.HTML()
        self.seats = ipw.HTML()
        self.pile = ipw.HTML()
        self.hand = HandView((), selectable=True, card_width=self._card_width,
                             title="Your hand")
        self.play_button = ipw.Button(description="Play", button_style="primary",
                                      tooltip="Put the picked cards down, announced as the "
                                              "due rank (L7, R-L4)", layout=big)
        self.call_button = ipw.Button(description="Call “Liar!”", button_style="danger",
                                      tooltip="Turn the last play over (L9)", layout=big)
        self.pass_button = ipw.Button(description="Let it stand", tooltip="Do not call (R-L5)",
                                      layout=big)
        self.step_button = ipw.Button(description="Next bot move", layout=big,
                                      tooltip="One bot makes one move")
        self.bots_button = ipw.Button(description="Let the bots play", layout=big,
                                      tooltip="The bots move until you must act")
        self.message = ipw.HTML()
        self.log = ipw.HTML()
        self.result = ipw.HTML()
        self.new_round_button = ipw.Button(description="New round", button_style="success",
                                           tooltip="Deal the next round; the dealer moves on "
                                                   "(R-L1)", layout=big)
        self.new_match_button = ipw.Button(description="New match", layout=big,
                                           tooltip="Start a new match with the options below")
        style = {"description_width": "initial"}
        kinds = list(BOTS)
        uniform = all(isinstance(b, str) for b in bots) and len(set(bots)) == 1
        if not uniform:
            kinds.append(AS_GIVEN)
        self.opt_bots = ipw.Dropdown(options=list(range(1, 8)), value=min(len(bots), 7),
                                     description="Bots", style=style,
                                     layout=ipw.Layout(width="8em", max_width="100%"))
        self.opt_kind = ipw.Dropdown(options=kinds, value=bots[0] if uniform else AS_GIVEN,
                                     description="Bot kind", style=style,
                                     layout=ipw.Layout(width="14em", max_width="100%"))
        ch = LiarGame(players=2, chroniclers=chroniclers).chroniclers if chroniclers else ()
        self.opt_chroniclers = ipw.Dropdown(options=["none", "both"],
                                            value="both" if ch else "none",
                                            description="Chroniclers", style=style,
                                            layout=ipw.Layout(width="13em", max_width="100%"))
        self.opt_decks = ipw.Dropdown(options=[1, 2], value=decks if decks in (1, 2) else 1,
                                      description="Decks", style=style,
                                      layout=ipw.Layout(width="8em", max_width="100%"))
        for b in (self.play_button, self.call_button, self.pass_button, self.step_button,
                  self.bots_button, self.new_round_button, self.new_match_button):
            b.style.font_size = "1.1em"     # readable on a projector
            b.style.font_weight = "bold"
        actions = [self.play_button, self.call_button, self.pass_button]
        if not self._autoplay:
            actions += [self.step_button, self.bots_button]
        self.actions = ipw.HBox(actions, layout=ipw.Layout(flex_flow="row wrap", margin="4px 0"))
        self.options = ipw.HBox(
            [ipw.HTML("<b style='font-size:1.05em'>Next match:</b>"), self.opt_bots,
             self.opt_kind, self.opt_chroniclers, self.opt_decks],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center", margin="4px 0"))
        self.controls = ipw.HBox([self.new_round_button, self.new_match_button],
                                 layout=ipw.Layout(flex_flow="row wrap", margin="4px 0"))
        # side by side on a laptop; one under the other on a tablet or a phone, each as
        # wide as the screen (min_width 0: a flex item may narrow below its content)
        left = ipw.VBox([self.status, self.hand.widget, self.actions, self.message],
                        layout=ipw.Layout(flex="3 1 560px", min_width="0", max_width="100%"))
        right = ipw.VBox([self.seats, self.pile],
                         layout=ipw.Layout(flex="2 1 360px", min_width="0", max_width="100%"))
        self.table_row = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap",
                                                                   align_items="flex-start"))
        self.widget = ipw.VBox([style_widget(), self.header, self.table_row, self.result,
                                self.log, self.controls, self.options],
                               layout=ipw.Layout(max_width="min(1400px, 100%)"))
        self.widget.add_class("liar-table")


def announcement(count: int, rank: Any) -> str:
    """The words of an announcement: '1 King', '3 sevens' (L7, R-L4).

    >>> from cardgames.cards import Rank
    >>> announcement(1, Rank.KING), announcement(3, Rank.SEVEN)
    ('1 King', '3 sevens')
    """
    plural = rank.plural
    return f"{count} {plural[:-1] if count == 1 else plural}"


_ann = announcement


def event_style(e: Any, human: int) -> str:
    """The colour (and weight) of an event in the log."""
    color = RED if isinstance(e, (CallMade, PalePenalty)) else (
        GREEN if isinstance(e, (WentOut, RoundOver)) else (
            "#6d4c41" if isinstance(e, (Revealed, PileTaken)) else (
                GREY if isinstance(e, Passed) else "inherit")))
    return f"color:{color};"


def header_html(v: LiarView, *, round_no: int, rounds: int | None) -> str:
    """The title: round, players, decks, Chroniclers, dealer, cards put aside (R-L3)."""
    total = "" if rounds is None else f" of {rounds}"
    ch = ", Chroniclers" if v.chroniclers else ""
    return (
        "<div style='font-size:1.6em;font-weight:bold;margin:2px 0'>Liar — round "
        f"{round_no}{total}</div>"
        f"<div style='color:{GREY};font-size:1.05em'>{v.players} players, "
        f"{v.decks} deck{'s' if v.decks > 1 else ''}{ch}; dealer: player {v.dealer}; "
        f"{v.put_aside_count} card{'s' if v.put_aside_count != 1 else ''} put aside "
        "unseen (L5, R-L3).</div>")


def status_html(v: LiarView, out: LiarOutcome | None, *, human: int, stopped: bool) -> str:
    """Whose move it is and what to do, in one line."""
    if stopped:
        text, color = "The table stopped: a bot failed (see below).", RED
    elif v.is_over:
        who = ("nobody went out" if out is None or out.winner is None else
               "you win the round!" if out.winner == human else
               f"player {out.winner} wins the round")
        text, color = f"Round over: {who} (L11)", GREEN
    elif v.current_player == human and v.phase is Phase.PLAY:
        text = ("Your turn: put down 1–4 cards announced as "
                f"<u>{esc(v.due_rank.plural)}</u> (L7, L8).")
        color = BLUE
    elif v.current_player == human:
        c = v.claim
        assert c is not None
        text = (f"Player {c.player} announced “{esc(_ann(c.count, c.announced))}”. "
                "Call “Liar!” or let it stand? (L9, R-L5)")
        color = RED
    else:
        what = "to play" if v.phase is Phase.PLAY else "to call or let it stand"
        text = (f"Player {v.current_player} is {what}: press Next bot move or "
                "Let the bots play.")
        color = GREY
    return (f"<div class='liar-status' style='font-size:1.45em;color:{color};"
            f"margin:6px 0;font-weight:600'>{text}</div>")


def seats_html(v: LiarView, *, human: int, names: Sequence[str], scores: Sequence[int]) -> str:
    """Every seat: name, dealer, cards held (backs for the others), match score."""
    rows = []
    cell = "padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:middle"
    for p in range(v.players):
        turn = p == v.current_player
        bg = "background:#e3f2fd;" if turn else ""
        mark = "▶" if turn else ""
        dealer = (" <span title='dealer' style='border:1px solid #999;border-radius:50%;"
                  "padding:0 5px;font-size:0.8em'>D</span>" if p == v.dealer else "")
        n = v.hand_sizes[p]
        backs = backs_html(n, 22, most=12) if p != human else ""
        weight = "font-weight:bold;" if p == human else ""
        rows.append(
            f"<tr style='{bg}'><td style='{cell};color:{BLUE}'>{mark}</td>"
            f"<td style='{cell};{weight}'>{esc(names[p])}{dealer}</td>"
            f"<td style='{cell};text-align:right'><b>{n}</b></td>"
            f"<td style='{cell}'>{backs}</td>"
            f"<td style='{cell};text-align:right'>{scores[p]}</td></tr>")
    head = ("<tr><th></th><th style='text-align:left;padding:4px 8px'>Player</th>"
            "<th style='padding:4px 8px'>Cards</th><th></th>"
            "<th style='padding:4px 8px'>Score</th></tr>")
    return scroll_x(f"<table class='liar-seats' style='border-collapse:collapse;"
                    f"font-size:1.1em;margin:4px 0'>{head}{''.join(rows)}</table>")


def pile_html(v: LiarView, *, human: int) -> str:
    """The pile as backs, the play under the call window, your own cards in it (R-L11)
    and the last play turned over (R-L6)."""
    plays = len(v.pile)
    parts = [
        f"<div style='font-size:1.2em;margin:6px 0 2px'>Pile: <b class='liar-pile-size'>"
        f"{v.pile_size}</b> card{'s' if v.pile_size != 1 else ''} face down in {plays} "
        f"play{'s' if plays != 1 else ''}"
        + ("" if v.is_over else f" · due rank: <b style='color:{BLUE}'>"
           f"{esc(v.due_rank.plural)}</b>") + "</div>",
        f"<div style='min-height:70px'>{backs_html(v.pile_size, 44, most=16, overlap=0.7)}"
        + ("" if v.pile_size else f"<span style='color:{GREY}'>(the pile is empty)</span>")
        + "</div>",
    ]
    if v.claim is not None:
        c = v.claim
        who = "your" if c.player == human else f"player {c.player}'s"
        parts.append(f"<div style='font-size:1.1em'>Under the call window: {who} play "
                     f"{c.number}, announced “{esc(_ann(c.count, c.announced))}”.</div>")
    mine = [r for r in v.pile if r.cards is not None]
    if mine:   # R-L11: you know the cards you put down yourself
        items = "".join(
            f"<div style='margin:2px 0'>play {r.number} (“{esc(_ann(r.count, r.announced))}"
            f"”): {cards_html(r.cards or (), 30)}</div>" for r in mine)
        parts.append(f"<div style='color:{GREY};margin-top:4px'>Your cards in the pile:"
                     f"{items}</div>")
    last = next((e for e in reversed(v.events) if isinstance(e, Revealed)), None)
    if last is not None:
        verdict = (f"<b style='color:{GREEN}'>true</b>" if last.true else
                   f"<b style='color:{RED}'>a lie</b>")
        parts.append(f"<div style='margin-top:6px;font-size:1.05em'>Last turned over: "
                     f"player {last.player}'s play {last.number}, announced "
                     f"“{esc(_ann(len(last.cards), last.announced))}” — {verdict} (R-L6)"
                     f"<div>{cards_html(last.cards, 48)}</div></div>")
    return "".join(parts)


def result_html(v: LiarView, out: LiarOutcome | None, match: LiarMatch, *, human: int,
                names: Sequence[str]) -> str:
    """Places, cards held and points of the round (R-L10) and the match score."""
    if out is None:
        return ""
    cell = "padding:4px 10px;border:1px solid #ccc;text-align:center"
    rows = []
    for p in sorted(range(v.players), key=lambda q: (out.places[q], q)):
        bold = "font-weight:bold;" if p == human else ""
        rows.append(f"<tr style='{bold}'><td style='{cell};text-align:left'>"
                    f"{esc(names[p])}</td><td style='{cell}'>{out.places[p]}</td>"
                    f"<td style='{cell}'>{out.cards_held[p]}</td>"
                    f"<td style='{cell}'>+{out.points[p]}</td>"
                    f"<td style='{cell}'>{match.scores[p]}</td></tr>")
    head = "".join(f"<th style='{cell}'>{h}</th>" for h in
                   ("Player", "Place", "Cards held", "Points", "Match score"))
    played = len(match.results)
    if match.is_over():
        best = match.winners()
        names = " and ".join("you" if p == human else f"player {p}" for p in best)
        tail = (f"<div style='font-size:1.3em;color:{GREEN};margin-top:4px'>"
                f"Match over after {played} rounds: {esc(names)} "
                f"win{'s' if len(best) == 1 and best[0] != human else ''} the match "
                "(R-L10). Press New match to play again.</div>")
    else:
        tail = (f"<div style='color:{GREY};margin-top:4px'>Round {played} done; press "
                "New round for the next deal (the dealer moves on, R-L1).</div>")
    return (
        "<div class='liar-result' style='margin:8px 0;padding:8px;border:2px solid "
        f"{GREEN};border-radius:6px;background:#f1f8e9'><div style='font-size:1.3em;"
        "font-weight:bold'>Round result (places and points, R-L10)</div>"
        + scroll_x(f"<table style='border-collapse:collapse;font-size:1.1em;margin-top:4px'>"
                   f"<tr>{head}</tr>{''.join(rows)}</table>") + f"{tail}</div>")

"""What the Liar table shows: its widgets (:class:`LiarLayout`) and their HTML.

The HTML comes from pure functions (no widget, no engine state): each takes the human's
``LiarView`` (and the public round outcome and match score) and returns the
HTML of one ``ipywidgets.HTML`` of :class:`~widgets.tables.liar_table.LiarTable`.

>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
>>> "Pile: <b class='liar-pile-size'>0</b>" in pile_html(s.view(0), human=0)
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as ipw

from cardgames import registry
from cardgames.i18n import N_, get_language, ngettext, pgettext
from cardgames.i18n import gettext as _
from cardgames.liar import (
    CallMade,
    LiarGame,
    LiarView,
    PalePenalty,
    Passed,
    Phase,
    PileTaken,
    Revealed,
    RoundOver,
    WentOut,
)
from widgets.kit.cardview import HandView
from widgets.kit.responsive import scroll_x, style_widget
from widgets.kit.rule_links import RulesHTML, RulesLogHTML
from widgets.tables.table_base import BLUE, GREEN, GREY, RED, bot_label, esc
from widgets.tables.table_base import backs_html as _backs_html
from widgets.tables.table_base import cards_html as _cards_html

#: 2-8 players (R-L2, with the most decks): the human and 1-7 bots (the registry's limit).
MAX_BOTS = max(most for _fewest, most in registry.get("liar").players.values()) - 1


@functools.lru_cache(maxsize=512)
def _cached(kind: str, what: Any, width: int, most: int, overlap: float, lang: str) -> str:
    if kind == "backs":
        return _backs_html(what, width, most=most, overlap=overlap)
    return _cards_html(what, width)


def backs_html(count: int, width: int, *, most: int, overlap: float = 0.55) -> str:
    """:func:`widgets.kit.table_html.backs_html`, kept (a redraw of the table draws the
    same backs again: a card's drawing is a few kB of SVG); per language (its title)."""
    return _cached("backs", count, width, most, overlap, get_language())


def cards_html(cards: Sequence[Any], width: int) -> str:
    """:func:`widgets.kit.table_html.cards_html`, kept as :func:`backs_html` is."""
    return _cached("cards", tuple(cards), width, 0, 0.0, get_language())

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
_AS_GIVEN_LABEL = N_("as given")


class LiarLayout:
    """The widgets of the Liar table and their layout (no behaviour: the table wires the
    clicks)."""

    _autoplay: bool
    _card_width: int

    def _build_widgets(self, bots: tuple[Any, ...], decks: int, chroniclers: Any) -> None:
        big = ipw.Layout(width="auto", min_height="44px", height="auto")     # a touch target
        self.header = RulesHTML()
        self.status = RulesHTML()
        self.seats = RulesHTML()
        self.pile = RulesHTML()
        self.hand = HandView((), selectable=True, card_width=self._card_width,
                             title=_("Your hand"))
        self.hand.scroll_on_phones()
        self.step_button = ipw.Button(description=_("Next bot move"), layout=big,
                                      tooltip=_("One bot makes one move"))
        self.bots_button = ipw.Button(description=_("Let the bots play"), layout=big,
                                      tooltip=_("The bots move until you must act"))
        self.message = RulesHTML()
        self.log = RulesLogHTML()
        self.result = RulesHTML()
        self.new_round_button = ipw.Button(description=_("New round"), button_style="success",
                                           tooltip=_("Deal the next round; the dealer moves on "
                                                     "(R-L1)"), layout=big)
        self.new_match_button = ipw.Button(description=_("New match"), layout=big,
                                           tooltip=_("Start a new match with the options below"))
        style = {"description_width": "initial"}
        kinds = [(bot_label(k), k) for k in registry.get("liar").bot_names]
        uniform = all(isinstance(b, str) for b in bots) and len(set(bots)) == 1
        if not uniform:
            kinds.append((_(_AS_GIVEN_LABEL), AS_GIVEN))
        self.opt_bots = ipw.Dropdown(options=list(range(1, MAX_BOTS + 1)), value=min(len(bots), MAX_BOTS),
                                     description=_("Bots"), style=style,
                                     layout=ipw.Layout(width="8em", max_width="100%"))
        self.opt_kind = ipw.Dropdown(options=kinds, value=bots[0] if uniform else AS_GIVEN,
                                     description=_("Bot kind"), style=style,
                                     layout=ipw.Layout(width="14em", max_width="100%"))
        ch = LiarGame(players=2, chroniclers=chroniclers).chroniclers if chroniclers else ()
        self.opt_chroniclers = ipw.Dropdown(options=[(_("none"), "none"), (_("both"), "both")],
                                            value="both" if ch else "none",
                                            description=_("Chroniclers"), style=style,
                                            layout=ipw.Layout(width="13em", max_width="100%"))
        self.opt_decks = ipw.Dropdown(options=[1, 2], value=decks if decks in (1, 2) else 1,
                                      description=_("Decks"), style=style,
                                      layout=ipw.Layout(width="8em", max_width="100%"))
        for b in (self.step_button, self.bots_button, self.new_round_button,
                  self.new_match_button):
            _bold(b)
        self.actions = ipw.HBox([], layout=ipw.Layout(flex_flow="row wrap", margin="4px 0"))
        self.options = ipw.HBox(
            [ipw.HTML("<b style='font-size:1.05em'>" + esc(_("Next match:")) + "</b>"),
             self.opt_bots,
             self.opt_kind, self.opt_chroniclers, self.opt_decks],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center", margin="4px 0"))
        self.controls = ipw.HBox([self.new_round_button, self.new_match_button],
                                 layout=ipw.Layout(flex_flow="row wrap", margin="4px 0"))
        # side by side on a laptop; one under the other on a tablet or a phone, each as
        # wide as the screen (min_width 0: a flex item may narrow below its content)
        self.status.add_class("cg-status")
        self.hand.widget.add_class("cg-own-hand")
        self.actions.add_class("cg-actions")
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


    def _decision_buttons(self) -> dict[str, ipw.Button]:
        """Fresh Play, Call and Let-it-stand buttons, disabled (each with its own Layout: the
        table makes them again for every decision of the seat and closes the old ones)."""
        def big() -> ipw.Layout:
            return ipw.Layout(width="auto", min_height="44px", height="auto")  # a touch target
        return {
            "play": _bold(ipw.Button(description=_("Pick cards to play"), button_style="primary",
                                     tooltip=_("Put the picked cards down, announced as the "
                                               "due rank (L7, R-L4)"), layout=big(),
                                     disabled=True)),
            "call": _bold(ipw.Button(description=_("Call “Liar!”"), button_style="danger",
                                     tooltip=_("Turn the last play over (L9)"), layout=big(),
                                     disabled=True)),
            "pass": _bold(ipw.Button(description=_("Let it stand"),
                                     tooltip=_("Do not call (R-L5)"), layout=big(),
                                     disabled=True)),
        }

    def _place_decisions(self, buttons: dict[Any, ipw.Button]) -> None:
        self.play_button, self.call_button = buttons["play"], buttons["call"]
        self.pass_button = buttons["pass"]
        actions = list(buttons.values())
        if not self._autoplay:
            actions += [self.step_button, self.bots_button]
        self.actions.children = actions


def _bold(b: ipw.Button) -> ipw.Button:
    b.style.font_size = "1.1em"     # readable on a projector
    b.style.font_weight = "bold"
    return b


def announcement(count: int, rank: Any) -> str:
    """The words of an announcement: '1 King', '3 sevens' (L7, R-L4).

    >>> from cardgames.cards import Rank
    >>> announcement(1, Rank.KING), announcement(3, Rank.SEVEN)
    ('1 King', '3 sevens')
    """
    return str(rank.count(count))


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
    title = (_("Liar — round {round}").format(round=round_no) if rounds is None else
             _("Liar — round {round} of {rounds}").format(round=round_no, rounds=rounds))
    parts = [ngettext("{n} player", "{n} players", v.players).format(n=v.players),
             ngettext("{n} deck", "{n} decks", v.decks).format(n=v.decks)]
    if v.chroniclers:
        parts.append(_("Chroniclers"))
    line = _("{setup}; dealer: player {dealer}; {aside} (L5, R-L3).").format(
        setup=", ".join(parts), dealer=v.dealer,
        aside=ngettext("{n} card put aside unseen", "{n} cards put aside unseen",
                       v.put_aside_count).format(n=v.put_aside_count))
    return (
        f"<div style='font-size:1.6em;font-weight:bold;margin:2px 0'>{esc(title)}</div>"
        f"<div style='color:{GREY};font-size:1.05em'>{esc(line)}</div>")


def status_html(v: LiarView, out: Any, *, human: int, stopped: bool,
                online: tuple[str, bool] | None = None) -> str:
    """Whose move it is and what to do, in one line.  ``online``: at an online table
    (issue 21) the player to act, named as the log names them ("Player 3 (Marko)"),
    and whether a bot plays that seat: there are no bot buttons there, so the line says
    whom the table waits for (another student) or that the bot plays."""
    if stopped:
        text, color = esc(_("The table stopped: a bot failed (see below).")), RED
    elif v.is_over:
        text = esc(_("Round over: nobody went out (L11)") if out is None or out.winner is None
                   else _("Round over: you win the round! (L11)") if out.winner == human
                   else _("Round over: player {player} wins the round (L11)").format(
                       player=out.winner))
        color = GREEN
    elif v.current_player == human and v.phase is Phase.PLAY:
        text = esc(_("Your turn: put down 1–4 cards announced as {rank} (L7, L8).")).format(
            rank=f"<u>{esc(v.due_rank.plural)}</u>")
        color = BLUE
    elif v.current_player == human:
        c = v.claim
        assert c is not None
        text = esc(_("Player {player} announced “{claim}”. Call “Liar!” or let it stand? "
                     "(L9, R-L5)").format(player=c.player, claim=_ann(c.count, c.announced)))
        color = RED
    elif online is not None:
        who, bot = online
        text = esc(_("{player} is playing (the table service plays the bots).") if bot
                   else _("Waiting for {player} to play.") if v.phase is Phase.PLAY
                   else _("Waiting for {player} to call or let it stand.")).format(
                       player=esc(who))
        color = GREY
    else:
        text = esc((_("Player {player} is to play: press Next bot move or Let the bots play.")
                    if v.phase is Phase.PLAY else
                    _("Player {player} is to call or let it stand: press Next bot move or Let "
                      "the bots play.")).format(player=v.current_player))
        color = GREY
    return (f"<div class='liar-status' style='font-size:1.45em;color:{color};"
            f"margin:6px 0;font-weight:600'>{text}</div>")


def seat_label_html(label: str) -> str:
    """A seat's label that wraps only between its parts on a phone (375 px): before a
    "(" and after a "·", the seat's part ("(player 2)", "Player 1 ·") kept on one line,
    a student's name free to wrap.  Escaped (a name is whatever a student typed).

    >>> seat_label_html("You (player 2)")
    "You <span style='white-space:nowrap'>(player 2)</span>"
    >>> seat_label_html("Player 1 · <b>x</b>")
    "<span style='white-space:nowrap'>Player 1 ·</span> &lt;b&gt;x&lt;/b&gt;"
    """
    parts = re.split(r"(?<=·) | (?=\()", label)
    return " ".join(f"<span style='white-space:nowrap'>{esc(p)}</span>"
                    if p.startswith("(") or p.endswith("·") else esc(p) for p in parts)


def seats_html(v: LiarView, *, human: int, names: Sequence[str], scores: Sequence[int]) -> str:
    """Every seat: name, dealer, cards held (backs for the others), match score."""
    rows = []
    cell = "padding:4px 8px;border-bottom:1px solid #ddd;vertical-align:middle"
    dealer_word = esc(_("dealer"))
    # the badge's letter: D (djelitelj, dealer), G (Geber); screen readers hear the word
    badge = esc(pgettext("dealer badge: one letter", "D"))
    for p in range(v.players):
        turn = p == v.current_player
        bg = "background:#e3f2fd;" if turn else ""
        mark = "▶" if turn else ""
        dealer = (f" <span class='dealer-badge' title='{dealer_word}' role='img' "
                  f"aria-label='{dealer_word}' style='border:1px solid #999;border-radius:50%;"
                  f"padding:0 5px;font-size:0.8em'>{badge}</span>" if p == v.dealer else "")
        n = v.hand_sizes[p]
        backs = backs_html(n, 22, most=12) if p != human else ""
        weight = "font-weight:bold;" if p == human else ""
        rows.append(
            f"<tr style='{bg}'><td style='{cell};color:{BLUE}'>{mark}</td>"
            f"<td class='liar-seat-name' style='{cell};{weight}'>{seat_label_html(names[p])}"
            f"{dealer}</td>"
            f"<td style='{cell};text-align:right'><b>{n}</b></td>"
            # the backs take what is left and are cut there (the count is beside them):
            # every column, the score too, fits a phone (issue 29)
            f"<td style='{cell};width:100%;max-width:0;overflow:hidden;white-space:nowrap'>"
            f"{backs}</td>"
            f"<td style='{cell};text-align:right'>{scores[p]}</td></tr>")
    player, cards, score = esc(_("Player")), esc(_("Cards")), esc(_("Score"))
    head = (f"<tr><th></th><th style='text-align:left;padding:4px 8px'>{player}</th>"
            f"<th style='padding:4px 8px'>{cards}</th><th></th>"
            f"<th style='padding:4px 8px'>{score}</th></tr>")
    return scroll_x(f"<table class='liar-seats' style='border-collapse:collapse;"
                    f"font-size:1.1em;margin:4px 0;width:100%'>{head}{''.join(rows)}</table>")


def pile_html(v: LiarView, *, human: int) -> str:
    """The pile as backs, the play under the call window, your own cards in it (R-L11)
    and the last play turned over (R-L6)."""
    plays = len(v.pile)
    cards = esc(ngettext("Pile: {n} card face down", "Pile: {n} cards face down",
                         v.pile_size)).format(n=f"<b class='liar-pile-size'>{v.pile_size}</b>")
    in_plays = esc(ngettext("in {n} play", "in {n} plays", plays).format(n=plays))
    due = ("" if v.is_over else " · " + esc(_("due rank: {rank}")).format(
        rank=f"<b style='color:{BLUE}'>{esc(v.due_rank.plural_nominative)}</b>"))
    empty = esc(_("(the pile is empty)"))
    parts = [
        f"<div style='font-size:1.2em;margin:6px 0 2px'>{cards} {in_plays}{due}</div>",
        f"<div style='min-height:70px'>{backs_html(v.pile_size, 44, most=16, overlap=0.7)}"
        + ("" if v.pile_size else f"<span style='color:{GREY}'>{empty}</span>")
        + "</div>",
    ]
    if v.claim is not None:
        c = v.claim
        under = (_("Under the call window: your play {number}, announced “{claim}”.")
                 if c.player == human else
                 _("Under the call window: player {player}'s play {number}, announced "
                   "“{claim}”.")).format(player=c.player, number=c.number,
                                         claim=_ann(c.count, c.announced))
        parts.append(f"<div style='font-size:1.1em'>{esc(under)}</div>")
    mine = [r for r in v.pile if r.cards is not None]
    if mine:   # R-L11: you know the cards you put down yourself
        items = "".join(
            "<div style='margin:2px 0'>"
            + esc(_("play {number} (“{claim}”):").format(number=r.number,
                                                        claim=_ann(r.count, r.announced)))
            + f" {cards_html(r.cards or (), 30)}</div>" for r in mine)
        yours = esc(_("Your cards in the pile:"))
        parts.append(f"<div style='color:{GREY};margin-top:4px'>{yours}{items}</div>")
    last = next((e for e in reversed(v.events) if isinstance(e, Revealed)), None)
    if last is not None:
        verdict = (f"<b style='color:{GREEN}'>" + esc(_("true")) + "</b>" if last.true else
                   f"<b style='color:{RED}'>" + esc(_("a lie")) + "</b>")
        said = esc(_("Last turned over: player {player}'s play {number}, announced “{claim}” "
                     "— {verdict} (R-L6)").format(
                         player=last.player, number=last.number, verdict="{verdict}",
                         claim=_ann(len(last.cards), last.announced))).format(verdict=verdict)
        parts.append(f"<div style='margin-top:6px;font-size:1.05em'>{said}"
                     f"<div>{cards_html(last.cards, 48)}</div></div>")
    return "".join(parts)


def result_html(v: LiarView, out: Any, *, scores: Sequence[int], played: int,
                match_over: bool, winners: Sequence[int] = (), human: int,
                names: Sequence[str]) -> str:
    """Places, cards held and points of the round (R-L10) and the match score.

    ``out``: the round's result (``places``, ``cards_held``, ``points``: the engine's
    ``RoundOver`` event and the match points it gave), or ``None`` while the round goes
    on; ``scores``: the match points so far, after ``played`` rounds.
    """
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
                    f"<td style='{cell}'>{scores[p]}</td></tr>")
    head = "".join(f"<th style='{cell}'>{h}</th>" for h in
                   (esc(_(h)) for h in (N_("Player"), N_("Place"), N_("Cards held"),
                                        N_("Points"), N_("Match score"))))
    if match_over:
        best = tuple(winners)           # the session's: the most points (R-L10)
        if tuple(best) == (human,):
            who = _("you win the match (R-L10).")
        elif len(best) == 1:
            who = _("player {player} wins the match (R-L10).")
        else:
            who = _("{players} share the win (R-L10).")
        together = _(" and ").join(_("you") if p == human else
                                   _("player {player}").format(player=p) for p in best)
        line = (ngettext("Match over after {n} round", "Match over after {n} rounds", played)
                .format(n=played) + ": " + who.format(player=best[0], players=together))
        tail = (f"<div style='font-size:1.3em;color:{GREEN};margin-top:4px'>"
                + esc(line + " " + _("Press New match to play again.")) + "</div>")
    else:
        tail = (f"<div style='color:{GREY};margin-top:4px'>"
                + esc(_("Round {n} done; press New round for the next deal (the dealer moves "
                        "on, R-L1).").format(n=played)) + "</div>")
    title = esc(_("Round result (places and points, R-L10)"))
    return (
        "<div class='liar-result' style='margin:8px 0;padding:8px;border:2px solid "
        f"{GREEN};border-radius:6px;background:#f1f8e9'><div style='font-size:1.3em;"
        f"font-weight:bold'>{title}</div>"
        + scroll_x(f"<table style='border-collapse:collapse;font-size:1.1em;margin-top:4px'>"
                   f"<tr>{head}</tr>{''.join(rows)}</table>") + f"{tail}</div>")

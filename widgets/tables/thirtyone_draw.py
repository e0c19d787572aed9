"""What the Thirty-One table shows: its widgets (:class:`ThirtyOneLayout`) and their HTML.

The HTML comes from pure functions (no widget, no engine state): each takes what the player may
know (``ThirtyOneView`` of the human, R-T9, and the public events of a deal)
and returns HTML for one ``ipywidgets.HTML`` of
:class:`~widgets.tables.thirtyone_table.ThirtyOneTable`.  ``name(seat)`` is how the
table names a seat ("player 2", "player 0 (you)").

>>> hearts(2, False).count("♥")
2
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as ipw

from cardgames import registry
from cardgames.cards import Card, format_cards
from cardgames.i18n import N_, format_number, ngettext, pgettext
from cardgames.i18n import gettext as _
from cardgames.thirtyone import (
    DealResult,
    Event,
    Exchange,
    Keep,
    MatchOver,
    Pass,
    Phase,
    Reveal,
    Scored,
    Stand,
    SwapAll,
    SwapOne,
    ThreeAces,
    explain,
    score,
)
from widgets.kit.responsive import scroll_x, style_widget
from widgets.kit.rule_links import RulesHTML, RulesLogHTML, split_citation
from widgets.tables.table_base import bot_label, cards_html

__all__ = [
    "BIG",
    "MUTED",
    "PHASES",
    "header_html",
    "hearts",
    "me_html",
    "opponents_html",
    "preview_html",
    "prompt_html",
    "result_html",
    "status_html",
]

#: 2-9 players (T1): the human and 1-8 bots (the registry's limit, not a copy of it).
MAX_BOTS = registry.get("thirty-one").players_range()[1] - 1
CARD_W = 96      # your hand and the table
SMALL_W = 54     # the other players' cards
RESULT_W = 60    # hands in the deal result
BIG = "font-size:1.15em"
MUTED = "color:#555"

PHASES = {
    Phase.EXCHANGE: N_("the dealer keeps or exchanges (T4, R-T1)"),
    Phase.PLAY: N_("play: swap one, swap all, pass or reveal (T5-T9)"),
    Phase.FINAL: N_("final turns after a reveal (T10, R-T6)"),
    Phase.OVER: N_("the match is over (R-T8)"),
}

Namer = Callable[[int | None], str]


def _plain_button(text: str, tip: str, style: str = "", *, decision: bool = False) -> ipw.Button:
    """A button; a ``decision`` one is made disabled and hidden (the drawing of a view that
    lets the seat decide shows it)."""
    b = ipw.Button(description=text, tooltip=tip, button_style=style, disabled=decision,
                   layout=ipw.Layout(width="auto", min_height="44px", height="auto",
                                     margin="2px 6px 2px 0",
                                     display="none" if decision else None))  # a touch target
    b.style.font_weight = "bold"
    return b


_button = _plain_button


class ThirtyOneLayout:
    """The widgets of the Thirty-One table and their layout (no behaviour: the table wires
    the clicks).  ``kinds`` are the bot names offered for a new match."""

    kinds: Sequence[str] = ()
    _autoplay: bool

    def _decision_buttons(self) -> dict[Any, ipw.Button]:
        """Fresh decision buttons, by action class, and *Next deal* (``"next"``), disabled
        and hidden: the table makes them again for every decision of the seat and closes
        the old ones (one click, one decision)."""
        _button = functools.partial(_plain_button, decision=True)
        return {
            Keep: _button(_("Keep my cards"), _("T4: keep your 3 cards"), "primary"),
            Exchange: _button(_("Exchange with the table"),
                              _("T4: take the 3 table cards, put yours in the middle"), "warning"),
            SwapOne: _button(_("Swap"), _("T6: swap the picked hand card for the picked table "
                                          "card"), "primary"),
            SwapAll: _button(_("Swap all"), _("T7, R-T4: all 3 cards for the table's 3")),
            Pass: _button(pgettext("Thirty-One action", "Pass"),
                          _("T8: swap nothing (not twice in a row, R-T5)")),
            Reveal: _button(_("Reveal"), _("T9: show your hand; the others get one final turn"),
                            "danger"),
            Stand: _button(_("Stand"), _("T10, R-T6: keep your hand and be revealed")),
            "next": _button(_("Next deal ▶"), _("Go on to the next deal"), "success"),
        }

    def _place_decisions(self, buttons: dict[Any, ipw.Button]) -> None:
        self.action_buttons = {k: b for k, b in buttons.items() if k != "next"}
        self.keep_button, self.exchange_button = buttons[Keep], buttons[Exchange]
        self.swap_button, self.swap_all_button = buttons[SwapOne], buttons[SwapAll]
        self.pass_button, self.reveal_button = buttons[Pass], buttons[Reveal]
        self.stand_button, self.next_deal_button = buttons[Stand], buttons["next"]
        self.actions_row.children = list(self.action_buttons.values())
        self.flow_row.children = [self.bot_step_button, self.bots_play_button,
                                  self.next_deal_button]

    def _build_widgets(self, bots: list[Any], chronicler: bool, lives: int) -> None:
        self.header = RulesHTML()
        self.status = RulesHTML()
        self.prompt = RulesHTML()
        self.opponents = RulesHTML()
        self.me = RulesHTML()
        self.table_box = ipw.VBox([])
        self.hand_box = ipw.VBox([])
        self.swap_preview = RulesHTML()

        self.bot_step_button = _button(_("Next bot move ▶"),
                                      _("Let the player to move make one move"), "info")
        self.bots_play_button = _button(_("Let the bots play ▶▶"),
                                       _("The bots move one by one until it is your turn"),
                                       "info")
        self.actions_row = ipw.HBox([], layout=ipw.Layout(flex_flow="row wrap"))
        self.flow_row = ipw.HBox([], layout=ipw.Layout(flex_flow="row wrap"))
        self.message = RulesHTML()
        self.result = RulesHTML()
        self.log = RulesLogHTML(layout=ipw.Layout(max_height="560px", overflow="auto",
                                              border="1px solid #ccc", padding="2px 8px"))

        # settings for a new match
        style = {"description_width": "initial"}
        self.bots_count = ipw.Dropdown(options=list(range(1, MAX_BOTS + 1)),
                                       value=len(bots), description=_("Bots"), style=style,
                                       layout=ipw.Layout(width="8em", max_width="100%"))
        kinds = [(bot_label(k), k) for k in self.kinds]
        first = bots[0] if isinstance(bots[0], str) else None
        if any(not isinstance(b, str) for b in bots) or len(set(map(str, bots))) > 1:
            kinds.append((_("as given"), "as given"))
            first = "as given"
        self.bot_kind = ipw.Dropdown(options=kinds, value=first, description=_("kind"),
                                     style=style, layout=ipw.Layout(width="13em", max_width="100%"))
        label, cite = split_citation(_("with the Chronicler (T2)"))
        self.joker = ipw.Checkbox(value=chronicler, description=label, indent=False,
                                  layout=ipw.Layout(width="auto", max_width="100%"))
        self.joker_rule = RulesHTML(cite, layout=ipw.Layout(margin="0 1em 0 0.3em", align_self="center"))
        self.lives_choice = ipw.Dropdown(options=list(range(6)) if lives <= 5 else
                                         list(range(lives + 1)),
                                         value=lives, description=_("lives"), style=style,
                                         layout=ipw.Layout(width="8em", max_width="100%"))
        self.new_match_button = _button(_("New match"), _("Start a new match with these settings"),
                                       "warning")
        self.step_choice = ipw.Checkbox(value=not self._autoplay, indent=False,
                                        description=_("step by step (the bots wait for a click)"),
                                        layout=ipw.Layout(width="auto", max_width="100%"))
        self.settings_row = ipw.HBox(
            [self.bots_count, self.bot_kind, self.joker, self.joker_rule, self.lives_choice,
             self.new_match_button, self.step_choice],
            layout=ipw.Layout(flex_flow="row wrap", align_items="center",
                              border_top="1px solid #ddd", margin="10px 0 0 0",
                              padding="6px 0 0 0"))

        self.log_title = ipw.HTML("<b style='font-size:1.1em'>" + html.escape(_("What happened"))
                                  + "</b>")
        # your own cards and your buttons first, the others' face-down cards after them
        # (a phone's first screen, issue 29)
        # what to do first (whose turn), your cards and your buttons, then the details:
        # the dealer and the phase, your lives, the others' face-down cards
        self.prompt.add_class("cg-status")
        self.hand_box.add_class("cg-own-hand")
        self.table_box.add_class("cg-small-cards")
        self.actions_row.add_class("cg-actions")
        left = ipw.VBox([self.result, self.table_box, self.hand_box, self.swap_preview,
                         self.actions_row, self.flow_row, self.message, self.me,
                         self.status, self.opponents],
                        layout=ipw.Layout(flex="1 1 640px", min_width="0", max_width="100%"))
        # beside the table on a laptop, under it on a tablet or a phone (min_width 0: a
        # flex item may narrow below its content)
        right = ipw.VBox([self.log_title, self.log],
                         layout=ipw.Layout(flex="1 1 420px", min_width="0", max_width="100%",
                                           margin="0 0 0 16px"))
        self.body = ipw.HBox([left, right], layout=ipw.Layout(flex_flow="row wrap"))
        self.widget = ipw.VBox([style_widget(), self.header, self.prompt,
                                self.body, self.settings_row],
                               layout=ipw.Layout(padding="4px", max_width="100%"))
        self.widget.add_class("thirty-one-table")


def hearts(lives: int, out: bool) -> str:
    """A seat's lives as hearts (R-T8), or *out*."""
    if out:
        return "<span style='color:#555'>" + html.escape(_("out")) + "</span>"
    count = ngettext("{n} life", "{n} lives", lives).format(n=lives)
    title = html.escape(_("lives"))
    return (f"<span title='{title}' style='color:#c62828;letter-spacing:1px'>"
            f"{'♥' * lives}</span> <span style='{MUTED}'>{html.escape(count)}</span>")


def header_html(match: int, deal: int, players: int) -> str:
    title = html.escape(_("Thirty-One"))
    sub = html.escape(_("match {match} · deal {deal}").format(match=match, deal=deal) + " · "
                      + ngettext("{n} player", "{n} players", players).format(n=players))
    return ("<div class='cg-table-title' style='font-size:1.5em;font-weight:bold;margin:2px 0'>"
            f"{title} <span style='font-weight:normal;{MUTED};font-size:0.75em'>· "
            f"{sub}</span></div>")


def status_html(v: Any, name: Namer, *, paused_deal: int | None) -> str:
    """Dealer, phase and who is to move; nothing while a deal's result is on show (the
    prompt says the deal is over: one line, not two)."""
    if paused_deal is not None:
        return ""
    line = html.escape(_("Dealer: {dealer} · Phase: {phase} · To move: {player}")).format(
        dealer=f"<b>{html.escape(name(v.dealer))}</b>",
        phase="<b>" + html.escape(_(PHASES[v.phase])) + "</b>",
        player=f"<b>{html.escape(name(v.current_player))}</b>")
    return f"<div style='{BIG}'>{line}</div>"


def _tag(text: str, style: str) -> str:
    return f"<span style='{style}'>{html.escape(text)}</span>"


_DEALER = "background:#ffe082;padding:0 4px;border-radius:3px"


def opponents_html(v: Any, human: int, kinds: Mapping[int, str], *, paused: bool,
                   people: Mapping[int, str] | None = None,
                   names: Mapping[int, str] | None = None) -> str:
    """The other players: name, bot kind (or ``people``'s name: another student at an online
    table; or ``names``: every seat as the online table's log names it, issue 21), lives,
    dealer, turn, pass, their cards as backs (or revealed, T9)."""
    boxes = []
    small = SMALL_W if v.players <= 5 else 44     # 8 opponents still fit a projector
    for seat in range(v.players):
        if seat == human:
            continue
        turn = not paused and v.current_player == seat
        border = "3px solid #1565c0" if turn else "1px solid #bbb"
        tags = []
        if v.dealer == seat and not paused:
            tags.append(_tag(_("dealer"), _DEALER))
        if turn:
            tags.append(_tag(_("to move"), "background:#bbdefb;padding:0 4px;border-radius:3px"))
        if v.passed[seat] and not paused and not v.out[seat]:
            tags.append(_tag(_("passed last turn"), "color:#555;margin-left:4px"))
        if paused or v.out[seat]:
            cards = ""          # the result shows the hands
        elif v.revealed[seat] is not None:
            cards = cards_html(v.revealed[seat], small)
            tags.append(_tag(_("revealed"), "color:#6a1b9a"))
        else:
            cards = cards_html([None] * 3, small)
        kind = kinds.get(seat)
        who = html.escape(_("Player {player}").format(player=seat))
        what = html.escape(_("({kind} bot)").format(kind=bot_label(kind)) if kind else _("(bot)"))
        if names and seat in names:
            what = html.escape(f"({names[seat]})")
        elif people and seat in people:
            what = html.escape(f"({people[seat]})")
        boxes.append(
            f"<div style='border:{border};border-radius:8px;padding:4px 8px;"
            f"margin:0 8px 8px 0;background:#fafafa;min-width:min(190px, 100%)'>"
            f"<div style='{BIG}'><b>{who}</b> <span style='{MUTED}'>{what}</span></div>"
            f"<div>{hearts(v.lives[seat], v.out[seat])} {' '.join(tags)}</div>"
            f"<div>{cards}</div></div>")
    return "<div style='display:flex;flex-wrap:wrap'>" + "".join(boxes) + "</div>"


def me_html(v: Any, human: int, *, paused: bool) -> str:
    """Your seat: lives, dealer, revealed, passed, and what your hand scores (T11)."""
    tags = []
    if v.dealer == human and not paused:
        tags.append(_tag(_("you deal"), _DEALER))
    if v.revealed[human] is not None and not paused:
        tags.append(_tag(_("revealed"), "color:#6a1b9a"))
    if v.passed[human] and not paused and not v.out[human]:
        tags.append(_tag(_("you passed last turn: no pass now (R-T5)"), "color:#555"))
    line = ""
    if v.hand and not paused:
        line = html.escape(_("Your hand scores {score}: {why}")).format(
            score=f"<b>{format_number(score(v.hand))}</b>", why=html.escape(explain(v.hand)))
    you = html.escape(_("You (player {player})").format(player=human))
    return (f"<div style='{BIG}'><b>{you}</b> "
            f"{hearts(v.lives[human], v.out[human])} {' '.join(tags)}</div>"
            f"<div style='{BIG}'>{line}</div>")


def prompt_html(v: Any, name: Namer, *, pending: int, over: bool, my_turn: bool,
                out: bool, stopped: bool, online: tuple[str, bool] | None = None) -> str:
    """What to do now, in one line (``pending``: finished deals on show).  ``online``: at
    an online table (no bot buttons there, issue 21) the player to move, named as the log
    names them, and whether a bot plays that seat."""
    if stopped:
        text = _("The table stopped: a bot failed (see the message below).")
    elif pending:
        text = (_("The deal is over: see the hands below, then press “Next deal ▶”.")
                if not (pending == 1 and over) else
                _("The match is over. Change the settings below if you like and press "
                  "“New match”."))
    elif my_turn:
        if v.phase is Phase.EXCHANGE:
            text = _("You deal: keep your cards or exchange all 3 for the table's 3 "
                     "(T4, R-T1).")
        elif v.phase is Phase.FINAL:
            text = _("{player} revealed: your final turn (T10, R-T6). Swap one (pick a card "
                     "of your hand and a table card) or swap all — only if you then hold at "
                     "least 21 — or stand.").format(player=name(v.revealer).capitalize())
        elif v.passed[v.player]:       # no Pass button now: the prompt says why (R-T5)
            text = _("Your turn: pick a card of your hand and a table card and press "
                     "“Swap”, or swap all or reveal — not pass: you passed on your last "
                     "turn (T8, R-T5).")
        else:
            text = _("Your turn: pick a card of your hand and a table card and press "
                     "“Swap”, or swap all, pass or reveal (T5-T9).")
        text = "▶ " + text
    elif online is not None:
        who, bot = online
        text = (_("{player} is playing (the table service plays the bots).") if bot else
                _("Waiting for {player} to play.")).format(player=who)
    elif out:
        text = _("You are out (R-T8). Watch the bots: press “Let the bots play ▶▶”.")
    else:
        text = _("{player} is to move: press “Next bot move ▶” to see one move, or “Let the "
                 "bots play ▶▶” to go on until your turn.").format(
                     player=name(v.current_player).capitalize())
    color = "#0d47a1" if my_turn else "#333"
    weight = "bold" if my_turn else "normal"
    return (f"<div class='cg-prompt' style='font-size:1.25em;color:{color};"
            f"font-weight:{weight};margin:4px 0 8px 0'>{html.escape(text)}</div>")


def preview_html(hand: Sequence[Card], h: Card, t: Card) -> str:
    """What swapping your ``h`` for the table's ``t`` would give (your own cards only)."""
    after = [t if c == h else c for c in hand]
    text = html.escape(_("After swapping {mine} for {table} your hand {hand} would score "
                         "{score}.").format(mine=h, table=t, hand=format_cards(after),
                                            score="{score}"))
    return (f"<div style='{BIG}'>"
            f"{text.format(score=f'<b>{format_number(score(after))}</b>')}</div>")


def result_html(result: DealResult, events: Sequence[Event], human: int, name: Namer) -> str:
    """A finished deal: the scored hands and why (T11, R-T2), who lost a life or went
    out (T13, R-T8), three Aces (T14, R-T7) and, at the end, the match's winners.

    Who lost is the engine's :class:`~cardgames.thirtyone.events.DealResult` (``losers``,
    ``went_out``, ``lives``); the hands are the deal's public ``Scored`` / ``ThreeAces``
    events (``events``: the deal's log, :func:`~cardgames.thirtyone.events.deal_log`).
    """
    rows = []
    match_over: MatchOver | None = None
    for e in events:
        if isinstance(e, Scored):
            rows.append((e.player, e.hand, format_number(e.score), e.explanation))
        elif isinstance(e, ThreeAces):
            rows.append((e.player, e.hand, "33", explain(e.hand)))
        elif isinstance(e, MatchOver):
            match_over = e
    lost: dict[int, str] = {}
    for p in result.losers:
        lost[p] = (html.escape(_("loses with 0 lives: {out} (R-T8)")).format(
                       out="<b>" + html.escape(_("out")) + "</b>") if p in result.went_out else
                   html.escape(ngettext("loses a life ({n} left)", "loses a life ({n} left)",
                                        result.lives[p]).format(n=result.lives[p])))
    trs = []
    for seat, hand, pts, why in rows:
        low = seat in lost
        bg = "#ffebee" if low else "#f1f8e9"
        note = f"<br><span style='color:#b00020'>{lost[seat]}</span>" if low else ""
        trs.append(
            f"<tr style='background:{bg}'><td style='padding:4px 8px;{BIG}'>"
            f"<b>{html.escape(name(seat))}</b></td>"
            f"<td style='padding:4px'>{cards_html(hand, RESULT_W)}</td>"
            f"<td style='padding:4px 8px;font-size:1.4em;font-weight:bold'>{pts}</td>"
            f"<td style='padding:4px 8px'>{html.escape(why)}{note}</td></tr>")
    scored = {r[0] for r in rows}
    others = [p for p in sorted(lost) if p not in scored]
    extra = ""
    if others:
        extra = f"<div style='{BIG}'>" + "; ".join(
            f"{html.escape(name(p))} {lost[p]}" for p in others) + "</div>"
    if result.three_aces is not None:
        why = html.escape(_("{player} holds three Aces: every other player loses a life "
                            "(T14, R-T7).").format(player=name(result.three_aces).capitalize()))
    else:
        why = html.escape(_("The lowest score loses a life (T13); ties all lose one."))
    banner = ""
    if match_over is not None:
        winners = match_over.winners
        you = human in winners
        if you and len(winners) == 1:
            headline = _("🏆 You win the match!")
        else:
            names = _(" and ").join(name(p) for p in winners)
            names = names[0].upper() + names[1:]
            headline = (_("{players} win the match") if len(winners) > 1 else
                        _("{player} wins the match")).format(players=names, player=names)
        banner = (f"<div style='font-size:1.6em;font-weight:bold;margin:8px 0;"
                  f"color:{'#1b5e20' if you else '#4a148c'}'>{html.escape(headline)}</div>"
                  f"<div style='{MUTED}'>{html.escape(_(match_over.reason))}</div>")
    title = html.escape(_("Deal {deal}: result").format(deal=result.deal))
    return (
        f"<div style='border:2px solid #8d6e63;border-radius:8px;padding:6px 10px;"
        f"margin:6px 0;background:#fffdf6'>"
        f"<div style='font-size:1.3em;font-weight:bold'>{title}</div>"
        f"<div style='{MUTED}'>{why}</div>"
        + scroll_x(f"<table style='border-collapse:collapse;margin:6px 0'>{''.join(trs)}"
                   "</table>")
        + f"{extra}{banner}</div>")

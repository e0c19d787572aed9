"""The HTML pieces and the words the two play tables share (no widget state, no engine
state): colours, card drawings in a row, face-down cards, a bot kind's name, and what a
player reads when the engine refuses an action (:func:`refusal_text`, worded from the
error's fields, never from its message).

>>> from cardgames.errors import IllegalActionError
>>> e = IllegalActionError("player 0 cannot pass: the raw text", player=0, action="pass",
...                        rule="R-T5", reason="you passed on your last turn")
>>> refusal_text(e)
'You cannot “pass” now: you passed on your last turn (R-T5).'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

from cardgames.cards import Card
from cardgames.errors import ActionParseError, CardgamesError, IllegalActionError
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.naming import bot_label
from cardgames.render import back_svg, card_svg
from widgets.kit.cardview import HandView

__all__ = ["BLUE", "CLICK_FAILED", "GREEN", "GREY", "HIGHLIGHT", "RED", "backs_html",
           "bot_label", "cards_html", "esc", "log_list", "refusal_text", "show_cards"]

RED = "#b00020"
BLUE = "#1565c0"
GREEN = "#2e7d32"
GREY = "#555"
#: The background of the log entries since your last move.
HIGHLIGHT = "#fff3c4"

#: Shown when a click fails for a reason that is not the player's (the details go to the log).
CLICK_FAILED = N_("Something went wrong at the table; it was not your move that caused it. "
                  "The details are in the Python log.")


def esc(text: object) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))


def cards_html(cards: Sequence[Card | None], width: float) -> str:
    """Face-up drawings of ``cards`` in a row (``None``: a back, the same for every card)."""
    parts = [back_svg(width=width) if c is None else card_svg(c, width=width) for c in cards]
    return ("<span style='display:inline-flex;gap:4px;align-items:flex-end'>"
            + "".join(f"<span>{p}</span>" for p in parts) + "</span>")


def backs_html(count: int, width: int, *, most: int, overlap: float = 0.55) -> str:
    """``count`` face-down cards (the same drawing for every card), overlapping."""
    shown = min(count, most)
    step = -int(width * overlap)
    back = back_svg(width=width)
    parts = [f"<span style='display:inline-block;margin-left:{0 if i == 0 else step}px'>"
             f"{back}</span>" for i in range(shown)]
    more = (f"<span style='margin-left:6px;color:{GREY}'>+{count - shown}</span>"
            if count > shown else "")
    return f"<span style='white-space:nowrap'>{''.join(parts)}{more}</span>"


def refusal_text(err: CardgamesError, *, rule_words: Mapping[str, str] | None = None,
                 show_legal: bool = True) -> str:
    """What a player reads when the engine refuses their action: worded from the
    error's fields, never from its message (which may name what the player may not know).

    ``reason`` is the engine's short phrase; without one, ``rule_words[rule]``
    (the table's own words for the rule).  ``legal`` is added when
    ``show_legal`` (only when it describes the player's own options).

    >>> from cardgames.errors import IllegalActionError
    >>> e = IllegalActionError("x", player=0, action="play 7H", rule="R-L4")
    >>> refusal_text(e, rule_words={"R-L4": "a play is 1-4 cards"})
    'You cannot “play 7H” now: a play is 1-4 cards (R-L4).'
    >>> refusal_text(ValueError("secret"))   # not an engine refusal: a fixed line
    'That is not possible now.'
    """
    if isinstance(err, ActionParseError):
        return _("That move could not be read.")
    if not isinstance(err, IllegalActionError):
        return _("That is not possible now.")
    rule = err.rule or ""
    words = (rule_words or {}).get(rule)
    reason = err.reason or (_(words) if words else None)
    action = {"action": err.action}
    if reason and rule:
        text = (_("You cannot “{action}” now: {reason} ({rule}).") if err.action is not None
                else _("You cannot do that now: {reason} ({rule}).")).format(
                    **action, reason=reason, rule=rule)
    elif reason:
        text = (_("You cannot “{action}” now: {reason}.") if err.action is not None
                else _("You cannot do that now: {reason}.")).format(**action, reason=reason)
    elif rule:
        text = (_("You cannot “{action}” now ({rule}).") if err.action is not None
                else _("You cannot do that now ({rule}).")).format(**action, rule=rule)
    else:
        text = (_("You cannot “{action}” now.") if err.action is not None
                else _("You cannot do that now.")).format(**action)
    if show_legal and err.legal:
        text += " " + _("Legal now: {legal}.").format(legal=err.legal)
    return text


def show_cards(view: HandView, cards: Sequence[Card], *, force: bool = False) -> bool:
    """Redraw ``view`` with ``cards`` only if they changed (new card widgets, the old
    ones closed; the selection is cleared).  True if it was redrawn."""
    if not force and tuple(view.cards) == tuple(cards):
        return False
    view.set_cards(cards)
    return True


def log_list(items: Iterable[tuple[str, str, bool]], *, css_class: str, newest_first: bool,
             empty: str | None = None) -> str:
    """An ``<ol>`` of ``(html, style, new)`` items, the new ones highlighted (a table's
    event log).

    >>> log_list([("a", "", False), ("b", "", True)], css_class="x", newest_first=True)[:24]
    "<ol reversed class='x' s"
    """
    lis = [f"<li style='{style}{f'background:{HIGHLIGHT};' if new else ''}"
           f"padding:1px 4px'>{text}</li>" for text, style, new in items]
    if newest_first:
        lis.reverse()
    if empty is None:
        empty = _("No moves yet.")
    body = "".join(lis) or f"<li style='color:{GREY}'>{esc(empty)}</li>"
    rev = " reversed" if newest_first else ""
    return (f"<ol{rev} class='{css_class}' style='margin:4px 0;padding-left:2.2em'>"
            f"{body}</ol>")

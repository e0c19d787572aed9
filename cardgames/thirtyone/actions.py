"""Thirty-One actions: small frozen dataclasses with ``parse``/``str`` pairs.

=================  ===================  ==========================================
action             text                 when
=================  ===================  ==========================================
``Keep()``         ``keep``             dealer, before the first turn (T4, R-T1)
``Exchange()``     ``exchange``         dealer takes the 3 table cards (T4, R-T1)
``SwapOne(h, t)``  ``swap 7H AB``       hand card ``h`` for table card ``t`` (T6, T10)
``SwapAll()``      ``swap all``         whole hand for the table (T7, R-T4, T10)
``Pass()``         ``pass``             nothing; not twice in a row (T8, R-T5)
``Reveal()``       ``reveal``/``knock``  show the hand, others get a final turn (T9)
``Stand()``        ``stand``            final turn without a swap (T10, R-T6)
=================  ===================  ==========================================

>>> parse_action("swap 7h ab")
SwapOne(hand_card=Card.parse('7H'), table_card=Card.parse('AB'))
>>> str(parse_action("knock")), str(SwapOne("7H", "AB"))
('reveal', 'swap 7H AB')
>>> parse_action("swap all") == SwapAll()
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from cardgames.cards import CHRONICLER, Card, parse_card
from cardgames.errors import ActionParseError, CardParseError
from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = [
    "ThirtyOneAction",
    "Keep",
    "Exchange",
    "SwapOne",
    "SwapAll",
    "Pass",
    "Reveal",
    "Stand",
    "parse_action",
    "swap_one",
    "ACTION_FORMS",
    "SWAP_TABLE",
]

ACTION_FORMS = N_("keep, exchange, swap <hand card> <table card> (e.g. 'swap 7H AB'), "
                   "swap all, pass, reveal (or knock), stand")


class ThirtyOneAction:
    """Base class of the Thirty-One actions; :meth:`parse` reads the text form.

    ``ThirtyOneAction.parse`` reads any action; ``Keep.parse``, ``SwapOne.parse``
    ... also check that the text is that kind of action.

    >>> ThirtyOneAction.parse("swap all"), isinstance(Keep(), ThirtyOneAction)
    (SwapAll(), True)
    >>> Keep.parse("pass")
    Traceback (most recent call last):
    ...
    cardgames.errors.ActionParseError: 'pass' is not a Keep action (write 'keep')
    """

    __slots__ = ()
    text: ClassVar[str] = ""

    @classmethod
    def parse(cls, text: str) -> ThirtyOneAction:
        """Read an action from its text form (see :func:`parse_action`)."""
        action = parse_action(text)
        if not isinstance(action, cls):
            what = (_("a {kind} action").format(kind=cls.__name__) if cls.text
                    else _("a swap of one card"))
            form = repr(cls.text) if cls.text else _("e.g. 'swap 7H AB'")
            raise ActionParseError(_("{text!r} is not {what} (write {form})").format(
                                       text=text, what=what, form=form), action=text,
                                   reason=_("not {what}").format(what=what), legal=form)
        return action


class _Simple(ThirtyOneAction):
    """Shared behaviour of the actions without arguments."""

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Keep(_Simple):
    """The dealer keeps their cards (T4, R-T1)."""

    text: ClassVar[str] = "keep"


@dataclass(frozen=True)
class Exchange(_Simple):
    """The dealer exchanges their 3 cards for the 3 table cards (T4, R-T1)."""

    text: ClassVar[str] = "exchange"


@dataclass(frozen=True)
class SwapAll(_Simple):
    """Swap all 3 hand cards for the 3 table cards (T7; legal if the table scores >= 21, R-T4)."""

    text: ClassVar[str] = "swap all"


@dataclass(frozen=True)
class Pass(_Simple):
    """Swap nothing (T8); refused after a pass on one's previous turn (R-T5)."""

    text: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Reveal(_Simple):
    """Show the hand (T9); every other player then gets one final turn (T10, R-T6)."""

    text: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class Stand(_Simple):
    """A final turn without a swap: the hand is revealed as it is (T10, R-T6)."""

    text: ClassVar[str] = "stand"


@dataclass(frozen=True, slots=True)
class SwapOne(ThirtyOneAction):
    """Exchange one hand card for one table card (T6; in a final turn T10, R-T6).

    The cards may be given as text: ``SwapOne("7H", "AB")``.

    >>> SwapOne.parse("swap 10l *")
    SwapOne(hand_card=Card.parse('10L'), table_card=Card.parse('*'))
    >>> SwapOne("10L", "*C") == SwapOne("10L", "*")      # any form is the Chronicler (T12)
    True
    """

    hand_card: Card
    table_card: Card

    def __post_init__(self) -> None:
        for name in ("hand_card", "table_card"):
            value = getattr(self, name)
            if isinstance(value, str):
                try:
                    value = parse_card(value)
                except CardParseError as e:
                    raise ActionParseError(f"SwapOne {name}: {e}", action=value,
                                           reason=str(e), legal=_(ACTION_FORMS)) from None
            elif not isinstance(value, Card):
                raise ActionParseError(_("SwapOne {name} must be a card, not {value!r}").format(
                                           name=name, value=value),
                                       action=value,
                                       reason=_("{name} is not a card").format(name=name),
                                       legal=_(ACTION_FORMS))
            if value.is_chronicler:          # *, *C, *P: all the one Chronicler (T12)
                value = CHRONICLER
            object.__setattr__(self, name, value)

    def __str__(self) -> str:
        return f"swap {self.hand_card} {self.table_card}"


_SIMPLE: dict[str, ThirtyOneAction] = {
    "keep": Keep(), "exchange": Exchange(), "swap all": SwapAll(), "swapall": SwapAll(),
    "pass": Pass(), "reveal": Reveal(), "knock": Reveal(), "stand": Stand(),
}
_SWAP_RE = re.compile(r"^swap(?:\s+one)?\s+(\S+)\s+(?:for\s+)?(\S+)$")
#: ``SWAP_TABLE[hand_card.code * 35 + table_card.code]``: the shared SwapOne, or None until made
SWAP_TABLE: list[SwapOne | None] = [None] * (35 * 35)


def swap_one(hand_card: Card, table_card: Card) -> SwapOne:
    """The (shared, cached) ``SwapOne`` action for two cards: fast for engines and bots."""
    key = hand_card.code * 35 + table_card.code
    action = SWAP_TABLE[key]
    if action is None:
        action = SWAP_TABLE[key] = SwapOne(hand_card, table_card)
    return action


def parse_action(text: str | ThirtyOneAction) -> ThirtyOneAction:
    """Read an action written as text, any letter case (an action is returned as is).

    >>> parse_action("Swap One 7H for AB"), parse_action("PASS")
    (SwapOne(hand_card=Card.parse('7H'), table_card=Card.parse('AB')), Pass())
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    cardgames.errors.ActionParseError: not a Thirty-One action: 'fold'; write one of keep, exchange, swap <hand card> <table card> (e.g. 'swap 7H AB'), swap all, pass, reveal (or knock), stand
    """
    if isinstance(text, ThirtyOneAction):
        return text
    if not isinstance(text, str):
        raise ActionParseError(_("not a Thirty-One action: {text!r}; write one of {forms}")
                               .format(text=text, forms=_(ACTION_FORMS)),
                               action=text, reason=_("not a Thirty-One action"),
                               legal=_(ACTION_FORMS))
    key = " ".join(text.strip().lower().split())
    action = _SIMPLE.get(key)
    if action is not None:
        return action
    m = _SWAP_RE.match(key)
    if m is not None:
        try:
            return swap_one(parse_card(m.group(1)), parse_card(m.group(2)))
        except CardParseError as e:
            raise ActionParseError(_("cannot read {text!r}: {error}").format(text=text, error=e),
                                   action=text, reason=str(e), legal=_(ACTION_FORMS)) from None
    raise ActionParseError(_("not a Thirty-One action: {text!r}; write one of {forms}").format(
                               text=text, forms=_(ACTION_FORMS)),
                           action=text, reason=_("not a Thirty-One action"),
                           legal=_(ACTION_FORMS))

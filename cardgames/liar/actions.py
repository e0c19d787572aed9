"""Liar actions: put cards down (:class:`Play`), shout "Liar!" (:class:`Call`), let it stand (:class:`Pass`).

The announcement is forced (R-L4): the count is the number of cards and the
rank is the one due, so a play is only *which* cards.  A play is a multiset:
the cards are kept sorted (by suit, then rank, as ``Card`` orders them),
so ``Play("7B 7H") == Play("7H 7B")``.

Text forms (``str`` and :meth:`LiarAction.parse` are inverse)::

    play 7H 7B      put 7H and 7B down (announced as "2 <due rank>")
    call            call the last play a lie ("Liar!", L9); ``liar`` also works
    pass            let the last play stand (R-L5)

>>> LiarAction.parse("play 7h, 7b")
Play('7H 7B')
>>> str(Play("7B 7H")), str(Call()), str(LiarAction.parse("Liar!"))
('play 7H 7B', 'call', 'call')
>>> LiarAction.parse("pass") == Pass()
True
>>> LiarAction.parse("fold")
Traceback (most recent call last):
...
cardgames.errors.ActionParseError: not a Liar action: 'fold'; write 'play 7H 7B' (1-4 of your cards, L7/R-L4), 'call' (L9) or 'pass' (R-L5)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.cards import Card, as_cards, format_cards, parse_cards
from cardgames.errors import ActionParseError, CardParseError
from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = ["LiarAction", "Play", "Call", "Pass", "CALL", "PASS"]

_FORMS = N_("write 'play 7H 7B' (1-4 of your cards, L7/R-L4), 'call' (L9) or 'pass' (R-L5)")
_LEGAL = N_("'play 7H 7B' (1-4 of your cards), 'call' or 'pass'")


class LiarAction:
    """Base class of the three Liar actions; :meth:`parse` reads the text form."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> LiarAction:
        """Read ``"play 7H 7B"``, ``"call"`` (or ``"liar"``) or ``"pass"``, any case.

        ``LiarAction.parse`` reads any action; ``Play.parse``, ``Call.parse`` and
        ``Pass.parse`` also check that the text is that kind of action.

        >>> LiarAction.parse("  PLAY *c ah ")
        Play('AH *C')
        >>> Call.parse("pass")
        Traceback (most recent call last):
        ...
        cardgames.errors.ActionParseError: 'pass' is not a Call action (write 'call')
        """
        action = _parse(text)
        if not isinstance(action, cls):
            form = {"Play": "play 7H 7B", "Call": "call", "Pass": "pass"}[cls.__name__]
            raise ActionParseError(_("{text!r} is not a {kind} action (write {form!r})").format(
                                       text=text, kind=cls.__name__, form=form),
                                   action=text,
                                   reason=_("not a {kind} action").format(kind=cls.__name__),
                                   legal=form)
        return action


def _parse(text: str | LiarAction) -> LiarAction:
    """Any Liar action from its text (see :meth:`LiarAction.parse`)."""
    if isinstance(text, LiarAction):
        return text
    if not isinstance(text, str):
        raise ActionParseError(_("not a Liar action: {text!r}; {forms}").format(
                                   text=text, forms=_(_FORMS)), action=text,
                               reason=_("not a Liar action"), legal=_(_LEGAL))
    words = text.strip().split(None, 1)
    if not words:
        raise ActionParseError(_("not a Liar action: {text!r} is empty; {forms}").format(
                                   text=text, forms=_(_FORMS)),
                               action=text, reason=_("the action is empty"), legal=_(_LEGAL))
    verb = words[0].lower().rstrip("!")
    if verb == "play":
        rest = words[1] if len(words) > 1 else ""
        try:
            cards = parse_cards(rest)
        except CardParseError as e:
            raise ActionParseError(_("cannot read the cards of {text!r}: {error}").format(
                                       text=text, error=e), action=text,
                                   rule="L7", reason=str(e), legal=_(_LEGAL)) from None
        if not cards:
            raise ActionParseError(_("{text!r} names no cards; {forms}").format(
                                       text=text, forms=_(_FORMS)), action=text,
                                   rule="R-L4", reason=_("the play names no cards"),
                                   legal=_(_LEGAL))
        return Play(tuple(cards))
    if len(words) == 1:
        if verb in ("call", "liar", "laž", "laz"):
            return CALL
        if verb in ("pass", "stand"):
            return PASS
    raise ActionParseError(_("not a Liar action: {text!r}; {forms}").format(
                               text=text, forms=_(_FORMS)), action=text,
                           reason=_("not a Liar action"), legal=_(_LEGAL))


@dataclass(frozen=True, slots=True)
class Play(LiarAction):
    """Put ``cards`` face down and announce them as ``len(cards)`` of the due rank (L7, R-L4).

    ``cards`` may be given as text (``Play("7H 7B")``) or cards; they are
    stored sorted.  Construction does not check the count: the state refuses
    a play of 0 or more than 4 cards with a message citing R-L4.

    >>> Play("AH 7H").cards
    (Card.parse('7H'), Card.parse('AH'))
    >>> Play("AH 7H")
    Play('7H AH')
    """

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        given: object = self.cards
        try:
            if given is None:
                raise CardParseError(_("no cards given"))
            items = as_cards(given)  # type: ignore[arg-type]  # as_cards checks the type itself
        except CardParseError as e:
            raise ActionParseError(_("cannot read the cards of Play({cards!r}): {error}")
                                   .format(cards=given, error=e),
                                   action=given, rule="L7", reason=str(e),
                                   legal=_(_LEGAL)) from None
        items.sort()
        object.__setattr__(self, "cards", tuple(items))

    @classmethod
    def _of(cls, sorted_cards: tuple[Card, ...]) -> Play:
        """Fast constructor for already sorted, valid cards (legal-action sampling)."""
        self = object.__new__(cls)
        _set_cards(self, sorted_cards)   # the slot itself (frozen: no __setattr__)
        return self

    @property
    def count(self) -> int:
        """How many cards (the N of the announcement "N sevens")."""
        return len(self.cards)

    def __str__(self) -> str:
        return f"play {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"Play({format_cards(self.cards)!r})"


@dataclass(frozen=True, slots=True)
class Call(LiarAction):
    """Call the last play a lie: "Liar!" (L9), during the call window (R-L5)."""

    def __str__(self) -> str:
        return "call"

    def __repr__(self) -> str:
        return "Call()"


@dataclass(frozen=True, slots=True)
class Pass(LiarAction):
    """Let the last play stand: do not call (R-L5)."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


_set_cards = Play.__dict__["cards"].__set__

#: The call action (a shared instance; ``Call()`` is equal to it).
CALL = Call()
#: The pass action (a shared instance; ``Pass()`` is equal to it).
PASS = Pass()

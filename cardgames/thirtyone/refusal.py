"""Why a Thirty-One action is refused: the error, with the rule and what is legal now.

Used by :meth:`ThirtyOneState.apply <cardgames.thirtyone.state.ThirtyOneState.apply>`
only when an action is not legal (never on the hot path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.cards import Card, format_cards
from cardgames.errors import ActionParseError, CardgamesError, GameOverError, IllegalActionError
from cardgames.i18n import format_number, ngettext
from cardgames.i18n import gettext as _
from cardgames.thirtyone.actions import (
    ACTION_FORMS,
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
)
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.score import score

if TYPE_CHECKING:
    from cardgames.thirtyone.state import ThirtyOneState

__all__ = ["refusal"]


def _swapped(hand: list[Card], out: Card, into: Card) -> list[Card]:
    new = list(hand)
    new[new.index(out)] = into
    return new



def refusal(self: ThirtyOneState, action: Any) -> CardgamesError:
    """The error for an ``action`` the player to act may not take now (the rule and why)."""
    p = self._current
    legal = self.legal_actions()
    if not isinstance(action, ThirtyOneAction):
        return ActionParseError(_("player {p}: {action!r} is not a Thirty-One action; write one "
                                  "of {forms}")
                                .format(p=p, action=action, forms=_(ACTION_FORMS)),
                                player=p, action=action,
                                reason=_("not a Thirty-One action"), legal=legal.summary())
    if self._phase is Phase.OVER:
        why = self.outcome().describe()  # type: ignore[union-attr]
        return GameOverError(_("{action} is not possible: the game is over ({why})")
                             .format(action=action, why=why),
                             player=None, action=action, rule="R-T8",
                             reason=_("the game is over ({why})").format(why=why),
                             legal=_("nothing"))
    rule, why = _why_illegal(self, action)
    msg = _("player {p} cannot {action}: {rule} {why}; legal now: {legal}").format(
        p=p, action=action, rule=rule, why=why, legal=legal.summary())
    return IllegalActionError(msg, player=p, action=action, rule=rule, reason=why,
                              legal=legal.summary())


def _why_illegal(self: ThirtyOneState, action: Any) -> tuple[str, str]:
    p: int = self._current  # type: ignore[assignment]
    phase = self._phase
    hand, table = self._hands[p], self._table
    if not isinstance(action, ThirtyOneAction):
        return "", _("{action!r} is not a Thirty-One action").format(action=action)
    if phase is Phase.EXCHANGE:
        return "T4/R-T1", _("first the dealer (player {p}) chooses to keep or exchange "
                            "their cards, before the first turn").format(p=p)
    if isinstance(action, (Keep, Exchange)):
        return "T4/R-T1", _("only the dealer keeps or exchanges, before the first turn")
    if isinstance(action, SwapOne):
        if action.hand_card not in hand:
            return "T6", _("{card} is not in your hand (hand {hand}, table {table})").format(
                card=action.hand_card, hand=format_cards(hand), table=format_cards(table))
        if action.table_card not in table:
            return "T6", _("{card} is not on the table ({table})").format(
                card=action.table_card, table=format_cards(table))
    if phase is Phase.PLAY:
        cap = self.game.turn_cap
        if cap is not None and self._turns >= cap:
            return "R-T10", ngettext(
                "the turn cap of {cap} turn is reached: you may only reveal",
                "the turn cap of {cap} turns is reached: you may only reveal", cap).format(
                cap=cap)
        if isinstance(action, SwapAll):
            return "T7/R-T4", _("swap all needs a table of at least 21, and {cards} scores "
                                "{score}").format(cards=format_cards(table),
                                                  score=format_number(score(table)))
        if isinstance(action, Pass):
            return "R-T5", _("you passed on your last turn (no two passes in a row, T8)")
        if isinstance(action, Stand):
            return "T10/R-T6", _("stand is a final turn, only after someone revealed")
    else:  # FINAL
        if isinstance(action, (Pass, Reveal)):
            return "T10/R-T6", _("player {player} revealed; your final turn is swap one, "
                                 "swap all or stand").format(player=self._revealer)
        if isinstance(action, SwapOne):
            after = _swapped(hand, action.hand_card, action.table_card)
        else:   # SwapAll
            after = table
        return "T10/R-T6", _("you may only swap if you then hold at least 21, and {cards} "
                             "scores {score}").format(cards=format_cards(after),
                                                      score=format_number(score(after)))
    return "", _("it is not legal now")

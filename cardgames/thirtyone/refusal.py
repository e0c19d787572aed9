"""Why a Thirty-One action is refused: the error, with the rule and what is legal now.

Used by :meth:`ThirtyOneState.apply <cardgames.thirtyone.state.ThirtyOneState.apply>`
only when an action is not legal (never on the hot path).
"""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any, Protocol

from cardgames.cards import Card, format_cards
from cardgames.core import check_player
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
    parse_action,
)
from cardgames.thirtyone.legal import ThirtyOneLegalActions, _kinds
from cardgames.thirtyone.outcome import ThirtyOneOutcome
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.score import score

__all__ = ["refusal", "check_action", "Refusable"]


class _Options(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def turn_cap(self) -> int | None: ...


class Refusable(Protocol):
    """What a refusal reads of a state: its public API only (a
    :class:`~cardgames.thirtyone.state.ThirtyOneState` is one)."""

    @property
    def game(self) -> _Options: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def table(self) -> tuple[Card, ...]: ...
    @property
    def turns(self) -> int: ...
    @property
    def revealer(self) -> int | None: ...
    def hand(self, seat: int) -> tuple[Card, ...]: ...
    def legal_actions(self) -> ThirtyOneLegalActions: ...
    def outcome(self) -> ThirtyOneOutcome | None: ...


def check_action(state: Refusable, action: ThirtyOneAction | str,
                 player: int | None) -> ThirtyOneAction:
    """``action`` (text parsed) if it is legal now for ``player``; else the error that refuses
    it.  An action object must be one of the state's legal actions; a refusal changes
    nothing (``ThirtyOneState.apply`` calls this for any action but the one just sampled)."""
    cur = state.current_player
    if player is not None:
        check_player(player, players=state.game.players, rule="R-T1")
    if action.__class__ is str:
        try:
            action = parse_action(action)
        except ActionParseError as e:
            who = (_("the game is over") if cur is None else
                   _("player {player}").format(player=cur))
            mine = player is None or player == cur
            raise ActionParseError(
                f"{who}: {e}", player=cur if player is None else player,
                action=action, rule=e.rule, reason=e.reason,
                legal=state.legal_actions().summary() if mine else e.legal) from None
    if player is not None and player != cur and cur is not None:
        kinds = _kinds(state.legal_actions())
        raise IllegalActionError(
            _("player {player} cannot {action}: it is player {cur}'s turn (T5, R-T1: turns go "
              "round in order of play); player {cur} may now: {kinds}")
              .format(player=player, action=action, cur=cur, kinds=kinds),
            player=player, action=action, rule="T5", reason=_("it is player {cur}'s turn")
                                                              .format(cur=cur),
            legal=_("nothing until player {player} has acted").format(player=cur))
    # not the action just sampled from the current legal set: search it,
    # identity first (an agent returns one of the legal actions: C speed), then ==
    acts = state.legal_actions()._actions
    if not any(map(is_, acts, repeat(action))) and action not in acts:
        raise refusal(state, action)
    return action  # type: ignore[return-value]  # a str was parsed above


def _swapped(hand: list[Card], out: Card, into: Card) -> list[Card]:
    new = list(hand)
    new[new.index(out)] = into
    return new



def refusal(self: Refusable, action: Any) -> CardgamesError:
    """The error for an ``action`` the player to act may not take now (the rule and why)."""
    p = self.current_player
    legal = self.legal_actions()
    if not isinstance(action, ThirtyOneAction):
        return ActionParseError(_("player {p}: {action!r} is not a Thirty-One action; write one "
                                  "of {forms}")
                                .format(p=p, action=action, forms=_(ACTION_FORMS)),
                                player=p, action=action,
                                reason=_("not a Thirty-One action"), legal=legal.summary())
    if self.phase is Phase.OVER:
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


def _why_illegal(self: Refusable, action: Any) -> tuple[str, str]:
    p: int = self.current_player  # type: ignore[assignment]  # a seat: the game is not over
    phase = self.phase
    hand, table = list(self.hand(p)), list(self.table)
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
        if cap is not None and self.turns >= cap:
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
                                 "swap all or stand").format(player=self.revealer)
        if isinstance(action, SwapOne):
            after = _swapped(hand, action.hand_card, action.table_card)
        else:   # SwapAll
            after = table
        return "T10/R-T6", _("you may only swap if you then hold at least 21, and {cards} "
                             "scores {score}").format(cards=format_cards(after),
                                                      score=format_number(score(after)))
    return "", _("it is not legal now")

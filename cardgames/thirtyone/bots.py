"""Thirty-One agents: random and a simple heuristic player.

Agents follow ``cardgames.core.Agent``: ``act(view, legal_actions, rng)``
sees only the player's :class:`~cardgames.thirtyone.view.ThirtyOneView` and the
legal actions, and draws any randomness from ``rng``.

>>> from cardgames.thirtyone import ThirtyOneGame
>>> state = self_play(ThirtyOneGame(players=4), [ThirtyOneHeuristicAgent()] * 4, seed=1)
>>> state.is_over(), len(state.outcome().winners) >= 1
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from cardgames.agents import RandomAgent
from cardgames.cards import CHRONICLER, Card, as_cards, format_cards
from cardgames.errors import ConfigError
from cardgames.play import agent_rngs, play_state
from cardgames.thirtyone.actions import (
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
)
from cardgames.thirtyone.game import ThirtyOneGame, ThirtyOneState
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.score import score, suit_total
from cardgames.thirtyone.state import final_turn_actions
from cardgames.thirtyone.view import ThirtyOneView

__all__ = ["RandomAgent", "ThirtyOneHeuristicAgent", "self_play", "hand_after",
           "final_turn_best"]


def hand_after(action: ThirtyOneAction, hand: Sequence[Card], table: Sequence[Card]
               ) -> tuple[Card, ...]:
    """The hand a player would hold after ``action`` (other actions: the hand as is).

    >>> from cardgames.cards import parse_cards
    >>> from cardgames.thirtyone.actions import parse_action
    >>> hand_after(parse_action("swap 7H AB"), parse_cards("7H KB 9B"), parse_cards("AB 8L 8A"))
    (Card.parse('AB'), Card.parse('KB'), Card.parse('9B'))
    """
    if isinstance(action, SwapOne):
        new = list(hand)
        new[new.index(action.hand_card)] = action.table_card
        return tuple(new)
    if isinstance(action, (SwapAll, Exchange)):
        return tuple(table)
    return tuple(hand)


def final_turn_best(hand: Sequence[Card] | str, table: Sequence[Card] | str) -> float:
    """The best score a player can end with in their final turn (T10, R-T6) holding
    ``hand`` with ``table`` face up: the best of the legal final-turn actions
    (:func:`~cardgames.thirtyone.state.final_turn_actions`: stand, or swap one or
    all three if that makes at least 21), each scored with :func:`score`.

    A pure function of the two card sets, cached (it is asked for thousands of
    hands when a lesson enumerates an opponent's possible hands).  Three Aces
    score 33 by standing (R-T7).

    >>> final_turn_best("7H KB 9B", "AB 8L 8A")          # swap the VII for the Ace of Bells
    30.0
    >>> final_turn_best("7H 8B 9A", "10H KL OA")         # no swap reaches 21: stand on 0
    0.0
    """
    if hand.__class__ is list:
        hand = tuple(hand)
    if table.__class__ is list:
        table = tuple(table)
    return _final_turn_best(hand, table)   # cached as given: checked once per input


def _code(card: Card) -> int:
    return card.code


def _three(cards: Sequence[Card] | str, what: str) -> list[Card]:
    got = [CHRONICLER if c.is_chronicler else c for c in as_cards(cards)]   # T12
    if len(got) != 3 or len(set(got)) != 3:
        raise ConfigError(f"the {what} must be 3 different cards (T4), got {cards!r}")
    return got


@lru_cache(maxsize=4096)
def _final_turn_best(hand: Sequence[Card] | str, table: Sequence[Card] | str) -> float:
    mine, face_up = _three(hand, "hand"), _three(table, "table")
    if set(mine) & set(face_up):
        raise ConfigError(f"{format_cards(sorted(set(mine) & set(face_up), key=_code))} cannot be "
                          f"both in the hand and on the table (T2: one deck)")
    return _best_of(tuple(sorted(mine, key=_code)), tuple(sorted(face_up, key=_code)))


@lru_cache(maxsize=4096)
def _best_of(hand: tuple[Card, ...], table: tuple[Card, ...]) -> float:
    return max(score(hand_after(a, hand, table)) for a in final_turn_actions(hand, table))


def _value(cards: Sequence[Any]) -> tuple[float, int]:
    # the score first; between equal scores (often 0) the best suit sum so far
    return score(cards), suit_total(cards)


class ThirtyOneHeuristicAgent:
    """A sensible, simple player.

    * Exchange (T4): take the table if it is worth more than the hand.
    * Turn: reveal at ``reveal_at`` points or more (default 26), or once
      ``patience`` turns of the deal have passed (default 3 rounds of the
      players still in) with at least 21; otherwise make the swap (one or all)
      that gives the best hand, if it improves the hand; else pass, or reveal
      when a pass is not allowed (R-T5).  The turn cap (R-T10) forces a reveal.
      So the agent never stalls a deal.
    * Final turn (T10, R-T6): the best legal swap if it beats the hand, else stand.

    Ties between equally good actions are broken with ``rng``.
    """

    name = "heuristic"

    def __init__(self, reveal_at: float = 26.0, patience: int | None = None) -> None:
        self.reveal_at = reveal_at
        self.patience = patience

    def __repr__(self) -> str:
        return f"ThirtyOneHeuristicAgent(reveal_at={self.reveal_at!r}, patience={self.patience!r})"

    def act(self, view: ThirtyOneView, legal_actions: Iterable[ThirtyOneAction],
            rng: random.Random) -> ThirtyOneAction:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        hand, table = view.hand, view.table
        if view.phase is Phase.EXCHANGE:
            return Exchange() if _value(table) > _value(hand) else Keep()
        now = _value(hand)
        swaps = [a for a in legal if isinstance(a, (SwapOne, SwapAll))]
        best_value, best = now, []
        for a in swaps:
            v = _value(hand_after(a, hand, table))
            if v > best_value:
                best_value, best = v, [a]
            elif v == best_value and best:
                best.append(a)
        if view.phase is Phase.FINAL:
            return best[rng.randrange(len(best))] if best else Stand()
        patience = self.patience
        if patience is None:
            patience = 3 * len(view.remaining)
        if Reveal() in legal and (now[0] >= self.reveal_at
                                  or (view.turns >= patience and now[0] >= 21)
                                  or view.turns >= 3 * patience):
            return Reveal()
        if best:
            return best[rng.randrange(len(best))]
        if Pass() in legal:
            return Pass()
        return Reveal()


def self_play(game: ThirtyOneGame, agents: Sequence[Any], *, seed: int,
              agent_seed: int | None = None, dealer: int = 0, single_deal: bool = False,
              max_decisions: int | None = None) -> ThirtyOneState:
    """Let ``agents`` (one per seat) play a game from ``seed``; return the final state.

    The agents act through :func:`cardgames.play.play_state` (the one agent loop:
    a refused action is an :class:`~cardgames.errors.AgentError`, never replaced),
    each with its own generator ``agent_rngs(agent_seed, players)`` (default
    ``agent_seed``: ``seed``), as :func:`cardgames.play.play_game` does.
    """
    state = game.new_state(seed=seed, dealer=dealer, single_deal=single_deal)
    rngs = agent_rngs(seed if agent_seed is None else agent_seed, game.players)
    play_state(state, agents, rngs, max_decisions=max_decisions)
    return state

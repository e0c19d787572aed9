"""What the engine does with one Liar play and its call window (L9, L10, L12, L13,
R-L5-R-L9): :func:`resolve_call`, the engine walk-through the Call explainer
(:mod:`widgets.explainers.call_explainer`) shows step by step.  No widgets here.

Nothing here re-implements the rules: :func:`resolve_call` builds the position
with :meth:`LiarGame.state_from_position`, applies the play and the call
window's answers with :meth:`LiarState.apply`, and reports the engine's own
events (their ``describe()`` texts cite the rules) and where the engine left
the round (who plays next, which rank is due, or who won).

>>> r = resolve_call(players=3, claimant=0, due_rank="7", cards="7H 9B", caller=1)
>>> r.true, r.taker, r.reason, r.next_player, r.next_rank.plural
(False, 0, 'caught', 1, 'eights')
>>> print(r.steps[-1])
Player 0 took the pile (5 cards): caught lying, so the caller plays next (L9, L10).

The other players' cards and the cards already in the pile are placeholders
:func:`resolve_call` deals itself (they do not change what happens).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardgames.cards import Card, Chronicler, Rank, as_cards

__all__ = ["KEEPS", "NOBODY", "OTHERS_HOLD", "CallResolution", "as_rank", "decks_for", "resolve_call",
           "window_order"]

#: The caller value meaning "nobody calls: everyone in the window passes" (R-L5).
NOBODY = -1
#: Cards each other player holds in the built position (placeholders; any number >= 1 works).
OTHERS_HOLD = 3
#: Extra cards the player who plays keeps when the play is not their last (R-L9).
KEEPS = 2


@dataclass(frozen=True)
class CallResolution:
    """What the engine did with one play and its call window (all public, R-L11)."""

    players: int
    claimant: int
    cards: tuple[Card, ...]
    announced: Rank
    caller: int | None
    steps: tuple[str, ...]            # describe() of every engine event after the position
    event_types: tuple[str, ...]      # the events' class names, in order
    true: bool | None                 # the verdict of R-L6 if the play was turned over
    taker: int | None                 # who took the pile (None: nobody)
    reason: str | None                # the engine's reason key (caught, false_accusation...)
    pile_taken: int                   # how many cards were taken
    next_player: int | None           # who plays next (None: the round is over)
    next_rank: Rank                   # the rank due next (R-L8)
    winner: int | None                # who went out (L11, R-L9)
    hands_before: tuple[int, ...]     # cards held per seat before the play
    hands_after: tuple[int, ...]      # and after everything
    situation: str                    # the engine's describe() of where the round stands


def as_rank(value: Any) -> Rank:
    """A rank given as a :class:`Rank` or its text (``"7"``, ``"VII"``, ``"U"``)."""
    if isinstance(value, Rank):
        return value
    if isinstance(value, str):
        return Rank.parse(value)
    raise ValueError(f"not a rank: {value!r}")


def decks_for(players: int) -> int:
    """One deck for 2-4 players, two for 5-8 (R-L2)."""
    return 1 if players <= 4 else 2


def window_order(players: int, claimant: int) -> list[int]:
    """The seats asked in the call window, in order: from the next player on (R-L5).

    (In the explainer's positions every other player holds cards.)
    """
    return [(claimant + i) % players for i in range(1, players)]


def resolve_call(*, players: int, claimant: int, due_rank: Any, cards: Any,
                 caller: int | None, last_cards: bool = False, pile_before: int = 3
                 ) -> CallResolution:
    """Run one play and its call window on the engine and report what happened.

    - ``players``: 2-8 (two decks from 5, R-L2; both Chroniclers are in the deck);
    - ``claimant``: the seat that plays, announcing ``due_rank`` (R-L4);
    - ``cards``: what they really put down (1-4 cards, text or cards);
    - ``last_cards``: the play empties their hand (R-L9);
    - ``caller``: who calls "Liar!" (``None`` or :data:`NOBODY`: everyone passes);
    - ``pile_before``: cards already lying in the pile.

    Raises :class:`~cardgames.errors.CardgamesError` (a ``ValueError``) with the
    engine's message when the situation is not possible.
    """
    from cardgames.liar import CALL, PASS, LiarGame, Phase, PileTaken, Play, Revealed

    game = LiarGame(players=players, decks=decks_for(players) if isinstance(players, int)
                    and not isinstance(players, bool) else 1,
                    chroniclers=(Chronicler.COLORFUL, Chronicler.PALE))
    if not isinstance(claimant, int) or isinstance(claimant, bool) or not 0 <= claimant < players:
        raise ValueError(f"the player who plays must be a seat 0-{players - 1}, not {claimant!r}")
    if caller == NOBODY:
        caller = None
    if caller is not None and (not isinstance(caller, int) or isinstance(caller, bool)
                               or not 0 <= caller < players):
        raise ValueError(f"the caller must be a seat 0-{players - 1} or nobody, not {caller!r}")
    if caller == claimant:
        raise ValueError(f"player {claimant} cannot call their own play: R-L5 the window asks "
                         "the other players")
    if not isinstance(pile_before, int) or isinstance(pile_before, bool) or not 0 <= pile_before <= 20:
        raise ValueError(f"cards already in the pile must be 0-20, not {pile_before!r}")
    due = as_rank(due_rank)
    played = as_cards(cards)
    if not 1 <= len(played) <= 4:
        raise ValueError(f"pick 1-4 cards to put down (L7, R-L4), not {len(played)}")
    # placeholders for everything else, dealt from what is left of the deck
    rest = Counter(game.deck())
    rest.subtract(played)
    if any(k < 0 for k in rest.values()):
        over = sorted(c for c, k in rest.items() if k < 0)
        raise ValueError(f"{' '.join(map(str, over))}: the deck holds fewer copies "
                         f"({game.decks} deck{'s' if game.decks > 1 else ''}, R-L2)")
    # placeholders: ordinary cards in a fixed order; they are never turned over
    filler = iter(sorted(c for c in (+rest).elements() if not c.is_chronicler))
    hands: list[list[Card]] = []
    for seat in range(players):
        if seat == claimant:
            hands.append(list(played) + ([] if last_cards else [next(filler)
                                                                 for _ in range(KEEPS)]))
        else:
            hands.append([next(filler) for _ in range(OTHERS_HOLD)])
    pile: list[tuple[int, list[Card]]] = []
    left = pile_before
    back = 1
    while left > 0:
        k = min(3, left)
        pile.insert(0, ((claimant - back) % players, [next(filler) for _ in range(k)]))
        left -= k
        back += 1
    state = game.state_from_position(hands=hands, pile=pile, current_player=claimant,
                                     due_rank=due)
    before = state.hand_sizes
    start = len(state.events)
    state.apply(Play(tuple(played)), player=claimant)
    while state.phase is Phase.CALL_WINDOW:
        asked = state.current_player
        state.apply(CALL if asked == caller else PASS, player=asked)
    events = state.events[start:]
    revealed = next((e for e in events if isinstance(e, Revealed)), None)
    taken = next((e for e in events if isinstance(e, PileTaken)), None)
    return CallResolution(
        players=players, claimant=claimant, cards=tuple(sorted(played)), announced=due,
        caller=caller, steps=tuple(e.describe() for e in events),
        event_types=tuple(type(e).__name__ for e in events),
        true=None if revealed is None else revealed.true,
        taker=None if taken is None else taken.player,
        reason=None if taken is None else taken.reason,
        pile_taken=0 if taken is None else taken.count,
        next_player=state.current_player if not state.is_over() else None,
        next_rank=state.due_rank, winner=state.winner,
        hands_before=before, hands_after=state.hand_sizes, situation=state.describe())

"""Fixed integer ids for the actions of both games (for OpenSpiel, PettingZoo and learners).

Card codes are :attr:`cardgames.cards.Card.code` (0-31 the ordinary cards,
32-34 the Chronicler forms), :data:`NUM_CARD_CODES` of them.

**Thirty-One** (:data:`THIRTY_ONE_ACTIONS` ids): 0 keep, 1 exchange, 2 swap
all, 3 pass, 4 reveal, 5 stand, and ``6 + 35 * hand_code + table_code`` for
"swap one".

**Liar** (:data:`LIAR_ACTIONS` ids): 0 call, 1 pass (the call window,
R-L5), then every play of 1-4 cards (R-L4).  A play is a *multiset* of card
codes (two decks hold two copies of a card), written sorted
``c1 <= c2 <= ... <= ck``.  It is numbered with the combinatorial number
system: the multiset maps to the set ``{c1, c2 + 1, ..., ck + k - 1}`` of
distinct numbers below ``35 + k - 1``, ranked colexicographically as
``sum C(c_i + i - 1, i)``; the plays of ``k`` cards come after all plays of
fewer cards.  So there are ``C(35, 1) + C(36, 2) + C(37, 3) + C(38, 4) =
82,250`` play ids and 82,252 actions in all.

>>> from cardgames.cards import parse_cards
>>> liar_play_id([c.code for c in parse_cards("7H")]), liar_play_id([0, 0])
(2, 37)
>>> all(liar_play_cards(liar_play_id(m)) == m for m in ([5], [0, 0], [3, 9, 9], [31, 32, 33, 34]))
True
>>> LIAR_ACTIONS
82252
"""

from __future__ import annotations

from math import comb

__all__ = ["LIAR_ACTIONS", "LIAR_CALL", "LIAR_PASS", "NUM_CARD_CODES", "THIRTY_ONE_ACTIONS",
           "liar_play_cards", "liar_play_id"]

NUM_CARD_CODES = 35
LIAR_CALL, LIAR_PASS = 0, 1
_OFFSETS = [2]
for _k in range(1, 5):
    _OFFSETS.append(_OFFSETS[-1] + comb(NUM_CARD_CODES + _k - 1, _k))
#: how many Liar action ids there are (call, pass and every play of 1-4 cards)
LIAR_ACTIONS = _OFFSETS[-1]
#: how many Thirty-One action ids there are
THIRTY_ONE_ACTIONS = 6 + NUM_CARD_CODES * NUM_CARD_CODES


def liar_play_id(codes: list[int] | tuple[int, ...]) -> int:
    """The action id of a Liar play given by its card codes (any order, 1-4 of them)."""
    k = len(codes)
    if not 1 <= k <= 4:
        raise ValueError(f"a play is 1-4 cards (R-L4), got {k}")
    rank = 0
    for i, c in enumerate(sorted(codes), 1):
        if not 0 <= c < NUM_CARD_CODES:
            raise ValueError(f"no card has code {c}: codes are 0-{NUM_CARD_CODES - 1}")
        rank += comb(c + i - 1, i)
    return _OFFSETS[k - 1] + rank


def liar_play_cards(action_id: int) -> list[int]:
    """The sorted card codes of a Liar play id (the inverse of :func:`liar_play_id`)."""
    if not _OFFSETS[0] <= action_id < LIAR_ACTIONS:
        raise ValueError(f"{action_id} is not a Liar play id ({_OFFSETS[0]}-{LIAR_ACTIONS - 1})")
    k = max(i for i in range(1, 5) if _OFFSETS[i - 1] <= action_id)
    rank = action_id - _OFFSETS[k - 1]
    out = []
    for i in range(k, 0, -1):          # greedy decoding of the combinatorial number system
        x = i - 1
        while comb(x + 1, i) <= rank:
            x += 1
        rank -= comb(x, i)
        out.append(x - (i - 1))
    return out[::-1]

"""Legal action ids without per-call enumeration: Liar's from precomputed tables, Thirty-One's.

**Liar.**
A Liar play id (:mod:`cardgames.adapters.actions`) is ``offset(k) + sum
C(c_i + i - 1, i)`` over the sorted codes ``c_1 <= ... <= c_k`` of the play.
So the ids of all plays of a hand need no Python loop over its subsets:

* ``_TERMS[i, c] = C(c + i, i + 1)`` (0-based ``i``) holds every term, with a
  column 35 of zeros for "no card in this place";
* for ``m`` hand cards, :func:`_layout` lists once every set of 1-4 hand
  *positions* (as flat indices into the ``4 x (m + 1)`` table of the hand's
  terms) and its ``offset(k)``;
* the ids of a hand are then one gather and one sum in numpy.

The position sets of each size are listed in colexicographic order; with
distinct codes (always so with one deck), sorted positions map to sorted codes
and colex order is kept, so the ids come out sorted without a sort.  A hand
with equal cards (two decks) gives equal ids for "either copy": they are
sorted and merged (``np.unique``).  Results are cached per hand (the sorted
codes), so a hand seen again (clones in a search, a call window and back)
costs a dictionary look-up.

>>> hand_play_ids((0,))                 # 7H alone: play 7H
(2,)
>>> from cardgames.adapters.actions import liar_play_id
>>> ids = hand_play_ids((0, 9, 33))
>>> ids == tuple(sorted([liar_play_id(m) for m in ([0], [9], [33], [0, 9], [0, 33], [9, 33],
...                                                [0, 9, 33])]))
True
>>> len(hand_play_ids(tuple(range(10)))), len(hand_play_ids((4, 4)))  # 10+45+120+210; UH, UH UH
(385, 2)

**Thirty-One.**  :func:`t31_legal_ids` reads the ids off the engine's legal
actions by class (a swap's id is ``6 + 35 * hand + table``), and
:func:`t31_action` hands back the engine's shared action objects.

>>> from cardgames.thirtyone import ThirtyOneGame
>>> s = ThirtyOneGame(players=2).new_state(seed=1)
>>> t31_legal_ids(s.legal_actions()), t31_action(1)          # the dealer: keep or exchange
([0, 1], Exchange())
"""

from __future__ import annotations

import functools
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from cardgames.adapters.actions import _OFFSETS, NUM_CARD_CODES, THIRTY_ONE_ACTIONS
from cardgames.cards import Card
from cardgames.thirtyone import Exchange, Keep, Pass, Reveal, Stand, SwapAll, SwapOne
from cardgames.thirtyone.actions import swap_one

__all__ = ["hand_play_id_array", "hand_play_ids", "t31_action", "t31_action_id",
           "t31_apply_legal", "t31_legal_ids"]

_MAX_PLAY = 4  # R-L4
_TERMS = np.zeros((_MAX_PLAY, NUM_CARD_CODES + 1), np.int64)
for _i in range(_MAX_PLAY):
    for _c in range(NUM_CARD_CODES):
        _TERMS[_i, _c] = comb(_c + _i, _i + 1)
_TERMS.flags.writeable = False


@functools.cache
def _layout(m: int) -> tuple[np.ndarray, np.ndarray]:
    """(flat indices ``(4, S)``, offsets ``(S,)``) of every 1-4 subset of ``m`` positions.

    Column ``j`` of the ``(4, m + 1)`` term table of a hand is its ``j``-th
    card (column ``m``: no card); row ``i`` the ``i``-th place in the play.
    """
    width = m + 1
    blocks, offsets = [], []
    for k in range(1, min(_MAX_PLAY, m) + 1):
        # colex order of the k-subsets of range(m) = lex order of the
        # reflected subsets (x -> m-1-x), read backwards
        lex = np.array(list(combinations(range(m), k)), np.int64).reshape(-1, k)
        pos = (m - 1 - lex[::-1, ::-1]).T                      # (k, C(m, k)), colex
        idx = np.full((_MAX_PLAY, pos.shape[1]), m, np.int64)  # "no card" by default
        idx[:k] = pos
        idx += (np.arange(_MAX_PLAY, dtype=np.int64) * width)[:, None]
        blocks.append(idx)
        offsets.append(np.full(pos.shape[1], _OFFSETS[k - 1], np.int64))
    if not blocks:
        return np.zeros((_MAX_PLAY, 0), np.int64), np.zeros(0, np.int64)
    flat, off = np.concatenate(blocks, axis=1), np.concatenate(offsets)
    flat.flags.writeable = off.flags.writeable = False
    return flat, off


@functools.lru_cache(maxsize=8192)
def hand_play_id_array(codes: tuple[int, ...]) -> np.ndarray:
    """The sorted play ids of a hand given by its *sorted* card codes (read-only int64 array).

    Equal to ``sorted({liar_play_id(m) for m in every 1-4 sub-multiset of codes})``.
    """
    m = len(codes)
    flat, off = _layout(m)
    terms = _TERMS[:, list(codes) + [NUM_CARD_CODES]]       # (4, m + 1)
    ids: np.ndarray = off + terms.ravel()[flat].sum(axis=0)
    if len(set(codes)) != m:                               # equal cards (two decks)
        ids = np.unique(ids)
    ids.flags.writeable = False
    return ids


@functools.lru_cache(maxsize=8192)
def hand_play_ids(codes: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`hand_play_id_array` as a tuple of ints (for OpenSpiel's legal actions)."""
    return tuple(hand_play_id_array(codes).tolist())


_T31_SIMPLE = [Keep(), Exchange(), SwapAll(), Pass(), Reveal(), Stand()]
_T31_SIMPLE_ID = {a.__class__: i for i, a in enumerate(_T31_SIMPLE)}   # by class: a C hash
_T31_ACTIONS: list[Any] = [*_T31_SIMPLE, *([None] * (THIRTY_ONE_ACTIONS - 6))]


def t31_action_id(action: Any) -> int:
    """The id of a Thirty-One action (see :mod:`cardgames.adapters.actions`)."""
    if action.__class__ is SwapOne:
        return 6 + NUM_CARD_CODES * action.hand_card.code + action.table_card.code
    return _T31_SIMPLE_ID[action.__class__]


def t31_legal_ids(legal: Any) -> list[int]:
    """The sorted ids of a Thirty-One legal-action collection (no per-action call).

    A play turn's collection is lazy (:mod:`cardgames.thirtyone.legal`): its
    swaps are read off its hand and table codes without building the actions.
    """
    simple = _T31_SIMPLE_ID
    parts = legal.swap_parts() if hasattr(legal, "swap_parts") else None
    if parts is not None:                               # lazy: every hand card x table card
        hand, table_cards, extra = parts
        table = [t.code for t in table_cards]
        ids = [6 + NUM_CARD_CODES * h.code + t for h in hand for t in table]
        ids += [simple[a.__class__] for a in extra]
    else:
        ids = [6 + NUM_CARD_CODES * a.hand_card.code + a.table_card.code
               if a.__class__ is SwapOne else simple[a.__class__] for a in legal]
    ids.sort()
    return ids


def t31_apply_legal(state: Any, action: Any) -> None:
    """Apply ``action`` to a Thirty-One engine state, known legal (its id was among the legal ids).

    Marks it as the legal collection's pick, the engine's own fast path for
    an action drawn from the current legal set, so ``apply`` does not search
    the collection again (which would build the lazy play-turn actions).
    """
    state.legal_actions()._picked = action
    state.apply(action)


def t31_action(action_id: int) -> Any:
    """The Thirty-One action of an id (the engine's shared action objects, cached)."""
    if not 0 <= action_id < THIRTY_ONE_ACTIONS:
        raise ValueError(f"{action_id} is not a Thirty-One action id (0-{THIRTY_ONE_ACTIONS - 1})")
    action = _T31_ACTIONS[action_id]
    if action is None:
        h, t = divmod(action_id - 6, NUM_CARD_CODES)
        action = _T31_ACTIONS[action_id] = swap_one(Card.from_code(h), Card.from_code(t))
    return action

"""A compact Liar action space for learning (an option; the full space of :mod:`.actions` is the default).

The full space names *which* cards a play puts down: 82,252 ids, up to 385
legal with ten distinct cards in hand.  The compact space names only the
*shape* of a play, the things the announcement and a call turn on (R-L4,
R-L6, L12, L13):

* ``0`` call, ``1`` pass (the call window, R-L5), as in the full space;
* then one id per ``(k, t, p)``: put down ``k`` cards (1-4, R-L4), ``t`` of
  them *true* (of the due rank, or the Colorful Chronicler, L12), ``p`` of
  them Pale Chroniclers (0-2, L13), and ``k - t - p`` *wrong* ordinary cards.
  :data:`LIAR_COMPACT_ACTIONS` = 32 ids in all.

The engine's adapter chooses the concrete cards canonically
(:func:`compact_play`): true cards are the due rank's ordinary cards in code
order, then Colorful Chroniclers (kept for last: they are true whatever is
due); wrong cards come from the rank that is due *latest* from now in the
circle of L4 (so the ranks due soon stay in hand for true plays), then by code.

**What it gives up.**  An agent of the compact space cannot choose *which*
wrong cards to dump, nor a due-rank card over the Colorful Chronicler: it
cannot keep a rank together for later, and cannot steer what the others
learn when a call turns the play over (R-L6) -- card counting by the others,
and its own bluffs about the put-aside cards, follow the canonical rule,
which an opponent who knows it can exploit.  Its legal actions are at most
32, the same in every hand of the same counts, which is what makes it
learnable; and every compact action is a legal engine play (a hand with the
counts has the cards).

>>> from cardgames.cards import parse_cards
>>> hand = tuple(sorted(c.code for c in parse_cards("7H 7B 9A AL *C *P")))
>>> due = 0                                   # sevens are due
>>> [compact_shape(i) for i in compact_legal_ids(hand, due)][:4]
[(1, 0, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
>>> from cardgames.cards import Card
>>> play = compact_play(hand, due, compact_id(3, 1, 1))   # one seven, the Pale one, one wrong
>>> " ".join(str(Card.from_code(c)) for c in play)         # AL is due last after sevens
'7H AL *P'
>>> compact_of_play(play, due) == compact_id(3, 1, 1)
True
"""

from __future__ import annotations

import functools

from cardgames.adapters.actions import LIAR_CALL, LIAR_PASS

__all__ = ["LIAR_COMPACT_ACTIONS", "LIAR_COMPACT_CALL", "LIAR_COMPACT_PASS",
           "compact_id", "compact_legal_ids", "compact_of_play", "compact_play",
           "compact_shape", "compact_text"]

LIAR_COMPACT_CALL, LIAR_COMPACT_PASS = LIAR_CALL, LIAR_PASS
_COLORFUL, _PALE, _ORDINARY = 33, 34, 32      # card codes (cards.py); 32 is Thirty-One's
_MAX_PLAY, _MAX_PALE = 4, 2                  # R-L4; two decks hold two Pale Chroniclers
#: the play shapes ``(k, t, p)``, in id order from 2
SHAPES: tuple[tuple[int, int, int], ...] = tuple(
    (k, t, p) for k in range(1, _MAX_PLAY + 1) for t in range(k + 1)
    for p in range(min(_MAX_PALE, k - t) + 1))
_ID = {s: 2 + i for i, s in enumerate(SHAPES)}
#: how many compact Liar action ids there are (call, pass and the play shapes)
LIAR_COMPACT_ACTIONS = 2 + len(SHAPES)


def compact_id(k: int, t: int, p: int) -> int:
    """The id of the play shape: ``k`` cards, ``t`` true, ``p`` Pale Chroniclers."""
    try:
        return _ID[(k, t, p)]
    except KeyError:
        raise ValueError(f"no Liar play of {k} cards has {t} true cards and {p} Pale "
                         "Chroniclers (R-L4: 1-4 cards; t + p <= k; p <= 2)") from None


def compact_shape(action_id: int) -> tuple[int, int, int]:
    """The ``(k, t, p)`` of a compact play id."""
    if not 2 <= action_id < LIAR_COMPACT_ACTIONS:
        raise ValueError(f"{action_id} is not a compact Liar play id "
                         f"(2-{LIAR_COMPACT_ACTIONS - 1})")
    return SHAPES[action_id - 2]


def compact_text(action_id: int) -> str:
    """``call``, ``pass`` or e.g. ``play 3: 1 true, 1 Pale, 1 wrong``."""
    if action_id == LIAR_COMPACT_CALL:
        return "call"
    if action_id == LIAR_COMPACT_PASS:
        return "pass"
    k, t, p = compact_shape(action_id)
    return f"play {k}: {t} true, {p} Pale, {k - t - p} wrong"


def _kind(code: int, due: int) -> int:
    """0 true, 1 Pale Chronicler, 2 wrong (R-L6, L12, L13)."""
    if code < _ORDINARY:
        return 0 if code % 8 == due else 2
    return 0 if code == _COLORFUL else 1 if code == _PALE else 2


@functools.lru_cache(maxsize=4096)
def _legal(true: int, pale: int, wrong: int) -> tuple[int, ...]:
    return tuple(2 + i for i, (k, t, p) in enumerate(SHAPES)
                 if t <= true and p <= pale and k - t - p <= wrong)


def compact_legal_ids(hand: tuple[int, ...] | list[int], due: int) -> tuple[int, ...]:
    """The legal compact play ids (sorted) of a hand of card codes when rank ``due`` is due."""
    counts = [0, 0, 0]
    for c in hand:
        counts[_kind(c, due)] += 1
    return _legal(counts[0], counts[1], counts[2])


def compact_play(hand: tuple[int, ...] | list[int], due: int, action_id: int) -> tuple[int, ...]:
    """The sorted card codes the engine puts down for a compact play id (see the module doc).

    Raises ``ValueError`` if the hand lacks the cards (the id is not legal there).
    """
    k, t, p = compact_shape(action_id)
    true = sorted((c for c in hand if _kind(c, due) == 0), key=lambda c: (c == _COLORFUL, c))
    pale = [c for c in hand if c == _PALE]
    wrong = sorted((c for c in hand if _kind(c, due) == 2),
                   key=lambda c: (-((c % 8 - due) % 8), c))
    w = k - t - p
    if len(true) < t or len(pale) < p or len(wrong) < w:
        raise ValueError(f"R-L4/L7: this hand has {len(true)} true cards, {len(pale)} Pale "
                         f"Chroniclers and {len(wrong)} wrong cards, not the {t}, {p} and {w} "
                         f"of {compact_text(action_id)!r}")
    return tuple(sorted(true[:t] + pale[:p] + wrong[:w]))


def compact_of_play(codes: tuple[int, ...] | list[int], due: int) -> int:
    """The compact id of the shape of a concrete play (its card codes) when ``due`` is due."""
    counts = [0, 0, 0]
    for c in codes:
        counts[_kind(c, due)] += 1
    return compact_id(len(codes), counts[0], counts[1])

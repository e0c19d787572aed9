"""What a Thirty-One player knows and believes about the hidden cards, from its view (R-T9).

:func:`known_cards` (cards the public log places in a hand), :func:`unseen_cards`
(cards this player has seen nowhere) and :func:`weighted_deals` (every way to
fill the opponents' unseen slots, weighted by how likely the opponents' own
actions make it under the model of :mod:`.expert_model`).  The expert bot
(:mod:`.expert`) decides from these; they are importable from there too.

>>> from cardgames.thirtyone import ThirtyOneGame
>>> v = ThirtyOneGame(players=2).new_state(seed=2).view(0)
>>> [len(cards) for cards in known_cards(v)], len(unseen_cards(v))   # own hand: 3 known
([3, 0], 26)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from cardgames.cards import CHRONICLER, ORDINARY_CARDS, Card
from cardgames.thirtyone.events import Dealt, Exchanged, Passed, Revealed, Swapped
from cardgames.thirtyone.expert_model import (
    _ACES,
    _SCORE,
    _VAL,
    _best_swap,
    _idx,
    _model_play,
)
from cardgames.thirtyone.score import MIN_SCORE
from cardgames.thirtyone.view import ThirtyOneView

__all__ = ["known_cards", "unseen_cards", "weighted_deals"]

# --------------------------------------------------------------------------- knowledge


def known_cards(view: ThirtyOneView) -> list[list[Card]]:
    """Per seat, the cards the public log of this deal places in that hand (R-T9).

    A card taken from the table is known until it goes back; a dealer's
    exchange and a "swap all" make the whole new hand known; a revealed hand
    is known.  This player's own entry is their hand.

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> s = ThirtyOneGame(players=2).new_state(seed=1)
    >>> s.apply("exchange")                    # the dealer takes the whole table
    >>> known_cards(s.view(1))[0] == list(s.view(0).hand)
    True
    """
    n = view.players
    known: list[list[Card]] = [[] for _ in range(n)]
    for e in view.events:
        if isinstance(e, (Swapped, Exchanged)):
            mine = known[e.player]
            for c in e.to_table:
                if c in mine:
                    mine.remove(c)
            mine.extend(e.from_table)
    for seat, hand in enumerate(view.revealed):
        if hand is not None:
            known[seat] = list(hand)
    known[view.player] = list(view.hand)
    return known


def unseen_cards(view: ThirtyOneView, known: Sequence[Sequence[Card]] | None = None) -> list[Card]:
    """The cards this player has not seen anywhere: the deck minus the table and known hands.

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> v = ThirtyOneGame(players=3).new_state(seed=2).view(0)
    >>> len(unseen_cards(v))                   # 32 - 3 in hand - 3 on the table
    26
    """
    if known is None:
        known = known_cards(view)
    seen = set(view.table)
    for cards in known:
        seen.update(cards)
    deck = list(ORDINARY_CARDS) + ([CHRONICLER] if view.chronicler else [])
    return [c for c in deck if c not in seen]


# --------------------------------------------------------------------------- beliefs

#: a PLAY-phase turn of the log: (seat, kind, cards to the table, cards from it, turn number)
_Move = tuple[int, str, tuple[Card, ...], tuple[Card, ...], int]


def _history(view: ThirtyOneView) -> list[_Move]:
    """The PLAY-phase turns of this deal: (seat, kind, to_table, from_table, turn number)."""
    out: list[_Move] = []
    turns = 0
    for e in view.events:
        if isinstance(e, Swapped) and not e.final:
            out.append((e.player, "swap", e.to_table, e.from_table, turns))
            turns += 1
        elif isinstance(e, Passed):
            out.append((e.player, "pass", (), (), turns))
            turns += 1
        elif isinstance(e, Revealed) and not e.final:
            out.append((e.player, "reveal", (), (), turns))
            turns += 1
    return out


def _table_before_each(view: ThirtyOneView, moves: list[_Move]) -> list[list[int]]:
    """The table (codes) before each PLAY turn, replayed from the public log."""
    table: list[int] = []
    for e in view.events:
        if isinstance(e, Dealt):
            table = [c.code for c in e.table]
        elif isinstance(e, Exchanged):
            table = [c.code for c in e.to_table]
            break
        elif isinstance(e, (Swapped, Passed, Revealed)):
            break
    tables = []
    for (_, kind, to_t, from_t, _) in moves:
        tables.append(table[:])
        if kind == "swap":
            if len(to_t) == 3:
                table = [c.code for c in to_t]
            else:
                table[table.index(from_t[0].code)] = to_t[0].code
    return tables


def _likelihood(seat: int, hand_now: list[int], moves: list[_Move], tables: list[list[int]],
                patience: int, cap: int | None, trust: float) -> float:
    """P(the seat's PLAY turns of this deal | its hand now) under the model (heuristic w.p.
    ``trust``, else uniformly random over its legal actions)."""
    # walk back to the hand before each of its turns
    mine = [(k, m) for k, m in enumerate(moves) if m[0] == seat]
    if not mine:
        return 1.0
    hands_before: list[list[int]] = []
    hand = hand_now[:]
    for k, (_, kind, to_t, from_t, _) in reversed(mine):
        if kind == "swap":
            if len(to_t) == 3:
                hand = [c.code for c in to_t]
            else:
                f = from_t[0].code
                if f not in hand:
                    return 0.0
                hand[hand.index(f)] = to_t[0].code
        hands_before.append(hand[:])
    hands_before.reverse()
    like = 1.0
    passed = False
    for (k, (_, kind, to_t, from_t, turn)), hand in zip(mine, hands_before):
        table = tables[k]
        if kind == "swap" and len(to_t) == 1 and to_t[0].code not in hand:
            return 0.0
        n_legal = 9 + (1 if _SCORE[_idx(*table)] >= MIN_SCORE else 0) + (0 if passed else 1) + 1
        m_kind, _, _ = _model_play(hand, table, turn, patience, passed, cap, None)
        p_model = 0.0
        if kind == m_kind:
            if kind == "swap":
                best, _, _ = _best_swap(hand, table, False, None)
                trial = hand[:]
                if len(to_t) == 3:
                    trial = table[:]
                else:
                    trial[trial.index(to_t[0].code)] = from_t[0].code
                if _VAL[_idx(*trial)] == best:
                    p_model = 1.0 / _count_best(hand, table, best)
            else:
                p_model = 1.0
        like *= trust * p_model + (1.0 - trust) / n_legal
        passed = kind == "pass"
    return like


def _count_best(hand: list[int], table: list[int], best: int) -> int:
    n = 0
    for j in range(3):
        t = table[j]
        for k in (_idx(t, hand[1], hand[2]), _idx(hand[0], t, hand[2]), _idx(hand[0], hand[1], t)):
            n += _VAL[k] == best
    k = _idx(*table)
    if _SCORE[k] >= MIN_SCORE and _VAL[k] == best:
        n += 1
    return max(n, 1)


def weighted_deals(view: ThirtyOneView, rng: random.Random, *, exact_limit: int = 3000,
                   samples: int = 600, trust: float = 0.9) -> list[tuple[list[list[int]], float]]:
    """The opponents' hands consistent with ``view``, each with its weight.

    Returns ``[(hands, weight), ...]``: ``hands[seat]`` is a list of 3 card
    codes for each seat still in (this player's own hand included, ``[]`` for
    a seat that is out); the weights sum to 1.  Enumerated when there are at
    most ``exact_limit`` ways, else ``samples`` draws with ``rng``.  The
    weight is the uniform prior times the likelihood of each opponent's
    turns of this deal under the model (see the module docstring); a hand of
    three Aces has weight 0, since it would have ended the deal (R-T7).

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> v = ThirtyOneGame(players=2).new_state(seed=2).view(0)
    >>> deals = weighted_deals(v, random.Random(0))
    >>> len(deals), round(sum(w for _, w in deals), 9)     # C(26, 3) hands of seat 1
    (2600, 1.0)
    >>> sum(w == 0 for _, w in deals)     # three Aces: impossible, the deal would be over
    1
    """
    known = known_cards(view)
    pool = [c.code for c in unseen_cards(view, known)]
    base = [[c.code for c in k] for k in known]
    slots = [(s, 3 - len(base[s])) for s in view.remaining if s != view.player
             and 3 - len(base[s]) > 0]
    need = sum(u for _, u in slots)
    moves = _history(view)
    tables = _table_before_each(view, moves)
    patience = 3 * len(view.remaining)
    others = [s for s in view.remaining if s != view.player and view.revealed[s] is None]

    def weight(hands: list[list[int]]) -> float:
        w = 1.0
        for s in others:
            h = hands[s]
            if _SCORE[h[0] * 1225 + h[1] * 35 + h[2]] == _ACES:
                return 0.0          # three Aces would have ended the deal (R-T7)
        for s in others:
            w *= _likelihood(s, hands[s], moves, tables, patience, view.turn_cap, trust)
            if w == 0.0:
                break
        return w

    total_ways = 1
    left = len(pool)
    for _, u in slots:
        total_ways *= _comb(left, u)
        left -= u
    out: list[tuple[list[list[int]], float]] = []
    if need == 0:
        out.append(([h[:] for h in base], 1.0))
    elif len(slots) == 1 and total_ways <= exact_limit:
        s, u = slots[0]
        for combo in itertools.combinations(pool, u):
            hands = [h[:] for h in base]
            hands[s] = hands[s] + list(combo)
            out.append((hands, weight(hands)))
    else:
        for _ in range(samples):
            draw = rng.sample(pool, need)
            hands = [h[:] for h in base]
            k = 0
            for s, u in slots:
                hands[s] = hands[s] + draw[k:k + u]
                k += u
            out.append((hands, weight(hands)))
    total = sum(w for _, w in out)
    if total <= 0.0:            # nothing explains the log: fall back to the uniform prior
        return [(h, 1.0 / len(out)) for h, _ in out]
    return [(h, w / total) for h, w in out]


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k) if 0 <= k <= n else 0

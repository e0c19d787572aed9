"""A Thirty-One expert bot: the chance of losing a life, for every choice, from the view.

:class:`ThirtyOneExpertAgent` (agent name ``expert``) decides from its
:class:`~cardgames.thirtyone.view.ThirtyOneView` only (R-T9).  At each decision it

1. **reads the view**: its own hand, the table, the revealed hands and the
   public log of the deal.  Every swap says which cards went to and from the
   table, so a card an opponent took from the table is *known* to be in that
   hand until the log shows it going back (:func:`known_cards`).  The other
   cards of each hand are *unseen*: any of the cards nobody has seen (the
   deck minus everything known) may be there.
2. **weighs the consistent deals** (:func:`weighted_deals`): every way to
   fill the opponents' unseen slots from the unseen cards, each with the
   probability of the opponents' own actions in this deal (passes, swaps,
   not revealing yet) under a model of them -- the heuristic player
   (:class:`~cardgames.thirtyone.bots.ThirtyOneHeuristicAgent`) mixed with a
   uniformly random player (``trust`` = 0.9: 90 % heuristic), so a hand the
   model could not explain is less likely, never impossible.  When there are
   at most ``exact_limit`` ways (two players: usually all C(26, 3) = 2600
   hands of the one opponent), all of them are enumerated; otherwise
   ``samples`` of them are drawn with the ``rng`` given to :meth:`act`.
3. **scores every legal choice** by the weighted chance that it loses a life
   (T13, T14, R-T7):

   * ``reveal``, and every choice in a final turn, **exactly** for each
     consistent deal: the players still to move take their final turn the
     way the model does (the best legal swap if it beats their hand, else
     stand, R-T6), then the hands are scored (T11, lowest loses, ties all lose);
   * a swap, a pass, keep and exchange: by **rollouts** -- the rest of the
     deal is played out ``rollouts`` times (deals drawn by weight, the same
     deals for every choice, so the choices are compared on equal terms),
     the opponents as modelled and this player's later turns by the
     heuristic rule, every modelled player taking the first of equally good
     swaps (the real heuristic draws one at random).  This is the stated approximation: a
     one-step improvement over the heuristic continuation, not a full search.

   It plays the choice with the lowest chance of losing a life; near-ties
   (within ``margin``) go to reveal, then to the better hand.

Decision time on this machine is well under the 200 ms of the issue (median
about 20-40 ms; see ``docs/analysis.md``).

>>> from cardgames.thirtyone import ThirtyOneGame
>>> from cardgames.play import play_game
>>> from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent
>>> record = play_game(ThirtyOneGame(players=2),
...                    [ThirtyOneExpertAgent(), ThirtyOneHeuristicAgent()], seed=3)
>>> record.outcome.winners in ((0,), (1,), (0, 1))
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.cards import CHRONICLER, ORDINARY_CARDS, Card
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
from cardgames.thirtyone.events import Dealt, Exchanged, Passed, Revealed, Swapped
from cardgames.thirtyone.score import MIN_SCORE, THREE_ACES_SCORE, _build_tables
from cardgames.thirtyone.view import Phase, ThirtyOneView

__all__ = ["ThirtyOneExpertAgent", "known_cards", "lose_probabilities", "unseen_cards",
           "weighted_deals"]

_SCORE, _TOTAL = _build_tables()      # flat: index a * 1225 + b * 35 + c (card codes)
#: heuristic value of a hand as one int: twice the score (30.5!) first, then the best suit sum
_VAL = [int(2 * s) * 64 + t for s, t in zip(_SCORE, _TOTAL)]
_ACES = THREE_ACES_SCORE
_REVEAL_AT = 26.0          # ThirtyOneHeuristicAgent's default reveal_at


def _idx(a: int, b: int, c: int) -> int:
    return a * 1225 + b * 35 + c


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


# --------------------------------------------------------------------------- the model


def _best_swap(hand: list[int], table: list[int], final: bool,
               rng: random.Random | None) -> tuple[int, int, int]:
    """The heuristic's best improving swap: (value, i, j); i = -1 none, i = 3 swap all.

    Ties between equally good swaps: the first (``rng`` None) or one drawn with ``rng``.
    In a final turn only swaps to a hand of at least 21 are legal (R-T6).
    """
    a, b, c = hand
    val, sc = _VAL, _SCORE
    a1, b1 = a * 1225, b * 35
    best, bi, bj, ties = val[a1 + b1 + c], -1, -1, 0
    t0, t1, t2 = table
    for i, j, k in ((0, 0, t0 * 1225 + b1 + c), (0, 1, t1 * 1225 + b1 + c),
                    (0, 2, t2 * 1225 + b1 + c), (1, 0, a1 + t0 * 35 + c),
                    (1, 1, a1 + t1 * 35 + c), (1, 2, a1 + t2 * 35 + c),
                    (2, 0, a1 + b1 + t0), (2, 1, a1 + b1 + t1), (2, 2, a1 + b1 + t2),
                    (3, 0, t0 * 1225 + t1 * 35 + t2)):
        v = val[k]
        if v < best or (final or i == 3) and sc[k] < MIN_SCORE:
            continue
        if v > best:
            best, bi, bj, ties = v, i, j, 1
        elif bi >= 0:
            ties += 1
            if rng is not None and rng.randrange(ties) == 0:
                bi, bj = i, j
    return best, bi, bj


def _apply_swap(hand: list[int], table: list[int], i: int, j: int) -> None:
    if i == 3:
        hand[:], table[:] = table[:], hand[:]
    else:
        hand[i], table[j] = table[j], hand[i]


def _model_play(hand: list[int], table: list[int], turns: int, patience: int,
                passed: bool, cap: int | None, rng: random.Random | None) -> tuple[str, int, int]:
    """The heuristic's turn in phase PLAY: ('reveal'|'swap'|'pass', i, j)."""
    if cap is not None and turns >= cap:
        return "reveal", -1, -1
    s = _SCORE[_idx(hand[0], hand[1], hand[2])]
    if s >= _REVEAL_AT or (turns >= patience and s >= MIN_SCORE) or turns >= 3 * patience:
        return "reveal", -1, -1
    _, i, j = _best_swap(hand, table, False, rng)
    if i >= 0:
        return "swap", i, j
    return ("reveal", -1, -1) if passed else ("pass", -1, -1)


def _settle(hands: list[list[int]], seats: Sequence[int], me: int) -> int:
    """1 if ``me`` has (one of) the lowest scores among ``seats`` (T13), else 0."""
    sc = _SCORE
    h = hands[me]
    mine = sc[h[0] * 1225 + h[1] * 35 + h[2]]
    for s in seats:
        h = hands[s]
        if sc[h[0] * 1225 + h[1] * 35 + h[2]] < mine:
            return 0
    return 1


def _finals(hands: list[list[int]], table: list[int], order: Sequence[int], seats: Sequence[int],
            me: int, rng: random.Random | None) -> int:
    """Final turns of ``order`` as modelled (R-T6), then scoring: does ``me`` lose a life?"""
    for p in order:
        _, i, j = _best_swap(hands[p], table, True, rng)
        if i >= 0:
            h = hands[p]
            _apply_swap(h, table, i, j)
            if _SCORE[h[0] * 1225 + h[1] * 35 + h[2]] == _ACES:   # R-T7: everyone else loses
                return int(p != me)
    return _settle(hands, seats, me)


@dataclass
class _Deal:
    """A position with every card filled in: hands (codes), table, whose turn, counters."""

    hands: list[list[int]]
    table: list[int]
    phase: Phase
    current: int
    passed: list[bool]
    turns: int
    final: list[int]

    def copy(self) -> _Deal:
        return _Deal([h[:] for h in self.hands], self.table[:], self.phase, self.current,
                     self.passed[:], self.turns, self.final[:])


def _rollout(d: _Deal, seats: Sequence[int], me: int, patience: int, cap: int | None,
             rng: random.Random | None, max_turns: int = 200) -> int:
    """Play the deal ``d`` (a copy, changed) to its end with the model: does ``me`` lose a life?"""
    hands, table = d.hands, d.table
    order = list(seats)
    nxt = {s: order[(k + 1) % len(order)] for k, s in enumerate(order)}
    if d.phase is Phase.EXCHANGE:
        p = d.current
        if _VAL[_idx(*table)] > _VAL[_idx(*hands[p])]:
            _apply_swap(hands[p], table, 3, 0)
        if _SCORE[_idx(*hands[p])] == _ACES:
            return int(p != me)
        d.phase, d.current = Phase.PLAY, nxt[p]
    if d.phase is Phase.FINAL:
        return _finals(hands, table, d.final, seats, me, rng)
    p, turns, passed = d.current, d.turns, d.passed
    for _ in range(max_turns):
        kind, i, j = _model_play(hands[p], table, turns, patience, passed[p], cap, rng)
        turns += 1
        if kind == "reveal":
            k = order.index(p)
            later = order[k + 1:] + order[:k]
            return _finals(hands, table, later, seats, me, rng)
        if kind == "pass":
            passed[p] = True
        else:
            _apply_swap(hands[p], table, i, j)
            passed[p] = False
            if _SCORE[_idx(*hands[p])] == _ACES:
                return int(p != me)
        p = nxt[p]
    return _settle(hands, seats, me)   # pragma: no cover - the model always reveals


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


# --------------------------------------------------------------------------- evaluation


def _position(view: ThirtyOneView, hands: list[list[int]]) -> _Deal:
    return _Deal([h[:] for h in hands], [c.code for c in view.table], view.phase,
                 view.player, list(view.passed), view.turns, list(view.final_turns))


def _after(view: ThirtyOneView, d: _Deal, action: ThirtyOneAction, seats: Sequence[int],
           me: int) -> int | None:
    """Apply ``action`` of ``me`` to ``d``; return 0/1 if the deal is decided now, else None."""
    order = list(seats)
    nxt = order[(order.index(me) + 1) % len(order)]
    hand, table = d.hands[me], d.table
    cls = action.__class__
    if isinstance(action, SwapOne):
        i = hand.index(action.hand_card.code)
        j = table.index(action.table_card.code)
        _apply_swap(hand, table, i, j)
    elif cls in (SwapAll, Exchange):
        _apply_swap(hand, table, 3, 0)
    if cls in (SwapOne, SwapAll, Exchange) and _SCORE[_idx(*hand)] == _ACES:
        return 0                                         # R-T7: three Aces, others lose
    if d.phase is Phase.EXCHANGE:
        d.phase, d.current = Phase.PLAY, nxt
        return None
    if d.phase is Phase.FINAL:
        rest = d.final[1:] if d.final and d.final[0] == me else d.final
        return _finals(d.hands, table, rest, seats, me, None)
    d.turns += 1
    if cls is Reveal:
        k = order.index(me)
        return _finals(d.hands, table, order[k + 1:] + order[:k], seats, me, None)
    d.passed[me] = cls is Pass
    d.current = nxt
    return None


def lose_probabilities(view: ThirtyOneView, legal: Sequence[ThirtyOneAction], rng: random.Random,
                       *, exact_limit: int = 3000, samples: int = 600, rollouts: int = 60,
                       trust: float = 0.9) -> dict[ThirtyOneAction, float]:
    """For each legal action, the estimated chance that this player loses a life this deal.

    Reveal and final-turn choices are exact over the weighted deals; the others
    by ``rollouts`` rollouts each on common deals (see the module docstring).

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> g = ThirtyOneGame(players=2)
    >>> s = g.state_from_position(hands=["7B 8L 9A", "AH KH 10H"], table="UB 7H 8A")
    >>> p = lose_probabilities(s.view(1), list(s.legal_actions()), random.Random(0))
    >>> round(p[Reveal()], 3)   # 31 loses a life only on a tie: seat 0 makes 31 too (T13)
    0.031
    """
    me = view.player
    seats = view.remaining
    deals = weighted_deals(view, rng, exact_limit=exact_limit, samples=samples, trust=trust)
    patience = 3 * len(seats)
    cap = view.turn_cap
    exact = [a for a in legal if a.__class__ is Reveal or view.phase is Phase.FINAL]
    rolled = [a for a in legal if a not in exact]
    result: dict[ThirtyOneAction, float] = {}
    table0 = [c.code for c in view.table]
    for a in exact:
        p = 0.0
        for hands, w in deals:
            d = _Deal(list(hands), table0[:], view.phase, me, [], 0, list(view.final_turns))
            d.hands[me] = hands[me][:]           # only the movers' hands change: copy those
            for s in (view.final_turns if view.phase is Phase.FINAL else seats):
                d.hands[s] = hands[s][:]
            lost = _after(view, d, a, seats, me)
            p += w * (lost if lost is not None else 0)
        result[a] = p
    if rolled:
        weights = [w for _, w in deals]
        picks = rng.choices(range(len(deals)), weights=weights, k=rollouts)
        for a in rolled:
            lost_total = 0
            for k in picks:
                d = _position(view, deals[k][0])
                lost = _after(view, d, a, seats, me)
                if lost is None:
                    lost = _rollout(d, seats, me, patience, cap, None)
                lost_total += lost
            result[a] = lost_total / rollouts
    return result


class ThirtyOneExpertAgent:
    """Plays the choice with the lowest chance of losing a life (see the module docstring).

    Keyword options: ``rollouts`` per non-reveal choice (default 60),
    ``samples`` of deals when they are too many to enumerate (600),
    ``exact_limit`` (3000), ``trust`` in the opponent model (0.9) and
    ``margin`` (0.02): a choice must be that much safer than revealing, or
    than the choice giving the best hand, to be preferred to it.
    """

    name = "expert"

    def __init__(self, *, rollouts: int = 60, samples: int = 600, exact_limit: int = 3000,
                 trust: float = 0.9, margin: float = 0.02) -> None:
        self.rollouts = rollouts
        self.samples = samples
        self.exact_limit = exact_limit
        self.trust = trust
        self.margin = margin

    def __repr__(self) -> str:
        return (f"ThirtyOneExpertAgent(rollouts={self.rollouts}, samples={self.samples}, "
                f"exact_limit={self.exact_limit}, trust={self.trust}, margin={self.margin})")

    def act(self, view: ThirtyOneView, legal_actions: Any, rng: random.Random) -> ThirtyOneAction:
        legal: list[ThirtyOneAction] = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        probs = lose_probabilities(view, legal, rng, exact_limit=self.exact_limit,
                                   samples=self.samples, rollouts=self.rollouts, trust=self.trust)
        hand = [c.code for c in view.hand]
        table = [c.code for c in view.table]

        def hand_value(a: ThirtyOneAction) -> int:
            h = hand[:]
            if isinstance(a, SwapOne):
                h[h.index(a.hand_card.code)] = a.table_card.code
            elif isinstance(a, (SwapAll, Exchange)):
                h = table[:]
            return _VAL[_idx(*h)]

        def prefer(a: ThirtyOneAction) -> tuple[int, int, float]:
            # within the margin of the safest: reveal/stand/keep first, then the better hand
            steady = isinstance(a, (Reveal, Stand, Keep))
            return (0 if steady else 1, -hand_value(a), probs[a])

        best = min(probs[a] for a in legal)
        close = [a for a in legal if probs[a] <= best + self.margin]
        return min(close, key=prefer)

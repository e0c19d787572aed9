"""Exact claim odds for Liar: can the last claim "N x rank" be true?

The model (documented, pure Python, exact with :mod:`fractions`):

**What a player has "not seen".**  For the viewer ``p`` of a
:class:`~cardgames.liar.view.LiarView`, the *unseen multiset* is the game's
full deck (R-L2: 32 or 64 cards plus the Chroniclers in play) minus

1. ``p``'s own hand;
2. the cards of ``p``'s own plays still lying in the pile (``p`` knows they are
   not in the claim);
3. with ``exclude_known=True`` (the default), the cards ``p`` knows *for
   certain* to be in the hand of a player other than the claimant.  ``p``
   learns where cards are when a pile is taken: the taker gets every card
   ``p`` knew to lie in the pile -- ``p``'s own plays, a play turned over in a
   call (L9, R-L6), the Pale Chronicler made public by R-L7.  That knowledge is
   certain only until the taker next puts cards down (they may have played
   any of them), so it is dropped at the taker's next play.  Known cards of
   the *claimant* are never excluded: they may be in the claim.

Everything else -- other hands, other players' plays in the pile, the cards
put aside (R-L3) -- is unseen, and each unseen card is equally likely to be
anywhere unseen.

**The claim.**  The ``N`` claimed cards are taken to be ``N`` cards drawn at
random, without replacement, from the unseen multiset (copies of a card with
two decks count separately).  The claim is true (R-L6) when every drawn card
is of the announced rank or a Chronicler: the Colorful always (L12), the Pale
too because the player considering a *call* would be calling it (L13).  So,
with ``G`` good cards among ``T`` unseen::

    P(true) = C(G, N) / C(T, N)       (hypergeometric, all N draws good)

At the very first play this is exact (the claimant's hand is a uniform part of
the unseen cards and a random player picks uniformly); later it ignores what
announcements and the players' strategies reveal -- an estimate, not a
posterior.

>>> claim_probability_counts(unseen_total=24, unseen_good=4, n=2)   # C(4,2)/C(24,2)
0.021739130434782608
>>> claim_probability_counts(unseen_total=24, unseen_good=4, n=2, exact=True)
Fraction(1, 46)
>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 7B 7L 9H", "7A AH"])
>>> s.apply("play 9H")                     # announced "1 seven"
>>> claim_probability(s.view(1), exact=True)   # player 1 holds 7A; of 30 unseen, 3 sevens
Fraction(1, 10)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any, cast

from cardgames.cards import PALE, Card, Rank, make_deck
from cardgames.liar.events import LiarEvent, PalePenalty, PileTaken, Played, Revealed

if TYPE_CHECKING:
    from cardgames.liar.view import LiarView, PileRecord

__all__ = [
    "claim_probability", "claim_probability_counts", "honest_claim_probability", "unseen_cards", "known_holdings",
    "holding_distribution", "hypergeometric_pmf", "is_good", "KnownTracker", "read_knowledge",
]


def is_good(card: Card, rank: Rank) -> bool:
    """True if ``card`` makes a claim of ``rank`` true when called (R-L6, L12, L13)."""
    return card.is_chronicler or card.rank is rank


def claim_probability_counts(*, unseen_total: int, unseen_good: int, n: int,
                             exact: bool = False) -> float | Fraction:
    """P(all ``n`` cards drawn from ``unseen_total`` cards are among the ``unseen_good``).

    ``C(unseen_good, n) / C(unseen_total, n)``; a ``Fraction`` with ``exact=True``.

    >>> claim_probability_counts(unseen_total=10, unseen_good=10, n=4)
    1.0
    >>> claim_probability_counts(unseen_total=10, unseen_good=2, n=3)
    0.0
    """
    for name, v in (("unseen_total", unseen_total), ("unseen_good", unseen_good), ("n", n)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise ValueError(f"{name} must be a whole number >= 0, not {v!r}")
    if unseen_good > unseen_total:
        raise ValueError(f"unseen_good={unseen_good} exceeds unseen_total={unseen_total}")
    if not 1 <= n <= unseen_total:
        raise ValueError(f"n={n} must be 1..unseen_total={unseen_total} (a claim is 1-4 "
                         "cards, R-L4, and they must come from somewhere)")
    p = Fraction(comb(unseen_good, n), comb(unseen_total, n))
    return p if exact else float(p)


def hypergeometric_pmf(total: int, good: int, draws: int, *,
                       exact: bool = False) -> dict[int, float | Fraction]:
    """P(k good among ``draws`` cards drawn from ``total`` holding ``good``), for every k.

    >>> hypergeometric_pmf(4, 2, 2, exact=True)
    {0: Fraction(1, 6), 1: Fraction(2, 3), 2: Fraction(1, 6)}
    """
    if not 0 <= good <= total or not 0 <= draws <= total:
        raise ValueError(f"need 0 <= good ({good}) <= total ({total}) and 0 <= draws ({draws}) "
                         "<= total")
    denom = comb(total, draws)
    out: dict[int, float | Fraction] = {}
    for k in range(max(0, draws - (total - good)), min(good, draws) + 1):
        f = Fraction(comb(good, k) * comb(total - good, draws - k), denom)
        out[k] = f if exact else float(f)
    return out


def _own_cards(view: LiarView) -> dict[int, tuple[Card, ...]]:
    return {m.number: m.cards for m in view.my_plays}


def known_holdings(view: LiarView, *, before_play: int | None = None) -> tuple[Counter[Card], ...]:
    """Per seat, the cards the viewer knows for certain that seat holds now (see the module doc).

    The viewer's own entry is empty (their hand is in ``view.hand``).  With
    ``before_play=k``, the knowledge is kept through play ``k`` (what the
    player of play ``k`` was known to hold just before making it; some of those
    cards may now be in that play).

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=3).state_from_position(hands=["7H 8H", "9B UB", "AH AB"])
    >>> s.apply("play 8H"); s.apply("call")          # player 1 catches player 0
    >>> known_holdings(s.view(2))[0]                 # everyone saw 8H go back to player 0
    Counter({Card.parse('8H'): 1})
    """
    cache = view.__dict__.setdefault("_known_holdings_cache", {})
    if before_play not in cache:
        cache[before_play] = _known_holdings(view, before_play)
    return tuple(Counter(c) for c in cache[before_play])


def _known_holdings(view: LiarView, before_play: int | None) -> tuple[Counter[Card], ...]:
    known: list[Counter[Card]] = [Counter() for _ in range(view.players)]
    pile_known: Counter[Card] = Counter()
    read_knowledge(view.events, view.player, _own_cards(view), known, pile_known,
                   before_play=before_play)
    return tuple(known)


def read_knowledge(events: Sequence[LiarEvent], me: int,
                   own: Mapping[int, tuple[Card, ...]] | Callable[[], Mapping[int, tuple[Card, ...]]],
                   known: list[Counter[Card]], pile_known: Counter[Card], *,
                   before_play: int | None = None) -> None:
    """The rules of certain knowledge (see the module doc), one event after another.

    Reads ``events`` as player ``me`` saw them and updates, in place, ``known``
    (per seat, the cards ``me`` knows that seat holds) and ``pile_known`` (the
    cards ``me`` knows to lie in the pile).  ``own`` maps ``me``'s play numbers
    to their cards (or is a function returning that map, called at most once,
    when ``me``'s first play is read).  This is the one place of these rules:
    :func:`known_holdings` reads a whole round, :class:`KnownTracker` only the
    new events.
    """
    own_map = own if isinstance(own, Mapping) else None
    for ev in events:
        if isinstance(ev, Played):
            if ev.player == me:
                if own_map is None:
                    own_map = cast(Callable[[], Mapping[int, tuple[Card, ...]]], own)()
                pile_known.update(own_map.get(ev.number, ()))
            elif ev.number != before_play:
                known[ev.player].clear()
        elif isinstance(ev, Revealed):
            if ev.player != me:
                pile_known.update(ev.cards)
        elif isinstance(ev, PalePenalty):
            if ev.player != me:
                pile_known[PALE] += 1
        elif isinstance(ev, PileTaken):
            if ev.player != me:
                known[ev.player].update(pile_known)
            pile_known.clear()


class KnownTracker:
    """:func:`known_holdings` of a view, reading only the events new since the last call.

    :func:`known_holdings` reads every event of the round on every call.  A
    tracker keeps, per viewer, what it read last: if the view's events begin
    with the same event objects (events are immutable, a state only appends),
    it reads on from there; otherwise (a new round, another state) from the
    start.  Both read through :func:`read_knowledge`, so the result is the same
    (tests/adapters/test_fast_ids.py compares them over whole games).  The
    returned counters are the tracker's own: do not change them.

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=3).state_from_position(hands=["7H 8H", "9B UB", "AH AB"])
    >>> s.apply("play 8H"); s.apply("call")
    >>> KnownTracker().known(s.view(2))[0] == known_holdings(s.view(2))[0]
    True
    """

    def __init__(self) -> None:
        # player -> (events read, first event, last event, known per seat, known pile cards)
        self._at: dict[int, tuple[int, Any, Any, list[Counter[Card]], Counter[Card]]] = {}

    def known(self, view: LiarView) -> list[Counter[Card]]:
        """Per seat, the cards ``view.player`` knows that seat holds (own entry empty)."""
        me, events = view.player, view.events
        at = self._at.get(me)
        if (at is not None and at[0] <= len(events) and at[0] > 0
                and events[0] is at[1] and events[at[0] - 1] is at[2]):
            start, known, pile_known = at[0], at[3], at[4]
        else:
            start, known, pile_known = 0, [Counter() for _ in range(view.players)], Counter()
        if start < len(events):
            read_knowledge(events[start:], me, lambda: _own_cards(view), known, pile_known)
            self._at[me] = (len(events), events[0], events[-1], known, pile_known)
        return known


def unseen_cards(view: LiarView, *, claimant: int | None = None,
                 exclude_known: bool = True) -> Counter[Card]:
    """The multiset of cards ``view.player`` has not seen (see the module docstring).

    ``claimant``: whose known cards stay unseen (default: the claim's player, if any).

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
    >>> sum(unseen_cards(s.view(0)).values())        # 32 - 2 in hand
    30
    """
    g_deck = Counter(make_deck(decks=view.decks, chroniclers=view.chroniclers))
    g_deck.subtract(view.hand)
    for rec in view.pile:
        if rec.player == view.player and rec.cards is not None:
            g_deck.subtract(rec.cards)
    if exclude_known:
        if claimant is None and view.claim is not None:
            claimant = view.claim.player
        # keeping the claimant's knowledge through the claim changes only the
        # claimant's entry, which is not used here; it shares the cache with
        # honest_claim_probability
        keep = (view.claim.number if view.claim is not None and view.claim.player == claimant
                else None)
        for seat, held in enumerate(known_holdings(view, before_play=keep)):
            if seat != claimant and seat != view.player:
                g_deck.subtract(held)
    return +g_deck


def _claim_of(view: LiarView, claim: PileRecord | None) -> PileRecord:
    if claim is not None:
        return claim
    if view.claim is not None:
        return view.claim
    if view.pile:
        return view.pile[-1]
    raise ValueError("there is no claim to judge: the pile is empty")


def claim_probability(view: LiarView, *, claim: PileRecord | None = None,
                      exclude_known: bool = True, exact: bool = False) -> float | Fraction:
    """P(the claim can be true) as ``view.player`` sees it: hypergeometric over the unseen cards.

    ``claim`` defaults to the play under the call window (else the last play in
    the pile).  For the viewer's own play the answer is 1 or 0 (they know it).
    A Fraction with ``exact=True``.
    """
    c = _claim_of(view, claim)
    if c.player == view.player:
        cards = c.cards if c.cards is not None else ()
        ok = all(is_good(x, c.announced) for x in cards)
        return Fraction(int(ok)) if exact else float(ok)
    unseen = unseen_cards(view, claimant=c.player, exclude_known=exclude_known)
    total = sum(unseen.values())
    good = sum(n for card, n in unseen.items() if is_good(card, c.announced))
    return claim_probability_counts(unseen_total=total, unseen_good=good, n=c.count, exact=exact)


def honest_claim_probability(view: LiarView, *, claim: PileRecord | None = None,
                             exact: bool = False) -> float | Fraction:
    """P(the claimant held at least N good cards just before the claim): could an *honest* player make it?

    A second model, for players who tell the truth when they can (as the
    heuristic bot does).  The claimant's hand just before the play had
    ``hand_sizes[claimant] + N`` cards: the ones the viewer knows for certain
    (:func:`known_holdings` before the play) plus a uniform random draw of
    the rest from the unseen cards not otherwise accounted for.  Good cards
    are the announced rank and the Chroniclers (R-L6).  Not the same question
    as :func:`claim_probability` (what was really put down).

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=2).state_from_position(hands=["7H 9B", "7A AH"])
    >>> s.apply("play 9B")                       # "1 seven"; player 0 held 2 cards
    >>> honest_claim_probability(s.view(1), exact=True)   # 1 - C(27,2)/C(30,2)
    Fraction(28, 145)
    """
    c = _claim_of(view, claim)
    if c.player == view.player:
        return claim_probability(view, claim=c, exact=exact)
    rank, n = c.announced, c.count
    before = known_holdings(view, before_play=c.number)[c.player]
    pool = unseen_cards(view, claimant=c.player)
    pool.subtract(before)
    pool = +pool
    total = sum(pool.values())
    good = sum(k for card, k in pool.items() if is_good(card, rank))
    g_known = sum(k for card, k in before.items() if is_good(card, rank))
    draws = view.hand_sizes[c.player] + n - sum(before.values())
    draws = max(0, min(draws, total))
    p = sum((f for j, f in hypergeometric_pmf(total, good, draws, exact=True).items()
             if g_known + j >= n), Fraction(0))
    return p if exact else float(p)


def holding_distribution(view: LiarView, rank: Rank, *, players: tuple[int, ...] | None = None,
                         chroniclers: bool = False, exact: bool = False
                         ) -> dict[int, float | Fraction]:
    """Distribution of how many cards of ``rank`` the given other players hold together.

    ``players``: the seats to count (default: every other player);
    ``chroniclers``: also count Chroniclers (they make a claim true).  Each of
    those hands is its known cards (:func:`known_holdings`) plus a uniform
    random draw of the rest from the cards not otherwise accounted for
    (the unseen multiset with every other player's known cards removed).

    >>> from cardgames.liar import LiarGame
    >>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"])
    >>> d = holding_distribution(s.view(0), Rank.SEVEN, exact=True)   # 2 of 30 unseen drawn
    >>> d[0], d[1]                                                     # 3 sevens unseen
    (Fraction(117, 145), Fraction(27, 145))
    """
    me = view.player
    seats = tuple(q for q in range(view.players) if q != me) if players is None else players
    if me in seats:
        raise ValueError(f"player {me} knows their own hand; ask about the other players")
    known = known_holdings(view)
    pool = unseen_cards(view, exclude_known=False)
    for q in range(view.players):
        if q != me:
            pool.subtract(known[q])
    pool = +pool

    def good(card: Card) -> bool:
        return card.rank is rank or (chroniclers and card.is_chronicler)

    pool_total = sum(pool.values())
    pool_good = sum(n for card, n in pool.items() if good(card))
    fixed = sum(n for q in seats for card, n in known[q].items() if good(card))
    draws = sum(view.hand_sizes[q] - sum(known[q].values()) for q in seats)
    pmf = hypergeometric_pmf(pool_total, pool_good, draws, exact=exact)
    return {fixed + k: p for k, p in pmf.items()}

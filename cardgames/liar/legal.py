"""The legal actions of a Liar state, as a lazy collection.

In the PLAY phase the legal actions are all distinct multisets of 1-4 cards
of the hand (L7, R-L4); with two decks a hand may hold two equal cards, and
playing "either" copy is one action.  They are never materialised to test
membership or to sample: ``in`` checks the multiset against the hand,
``len`` counts with a small polynomial product, and :meth:`sample` draws
uniformly by rejection (see below).  In the CALL_WINDOW phase the legal
actions are ``call`` and ``pass`` (R-L5); when the round is over, none.

>>> from cardgames.cards import parse_cards
>>> legal = LiarLegalActions.for_play(0, tuple(parse_cards("7H 7B AH")))
>>> len(legal)            # 3 + 3 + 1 subsets of 1-3 distinct cards
7
>>> from cardgames.liar.actions import Call
>>> Play("7H AH") in legal, Play("7H 7H") in legal, Call() in legal
(True, False, False)
>>> sorted(str(a) for a in legal)[:3]
['play 7B', 'play 7H', 'play 7H 7B']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from math import comb
from operator import attrgetter

from cardgames.cards import Card, format_cards
from cardgames.draws import randbelow, sample
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.liar.actions import CALL, PASS, LiarAction, Play
from cardgames.liar.phase import Phase

__all__ = ["LiarLegalActions", "count_plays"]

_MAX_PLAY = 4  # R-L4
_PLAY, _WINDOW = Phase.PLAY, Phase.CALL_WINDOW
# _CUM[n] = cumulative counts of the k-subsets of n distinct positions, k = 1..min(4, n)
_CUM: list[tuple[int, ...]] = []
_CODE = attrgetter("code")   # sort key: cards order by code (an int compare, not Card.__lt__)


def _cum(n: int) -> tuple[int, ...]:
    while len(_CUM) <= n:
        m = len(_CUM)
        total, out = 0, []
        for k in range(1, min(_MAX_PLAY, m) + 1):
            total += comb(m, k)
            out.append(total)
        _CUM.append(tuple(out))
    return _CUM[n]


def count_plays(multiplicities: list[int] | tuple[int, ...]) -> int:
    """How many distinct multisets of 1-4 cards a hand with these multiplicities allows.

    The coefficients of x^1..x^4 in the product of (1 + x + ... + x^m).

    >>> count_plays([1] * 5)      # C(5,1)+C(5,2)+C(5,3)+C(5,4)
    30
    >>> count_plays([2, 1])       # 7H 7H AH: 7H, AH, 7H7H, 7HAH, 7H7HAH
    5
    """
    poly = [1, 0, 0, 0, 0]
    for m in multiplicities:
        new = [0] * 5
        for i, a in enumerate(poly):
            if a:
                for j in range(0, min(m, _MAX_PLAY - i) + 1):
                    new[i + j] += a
        poly = new
    return sum(poly[1:])


class LiarLegalActions:
    """What the player to move may do now: a lazy, read-only collection of actions.

    It is a snapshot: later changes of the state do not change it.
    ``phase`` is the :class:`~cardgames.liar.phase.Phase` it was made in,
    ``player`` the player to act, ``hand`` their cards (in ``Phase.PLAY``) and
    ``distinct`` whether the hand holds no two equal cards (always so with one
    deck).  ``sample(rng)`` is uniform over the distinct legal actions.

    >>> LiarLegalActions(Phase.CALL_WINDOW, 1).summary()
    'call or pass'
    """

    __slots__ = ("phase", "player", "hand", "distinct", "_picked")

    def __init__(self, phase: Phase, player: int | None, hand: tuple[Card, ...] = ()) -> None:
        self.phase = phase
        self.player = player
        self.hand = hand
        self.distinct = len(set(hand)) == len(hand)
        #: the action :meth:`sample` returned last (``None`` before): the state that made
        #: this collection accepts exactly that object without validating it again
        self._picked: LiarAction | None = None

    @classmethod
    def for_play(cls, player: int, hand: tuple[Card, ...]) -> LiarLegalActions:
        """The plays of ``player`` holding ``hand`` (L7, R-L4)."""
        return cls(Phase.PLAY, player, hand)

    @classmethod
    def _of_hand(cls, player: int, hand: tuple[Card, ...], distinct: bool, *,
                 phase: Phase = _PLAY) -> LiarLegalActions:
        """Fast constructor for the state, which knows ``distinct`` (one deck: True)."""
        self = object.__new__(cls)
        self.phase = phase
        self.player = player
        self.hand = hand
        self.distinct = distinct
        self._picked = None
        return self

    def describe(self, *, show_cards: bool = True) -> str:
        """What is legal, in words (used in error messages and ``legal`` of errors).

        ``show_cards=False`` leaves the hand out (for messages others may see).

        >>> LiarLegalActions(Phase.OVER, None).describe()
        'nothing (the round is over)'
        """
        if self.phase is _PLAY:
            n = len(self.hand)
            top = min(_MAX_PLAY, n)
            span = "1" if top == 1 else f"1-{top}"
            if not show_cards:
                return ngettext("play {span} of their {n} card", "play {span} of their {n} cards",
                                n).format(span=span, n=n)
            return ngettext("play {span} of your {n} card ({cards})",
                            "play {span} of your {n} cards ({cards})", n).format(
                span=span, n=n, cards=format_cards(sorted(self.hand)))
        if self.phase is _WINDOW:
            return _("call or pass")
        return _("nothing (the round is over)")

    def summary(self) -> str:
        """What is legal, in a line for the player to act (the protocol's name for :meth:`describe`)."""
        return self.describe()

    def __repr__(self) -> str:
        return f"<LiarLegalActions for player {self.player}: {self.describe()}>"

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = LiarAction.parse(action)
            except ValueError:
                return False
        phase = self.phase
        if phase is _WINDOW:
            return action == CALL or action == PASS
        if phase is not _PLAY or type(action) is not Play:
            return False
        cards = action.cards
        if not 1 <= len(cards) <= _MAX_PLAY:
            return False
        hand = self.hand
        for c in cards:
            if hand.count(c) < cards.count(c):
                return False
        return True

    def __len__(self) -> int:
        if self.phase is _WINDOW:
            return 2
        if self.phase is not _PLAY:
            return 0
        if self.distinct:
            cum = _cum(len(self.hand))
            return cum[-1] if cum else 0
        return count_plays(list(Counter(self.hand).values()))

    def __bool__(self) -> bool:
        return self.phase is not Phase.OVER

    def __iter__(self) -> Iterator[LiarAction]:
        if self.phase is _WINDOW:
            yield CALL
            yield PASS
            return
        if self.phase is not _PLAY:
            return
        counts = sorted(Counter(self.hand).items())
        cards = [c for c, _ in counts]
        mult = [m for _, m in counts]
        d = len(cards)

        def rec(start: int, left: int, chosen: list[Card]) -> Iterator[tuple[Card, ...]]:
            if left == 0:
                yield tuple(chosen)
                return
            for i in range(start, d):
                for take in range(1, min(mult[i], left) + 1):
                    chosen.extend([cards[i]] * take)
                    yield from rec(i + 1, left - take, chosen)
                    del chosen[-take:]

        for k in range(1, _MAX_PLAY + 1):
            for combo in rec(0, k, []):
                yield Play._of(combo)

    def sample(self, rng: random.Random) -> LiarAction:
        """A uniformly random legal action, drawn with ``rng`` only.

        Plays: draw k-subsets of hand *positions* with weights C(n, k), then
        accept the resulting multiset S with probability 1 / prod C(m_c, s_c)
        (m_c copies of card c in hand, s_c in S), which is how many position
        subsets give S; so every distinct multiset is equally likely.  With one
        deck every weight is 1 and nothing is rejected.

        >>> import random
        >>> from cardgames.cards import parse_cards
        >>> legal = LiarLegalActions.for_play(0, tuple(parse_cards("7H 8H")))
        >>> sorted({str(legal.sample(random.Random(s))) for s in range(40)})
        ['play 7H', 'play 7H 8H', 'play 8H']
        """
        phase = self.phase
        if phase is _WINDOW:
            action: LiarAction = CALL if rng.random() < 0.5 else PASS
            self._picked = action
            return action
        if phase is not _PLAY:
            raise IndexError("no legal action: the round is over")
        hand = self.hand
        cum = _cum(len(hand))
        total = cum[-1]
        distinct = self.distinct
        # rng.randrange(m) and rng.sample(hand, k), drawing the same numbers faster
        randrange = randbelow(rng)
        while True:
            r = randrange(total)
            k = 1
            while r >= cum[k - 1]:
                k += 1
            chosen = sample(rng, hand, k)
            if k > 1:
                chosen.sort(key=_CODE)
            if distinct:
                play = Play._of(tuple(chosen))
                self._picked = play
                return play
            w = 1
            for c in set(chosen):
                w *= comb(hand.count(c), chosen.count(c))
            if w == 1 or randrange(w) == 0:
                play = Play._of(tuple(chosen))
                self._picked = play
                return play


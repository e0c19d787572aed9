"""The numbers the rules set, written once: players, decks, Chroniclers, lives, a play's
cards, the best hand; and every bound of what a seat is sent, derived from them
(:class:`WireLimits`).

The registry (:mod:`cardgames.registry`) offers the players and lives from here; the codec
of the wire and the saves (:mod:`cardgames.codec`) bounds every list and number with
:data:`LIMITS`.  This module imports no game (the codec is below the games);
``tests/test_wire_limits.py`` checks each number against the engine's own games and the
rules text.

>>> LIMITS.seats, LIMITS.cards, LIMITS.events, LIMITS.plays
(9, 68, 549, 68)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from cardgames.cards import ORDINARY_CARDS, Chronicler

__all__ = ["DECK", "LIAR_CHRONICLERS", "LIAR_MAX_PLAYS", "LIAR_PLAYERS", "LIMITS", "MATCH_ROUNDS", "PLAY_CARDS",
           "TABLE_LIVES", "THIRTY_ONE_PLAYERS", "THREE_ACES", "WireLimits", "liar_cards",
           "liar_log_window"]

#: The cards of one deck ("The deck": 4 suits x 8 ranks).
DECK = len(ORDINARY_CARDS)

#: Liar: (fewest, most) players per number of decks (L1, R-L2: one deck 2-4, two 2-8).
LIAR_PLAYERS = MappingProxyType({1: (2, 4), 2: (2, 8)})
#: Thirty-One: (fewest, most) players, one deck (T1: 2-9).
THIRTY_ONE_PLAYERS = MappingProxyType({1: (2, 9)})
#: The Chroniclers of one Liar deck (L2, L12, L13: the Colorful and the Pale; R-L2: two
#: decks bring 4).  Thirty-One's deck has one (T2).
LIAR_CHRONICLERS = (Chronicler.COLORFUL, Chronicler.PALE)
THIRTY_ONE_CHRONICLERS = 1
#: The cards of a Liar play (R-L4: 1-4).
PLAY_CARDS = 4
#: Liar: the plays after which a round stops with nobody out, places by cards held (the
#: rules' "Settled by the program" 10, ``LiarGame(max_plays=...)``: off in the engine;
#: on, with this number, in tournaments and at the online tables, where two careful
#: players could go round for ever).
LIAR_MAX_PLAYS = 1000
#: The (fewest, most) lives a table offers (R-T8 option, default 3, T13; the engine
#: allows any number >= 0).
TABLE_LIVES = (0, 9)
#: The best hand (T11: three Aces, 33; R-T3: the Chronicler may stand for one).
THREE_ACES = 33.0
#: The longest Liar match the command line plays (R-L10: a match is a number of rounds).
MATCH_ROUNDS = 1000


@dataclass(frozen=True)
class WireLimits:
    """Every bound of what a seat is sent (:mod:`cardgames.codec`, :mod:`cardgames.wire`),
    derived from the numbers above (:func:`wire_limits`; nothing guessed).

    - ``seats``: the most players at a table (T1: 9; Liar R-L2: 8, ``liar_seats``).
    - ``cards``: the most cards of one game (R-L2: two decks of 32 and their 4
      Chroniclers, 68; T2: 33), so the most in any list of cards, a hand, a pile, a
      count of cards; ``liar_cards``: Liar's.
    - ``decks``: the most decks (R-L2: 2); ``lives``: the most lives a table offers
      (R-T8, T13); ``score``: the best hand (T11: three Aces, 33).
    - ``plays``: the most of a seat's own plays of the round sent (``LiarView.my_plays``,
      the last ones): one play per card the pile can hold (R-L4: a play is at least one
      card; the pile is taken whole, L9, R-L7), so every play still in the pile is in it.
    - ``events``: the most of a round's public log sent (``view.events``, the last ones):
      every event since the pile was last taken, at any table (:func:`liar_log_window`).
      Each play still in the pile (at most ``liar_cards``) brings its ``Played`` and at most one ``Passed`` per other seat
      (R-L5): ``liar_seats`` events each; the call that ends it ``CallMade``,
      ``Revealed``, ``PileTaken`` (L9; a Pale penalty ``PalePenalty``, ``PileTaken``,
      R-L7) and the round's end ``WentOut``, ``RoundOver`` (L11): 5 more.  A Thirty-One
      deal's last turns fit in it too (:func:`wire_limits` checks): every seat's last two
      turns 2P, the reveal and the final turns 1 + 2(P-1) (T10, R-T6), the end
      (``ThreeAces``, a ``Scored`` and a life per seat, ``DealOver``, ``MatchOver``:
      2P + 3, T11-T14) and the opening 2 (``Dealt``, T4's keep or exchange).
    - ``rounds``: the window of a Liar match's places (``SeatView.places``, the last
      ones): :data:`MATCH_ROUNDS`; an endless match's places come windowed, with their count.
    """

    seats: int
    cards: int
    liar_seats: int
    liar_cards: int
    decks: int
    lives: int
    score: float
    plays: int
    events: int
    rounds: int


def liar_cards(decks: int, chroniclers: int) -> int:
    """The cards of a Liar game with ``decks`` decks and ``chroniclers`` Chronicler kinds
    (R-L2: each deck brings its 32 cards and its Chroniclers).

    >>> liar_cards(1, 0), liar_cards(2, 2)
    (32, 68)
    """
    return decks * (DECK + chroniclers)


def liar_log_window(cards: int, players: int) -> int:
    """How many of a Liar round's last events hold every event since the pile was last
    taken, with ``cards`` cards and ``players`` players (:class:`WireLimits`): each play
    in the pile (at most one per card, R-L4) and its passes (R-L5), then a call (3, L9)
    and the round's end (2, L11).

    >>> liar_log_window(32, 2), liar_log_window(68, 8)
    (69, 549)
    """
    return cards * players + 5


def _most(players: MappingProxyType[int, tuple[int, int]]) -> int:
    return max(most for _fewest, most in players.values())


def wire_limits() -> WireLimits:
    """The bounds of :class:`WireLimits`, derived from this module's rules numbers.

    >>> wire_limits() == LIMITS
    True
    """
    decks = max(max(LIAR_PLAYERS), max(THIRTY_ONE_PLAYERS))
    liar = liar_cards(max(LIAR_PLAYERS), len(LIAR_CHRONICLERS))                # R-L2
    thirty_one_cards = DECK + THIRTY_ONE_CHRONICLERS                         # T2
    liar_seats, thirty_one_seats = _most(LIAR_PLAYERS), _most(THIRTY_ONE_PLAYERS)
    events = liar_log_window(liar, liar_seats)
    p = thirty_one_seats
    if 2 * p + (1 + 2 * (p - 1)) + (2 * p + 3) + 2 > events:    # pragma: no cover
        raise AssertionError("a Thirty-One deal's last turns do not fit the log's window")
    return WireLimits(seats=max(liar_seats, thirty_one_seats),
                      cards=max(liar, thirty_one_cards), liar_seats=liar_seats,
                      liar_cards=liar, decks=decks, lives=TABLE_LIVES[1],
                      score=THREE_ACES, plays=liar, events=events, rounds=MATCH_ROUNDS)


#: The bounds of the wire (:func:`wire_limits`).
LIMITS = wire_limits()

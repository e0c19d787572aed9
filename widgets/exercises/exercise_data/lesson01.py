"""Lesson 01 — the deck and Liar's rank order: exercises (answers from the engine)."""

from __future__ import annotations

from cardgames.cards import Rank
from widgets.exercises.answers import Exercise, Kind


def _ranks_of_seat(seat: int, players: int, dealer: int = 0) -> set[Rank]:
    """The ranks ``seat`` announces if nobody is caught (L8, R-L1): the clock walked."""
    return {Rank.SEVEN.advance(t) for t in range(8 * players)
            if (dealer + 1 + t) % players == seat}


def _after_a_call() -> tuple[int, Rank]:
    from cardgames.liar import LiarGame

    state = LiarGame(players=4).state_from_position(
        hands=["7H 8H", "9H 10H", "UH OH", "KH AH"],
        pile=[(1, "7B"), (2, "8B"), (3, "KB", "9")], phase="call_window")
    state.apply("pass")          # seat 0 lets it stand
    state.apply("call")          # seat 1 calls: KB is not a nine
    assert state.current_player is not None
    return state.current_player, state.due_rank


EXERCISES = (
    Exercise(
        key="01-six-players", lesson="01", number=1, kind=Kind.RANKS,
        question="Six players use two decks (**R-L2**); the dealer is seat 0. If nobody is "
                 "ever caught, which ranks does **seat 1** announce?",
        compute=lambda: _ranks_of_seat(1, 6),
        hints=("Which turns does seat 1 play? Write them down: turn 0, then every 6 turns.",
               "The rank of turn t is t mod 8 (**L8**). Work out t mod 8 for seat 1's turns "
               "until the ranks repeat.",
               "A seat meets 8 / gcd(n, 8) ranks; here gcd(6, 8) = 2. List them from turn 0."),
        mistakes=(({Rank.SEVEN, Rank.KING}, "Keep going round the table: turns 12 and 18 are "
                                            "seat 1's too."),
                  (set(Rank), "Not every seat sees every rank: gcd(6, 8) = 2.")),
        why="seat 1 plays turns 0, 6, 12, 18, … and 0, 6, 12, 18 mod 8 are 0, 6, 4, 2: every "
            "second rank (gcd(6, 8) = 2).",
        solution="Seat 1 plays turns t = 0, 6, 12, 18, 24, … (**R-L1**: seat dealer + 1 "
                 "begins). Their ranks are t mod 8 = 0, 6, 4, 2, 0, … (**L8**), so seat 1 "
                 "announces {answer}: 8 / gcd(6, 8) = 4 ranks."),
    Exercise(
        key="01-all-ranks", lesson="01", number=2, kind=Kind.WHOLES,
        question="For which numbers of players *n* from 2 to 8 does **every** seat have to "
                 "announce all eight ranks (if nobody is caught)?",
        compute=lambda: {n for n in range(2, 9)
                         if all(len(_ranks_of_seat(s, n)) == 8 for s in range(n))},
        hints=("Look at the table of section 3: how many ranks does a seat see for each n?",
               "A seat sees 8 / gcd(n, 8) ranks. For which n is that 8?",
               "8 / gcd(n, 8) = 8 exactly when gcd(n, 8) = 1: n shares no factor with 8."),
        mistakes=(({3}, "Liar allows up to 8 players with two decks (**R-L2**): check n = 5 "
                        "to 8 too."),
                  ({3, 5}, "Liar allows up to 8 players with two decks (**R-L2**): check "
                           "n = 6, 7, 8 too."),
                  ({2, 4, 6, 8}, "Those are the table sizes where seats MISS ranks.")),
        why="every seat sees all 8 ranks exactly when gcd(n, 8) = 1, i.e. n is odd.",
        solution="A seat walks the clock of 8 in steps of n and meets 8 / gcd(n, 8) ranks. "
                 "That is 8 when gcd(n, 8) = 1, i.e. for odd n: {answer}."),
    Exercise(
        key="01-after-a-call", lesson="01", number=3, kind=Kind.SEAT_RANK,
        question="Four players, dealer seat 0. Seat 1 plays sevens, seat 2 eights, seat 3 "
                 "nines. Seat 0 lets seat 3's play pass, but **seat 1** calls \"Liar!\" — "
                 "and seat 3 did lie. Who plays next, and which rank must they announce?",
        compute=_after_a_call,
        hints=("Two questions: who plays after a caught lie (**L10**), and which rank comes "
               "next after a call (**R-L8**)?",
               "**L10**: after a caught lie, the caller plays. **R-L8**: the ranks go on "
               "from the last one announced.",
               "The last rank announced was nines; what follows nines on the clock?"),
        mistakes=(((0, Rank.TEN), "Seat 0 would play next in the usual order, but **L10**: "
                                  "after a caught lie the CALLER plays."),
                  ((1, Rank.SEVEN), "The ranks never restart after a call (**R-L8**)."),
                  ((1, Rank.NINE), "The liar's nines count as announced: the next rank "
                                   "follows them (**R-L8**).")),
        why="a caught liar takes the pile and the caller plays next (L10); the ranks go on "
            "after the nines (R-L8).",
        solution="Seat 3 lied and was caught, so seat 3 takes the pile and the caller, seat 1, "
                 "plays next (**L10**). The ranks do not restart (**R-L8**): after nines come "
                 "tens. Answer: {answer}."),
)

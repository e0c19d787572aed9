"""Lesson 01 — the deck and Liar's rank order: exercises (answers from the engine).

Each exercise is parameterised: ``vary(rng)`` draws a variant (the table size and seat,
the number of ranks, the rank announced and the caller); the default variant is the one
the lesson prints.
"""

from __future__ import annotations

import math
import random
from typing import Any

from cardgames.cards import Rank
from widgets.exercises.answers import Exercise, Kind
from widgets.exercises.exercise_data._choices import shuffled


def _ranks_of_seat(seat: int, players: int, dealer: int = 0) -> set[Rank]:
    """The ranks ``seat`` announces if nobody is caught (L8, R-L1): the clock walked."""
    return {Rank.SEVEN.advance(t) for t in range(8 * players)
            if (dealer + 1 + t) % players == seat}


def _after_a_call(start: Rank = Rank.SEVEN, caller: int = 1) -> tuple[int, Rank]:
    """Seats 1, 2, 3 announce ``start`` and the next two ranks; seat 3 lies (a card of the
    rank after) and ``caller`` calls after the seats before it let it pass (R-L5)."""
    from cardgames.liar import LiarGame

    r1, r2, r3 = (start.advance(k) for k in range(3))
    wrong = start.advance(3)
    state = LiarGame(players=4).state_from_position(
        hands=["7H 8H", "9H 10H", "UH OH", "KH AH"],
        pile=[(1, f"{r1.symbol}B"), (2, f"{r2.symbol}B"), (3, f"{wrong.symbol}B", r3.symbol)],
        phase="call_window")
    for _ in range(caller):
        state.apply("pass")      # seat 0 (then seat 1) lets it stand
    state.apply("call")          # the caller: the card is not of the rank announced
    assert state.current_player is not None
    return state.current_player, state.due_rank


def _decks(players: int) -> str:
    return "one deck" if players <= 4 else "two decks"


def _six_players(players: int = 6, seat: int = 1, dealer: int = 0) -> Exercise:
    answer = _ranks_of_seat(seat, players, dealer)
    t0 = (seat - dealer - 1) % players
    first_two = {Rank.SEVEN.advance(t0), Rank.SEVEN.advance(t0 + players)}
    g = math.gcd(players, 8)
    mistakes: list[tuple[Any, str]] = []
    if first_two != answer:
        mistakes.append((first_two, f"Keep going round the table: turns {t0 + 2 * players} and "
                                    f"{t0 + 3 * players} are seat {seat}'s too."))
    if answer != set(Rank):
        mistakes.append((set(Rank), f"Not every seat sees every rank: gcd({players}, 8) = {g}."))
    shifted = _ranks_of_seat((seat - 1) % players, players, dealer)
    if shifted != answer:
        mistakes.append((shifted, f"Seat dealer + 1 = seat {(dealer + 1) % players} plays turn "
                                  f"0 (**R-L1**): seat {seat} first plays turn {t0}."))
    turns = ", ".join(str(t0 + k * players) for k in range(4))
    mods = ", ".join(str((t0 + k * players) % 8) for k in range(4))
    default = (players, seat, dealer) == (6, 1, 0)
    return Exercise(
        key="01-six-players", lesson="01", number=1, kind=Kind.RANKS,
        question=(f"{'Six' if default else players} players use {_decks(players)} (**R-L2**); "
                  f"the dealer is seat {dealer}. If nobody is ever caught, which ranks does "
                  f"**seat {seat}** announce?"),
        compute=lambda: _ranks_of_seat(seat, players, dealer),
        hints=(f"Which turns does seat {seat} play? Write them down: turn {t0}, then every "
               f"{players} turns.",
               f"The rank of turn t is t mod 8 (**L8**). Work out t mod 8 for seat {seat}'s "
               "turns until the ranks repeat.",
               f"A seat meets 8 / gcd(n, 8) ranks; here gcd({players}, 8) = {g}. List them from "
               f"turn {t0}."),
        mistakes=tuple(mistakes),
        why=(f"seat {seat} plays turns {turns}, … and {turns} mod 8 are {mods}: "
             f"8 / gcd({players}, 8) = {8 // g} ranks."),
        solution=(f"Seat {seat} plays turns t = {turns}, … (**R-L1**: seat dealer + 1 begins). "
                  f"Their ranks are t mod 8 = {mods}, … (**L8**), so seat {seat} announces "
                  f"{{answer}}: 8 / gcd({players}, 8) = {8 // g} ranks."),
        vary=_vary_six_players, params=(("players", players), ("seat", seat), ("dealer", dealer)),
        method="A seat plays every n-th turn from its first, and turn t announces rank t mod 8 "
               "(**R-L1**, **L8**): the seat meets 8 / gcd(n, 8) ranks, every gcd(n, 8)-th one.")


def _vary_six_players(rng: random.Random) -> Exercise:
    """Lesson 1 lists every seat's ranks for 3 and 4 players and draws 8, dealer seat 0:
    those tables get another dealer, so that no variant's answer is printed."""
    players = rng.choice((2, 4, 6, 8))
    dealer = rng.randrange(1, players) if players in (4, 8) else rng.randrange(players)
    return _six_players(players, rng.randrange(players), dealer)


_HOW_MANY = {8: "all eight ranks", 4: "exactly four ranks", 2: "exactly two ranks",
             1: "a single rank"}


def _all_ranks(k: int = 8) -> Exercise:
    answer = {n for n in range(2, 9) if all(len(_ranks_of_seat(s, n)) == k for s in range(n))}
    mistakes: list[tuple[Any, str]] = []
    if k == 8:
        mistakes += [({3}, "Liar allows up to 8 players with two decks (**R-L2**): check n = 5 "
                           "to 8 too."),
                     ({3, 5}, "Liar allows up to 8 players with two decks (**R-L2**): check "
                              "n = 6, 7, 8 too."),
                     ({2, 4, 6, 8}, "Those are the table sizes where seats MISS ranks.")]
    by_gcd = {n for n in range(2, 9) if math.gcd(n, 8) == k}
    if by_gcd != answer and by_gcd:
        mistakes.append((by_gcd, "A seat meets 8 / gcd(n, 8) ranks, not gcd(n, 8) ranks."))
    g = 8 // k
    return Exercise(
        key="01-all-ranks", lesson="01", number=2, kind=Kind.WHOLES,
        question=("For which numbers of players *n* from 2 to 8 does **every** seat have to "
                  f"announce {'all eight ranks' if k == 8 else '**' + _HOW_MANY[k] + '**'} "
                  "(if nobody is caught)?"),
        compute=lambda: {n for n in range(2, 9)
                         if all(len(_ranks_of_seat(s, n)) == k for s in range(n))},
        hints=("Look at the table of section 3: how many ranks does a seat see for each n?",
               f"A seat sees 8 / gcd(n, 8) ranks. For which n is that {k}?",
               f"8 / gcd(n, 8) = {k} exactly when gcd(n, 8) = {g}"
               + (": n shares no factor with 8." if k == 8 else ".")),
        mistakes=tuple(mistakes),
        why=(f"every seat sees {k} of the 8 ranks exactly when gcd(n, 8) = {g}"
             + (", i.e. n is odd." if k == 8 else ".")),
        solution=(f"A seat walks the clock of 8 in steps of n and meets 8 / gcd(n, 8) ranks. "
                  f"That is {k} when gcd(n, 8) = {g}"
                  + (", i.e. for odd n" if k == 8 else "") + ": {answer}."),
        vary=lambda rng: _all_ranks(rng.choice((8, 4, 2, 1))), params=(("ranks", k),),
        method="A seat meets 8 / gcd(n, 8) ranks (it walks the clock of 8 in steps of n): "
               "list the n from 2 to 8 whose gcd with 8 gives the count asked for.")


def _after_call_ex(start: Rank = Rank.SEVEN, caller: int = 1) -> Exercise:
    r1, r2, r3, nxt = (start.advance(k) for k in range(4))
    passers = "Seat 0 lets" if caller == 1 else "Seats 0 and 1 let"
    mistakes: list[tuple[Any, str]] = [
        ((0, nxt), "Seat 0 would play next in the usual order, but **L10**: after a caught "
                   "lie the CALLER plays."),
        ((caller, r3), f"The liar's {r3.plural} count as announced: the next rank follows them "
                       "(**R-L8**)."),
    ]
    if nxt is not Rank.SEVEN:
        mistakes.insert(1, ((caller, Rank.SEVEN), "The ranks never restart after a call "
                                                  "(**R-L8**)."))
    if start is not Rank.SEVEN and r1 is not nxt:
        mistakes.append(((caller, r1), "The ranks never restart after a call (**R-L8**)."))
    return Exercise(
        key="01-after-a-call", lesson="01", number=3, kind=Kind.SEAT_RANK,
        question=(f"Four players, dealer seat 0. Seat 1 plays {r1.plural}, seat 2 {r2.plural}, "
                  f"seat 3 {r3.plural}. {passers} seat 3's play pass, but **seat {caller}** "
                  "calls \"Liar!\" — and seat 3 did lie. Who plays next, and which rank must "
                  "they announce?"),
        compute=lambda: _after_a_call(start, caller),
        hints=("Two questions: who plays after a caught lie (**L10**), and which rank comes "
               "next after a call (**R-L8**)?",
               "**L10**: after a caught lie, the caller plays. **R-L8**: the ranks go on "
               "from the last one announced.",
               f"The last rank announced was {r3.plural}; what follows {r3.plural} on the "
               "clock?"),
        mistakes=tuple(mistakes),
        why="a caught liar takes the pile and the caller plays next (L10); the ranks go on "
            f"after the {r3.plural} (R-L8).",
        solution=(f"Seat 3 lied and was caught, so seat 3 takes the pile and the caller, seat "
                  f"{caller}, plays next (**L10**). The ranks do not restart (**R-L8**): after "
                  f"{r3.plural} come {nxt.plural}. Answer: {{answer}}."),
        vary=lambda rng: _after_call_ex(Rank(rng.randrange(8)), rng.choice((1, 2))),
        params=(("start", start), ("caller", caller)),
        method="After a caught lie the liar takes the pile and the caller plays next "
               "(**L10**); the rank moves on by one from the last one announced (**R-L8**).")


EXERCISES: tuple[Exercise, ...] = (_six_players(), _all_ranks(), _after_call_ex())


def _who_starts() -> int:
    """Which choice names the seat that plays turn 0 with the dealer at seat 2 (R-L1)."""
    from cardgames.liar import LiarGame

    state = LiarGame(players=4).new_state(seed=0, dealer=2)     # a deal: seat dealer+1 begins
    return {2: 0, 3: 1, 0: 2, 1: 3}[int(state.current_player or 0)]


EXERCISES = (*EXERCISES, Exercise(
    key="01-who-starts", lesson="01", number=4, kind=Kind.CHOICE, sig=None,
    question="Four players, and the dealer is **seat 2**. Who plays turn 0, the first sevens?",
    choices=("Seat 2: the dealer starts.", "Seat 3: the seat after the dealer starts.",
             "Seat 0: the lowest seat starts.", "Seat 1: the seat before the dealer starts."),
    compute=_who_starts,
    hints=("Who begins a round: the dealer, or someone else (**R-L1**)?",
           "**R-L1**: seat dealer + 1 begins; with 4 seats, count on from the dealer."),
    mistakes=((0, "Off by one: the dealer deals, and the seat AFTER the dealer plays turn 0 "
                  "(**R-L1**)."),
              (2, "Seats are numbered in the order of play, but the round starts next to the "
                  "dealer, not at seat 0 (**R-L1**)."),
              (3, "Play goes round the table in seat order: after the dealer comes the next "
                  "seat up (**R-L1**).")),
    why="seat dealer + 1 = seat 3 begins (R-L1); turn t is played by seat (dealer + 1 + t) mod n.",
    solution="**R-L1**: the seat after the dealer begins. With the dealer at seat 2 of 4 that "
             "is seat (2 + 1) mod 4 = 3, and turn t is played by seat (3 + t) mod 4: {answer}",
    vary=lambda rng: shuffled(_default("01-who-starts"), rng), params=(("order", (0, 1, 2, 3)),),
    method="The seat after the dealer plays turn 0 (**R-L1**): seat (dealer + 1) mod n."))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)

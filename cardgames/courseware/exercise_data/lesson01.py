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
from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg, rank_word
from cardgames.i18n import N_


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


def _question(players: int, seat: int, dealer: int) -> Msg:
    if (players, seat, dealer) == (6, 1, 0):
        return Msg(N_("Six players use two decks (**R-L2**); the dealer is seat {dealer}. If "
                      "nobody is ever caught, which ranks does **seat {seat}** announce?"),
                   dealer=dealer, seat=seat)
    if players <= 4:
        return Msg(N_("{players} players use one deck (**R-L2**); the dealer is seat {dealer}. "
                      "If nobody is ever caught, which ranks does **seat {seat}** announce?"),
                   players=players, dealer=dealer, seat=seat)
    return Msg(N_("{players} players use two decks (**R-L2**); the dealer is seat {dealer}. "
                  "If nobody is ever caught, which ranks does **seat {seat}** announce?"),
               players=players, dealer=dealer, seat=seat)


def _six_players(players: int = 6, seat: int = 1, dealer: int = 0) -> Exercise:
    answer = _ranks_of_seat(seat, players, dealer)
    t0 = (seat - dealer - 1) % players
    first_two = {Rank.SEVEN.advance(t0), Rank.SEVEN.advance(t0 + players)}
    g = math.gcd(players, 8)
    mistakes: list[tuple[Any, str]] = []
    if first_two != answer:
        mistakes.append((first_two, Msg(N_("Keep going around the table: turns {a} and {b} are "
                                           "seat {seat}'s too."),
                                        a=t0 + 2 * players, b=t0 + 3 * players, seat=seat)))
    if answer != set(Rank):
        mistakes.append((set(Rank), Msg(N_("Not every seat sees every rank: gcd({players}, 8) = "
                                           "{g}."), players=players, g=g)))
    shifted = _ranks_of_seat((seat - 1) % players, players, dealer)
    if shifted != answer:
        mistakes.append((shifted, Msg(N_("Seat dealer + 1 = seat {first} plays turn 0 "
                                         "(**R-L1**): seat {seat} first plays turn {t0}."),
                                      first=(dealer + 1) % players, seat=seat, t0=t0)))
    turns = ", ".join(str(t0 + k * players) for k in range(4))
    mods = ", ".join(str((t0 + k * players) % 8) for k in range(4))
    return Exercise(
        key="01-six-players", lesson="01", number=1, kind=Kind.RANKS,
        question=_question(players, seat, dealer),
        compute=lambda: _ranks_of_seat(seat, players, dealer),
        hints=(Msg(N_("Which turns does seat {seat} play? Write them down: turn {t0}, then every "
                      "{players} turns."), seat=seat, t0=t0, players=players),
               Msg(N_("The rank of turn t is t mod 8 (**L8**). Work out t mod 8 for seat "
                      "{seat}'s turns until the ranks repeat."), seat=seat),
               Msg(N_("A seat meets 8 / gcd(n, 8) ranks; here gcd({players}, 8) = {g}. List "
                      "them from turn {t0}."), players=players, g=g, t0=t0)),
        mistakes=tuple(mistakes),
        why=Msg(N_("seat {seat} plays turns {turns}, … and these mod 8 are {mods}: "
                   "8 / gcd({players}, 8) = {count} ranks."),
                seat=seat, turns=turns, mods=mods, players=players, count=8 // g),
        solution=Msg(N_("Seat {seat} plays turns t = {turns}, … (**R-L1**: seat dealer + 1 "
                        "begins). Their ranks are t mod 8 = {mods}, … (**L8**), so this seat "
                        "announces {answer}: 8 / gcd({players}, 8) = {count} ranks."),
                     seat=seat, turns=turns, mods=mods, players=players, count=8 // g),
        vary=_vary_six_players, params=(("players", players), ("seat", seat), ("dealer", dealer)),
        method=Msg(N_("A seat plays every n-th turn from its first, and turn t announces rank "
                      "t mod 8 (**R-L1**, **L8**): the seat meets 8 / gcd(n, 8) ranks, every "
                      "gcd(n, 8)-th one.")))


def _vary_six_players(rng: random.Random) -> Exercise:
    """Lesson 1 lists every seat's ranks for 3 and 4 players and draws 8, dealer seat 0:
    those tables get another dealer, so that no variant's answer is printed."""
    players = rng.choice((2, 4, 6, 8))
    dealer = rng.randrange(1, players) if players in (4, 8) else rng.randrange(players)
    return _six_players(players, rng.randrange(players), dealer)


_HOW_MANY = {4: N_("exactly four ranks"), 2: N_("exactly two ranks"), 1: N_("a single rank")}


def _all_ranks(k: int = 8) -> Exercise:
    answer = {n for n in range(2, 9) if all(len(_ranks_of_seat(s, n)) == k for s in range(n))}
    mistakes: list[tuple[Any, str]] = []
    if k == 8:
        mistakes += [({3}, Msg(N_("Liar allows up to 8 players with two decks (**R-L2**): "
                                  "check n = 5 to 8 too."))),
                     ({3, 5}, Msg(N_("Liar allows up to 8 players with two decks (**R-L2**): "
                                     "check n = 6, 7, 8 too."))),
                     ({2, 4, 6, 8}, Msg(N_("Those are the table sizes where seats MISS "
                                           "ranks.")))]
    by_gcd = {n for n in range(2, 9) if math.gcd(n, 8) == k}
    if by_gcd != answer and by_gcd:
        mistakes.append((by_gcd, Msg(N_("A seat meets 8 / gcd(n, 8) ranks, not gcd(n, 8) "
                                        "ranks."))))
    g = 8 // k
    odd = k == 8
    return Exercise(
        key="01-all-ranks", lesson="01", number=2, kind=Kind.WHOLES,
        question=(Msg(N_("For which numbers of players *n* from 2 to 8 does **every** seat have "
                         "to announce all eight ranks (if nobody is caught)?")) if odd else
                  Msg(N_("For which numbers of players *n* from 2 to 8 does **every** seat have "
                         "to announce **{how_many}** (if nobody is caught)?"),
                      how_many=Msg(_HOW_MANY[k]))),
        compute=lambda: {n for n in range(2, 9)
                         if all(len(_ranks_of_seat(s, n)) == k for s in range(n))},
        hints=(Msg(N_("Look at the table of section 3: how many ranks does a seat see for each "
                      "n?")),
               Msg(N_("A seat sees 8 / gcd(n, 8) ranks. For which n is that {k}?"), k=k),
               Msg(N_("8 / gcd(n, 8) = {k} exactly when gcd(n, 8) = {g}: n shares no factor "
                      "with 8."), k=k, g=g) if odd else
               Msg(N_("8 / gcd(n, 8) = {k} exactly when gcd(n, 8) = {g}."), k=k, g=g)),
        mistakes=tuple(mistakes),
        why=(Msg(N_("every seat sees {k} of the 8 ranks exactly when gcd(n, 8) = {g}, i.e. n is "
                    "odd."), k=k, g=g) if odd else
             Msg(N_("every seat sees {k} of the 8 ranks exactly when gcd(n, 8) = {g}."),
                 k=k, g=g)),
        solution=(Msg(N_("A seat walks the clock of 8 in steps of n and meets 8 / gcd(n, 8) "
                         "ranks. That is {k} when gcd(n, 8) = {g}, i.e. for odd n: {answer}."),
                      k=k, g=g) if odd else
                  Msg(N_("A seat walks the clock of 8 in steps of n and meets 8 / gcd(n, 8) "
                         "ranks. That is {k} when gcd(n, 8) = {g}: {answer}."), k=k, g=g)),
        vary=lambda rng: _all_ranks(rng.choice((8, 4, 2, 1))), params=(("ranks", k),),
        method=Msg(N_("A seat meets 8 / gcd(n, 8) ranks (it walks the clock of 8 in steps of "
                      "n): list the n from 2 to 8 whose gcd with 8 gives the count asked for.")))


def _after_call_ex(start: Rank = Rank.SEVEN, caller: int = 1) -> Exercise:
    r1, r2, r3, nxt = (start.advance(k) for k in range(4))
    restart = Msg(N_("The ranks never restart after a call (**R-L8**)."))
    mistakes: list[tuple[Any, str]] = [
        ((0, nxt), Msg(N_("Seat 0 would play next in the usual order, but **L10**: after a "
                          "caught lie the CALLER plays."))),
        ((caller, r3), Msg(N_("The liar's {ranks} count as announced: the next rank follows "
                              "them (**R-L8**)."), ranks=rank_word(r3, "plural_nominative"))),
    ]
    if nxt is not Rank.SEVEN:
        mistakes.insert(1, ((caller, Rank.SEVEN), restart))
    if start is not Rank.SEVEN and r1 is not nxt:
        mistakes.append(((caller, r1), restart))
    return Exercise(
        key="01-after-a-call", lesson="01", number=3, kind=Kind.SEAT_RANK,
        question=(Msg(N_("Four players, dealer seat 0. Seat 1 plays {r1}, seat 2 {r2}, seat 3 "
                         "{r3}. Seat 0 lets seat 3's play pass, but **seat {caller}** calls "
                         "\"Liar!\" — and seat 3 did lie. Who plays next, and which rank must "
                         "they announce?"), caller=caller, r1=rank_word(r1), r2=rank_word(r2),
                      r3=rank_word(r3)) if caller == 1 else
                  Msg(N_("Four players, dealer seat 0. Seat 1 plays {r1}, seat 2 {r2}, seat 3 "
                         "{r3}. Seats 0 and 1 let seat 3's play pass, but **seat {caller}** "
                         "calls \"Liar!\" — and seat 3 did lie. Who plays next, and which rank "
                         "must they announce?"), caller=caller, r1=rank_word(r1), r2=rank_word(r2),
                      r3=rank_word(r3))),
        compute=lambda: _after_a_call(start, caller),
        hints=(Msg(N_("Two questions: who plays after a caught lie (**L10**), and which rank "
                      "comes next after a call (**R-L8**)?")),
               Msg(N_("**L10**: after a caught lie, the caller plays. **R-L8**: the ranks go on "
                      "from the last one announced.")),
               Msg(N_("The last rank announced was {ranks}: what follows on the clock?"),
                   ranks=rank_word(r3, "plural_nominative"))),
        mistakes=tuple(mistakes),
        why=Msg(N_("a caught liar takes the pile and the caller plays next (L10); the ranks go "
                   "on after the {ranks} (R-L8)."), ranks=rank_word(r3, "plural_nominative")),
        solution=Msg(N_("Seat 3 lied and was caught, so seat 3 takes the pile and the caller, "
                        "seat {caller}, plays next (**L10**). The ranks do not restart "
                        "(**R-L8**): after {last} come {next}. Answer: {answer}."),
                     caller=caller, last=rank_word(r3, "plural_nominative"),
                     next=rank_word(nxt, "plural_nominative")),
        vary=lambda rng: _after_call_ex(Rank(rng.randrange(8)), rng.choice((1, 2))),
        params=(("start", start), ("caller", caller)),
        method=Msg(N_("After a caught lie the liar takes the pile and the caller plays next "
                      "(**L10**); the rank moves on by one from the last one announced "
                      "(**R-L8**).")))


EXERCISES: tuple[Exercise, ...] = (_six_players(), _all_ranks(), _after_call_ex())


def _who_starts() -> int:
    """Which choice names the seat that plays turn 0 with the dealer at seat 2 (R-L1)."""
    from cardgames.liar import LiarGame

    state = LiarGame(players=4).new_state(seed=0, dealer=2)     # a deal: seat dealer+1 begins
    return {2: 0, 3: 1, 0: 2, 1: 3}[int(state.current_player or 0)]


EXERCISES = (*EXERCISES, Exercise(
    key="01-who-starts", lesson="01", number=4, kind=Kind.CHOICE, sig=None,
    question=Msg(N_("Four players, and the dealer is **seat 2**. Who plays turn 0, the first "
                    "sevens?")),
    choices=(Msg(N_("Seat 2: the dealer starts.")),
             Msg(N_("Seat 3: the seat after the dealer starts.")),
             Msg(N_("Seat 0: the lowest seat starts.")),
             Msg(N_("Seat 1: the seat before the dealer starts."))),
    compute=_who_starts,
    hints=(Msg(N_("Who begins a round: the dealer, or someone else (**R-L1**)?")),
           Msg(N_("**R-L1**: seat dealer + 1 begins; with 4 seats, count on from the dealer."))),
    mistakes=((0, Msg(N_("Off by one: the dealer deals, and the seat AFTER the dealer plays "
                         "turn 0 (**R-L1**)."))),
              (2, Msg(N_("Seats are numbered in the order of play, but the round starts next "
                         "to the dealer, not at seat 0 (**R-L1**)."))),
              (3, Msg(N_("Play goes around the table in seat order: after the dealer comes the "
                         "next seat up (**R-L1**).")))),
    why=Msg(N_("seat dealer + 1 = seat 3 begins (R-L1); turn t is played by seat "
               "(dealer + 1 + t) mod n.")),
    solution=Msg(N_("**R-L1**: the seat after the dealer begins. With the dealer at seat 2 of 4 "
                    "that is seat (2 + 1) mod 4 = 3, and turn t is played by seat (3 + t) mod 4: "
                    "{answer}")),
    vary=lambda rng: shuffled(_default("01-who-starts"), rng), params=(("order", (0, 1, 2, 3)),),
    method=Msg(N_("The seat after the dealer plays turn 0 (**R-L1**): seat (dealer + 1) mod "
                  "n."))))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)

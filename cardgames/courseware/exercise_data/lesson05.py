"""Lesson 05 — decisions in Thirty-One: exercises (answers from the engine)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg, num
from cardgames.i18n import N_

TABLE = "10H 7L OA"


@cache
def p_lose_if_reveal(mine: str, table: str = TABLE) -> Fraction:
    """P(you lose a life if you reveal ``mine`` now), every possible opponent hand enumerated
    by the engine (R-T6, T13), conditioned on the deal still going on (R-T7)."""
    from cardgames.analysis.reveal import reveal_risk

    return reveal_risk(mine, table).p_lose


def _unconditioned(mine: str, table: str = TABLE) -> Fraction:
    """The same over all C(26, 3) hands, three Aces included: the model's known slip."""
    from cardgames.analysis.reveal import reveal_risk

    return reveal_risk(mine, table, condition_on_deal_going_on=False).p_lose


def _best_swap(mine: str = "7H 8B AH", table: str = "10H KB 9L",
               theirs: str = "7B 8L 10B") -> float:
    from cardgames import parse_cards
    from cardgames.thirtyone import SwapOne, ThirtyOneGame, score
    from cardgames.thirtyone.bots import hand_after

    hand, tab = parse_cards(mine), parse_cards(table)
    state = ThirtyOneGame(players=2).state_from_position(
        hands=[hand, theirs], table=tab, dealer=1, current_player=0)
    return max(score(hand_after(a, hand, tab)) for a in state.legal_actions()
               if isinstance(a, SwapOne))


@cache
def _rows() -> tuple[tuple[float, str], ...]:
    """Section 3's table: the typical (median) hand of each score from 21 to 30.5, lowest
    first (31 is exercise 2's; issue 31: the rows are the engine's risk_by_score)."""
    from cardgames.analysis.reveal import risk_by_score

    return tuple((r.score, r.typical) for r in risk_by_score(TABLE, below=31))


@cache
def explorer_hands(table: str, hand: str) -> dict[float, str]:
    """The hands of exercise 2's explorer: the typical (median) hand of each score from 21
    to 30.5 that ``table`` leaves (as section 3's table), and at 31 the variant's own
    ``hand``."""
    from cardgames.analysis.reveal import risk_by_score

    return {**{r.score: r.typical for r in risk_by_score(table, below=31)}, 31.0: hand}


def _threshold(level: Fraction = Fraction(1, 4)) -> float:
    """The lowest score whose typical hand (section 3's table) has P(lose) < ``level``."""
    return min(s for s, h in _rows() if p_lose_if_reveal(h) < level)


_BEST_METHOD = Msg(N_("Try each of the 9 swaps of one card (**T6**) and score the hand it "
                      "leaves (**T11**, **R-T2**: only the best suit counts); the highest is "
                      "the answer."))
_REVEAL_METHOD = Msg(N_("Enumerate the opponent's possible hands (3 of the 26 unseen cards, not "
                        "three Aces: **R-T7**), let each play its best final turn (**R-T6**), "
                        "and count those ending at your score or more (**T13**)."))
_THRESHOLD_METHOD = Msg(N_("Read section 3's table (the typical hand of each score) from the "
                           "low scores down: the first score whose typical hand's P(lose) is "
                           "below the level asked for."))
_AS_NUMBER = Msg(N_("Give the score as a number."))
_AS_ROW = Msg(N_("Give the score as a number (the typical hand of each score, as in the "
                 "table)."))
_ONE_SUIT = Msg(N_("Only one suit adds up (**R-T2**): which suit has the most points between "
                   "your hand and the table?"))
_TIE = Msg(N_("31 can still lose: a tie at 31 costs both a life (**T13**)."))
_CAN_31_LOSE = Msg(N_("Can 31 lose? Think of a tie (**T13**). Can the opponent hold three Aces "
                      "at this moment (**R-T7**), or make them from this table?"))
_NO_ACE = Msg(N_("the opponent can only tie your 31 (a tie costs both a life, T13): the table "
                 "holds no Ace, so no 33 is possible, and three Aces in their hand would have "
                 "ended the deal (R-T7)."))


def _best_ex(mine: str, table: str, theirs: str) -> Exercise:
    from cardgames.thirtyone import score

    now = score(mine)
    best = _best_swap(mine, table, theirs)
    mistakes: list[tuple[Any, str]] = []
    if now and now != best:
        mistakes.append((now, Msg(N_("That is your hand now: one swap (**T6**) can do "
                                     "better."))))
    if best != 31:
        mistakes.append((31, Msg(N_("Check the suits again: only one suit adds up "
                                    "(**R-T2**)."))))
    return Exercise(
        key="05-best-swap", lesson="05", number=1, kind=Kind.NUMBER, sig=None,
        question=Msg(N_("Your hand is `{mine}`, the table `{table}`. What is the **highest "
                        "score** you can reach with one swap (**T6**)?"), mine=mine, table=table),
        precision_text=_AS_NUMBER,
        compute=lambda: _best_swap(mine, table, theirs),
        hints=(_ONE_SUIT,
               Msg(N_("Keep your cards of that suit; which table card of it can you take, and "
                      "which of your cards gives way? (Three of a kind scores 30.5, "
                      "**T11**.)"))),
        mistakes=tuple(mistakes),
        why=Msg(N_("the best of the 9 swaps of one card, scored by its best suit (T11, R-T2).")),
        solution=Msg(N_("Try each of your 3 cards against each of the 3 table cards (**T6**) and "
                        "score the hand left (**T11**, **R-T2**: the best suit counts, three of "
                        "a kind is 30.5): the highest is {answer}.")),
        vary=_vary_best, params=(("hand", mine), ("table", table)), method=_BEST_METHOD)


def _vary_best(rng: random.Random) -> Exercise:
    from cardgames.cards import ORDINARY_CARDS
    from cardgames.thirtyone import score

    for _ in range(500):                    # a deal where one swap helps and reaches 21+
        cards = [str(c) for c in rng.sample(list(ORDINARY_CARDS), 9)]
        mine, table, theirs = (" ".join(cards[k:k + 3]) for k in (0, 3, 6))
        if any(score(h) >= 30.5 for h in (theirs, table)):
            continue
        best = _best_swap(mine, table, theirs)
        if best >= 21 and best > score(mine):
            return _best_ex(mine, table, theirs)
    return EXERCISES[0]                      # pragma: no cover - 500 deals always find one


def _thirty_ones(table: str) -> tuple[str, ...]:
    """The hands of 31 (an Ace and two ten-cards of one suit) that ``table`` leaves possible."""
    return tuple(f"{a}{s} {b}{s} A{s}" for s in "HBLA"
                 for i, a in enumerate(("10", "U", "O", "K"))
                 for b in ("10", "U", "O", "K")[i + 1:]
                 if not {f"{a}{s}", f"{b}{s}", f"A{s}"} & set(table.split()))


def _section_two() -> Fraction:
    """Section 2's P(lose | reveal 21 now): ``AH KH 9B`` on the lesson's table (1481/2599)."""
    return p_lose_if_reveal("AH KH 9B", TABLE)


def _reveal_ex(hand: str, table: str = TABLE) -> Exercise:
    """A variant of exercise 2: ``hand`` (a 31) on ``table``; every text from its numbers."""
    default = table == TABLE
    risk = _risk(hand, table)
    mistakes: list[tuple[Any, str]] = [(0, _TIE)]
    if default:
        mistakes.append((_section_two, Msg(_SECTION_TWO, hand=hand)))
        if hand != "UH OH AH":
            mistakes.append((lambda: p_lose_if_reveal("UH OH AH"), Msg(_OTHER_HAND, hand=hand)))
    aces = [c for c in ("AH", "AB", "AL", "AA") if c not in hand.split()]
    three_aces_unseen = not any(c in table.split() for c in aces)
    if three_aces_unseen:          # else the unconditioned count is the same number
        mistakes.append((lambda: _unconditioned(hand, table),
                         Msg(N_("That counts all 2,600 hands, three Aces too: the deal is "
                                "still on, so the opponent cannot hold them (**R-T7**)."))))
    ace = any(c.startswith("A") for c in table.split())
    possible = (Msg(N_("The opponent holds 3 of the 26 unseen cards, but not `{aces}`: three "
                       "Aces would have ended the deal at once (**R-T7**), so 2,600 − 1 = "
                       "2,599 hands are possible."), aces=" ".join(aces))
                if three_aces_unseen else
                Msg(N_("The opponent holds 3 of the 26 unseen cards. Three Aces are not "
                       "possible for them (you hold one, the table another), so all 2,600 "
                       "hands are possible.")))
    return Exercise(
        key="05-reveal-31", lesson="05", number=2, kind=Kind.NUMBER, probability=True,
        question=(Msg(_SAME_TABLE, hand=hand) if default else
                  Msg(N_("The table is `{table}` and you hold `{hand}` (31). What is P(you lose "
                         "a life if you reveal now)?"), table=table, hand=hand)),
        compute=lambda: p_lose_if_reveal(hand, table),
        hints=(_CAN_31_LOSE, _FINAL_TURN_HERE),
        mistakes=tuple(mistakes),
        why=(_NO_ACE if not ace else
             Msg(N_("the opponent must reach 31 (a tie costs both a life, T13) or three Aces "
                    "with the table's Ace (33) on their final turn; three Aces already in their "
                    "hand would have ended the deal (R-T7)."))),
        solution=Msg(N_("{possible} For each, the engine plays their best final turn "
                        "(**R-T6**); {lose} of the {hands} end at 31 or more (a tie loses a "
                        "life too, **T13**): P = {lose}/{hands} = {answer}."),
                     possible=possible, lose=sum(f >= 31 for f in risk.finals),
                     hands=num(risk.hands, ",")),
        vary=_vary_reveal, params=(("hand", hand), ("table", table)), method=_REVEAL_METHOD,
        explorer=("reveal", (("table", table), ("hand", hand))))


@cache
def _risk(hand: str, table: str) -> Any:
    from cardgames.analysis.reveal import reveal_risk

    return reveal_risk(hand, table)


_SECTION_TWO = N_("That is the 21 hand of section 2 (`AH KH 9B`); use {hand}.")
_FINAL_TURN_HERE = Msg(N_("The opponent gets a final turn (**R-T6**): count the possible "
                          "opponent hands that end at 31 or more after their best final move. "
                          "The explorer under this exercise counts them for your table."))


_SAME_TABLE = N_("Same table as in section 1 (`10H 7L OA`), but you hold `{hand}` (31). What is "
                 "P(you lose a life if you reveal now)?")
_OTHER_HAND = N_("That is UH OH AH's risk (the table of section 3): with {hand} in your hand "
                 "other cards are unseen.")


def _vary_reveal(rng: random.Random) -> Exercise:
    from cardgames.cards import ORDINARY_CARDS

    while True:                              # nearly every table leaves some 31 possible
        table = " ".join(str(c) for c in rng.sample(list(ORDINARY_CARDS), 3))
        hands = _thirty_ones(table)
        if hands:
            return _reveal_ex(rng.choice(hands), table)


def _threshold_ex(k: int) -> Exercise:
    level = Fraction(1, k)
    # 1/3 as a fraction (0.333333 on the page was a float's digits); 1/4 as 0.25
    below: Any = num(float(level)) if (level * 10 ** 6).denominator == 1 else f"1/{k}"
    return Exercise(
        key="05-threshold", lesson="05", number=3, kind=Kind.NUMBER, sig=None,
        question=Msg(N_("In the table of section 3 (the typical hand of each score), what is "
                        "the **lowest** score at which revealing now loses a life less than 1 "
                        "time in {k}? (Other hands of the same score carry other risks: see "
                        "\"Same score, different risk\".)"), k=k),
        precision_text=_AS_ROW,
        compute=lambda: _threshold(level),
        hints=(Msg(N_("Less than 1 time in {k} means a probability below {level}."), k=k,
                   level=below),
               Msg(N_("Read the typical hands' column from the top (low scores) down: which "
                      "is the first row below {level}?"), level=below)),
        mistakes=_threshold_mistakes(level, below),
        why=Msg(N_("the first row of the table whose typical hand's probability is below "
                   "{level}."), level=below),
        solution=Msg(N_("Read the table from the low scores down: the first score whose "
                        "probability of losing a life is below 1/{k} is {answer} — for that "
                        "table and that hand; another hand with the same score can give another "
                        "probability (section 3)."), k=k),
        vary=_vary_threshold, params=(("level", level),), method=_THRESHOLD_METHOD)


_HIGHER = N_("Look one row higher: is that probability below {level} too?")


def _threshold_mistakes(level: Fraction, below: Any) -> tuple[tuple[Any, str], ...]:
    """The rows just after and just before the threshold, when the table has them (the
    last row's level has no row after it: that mistake would be the answer)."""
    scores = [s for s, _h in _rows()]
    i = scores.index(_threshold(level))
    out: list[tuple[Any, str]] = []
    if i + 1 < len(scores):
        out.append((scores[i + 1], Msg(_HIGHER, level=below)))
    if i > 0:
        out.append((scores[i - 1], Msg(N_("That row's probability is not below {level}."),
                                       level=below)))
    return tuple(out)


def _vary_threshold(rng: random.Random) -> Exercise:
    return _threshold_ex(rng.choice((2, 3, 4, 5)))   # every level a row of the table reaches


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        key="05-best-swap", lesson="05", number=1, kind=Kind.NUMBER, sig=None,
        question=Msg(N_("Your hand is `{mine}`, the table `{table}`. What is the **highest "
                        "score** you can reach with one swap (**T6**)?"),
                     mine="7H 8B AH", table="10H KB 9L"),
        precision_text=_AS_NUMBER,
        compute=_best_swap,
        hints=(_ONE_SUIT,
               Msg(N_("Keep your Hearts; which table card is a Heart, and which of your cards "
                      "is not?"))),
        mistakes=((21, Msg(N_("Keep the Ace AND a ten-card of its suit, and a third card of "
                              "that suit if you can."))),
                  (31, Msg(N_("Check the suits again: which cards are Hearts?")))),
        why=Msg(N_("swap the VIII of Bells for the X of Hearts: 7H 10H AH is all Hearts, "
                   "7 + 10 + 11.")),
        solution=Msg(N_("Hearts are the only suit with three cards in reach: 7H and AH in your "
                        "hand, 10H on the table. Swap 8B for 10H (**T6**): 7H 10H AH scores "
                        "7 + 10 + 11 = {answer} (**T11**, **R-T2**).")),
        vary=_vary_best, params=(("hand", "7H 8B AH"), ("table", "10H KB 9L")),
        method=_BEST_METHOD),
    Exercise(
        key="05-reveal-31", lesson="05", number=2, kind=Kind.NUMBER, probability=True,
        question=Msg(_SAME_TABLE, hand="OB KB AB"),
        compute=lambda: p_lose_if_reveal("OB KB AB"),
        hints=(_CAN_31_LOSE, _FINAL_TURN_HERE),
        mistakes=((0, _TIE),
                  (_section_two, Msg(_SECTION_TWO, hand="OB KB AB")),
                  (lambda: p_lose_if_reveal("UH OH AH"), Msg(_OTHER_HAND, hand="OB KB AB")),
                  (lambda: _unconditioned("OB KB AB"),
                   Msg(N_("That counts all 2,600 hands, three Aces `AH AL AA` too: the deal is "
                          "still on, so the opponent cannot hold them (**R-T7**).")))),
        why=_NO_ACE,
        solution=Msg(N_("The opponent holds 3 of the 26 unseen cards, but not `AH AL AA`: three "
                        "Aces would have ended the deal at once (**R-T7**), so 2,600 − 1 = "
                        "2,599 hands are possible. For each, the engine plays their best final "
                        "turn (**R-T6**) and counts those ending at 31 or more (a tie loses a "
                        "life too, **T13**): P = {answer}.")),
        vary=_vary_reveal, params=(("hand", "OB KB AB"), ("table", TABLE)),
        method=_REVEAL_METHOD, explorer=("reveal", (("table", TABLE), ("hand", "OB KB AB")))),
    _threshold_ex(4),
)


@cache
def _interval_verdict() -> int:
    """Section 4's "reveal at 21" row (seed 6), read against its fair share (engine)."""
    from cardgames.analysis.tournament import summarize, tournament
    from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent

    df = tournament("thirty-one", [ThirtyOneHeuristicAgent(reveal_at=21), "heuristic"],
                    games=300, seed=6, progress=False)
    row = summarize(df).loc["heuristic#1"]
    fair = (len(df) + int((df["winner_seat"] == -1).sum())) / (2 * len(df))
    if row["win_high"] < fair:
        return 0                                   # (a): the whole interval lies below
    if row["win_low"] <= fair <= row["win_high"]:
        return 2                                   # (c): 300 games cannot tell
    raise ValueError("the interval lies above the fair share: no choice says so")


EXERCISES = (*EXERCISES, Exercise(
    key="05-interval", lesson="05", number=4, kind=Kind.CHOICE, sig=None,
    question=Msg(N_("In section 4, the line-up \"reveal at 21\" won 0.383 of its 300 games "
                    "against the default heuristic, 95 %\u00a0interval 0.33–0.439, and its fair "
                    "share is 0.525. What can you conclude?")),
    choices=(Msg(N_("Revealing at 21 is worse than the default: the whole interval lies below "
                    "the fair share.")),
             Msg(N_("It is worse by exactly 0.525 − 0.383 = 0.142.")),
             Msg(N_("Nothing: 300 games cannot tell the two thresholds apart.")),
             Msg(N_("The two win rates add up to 1, so the default won 0.617."))),
    compute=_interval_verdict, vary=lambda rng: shuffled(_default("05-interval"), rng),
    params=(("order", (0, 1, 2, 3)),),
    method=Msg(N_("Compare the fair share with the ends of the 95 %\u00a0interval, not with the "
                  "estimate: outside the interval, the games tell; inside, they cannot.")),
    hints=(Msg(N_("Compare the interval's two ends with the fair share, not just the win "
                  "rate.")),
           Msg(N_("An interval is the range of plausible values: is 0.525 in 0.33–0.439?"))),
    mistakes=((1, Msg(N_("0.383 is an estimate from 300 games: the interval says how far it may "
                         "be off. The gap is not exact."))),
              (2, Msg(N_("Look at the upper end: 0.439 is below 0.525 (and below ½) — here the "
                         "games do tell."))),
              (3, Msg(N_("Shared wins count for both players (**R-T8**): the rates need not add "
                         "up to 1.")))),
    why=Msg(N_("0.525 lies above 0.439, the top of the interval: the data rule it out.")),
    solution=Msg(N_("The 95 %\u00a0interval 0.33–0.439 holds the plausible values of the true "
                    "win rate. The fair share of an equally strong player, 0.525 (½ plus half "
                    "the shared wins), is above its top, so revealing at 21 is worse than the "
                    "default: {answer}. How much worse is not exact: anything from about 0.09 "
                    "to 0.2."))),
)


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)

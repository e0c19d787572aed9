"""Lesson 05 — decisions in Thirty-One: exercises (answers from the engine)."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from widgets.exercises.answers import Exercise, Kind

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


def _best_swap() -> float:
    from cardgames import parse_cards
    from cardgames.thirtyone import SwapOne, ThirtyOneGame, score
    from cardgames.thirtyone.bots import hand_after

    hand, table = parse_cards("7H 8B AH"), parse_cards("10H KB 9L")
    state = ThirtyOneGame(players=2).state_from_position(
        hands=[hand, "7B 8L 10B"], table=table, dealer=1, current_player=0)
    return max(score(hand_after(a, hand, table)) for a in state.legal_actions()
               if isinstance(a, SwapOne))


def _threshold() -> float:
    """The lowest score (one hand per score, as in section 3) where P(lose) < 1/4."""
    from cardgames.analysis import hands

    cand = hands.hand_table(exclude=TABLE)
    cand = (cand[(cand["score"] >= 21) & (cand["score"] < 33)]
            .drop_duplicates("score").sort_values("score"))
    return min(s for h, s in zip(cand["cards"], cand["score"], strict=True)
               if p_lose_if_reveal(h) < Fraction(1, 4))


EXERCISES: tuple[Exercise, ...] = (
    Exercise(
        key="05-best-swap", lesson="05", number=1, kind=Kind.NUMBER, sig=None,
        question="Your hand is `7H 8B AH`, the table `10H KB 9L`. What is the **highest score** "
                 "you can reach with one swap (**T6**)?",
        precision_text="Give the score as a number.",
        compute=_best_swap,
        hints=("Only one suit adds up (**R-T2**): which suit has the most points between your "
               "hand and the table?",
               "Keep your Hearts; which table card is a Heart, and which of your cards is not?"),
        mistakes=((21, "Keep the Ace AND a ten-card of its suit, and a third card of that suit "
                       "if you can."),
                  (31, "Check the suits again: which cards are Hearts?")),
        why="swap the VIII of Bells for the X of Hearts: 7H 10H AH is all Hearts, 7 + 10 + 11.",
        solution="Hearts are the only suit with three cards in reach: 7H and AH in your hand, "
                 "10H on the table. Swap 8B for 10H (**T6**): 7H 10H AH scores "
                 "7 + 10 + 11 = {answer} (**T11**, **R-T2**)."),
    Exercise(
        key="05-reveal-31", lesson="05", number=2, kind=Kind.NUMBER, probability=True,
        question="Same table as in section 1 (`10H 7L OA`), but you hold `OB KB AB` (31). What "
                 "is P(you lose a life if you reveal now)?",
        compute=lambda: p_lose_if_reveal("OB KB AB"),
        hints=("Can 31 lose? Think of a tie (**T13**). Can the opponent hold three Aces at "
               "this moment (**R-T7**), or make them from this table?",
               "The opponent gets a final turn (**R-T6**): count the possible opponent hands "
               "that end at 31 or more after their best final move — the enumeration of "
               "section 2 does that for you if you give it your new hand."),
        mistakes=((0, "31 can still lose: a tie at 31 costs both a life (**T13**)."),
                  (Fraction(57, 100), "That is the 21 hand of section 2; use OB KB AB."),
                  (lambda: p_lose_if_reveal("UH OH AH"), "That is UH OH AH's risk (the table "
                   "of section 3): with OB KB AB in your hand other cards are unseen."),
                  (lambda: _unconditioned("OB KB AB"), "That counts all 2,600 hands, three "
                   "Aces `AH AL AA` too: the deal is still on, so the opponent cannot hold "
                   "them (**R-T7**).")),
        why="the opponent can only tie your 31 (a tie costs both a life, T13): the table holds "
            "no Ace, so no 33 is possible, and three Aces in their hand would have ended the "
            "deal (R-T7).",
        solution="The opponent holds 3 of the 26 unseen cards, but not `AH AL AA`: three Aces "
                 "would have ended the deal at once (**R-T7**), so 2,600 − 1 = 2,599 hands are "
                 "possible. For each, let the engine play their best final turn (**R-T6**) and "
                 "count those ending at 31 or more (a tie loses a life too, **T13**): "
                 "`p_lose_if_reveal(parse_cards('OB KB AB'), table)` gives {answer}."),
    Exercise(
        key="05-threshold", lesson="05", number=3, kind=Kind.NUMBER, sig=None,
        question="In the table of section 3 (one hand per score), what is the **lowest** score "
                 "at which revealing now loses a life less than 1 time in 4? (Other hands of the "
                 "same score carry other risks: see \"Same score, different risk\".)",
        precision_text="Give the score as a number (one hand per score, as in the table).",
        compute=_threshold,
        hints=("Less than 1 time in 4 means a probability below 0.25.",
               "Read the table from the top (low scores) down: which is the first row below "
               "0.25?"),
        mistakes=((30, "Look one row higher: is that probability below 0.25 too?"),
                  (28, "0.28 is not below 0.25.")),
        why="the row for 29 is the first below 0.25 (0.218); 28 still loses 0.28 of the time.",
        solution="Reading the table from the low scores: 28 → 0.2813, 29 → 0.2178. The first "
                 "score below 1/4 is {answer} — for that table and that hand; another hand with "
                 "the same score can give another probability (section 3)."),
)


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
    question="In section 4, the line-up \"reveal at 21\" won 0.383 of its 300 games against "
             "the default heuristic, 95 % interval 0.33–0.439, and its fair share is 0.525. "
             "What can you conclude?",
    choices=("Revealing at 21 is worse than the default: the whole interval lies below the "
             "fair share.",
             "It is worse by exactly 0.525 − 0.383 = 0.142.",
             "Nothing: 300 games cannot tell the two thresholds apart.",
             "The two win rates add up to 1, so the default won 0.617."),
    compute=_interval_verdict,
    hints=("Compare the interval's two ends with the fair share, not just the win rate.",
           "An interval is the range of plausible values: is 0.525 in 0.33–0.439?"),
    mistakes=((1, "0.383 is an estimate from 300 games: the interval says how far it may be "
                  "off. The gap is not exact."),
              (2, "Look at the upper end: 0.439 is below 0.525 (and below ½) — here the "
                  "games do tell."),
              (3, "Shared wins count for both players (**R-T8**): the rates need not add up "
                  "to 1.")),
    why="0.525 lies above 0.439, the top of the interval: the data rule it out.",
    solution="The 95 % interval 0.33–0.439 holds the plausible values of the true win rate. "
             "The fair share of an equally strong player, 0.525 (½ plus half the shared wins), "
             "is above its top, so revealing at 21 is worse than the default: {answer}. How "
             "much worse is not exact: anything from about 0.09 to 0.2."),
)

"""Lesson 02 — resolving a bluff in Liar: exercises (answers from the engine)."""

from __future__ import annotations

from cardgames.cards import Chronicler, Rank
from widgets.exercises.answers import Exercise, Kind

BOTH = (Chronicler.COLORFUL, Chronicler.PALE)

# the decision table of lesson 02 (section 2): the same position, every case
PLAYS = {"true": "8H", "lie": "AL", "Colorful": "*C", "Pale": "*P",
         "Colorful + wrong": "*C AL", "Pale + wrong": "*P AL", "Pale + true": "*P 8H"}
CALLS = {"nobody": [], "next player (2)": ["call"], "later player (3)": ["pass", "call"]}


def _round_ends(cards: str, calls: list[str], last: bool) -> bool:
    from cardgames.liar import LiarGame

    game = LiarGame(players=4, chroniclers=BOTH)
    s = game.state_from_position(hands=["9B 10B", cards if last else cards + " UB", "OB KB",
                                        "7A 9A"], pile=[(0, "8B", "7")], current_player=1)
    s.apply("play " + cards)
    for action in calls:
        s.apply(action)
    while s.phase.name == "CALL_WINDOW":
        s.apply("pass")
    return s.is_over()


def _rounds_ending() -> int:
    return sum(_round_ends(p, c, last) for p in PLAYS.values() for c in CALLS.values()
               for last in (False, True))


def _pale_with_ace() -> tuple[int, int]:
    from cardgames.liar import LiarGame, PileTaken

    s = LiarGame(players=3, chroniclers=BOTH).state_from_position(
        hands=["7H 8H", "9H", "AH *P 10B"], pile=[(1, "OB", "O")], current_player=2)
    s.apply("play AH *P")
    s.apply("call")                                   # seat 0, asked first (R-L5)
    taker = next(e.player for e in s.events if isinstance(e, PileTaken))
    assert s.current_player is not None
    return taker, s.current_player


def _after_aces() -> Rank:
    from cardgames.liar import LiarGame

    s = LiarGame(players=4).state_from_position(
        hands=["7H", "8H 9H", "10H", "UH"], pile=[(1, "7B", "A")], phase="call_window")
    s.apply("pass")
    s.apply("call")                                   # seat 3 catches the "Aces"
    return s.due_rank


EXERCISES = (
    Exercise(
        key="02-rounds-ending", lesson="02", number=1, kind=Kind.WHOLE,
        question="In how many of the 42 cases of the decision table does the **round end**? "
                 "(In the notebook: use `decision` and its `\"winner\"` column.)",
        compute=_rounds_ending,
        hints=("A round can only end in the second table: the play empties the hand (**R-L9**).",
               "In the second table, a play that empties the hand does not win when it is "
               "caught as a lie or holds an uncalled Pale Chronicler (**R-L9**). Count the rows "
               "with a winner.",
               "Go through the 21 last-cards rows play by play: for each of the 7 plays, in "
               "how many of the 3 call cases does the player win?"),
        mistakes=((21, "Not every last-cards play wins: caught or penalised players take the "
                       "pile (**R-L9**)."),
                  (15, "A play holding an uncalled Pale Chronicler does not stand (**R-L7**, "
                       "**R-L9**).")),
        why="only last-cards plays can end a round, and only those that stand: not caught "
            "as a lie, no uncalled Pale (R-L9).",
        solution="Only the 21 rows where the play empties the hand can end the round (**R-L9**). "
                 "Uncalled: true, lie, Colorful and Colorful + wrong stand (4 rows); the three "
                 "Pale plays are penalised (**R-L7**). Called (2 callers each): true, Colorful, "
                 "Pale and Pale + true are true (**L12**, **L13**) — 8 rows; the lies are caught. "
                 "4 + 8 = {answer}."),
    Exercise(
        key="02-pale-with-ace", lesson="02", number=2, kind=Kind.SEATS,
        question="Three players with both Chroniclers. Seat 2 puts down **the Ace of Hearts and "
                 "the Pale Chronicler**, announcing two Kings, and keeps other cards. Seat 0 "
                 "calls. Who takes the pile, and who plays next? Answer (takes the pile, plays "
                 "next). (In the notebook you can check it with `state_from_position`, "
                 "tip: `pile=[(1, \"OB\", \"O\")]`, `current_player=2`.)",
        compute=_pale_with_ace,
        hints=("First decide: is the play true or a lie (**R-L6**)? Look at every card in it.",
               "A called Pale Chronicler counts as true (**L13**), but what about the Ace, when "
               "Kings were announced? Then read **L10** for who takes the pile and who plays.",
               "One wrong card makes the whole play a lie (**R-L6**): a caught lie — who takes "
               "the pile, who plays next (**L10**)?"),
        mistakes=(((0, 0), "The Pale Chronicler counts as true when called, but the Ace is not "
                           "a King (**R-L6**)."),
                  ((0, 1), "The Pale Chronicler counts as true when called, but the Ace is not "
                           "a King (**R-L6**)."),
                  ((2, 1), "Caught: who plays next after a caught lie (**L10**)?")),
        why="the Ace is not a King, so the play is a lie (R-L6): the liar takes the pile and "
            "the caller plays next (L10).",
        solution="The Pale Chronicler counts as true when called (**L13**), but the Ace of "
                 "Hearts is not a King, and one wrong card makes the play a lie (**R-L6**). "
                 "Caught: seat 2 takes the pile, the caller seat 0 plays next (**L10**). "
                 "Answer: {answer}."),
    Exercise(
        key="02-after-aces", lesson="02", number=3, kind=Kind.RANK,
        question="Four players. Seat 1 announced **Aces** and was caught by seat 3. Which rank "
                 "must seat 3 announce?",
        compute=_after_aces,
        hints=("Does the rank restart, stay, or move on after a call (**R-L8**)?",
               "**R-L8**: the next play announces the rank after the last one announced. "
               "What comes after the Ace on the clock (**L4**)?"),
        mistakes=((Rank.ACE, "The rank never stays or restarts after a call (**R-L8**): it "
                             "moves on by one."),
                  (Rank.EIGHT, "Seat 3 plays the very next rank (**R-L8**), not two steps on.")),
        why="the rank moves on by one after a call (R-L8), and after the Ace come the sevens "
            "again (L4).",
        solution="After a call the ranks go on from the last one announced (**R-L8**); after "
                 "the Ace the clock starts again at VII (**L4**). Answer: {answer}."),
)

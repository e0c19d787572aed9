"""Lesson 02 — resolving a bluff in Liar: exercises (answers from the engine)."""

from __future__ import annotations

import random
from typing import Any

from cardgames.cards import Chronicler, Rank
from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.exercise_data._choices import shuffled
from cardgames.courseware.texts import Msg, joined, rank_word
from cardgames.i18n import N_

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


def _rounds_ending(plays: tuple[str, ...] = tuple(PLAYS)) -> int:
    return sum(_round_ends(PLAYS[p], c, last) for p in plays for c in CALLS.values()
               for last in (False, True))


def _pale_with_ace(before: Rank = Rank.OBER, wrong: Rank = Rank.ACE,
                   caller: int = 0) -> tuple[int, int]:
    """Seat 1 announced ``before``; seat 2 puts down a ``wrong`` card and the Pale
    Chronicler, announcing the next rank; ``caller`` calls (seat 0 is asked first, R-L5)."""
    from cardgames.liar import LiarGame, PileTaken

    card = "AH" if wrong is Rank.ACE and before is Rank.OBER else f"{wrong.symbol}L"
    s = LiarGame(players=3, chroniclers=BOTH).state_from_position(
        hands=["7H 8H", "9H", f"{card} *P 10A"], pile=[(1, f"{before.symbol}B", before.symbol)],
        current_player=2)
    s.apply(f"play {card} *P")
    for _ in range(caller):
        s.apply("pass")
    s.apply("call")
    taker = next(e.player for e in s.events if isinstance(e, PileTaken))
    assert s.current_player is not None
    return taker, s.current_player


def _after_aces(announced: Rank = Rank.ACE) -> Rank:
    from cardgames.liar import LiarGame

    s = LiarGame(players=4).state_from_position(
        hands=["7H", "8H 9H", "10H", "UH"],
        pile=[(1, f"{announced.advance(4).symbol}B", announced.symbol)], phase="call_window")
    s.apply("pass")
    s.apply("call")                                   # seat 3 catches the lie
    return s.due_rank


#: the plays' names, as the decision table shows them (for a variant's question)
PLAY_NAMES = {"true": N_("true"), "lie": N_("lie"), "Colorful": N_("Colorful"),
              "Pale": N_("Pale"), "Colorful + wrong": N_("Colorful + wrong"),
              "Pale + wrong": N_("Pale + wrong"), "Pale + true": N_("Pale + true")}


def _rounds_ex(plays: tuple[str, ...] = tuple(PLAYS)) -> Exercise:
    default = plays == tuple(PLAYS)
    answer = _rounds_ending(plays)
    pales = sum("Pale" in p for p in plays)
    cases = 6 * len(plays)
    mistakes: list[tuple[Any, str]] = []
    if 3 * len(plays) != answer:
        mistakes.append((3 * len(plays), Msg(N_("Not every last-cards play wins: caught or "
                                                "penalised players take the pile "
                                                "(**R-L9**)."))))
    if pales:
        mistakes.append((answer + pales, Msg(N_("A play holding an uncalled Pale Chronicler is "
                                                "not valid (**R-L7**, **R-L9**)."))))
    listed = joined((Msg(PLAY_NAMES[p]) for p in plays), wrap="*{}*")
    return Exercise(
        key="02-rounds-ending", lesson="02", number=1, kind=Kind.WHOLE,
        question=(Msg(N_("In how many of the 42 cases of the decision table does the **round "
                         "end**?")) if default else
                  Msg(N_("Take only the rows of the decision table whose play is {listed}: "
                         "{cases} cases. In how many of them does the **round end**?"),
                      listed=listed, cases=cases)),
        compute=lambda: _rounds_ending(plays),
        hints=(Msg(N_("A round can only end in the second table: the play empties the hand "
                      "(**R-L9**).")),
               Msg(N_("In the second table, a play that empties the hand does not win when it "
                      "is caught as a lie or holds an uncalled Pale Chronicler (**R-L9**). Count "
                      "the rows with a winner.")),
               Msg(N_("Go through the {rows} last-cards rows play by play: for each of the "
                      "{plays} plays, in how many of the 3 call cases does the player win?"),
                   rows=3 * len(plays), plays=len(plays))),
        mistakes=tuple(mistakes),
        why=Msg(N_("only last-cards plays can end a round, and only valid ones: not caught as "
                   "a lie, no uncalled Pale (R-L9).")),
        solution=(Msg(N_("Only the 21 rows where the play empties the hand can end the round "
                         "(**R-L9**). Uncalled: true, lie, Colorful and Colorful + wrong are "
                         "valid (4 rows); the three Pale plays are penalised (**R-L7**). Called "
                         "(2 callers each): true, Colorful, Pale and Pale + true are true "
                         "(**L12**, **L13**) — 8 rows; the lies are caught. 4 + 8 = {answer}."))
                  if default else
                  Msg(N_("Only the {rows} rows where the play empties the hand can end the "
                         "round (**R-L9**). Uncalled, a play is valid unless it holds the Pale "
                         "Chronicler (**R-L7**); called (2 callers each), it is valid when it "
                         "is true (a Chronicler counts as true, **L12**, **L13**) and is caught "
                         "when it holds a wrong card. Counting the plays {listed} that way: "
                         "{answer}."), rows=3 * len(plays), listed=listed)),
        vary=lambda rng: _rounds_ex(tuple(p for p in PLAYS
                                          if p in rng.sample(list(PLAYS), rng.randint(3, 5)))),
        params=(("plays", plays),),
        method=Msg(N_("Only last-cards plays can end a round (**R-L9**); count the valid ones: "
                      "uncalled without the Pale Chronicler (**R-L7**), or called and true "
                      "(**L12**, **L13**).")))


def _pale_ex(before: Rank = Rank.OBER, wrong: Rank = Rank.ACE, caller: int = 0) -> Exercise:
    due = before.advance(1)
    other = 1 - caller
    usual = 0                                   # after seat 2, the next seat is seat 0
    default = (before, wrong, caller) == (Rank.OBER, Rank.ACE, 0)
    wrong_w = rank_word(wrong, "label")
    not_due = Msg(N_("The Pale Chronicler counts as true when called, but the {wrong} is not "
                     "{a_due} (**R-L6**)."), wrong=wrong_w, a_due=_a(due))
    caught = Msg(N_("Caught: who plays next after a caught lie (**L10**)?"))
    mistakes: list[tuple[Any, str]] = [((caller, caller), not_due), ((caller, other), not_due)]
    if usual != caller:
        mistakes.append(((2, usual), caught))
    if default:
        mistakes = [((0, 0), not_due), ((0, 1), not_due), ((2, 1), caught)]
    if default:
        question = Msg(N_("Three players with both Chroniclers. Seat 2 puts down **the Ace of "
                          "Hearts and the Pale Chronicler**, announcing two Kings, and keeps "
                          "other cards. Seat 0 calls. Who takes the pile, and who plays next? "
                          "Answer (takes the pile, plays next)."))
    else:
        what = Msg(N_("**the {wrong} of Leaves and the Pale Chronicler**"), wrong=wrong_w)
        who = (Msg(N_("Seat 0 calls.")) if caller == 0 else
               Msg(N_("Seat 0 lets it pass; seat 1 calls.")))
        question = Msg(N_("Three players with both Chroniclers. Seat 1 announced {before}. Seat "
                          "2 puts down {what}, announcing two {due}, and keeps other cards. "
                          "{who} Who takes the pile, and who plays next? Answer (takes the "
                          "pile, plays next)."),
                       before=rank_word(before), what=what, due=rank_word(due), who=who)
    return Exercise(
        key="02-pale-with-ace", lesson="02", number=2, kind=Kind.SEATS,
        question=question,
        compute=lambda: _pale_with_ace(before, wrong, caller),
        hints=(Msg(N_("First decide: is the play true or a lie (**R-L6**)? Look at every card "
                      "in it.")),
               Msg(N_("A called Pale Chronicler counts as true (**L13**), but what about the "
                      "{wrong}, when {due} were announced? Then read **L10** for who takes the "
                      "pile and who plays."), wrong=wrong_w, due=rank_word(due,
                                                                            "plural_nominative")),
               Msg(N_("One wrong card makes the whole play a lie (**R-L6**): a caught lie — who "
                      "takes the pile, who plays next (**L10**)?"))),
        mistakes=tuple(mistakes),
        why=Msg(N_("the {wrong} is not {a_due}, so the play is a lie (R-L6): the liar takes "
                   "the pile and the caller plays next (L10)."), wrong=wrong_w, a_due=_a(due)),
        solution=(Msg(N_("The Pale Chronicler counts as true when called (**L13**), but the Ace "
                         "of Hearts is not a King, and one wrong card makes the play a lie "
                         "(**R-L6**). Caught: seat 2 takes the pile, the caller seat {caller} "
                         "plays next (**L10**). Answer: {answer}."), caller=caller)
                  if default else
                  Msg(N_("The Pale Chronicler counts as true when called (**L13**), but the "
                         "{wrong} is not {a_due}, and one wrong card makes the play a lie "
                         "(**R-L6**). Caught: seat 2 takes the pile, the caller seat {caller} "
                         "plays next (**L10**). Answer: {answer}."),
                      wrong=wrong_w, a_due=_a(due), caller=caller)),
        vary=_vary_pale, params=(("before", before), ("wrong", wrong), ("caller", caller)),
        method=Msg(N_("One wrong card makes a play a lie even beside a Chronicler (**R-L6**, "
                      "**L13**); a caught liar takes the pile and the caller plays next "
                      "(**L10**).")))


def _a(rank: Rank) -> Msg:
    """A rank's label with its article, as it is read (an Ace, an Ober, a King, an VIII)."""
    if rank in (Rank.ACE, Rank.OBER, Rank.EIGHT):
        return Msg(N_("an {rank}"), rank=rank_word(rank, "label"))
    return Msg(N_("a {rank}"), rank=rank_word(rank, "label"))


def _vary_pale(rng: random.Random) -> Exercise:
    before = Rank(rng.randrange(8))
    wrong = rng.choice([r for r in Rank if r is not before.advance(1)])
    return _pale_ex(before, wrong, rng.choice((0, 1)))


def _aces_ex(announced: Rank = Rank.ACE) -> Exercise:
    nxt = announced.advance(1)
    moves_on = Msg(N_("The rank never stays or restarts after a call (**R-L8**): it moves on "
                      "by one."))
    mistakes: list[tuple[Any, str]] = [
        (announced, moves_on),
        (announced.advance(2), Msg(N_("Seat 3 plays the very next rank (**R-L8**), not two "
                                      "steps on.")))]
    if nxt is not Rank.SEVEN and announced is not Rank.SEVEN:
        mistakes.append((Rank.SEVEN, moves_on))
    ace = announced is Rank.ACE
    return Exercise(
        key="02-after-aces", lesson="02", number=3, kind=Kind.RANK,
        question=Msg(N_("Four players. Seat 1 announced **{ranks}** and was caught by seat 3. "
                        "Which rank must seat 3 announce?"), ranks=rank_word(announced)),
        compute=lambda: _after_aces(announced),
        hints=(Msg(N_("Does the rank restart, stay, or move on after a call (**R-L8**)?")),
               Msg(N_("**R-L8**: the next play announces the rank after the last one announced. "
                      "What comes after the {rank} on the clock (**L4**)?"),
                   rank=rank_word(announced, "label"))),
        mistakes=tuple(mistakes),
        why=(Msg(N_("the rank moves on by one after a call (R-L8), and after the Ace come the "
                    "sevens again (L4).")) if ace else
             Msg(N_("the rank moves on by one after a call (R-L8), and after the {last} come "
                    "the {next} (L4)."), last=rank_word(announced, "plural_nominative"),
                 next=rank_word(nxt, "plural_nominative"))),
        solution=(Msg(N_("After a call the ranks go on from the last one announced (**R-L8**); "
                         "after the Ace the clock starts again at VII (**L4**). Answer: "
                         "{answer}.")) if ace else
                  Msg(N_("After a call the ranks go on from the last one announced (**R-L8**); "
                         "after {last} comes {next} (**L4**). Answer: {answer}."),
                      last=rank_word(announced, "label"), next=rank_word(nxt, "label"))),
        vary=lambda rng: _aces_ex(Rank(rng.randrange(8))), params=(("announced", announced),),
        method=Msg(N_("After a call the rank moves on by one from the last one announced "
                      "(**R-L8**), around the clock of **L4** (after the Ace: VII).")))


EXERCISES: tuple[Exercise, ...] = (_rounds_ex(), _pale_ex(), _aces_ex())


def _false_call() -> int:
    """Seat 1 plays a true eight, seat 3 calls: (who takes the pile, who plays next) as a
    choice (L10)."""
    from cardgames.liar import LiarGame, PileTaken

    s = LiarGame(players=4).state_from_position(
        hands=["9B 10B", "8H UB", "OB KB", "7A 9A"], pile=[(0, "8B", "7")], current_player=1)
    s.apply("play 8H")
    s.apply("pass")                                   # seat 2 lets it stand
    s.apply("call")                                   # seat 3 calls
    taker = next(e.player for e in s.events if isinstance(e, PileTaken))
    return {(3, 3): 0, (3, 2): 1, (1, 3): 2, (3, 1): 3}[(taker, int(s.current_player or 0))]


EXERCISES = (*EXERCISES, Exercise(
    key="02-false-call", lesson="02", number=4, kind=Kind.CHOICE, sig=None,
    question=Msg(N_("Four players. Seat 1 puts down **a true eight** (eights were due) and "
                    "keeps other cards; seat 2 lets it stand, but **seat 3 calls** \"Liar!\". "
                    "Who takes the pile, and who plays next?")),
    choices=(Msg(N_("Seat 3 takes the pile, and seat 3, the caller, plays next.")),
             Msg(N_("Seat 3 takes the pile, and seat 2 plays next: play goes on after seat "
                    "1.")),
             Msg(N_("Seat 1 takes the pile, and seat 3 plays next.")),
             Msg(N_("Seat 3 takes the pile, and seat 1 plays again."))),
    compute=_false_call,
    hints=(Msg(N_("Was the play true or a lie (**R-L6**)? Then read **L10** for a false "
                  "accusation.")),
           Msg(N_("**L10**: after a false accusation the caller takes the pile, and play goes "
                  "on as if nobody had called."))),
    mistakes=((0, Msg(N_("The caller plays next only after a CAUGHT lie; after a false "
                         "accusation play goes on after the player (**L10**)."))),
              (2, Msg(N_("The eight was true: the accuser was wrong, so the accuser takes the "
                         "pile (**L10**)."))),
              (3, Msg(N_("Seat 1 has played its turn: play goes on with the next seat "
                         "(**L10**).")))),
    why=Msg(N_("the play was true, so the false accuser takes the pile, and play goes on after "
               "the player (L10).")),
    solution=Msg(N_("The eight is what was due, so the play is true (**R-L6**) and seat 3 "
                    "accused falsely: seat 3 takes the pile (**L10**). Play goes on as if "
                    "nobody had called: after seat 1 comes seat 2. Answer: {answer}")),
    vary=lambda rng: shuffled(_default("02-false-call"), rng), params=(("order", (0, 1, 2, 3)),),
    method=Msg(N_("True or lie decides who takes the pile (**R-L6**); after a false accusation "
                  "play goes on after the player, after a caught lie the caller plays "
                  "(**L10**)."))))


def _default(key: str) -> Exercise:
    return next(e for e in EXERCISES if e.key == key)

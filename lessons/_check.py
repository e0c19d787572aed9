"""Exercise checker for the lessons.

Independent of ``cardgames`` on purpose: it knows the answers only as
fingerprints (SHA-256 of a canonical text), so it can say "right" or give a
hint, but it can never print a solution, and reading this file does not
give one away either.

>>> check("demo", 42)
✔ demo: right.
>>> check("demo", 41)
✘ demo: not yet. Hint: the answer to everything.
>>> check("demo", ...)
… demo: replace the ... with your answer. Hint: the answer to everything.
>>> is_right("demo", 42), is_right("demo", "forty-two")
(True, False)

Answer kinds (how an answer is put into canonical text before hashing):

- ``int``:      a whole number.
- ``set``:      a collection whose order does not matter, of whole numbers
                (enum members such as ``Rank.KING`` count as their numbers).
- ``tuple``:    a sequence whose order matters, of whole numbers.
- ``float``:    a number; right when its first 3 significant digits agree with the
                answer's (give or take one in the third digit).

Teachers: ``fingerprint(kind, value, salt=name)`` makes the digest for a new exercise
``name`` (the salt makes equal answers of different exercises look different).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

__all__ = ["check", "is_right", "fingerprint", "EXERCISES"]


def _canon(kind: str, value: object) -> str:
    if kind == "int":
        if isinstance(value, bool) or not _is_whole(value):
            raise TypeError("a whole number, e.g. 3")
        return str(int(value))
    if kind in ("set", "tuple"):
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise TypeError("a collection of values, e.g. {1, 2}" if kind == "set"
                            else "a tuple of values, e.g. (1, 2)")
        items = []
        for item in value:
            if isinstance(item, bool) or not _is_whole(item):
                raise TypeError("whole numbers or enum members such as Rank.KING "
                                f"(got {type(item).__name__})")
            items.append(int(item))
        if kind == "set":
            items = sorted(set(items))
        return ",".join(map(str, items))
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__float__"):
            raise TypeError("a number, e.g. 0.25")
        return f"{float(value):.6f}"
    raise ValueError(f"unknown answer kind {kind!r}")


def _is_whole(x: object) -> bool:
    try:
        return int(x) == x  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return False


def fingerprint(kind: str, value: object, *, salt: str = "") -> str:
    """The digest stored for an answer (floats: to 3 significant digits)."""
    if kind == "float":
        text = _float_key(float(value))  # type: ignore[arg-type]
    else:
        text = _canon(kind, value)
    return hashlib.sha256(f"cardgames-lessons:{salt}:{kind}:{text}".encode()).hexdigest()[:20]


def _float_key(x: float) -> str:
    return f"{x:.2e}"


@dataclass(frozen=True)
class Exercise:
    kind: str
    digest: str
    hint: str
    #: digests of common wrong answers -> a hint aimed at that mistake
    wrong: dict[str, str] = field(default_factory=dict)
    #: for floats: the answer is a probability
    probability: bool = False


def _matches(ex: Exercise, name: str, value: object, digest: str) -> bool:
    if ex.kind != "float":
        return fingerprint(ex.kind, value, salt=name) == digest
    x = float(value)  # type: ignore[arg-type]
    if not math.isfinite(x):
        return False
    step = 10.0 ** (int(_float_key(x).split("e")[1]) - 2)   # one in the 3rd digit
    return any(fingerprint("float", x + i * step, salt=name) == digest for i in (-1, 0, 1))


def check(name: str, value: object) -> None:
    """Say whether ``value`` answers exercise ``name``; on a wrong answer, give a hint."""
    print(_verdict(name, value)[1])


def is_right(name: str, value: object) -> bool:
    """Whether ``value`` answers exercise ``name`` (silently)."""
    return _verdict(name, value)[0]


def _verdict(name: str, value: object) -> tuple[bool, str]:
    ex = EXERCISES.get(name)
    if ex is None:
        raise KeyError(f"no exercise called {name!r}; known: {', '.join(sorted(EXERCISES))}")
    if value is ... or value is None:
        return False, f"… {name}: replace the ... with your answer. Hint: {ex.hint}"
    try:
        _canon(ex.kind, value)
    except TypeError as e:
        return False, f"✘ {name}: the answer should be {e}. Hint: {ex.hint}"
    if ex.kind == "float" and ex.probability and not 0.0 <= float(value) <= 1.0:  # type: ignore[arg-type]
        return False, f"✘ {name}: a probability lies between 0 and 1. Hint: {ex.hint}"
    if _matches(ex, name, value, ex.digest):
        return True, f"✔ {name}: right."
    for digest, why in ex.wrong.items():
        if _matches(ex, name, value, digest):
            return False, f"✘ {name}: not yet. {why}"
    return False, f"✘ {name}: not yet. Hint: {ex.hint}"


# The answers, as fingerprints (see ``fingerprint``).  tests/lessons checks that each
# is what the engine computes.
EXERCISES: dict[str, Exercise] = {
    "demo": Exercise("int", "379eb6d61879bad35df2", "the answer to everything."),
    # BEGIN EXERCISES (generated)
    "01-six-players": Exercise(
        "set", "ff277423d452cda1393e",
        'seat 1 plays turns 0, 6, 12, 18, ...; the rank of turn t is t mod 8 (L8).',
        wrong={
            "a24b8fe1664949569206":
                "Keep going round the table: turns 12 and 18 are seat 1's too.",
            "8db689ecf23d9facf958":
                'Not every seat sees every rank: gcd(6, 8) = 2.',
        }),
    "01-all-ranks": Exercise(
        "set", "a19119a41696f9b2ac1b",
        'a seat sees 8 / gcd(n, 8) ranks; when is that 8?',
        wrong={
            "1aba94e99d4603c89fc5":
                'Liar allows up to 8 players with two decks (R-L2): check n = 5 to 8 too.',
            "8750922bc35840fe6be2":
                'Liar allows up to 8 players with two decks (R-L2): check n = 6, 7, 8 too.',
            "3342b0b5fdb5b02f5695":
                'Those are the table sizes where seats MISS ranks.',
        }),
    "01-after-a-call": Exercise(
        "tuple", "48253c4286f0069571e0",
        'L10 says who plays after a caught lie; R-L8 says which rank comes next.',
        wrong={
            "7509fc61eeedb5e97843":
                'Seat 0 would play next in the usual order, but L10: after a caught lie the CALLER plays.',
            "c2fe94a1a517ccfeb68c":
                'The ranks never restart after a call (R-L8).',
            "797ff9f82957c912946b":
                "The liar's nines count as announced: the next rank follows them (R-L8).",
        }),
    "02-rounds-ending": Exercise(
        "int", "7322e5659a5e69e7422a",
        "the round ends when a play empties a hand AND stands (R-L9); count rows whose winner is not '-'.",
        wrong={
            "b2ddc61297923a1ea4dd":
                'Not every last-cards play wins: caught or penalised players take the pile (R-L9).',
            "7cf60a59d05b3d1ae0a5":
                'A play holding an uncalled Pale Chronicler does not stand (R-L7, R-L9).',
        }),
    "02-pale-with-ace": Exercise(
        "tuple", "3ca67eabe4f55b525310",
        'R-L6: is the play true when one card in it is neither a King nor a Chronicler? Then L10.',
        wrong={
            "385d6b5b2719404aba68":
                'The Pale Chronicler counts as true when called, but the Ace is not a King (R-L6).',
            "c91821a04a9eb5a21ac8":
                'The Pale Chronicler counts as true when called, but the Ace is not a King (R-L6).',
            "7e57a174666d8f492592":
                'Caught: who plays next after a caught lie (L10)?',
        }),
    "02-after-aces": Exercise(
        "int", "91c929273c4ac4b41a9f",
        'R-L8: the rank moves on by one after a call; L4: what comes after the Ace?',
        wrong={
            "8e6a4b39ff3b0eb63c55":
                'The rank never stays or restarts after a call (R-L8): it moves on by one.',
            "9766fdb1d9dec5b3284e":
                'Seat 3 plays the very next rank (R-L8), not two steps on.',
        }),
    "03-count-31": Exercise(
        "int", "44280387b9b361a9358f",
        '31 = Ace + two ten-cards (X, Unter, Ober, King) of ONE suit (R-T2); how many ways per suit?',
        wrong={
            "4cab10e83c659487f2c2":
                'That is one suit; there are four.',
            "fe6541cc65e4722c29ea":
                'Each suit has 4 ten-cards: how many PAIRS of them go with its Ace?',
            "c1767895c4577dddb938":
                'Choose 2 of the 4 ten-cards: C(4, 2) = 6 pairs, not 12 (order does not matter).',
        }),
    "03-p32": Exercise(
        "float", "e17b0a009cbeec28ba4a",
        '32 needs the Chronicler (R-T3): which two cards must sit beside it? Divide by the number of hands with the Chronicler.',
        wrong={
            "6c02feba501b7ba328f3":
                'With the Chronicler the deck has 33 cards: C(33, 3) hands.',
            "96f430ea340d090ef9ec":
                'Each suit has 4 ten-cards that can go with its Ace.',
            "ac41efe735cd5f961231":
                'That is P(32) among the hands that hold the Chronicler; the question asks about all hands.',
        }, probability=True),
    "03-chronicler-21": Exercise(
        "int", "c3f867c3b69c7b7f6d55",
        'keep the rows of table_chr whose chronicler column is True and whose score is 21, and count them.',
        wrong={
            "5dd8efaa0d795de0785f":
                'That counts every hand scoring 21; keep only those that hold the Chronicler.',
            "aeb661247a33854f58ed":
                'Those are the 21-hands WITHOUT the Chronicler.',
            "665f7731e1efede32ce8":
                "Try score('9H KB *'): the Chronicler often makes exactly 21.",
        }),
    "04-two-of-two": Exercise(
        "float", "c6c03a6b459f1b102881",
        'count the unseen cards (32 minus your hand) and the sevens among them; both claimed cards must be sevens.',
        wrong={
            "04c3896ca0fd9890bde4":
                'You hold TWO sevens now: how many are left unseen?',
            "3d556b5bc72e43dc0bba":
                'The two cards are drawn without replacement.',
            "6c1d7c0c732bbb8aeb50":
                'Both cards must be sevens, not just one.',
        }, probability=True),
    "04-seen-sevens": Exercise(
        "float", "c0a55e3aaefb91d097cc",
        "7B 9L 10B are known to be in seat 3's hand: take them out of the unseen cards, and 7B out of the good ones too.",
        wrong={
            "eb7c6f337b21a71895ba":
                "7B 9L 10B cannot be in seat 1's claim: take them out (R-L11).",
            "b9f7840154f8e6d62cd8":
                '7B was a seven: it leaves the good cards as well.',
            "04adc1bdd4a875a986de":
                'The unseen pile shrinks too: 24 - 3 cards.',
        }, probability=True),
    "04-posterior": Exercise(
        "float", "59a3ef8d97a4baeea4f9",
        'P(bluffer | lie) = pi(1-p) / (pi(1-p) + (1-pi)(1-h)) with p and h of section 4 and pi = 1/2.',
        wrong={
            "ecbe75097788b30d49ee":
                'The lie is evidence: the posterior moves away from the prior.',
            "1fd2e5e8ee810c93564d":
                'That is P(lie | bluffer); Bayes turns it round.',
            "6990a5e234f483b61d92":
                'That is P(honest | lie): the question asks for the bluffer.',
        }, probability=True),
    "05-best-swap": Exercise(
        "float", "f4c424793e5dd4a50b3d",
        'try each of your 3 cards against each of the 3 table cards (hand_after + score); only one suit adds up (R-T2).',
        wrong={
            "06357bc0794eb2573511":
                'Keep the Ace AND a ten-card of its suit, and a third card of that suit if you can.',
            "ad86fbf8ad3ea279f2ea":
                'Check the suits again: which cards are Hearts?',
        }),
    "05-reveal-31": Exercise(
        "float", "d972d39f9b26985c9507",
        "call p_lose_if_reveal(parse_cards('OB KB AB'), table) and take its first result.",
        wrong={
            "e0d92d6080123ad3a819":
                '31 can still lose: a tie at 31 costs both a life (T13), and three Aces beat it.',
            "564e8021746d4ac80b1e":
                'That is the 21 hand of section 2; use OB KB AB.',
        }, probability=True),
    "05-threshold": Exercise(
        "float", "7df3779ce00e8c53dacf",
        'read the table of section 3 from the top: where does the probability first drop below 0.25?',
        wrong={
            "666ff4728c99d7c690c4":
                'Look one row higher: is that probability below 0.25 too?',
            "62c770405d3f04531116":
                '0.28 is not below 0.25.',
        }),
    "06-equal-players": Exercise(
        "float", "b3e9b494fdef262f6675",
        'set a = b = 0.5, t = 0.0, call chain.cache_clear(), then chain(3, 3)[3].',
        wrong={
            "68fd0dd7fceb5723585b":
                'Someone must lose 4 deals (3 lives, out at the 4th, R-T8), but the other loses some too.',
            "43f629e810fc67529663":
                '7 deals is the longest a match can last; the question asks for the average.',
        }),
    "06-games-needed": Exercise(
        "float", "a243ac4cc7bd6fb0345e",
        'n = 1.96^2 p(1-p) / w^2 with p = 0.5 and w = 0.02.',
        wrong={
            "d7d8116faef3faa63687":
                'The win rate is near 0.5 now: p(1-p) = 0.25.',
            "3c29ac778f6dbfd27401":
                'Square the 1.96 as well.',
            "3c25df0fdc3f759c92f8":
                'Square the half-width: w^2 = 0.0004.',
        }),
    "06-longest-match": Exercise(
        "float", "cd87b67d1d2c4a1315cc",
        'the longest match has 7 deals: after 6 deals each player must have lost exactly 3. Count the orders: C(6, 3) of 2^6.',
        wrong={
            "33c3603cba544a5a1015":
                'There are many orders in which each player loses 3 of the first 6 deals: C(6, 3).',
            "3eac2910f457bfcefa39":
                'Either player may lose deal 7 — it ends the match either way.',
        }, probability=True),
    # END EXERCISES
}

"""Liar odds as pandas objects: can a claim "N x rank" be true, and how many does everyone hold?

The mathematics lives in :mod:`cardgames.liar.probability` (a hypergeometric
model over the cards a player has not seen); this module wraps it for
lessons and the command line, with readable labels so that a result can be
``.plot()``-ed at once.

Two ways in:

- from a game: a :class:`~cardgames.liar.view.LiarView` (``state.view(p)``),
  which knows the player's hand, own plays and what calls turned over;
- from cards written by hand (no game needed): ``hand``, the ``claim``, other
  cards ``seen`` (known not to be in the claim), and the deck (``decks``,
  ``chroniclers``).

>>> odds = claim_odds(hand="7H 7B KA", claim="2x7")
>>> odds.probability                     # 2 sevens among the 29 unseen cards: C(2,2)/C(29,2)
Fraction(1, 406)
>>> print(odds.describe())               # doctest: +ELLIPSIS
P(the claim "2 sevens" can be true) = 0.0025 (1/406): of the 29 cards you have not seen, 2 would make it true (2 sevens, R-L6); ...
>>> claim_table(hand="7H KA").round(4).to_dict()
{'P(claim can be true)': {1: 0.1, 2: 0.0069, 3: 0.0002, 4: 0.0}}
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardgames.cards import Card, Chronicler, Rank, as_cards, make_deck
from cardgames.errors import ConfigError
from cardgames.i18n import decimal, get_language, gettext, language, localized, ngettext
from cardgames.i18n import gettext as _
from cardgames.liar.events import announcement

__all__ = [
    "ClaimOdds",
    "parse_claim",
    "claim_odds",
    "claim_odds_from_text",
    "claim_table",
    "holding_distribution",
    "unseen_counts",
    "simulate_claim",
]

_CLAIM_RE = re.compile(r"^\s*(\d+)\s*(?:[x×*]|\s)\s*(\S.*?)\s*$", re.IGNORECASE)


def parse_claim(text: str) -> tuple[int, Rank]:
    """Read a claim ``"N x rank"``: ``"2x7"``, ``"3xU"``, ``"2 Kings"``, ``"1 x ace"``.

    >>> parse_claim("2x7"), parse_claim("3 Obers"), parse_claim("1xA")
    ((2, <Rank.SEVEN: 0>), (3, <Rank.OBER: 5>), (1, <Rank.ACE: 7>))
    >>> parse_claim("5x7")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: a claim is 1-4 cards (R-L4), not 5: '5x7'
    """
    if not isinstance(text, str):
        raise ConfigError(_("a claim is text such as '2x7' or '3 Kings', not {text!r}").format(
            text=text))
    m = _CLAIM_RE.match(text)
    if m is None:
        raise ConfigError(_("not a claim: {text!r}; write N x rank, e.g. 2x7, 3xU, '2 Kings'"
                            ).format(text=text))
    n = int(m.group(1))
    if not 1 <= n <= 4:
        raise ConfigError(_("a claim is 1-4 cards (R-L4), not {n}: {text!r}").format(
            n=n, text=text))
    word = m.group(2).strip()
    rank = rank_words().get(word.lower())
    if rank is None:
        try:
            rank = Rank.parse(word)
        except ValueError:
            names = dict.fromkeys((Rank.SEVEN.plural, Rank.KING.plural, "sevens", "Kings"))
            raise ConfigError(_("not a claim: {text!r}: unknown rank {word!r}; use 7 8 9 10 U "
                                "O K A or a name such as {names}").format(
                text=text, word=word, names=", ".join(names))) from None
    return n, rank


def rank_words() -> dict[str, Rank]:
    """Every name of a rank a claim may use, lower case: in English, and in the current
    language (names, plurals and every counted form, e.g. Croatian "Kralja", "Kraljeva").

    >>> from cardgames.i18n import language
    >>> with language("de"):
    ...     rank_words()["könige"], rank_words()["kings"]
    (<Rank.KING: 6>, <Rank.KING: 6>)
    """
    return _rank_words(get_language())


@functools.cache
def _rank_words(lang: str) -> dict[str, Rank]:
    words: dict[str, Rank] = {}
    for code in dict.fromkeys(("en", lang)):
        with language(code):
            for r in Rank:
                words[r.plural.lower()] = r
                words[r.label.lower()] = r
                for n in range(1, 6):         # 1, 2-4, 5+: every plural form
                    words[r.count(n).split(" ", 1)[-1].lower()] = r
    return words


def _chroniclers(value: Any) -> tuple[Chronicler, ...]:
    if value in (None, False, "none", "", ()):
        return ()
    if value in (True, "both"):
        return (Chronicler.COLORFUL, Chronicler.PALE)
    if value == "colorful":
        return (Chronicler.COLORFUL,)
    if value == "pale":
        return (Chronicler.PALE,)
    try:
        return tuple(Chronicler(c) for c in value)
    except (TypeError, ValueError):
        raise ConfigError(f"chroniclers must be 'none', 'both', 'colorful' or 'pale' "
                          f"(L2, R-L2), not {value!r}") from None




def unseen_counts(*, hand: Any, seen: Any = (), decks: int = 1,
                  chroniclers: Any = "none") -> Counter[Card]:
    """The multiset of cards not in ``hand`` nor ``seen``, from the game's deck (R-L2).

    >>> sum(unseen_counts(hand="7H 7B KA").values())
    29
    >>> unseen_counts(hand="7H 7H")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: 7H is given more often than the deck holds it (1 deck(s), R-L2)
    """
    if decks not in (1, 2):
        raise ConfigError(f"decks must be 1 or 2 (R-L2), not {decks!r}")
    deck = Counter(make_deck(decks=decks, chroniclers=_chroniclers(chroniclers)))
    known = as_cards(hand) + as_cards(seen)
    for card, k in Counter(known).items():
        if deck[card] < k:
            if deck[card] == 0 and card.is_chronicler:
                raise ConfigError(f"{card} is not in this deck: enable it with chroniclers "
                                  "(L2, R-L2)")
            raise ConfigError(f"{card} is given more often than the deck holds it "
                              f"({decks} deck(s), R-L2)")
        deck[card] -= k
    return +deck


def _good(card: Card, rank: Rank) -> bool:
    from cardgames.liar.probability import is_good

    return is_good(card, rank)


def _rank_word(rank: Rank, k: int) -> str:
    """``'sevens'`` / ``'seven'``, ``'Kings'`` / ``'King'``."""
    if k != 1:
        return rank.plural
    return {"VII": "seven", "VIII": "eight", "IX": "nine", "X": "ten"}.get(rank.label,
                                                                          rank.label)


@dataclass(frozen=True)
class ClaimOdds:
    """The chance that a claim can be true, with the counts behind it.

    ``probability`` is exact (a Fraction): ``C(good, n) / C(unseen, n)``.
    """

    n: int
    rank: Rank
    unseen: int
    good: int
    probability: Fraction
    wild: int = 0     #: unseen Chroniclers, counted in ``good`` (L12, L13)

    def __float__(self) -> float:
        return float(self.probability)

    @property
    def claim(self) -> str:
        return f"{self.n} {_rank_word(self.rank, self.n)}"

    def _good_words(self) -> str:
        ranks = self.good - self.wild
        words = f"{ranks} {_rank_word(self.rank, ranks)}"
        if self.wild:
            words += f" and {self.wild} Chronicler{'s' if self.wild != 1 else ''}, L12, L13"
        return words + ", R-L6"

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        """The chance in words, in the current language (or ``lang=``)."""
        p = self.probability
        words = announcement(self.good - self.wild, self.rank)
        if self.wild:
            words = ngettext("{ranks} and {n} Chronicler, L12, L13",
                             "{ranks} and {n} Chroniclers, L12, L13", self.wild).format(
                ranks=words, n=self.wild)
        return ngettext(
            "P(the claim \"{claim}\" can be true) = {p} ({num}/{den}): of the {unseen} cards "
            "you have not seen, {good} would make it true ({words}, R-L6); the claimed card "
            "must be one of them: C({good},{n})/C({unseen},{n})",
            "P(the claim \"{claim}\" can be true) = {p} ({num}/{den}): of the {unseen} cards "
            "you have not seen, {good} would make it true ({words}, R-L6); all {n} claimed "
            "cards must be among them: C({good},{n})/C({unseen},{n})", self.n).format(
            claim=announcement(self.n, self.rank), p=decimal(f"{float(p):.4f}"),
            num=p.numerator, den=p.denominator, unseen=self.unseen, good=self.good,
            words=words, n=self.n)


def claim_odds(view: Any = None, *, hand: Any = None, claim: Any = None, seen: Any = (),
               decks: int = 1, chroniclers: Any = "none",
               exclude_known: bool = True) -> ClaimOdds:
    """P(a claim can be true), from a :class:`LiarView` or from cards written by hand.

    With a ``view``: the claim under the call window (or ``claim``, a pile
    record), as :func:`cardgames.liar.probability.claim_probability` computes it.
    Without: ``hand`` (your cards), ``claim`` (``"2x7"`` or ``(2, Rank.SEVEN)``),
    ``seen`` (other cards known not to be in the claim), the deck.
    """
    from cardgames.liar import probability as lp

    if view is not None:
        record = lp._claim_of(view, claim)
        unseen = lp.unseen_cards(view, claimant=record.player, exclude_known=exclude_known)
        total = sum(unseen.values())
        good = sum(k for c, k in unseen.items() if lp.is_good(c, record.announced))
        wild = sum(k for c, k in unseen.items() if c.is_chronicler)
        p = lp.claim_probability(view, claim=claim, exclude_known=exclude_known, exact=True)
        return ClaimOdds(record.count, record.announced, total, good, Fraction(p), wild)
    if hand is None or claim is None:
        raise ConfigError("give a view, or a hand and a claim (e.g. hand='7H 7B KA', "
                          "claim='2x7')")
    n, rank = parse_claim(claim) if isinstance(claim, str) else claim
    unseen = unseen_counts(hand=hand, seen=seen, decks=decks, chroniclers=chroniclers)
    total = sum(unseen.values())
    good = sum(k for c, k in unseen.items() if _good(c, rank))
    if n > total:
        raise ConfigError(f"the claim is {n} cards but only {total} cards are unseen")
    wild = sum(k for c, k in unseen.items() if c.is_chronicler)
    p = lp.claim_probability_counts(unseen_total=total, unseen_good=good, n=n, exact=True)
    return ClaimOdds(n, rank, total, good, Fraction(p), wild)


def claim_odds_from_text(*, hand: str, claim: str, seen: str = "", players: int = 4,
                         decks: int = 1, chroniclers: str = "none",
                         aside: int | None = None) -> ClaimOdds:
    """:func:`claim_odds` from the command line's words (players and aside are checked only)."""
    from cardgames.liar import LiarGame

    game = LiarGame(players=players, decks=decks, chroniclers=_chroniclers(chroniclers))
    if len(as_cards(hand)) > game.hand_size:
        raise ConfigError(f"a hand of {len(as_cards(hand))} cards is more than the "
                          f"{game.hand_size} each of {players} players is dealt (L5)")
    if aside is not None and not 0 <= aside < players:
        raise ConfigError(f"aside must be 0-{players - 1} (L5, R-L3), not {aside}")
    return claim_odds(hand=hand, claim=claim, seen=seen, decks=decks, chroniclers=chroniclers)


def claim_table(view: Any = None, *, hand: Any = None, rank: Any = None, seen: Any = (),
                decks: int = 1, chroniclers: Any = "none") -> Any:
    """P(claim can be true) for claims of 1-4 cards of one rank: a DataFrame to plot.

    Index ``claimed cards`` (1-4); column ``P(claim can be true)`` (both in the current
    language). ``rank``
    defaults to the rank due now (with a view) or sevens. Plot with
    ``claim_table(...).plot.bar()``.
    """
    import pandas as pd

    if rank is None:
        rank = view.due_rank if view is not None else Rank.SEVEN
    elif isinstance(rank, str):
        rank = parse_claim(f"1 {rank}")[1]
    if view is not None:
        from cardgames.liar import probability as lp

        unseen = lp.unseen_cards(view, exclude_known=True)
    else:
        unseen = unseen_counts(hand=hand if hand is not None else (), seen=seen, decks=decks,
                               chroniclers=chroniclers)
    total = sum(unseen.values())
    good = sum(k for c, k in unseen.items() if _good(c, rank))
    from cardgames.liar.probability import claim_probability_counts

    ns = [n for n in (1, 2, 3, 4) if n <= total]
    values = [claim_probability_counts(unseen_total=total, unseen_good=good, n=n) for n in ns]
    frame = pd.DataFrame({gettext("P(claim can be true)"): values},
                         index=pd.Index(ns, name=gettext("claimed cards")))
    frame.attrs.update(rank=rank.name, unseen=total, good=good)
    return frame


def holding_distribution(view: Any = None, rank: Any = None, *, hand: Any = None,
                         seen: Any = (), others_hold: int | None = None, players: int = 4,
                         decks: int = 1, chroniclers: Any = "none",
                         count_chroniclers: bool = False, seats: Any = None) -> Any:
    """How many cards of ``rank`` the other players hold together: a Series to plot.

    Index ``held by the others`` (0, 1, 2, ...), values ``probability``.
    With a view it is :func:`cardgames.liar.probability.holding_distribution`
    (``seats`` picks some of the others); without, the others hold
    ``others_hold`` cards (default: what they are dealt, L5) drawn at random
    from the unseen cards. ``count_chroniclers`` counts the Chroniclers too
    (they make a claim of any rank true). Plot with ``.plot.bar()``.
    """
    import pandas as pd

    from cardgames.liar import probability as lp

    if isinstance(rank, str):
        rank = parse_claim(f"1 {rank}")[1]
    if view is not None:
        rank = view.due_rank if rank is None else rank
        pmf = lp.holding_distribution(view, rank, players=None if seats is None else tuple(seats),
                                      chroniclers=count_chroniclers)
    else:
        if rank is None:
            raise ConfigError("give the rank to count, e.g. rank='7' or rank=Rank.SEVEN")
        unseen = unseen_counts(hand=hand if hand is not None else (), seen=seen, decks=decks,
                               chroniclers=chroniclers)
        total = sum(unseen.values())
        if others_hold is None:
            from cardgames.liar import LiarGame

            game = LiarGame(players=players, decks=decks, chroniclers=_chroniclers(chroniclers))
            others_hold = min(total, (players - 1) * game.hand_size)
        if not 0 <= others_hold <= total:
            raise ConfigError(f"others_hold must be 0-{total} (the unseen cards), "
                              f"not {others_hold}")
        good = sum(k for c, k in unseen.items()
                   if c.rank is rank or (count_chroniclers and c.is_chronicler))
        pmf = lp.hypergeometric_pmf(total, good, others_hold)
    keys = sorted(pmf)
    series = pd.Series([float(pmf[k]) for k in keys],
                       index=pd.Index(keys, name="held by the others"), name="probability")
    series.attrs["rank"] = rank.name
    return series


def simulate_claim(*, hand: Any, claim: Any, seen: Any = (), decks: int = 1,
                   chroniclers: Any = "none", trials: int = 20_000, seed: int = 0,
                   confidence: float = 0.95) -> Any:
    """Monte Carlo twin of :func:`claim_odds` (by hand): deal the claim from the unseen cards.

    Returns a :class:`~cardgames.analysis.simulate.Estimate` with the seed.
    """
    from cardgames.analysis.simulate import estimate_probability

    n, rank = parse_claim(claim) if isinstance(claim, str) else claim
    unseen = list(unseen_counts(hand=hand, seen=seen, decks=decks,
                                chroniclers=chroniclers).elements())
    good = [_good(c, rank) for c in unseen]
    idx = range(len(unseen))

    def event(rng: Any) -> bool:
        return all(good[i] for i in rng.sample(idx, n))

    return estimate_probability(event, trials=trials, seed=seed, confidence=confidence,
                                label=gettext('P(the claim "{claim}" can be true)').format(
                                    claim=announcement(n, rank)))

"""Class experiments (issue 22): every student runs a small seeded share, the class pools them.

An :class:`Experiment` is a frozen description of one question whose answer is a
proportion (or two): each student's kernel is handed a seed by the class server, runs
``share(seed, n)`` and sends the :class:`Result`; the server re-runs it
(``verify(seed, n, result)``: a share is deterministic from its seed, so a made-up
result is caught) and pools every accepted result with ``pool(results)``: the class's
estimate with its Wilson interval (:func:`cardgames.analysis.simulate.wilson_interval`),
beside the exact value where the engine knows it.

The three experiments of the lessons (:data:`EXPERIMENTS`, by key):

- ``hands`` (lesson 3): deal 3 cards from a shuffled 32-card deck (no Chronicler) and
  score them (**T11**, **R-T2**): how often is a hand worth 21 or more? Exactly
  640/4960 = 4/31 (:func:`cardgames.analysis.hands.probability`); the result also holds
  the histogram of the scores, to set against the exact distribution.
- ``liar`` (lesson 4): the engine deals a 4-player Liar game (one deck, no Chroniclers,
  **L5**) until seat 1 holds no seven; seat 2 puts down 2 of its 8 cards at random and
  claims "2 sevens": how often is the claim true (**R-L6**)? Exactly
  C(4, 2)/C(24, 2) = 1/46 (the hypergeometric count of
  :func:`cardgames.liar.probability.claim_probability_counts`).
- ``reveal`` (lesson 6): two-player Thirty-One matches (3 lives, **T13**) of the
  heuristic bot that reveals at 21 points, and of one that reveals at 29, each against
  the default bot (reveal at 26), seats rotating (:func:`cardgames.analysis.tournament.
  tournament`): two win rates, no exact value; their intervals separate as the class
  adds games.

>>> e = EXPERIMENTS["hands"]
>>> r = e.share(7, 50)
>>> r.n, r.trials, 0 <= r.successes[0] <= 50, sum(k for _, k in r.histogram)
(50, (50,), True, 50)
>>> e.verify(7, 50, r), e.verify(7, 50, r.forged(successes=(r.successes[0] + 1,)))
(True, False)
>>> e.exact
(Fraction(4, 31),)
>>> p = e.pool([r, e.share(8, 50)])
>>> p.shares, p.trials
(2, (100,))
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardgames.errors import CardgamesError
from cardgames.i18n import N_, decimal, format_count, gettext, localized

__all__ = ["EXPERIMENTS", "SEED_MAX", "Experiment", "ExperimentError", "Pooled", "Result",
           "SeriesEstimate", "experiment", "hands_share", "liar_share", "reveal_share"]

#: Seeds are whole numbers 0 .. SEED_MAX - 1 (the service hands them out).
SEED_MAX = 2**53
#: Reveal thresholds of the tournament experiment: the challenger, and the default bot's.
REVEAL_AT = (21, 29)
DEFAULT_REVEAL = 26


class ExperimentError(CardgamesError):
    """A result or a request that is not a valid share of an experiment."""

    code = "bad-result"


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Result:
    """One student's share: ``successes[i]`` of ``trials[i]`` for each series ``i``, and
    (hands) the histogram of scores as ``((score, hands), ...)`` sorted by score."""

    experiment: str
    seed: int
    n: int
    trials: tuple[int, ...]
    successes: tuple[int, ...]
    histogram: tuple[tuple[float, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (see :meth:`from_dict`).

        >>> Result("hands", 1, 2, (2,), (1,), ((0.0, 1), (21.0, 1))).to_dict()["histogram"]
        [[0.0, 1], [21.0, 1]]
        """
        return {"experiment": self.experiment, "seed": self.seed, "n": self.n,
                "trials": list(self.trials), "successes": list(self.successes),
                "histogram": [[s, k] for s, k in self.histogram]}

    @classmethod
    def from_dict(cls, data: object) -> Result:
        """A result from JSON data, every field checked (sizes bounded); else
        :class:`ExperimentError` naming the field.

        >>> Result.from_dict({"experiment": "hands", "seed": -1, "n": 1, "trials": [1],
        ...                   "successes": [0]})
        Traceback (most recent call last):
        ...
        cardgames.analysis.experiments.ExperimentError: a result's seed is a whole number 0 to 2**53 - 1, not -1
        """
        if not isinstance(data, Mapping):
            raise ExperimentError(f"a result is a JSON object, not {type(data).__name__}")
        key = data.get("experiment")
        if not isinstance(key, str) or key not in EXPERIMENTS:
            raise ExperimentError(f"unknown experiment {str(key)[:40]!r}: one of "
                                  f"{', '.join(EXPERIMENTS)}")
        seed = _whole(data.get("seed"), "seed", SEED_MAX - 1, "2**53 - 1")
        n = _whole(data.get("n"), "n", 10_000)
        trials = _counts(data.get("trials"), "trials", 4)
        successes = _counts(data.get("successes"), "successes", 4)
        raw = data.get("histogram", [])
        if not isinstance(raw, list) or len(raw) > 64:
            raise ExperimentError("a result's histogram is a list of at most 64 [score, count]")
        hist: list[tuple[float, int]] = []
        for item in raw:
            if (not isinstance(item, list) or len(item) != 2
                    or not isinstance(item[0], (int, float)) or isinstance(item[0], bool)
                    or not math.isfinite(item[0])):
                raise ExperimentError("a histogram entry is [score, count]")
            hist.append((float(item[0]), _whole(item[1], "histogram count", 10_000)))
        return cls(key, seed, n, trials, successes, tuple(hist))

    def forged(self, **changes: Any) -> Result:
        """A copy with some fields changed (for tests: what a cheat would send)."""
        return dataclasses.replace(self, **changes)


def _whole(value: object, name: str, most: int, most_text: str | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise ExperimentError(f"a result's {name} is a whole number 0 to {most_text or most}, "
                              f"not {str(value)[:30]}")
    return value


def _counts(value: object, name: str, most: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= most:
        raise ExperimentError(f"a result's {name} is a list of 1 to {most} whole numbers")
    return tuple(_whole(v, name, 10_000_000) for v in value)


@dataclass(frozen=True)
class SeriesEstimate:
    """A pooled proportion: ``successes`` of ``trials``, its 95 % Wilson interval, and the
    exact value (None where the engine knows none)."""

    label: str
    successes: int
    trials: int
    low: float
    high: float
    exact: Fraction | None

    @property
    def value(self) -> float:
        """``successes / trials`` (NaN with no trials)."""
        return self.successes / self.trials if self.trials else math.nan

    @localized
    def describe(self, *, lang: str | None = None) -> str:
        """The estimate in words, in the current language (or ``lang=``): the series' label,
        the count, the share, its 95 % interval and the exact value (or that there is none).

        >>> SeriesEstimate("the claim is true", 71, 3000, .0188, .0297,
        ...                Fraction(1, 46)).describe()
        'the claim is true: 71 of 3,000 = 0.0237 (95%: 0.0188-0.0297); exact 1/46 = 0.0217'
        >>> SeriesEstimate("reveal at 21", 129, 300, .3752, .4866, None).describe(lang="hr")
        'otkrij na 21: 129 od 300 = 0,4300 (95 %: 0,3752-0,4866); nema točne vrijednosti'
        """
        words = {"label": gettext(self.label), "k": format_count(self.successes),
                 "n": format_count(self.trials), "p": decimal(f"{self.value:.4f}"),
                 "low": decimal(f"{self.low:.4f}"), "high": decimal(f"{self.high:.4f}")}
        if self.exact is None:
            return gettext("{label}: {k} of {n} = {p} (95%: {low}-{high}); no exact value").format(
                **words)
        return gettext("{label}: {k} of {n} = {p} (95%: {low}-{high}); exact {exact} = {x}").format(
            exact=self.exact, x=decimal(f"{float(self.exact):.4f}"), **words)


@dataclass(frozen=True)
class Pooled:
    """The class's figure: how many shares, each series' estimate, the pooled histogram
    (hands), and the exact histogram as probabilities (``((score, p), ...)``)."""

    experiment: str
    shares: int
    series: tuple[SeriesEstimate, ...]
    histogram: tuple[tuple[float, int], ...] = ()
    exact_histogram: tuple[tuple[float, float], ...] = ()

    @property
    def trials(self) -> tuple[int, ...]:
        return tuple(s.trials for s in self.series)

    @property
    def separated(self) -> bool:
        """Two series whose intervals do not overlap (the tournament's question).

        >>> Pooled("reveal", 2, (SeriesEstimate("a", 1, 9, .0, .3, None),
        ...                      SeriesEstimate("b", 8, 9, .5, 1., None))).separated
        True
        """
        if len(self.series) < 2:
            return False
        a, b = self.series[0], self.series[1]
        return a.high < b.low or b.high < a.low

    def to_dict(self) -> dict[str, Any]:
        return {"experiment": self.experiment, "shares": self.shares,
                "series": [{"label": s.label, "successes": s.successes, "trials": s.trials,
                            "estimate": None if not s.trials else s.value,
                            "low": s.low, "high": s.high,
                            "exact": None if s.exact is None else float(s.exact),
                            "exact_text": None if s.exact is None else str(s.exact)}
                           for s in self.series],
                "histogram": [[x, k] for x, k in self.histogram],
                "exact_histogram": [[x, p] for x, p in self.exact_histogram],
                "separated": self.separated}


Runner = Callable[[int, int], "tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[float, int], ...]]"]


@dataclass(frozen=True)
class Experiment:
    """One class experiment: a key, its words (gettext msgids), its series, the share size
    a student runs (``n`` at most ``max_n``), the exact values, and the runner."""

    key: str
    lesson: str
    title: str
    question: str
    series: tuple[str, ...]
    n: int
    max_n: int
    exact: tuple[Fraction | None, ...]
    runner: Runner = dataclasses.field(repr=False, compare=False)
    exact_histogram: tuple[tuple[float, float], ...] = dataclasses.field(default=(),
                                                                         repr=False)

    def share(self, seed: int, n: int | None = None) -> Result:
        """Run one share of ``n`` trials (default :attr:`n`) from ``seed``: the same seed and
        ``n`` give the same result in every process."""
        n = self.n if n is None else n
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_MAX:
            raise ExperimentError(f"a seed is a whole number 0 to 2**53 - 1, not {seed!r}")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= self.max_n:
            raise ExperimentError(f"a share of {self.key!r} is 1 to {self.max_n} trials, "
                                  f"not {n!r}")
        trials, successes, hist = self.runner(seed, n)
        return Result(self.key, seed, n, trials, successes, hist)

    def verify(self, seed: int, n: int, result: Result) -> bool:
        """Whether ``result`` is exactly what ``share(seed, n)`` gives (the re-check)."""
        if (not isinstance(result, Result) or result.experiment != self.key
                or result.seed != seed or result.n != n):
            return False
        try:
            return self.share(seed, n) == result
        except ExperimentError:
            return False

    def pool(self, results: Iterable[Result]) -> Pooled:
        """The class's estimate of every series from ``results`` (accepted shares of this
        experiment), each with its Wilson interval."""
        from cardgames.analysis.simulate import wilson_interval

        shares = 0
        trials = [0] * len(self.series)
        wins = [0] * len(self.series)
        hist: Counter[float] = Counter()
        for r in results:
            if r.experiment != self.key or len(r.trials) != len(self.series):
                raise ExperimentError(f"a result of {r.experiment!r} is not one of {self.key!r}")
            shares += 1
            for i, (t, s) in enumerate(zip(r.trials, r.successes, strict=True)):
                trials[i] += t
                wins[i] += s
            for score, k in r.histogram:
                hist[score] += k
        series = tuple(SeriesEstimate(label, s, t, *wilson_interval(s, t), exact)
                       for label, s, t, exact in zip(self.series, wins, trials, self.exact,
                                                     strict=True))
        return Pooled(self.key, shares, series, tuple(sorted(hist.items())),
                      self.exact_histogram)


# --------------------------------------------------------------------------- the runners


def hands_share(seed: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...],
                                            tuple[tuple[float, int], ...]]:
    """``n`` hands of 3 cards from a shuffled 32-card deck (``random.Random(seed)``),
    scored by the engine (**T11**, **R-T2**): ((n,), (hands >= 21,), histogram).

    >>> hands_share(1, 3)[0]
    (3,)
    """
    from cardgames.cards import ORDINARY_CARDS
    from cardgames.thirtyone import score

    rng = random.Random(seed)
    deck = list(ORDINARY_CARDS)
    scores = Counter(float(score(rng.sample(deck, 3))) for _ in range(n))
    hits = sum(k for s, k in scores.items() if s >= 21)
    return (n,), (hits,), tuple(sorted(scores.items()))


def liar_share(seed: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...],
                                           tuple[tuple[float, int], ...]]:
    """``n`` engine deals (4 players, **L5**) in which seat 1 holds no seven (a deal where
    it holds one is dealt again: the condition); each time seat 2 puts down 2 of its cards
    at random, claiming "2 sevens": ((n,), (claims true,), ()).

    >>> liar_share(3, 5)[0]
    (5,)
    """
    from cardgames.cards import Rank
    from cardgames.liar import LiarGame
    from cardgames.seeds import game_seed

    game = LiarGame(players=4)
    pick = random.Random(seed)
    true = 0
    deal = 0
    for _ in range(n):
        while True:
            state = game.new_state(seed=game_seed(seed, deal))
            deal += 1
            if not any(c.rank is Rank.SEVEN for c in state.hand(1)):
                break
        put_down = pick.sample(list(state.hand(2)), 2)
        true += all(c.rank is Rank.SEVEN for c in put_down)
    return (n,), (true,), ()


def reveal_share(seed: int, n: int) -> tuple[tuple[int, ...], tuple[int, ...],
                                             tuple[tuple[float, int], ...]]:
    """``n`` two-player Thirty-One matches (3 lives, **T13**) for each reveal threshold of
    :data:`REVEAL_AT` against the default heuristic bot (reveal at 26), seats rotating: a
    tournament of master seed ``seed`` (``seed + 1`` for the second threshold), played
    game by game as :func:`cardgames.analysis.tournament.tournament` plays it, without
    pandas (shared wins count as wins, as its ``summarize`` counts them):
    ((n, n), (wins, wins), ())."""
    from cardgames.analysis.tournament import make_game
    from cardgames.play import play_game
    from cardgames.seeds import game_seed
    from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent

    game = make_game("thirty-one", 2)          # 3 lives (T13)
    default = ThirtyOneHeuristicAgent(reveal_at=DEFAULT_REVEAL)
    wins = []
    for k, reveal_at in enumerate(REVEAL_AT):
        challenger = ThirtyOneHeuristicAgent(reveal_at=reveal_at)
        won = 0
        for i in range(n):       # tournament(..., seed=seed + k)'s game i: seats rotate
            seat = i % 2
            lineup = [challenger, default] if seat == 0 else [default, challenger]
            outcome = play_game(game, lineup, seed=game_seed(seed + k, i)).outcome
            won += outcome is not None and outcome.places[seat] == 1
        wins.append(won)
    return (n, n), tuple(wins), ()


def _hands_exact() -> tuple[tuple[Fraction | None, ...], tuple[tuple[float, float], ...]]:
    from cardgames.analysis.hands import score_counts  # the exact table, no pandas

    counts = score_counts()
    total = sum(counts.values())
    hist = tuple((float(s), k / total) for s, k in sorted(counts.items()))
    return (Fraction(sum(k for s, k in counts.items() if s >= 21), total),), hist


def _liar_exact() -> Fraction:
    from cardgames.liar.probability import claim_probability_counts

    # seat 1 holds 8 cards, none a seven: 24 unseen cards hold the 4 sevens (L5, R-L6)
    return Fraction(claim_probability_counts(unseen_total=24, unseen_good=4, n=2, exact=True))


def _build() -> dict[str, Experiment]:
    hands_exact, hands_hist = _hands_exact()
    return {
        "hands": Experiment(
            "hands", "03", N_("Thirty-One: how often is a hand worth 21 or more?"),
            N_("Deal 3 cards from a shuffled deck and score them (T11, R-T2)."),
            (N_("hand worth 21 or more"),), 100, 2000, hands_exact, hands_share, hands_hist),
        "liar": Experiment(
            "liar", "04", N_('Liar: how often is "2 sevens" true?'),
            N_("Seat 1 holds no seven; seat 2 puts down 2 of its cards and claims "
               "2 sevens (R-L6)."),
            (N_("the claim is true"),), 100, 1000, (_liar_exact(),), liar_share),
        "reveal": Experiment(
            "reveal", "06", N_("Thirty-One: which reveal threshold wins more?"),
            N_("Two-player matches (3 lives, T13) against the default bot, which reveals "
               "at 26."),
            (N_("reveal at 21"), N_("reveal at 29")), 10, 100, (None, None), reveal_share),
    }


EXPERIMENTS: dict[str, Experiment] = _build()


def experiment(key: str) -> Experiment:
    """The experiment of ``key`` (``"hands"``, ``"liar"``, ``"reveal"``).

    >>> experiment("liar").exact
    (Fraction(1, 46),)
    >>> experiment("dice")
    Traceback (most recent call last):
    ...
    cardgames.analysis.experiments.ExperimentError: unknown experiment 'dice': one of hands, liar, reveal
    """
    if key not in EXPERIMENTS:
        raise ExperimentError(f"unknown experiment {str(key)[:40]!r}: one of "
                              f"{', '.join(EXPERIMENTS)}")
    return EXPERIMENTS[key]

"""Seeded Monte Carlo estimates with confidence intervals.

Every estimate records the seed it was drawn with, so a lesson or a test can
reproduce it exactly, and carries a Wilson score interval (for proportions)
that an exact answer should fall inside.

This module needs only the standard library.  The Liar claim simulation is
:func:`cardgames.analysis.odds.simulate_claim` (odds builds on this module,
never the other way round).

>>> est = estimate_probability(lambda rng: rng.random() < 0.25, trials=4000, seed=1)
>>> est.trials, est.seed, est.contains(0.25)
(4000, 1, True)
>>> wilson_interval(0, 10)[0]
0.0
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardgames.i18n import decimal, format_count, gettext

if TYPE_CHECKING:
    from cardgames.cards import Card

__all__ = [
    "Estimate",
    "MeanEstimate",
    "wilson_interval",
    "estimate_probability",
    "estimate_mean",
    "simulate_hand_probability",
]


def _z(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1 (exclusive), not {confidence!r}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    Unlike the normal ("Wald") interval it stays inside [0, 1] and behaves
    well near 0 and 1 and for small samples.

    >>> lo, hi = wilson_interval(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    z = _z(confidence)
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


class _Interval:
    """``low``, ``high`` and ``contains`` from a class's ``interval``."""

    @property
    def interval(self) -> tuple[float, float]:
        raise NotImplementedError

    @property
    def low(self) -> float:
        """The lower end of the interval."""
        return self.interval[0]

    @property
    def high(self) -> float:
        """The upper end of the interval."""
        return self.interval[1]

    def contains(self, x: float) -> bool:
        """Whether ``x`` lies in the interval."""
        lo, hi = self.interval
        return lo <= x <= hi


def _dec(x: float) -> str:
    return decimal(f"{x:.4f}")


@dataclass(frozen=True)
class Estimate(_Interval):
    """A Monte Carlo estimate of a probability, with its Wilson interval and seed."""

    successes: int
    trials: int
    seed: int | None
    confidence: float = 0.95
    label: str = ""

    @property
    def value(self) -> float:
        """The observed proportion ``successes / trials`` (NaN with no trials)."""
        return self.successes / self.trials if self.trials else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson score interval at ``confidence``."""
        return wilson_interval(self.successes, self.trials, self.confidence)

    def __str__(self) -> str:
        lo, hi = self.interval
        label = f"{self.label}: " if self.label else ""
        return label + gettext("{p} ({conf}% CI {low}-{high}, {k}/{n}, seed={seed})").format(
            p=_dec(self.value), conf=f"{self.confidence * 100:.0f}", low=_dec(lo),
            high=_dec(hi), k=format_count(self.successes), n=format_count(self.trials),
            seed=self.seed)


@dataclass(frozen=True)
class MeanEstimate(_Interval):
    """A Monte Carlo estimate of a mean with a normal-approximation interval."""

    mean: float
    stdev: float
    trials: int
    seed: int | None
    confidence: float = 0.95
    label: str = ""

    @property
    def value(self) -> float:
        return self.mean

    @property
    def interval(self) -> tuple[float, float]:
        if self.trials < 2:
            return (-math.inf, math.inf)
        half = _z(self.confidence) * self.stdev / math.sqrt(self.trials)
        return (self.mean - half, self.mean + half)

    def __str__(self) -> str:
        lo, hi = self.interval
        label = f"{self.label}: " if self.label else ""
        return label + gettext("{p} ({conf}% CI {low}-{high}, n={n}, seed={seed})").format(
            p=_dec(self.mean), conf=f"{self.confidence * 100:.0f}", low=_dec(lo),
            high=_dec(hi), n=format_count(self.trials), seed=self.seed)


def _check_trials(trials: int) -> None:
    if not isinstance(trials, int) or isinstance(trials, bool) or trials < 1:
        raise ValueError(f"trials must be a positive whole number, not {trials!r}")


def estimate_probability(event: Callable[[random.Random], bool], *, trials: int, seed: int,
                         confidence: float = 0.95, label: str = "") -> Estimate:
    """Estimate P(event) by calling ``event(rng)`` ``trials`` times with one seeded RNG."""
    _check_trials(trials)
    rng = random.Random(seed)
    hits = 0
    for _ in range(trials):
        if event(rng):
            hits += 1
    return Estimate(hits, trials, seed, confidence, label)


def estimate_mean(sample: Callable[[random.Random], float], *, trials: int, seed: int,
                  confidence: float = 0.95, label: str = "") -> MeanEstimate:
    """Estimate E[sample] from ``trials`` draws of ``sample(rng)`` with one seeded RNG."""
    _check_trials(trials)
    rng = random.Random(seed)
    values = [float(sample(rng)) for _ in range(trials)]
    sd = statistics.stdev(values) if trials > 1 else 0.0
    return MeanEstimate(statistics.fmean(values), sd, trials, seed, confidence, label)


def simulate_hand_probability(*, at_least: float = 21, chronicler: bool = False,
                              exclude: Iterable[Card | str] | str = (), trials: int = 20_000, seed: int = 0,
                              confidence: float = 0.95) -> Estimate:
    """Estimate P(score >= ``at_least``) for 3 cards drawn from the deck less ``exclude``.

    The Monte Carlo twin of :func:`cardgames.analysis.hands.probability`.
    """
    from cardgames.cards import Chronicler, as_cards, make_deck
    from cardgames.thirtyone import score

    deck = make_deck(chroniclers=(Chronicler.ANY,) if chronicler else ())
    for card in as_cards(exclude):
        try:
            deck.remove(card)
        except ValueError:
            raise ValueError(f"card {card} is excluded but not in the deck") from None
    sample = random.Random.sample

    def event(rng: random.Random) -> bool:
        return score(sample(rng, deck, 3)) >= at_least

    return estimate_probability(event, trials=trials, seed=seed, confidence=confidence,
                                label=f"P(score >= {at_least:g})")

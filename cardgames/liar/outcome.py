"""How a Liar round ended: :class:`LiarOutcome` and :func:`places_by_count`."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LiarOutcome", "places_by_count"]


@dataclass(frozen=True)
class LiarOutcome:
    """How a round ended (R-L10), in the shape of :class:`cardgames.core.Outcome`.

    Tuples are per seat.

    - ``winners``: the seat that went out (L11), as a 1-tuple; ``()`` only when
      the simulation cap stopped the round (``reason == "cap"``).
    - ``places``: 1 = best; equal card counts share the better place, the next
      place is skipped (1, 2, 2, 4) unless ``LiarGame(tie_places="dense")``
      (1, 2, 2, 3).
    - ``returns``: the round's R-L10 points as floats (``points``).  Chosen
      because a match (R-L10) is won by the sum of these points, so an agent
      that maximises its expected return per round maximises its expected
      match score; it is not zero-sum (a learner that wants zero-sum can
      subtract the mean, which changes no seat's best play).
    - ``reason``: ``"went_out"`` (L11) or ``"cap"`` (simulation cap).
    - Liar's extras: ``points`` (from ``LiarGame.points``, 0 below) and
      ``cards_held`` at the end.  ``winner`` (the one seat or ``None``) is
      kept for older code.

    >>> o = LiarOutcome(winners=(2,), places=(3, 2, 1), returns=(2.0, 3.0, 4.0),
    ...                 reason="went_out", points=(2, 3, 4), cards_held=(21, 9, 0))
    >>> o.winner, o.returns[o.winner]
    (2, 4.0)
    """

    winners: tuple[int, ...]
    places: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    points: tuple[int, ...]
    cards_held: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        """The seat that went out, ``None`` when the cap stopped the round (old name)."""
        return self.winners[0] if self.winners else None


def places_by_count(counts: tuple[int, ...] | list[int], winner: int | None, *,
                    tie_places: str = "competition") -> tuple[int, ...]:
    """R-L10 places: the winner 1st, the others by cards held, ties share the better place.

    ``tie_places="competition"`` skips the places after a tie (1, 2, 2, 4);
    ``"dense"`` does not (1, 2, 2, 3).

    >>> places_by_count([0, 3, 3, 5], 0)
    (1, 2, 2, 4)
    >>> places_by_count([0, 3, 3, 5], 0, tie_places="dense")
    (1, 2, 2, 3)
    >>> places_by_count([2, 2, 4], None)      # simulation cap: nobody out
    (1, 1, 3)
    """
    key = [(-1 if p == winner else n) for p, n in enumerate(counts)]
    if tie_places == "dense":
        return tuple(1 + len({other for other in key if other < mine}) for mine in key)
    return tuple(1 + sum(1 for other in key if other < mine) for mine in key)

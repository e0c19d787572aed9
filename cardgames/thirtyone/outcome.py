"""How a game of Thirty-One ended: :class:`ThirtyOneOutcome` (``state.outcome()``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.thirtyone.events import DealResult

__all__ = ["ThirtyOneOutcome", "next_seat", "outcome_of", "winners_after"]


@dataclass(frozen=True)
class ThirtyOneOutcome:
    """How a game ended, in the shape of :class:`cardgames.core.Outcome`.  Tuples are per seat.

    - ``winners``: the last player left, or the last players who all went out
      in the same deal (R-T8); with ``single_deal`` the deal's best hand(s)
      (three Aces, R-T7, else the highest score, T11).
    - ``places``: 1 = the winners.  A whole game: the others by the deal in
      which they went out, later is better, out in the same deal shares the
      better place (1, 2, 2, 4); seats out before the first deal come last.
      A single deal: by the deal's score, equal scores share the better place;
      after three Aces (R-T7) every other seat shares place 2.
    - ``returns``: a win is worth 1, shared equally by the winners (two
      winners get 0.5 each, R-T8); everyone else gets 0.  The returns add up
      to 1 (constant-sum), so maximising one's return is maximising one's share
      of wins, which is what a match of Thirty-One is about (lives are only
      the way there).
    - ``reason``: ``"last_player"`` (R-T8), ``"all_out"`` (the last players
      went out in the same deal, R-T8), ``"three_aces"`` or ``"best_hand"``
      (``single_deal``).
    - Thirty-One's extras: ``lives``/``out`` per seat at the end; ``deals``
      played; ``last_deal`` the final :class:`DealResult`; ``single_deal``.
    """

    winners: tuple[int, ...]
    places: tuple[int, ...]
    returns: tuple[float, ...]
    reason: str
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    deals: int
    last_deal: DealResult
    single_deal: bool = False

    def describe(self) -> str:
        who = _(" and ").join(_("player {player}").format(player=p) for p in self.winners)
        if len(self.winners) > 1:
            text = (_("{who} win the deal (shared, R-T8)") if self.single_deal else
                    _("{who} win the game (shared, R-T8)"))
        else:
            text = _("{who} wins the deal") if self.single_deal else _("{who} wins the game")
        return text.format(who=who) + " " + ngettext("after {n} deal", "after {n} deals",
                                                     self.deals).format(n=self.deals)


def outcome_of(winners: tuple[int, ...], results: list[DealResult], *, lives: tuple[int, ...],
               out: tuple[bool, ...], deals: int, single_deal: bool) -> ThirtyOneOutcome:
    """The outcome of a game that ``winners`` won, from its deals' ``results`` (R-T8): places
    by when a player went out (a single deal: by the last deal's scores)."""
    n = len(out)
    last = results[-1]
    key: list[float]
    if single_deal:
        reason = "best_hand" if last.three_aces is None else "three_aces"
        key = [-1.0 if sc is None else sc for sc in last.scores]
    else:
        reason = "last_player" if len(winners) == 1 and not out[winners[0]] else "all_out"
        gone = {p: r.deal for r in results for p in r.went_out}
        key = [gone.get(p, 0) for p in range(n)]
    top = max(key) + 1
    for p in winners:
        key[p] = top
    places = tuple(1 + sum(1 for other in key if other > mine) for mine in key)
    share = 1.0 / len(winners)
    return ThirtyOneOutcome(
        winners=winners, places=places,
        returns=tuple(share if p in winners else 0.0 for p in range(n)), reason=reason,
        lives=lives, out=out, deals=deals, last_deal=last, single_deal=single_deal)


def winners_after(result: DealResult, remaining: tuple[int, ...], *,
                  single_deal: bool) -> tuple[tuple[int, ...], str] | None:
    """Who won, and why, once the deal of ``result`` is settled; ``None``: the game goes on.

    A single deal: the three Aces, else the best hands.  A game: the last player left,
    or, when nobody is, the players who went out in this deal share the win (R-T8).
    """
    if single_deal:
        if result.three_aces is not None:
            return (result.three_aces,), "the best hand of the deal (single deal)"
        best = max(s for s in result.scores if s is not None)
        return (tuple(p for p, s in enumerate(result.scores) if s == best),
                "the best hand of the deal (single deal)")
    if len(remaining) == 1:
        return remaining, "the last player left (R-T8)"
    if not remaining:
        return (result.went_out, "the last players all went out in the same deal and share "
                                 "the win (R-T8)")
    return None


def next_seat(seat: int, out: tuple[bool, ...] | list[bool]) -> int:
    """The next seat after ``seat`` in order of play that is not ``out`` (R-T1): who plays
    next, and who deals the next deal.  At least one seat must still be in.  (The state's
    hot loop keeps its own inline copy, ``ThirtyOneState._next_seat``: a call per pass
    measured ~5 % slower; tests/test_architecture.py checks that the two agree.)

    >>> next_seat(0, [False, False, False]), next_seat(2, [False, False, False])
    (1, 0)
    >>> next_seat(0, [False, True, False])          # seat 1 is out: seat 2 is next
    2
    """
    n = len(out)
    s = (seat + 1) % n
    while out[s]:
        s = (s + 1) % n
    return s

"""A Liar match: several rounds with points per place (L11, R-L10), the dealer moving on (R-L1).

The match ends after ``rounds`` rounds, or after the round in which someone
reaches ``target`` points (whichever comes first if both are given); the
leaders on points then share the match win.  Round ``i`` is dealt by seat
``(first_dealer + i) % players`` with the seed :func:`cardgames.seeds.round_seed` (a SHA-256
hash of the match seed and ``i``, the same in every process).

>>> from cardgames.liar import LiarGame
>>> from cardgames.liar.bots import LiarRandomAgent
>>> m = LiarMatch(LiarGame(players=3), seed=5, rounds=4)
>>> standings = m.play([LiarRandomAgent()] * 3)
>>> len(m.results), [m.dealer_of(i) for i in range(4)], [r.points[r.winner] for r in m.results]
(4, [0, 1, 2, 0], [4, 4, 4, 4])
>>> sum(m.scores) == sum(sum(r.points) for r in m.results)
True
>>> m.is_over(), standings[0].place
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from cardgames.core import State, check_seed
from cardgames.errors import ConfigError, GameOverError
from cardgames.i18n import gettext as _
from cardgames.liar.game import LiarGame
from cardgames.liar.state import LiarOutcome, LiarState
from cardgames.play import play_state
from cardgames.seeds import agent_rngs, round_seed

__all__ = ["ENDLESS", "LiarMatch", "LiarRound", "Standing", "round_seed"]

#: The rounds of a table's match with neither ``rounds`` nor ``target`` (R-L10 asks for
#: one): rounds without end, for a table that plays on.
ENDLESS = 10**9


@dataclass(frozen=True)
class Standing:
    """One seat in the standings: points, shared competition place, rounds won."""

    player: int
    points: int
    place: int
    wins: int


class LiarMatch:
    """Rounds of Liar with points (R-L10).  Use :meth:`play`, or :meth:`new_round` + :meth:`record`."""

    def __init__(self, game: LiarGame, *, seed: int, rounds: int | None = None,
                 target: int | None = None, first_dealer: int = 0) -> None:
        if rounds is None and target is None:
            raise ConfigError(_("R-L10 a match is a number of rounds or play to a target score: "
                                "give rounds=... or target=..."))
        for name, v in (("rounds", rounds), ("target", target)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool) or v < 1):
                raise ConfigError(_("{name}={v!r} is not allowed: R-L10 a positive whole number")
                                    .format(name=name, v=v))
        if target is not None and max(game.points, default=0) <= 0:
            raise ConfigError(_("target={target} can never be reached with points={points} (R-L10)")
                                .format(target=target, points=game.points))
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < game.players:
            raise ConfigError(_("first_dealer={first_dealer!r} is not a seat (R-L1)")
                                .format(first_dealer=first_dealer))
        self.game = game
        self.seed = check_seed(seed)
        self.rounds = rounds
        self.target = target
        self.first_dealer = first_dealer
        self.scores = [0] * game.players
        self.results: list[LiarOutcome] = []
        self._current: LiarState | None = None

    def __repr__(self) -> str:
        return (f"LiarMatch({self.game!r}, seed={self.seed!r}, rounds={self.rounds!r}, "
                f"target={self.target!r}; played {len(self.results)}, scores {self.scores})")

    def round_seed(self, index: int) -> int:
        return round_seed(self.seed, index)

    # ------------------------------------------------------------ cardgames.core.Match
    def next_game(self, saved: State | None = None) -> tuple[State, dict[str, Any]]:
        """:meth:`new_round`, with the keywords that deal it again; ``saved``: a saved
        round taken as this one (it must be the round this match deals: seed, dealer)."""
        state = self.new_round()
        if saved is not None:
            if (getattr(saved, "seed", None), getattr(saved, "dealer", None)) != (
                    state.seed, state.dealer):
                raise ConfigError(_("not a saved session: its marks, events and games "
                                    "disagree"))
            state = self._current = saved       # type: ignore[assignment]
        return state, {"seed": state.seed, "dealer": state.dealer}

    def seat_view(self, state: State, view: Any = None) -> dict[str, Any]:
        """The round (1 = the first), the match's points, the places of each finished
        round and the rounds (``None``: to a target, or without end), R-L10."""
        return {"round": len(self.results) + (not state.is_over()),
                "points": tuple(self.scores),
                "places": tuple(tuple(r.places) for r in self.results),
                "rounds": None if self.rounds in (None, ENDLESS) else self.rounds}

    def dealer_of(self, index: int) -> int:
        """R-L1: the dealer moves one seat each round."""
        return (self.first_dealer + index) % self.game.players

    def is_over(self) -> bool:
        if self.rounds is not None and len(self.results) >= self.rounds:
            return True
        return self.target is not None and max(self.scores) >= self.target

    def new_round(self) -> LiarState:
        """Deal the next round (play it, then pass it to :meth:`record`)."""
        if self.is_over():
            raise GameOverError(_("the match is over (R-L10); no more rounds"), rule="R-L10",
                                reason=_("the match is over"), legal="nothing")
        i = len(self.results)
        self._current = self.game.new_state(seed=self.round_seed(i), dealer=self.dealer_of(i))
        return self._current

    def record(self, state: State) -> LiarOutcome:
        """Add the points of the finished round ``state`` (the one :meth:`new_round` dealt)."""
        out = cast(LiarState, state).outcome()
        if out is None:
            raise GameOverError(_("the round is not over yet: finish it before recording (L11)"),
                                rule="L11", reason=_("the round is not over yet"),
                                legal="play the round to its end first")
        cur = self._current
        if cur is None or (getattr(state, "seed", None), getattr(state, "dealer", None)) != (
                cur.seed, cur.dealer):
            raise ConfigError(_("record() takes the round dealt by the last new_round()"))
        self._current = None
        for p, pts in enumerate(out.points):
            self.scores[p] += pts
        self.results.append(out)
        return out

    def standings(self) -> list[Standing]:
        """Seats by points, best first; equal points share the better place."""
        wins = [sum(1 for r in self.results if r.winner == p) for p in range(self.game.players)]
        rows = [Standing(p, s, 1 + sum(1 for o in self.scores if o > s), wins[p])
                for p, s in enumerate(self.scores)]
        return sorted(rows, key=lambda r: (r.place, r.player))

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (a shared win when tied)."""
        best = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    def play(self, agents: Sequence[Any]) -> list[Standing]:
        """Play the remaining rounds with ``agents`` (one per seat) and return :meth:`standings`.

        Each round is played by :func:`cardgames.play.play_state` (the one agent
        loop), the agents' generators ``cardgames.play.agent_rngs(round seed, players)``.
        """
        if len(agents) != self.game.players:
            raise ConfigError(_("{players} players need {players} agents")
                                .format(players=self.game.players))
        while not self.is_over():
            state = self.new_round()
            seed = state.seed
            assert seed is not None
            play_state(state, agents, agent_rngs(seed, self.game.players))
            self.record(state)
        return self.standings()


class LiarRound(LiarMatch):
    """One round as a match (a table's ``match=False``): dealt by seat 0 from the seed
    itself (not a round seed), its winners the round's (L11).

    >>> r = LiarRound(LiarGame(players=3), seed=7)
    >>> state, start = r.next_game()
    >>> start, state.seed
    ({'seed': 7, 'dealer': 0}, 7)
    """

    def __init__(self, game: LiarGame, *, seed: int) -> None:
        super().__init__(game, seed=seed, rounds=1)

    def round_seed(self, index: int) -> int:
        return self.seed

    def winners(self) -> tuple[int, ...]:
        return tuple(self.results[0].winners) if self.results else ()

    def seat_view(self, state: State, view: Any = None) -> dict[str, Any]:
        """As a match's, with the round's own points once it is over (R-L10)."""
        out = super().seat_view(state, view)
        out["rounds"] = 1
        return out

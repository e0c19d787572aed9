"""Both games as OpenSpiel Python games.  Importing this module registers them with ``pyspiel``.

Needs the ``[rl]`` extra (``pip install 'cardgames[rl]'``); ``import cardgames``
never imports it.

==============================  ===============================================
short name                      parameters (default)
==============================  ===============================================
``python_cardgames_liar``        ``players`` (3), ``decks`` (1), ``chroniclers``
                                 (``"none"``, or ``"both"``, ``"colorful"``,
                                 ``"pale"``), ``max_plays`` (200, the safety cap),
                                 ``actions`` (``"full"``, or ``"compact"``:
                                 :mod:`cardgames.adapters.compact`)
``python_cardgames_thirty_one``  ``players`` (2), ``chronicler`` (False),
                                 ``lives`` (3, R-T8), ``turn_cap`` (20, R-T10)
==============================  ===============================================

The engine does the rules; this module only translates.  Layout as in
OpenSpiel's ``python/games/kuhn_poker.py``:

* **Chance nodes deal** (explicit, one card at a time, outcome = card code,
  probability = its share of the cards not yet dealt).  Liar deals the hands
  (the rest is put aside unseen, R-L3); Thirty-One deals every hand and the
  table at the start of each deal (R-T1), then the engine's
  ``state_from_position`` takes over.  A Thirty-One game runs deal after
  deal until one player has lives left (T13, R-T8); each deal is a
  single-deal engine state, lives and seats out carried over.
* **Actions** are the fixed ids of :mod:`cardgames.adapters.actions`
  (Liar's legal plays from the tables of :mod:`cardgames.adapters.legal_ids`);
  Liar with ``actions="compact"``: the 32 play shapes of
  :mod:`cardgames.adapters.compact`, the engine choosing the cards.
* **Returns**: Thirty-One: winners share +1, the others -1/(players-1)
  (two players: +1 / -1; zero-sum).  Liar: the round's points (R-L10,
  4-3-2-1) minus their mean (zero-sum).
* **Observations** (string and tensor) are built from ``state.view(player)``
  only (R-L11, R-T9) -- never from hidden cards; during a deal a player sees
  the cards dealt to them so far.  The games provide observations, not
  information states: ISMCTS runs with ``use_observation_string=True`` and
  :func:`resampler` (a determinization from the player's view).

>>> import pyspiel
>>> game = pyspiel.load_game("python_cardgames_thirty_one", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import pyspiel  # type: ignore[import-not-found,unused-ignore]

from cardgames.adapters.actions import (
    LIAR_ACTIONS,
    LIAR_CALL,
    LIAR_PASS,
    NUM_CARD_CODES,
    THIRTY_ONE_ACTIONS,
    liar_play_cards,
)
from cardgames.adapters.compact import (
    LIAR_COMPACT_ACTIONS,
    compact_legal_ids,
    compact_play,
    compact_text,
)
from cardgames.adapters.legal_ids import (
    hand_play_ids,
    t31_action,
    t31_action_id,
    t31_apply_legal,
    t31_legal_ids,
)
from cardgames.adapters.openspiel_observers import LiarObserver, ThirtyOneObserver
from cardgames.cards import Card
from cardgames.liar import LiarGame
from cardgames.liar.actions import CALL, PASS, Play
from cardgames.liar.state import Phase as LiarPhase
from cardgames.thirtyone import ThirtyOneGame
from cardgames.thirtyone.outcome import next_seat, winners_after

__all__ = ["LIAR", "THIRTY_ONE", "LiarSpielGame", "ThirtyOneSpielGame", "make_ismcts_bot",
           "resampler", "t31_action", "t31_action_id"]

LIAR = "python_cardgames_liar"
THIRTY_ONE = "python_cardgames_thirty_one"
_N = NUM_CARD_CODES


class _Engine:
    """Holds an engine state; copies it with the engine's fast ``clone()`` when OpenSpiel
    clones (deep-copies) a state."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone())


def _deal_outcomes(remaining: dict[int, int]) -> list[tuple[int, float]]:
    total = sum(remaining.values())
    return [(c, m / total) for c, m in sorted(remaining.items()) if m]


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


# =========================================================================== Thirty-One

_T31_TYPE = pyspiel.GameType(
    short_name=THIRTY_ONE,
    long_name="Thirty-One (cardgames, Hungarian deck)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=9,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "chronicler": False, "lives": 3, "turn_cap": 20},
)
class ThirtyOneSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Thirty-One as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_T31_TYPE.parameter_specification, **(params or {})}
        self.engine = ThirtyOneGame(players=int(p["players"]), chronicler=bool(p["chronicler"]),
                                    lives=int(p["lives"]), turn_cap=int(p["turn_cap"]))
        n, cap = self.engine.players, self.engine.turn_cap or 0
        deals = n * (self.engine.lives + 1)           # every deal costs someone a life
        info = pyspiel.GameInfo(
            num_distinct_actions=THIRTY_ONE_ACTIONS,
            max_chance_outcomes=_N,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=deals * (3 * n + 3 + 1 + cap + n))
        super().__init__(_T31_TYPE, info, p)

    def new_initial_state(self) -> ThirtyOneSpielState:
        return ThirtyOneSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ThirtyOneObserver:
        return ThirtyOneObserver(self.engine.players, params)


class ThirtyOneSpielState(pyspiel.State):  # type: ignore[misc]
    """A Thirty-One game: chance deals, then the engine's single-deal states, deal after deal.

    The player to move is kept as an int (OpenSpiel asks several times per
    move), and the legal ids once per position.
    """

    def __init__(self, game: ThirtyOneSpielGame) -> None:
        super().__init__(game)
        self.engine_game = game.engine
        n = game.engine.players
        self.lives = [game.engine.lives] * n
        self.out = [False] * n
        self.dealer = 0
        self.winners: tuple[int, ...] = ()
        self._deal: _Engine | None = None           # the engine state of the deal in play
        self._cur = _CHANCE
        self._legal: list[int] | None = None
        self._deck_codes = sorted(c.code for c in game.engine.deck())
        self._start_dealing()

    @property
    def deal(self) -> Any:
        """The engine state (single deal) in play, or None while dealing."""
        return None if self._deal is None else self._deal.state

    @deal.setter
    def deal(self, value: Any) -> None:
        self._deal = None if value is None else _Engine(value)
        self._legal = None
        seat = None if value is None else value.current_player   # None: over (then settled)
        self._cur = _TERMINAL if self.winners else _CHANCE if seat is None else int(seat)

    @property
    def remaining(self) -> dict[int, int]:
        """While dealing: how many of each card code are not dealt yet."""
        return {c: 1 for c in self._undealt}

    # ---------------------------------------------------------------- dealing
    def _seats(self) -> list[int]:
        n = len(self.out)
        return [s for s in ((self.dealer + i) % n for i in range(1, n + 1)) if not self.out[s]]

    def _start_dealing(self) -> None:
        self.deal = None
        self.dealt: list[int] = []
        self._undealt = list(self._deck_codes)          # one card of each code (T2), sorted
        self.to_deal = 3 * len(self._seats()) + 3

    def _finish_dealing(self) -> None:
        seats = self._seats()
        hands: list[Any] = [None] * len(self.out)
        for k, s in enumerate(seats):
            hands[s] = [Card.from_code(c) for c in self.dealt[3 * k:3 * k + 3]]
        table = [Card.from_code(c) for c in self.dealt[-3:]]
        self.deal = self.engine_game.state_from_position(
            hands=hands, table=table, dealer=self.dealer, phase="exchange",
            lives=list(self.lives), single_deal=True)
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        deal = self._deal.state  # type: ignore[union-attr]  # a deal is in play
        if not deal.is_over():
            self._cur = int(deal.current_player)
            return
        result = deal.results[-1]
        self.lives = list(result.lives)
        for s in result.went_out:
            self.out[s] = True
        left = tuple(s for s in range(len(self.out)) if not self.out[s])
        settled = winners_after(result, left, single_deal=False)    # the engine's R-T8
        if settled is not None:
            self.winners = settled[0]
            self._cur = _TERMINAL
            return
        self.dealer = next_seat(self.dealer, self.out)              # the engine's R-T1
        self._start_dealing()

    # ---------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        return self._cur

    def _legal_actions(self, player: int) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = t31_legal_ids(self._deal.state.legal_actions())  # type: ignore[union-attr]
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._undealt
        return list(zip(left, itertools.repeat(1.0 / len(left))))

    def _apply_action(self, action: int) -> None:
        if self._deal is None:
            self._undealt.remove(action)
            self.dealt.append(action)
            if len(self.dealt) == self.to_deal:
                self._finish_dealing()
            return
        legal, self._legal = self._legal, None
        if legal is not None and action in legal:      # one of this position's legal ids
            t31_apply_legal(self._deal.state, t31_action(action))
        else:                                          # the engine checks (and refuses)
            self._deal.state.apply(t31_action(action))
        self._settle_if_over()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_code(action)}"
        return str(t31_action(action))

    def is_terminal(self) -> bool:
        return self._cur == _TERMINAL

    def returns(self) -> list[float]:
        n = len(self.out)
        if not self.winners:
            return [0.0] * n
        w = len(self.winners)
        share = [1.0 / w if s in self.winners else 0.0 for s in range(n)]
        return [n / (n - 1) * (x - 1.0 / n) for x in share]

    def view(self, player: int) -> Any:
        """``player``'s engine view of the deal (None while cards are dealt)."""
        return None if self.deal is None else self.deal.view(player)

    def dealt_to(self, player: int) -> list[int]:
        """During the deal: the codes of the cards dealt to ``player`` so far."""
        seats = self._seats()
        k = seats.index(player) if player in seats else -1
        return [] if k < 0 else self.dealt[3 * k:3 * k + 3]

    def __str__(self) -> str:
        if self.deal is None:
            return f"dealing: {len(self.dealt)} of {self.to_deal} cards; lives {self.lives}"
        return self.deal.describe() if hasattr(self.deal, "describe") else repr(self.deal)

# =========================================================================== Liar

_LIAR_TYPE = pyspiel.GameType(
    short_name=LIAR,
    long_name="Liar (cardgames, Hungarian deck)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 3, "decks": 1, "chroniclers": "none", "max_plays": 200,
                             "actions": "full"},
)


@functools.cache
def _liar_text(action_id: int) -> str:
    return str(liar_action(action_id))


@functools.lru_cache(maxsize=1 << 16)
def liar_action(action_id: int) -> Any:
    """The Liar action of an id (cached: actions are immutable values)."""
    if action_id == LIAR_CALL:
        return CALL
    if action_id == LIAR_PASS:
        return PASS
    return Play(tuple(Card.from_code(c) for c in liar_play_cards(action_id)))


_WINDOW_IDS = (LIAR_CALL, LIAR_PASS)


class LiarSpielGame(pyspiel.Game):  # type: ignore[misc]
    """Liar as an OpenSpiel game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_LIAR_TYPE.parameter_specification, **(params or {})}
        if p["actions"] not in ("full", "compact"):
            raise ValueError(f"actions must be 'full' or 'compact', not {p['actions']!r}")
        self.compact = p["actions"] == "compact"
        chron = str(p["chroniclers"])
        self.engine = LiarGame(players=int(p["players"]), decks=int(p["decks"]),
                               chroniclers=() if chron == "none" else chron,  # type: ignore[arg-type]
                               max_plays=int(p["max_plays"]))
        n = self.engine.players
        top = max(self.engine.points)
        info = pyspiel.GameInfo(
            num_distinct_actions=LIAR_COMPACT_ACTIONS if self.compact else LIAR_ACTIONS,
            max_chance_outcomes=_N,
            num_players=n,
            min_utility=-float(top),
            max_utility=float(top),
            utility_sum=0.0,
            max_game_length=self.engine.hand_size * n + int(p["max_plays"]) * n)
        super().__init__(_LIAR_TYPE, info, p)

    def new_initial_state(self) -> LiarSpielState:
        return LiarSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LiarObserver:
        return LiarObserver(self.engine.players, params)


class LiarSpielState(pyspiel.State):  # type: ignore[misc]
    """A Liar round: chance deals the hands, then the engine plays (R-L1-R-L11).

    The player to move is kept as an int, the legal ids once per position
    (a play's from :func:`cardgames.adapters.legal_ids.hand_play_ids`, cached
    per hand).
    """

    def __init__(self, game: LiarSpielGame) -> None:
        super().__init__(game)
        self.engine_game = game.engine
        self.compact = game.compact
        self.remaining: dict[int, int] = {}
        for c in game.engine.deck():
            self.remaining[c.code] = self.remaining.get(c.code, 0) + 1
        self.dealt: list[int] = []
        self.to_deal = game.engine.hand_size * game.engine.players
        self._round: _Engine | None = None
        self._legal: tuple[int, ...] | None = None
        self._cur = _CHANCE

    @property
    def round(self) -> Any:
        """The engine's round state, or None while dealing."""
        return None if self._round is None else self._round.state

    @round.setter
    def round(self, value: Any) -> None:
        self._round = None if value is None else _Engine(value)
        self._legal = None
        self._cur = (_CHANCE if value is None else _TERMINAL if value.is_over()
                     else int(value.current_player))

    def current_player(self) -> int:
        return self._cur

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            engine_legal = self._round.state.legal_actions()  # type: ignore[union-attr]
            if engine_legal.phase is LiarPhase.CALL_WINDOW:
                legal = _WINDOW_IDS
            else:                 # every distinct multiset of 1-4 hand cards (R-L4)
                codes = tuple(sorted([c.code for c in engine_legal.hand]))
                legal = (compact_legal_ids(codes, int(self._round.state.due_rank))  # type: ignore[union-attr]
                         if self.compact else hand_play_ids(codes))
            self._legal = legal
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _deal_outcomes(self.remaining)

    def _apply_action(self, action: int) -> None:
        if self._round is None:
            self.remaining[action] -= 1
            self.dealt.append(action)
            if len(self.dealt) == self.to_deal:
                n = self.engine_game.players
                hands: list[list[Card]] = [[] for _ in range(n)]
                for i, c in enumerate(self.dealt):       # one at a time from seat 1 (dealer 0)
                    hands[(1 + i) % n].append(Card.from_code(c))
                self.round = self.engine_game.state_from_position(hands=hands, dealer=0,
                                                                  current_player=1 % n)
            return
        self._legal = None
        r = self._round.state
        if self.compact and action >= 2:
            p = r.current_player
            codes = compact_play(tuple(c.code for c in r.hand(p)), int(r.due_rank), action)
            r.apply(Play(tuple(Card.from_code(c) for c in codes)))
        else:
            r.apply(liar_action(action))
        self._cur = _TERMINAL if r.is_over() else int(r.current_player)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_code(action)}"
        return compact_text(action) if self.compact else _liar_text(action)

    def is_terminal(self) -> bool:
        return self._cur == _TERMINAL

    def returns(self) -> list[float]:
        n = self.engine_game.players
        if not self.is_terminal():
            return [0.0] * n
        points = self.round.outcome().points
        mean = sum(points) / n
        return [float(p - mean) for p in points]

    def view(self, player: int) -> Any:
        return None if self.round is None else self.round.view(player)

    def dealt_to(self, player: int) -> list[int]:
        n = self.engine_game.players
        return [c for i, c in enumerate(self.dealt) if (1 + i) % n == player]

    def __str__(self) -> str:
        if self.round is None:
            return f"dealing: {len(self.dealt)} of {self.to_deal} cards"
        return self.round.describe() if hasattr(self.round, "describe") else repr(self.round)

pyspiel.register_game(_T31_TYPE, ThirtyOneSpielGame)
pyspiel.register_game(_LIAR_TYPE, LiarSpielGame)

# the observers (made by ``make_py_observer``) and ISMCTS live beside this module; the
# ISMCTS helpers stay importable from here
from cardgames.adapters.openspiel_ismcts import make_ismcts_bot, resampler  # noqa: E402

"""The Thirty-One engine: :class:`ThirtyOneGame` (configuration) and :class:`ThirtyOneState`.

Design: one :class:`ThirtyOneState` runs a whole game of deals (T13, R-T8).
When a deal ends, the lives are settled and the next deal is dealt at once
from the state's own seeded random generator (the dealer moves on, R-T1), so
``current_player`` is always someone who must act until the game is over.
``new_state(..., single_deal=True)`` stops after the first deal instead (the
outcome's winners are then the deal's best hands).  Every finished deal is in
``state.results`` and in the event log (:class:`~cardgames.thirtyone.events.DealOver`).

Settled here where RULES.md is silent:

* Dealing (R-T1): the shuffled deck is dealt 3 cards at a time to the seats
  in order of play from ``dealer+1`` (the dealer last), then 3 cards to the
  table; the rest stay face down.  Seats that are out get no cards.
* Turns (R-T10): only the turns of phase PLAY count (swap one, swap all,
  pass, reveal); the dealer's exchange is not a turn (R-T1), final turns are
  not counted or capped.  ``turn_cap=0`` means the first player must reveal.
* Final turns (T10, R-T6): "swap all" is legal when the table scores >= 21
  (then the new hand does); "stand" is always legal, whatever the hand.
  Pass and reveal are not final-turn actions.  The revealer has no final turn.
* Three Aces (R-T7) count only in a hand, never on the table; they are
  checked after the deal, after the dealer's keep or exchange, and after every
  swap (final swaps too).  The holder's hand is made public; nobody else's is
  revealed or scored, and every other remaining player loses a life - the
  revealer too.
* Ties for the lowest score (T13): all of them lose a life, even when every
  hand scores the same (e.g. all 0).
* Lives (R-T8): ``lives=0`` is allowed (the first loss puts a player out).
  Lives are settled in seat order.  When nobody remains after a deal, the
  players who went out in it share the win.  The dealer moves to the next
  remaining seat after the old dealer, also when the old dealer went out.
* ``state_from_position`` runs the R-T7 check at once, as after a deal.

>>> game = ThirtyOneGame(players=3)
>>> state = game.new_state(seed=1)
>>> state.phase, state.current_player          # the dealer (seat 0) may exchange (T4, R-T1)
(<Phase.EXCHANGE: 'exchange'>, 0)
>>> [str(a) for a in state.legal_actions()]
['keep', 'exchange']
>>> state.apply("keep")
>>> state.current_player                       # seat dealer+1 begins (R-T1)
1
>>> state.apply("pass"); state.apply("reveal")
>>> state.phase, state.current_player          # final turns after the revealer (R-T6)
(<Phase.FINAL: 'final'>, 0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.cards import CHRONICLER, Card, Chronicler, format_cards, make_deck, parse_cards
from cardgames.errors import (
    ActionParseError,
    CardgamesError,
    CardParseError,
    ConfigError,
    GameOverError,
    IllegalActionError,
)
from cardgames.thirtyone.actions import (
    ACTION_FORMS,
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
    parse_action,
    swap_one,
)
from cardgames.thirtyone.actions import SWAP_TABLE as _SWAP_TABLE
from cardgames.thirtyone.events import (
    DealOver,
    DealResult,
    Dealt,
    Event,
    Exchanged,
    Kept,
    LifeLost,
    MatchOver,
    Passed,
    PlayerOut,
    Revealed,
    Scored,
    Stood,
    Swapped,
    ThreeAces,
    event_from_dict,
    event_to_dict,
)
from cardgames.thirtyone.score import MIN_SCORE, THREE_ACES_SCORE, score
from cardgames.thirtyone.view import Phase, ThirtyOneView

__all__ = ["ThirtyOneGame", "ThirtyOneState", "ThirtyOneOutcome", "LegalActions", "replay"]

_KEEP, _EXCHANGE, _SWAP_ALL, _PASS, _REVEAL, _STAND = (
    Keep(), Exchange(), SwapAll(), Pass(), Reveal(), Stand())


@dataclass(frozen=True, kw_only=True)
class ThirtyOneGame:
    """The parameters of a game of Thirty-One (keyword-only, validated).

    * ``players``: 2-9 (T1).
    * ``chronicler``: play with one Chronicler ``*`` (T2, T12).
    * ``lives``: lives each player starts with (R-T8 option, default 3, T13).
    * ``turn_cap``: after this many turns in a deal the player to move may
      only reveal (R-T10 option, default ``None``: no cap).

    >>> ThirtyOneGame(players=10)
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: Thirty-One is for 2-9 players (T1), not 10
    """

    players: int = 4
    chronicler: bool = False
    lives: int = 3
    turn_cap: int | None = None

    def __post_init__(self) -> None:
        p = self.players
        if not isinstance(p, int) or isinstance(p, bool) or not 2 <= p <= 9:
            raise ConfigError(f"Thirty-One is for 2-9 players (T1), not {p!r}")
        if not isinstance(self.chronicler, bool):
            raise ConfigError(f"chronicler must be True or False (T2: optionally 1 "
                              f"Chronicler), not {self.chronicler!r}")
        lv = self.lives
        if not isinstance(lv, int) or isinstance(lv, bool) or lv < 0:
            raise ConfigError(f"lives must be a whole number >= 0 (R-T8 option, default 3), "
                              f"not {lv!r}")
        cap = self.turn_cap
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 0):
            raise ConfigError(f"turn_cap must be None or a whole number >= 0 (R-T10 option), "
                              f"not {cap!r}")

    def deck(self) -> list[Card]:
        """A fresh deck: the 32 cards, and the Chronicler ``*`` if enabled (T2)."""
        return make_deck(chroniclers=(Chronicler.ANY,) if self.chronicler else ())

    def new_state(self, *, seed: int, dealer: int = 0,
                  single_deal: bool = False) -> ThirtyOneState:
        """Deal the first deal with ``random.Random(seed)``; ``dealer`` deals it."""
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise ConfigError(f"dealer must be a seat 0-{self.players - 1}, not {dealer!r}")
        state = ThirtyOneState._blank(self, seed, dealer, single_deal)
        state._start_deal()
        return state

    def replay(self, seed: int, actions: Iterable[ThirtyOneAction | str],
               **kw: Any) -> ThirtyOneState:
        """``new_state(seed=seed, **kw)`` with ``actions`` applied in order."""
        return replay(self, seed, actions, **kw)

    def state_from_position(
        self, *, hands: Sequence[str | Sequence[Card | str] | None],
        table: str | Sequence[Card | str], dealer: int = 0, phase: Phase | str = Phase.PLAY,
        current_player: int | None = None, lives: Sequence[int] | None = None,
        passed: Iterable[int] = (), revealer: int | None = None, turns: int = 0,
        seed: int = 0, single_deal: bool = False,
    ) -> ThirtyOneState:
        """A hand-built position (tests, lessons, explainers).

        ``hands[seat]`` is 3 cards (text or Cards), or ``None`` for a seat that
        is out.  ``phase`` is ``"exchange"`` (the dealer to choose), ``"play"``
        (``current_player`` to move, default the seat after the dealer) or
        ``"final"`` (give ``revealer``; the seats after it take their final
        turns, from ``current_player`` if given).  ``passed``: seats whose last
        turn was a pass.  The undealt cards are the rest of the deck.  Three
        Aces in a hand end the deal at once, as after a deal (R-T7).

        >>> g = ThirtyOneGame(players=2)
        >>> s = g.state_from_position(hands=["AH KH 9H", "7B 8L 9A"], table="UB AB 7A",
        ...                           passed=[1], current_player=1)
        >>> [str(a) for a in s.legal_actions()][-2:]           # no pass (R-T5)
        ['swap all', 'reveal']
        """
        n = self.players
        passed = list(passed)
        if len(hands) != n:
            raise ConfigError(f"hands must list all {n} seats (None for a seat that is out), "
                              f"got {len(hands)}")
        deck = self.deck()
        pool = list(deck)

        def take(cards: Any, what: str) -> list[Card]:
            try:
                got = parse_cards(cards) if isinstance(cards, str) else [
                    c if isinstance(c, Card) else parse_cards(c)[0] for c in cards]
            except (CardParseError, IndexError, TypeError) as e:
                raise ConfigError(f"{what}: cannot read {cards!r}: {e}") from None
            if len(got) != 3:
                raise ConfigError(f"{what} must be 3 cards (T4), got {len(got)}: {cards!r}")
            for c in got:
                if c.is_chronicler:
                    c = CHRONICLER if self.chronicler else c
                if c not in pool:
                    why = ("the game has no Chronicler (T2: chronicler=False)"
                           if c.is_chronicler and not self.chronicler else
                           "it is used twice or is not in the deck")
                    raise ConfigError(f"{what}: {c} is not available: {why}")
                pool.remove(c)
            return [CHRONICLER if c.is_chronicler else c for c in got]

        seat_hands = [[] if h is None else take(h, f"hands[{i}]") for i, h in enumerate(hands)]
        out = [h is None for h in hands]
        table_cards = take(table, "table")
        if sum(not o for o in out) < 2:
            raise ConfigError("a position needs at least 2 players still in (T1, R-T8)")
        lives_list = [self.lives] * n if lives is None else list(lives)
        if len(lives_list) != n or any(not isinstance(v, int) or v < 0 for v in lives_list):
            raise ConfigError(f"lives must be {n} whole numbers >= 0, got {lives!r}")
        for seat in [dealer, current_player, revealer, *passed]:
            if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n or out[seat]):
                raise ConfigError(f"seat {seat!r} is not a seat still in the game (0-{n - 1})")
        phase = Phase(phase)
        if phase is Phase.OVER:
            raise ConfigError("build a position to play: phase exchange, play or final")

        rng_seed = seed
        state = ThirtyOneState._blank(self, rng_seed, dealer, single_deal)
        state._rng.shuffle(pool)
        state._hands = seat_hands
        state._table = table_cards
        state._undealt = pool
        state._lives = lives_list
        state._out = out
        state._dealer = dealer
        state._deal = 1
        state._turns = turns
        state._events.append(Dealt(deal=1, dealer=dealer, seats=state._order_after(dealer),
                                   table=tuple(table_cards), undealt=len(pool)))
        for seat in passed:
            state._passed[seat] = True
        if phase is Phase.EXCHANGE:
            state._phase, state._current = Phase.EXCHANGE, dealer
        elif phase is Phase.PLAY:
            state._phase = Phase.PLAY
            state._current = state._next_seat(dealer) if current_player is None else current_player
        else:
            if revealer is None:
                raise ConfigError("phase 'final' needs the revealer (T10, R-T6)")
            order = state._order_after(revealer)[:-1]
            if current_player is not None:
                if current_player == revealer:
                    raise ConfigError("the revealer has no final turn (R-T6)")
                order = order[order.index(current_player):]
            state._phase = Phase.FINAL
            state._revealer = revealer
            state._revealed[revealer] = tuple(seat_hands[revealer])
            state._events.append(Revealed(player=revealer, hand=tuple(seat_hands[revealer])))
            state._final = list(order)
            state._current = order[0]
        state._check_three_aces(state._order_after(dealer))
        return state


@dataclass(frozen=True)
class ThirtyOneOutcome:
    """How a game ended.

    ``winners``: the last player left, or the last players who all went out
    in the same deal (R-T8); with ``single_deal`` the deal's best hand(s)
    (three Aces, else the highest score).  ``lives``/``out`` per seat at the
    end; ``deals`` played; ``last_deal`` the final :class:`DealResult`.
    """

    winners: tuple[int, ...]
    lives: tuple[int, ...]
    out: tuple[bool, ...]
    deals: int
    last_deal: DealResult
    single_deal: bool = False

    def describe(self) -> str:
        who = " and ".join(f"player {p}" for p in self.winners)
        what = "the deal" if self.single_deal else "the game"
        shared = " (shared, R-T8)" if len(self.winners) > 1 else ""
        return f"{who} {'win' if len(self.winners) > 1 else 'wins'} {what}{shared} after {self.deals} deal(s)"


class LegalActions:
    """The legal actions now: iterable, sized, ``in``, and ``sample(rng)`` (uniform)."""

    __slots__ = ("_actions",)

    def __init__(self, actions: tuple[ThirtyOneAction, ...]) -> None:
        self._actions = actions

    def __iter__(self) -> Iterator[ThirtyOneAction]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError:
                return False
        return action in self._actions

    def __getitem__(self, i: int) -> ThirtyOneAction:
        return self._actions[i]

    def sample(self, rng: random.Random) -> ThirtyOneAction:
        """A uniformly random legal action, drawn from ``rng``."""
        actions = self._actions
        return actions[int(rng.random() * len(actions))]

    def summary(self) -> str:
        """In words: ``'swap one (9 ways, e.g. swap 7H AB), swap all, reveal'``."""
        swaps = [a for a in self._actions if isinstance(a, SwapOne)]
        parts = []
        if swaps:
            parts.append(f"swap one ({len(swaps)} way{'s' * (len(swaps) > 1)}, e.g. {swaps[0]})")
        parts += [str(a) for a in self._actions if not isinstance(a, SwapOne)]
        return ", ".join(parts) or "nothing (the game is over)"

    def __repr__(self) -> str:
        return f"LegalActions([{', '.join(map(str, self._actions))}])"


def _swapped(hand: list[Card], out: Card, into: Card) -> list[Card]:
    new = list(hand)
    new[new.index(out)] = into
    return new


class ThirtyOneState:
    """A game of Thirty-One in progress; see the module docstring and ARCHITECTURE.md."""

    __slots__ = ("game", "seed", "first_dealer", "single_deal", "_rng", "_hands", "_table",
                 "_undealt", "_lives", "_out", "_dealer", "_deal", "_phase", "_current",
                 "_passed", "_turns", "_revealer", "_revealed", "_final", "history",
                 "_events", "_deal_start", "results", "_winners", "_legal")

    # ------------------------------------------------------------------ construction
    @classmethod
    def _blank(cls, game: ThirtyOneGame, seed: int, dealer: int,
               single_deal: bool) -> ThirtyOneState:
        self = object.__new__(cls)
        n = game.players
        self.game = game
        self.seed = seed
        self.first_dealer = dealer
        self.single_deal = bool(single_deal)
        self._rng = random.Random(seed)
        self._hands: list[list[Card]] = [[] for _ in range(n)]
        self._table: list[Card] = []
        self._undealt: list[Card] = []
        self._lives = [game.lives] * n
        self._out = [False] * n
        self._dealer = dealer
        self._deal = 0
        self._phase = Phase.EXCHANGE
        self._current: int | None = dealer
        self._passed = [False] * n
        self._turns = 0
        self._revealer: int | None = None
        self._revealed: list[tuple[Card, ...] | None] = [None] * n
        self._final: list[int] = []
        self.history: list[ThirtyOneAction] = []
        self._events: list[Event] = []
        self._deal_start = 0
        self.results: list[DealResult] = []
        self._winners: tuple[int, ...] | None = None
        self._legal: LegalActions | None = None
        return self

    def _next_seat(self, seat: int) -> int:
        """The next remaining seat after ``seat`` in order of play (R-T1)."""
        n, out = self.game.players, self._out
        s = (seat + 1) % n
        while out[s]:
            s = (s + 1) % n
        return s

    def _order_after(self, seat: int) -> tuple[int, ...]:
        """Remaining seats in order of play, starting after ``seat`` (it comes last if in)."""
        n = self.game.players
        return tuple(s for s in ((seat + i) % n for i in range(1, n + 1)) if not self._out[s])

    def _start_deal(self) -> None:
        """Shuffle and deal (T4, R-T1), then the R-T7 check."""
        n = self.game.players
        deck = self.game.deck()
        self._rng.shuffle(deck)
        seats = self._order_after(self._dealer)
        self._hands = [[] for _ in range(n)]
        pos = 0
        for seat in seats:
            self._hands[seat] = deck[pos:pos + 3]
            pos += 3
        self._table = deck[pos:pos + 3]
        self._undealt = deck[pos + 3:]
        self._deal += 1
        self._passed = [False] * n
        self._turns = 0
        self._revealer = None
        self._revealed = [None] * n
        self._final = []
        self._deal_start = len(self._events)
        self._events.append(Dealt(deal=self._deal, dealer=self._dealer, seats=seats,
                                  table=tuple(self._table), undealt=len(self._undealt)))
        self._phase = Phase.EXCHANGE
        self._current = self._dealer
        self._legal = None
        self._check_three_aces(seats)

    # ------------------------------------------------------------------ public state
    @property
    def current_player(self) -> int | None:
        """Whose decision it is (the dealer in EXCHANGE); ``None`` when over."""
        return self._current

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def deal(self) -> int:
        """The number of the current (or last) deal, from 1."""
        return self._deal

    @property
    def events(self) -> list[Event]:
        """The public event log of the whole game (R-T9)."""
        return self._events

    @property
    def deal_events(self) -> list[Event]:
        """The public events of the current (or last) deal."""
        return self._events[self._deal_start:]

    @property
    def lives(self) -> tuple[int, ...]:
        return tuple(self._lives)

    @property
    def out(self) -> tuple[bool, ...]:
        return tuple(self._out)

    @property
    def table(self) -> tuple[Card, ...]:
        return tuple(self._table)

    @property
    def turns(self) -> int:
        """Turns taken in this deal (the exchange is not a turn, R-T1)."""
        return self._turns

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's hand (full information: for tests and analysis, not for agents)."""
        return tuple(self._hands[seat])

    @property
    def undealt(self) -> tuple[Card, ...]:
        """The cards out of play this deal (full information, not for agents)."""
        return tuple(self._undealt)

    def remaining(self) -> tuple[int, ...]:
        """Seats still in the game (R-T8)."""
        return tuple(p for p, o in enumerate(self._out) if not o)

    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    def outcome(self) -> ThirtyOneOutcome | None:
        """The result once the game (or single deal) is over, else ``None``."""
        if self._winners is None:
            return None
        return ThirtyOneOutcome(winners=self._winners, lives=tuple(self._lives),
                                out=tuple(self._out), deals=self._deal,
                                last_deal=self.results[-1], single_deal=self.single_deal)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> LegalActions:
        """The legal actions of ``current_player`` now (empty when over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = LegalActions(self._compute_legal())
        return legal

    def _compute_legal(self) -> tuple[ThirtyOneAction, ...]:
        phase = self._phase
        if phase is Phase.PLAY:
            cap = self.game.turn_cap
            if cap is not None and self._turns >= cap:
                return (_REVEAL,)
            hand, table = self._hands[self._current], self._table  # type: ignore[index]
            st = _SWAP_TABLE
            acts: list[ThirtyOneAction] = [st[h.code * 35 + t.code] or swap_one(h, t)
                                           for h in hand for t in table]
            if score(table) >= MIN_SCORE:
                acts.append(_SWAP_ALL)
            if not self._passed[self._current]:  # type: ignore[index]
                acts.append(_PASS)
            acts.append(_REVEAL)
            return tuple(acts)
        if phase is Phase.FINAL:
            hand, table = self._hands[self._current], self._table  # type: ignore[index]
            acts = []
            for i, h in enumerate(hand):
                rest = hand[:i] + hand[i + 1:]
                for t in table:
                    if score((rest[0], rest[1], t)) >= MIN_SCORE:
                        acts.append(swap_one(h, t))
            if score(table) >= MIN_SCORE:
                acts.append(_SWAP_ALL)
            acts.append(_STAND)
            return tuple(acts)
        if phase is Phase.EXCHANGE:
            return (_KEEP, _EXCHANGE)
        return ()

    # ------------------------------------------------------------------ apply
    def apply(self, action: ThirtyOneAction | str) -> None:
        """Apply the current player's action; illegal ones raise and change nothing."""
        if action.__class__ is str:
            action = parse_action(action)  # type: ignore[arg-type]
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal._actions:
            raise self._refusal(action)
        self._legal = None
        self.history.append(action)  # type: ignore[arg-type]
        p: int = self._current  # type: ignore[assignment]
        phase = self._phase
        cls = action.__class__
        if phase is Phase.PLAY:
            self._turns += 1
            if cls is SwapOne:
                self._swap_one(p, action, final=False)  # type: ignore[arg-type]
            elif cls is SwapAll:
                self._swap_all(p, final=False)
            elif cls is Pass:
                self._passed[p] = True
                self._events.append(Passed(p))
                self._current = self._next_seat(p)
                return
            else:  # Reveal
                self._revealer = p
                hand = self._revealed[p] = tuple(self._hands[p])
                self._events.append(Revealed(p, hand))
                self._final = list(self._order_after(p)[:-1])
                self._phase = Phase.FINAL
                self._current = self._final[0]
                return
            self._passed[p] = False
            if not self._check_three_aces((p,)):
                self._current = self._next_seat(p)
        elif phase is Phase.FINAL:
            if cls is SwapOne:
                self._swap_one(p, action, final=True)  # type: ignore[arg-type]
            elif cls is SwapAll:
                self._swap_all(p, final=True)
            else:
                self._events.append(Stood(p))
            if cls is not Stand and self._check_three_aces((p,)):
                return
            hand = self._revealed[p] = tuple(self._hands[p])
            self._events.append(Revealed(p, hand, True))
            self._final.pop(0)
            if self._final:
                self._current = self._final[0]
            else:
                self._score_deal()
        else:  # EXCHANGE
            if cls is Exchange:
                old = self._hands[p]
                self._hands[p], self._table = self._table, old
                self._events.append(Exchanged(p, tuple(old), tuple(self._hands[p])))
            else:
                self._events.append(Kept(p))
            self._phase = Phase.PLAY
            if not self._check_three_aces((p,)):
                self._current = self._next_seat(p)

    def _swap_one(self, p: int, action: SwapOne, final: bool) -> None:
        hand, table = self._hands[p], self._table
        h, t = action.hand_card, action.table_card
        i, j = hand.index(h), table.index(t)
        hand[i], table[j] = t, h
        self._events.append(Swapped(p, (h,), (t,), final))

    def _swap_all(self, p: int, final: bool) -> None:
        old = self._hands[p]
        self._hands[p], self._table = self._table, old
        self._events.append(Swapped(p, tuple(old), tuple(self._hands[p]), final))

    # ------------------------------------------------------------------ refusals
    def _refusal(self, action: Any) -> CardgamesError:
        p = self._current
        legal = self.legal_actions()
        if not isinstance(action, (Keep, Exchange, SwapOne, SwapAll, Pass, Reveal, Stand)):
            return ActionParseError(f"player {p}: {action!r} is not a Thirty-One action; "
                                    f"write one of {ACTION_FORMS}")
        if self._phase is Phase.OVER:
            return GameOverError(f"{action} is not possible: the game is over "
                                 f"({self.outcome().describe()})",  # type: ignore[union-attr]
                                 player=None, action=action, rule="R-T8")
        rule, why = self._why_illegal(action)
        msg = f"player {p} cannot {action}: {rule} {why}; legal now: {legal.summary()}"
        return IllegalActionError(msg, player=p, action=action, rule=rule)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        p: int = self._current  # type: ignore[assignment]
        phase = self._phase
        hand, table = self._hands[p], self._table
        if not isinstance(action, (Keep, Exchange, SwapOne, SwapAll, Pass, Reveal, Stand)):
            return "", f"{action!r} is not a Thirty-One action"
        if phase is Phase.EXCHANGE:
            return "T4/R-T1", (f"first the dealer (player {p}) chooses to keep or exchange "
                               "their cards, before the first turn")
        if isinstance(action, (Keep, Exchange)):
            return "T4/R-T1", "only the dealer keeps or exchanges, before the first turn"
        if isinstance(action, SwapOne):
            if action.hand_card not in hand:
                return "T6", (f"{action.hand_card} is not in your hand "
                              f"(hand {format_cards(hand)}, table {format_cards(table)})")
            if action.table_card not in table:
                return "T6", f"{action.table_card} is not on the table ({format_cards(table)})"
        if phase is Phase.PLAY:
            cap = self.game.turn_cap
            if cap is not None and self._turns >= cap:
                return "R-T10", f"the turn cap of {cap} turns is reached: you may only reveal"
            if isinstance(action, SwapAll):
                return "T7/R-T4", (f"swap all needs a table of at least 21, and "
                                   f"{format_cards(table)} scores {score(table):g}")
            if isinstance(action, Pass):
                return "R-T5", "you passed on your last turn (no two passes in a row, T8)"
            if isinstance(action, Stand):
                return "T10/R-T6", "stand is a final turn, only after someone revealed"
        else:  # FINAL
            if isinstance(action, (Pass, Reveal)):
                return "T10/R-T6", (f"player {self._revealer} revealed; your final turn is "
                                    "swap one, swap all or stand")
            if isinstance(action, SwapAll):
                after = table
            else:
                after = _swapped(hand, action.hand_card, action.table_card)
            return "T10/R-T6", (f"you may only swap if you then hold at least 21, and "
                                f"{format_cards(after)} scores {score(after):g}")
        return "", "it is not legal now"

    # ------------------------------------------------------------------ deal end
    def _check_three_aces(self, seats: Iterable[int]) -> bool:
        """R-T7: three Aces end the deal at once; every other player loses a life (T14)."""
        for seat in seats:
            hand = self._hands[seat]
            if hand and score(hand) == THREE_ACES_SCORE:
                self._events.append(ThreeAces(seat, tuple(hand)))
                losers = tuple(s for s in self._order_after(seat)[:-1])
                scores: list[float | None] = [None] * self.game.players
                scores[seat] = THREE_ACES_SCORE
                self._end_deal(losers, tuple(scores), three_aces=seat,
                               reason=f"player {seat} holds three Aces, T14")
                return True
        return False

    def _score_deal(self) -> None:
        """Score every remaining hand (T11); the lowest lose a life (T13)."""
        scores: list[float | None] = [None] * self.game.players
        for seat in self.remaining():
            hand = tuple(self._hands[seat])
            s = scores[seat] = score(hand)
            self._events.append(Scored(seat, hand, s))
        low = min(s for s in scores if s is not None)
        losers = tuple(p for p, s in enumerate(scores) if s == low)
        self._end_deal(losers, tuple(scores), three_aces=None,
                       reason=f"lowest score {low:g}, T13")

    def _end_deal(self, losers: tuple[int, ...], scores: tuple[float | None, ...],
                  three_aces: int | None, reason: str) -> None:
        went_out = []
        for p in sorted(losers):
            if self._lives[p] > 0:
                self._lives[p] -= 1
                self._events.append(LifeLost(p, self._lives[p], reason))
            else:
                self._out[p] = True
                went_out.append(p)
                self._events.append(PlayerOut(p, reason))
        result = DealResult(deal=self._deal, dealer=self._dealer, revealer=self._revealer,
                            three_aces=three_aces, scores=scores, losers=tuple(sorted(losers)),
                            went_out=tuple(went_out), lives=tuple(self._lives))
        self.results.append(result)
        self._events.append(DealOver(result))
        self._legal = None
        self._final = []
        remaining = self.remaining()
        if self.single_deal:
            if three_aces is not None:
                winners: tuple[int, ...] = (three_aces,)
            else:
                best = max(s for s in scores if s is not None)
                winners = tuple(p for p, s in enumerate(scores) if s == best)
            self._finish(winners, "the best hand of the deal (single deal)")
        elif len(remaining) == 1:
            self._finish(remaining, "the last player left (R-T8)")
        elif not remaining:
            self._finish(tuple(went_out), "the last players all went out in the same deal "
                                          "and share the win (R-T8)")
        else:
            self._dealer = self._next_seat(self._dealer)
            self._start_deal()

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self._winners = tuple(winners)
        self._events.append(MatchOver(tuple(winners), reason))
        self._phase = Phase.OVER
        self._current = None

    # ------------------------------------------------------------------ views
    def view(self, player: int) -> ThirtyOneView:
        """What ``player`` may know (R-T9)."""
        n = self.game.players
        if not isinstance(player, int) or not 0 <= player < n:
            raise CardgamesError(f"no player {player!r}: seats are 0-{n - 1}")
        return ThirtyOneView(
            player, n, self._phase, self._current, self._deal, self._dealer,
            tuple(self._hands[player]), tuple(self._table), tuple(self._lives),
            tuple(self._out), tuple(self._passed), self._revealer, tuple(self._revealed),
            tuple(self._final), self._turns, self.game.turn_cap, self.game.chronicler,
            len(self._undealt), tuple(self._events[self._deal_start:]),
            self.results[-1] if self.results else None)

    def determinize(self, player: int, rng: random.Random) -> ThirtyOneState:
        """A copy in which the cards hidden from ``player`` are dealt anew from ``rng``.

        Hidden cards are the other players' unrevealed hands and the undealt
        cards, except cards the public log places in a hand (taken from the
        table and not given back this deal).  ``player``'s view is unchanged.
        Useful for sampling-based bots.  The copy's own RNG is left as it was.
        """
        known: list[list[Card]] = [[] for _ in range(self.game.players)]
        for e in self._events[self._deal_start:]:
            if isinstance(e, (Swapped, Exchanged)):
                for c in e.to_table:
                    if c in known[e.player]:
                        known[e.player].remove(c)
                known[e.player].extend(e.from_table)
        new = self.clone()
        slots: list[tuple[int, int]] = []       # (seat, index) of hidden hand cards; -1 = undealt
        pool: list[Card] = list(new._undealt)
        for seat in range(self.game.players):
            if seat == player or self._revealed[seat] is not None:
                continue
            hand = new._hands[seat]
            keep = list(known[seat])
            for i, c in enumerate(hand):
                if c in keep:
                    keep.remove(c)
                else:
                    slots.append((seat, i))
                    pool.append(c)
        rng.shuffle(pool)
        for k, (seat, i) in enumerate(slots):
            new._hands[seat][i] = pool[k]
        new._undealt = pool[len(slots):]
        new._legal = None
        return new

    # ------------------------------------------------------------------ copies, JSON
    def clone(self) -> ThirtyOneState:
        """An independent copy (its RNG continues identically)."""
        new = object.__new__(ThirtyOneState)
        new.game, new.seed, new.first_dealer = self.game, self.seed, self.first_dealer
        new.single_deal = self.single_deal
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._hands = [list(h) for h in self._hands]
        new._table = list(self._table)
        new._undealt = list(self._undealt)
        new._lives, new._out = list(self._lives), list(self._out)
        new._dealer, new._deal, new._phase = self._dealer, self._deal, self._phase
        new._current, new._passed, new._turns = self._current, list(self._passed), self._turns
        new._revealer, new._revealed = self._revealer, list(self._revealed)
        new._final = list(self._final)
        new.history, new._events = list(self.history), list(self._events)
        new._deal_start, new.results = self._deal_start, list(self.results)
        new._winners, new._legal = self._winners, self._legal
        return new

    def to_dict(self) -> dict[str, Any]:
        """A full snapshot as a JSON-ready dict (hidden cards and RNG state included)."""
        version, internal, gauss = self._rng.getstate()
        g = self.game
        return {
            "game": {"players": g.players, "chronicler": g.chronicler, "lives": g.lives,
                     "turn_cap": g.turn_cap},
            "seed": self.seed, "first_dealer": self.first_dealer,
            "single_deal": self.single_deal,
            "rng": [version, list(internal), gauss],
            "hands": [format_cards(h) for h in self._hands],
            "table": format_cards(self._table), "undealt": format_cards(self._undealt),
            "lives": list(self._lives), "out": list(self._out), "dealer": self._dealer,
            "deal": self._deal, "phase": self._phase.value, "current": self._current,
            "passed": list(self._passed), "turns": self._turns, "revealer": self._revealer,
            "revealed": [None if h is None else format_cards(h) for h in self._revealed],
            "final": list(self._final), "history": [str(a) for a in self.history],
            "events": [event_to_dict(e) for e in self._events],
            "deal_start": self._deal_start,
            "results": [event_to_dict(r) for r in self.results],
            "winners": None if self._winners is None else list(self._winners),
        }

    def to_json(self) -> str:
        """A full snapshot as JSON text; :meth:`from_json` reads it back (round-trip equal)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> ThirtyOneState:
        """Rebuild a state from :meth:`to_json`."""
        try:
            d = json.loads(text)
            g = ThirtyOneGame(**d["game"])
            self = cls._blank(g, d["seed"], d["first_dealer"], d["single_deal"])
            version, internal, gauss = d["rng"]
            self._rng.setstate((version, tuple(internal), gauss))
            self._hands = [parse_cards(h) for h in d["hands"]]
            self._table = parse_cards(d["table"])
            self._undealt = parse_cards(d["undealt"])
            self._lives, self._out = list(d["lives"]), list(d["out"])
            self._dealer, self._deal = d["dealer"], d["deal"]
            self._phase, self._current = Phase(d["phase"]), d["current"]
            self._passed, self._turns = list(d["passed"]), d["turns"]
            self._revealer = d["revealer"]
            self._revealed = [None if h is None else tuple(parse_cards(h)) for h in d["revealed"]]
            self._final = list(d["final"])
            self.history = [parse_action(a) for a in d["history"]]
            self._events = [event_from_dict(e) for e in d["events"]]
            self._deal_start = d["deal_start"]
            self.results = [event_from_dict(r) for r in d["results"]]
            self._winners = None if d["winners"] is None else tuple(d["winners"])
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, CardgamesError):
                raise
            raise CardgamesError(f"not a Thirty-One state snapshot: {e!r}") from None
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ThirtyOneState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<ThirtyOneState deal {self._deal} {self._phase.value} "
                f"player {self._current} to act, lives {self._lives}>")

    def describe(self) -> str:
        """The public log in words, one event per line."""
        return "\n".join(e.describe() for e in self._events)


def replay(game: ThirtyOneGame, seed: int, actions: Iterable[ThirtyOneAction | str],
           **kw: Any) -> ThirtyOneState:
    """A new state from ``seed`` (and ``dealer=``, ``single_deal=``) with ``actions`` applied.

    >>> g = ThirtyOneGame(players=2)
    >>> s = replay(g, 3, ["keep", "pass", "reveal", "stand"], single_deal=True)
    >>> s.is_over(), s == replay(g, 3, s.history, single_deal=True)
    (True, True)
    """
    state = game.new_state(seed=seed, **kw)
    for action in actions:
        state.apply(action)
    return state

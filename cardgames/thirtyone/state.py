"""The state of a game of Thirty-One: :class:`ThirtyOneState` and its helpers.

One class, the state machine of T4-T14 (dealing, turns, the final round,
three Aces, scoring and lives), whose transitions share private fields; the
play turn's legal actions and a one-card swap are written out inline in
:meth:`~ThirtyOneState.legal_actions` and :meth:`~ThirtyOneState.apply`, the
hot path of every game (docs/analysis.md, "Speed").  Beside it, on public
values only: legal actions (:mod:`.legal`), refusals (:mod:`.refusal`), the
outcome (:mod:`.outcome`), the frozen record and its JSON (:mod:`.record`,
:mod:`.snapshot`) and views (:mod:`.view`).

Build states with :class:`~cardgames.thirtyone.game.ThirtyOneGame`
(``new_state``, ``state_from_position``, ``replay``); the rules it settles are
listed in :mod:`cardgames.thirtyone.game`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from itertools import compress
from operator import not_
from typing import Any

from cardgames.cards import Card
from cardgames.draws import shuffle
from cardgames.errors import ConfigError
from cardgames.i18n import gettext as _
from cardgames.thirtyone.actions import Exchange, Pass, Stand, SwapAll, SwapOne, ThirtyOneAction
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
)
from cardgames.thirtyone.legal import (
    _EXTRA,
    _NOTHING,
    LegalActions,
    ThirtyOneLegalActions,
    compute_legal,
    final_turn_actions,
)
from cardgames.thirtyone.options import ThirtyOneOptions
from cardgames.thirtyone.outcome import ThirtyOneOutcome, outcome_of, winners_after
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.record import ThirtyOneRecord
from cardgames.thirtyone.refusal import check_action
from cardgames.thirtyone.score import MIN_SCORE, THREE_ACES_SCORE, score_table
from cardgames.thirtyone.snapshot import state_to_dict
from cardgames.thirtyone.view import ThirtyOneView, redeal_hidden

__all__ = ["ThirtyOneState", "ThirtyOneOutcome", "ThirtyOneLegalActions", "LegalActions",
           "final_turn_actions"]

_PLAY_PHASE, _OVER_PHASE = Phase.PLAY, Phase.OVER
_LEGAL_CLASS = ThirtyOneLegalActions
#: ``score_table()``, fetched on first use (read from this global on the hot path, no call)
_SCORES: list[list[list[float]]] = []


def _load_scores() -> list[list[list[float]]]:
    _SCORES[:] = score_table()
    return _SCORES
_new_legal = object.__new__     # ThirtyOneOutcome, ...LegalActions: importable from here too


class ThirtyOneState:
    """A game of Thirty-One in progress (the protocol of docs/ARCHITECTURE.md).

    Make one with ``ThirtyOneGame.new_state``, ``state_from_position`` or
    ``replay``.  Read: ``current_player``, ``phase``, ``legal_actions()``,
    ``view(player)`` (what a player may know, R-T9), ``events`` (the public
    log), ``history`` (every applied action), ``results`` (one
    :class:`DealResult` per finished deal), ``lives``, ``out``, ``is_over()``,
    ``outcome()``.  Change: ``apply(action)`` only.  Copy: ``clone()``,
    ``to_json()``/``from_json()``, ``determinize(player, rng)``.
    ``hand(seat)``, ``table`` and ``undealt`` show everything (for tests and
    analysis; agents get views).

    >>> from cardgames.thirtyone import ThirtyOneGame
    >>> s = ThirtyOneGame(players=2).state_from_position(
    ...     hands=["AH KH 7B", "9L 8L 7L"], table="UL 8A 9A", single_deal=True)
    >>> s.apply("swap 7L UL"); s.apply("reveal"); s.apply("stand")
    >>> s.outcome().last_deal.scores, s.lives
    ((21.0, 27.0), (2, 3))
    >>> print(s.events[-4].describe())
    player 1 scores 27 with 9L 8L UL: Leaves: Unter 10 + IX 9 + VIII 8 = 27 (T11)
    """

    #: Every field of a state, listed once: :meth:`_make` sets exactly these (``_legal`` is
    #: a cache of the legal actions, ``None`` until asked for).
    _FIELDS = ("game", "seed", "first_dealer", "single_deal", "_rng", "_hands", "_table",
               "_undealt", "_lives", "_out", "_dealer", "_deal", "_phase", "_current",
               "_passed", "_turns", "_revealer", "_revealed", "_final", "history",
               "_events", "_deal_start", "results", "_winners", "_legal")
    __slots__ = _FIELDS

    game: ThirtyOneOptions
    seed: int
    first_dealer: int
    single_deal: bool
    _rng: random.Random
    _hands: list[list[Card]]
    _table: list[Card]
    _undealt: list[Card]
    _lives: list[int]
    _out: list[bool]
    _dealer: int
    _deal: int
    _phase: Phase
    _current: int | None
    _passed: list[bool]
    _turns: int
    _revealer: int | None
    _revealed: list[tuple[Card, ...] | None]
    _final: list[int]
    history: list[ThirtyOneAction]
    _events: list[Event]
    _deal_start: int
    results: list[DealResult]
    _winners: tuple[int, ...] | None
    _legal: ThirtyOneLegalActions | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def _make(cls, game: ThirtyOneOptions, *, seed: int, first_dealer: int, single_deal: bool,
              rng: random.Random, hands: list[list[Card]], table: list[Card],
              undealt: list[Card], lives: list[int], out: list[bool], dealer: int, deal: int,
              phase: Phase, current: int | None, passed: list[bool], turns: int,
              revealer: int | None, revealed: list[tuple[Card, ...] | None], final: list[int],
              history: list[ThirtyOneAction], events: list[Event], deal_start: int,
              results: list[DealResult], winners: tuple[int, ...] | None,
              legal: ThirtyOneLegalActions | None = None) -> ThirtyOneState:
        """The one constructor (every field of ``_FIELDS``), behind ``new_state``,
        ``state_from_position``, :meth:`restore` and :meth:`clone`."""
        self = object.__new__(cls)
        for name, value in zip(cls._FIELDS, (
                game, seed, first_dealer, single_deal, rng, hands, table, undealt, lives, out,
                dealer, deal, phase, current, passed, turns, revealer, revealed, final, history,
                events, deal_start, results, winners, legal)):
            setattr(self, name, value)
        return self

    @classmethod
    def _blank(cls, game: ThirtyOneOptions, seed: int, dealer: int,
               single_deal: bool) -> ThirtyOneState:
        """A game before its first deal (``new_state`` deals it)."""
        n = game.players
        return cls._make(game, seed=seed, first_dealer=dealer, single_deal=bool(single_deal),
                         rng=random.Random(seed), hands=[[] for _ in range(n)], table=[],
                         undealt=[], lives=[game.lives] * n, out=[False] * n, dealer=dealer,
                         deal=0, phase=Phase.EXCHANGE, current=dealer, passed=[False] * n,
                         turns=0, revealer=None, revealed=[None] * n, final=[], history=[],
                         events=[], deal_start=0, results=[], winners=None)

    def _next_seat(self, seat: int) -> int:
        """The next remaining seat after ``seat`` in order of play (R-T1)."""
        n, out = self.game.players, self._out
        s = (seat + 1) % n
        while out[s]:
            s = (s + 1) % n
        return s

    def _order_after(self, seat: int) -> tuple[int, ...]:
        """Remaining seats in order of play, starting after ``seat`` (it comes last if in)."""
        n, out = self.game.players, self._out
        order = (*range(seat + 1, n), *range(seat + 1))
        return tuple(compress(order, map(not_, map(out.__getitem__, order))))

    @classmethod
    def new(cls, game: ThirtyOneOptions, *, seed: int, dealer: int,
            single_deal: bool) -> ThirtyOneState:
        """A game dealt from ``random.Random(seed)`` (``ThirtyOneGame.new_state`` checks the
        options first)."""
        state = cls._blank(game, seed, dealer, single_deal)
        state._start_deal()
        return state

    @classmethod
    def at_position(cls, game: ThirtyOneOptions, *, seed: int, dealer: int, single_deal: bool,
                    rng: random.Random, hands: list[list[Card]], table: list[Card],
                    undealt: list[Card], lives: list[int], out: list[bool], phase: Phase,
                    current: int, passed: list[bool], turns: int, revealer: int | None,
                    final: list[int]) -> ThirtyOneState:
        """A hand-built position (``ThirtyOneGame.state_from_position`` checks it first):
        laid out as every deal is (:meth:`_lay_out`), then set to ``phase`` (with the
        ``revealer``'s hand shown and the ``final`` turns to take in phase FINAL); three Aces
        end the deal at once, as after a deal (R-T7)."""
        state = cls._blank(game, seed, dealer, single_deal)
        state._rng, state._lives, state._out = rng, lives, out
        seats = state._order_after(dealer)
        state._lay_out(hands, table, undealt, seats)
        state._phase, state._current, state._passed, state._turns = phase, current, passed, turns
        if phase is Phase.FINAL and revealer is not None:
            state._revealer = revealer
            hand = state._revealed[revealer] = tuple(hands[revealer])
            state._events.append(Revealed(player=revealer, hand=hand))
            state._final = final
        state._check_three_aces(seats)
        return state

    def _start_deal(self) -> None:
        """Shuffle and deal (T4, R-T1), then the R-T7 check."""
        deck = self.game.deck()
        shuffle(self._rng, deck)   # rng.shuffle's permutation, faster
        seats = self._order_after(self._dealer)
        hands: list[list[Card]] = [[] for _ in range(self.game.players)]
        pos = 0
        for seat in seats:
            hands[seat] = deck[pos:pos + 3]
            pos += 3
        self._lay_out(hands, deck[pos:pos + 3], deck[pos + 3:], seats)
        self._check_three_aces(seats)

    def _lay_out(self, hands: list[list[Card]], table: list[Card], undealt: list[Card],
                 seats: tuple[int, ...]) -> None:
        """The one place where a deal begins (T4, R-T1): the cards are out, the deal is
        logged, and the dealer chooses first."""
        n = self.game.players
        self._hands, self._table, self._undealt = hands, table, undealt
        self._deal += 1
        self._passed = [False] * n
        self._turns = 0
        self._revealer = None
        self._revealed = [None] * n
        self._final = []
        self._deal_start = len(self._events)
        self._events.append(Dealt(deal=self._deal, dealer=self._dealer, seats=seats,
                                  table=tuple(table), undealt=len(undealt)))
        self._phase = Phase.EXCHANGE
        self._current = self._dealer
        self._legal = None

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
    def revealer(self) -> int | None:
        """Who revealed in this deal (``None`` before a reveal, T9)."""
        return self._revealer

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
        return tuple(compress(range(len(self._out)), map(not_, self._out)))

    def is_over(self) -> bool:
        return self._phase is _OVER_PHASE

    def outcome(self) -> ThirtyOneOutcome | None:
        """The result once the game (or single deal) is over, else ``None``."""
        winners = self._winners
        if winners is None:
            return None
        return outcome_of(winners, self.results, lives=tuple(self._lives),
                          out=tuple(self._out), deals=self._deal, single_deal=self.single_deal)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> ThirtyOneLegalActions:
        """The legal actions of ``current_player`` now (empty when over)."""
        legal = self._legal
        if legal is None:
            p = self._current
            if self._phase is _PLAY_PHASE and self.game.turn_cap is None:
                # compute_legal's play turn, inline (the hot path of every game): swaps, then
                # swap all if it makes 21 or more (R-T4), pass unless just passed (R-T5), reveal
                t0, t1, t2 = self._table
                legal = self._legal = _new_legal(_LEGAL_CLASS)
                legal._acts = None          # ThirtyOneLegalActions._swaps, inline
                legal._hand = tuple(self._hands[p])  # type: ignore[index]  # a seat
                legal._table = (t0, t1, t2)
                scores = _SCORES or _load_scores()
                legal._extra = _EXTRA[scores[t0.code][t1.code][t2.code] >= MIN_SCORE][
                    self._passed[p]]  # type: ignore[index]
                legal._picked = _NOTHING
                return legal
            legal = self._legal = compute_legal(
                self._phase, self._hands[p] if p is not None else [], self._table,
                passed=p is not None and self._passed[p],
                capped=self.game.turn_cap is not None and self._turns >= self.game.turn_cap)
        return legal

    # ------------------------------------------------------------------ apply
    def apply(self, action: ThirtyOneAction | str, *, player: int | None = None) -> None:
        """Apply the current player's action; illegal ones raise and change nothing.

        ``player``, if given, must be the player to act (T5).
        """
        legal = self._legal
        if legal is None or action is not legal._picked or player is not None:
            action = check_action(self, action, player)   # parsed; refused if illegal
        # legal now: the action just sampled from the current legal set, or checked above
        self._legal = None
        self.history.append(action)  # type: ignore[arg-type]  # a str was parsed above
        p: int = self._current  # type: ignore[assignment]
        phase = self._phase
        cls = action.__class__
        if phase is _PLAY_PHASE:
            self._turns += 1
            if cls is SwapOne:          # _swap_one(p, action, final=False), inline
                held, table = self._hands[p], self._table
                h, t = action.hand_card, action.table_card  # type: ignore[union-attr]
                i = 0 if held[0] is h else 1 if held[1] is h else 2
                j = 0 if table[0] is t else 1 if table[1] is t else 2
                held[i], table[j] = t, h
                self._events.append(Swapped(p, (h,), (t,), False))
                self._passed[p] = False
                # _three_aces(p), inline: R-T7
                scores = _SCORES or _load_scores()
                if scores[held[0].code][held[1].code][held[2].code] == THREE_ACES_SCORE \
                        and self._check_three_aces((p,)):
                    return
                out = self._out         # _next_seat(p), inline (R-T1)
                n = len(out)
                q = (p + 1) % n
                while out[q]:
                    q = (q + 1) % n
                self._current = q
                return
            if cls is SwapAll:
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
            if not self._three_aces(p):
                self._current = self._next_seat(p)
        elif phase is Phase.FINAL:
            if cls is SwapOne:
                self._swap_one(p, action, final=True)  # type: ignore[arg-type]
            elif cls is SwapAll:
                self._swap_all(p, final=True)
            else:
                self._events.append(Stood(p))
            if cls is not Stand and self._three_aces(p):
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
            if not self._three_aces(p):
                self._current = self._next_seat(p)

    def _swap_one(self, p: int, action: SwapOne, final: bool) -> None:
        hand, table = self._hands[p], self._table
        h, t = action.hand_card, action.table_card
        # both are there (the action is legal); a Card equals only itself (interned), so
        # find them by identity rather than list.index's Card.__eq__ calls
        i = 0 if hand[0] is h else 1 if hand[1] is h else 2
        j = 0 if table[0] is t else 1 if table[1] is t else 2
        hand[i], table[j] = t, h
        self._events.append(Swapped(p, (h,), (t,), final))

    def _swap_all(self, p: int, final: bool) -> None:
        old = self._hands[p]
        self._hands[p], self._table = self._table, old
        self._events.append(Swapped(p, tuple(old), tuple(self._hands[p]), final))

    # ------------------------------------------------------------------ deal end
    def _three_aces(self, seat: int) -> bool:
        """:meth:`_check_three_aces` for one seat, looking the hand up first (R-T7)."""
        hand = self._hands[seat]
        table = score_table()
        if table[hand[0].code][hand[1].code][hand[2].code] != THREE_ACES_SCORE:
            return False
        return self._check_three_aces((seat,))

    def _check_three_aces(self, seats: Iterable[int]) -> bool:
        """R-T7: three Aces end the deal at once; every other player loses a life (T14)."""
        table = score_table()
        for seat in seats:
            hand = self._hands[seat]
            if hand and table[hand[0].code][hand[1].code][hand[2].code] == THREE_ACES_SCORE:
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
        table = score_table()       # score(hand) without its input checks: 3 cards each
        for seat in self.remaining():
            hand = tuple(self._hands[seat])
            a, b, c = hand
            s = scores[seat] = table[a.code][b.code][c.code]
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
        over = winners_after(result, self.remaining(), single_deal=self.single_deal)
        if over is not None:
            self._finish(*over)
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
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
            raise ConfigError(_("player={player!r} is not a seat: R-T1 seats are 0-{last}")
                                .format(player=player, last=n - 1))
        return ThirtyOneView(
            player, n, self._phase, self._current, self._deal, self._dealer,
            tuple(self._hands[player]), tuple(self._table), tuple(self._lives),
            tuple(self._out), tuple(self._passed), self._revealer, tuple(self._revealed),
            tuple(self._final), self._turns, self.game.turn_cap, self.game.chronicler,
            len(self._undealt), tuple(self._events[self._deal_start:]),
            self.results[-1] if self.results else None)

    def determinize(self, player: int, rng: random.Random) -> ThirtyOneState:
        """A copy in which the cards hidden from ``player`` are dealt anew from ``rng``
        (:func:`~cardgames.thirtyone.view.redeal_hidden` says which; ``player``'s view is
        unchanged).  Useful for sampling-based bots.  The copy's own RNG is left as it was."""
        new = self.clone()
        new._hands, new._undealt = redeal_hidden(
            player, self._hands, self._undealt, self._revealed,
            self._events[self._deal_start:], rng)
        new._legal = None
        return new

    # ------------------------------------------------------------------ copies, JSON
    def clone(self) -> ThirtyOneState:
        """An independent copy (its RNG continues identically)."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        return ThirtyOneState._make(
            self.game, seed=self.seed, first_dealer=self.first_dealer,
            single_deal=self.single_deal, rng=rng, hands=[list(h) for h in self._hands],
            table=list(self._table), undealt=list(self._undealt), lives=list(self._lives),
            out=list(self._out), dealer=self._dealer, deal=self._deal, phase=self._phase,
            current=self._current, passed=list(self._passed), turns=self._turns,
            revealer=self._revealer, revealed=list(self._revealed), final=list(self._final),
            history=list(self.history), events=list(self._events),
            deal_start=self._deal_start, results=list(self.results), winners=self._winners,
            legal=self._legal)

    def record(self) -> ThirtyOneRecord:
        """Everything this state holds as a frozen record (hidden cards and RNG state too)."""
        return ThirtyOneRecord(
            self.game, self.seed, self.first_dealer, self.single_deal, self._rng.getstate(),
            tuple(map(tuple, self._hands)), tuple(self._table), tuple(self._undealt),
            tuple(self._lives), tuple(self._out), self._dealer, self._deal, self._phase,
            self._current, tuple(self._passed), self._turns, self._revealer,
            tuple(self._revealed), tuple(self._final), tuple(self.history), tuple(self._events),
            self._deal_start, tuple(self.results), self._winners)

    def to_dict(self) -> dict[str, Any]:
        """A full snapshot as a JSON-ready dict (hidden cards and RNG state included)."""
        return state_to_dict(self.record())

    def to_json(self) -> str:
        """A full snapshot as JSON text; :meth:`from_json` reads it back (round-trip equal)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def restore(cls, game: ThirtyOneOptions, fields: dict[str, Any]) -> ThirtyOneState:
        """The state of a save's checked ``fields`` (:func:`.snapshot.state_from_dict`),
        behind ``ThirtyOneGame.state_from_json`` (which reads the save, rebuilds its game)."""
        return cls._make(game, **fields)

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

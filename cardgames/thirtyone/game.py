"""The Thirty-One engine: :class:`ThirtyOneGame` (configuration) and :class:`ThirtyOneState`.

Design: one :class:`ThirtyOneState` runs a whole game of deals (T13, R-T8).
When a deal ends, the lives are settled and the next deal is dealt at once
from the state's own seeded random generator (the dealer moves on, R-T1), so
``current_player`` is always someone who must act until the game is over.
``new_state(..., single_deal=True)`` stops after the first deal instead (the
outcome's winners are then the deal's best hands).  Every finished deal is in
``state.results`` and in the event log (:class:`~cardgames.thirtyone.events.DealOver`).

Settled here where the rules (``docs/rules/en.md``) are silent:

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

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardgames.cards import CHRONICLER, Card, Chronicler, as_cards, make_deck
from cardgames.core import check_seed
from cardgames.errors import CardParseError, ConfigError
from cardgames.i18n import gettext as _
from cardgames.thirtyone.actions import ThirtyOneAction
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.snapshot import state_from_dict
from cardgames.thirtyone.state import (
    LegalActions,
    ThirtyOneLegalActions,
    ThirtyOneOutcome,
    ThirtyOneState,
)

__all__ = ["ThirtyOneGame", "ThirtyOneState", "ThirtyOneOutcome", "ThirtyOneLegalActions",
           "LegalActions", "replay"]

# the two decks of T2, made once (every deal copies one)
_DECK = tuple(make_deck())
_DECK_WITH_CHRONICLER = tuple(make_deck(chroniclers=(Chronicler.ANY,)))


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
            raise ConfigError(_("Thirty-One is for 2-9 players (T1), not {p!r}")
                                .format(p=p))
        if not isinstance(self.chronicler, bool):
            raise ConfigError(_("chronicler must be True or False (T2: optionally 1 Chronicler), "
                                "not {chronicler!r}")
                                .format(chronicler=self.chronicler))
        lv = self.lives
        if not isinstance(lv, int) or isinstance(lv, bool) or lv < 0:
            raise ConfigError(_("lives must be a whole number >= 0 (R-T8 option, default 3), not "
                                "{lv!r}").format(lv=lv))
        cap = self.turn_cap
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 0):
            raise ConfigError(_("turn_cap must be None or a whole number >= 0 (R-T10 option), not "
                                "{cap!r}")
                                .format(cap=cap))

    def deck(self) -> list[Card]:
        """A fresh deck: the 32 cards, and the Chronicler ``*`` if enabled (T2)."""
        return list(_DECK_WITH_CHRONICLER if self.chronicler else _DECK)

    def new_state(self, *, seed: int, dealer: int = 0,
                  single_deal: bool = False) -> ThirtyOneState:
        """Deal the first deal with ``random.Random(seed)``; ``dealer`` deals it.

        ``seed`` must be a whole number (:func:`cardgames.core.check_seed`).
        """
        check_seed(seed)
        if not isinstance(single_deal, bool):
            raise ConfigError(_("single_deal must be True or False, not {single_deal!r}")
                                .format(single_deal=single_deal))
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < self.players:
            raise ConfigError(_("dealer must be a seat 0-{last}, not {dealer!r}")
                                .format(last=self.players - 1, dealer=dealer))
        return ThirtyOneState.new(self, seed=seed, dealer=dealer, single_deal=single_deal)

    @classmethod
    def state_from_json(cls, data: str | dict[str, Any]) -> ThirtyOneState:
        """The state saved by ``state.to_json()`` (or its ``to_dict()``), its game rebuilt from
        the save (every version up to today's); a save no real game can hold is refused with
        a :class:`~cardgames.errors.SaveError` naming the field and the rule.

        >>> s = ThirtyOneGame(players=3, lives=2).new_state(seed=4)
        >>> s.apply(s.legal_actions().sample(random.Random(1)))
        >>> back = ThirtyOneGame.state_from_json(s.to_json())
        >>> back == s, back.game
        (True, ThirtyOneGame(players=3, chronicler=False, lives=2, turn_cap=None))
        """
        game, fields = state_from_dict(data, cls)
        return ThirtyOneState.restore(game, fields)

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
        check_seed(seed)
        passed = list(passed)
        if len(hands) != n:
            raise ConfigError(_("hands must list all {n} seats (None for a seat that is out), got "
                                "{n2}")
                                .format(n=n, n2=len(hands)))
        # the cards not yet placed, in deck order (one of each card, T2): a dict finds and
        # removes a card by its hash, where a list compares it with every card before it
        pool = dict.fromkeys(self.deck())

        def take(cards: Any, what: str) -> list[Card]:
            try:
                got = as_cards(cards)
            except CardParseError as e:
                raise ConfigError(_("{what}: cannot read {cards!r}: {error}")
                                    .format(what=what, cards=cards, error=e)) from None
            if len(got) != 3:
                raise ConfigError(_("{what} must be 3 cards (T4), got {n}: {cards!r}")
                                    .format(what=what, n=len(got), cards=cards))
            for c in got:
                if c.is_chronicler:
                    c = CHRONICLER if self.chronicler else c
                if c not in pool:
                    why = ("the game has no Chronicler (T2: chronicler=False)"
                           if c.is_chronicler and not self.chronicler else
                           "it is used twice or is not in the deck")
                    raise ConfigError(_("{what}: {c} is not available: {why}")
                                        .format(what=what, c=c, why=why))
                del pool[c]
            return [CHRONICLER if c.is_chronicler else c for c in got]

        seat_hands = [[] if h is None else take(h, f"hands[{i}]") for i, h in enumerate(hands)]
        out = [h is None for h in hands]
        table_cards = take(table, "table")
        if sum(not o for o in out) < 2:
            raise ConfigError(_("a position needs at least 2 players still in (T1, R-T8)"))
        lives_list = [self.lives] * n if lives is None else list(lives)
        if len(lives_list) != n or any(not isinstance(v, int) or v < 0 for v in lives_list):
            raise ConfigError(_("lives must be {n} whole numbers >= 0, got {lives!r}")
                                .format(n=n, lives=lives))
        for seat in [dealer, current_player, revealer, *passed]:
            if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n or out[seat]):
                raise ConfigError(_("seat {seat!r} is not a seat still in the game (0-{last})")
                                    .format(seat=seat, last=n - 1))
        phase = Phase(phase)
        if phase is Phase.OVER:
            raise ConfigError(_("build a position to play: phase exchange, play or final"))

        def order_after(seat: int) -> tuple[int, ...]:   # seats still in, after ``seat`` (R-T1)
            return tuple(q for q in ((seat + i) % n for i in range(1, n + 1)) if not out[q])

        rng = random.Random(seed)
        undealt = list(pool)
        rng.shuffle(undealt)
        final: list[int] = []
        if phase is Phase.EXCHANGE:
            current = dealer
        elif phase is Phase.PLAY:
            current = order_after(dealer)[0] if current_player is None else current_player
        else:
            if revealer is None:
                raise ConfigError(_("phase 'final' needs the revealer (T10, R-T6)"))
            order = order_after(revealer)[:-1]
            if current_player is not None:
                if current_player == revealer:
                    raise ConfigError(_("the revealer has no final turn (R-T6)"))
                order = order[order.index(current_player):]
            final = list(order)
            current = order[0]
        return ThirtyOneState.at_position(
            self, seed=seed, dealer=dealer, single_deal=bool(single_deal), rng=rng,
            hands=seat_hands, table=table_cards, undealt=undealt, lives=lives_list, out=out,
            phase=phase, current=current, passed=[seat in passed for seat in range(n)],
            turns=turns, revealer=revealer if phase is Phase.FINAL else None, final=final)




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

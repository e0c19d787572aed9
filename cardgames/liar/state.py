"""The state of a Liar round: hands, pile, whose turn, the call window, the event log.

The pile entry type is in :mod:`.pile`, the outcome in :mod:`.outcome`, the
JSON snapshot in :mod:`.snapshot` and the legal actions in :mod:`.legal`.
Why ~520 lines: one class, the round's state machine (L7-L13, R-L5-R-L10),
whose transitions share private fields; each refusal names its rule in full,
and the action just sampled from the cached legal actions takes a short path
through :meth:`LiarState.apply` (docs/analysis.md, "Speed").

A round runs in two alternating phases (R-L5)::

    PLAY         the current player puts 1-4 cards down, announced as the due rank
    CALL_WINDOW  each other player still holding cards is asked in order of play,
                 starting with the next player: call or pass; the first call is
                 resolved at once (L9, L10, L13), if all pass the play stands
                 (R-L7 Pale penalty, or R-L9 going out)
    OVER         someone went out (L11), or the optional simulation cap was hit

Make states with :meth:`LiarGame.new_state` or :meth:`LiarGame.state_from_position`.

>>> from cardgames.liar import LiarGame
>>> s = LiarGame(players=2).state_from_position(hands=["7H 8H", "AH KH"], current_player=0)
>>> s.apply("play 7H"); s.phase, s.current_player, s.due_rank
(<Phase.CALL_WINDOW: 'call_window'>, 1, <Rank.EIGHT: 1>)
>>> s.apply("call"); print(s.events[-1].describe())
Player 1 took the pile (1 card): a false accusation; play goes on after the player who last put cards down (L9, L10).
>>> s.current_player, s.hand(1)
(1, (Card.parse('7H'), Card.parse('KH'), Card.parse('AH')))
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

from cardgames.cards import PALE, Card, Rank
from cardgames.core import check_player
from cardgames.errors import ActionParseError, GameOverError, IllegalActionError
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.liar.actions import PASS, Call, LiarAction, Pass, Play
from cardgames.liar.events import (
    TAKE_REASONS,
    CallMade,
    LiarEvent,
    PalePenalty,
    Passed,
    PileTaken,
    Played,
    Revealed,
    RoundOver,
    WentOut,
    announcement,
)
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.options import LiarOptions
from cardgames.liar.outcome import LiarOutcome, places_by_count
from cardgames.liar.phase import Phase
from cardgames.liar.pile import PilePlay
from cardgames.liar.snapshot import state_to_dict

if TYPE_CHECKING:
    from cardgames.liar.view import LiarView

__all__ = ["Phase", "PilePlay", "LiarOutcome", "LiarState"]

_NEXT = {r: r.next() for r in Rank}
_PLAY, _WINDOW, _OVER = Phase.PLAY, Phase.CALL_WINDOW, Phase.OVER
# PilePlay (.pile), LiarOutcome and places_by_count (.outcome) are imported
# above and stay importable from here; the JSON snapshot is in .snapshot.


class LiarState:
    """A Liar round in progress (mutable).  See the module docstring and ARCHITECTURE.md."""

    #: Every field of a state, listed once: :meth:`_init` sets exactly these, and
    #: ``__eq__`` compares them (the random generator by its state).
    _FIELDS = ("game", "seed", "dealer", "_hands", "pile", "put_aside", "current_player",
               "_phase", "due_rank", "plays_made", "history", "events", "_rng", "_pile_count",
               "winner", "end_reason", "_own")
    #: ``_legal`` caches :meth:`legal_actions` (``None`` until asked for, and again after
    #: every change); it is not a field of the state (not compared, copied or saved).
    __slots__ = (*_FIELDS, "_legal")

    game: LiarOptions
    seed: int | None
    dealer: int
    pile: list[PilePlay]
    put_aside: list[Card]
    current_player: int | None
    due_rank: Rank
    plays_made: int
    history: list[LiarAction]
    events: list[LiarEvent]
    winner: int | None
    end_reason: str | None
    _legal: LiarLegalActions | None

    def __init__(self, game: LiarOptions, *, hands: list[list[Card]], pile: list[PilePlay],
                 put_aside: list[Card], current_player: int, phase: Phase, due_rank: Rank,
                 dealer: int = 0, seed: int | None = None, rng: random.Random | None = None,
                 events: list[LiarEvent] | None = None) -> None:
        """A state at the start of a round or at a hand-built position.

        Low level: use ``LiarGame.new_state`` / ``state_from_position``.
        """
        own: list[list[PilePlay]] = [[] for _ in range(game.players)]
        for entry in pile:
            own[entry.player].append(entry)
        self._init(game, seed=seed, dealer=dealer, hands=hands, pile=pile, put_aside=put_aside,
                   current_player=current_player, phase=phase, due_rank=due_rank,
                   plays_made=max((p.number for p in pile), default=0), history=[],
                   events=list(events) if events else [],
                   rng=rng if rng is not None else random.Random(seed), winner=None,
                   end_reason=None, own=own)

    def _init(self, game: LiarOptions, *, seed: int | None, dealer: int, hands: list[list[Card]],
              pile: list[PilePlay], put_aside: list[Card], current_player: int | None,
              phase: Phase, due_rank: Rank, plays_made: int, history: list[LiarAction],
              events: list[LiarEvent], rng: random.Random, winner: int | None,
              end_reason: str | None, own: list[list[PilePlay]]) -> None:
        """Set every field (see ``_FIELDS``): the one constructor behind ``__init__``,
        :meth:`clone` and :meth:`restore`."""
        self.game = game
        self.seed = seed
        self.dealer = dealer
        self._hands = hands
        self.pile = pile
        self.put_aside = put_aside
        self.current_player = current_player
        self._phase = phase
        self.due_rank = due_rank
        self.plays_made = plays_made
        self.history = history
        self.events = events
        self._rng = rng
        self._pile_count = sum(len(p.cards) for p in pile)
        self.winner = winner
        self.end_reason = end_reason
        self._own = own
        self._legal = None

    # ------------------------------------------------------------------ queries
    @property
    def phase(self) -> Phase:
        """:class:`Phase` ``PLAY``, ``CALL_WINDOW`` or ``OVER``."""
        return self._phase

    @property
    def players(self) -> int:
        return self.game.players

    def hand(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds, sorted (hidden information: use :meth:`view` for agents)."""
        return tuple(sorted(self._hands[player]))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._hands)

    @property
    def pile_size(self) -> int:
        return self._pile_count

    @property
    def claim(self) -> PilePlay | None:
        """The play under the open call window (``None`` outside it)."""
        return self.pile[-1] if self._phase is _WINDOW else None

    def is_over(self) -> bool:
        return self._phase is _OVER

    def outcome(self) -> LiarOutcome | None:
        """The :class:`LiarOutcome` once the round is over, else ``None``."""
        if self._phase is not _OVER:
            return None
        counts = tuple(len(h) for h in self._hands)
        places = places_by_count(counts, self.winner, tie_places=self.game.tie_places)
        pts = self.game.points
        points = tuple(pts[pl - 1] if pl <= len(pts) else 0 for pl in places)
        return LiarOutcome(winners=() if self.winner is None else (self.winner,), places=places,
                           returns=tuple(float(x) for x in points),
                           reason=self.end_reason or "went_out", points=points,
                           cards_held=counts)

    def legal_actions(self) -> LiarLegalActions:
        """The lazy collection of what the player to move may do (see :mod:`.legal`).

        The same object until the state changes; :meth:`apply` accepts the
        action its ``sample`` returned last without validating it again.
        """
        legal = self._legal
        if legal is not None:
            return legal
        ph = self._phase
        if ph is _PLAY:
            p: int = self.current_player  # type: ignore[assignment]  # a seat in PLAY
            hand = tuple(self._hands[p])
            legal = LiarLegalActions._of_hand(
                p, hand, self.game.decks == 1 or len(set(hand)) == len(hand))
        elif ph is _WINDOW:
            legal = LiarLegalActions._of_hand(self.current_player, (), True,  # type: ignore[arg-type]
                                              phase=_WINDOW)
        else:
            legal = LiarLegalActions._of_hand(None, (), True, phase=_OVER)  # type: ignore[arg-type]
        self._legal = legal
        return legal

    def view(self, player: int) -> LiarView:
        """What ``player`` may know (R-L11): see :class:`cardgames.liar.view.LiarView`."""
        from cardgames.liar.view import make_view

        return make_view(self, player)

    # ------------------------------------------------------------------ acting
    def apply(self, action: LiarAction | str, *, player: int | None = None) -> None:
        """Apply the current player's ``action`` (or its text form), validating everything.

        ``player``, if given, must be the player to move.  An illegal action
        raises :class:`IllegalActionError` (a malformed one
        :class:`ActionParseError`) naming the player, the action, the rule and
        what is legal now; the state is then unchanged.
        """
        ph = self._phase
        p = self.current_player
        legal = self._legal
        if legal is not None and action is legal._picked and player is None:
            # the action just sampled from the current legal actions: legal by construction
            self._legal = None
            if ph is _PLAY:
                self._put_down(p, action.cards)  # type: ignore[arg-type, attr-defined]  # a Play
            elif action is PASS:
                self._pass(p)  # type: ignore[arg-type]  # a seat in the call window
            else:
                self._call(p)  # type: ignore[arg-type]
            self.history.append(action)
            return
        if player is not None:
            check_player(player, players=self.game.players, rule="R-L1")
        cls = type(action)
        if cls is not Play and cls is not Pass and cls is not Call \
                and not isinstance(action, LiarAction):
            try:
                action = LiarAction.parse(action)
            except ActionParseError as e:
                raise ActionParseError(
                    str(e), player=p if player is None else player, action=action, rule=e.rule,
                    reason=e.reason, legal=self.legal_actions().describe()
                    if player is None or player == p else e.legal) from None
        if ph is _OVER:
            words = self._end_words()
            raise GameOverError(_("nobody can {action}: the round is over ({words}); legal now: "
                                  "nothing")
                                  .format(action=action, words=words), player=player, action=action, rule="L11",
                                reason=_("the round is over ({words})").format(words=words), legal=_("nothing"))
        if player is not None and player != p:
            raise IllegalActionError(
                _("player {player} cannot {action}: it is player {p}'s turn ({doing}, R-L5); legal "
                  "now for player {p}: {legal}")
                  .format(player=player, action=action, p=p,
                          doing=_("to play") if ph is _PLAY else _("to call or pass"),
                          legal=self.legal_actions().describe(show_cards=False)),
                player=player, action=action, rule="R-L5", reason=_("it is player {p}'s turn")
                                                                    .format(p=p),
                legal=_("nothing until player {player} has acted").format(player=p))
        cls = type(action)
        if cls is Play:
            self._play(p, action)  # type: ignore[arg-type]
        elif cls is Pass:
            if ph is not _WINDOW:
                self._refuse_window_action(p, action)  # type: ignore[arg-type]  # a Pass
            self._pass(p)  # type: ignore[arg-type]  # p is None only when over (refused above)
        elif cls is Call:
            if ph is not _WINDOW:
                self._refuse_window_action(p, action)  # type: ignore[arg-type]  # a Call
            self._call(p)  # type: ignore[arg-type]  # as for _pass
        else:  # pragma: no cover - LiarAction has only three subclasses
            raise ActionParseError(_("not a Liar action: {action!r}").format(action=action), player=p, action=action,
                                   reason=_("not a Liar action"),
                                   legal=self.legal_actions().describe())
        self._legal = None
        self.history.append(action)  # type: ignore[arg-type]  # parsed above if it was text

    def _refuse_window_action(self, p: int | None, action: LiarAction) -> None:
        if self.plays_made == 0 or not self.events:
            why = _("there is no play to call yet")
        else:
            why = _("the call window is closed and it is your turn to play {rank}").format(
                rank=self.due_rank.plural)
        raise IllegalActionError(
            _("player {p} cannot {action}: R-L5 calling or passing is only possible in the "
              "call window right after a play, and {why}; legal now: {legal}").format(
                p=p, action=action, why=why, legal=self.legal_actions().describe()),
            player=p, action=action, rule="R-L5",
            reason=_("calling or passing is only possible right after a play, and {why}")
                     .format(why=why),
            legal=self.legal_actions().describe())

    def _play(self, p: int, action: Play) -> None:
        cards = action.cards
        n = len(cards)
        hand = self._hands[p]
        if self._phase is not _PLAY:
            claim = self.pile[-1]
            said = announcement(claim.count, claim.announced)
            raise IllegalActionError(
                _("player {p} cannot {action}: R-L5 the call window is open on player {player}'s "
                  '"{said}" and you are asked whether to call; legal now: call or pass')
                  .format(p=p, action=action, player=claim.player, said=said), player=p, action=action, rule="R-L5",
                reason=_("the call window is open on player {player}'s \"{said}\"")
                         .format(player=claim.player, said=said),
                legal="call or pass")
        if not 1 <= n <= 4:
            raise IllegalActionError(
                _("player {p} cannot play {n} cards: R-L4 a play is 1-4 cards (L7: at least one); "
                  "legal now: {legal}")
                  .format(p=p, n=n, legal=self.legal_actions().describe()),
                player=p, action=action, rule="R-L4", reason=_("a play is 1-4 cards"),
                legal=self.legal_actions().describe())
        for c in cards:
            if hand.count(c) < cards.count(c):
                have = hand.count(c)
                what = (_("{card} is not in your hand").format(card=c) if have == 0 else
                        ngettext("{card} is in your hand only {n} time",
                                 "{card} is in your hand only {n} times", have).format(
                            card=c, n=have))
                raise IllegalActionError(
                    _("player {p} cannot {action}: L7 you put down cards from your own hand, and "
                      "{what}; legal now: {legal}")
                      .format(p=p, action=action, what=what,
                              legal=self.legal_actions().describe()),
                    player=p, action=action, rule="L7", reason=what,
                    legal=self.legal_actions().describe())
        self._put_down(p, cards)

    def _put_down(self, p: int, cards: tuple[Card, ...]) -> None:
        """Player ``p`` puts ``cards`` (a legal play, L7, R-L4) down: the call window opens."""
        hand = self._hands[p]
        for c in cards:
            hand.remove(c)
        n = len(cards)
        due = self.due_rank
        number = self.plays_made + 1
        self.plays_made = number
        entry = PilePlay(number, p, cards, due)
        self.pile.append(entry)
        self._own[p].append(entry)
        self._pile_count += n
        self.events.append(Played(p, n, due, number))
        self.due_rank = _NEXT[due]  # L8, R-L8
        self._phase = _WINDOW
        asked = self._next_asked(p, p)
        if asked is None:  # nobody else holds cards (only in odd hand-built positions)
            self._close_window()
        else:
            self.current_player = asked

    def _next_asked(self, claimant: int, after: int) -> int | None:
        """R-L5: the next other player still holding cards after ``after``, None at the claimant."""
        hands = self._hands
        n = len(hands)
        q = after
        while True:
            q = (q + 1) % n
            if q == claimant:
                return None
            if hands[q]:
                return q

    def _next_player(self, after: int) -> int:
        """The next seat after ``after`` that holds cards (order of play, R-L1)."""
        hands = self._hands
        n = len(hands)
        for i in range(1, n + 1):
            q = (after + i) % n
            if hands[q]:
                return q
        return after  # pragma: no cover - someone always holds cards

    def _pass(self, p: int) -> None:
        claim = self.pile[-1]
        self.events.append(Passed(p, claim.number))
        asked = self._next_asked(claim.player, p)
        if asked is None:
            self._close_window()
        else:
            self.current_player = asked

    def _close_window(self) -> None:
        """Nobody called: R-L7 Pale penalty, R-L9 going out, or play goes on."""
        claim = self.pile[-1]
        c = claim.player
        if PALE in claim.cards:
            self.events.append(PalePenalty(c, claim.number))
            self._take_pile(c, "pale_uncalled")
            self._continue(self._next_player(c))
        elif not self._hands[c]:
            self._finish(c, "went_out")
        else:
            self._continue(self._next_player(c))

    def _call(self, caller: int) -> None:
        claim = self.pile[-1]
        c = claim.player
        true = claim.is_true()
        self.events.append(CallMade(caller, c, claim.number))
        self.events.append(Revealed(c, claim.number, claim.cards, claim.announced, true))
        if not true:
            self._take_pile(c, "caught")          # L9; L10: the caller plays next
            self._continue(caller)
            return
        self._take_pile(caller, "pale_called" if PALE in claim.cards else "false_accusation")
        if not self._hands[c]:
            self._finish(c, "went_out")           # R-L9
        else:
            self._continue(self._next_player(c))  # L10, L13

    def _take_pile(self, player: int, reason: str) -> None:
        hand = self._hands[player]
        for entry in self.pile:
            hand.extend(entry.cards)
        self.events.append(PileTaken(player, self._pile_count, reason, TAKE_REASONS[reason][0]))
        self.pile = []
        self._pile_count = 0

    def _continue(self, nxt: int) -> None:
        cap = self.game.max_plays
        if cap is not None and self.plays_made >= cap:
            self._finish(None, "cap")
            return
        self._phase = _PLAY
        self.current_player = nxt

    def _finish(self, winner: int | None, reason: str) -> None:
        if winner is not None:
            self.events.append(WentOut(winner))
        self.winner = winner
        self.end_reason = reason
        self._phase = _OVER
        self.current_player = None
        counts = tuple(len(h) for h in self._hands)
        places = places_by_count(counts, winner, tie_places=self.game.tie_places)
        self.events.append(RoundOver(winner, places, counts, reason))

    def _end_words(self) -> str:
        if self.end_reason == "cap":
            return _("stopped by the simulation cap max_plays")
        return _("L11: player {player} went out").format(player=self.winner)

    # ------------------------------------------------------------------ copies, equality, JSON
    def clone(self) -> LiarState:
        """An independent copy (cards and events are immutable and shared)."""
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        new = object.__new__(LiarState)
        new._init(self.game, seed=self.seed, dealer=self.dealer,
                  hands=[list(h) for h in self._hands], pile=list(self.pile),
                  put_aside=list(self.put_aside), current_player=self.current_player,
                  phase=self._phase, due_rank=self.due_rank, plays_made=self.plays_made,
                  history=list(self.history), events=list(self.events), rng=rng,
                  winner=self.winner, end_reason=self.end_reason,
                  own=[list(x) for x in self._own])
        return new

    def determinize(self, player: int, rng: random.Random) -> LiarState:
        """A copy in which the cards hidden from ``player`` are dealt anew from ``rng``: the
        other hands (but the cards the public log places there, :func:`~cardgames.liar.
        probability.known_holdings`), the others' pile plays and the put-aside cards.  Hand
        sizes, the pile's counts and ``player``'s view stay; for sampling bots (ISMCTS)."""
        from cardgames.liar.probability import known_holdings

        r = self.clone()
        known = known_holdings(self.view(player))
        pool: list[Card] = []
        keep: list[list[Card]] = []
        for q in range(self.game.players):
            held = list(r._hands[q])
            if q == player:
                keep.append(held)
                continue
            kept = []
            for card, m in known[q].items():
                for _copy in range(m):
                    if card in held:
                        held.remove(card)
                        kept.append(card)
            keep.append(kept)
            pool.extend(held)
        pool.extend(c for e in r.pile if e.player != player for c in e.cards)
        pool.extend(r.put_aside)
        rng.shuffle(pool)
        i = 0
        for q in range(self.game.players):
            if q != player:
                need = len(r._hands[q]) - len(keep[q])
                keep[q].extend(pool[i:i + need])
                i += need
        r._hands = keep
        new_pile, swapped = [], {}
        for e in r.pile:
            if e.player != player:
                f = PilePlay(e.number, e.player, tuple(pool[i:i + e.count]), e.announced)
                swapped[id(e)] = f
                i += e.count
                e = f
            new_pile.append(e)
        r.pile = new_pile
        r._own = [[swapped.get(id(e), e) for e in own] for own in r._own]
        r.put_aside = pool[i:]
        r._legal = None             # the hands changed: the cached legal actions are stale
        return r

    def own_plays(self, player: int) -> tuple[PilePlay, ...]:
        """Every play ``player`` made this round (in the pile or not), oldest first."""
        return tuple(self._own[player])

    def _key(self) -> tuple[Any, ...]:
        return tuple(self._rng.getstate() if name == "_rng" else getattr(self, name)
                     for name in self._FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LiarState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict[str, Any]:
        """The full snapshot (hidden cards and RNG state included) as JSON-friendly data."""
        return state_to_dict(self.game.to_dict(), dict(
            seed=self.seed, dealer=self.dealer, hands=self._hands, pile=self.pile,
            put_aside=self.put_aside, own=self._own, current_player=self.current_player,
            phase=self._phase, due_rank=self.due_rank, plays_made=self.plays_made,
            winner=self.winner, end_reason=self.end_reason, history=self.history,
            events=self.events, rng=self._rng.getstate()))

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text; ``LiarGame.state_from_json`` reads it back (equal)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def restore(cls, game: LiarOptions, fields: dict[str, Any]) -> LiarState:
        """The state of a save's checked ``fields`` (:func:`.snapshot.state_from_dict`):
        the constructor behind ``LiarGame.state_from_json``, which reads and checks the
        save and rebuilds its game."""
        new = object.__new__(cls)
        new._init(game, **fields)
        return new

    def __repr__(self) -> str:
        return (f"<LiarState {self.game.players} players, phase {self._phase.value}, player "
                f"{self.current_player} to move, due {self.due_rank.plural}, hands "
                f"{list(self.hand_sizes)}, pile {self._pile_count}>")

    def describe(self) -> str:
        """The public situation in a sentence (no hidden cards)."""
        if self._phase is _OVER:
            return self.events[-1].describe()
        sizes = ", ".join(_("player {player}: {n}").format(player=p, n=n)
                          for p, n in enumerate(self.hand_sizes))
        if self._phase is _WINDOW:
            claim = self.pile[-1]
            now = _("player {claimant} announced \"{claim}\"; player {player} is asked: call or "
                    "pass (R-L5)").format(claimant=claim.player, player=self.current_player,
                                          claim=announcement(claim.count, claim.announced))
        else:
            now = _("player {player} must play {rank} (L8)").format(
                player=self.current_player, rank=self.due_rank.plural)
        return ngettext("{now}. Pile: {n} card. Hands: {sizes}.",
                        "{now}. Pile: {n} cards. Hands: {sizes}.", self._pile_count).format(
            now=now, n=self._pile_count, sizes=sizes)


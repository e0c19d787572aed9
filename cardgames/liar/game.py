"""Liar's configuration (:class:`LiarGame`), dealing, hand-built positions and replays.

>>> game = LiarGame(players=3, chroniclers="both")
>>> game
LiarGame(players=3, decks=1, chroniclers=(<Chronicler.COLORFUL: '*C'>, <Chronicler.PALE: '*P'>), points=(4, 3, 2, 1), max_plays=None, tie_places='competition')
>>> game.deck_size, game.hand_size, game.put_aside_count     # 34 cards: 11 each, 1 aside (L5)
(34, 11, 1)
>>> state = game.new_state(seed=7)
>>> state.current_player, state.due_rank          # seat dealer+1 begins with sevens (R-L1, L6)
(1, <Rank.SEVEN: 0>)
>>> LiarGame(players=5)
Traceback (most recent call last):
...
cardgames.errors.ConfigError: players=5 is not allowed with decks=1: R-L2 one deck is for 2-4 players, two decks (decks=2) for 2-8
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardgames.cards import Card, Chronicler, Rank, as_cards, make_deck
from cardgames.core import check_seed
from cardgames.draws import shuffle
from cardgames.errors import CardParseError, ConfigError
from cardgames.i18n import gettext as _
from cardgames.liar.actions import LiarAction
from cardgames.liar.events import LiarEvent, Played
from cardgames.liar.phase import Phase
from cardgames.liar.snapshot import state_from_dict
from cardgames.liar.state import LiarState, PilePlay

__all__ = ["LiarGame", "replay"]

_CHRONICLER_WORDS = {
    "none": (), "": (), "both": (Chronicler.COLORFUL, Chronicler.PALE),
    "colorful": (Chronicler.COLORFUL,), "colourful": (Chronicler.COLORFUL,),
    "*c": (Chronicler.COLORFUL,), "pale": (Chronicler.PALE,), "*p": (Chronicler.PALE,),
}


def _chroniclers(value: Any) -> tuple[Chronicler, ...]:
    """Normalise the ``chroniclers`` option to a sorted tuple (COLORFUL before PALE)."""
    if value is None:
        return ()
    items: Iterable[Any]
    items = [value] if isinstance(value, (str, Chronicler)) else value
    found: set[Chronicler] = set()
    try:
        items = list(items)
    except TypeError:
        raise ConfigError(_("chroniclers={value!r} is not allowed: R-L2 use none (default), 'both', "
                            "'colorful' or 'pale' (or Chronicler.COLORFUL/PALE)")
                            .format(value=value)) from None
    for item in items:
        if isinstance(item, Chronicler):
            got: tuple[Chronicler, ...] = (item,)
        elif isinstance(item, str) and item.strip().lower() in _CHRONICLER_WORDS:
            got = _CHRONICLER_WORDS[item.strip().lower()]
        elif isinstance(item, str) and item.strip().upper() in Chronicler.__members__:
            got = (Chronicler[item.strip().upper()],)
        else:
            got = (Chronicler.ANY,) if item == "*" else ()
            if not got:
                raise ConfigError(_("chroniclers={value!r} is not allowed: R-L2 use none (default), "
                                    "'both', 'colorful' or 'pale'")
                                    .format(value=value))
        if Chronicler.ANY in got:
            raise ConfigError(_("chroniclers={value!r} is not allowed: Liar uses the Colorful and "
                                "the Pale Chronicler (L2, L12, L13), not the plain '*'")
                                .format(value=value))
        found.update(got)
    return tuple(c for c in (Chronicler.COLORFUL, Chronicler.PALE) if c in found)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True, kw_only=True)
class LiarGame:
    """The rules options of a Liar round (frozen, keyword-only; validated, R-L2, R-L10).

    - ``players``: 2-4 with one deck, 2-8 with two (R-L2).
    - ``decks``: 1 (32 cards) or 2 (64 cards).
    - ``chroniclers``: none (default), ``"both"``, ``"colorful"``, ``"pale"``, or an
      iterable of :class:`Chronicler` ``COLORFUL``/``PALE``; stored as a tuple.
      With two decks each enabled Chronicler is in the deck twice (R-L2).
    - ``points``: points for places 1, 2, ...; 0 below (R-L10, default 4, 3, 2, 1).
    - ``tie_places``: how places go after a tie (R-L10 "equal counts share the
      better place"): ``"competition"`` (default, 1, 2, 2, 4) or ``"dense"``
      (1, 2, 2, 3).
    - ``max_plays``: *simulation option*, off (``None``) by default: after this
      many plays the round stops with nobody out and places by cards held.
      Not a rule of the game; only for bounded simulations.
    """

    players: int = 4
    decks: int = 1
    chroniclers: tuple[Chronicler, ...] = field(default=())
    points: tuple[int, ...] = (4, 3, 2, 1)
    max_plays: int | None = None
    tie_places: str = "competition"

    def __post_init__(self) -> None:
        if not _is_int(self.decks) or self.decks not in (1, 2):
            raise ConfigError(_("decks={decks!r} is not allowed: R-L2 Liar uses one deck (decks=1) "
                                "or two decks (decks=2)")
                                .format(decks=self.decks))
        top = 4 if self.decks == 1 else 8
        if not _is_int(self.players) or not 2 <= self.players <= top:
            raise ConfigError(_("players={players!r} is not allowed with decks={decks}: R-L2 one "
                                "deck is for 2-4 players, two decks (decks=2) for 2-8")
                                .format(players=self.players, decks=self.decks))
        object.__setattr__(self, "chroniclers", _chroniclers(self.chroniclers))
        pts = self.points
        if isinstance(pts, (str, bytes)) or not isinstance(pts, Iterable):
            raise ConfigError(_("points={pts!r} is not allowed: R-L10 give the points per place, "
                                "e.g. (4, 3, 2, 1)")
                                .format(pts=pts))
        pts = tuple(pts)
        if not all(_is_int(p) for p in pts) or any(a < b for a, b in zip(pts, pts[1:])):
            raise ConfigError(_("points={points!r} is not allowed: R-L10 points are whole numbers "
                                "per place, never more for a worse place, e.g. (4, 3, 2, 1)")
                                .format(points=self.points))
        object.__setattr__(self, "points", pts)
        if self.tie_places not in ("competition", "dense"):
            raise ConfigError(_("tie_places={tie_places!r} is not allowed: R-L10 ties share the "
                                "better place; then 'competition' (1, 2, 2, 4) or 'dense' (1, 2, 2, "
                                "3)").format(tie_places=self.tie_places))
        if self.max_plays is not None and (not _is_int(self.max_plays) or self.max_plays < 1):
            raise ConfigError(_("max_plays={max_plays!r} is not allowed: the simulation cap is None "
                                "(off, the rules) or a positive number of plays")
                                .format(max_plays=self.max_plays))

    # ------------------------------------------------------------------ the deck
    def deck(self) -> list[Card]:
        """The unshuffled deck of this game (R-L2)."""
        return make_deck(decks=self.decks, chroniclers=self.chroniclers)

    @property
    def deck_size(self) -> int:
        return self.decks * (32 + len(self.chroniclers))

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (L5)."""
        return self.deck_size // self.players

    @property
    def put_aside_count(self) -> int:
        """Cards put aside at the deal (L5, R-L3)."""
        return self.deck_size % self.players

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "decks": self.decks,
                "chroniclers": [c.value for c in self.chroniclers],
                "points": list(self.points), "max_plays": self.max_plays,
                "tie_places": self.tie_places}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LiarGame:
        return cls(players=data["players"], decks=data["decks"],
                   chroniclers=tuple(Chronicler(c) for c in data["chroniclers"]),
                   points=tuple(data["points"]), max_plays=data.get("max_plays"),
                   tie_places=data.get("tie_places", "competition"))

    # ------------------------------------------------------------------ states
    def _check_seat(self, name: str, seat: Any) -> int:
        if not _is_int(seat) or not 0 <= seat < self.players:
            raise ConfigError(_("{name}={seat!r} is not a seat: R-L1 seats are 0-{last}")
                                .format(name=name, seat=seat, last=self.players - 1))
        return int(seat)

    def new_state(self, *, seed: int, dealer: int = 0) -> LiarState:
        """Shuffle with ``random.Random(seed)`` and deal (L5, R-L3); seat dealer+1 begins (R-L1, L6).

        Cards are dealt one at a time round the table starting with seat
        dealer+1; the last ``put_aside_count`` cards of the shuffled deck are
        put aside, unseen (R-L3).
        """
        check_seed(seed)
        self._check_seat("dealer", dealer)
        rng = random.Random(seed)
        deck = self.deck()
        shuffle(rng, deck)   # rng.shuffle's permutation, faster
        n = self.players
        dealt = self.hand_size * n
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(dealt):
            hands[(dealer + 1 + i) % n].append(deck[i])
        return LiarState(self, hands=hands, pile=[], put_aside=deck[dealt:],
                         current_player=(dealer + 1) % n, phase=Phase.PLAY,
                         due_rank=Rank.SEVEN, dealer=dealer, seed=seed, rng=rng)

    @classmethod
    def state_from_json(cls, data: str | dict[str, Any]) -> LiarState:
        """The state saved by ``state.to_json()`` (or its ``to_dict()``), with its game rebuilt
        from the save (also version 1, written before ``"version"``); a save no real round can
        hold is refused with a :class:`~cardgames.errors.SaveError` naming the field and rule.

        >>> s = LiarGame(players=3, decks=2).new_state(seed=5)
        >>> s.apply(s.legal_actions().sample(random.Random(1)))
        >>> back = LiarGame.state_from_json(s.to_json())
        >>> back == s, back.game
        (True, LiarGame(players=3, decks=2, chroniclers=(), points=(4, 3, 2, 1), max_plays=None, tie_places='competition'))
        """
        game, fields = state_from_dict(data, cls.from_dict)
        return LiarState.restore(game, fields)

    def replay(self, seed: int, actions: Iterable[LiarAction | str], dealer: int = 0) -> LiarState:
        """Deal with ``seed`` and apply ``actions`` in order (see :func:`replay`)."""
        return replay(self, seed, actions, dealer=dealer)

    def state_from_position(
        self, *, hands: Sequence[str | Iterable[Card]],
        pile: Sequence[tuple[Any, ...]] = (),
        current_player: int | None = None,
        due_rank: Rank | str | None = None,
        phase: Phase | str = Phase.PLAY,
        put_aside: str | Iterable[Card] | None = None,
        dealer: int = 0,
    ) -> LiarState:
        """A hand-built position, for tests, explainers and lessons.

        - ``hands``: one per seat, text (``"7H 8B"``) or cards.
        - ``pile``: the plays lying face down, oldest first, each ``(player, cards)``
          or ``(player, cards, announced_rank)``.  Missing ranks are filled in
          backwards from the due rank (R-L8: consecutive plays announce
          consecutive ranks); an explicit rank on the last play sets the due rank.
        - ``phase``: ``Phase.PLAY`` (default) or ``Phase.CALL_WINDOW`` (or their
          values ``"play"``, ``"call_window"``): in the window the last pile
          play is the claim under the window (R-L5), and ``current_player``
          (default: the next other player holding cards) is the one asked.
        - ``due_rank``: the rank the next play must announce (default VII, or
          the one after the last play's explicit rank).
        - ``put_aside``: default: every card of the deck not in a hand or the
          pile, so every card is somewhere; if given, all places together must
          make exactly the deck.

        >>> g = LiarGame(players=3)
        >>> s = g.state_from_position(hands=["7H", "AH KH", "9B"], pile=[(0, "8B 8H", "7")],
        ...                           phase=Phase.CALL_WINDOW)
        >>> s.current_player, s.claim.announced, s.due_rank, len(s.put_aside)
        (1, <Rank.SEVEN: 0>, <Rank.EIGHT: 1>, 26)
        """
        n = self.players
        try:
            phase = Phase(phase) if not isinstance(phase, Phase) else phase
        except ValueError:
            raise ConfigError(_("phase={phase!r}: use 'play' or 'call_window'")
                                .format(phase=phase)) from None
        if phase is Phase.OVER:
            raise ConfigError(_("phase='over' cannot be built: play the round to its end instead"))
        if isinstance(hands, str) or len(hands) != n:
            raise ConfigError(_("hands: give one hand per seat, {n} for players={n} (R-L2)")
                                .format(n=n))
        try:
            hand_lists = [as_cards(h) for h in hands]
            entries: list[tuple[int, list[Card], Rank | None]] = []
            for item in pile:
                if len(item) not in (2, 3):
                    raise ConfigError(_("pile entry {item!r}: write (player, cards) or (player, "
                                        "cards, announced_rank)")
                                        .format(item=item))
                player, cards = item[0], item[1]
                rank = item[2] if len(item) == 3 else None
                if isinstance(rank, str):
                    rank = Rank.parse(rank)
                cards = as_cards(cards)
                entries.append((self._check_seat("pile player", player), cards, rank))
            aside = None if put_aside is None else as_cards(put_aside)
            if isinstance(due_rank, str):
                due_rank = Rank.parse(due_rank)
        except CardParseError as e:
            raise ConfigError(_("state_from_position: {error}").format(error=e)) from None
        for _player, cards, _rank in entries:
            if not 1 <= len(cards) <= 4:
                raise ConfigError(_("pile play {cards} is not allowed: R-L4 a play is 1-4 cards")
                                    .format(cards=format_list(cards)))
        # ranks (R-L8)
        if due_rank is None:
            due_rank = (entries[-1][2].next() if entries and entries[-1][2] is not None
                        else Rank.SEVEN)
        ranks: list[Rank] = []
        for i, (_player, _cards, rank) in enumerate(entries):
            expected = due_rank.advance(i - len(entries))
            if rank is not None and rank is not expected:
                raise ConfigError(_("pile play {number} announced {rank} but R-L8 needs {expected} "
                                    "(consecutive plays announce consecutive ranks, ending just "
                                    "before the due {due_rank})")
                                    .format(number=i + 1, rank=rank.plural, expected=expected.plural, due_rank=due_rank.plural))
            ranks.append(expected)
        pile_plays = [PilePlay(i + 1, p, tuple(sorted(cards)), r)
                      for i, ((p, cards, _), r) in enumerate(zip(entries, ranks))]
        # the cards: within the deck, every card somewhere
        deck = Counter(self.deck())
        used = Counter(c for h in hand_lists for c in h)
        used.update(c for e in pile_plays for c in e.cards)
        if aside is not None:
            used.update(aside)
        extra = used - deck
        if extra:
            raise ConfigError(_("cards {cards} are more than this game's deck holds (R-L2: "
                                "decks={decks}, chroniclers={chroniclers})")
                                .format(cards=format_list(sorted(extra.elements())), decks=self.decks, chroniclers=[c.value for c in self.chroniclers]))
        missing = deck - used
        if aside is None:
            aside = sorted(missing.elements())
        elif missing:
            raise ConfigError(_("cards {cards} are nowhere: with put_aside given, hands + pile + "
                                "put_aside must be the whole deck")
                                .format(cards=format_list(sorted(missing.elements()))))
        # whose turn
        if phase is Phase.CALL_WINDOW:
            if not pile_plays:
                raise ConfigError(_("phase='call_window' needs a pile: its last play is the claim "
                                    "under the window (R-L5)"))
            claimant = pile_plays[-1].player
            if current_player is None:
                current_player = next((q % n for q in range(claimant + 1, claimant + n)
                                       if hand_lists[q % n]), None)
                if current_player is None:
                    raise ConfigError(_("nobody but the claimant holds cards: no call window (R-L5)"))
            self._check_seat("current_player", current_player)
            if current_player == claimant or not hand_lists[current_player]:
                raise ConfigError(_("current_player={current_player} cannot be asked: R-L5 the "
                                    "window asks the other players still holding cards")
                                    .format(current_player=current_player))
        else:
            current_player = 0 if current_player is None else current_player
            self._check_seat("current_player", current_player)
        for p, h in enumerate(hand_lists):
            if not h and not (phase is Phase.CALL_WINDOW and p == pile_plays[-1].player):
                raise ConfigError(_("player {p} holds no cards: the round would be over (L11, "
                                    "R-L9); only the player under the call window may be empty")
                                    .format(p=p))
        events: list[LiarEvent] = [Played(e.player, len(e.cards), e.announced, e.number)
                                   for e in pile_plays]
        return LiarState(self, hands=hand_lists, pile=pile_plays, put_aside=aside,
                         current_player=current_player, phase=phase, due_rank=due_rank,
                         dealer=self._check_seat("dealer", dealer), seed=None,
                         rng=random.Random(0), events=events)


def format_list(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def replay(game: LiarGame, seed: int, actions: Iterable[LiarAction | str], dealer: int = 0
           ) -> LiarState:
    """Deal ``game`` with ``seed`` and ``dealer`` and apply ``actions``: the same state again.

    >>> g = LiarGame(players=2)
    >>> s = g.new_state(seed=3)
    >>> for _ in range(6):
    ...     s.apply(s.legal_actions().sample(random.Random(len(s.history))))
    >>> replay(g, 3, s.history) == s
    True
    """
    state = game.new_state(seed=seed, dealer=dealer)
    for a in actions:
        state.apply(a)
    return state

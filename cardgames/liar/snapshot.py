"""A Liar state as versioned JSON-friendly data, and back (``LiarState.to_dict``/``from_dict``).

It sits below the state module (which calls it): it reads the fields the state
hands it and checks a save's fields against the rules, and never imports the
state or the game (no import cycle, not even for the type checker).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from cardgames.cards import Rank, format_cards
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.liar.actions import LiarAction
from cardgames.liar.events import RoundOver, event_from_dict, event_to_dict
from cardgames.liar.phase import Phase
from cardgames.liar.pile import PilePlay
from cardgames.saves import (
    MAX_COUNT,
    SavedGame,
    SaveFormat,
    cards,
    check_deck,
    items,
    need,
    reading,
    refuse,
    rng,
    text,
    whole,
)

__all__ = ["state_from_dict", "state_to_dict"]

#: The snapshot's format; version 1 since 5b5243e (also read: the older format name ".../1").
_SAVE = SaveFormat("cardgames.liar.state", N_("Liar save"),
                   old_formats=("cardgames.liar.state/1",))


def _play_dict(e: PilePlay) -> dict[str, Any]:
    return {"number": e.number, "player": e.player, "cards": format_cards(e.cards),
            "announced": e.announced.name}


def state_to_dict(game: dict[str, Any], f: dict[str, Any]) -> dict[str, Any]:
    """The full snapshot of a state: ``game`` is its game's ``to_dict()``, ``f`` its fields
    (as ``LiarState.to_dict`` gives them; hidden cards and the RNG state included)."""
    version, internal, gauss = f["rng"]
    return {
        "format": _SAVE.fmt,
        "version": _SAVE.version,
        "game": game,
        "seed": f["seed"],
        "dealer": f["dealer"],
        "hands": [format_cards(h) for h in f["hands"]],
        "pile": [_play_dict(e) for e in f["pile"]],
        "put_aside": format_cards(f["put_aside"]),
        "plays": [_play_dict(e) for own in f["own"] for e in own],
        "current_player": f["current_player"],
        "phase": f["phase"].value,
        "due_rank": f["due_rank"].name,
        "plays_made": f["plays_made"],
        "winner": f["winner"],
        "end_reason": f["end_reason"],
        "history": [str(a) for a in f["history"]],
        "events": [event_to_dict(e) for e in f["events"]],
        "rng": [version, list(internal), gauss],
    }


def state_from_dict(data: object, make_game: Callable[[Any], G]) -> tuple[G, dict[str, Any]]:
    """The game (``make_game(game_dict)``) and the checked fields (:func:`read_fields`) of a
    snapshot of :func:`state_to_dict`: JSON text or the dict (also version 1 as written
    before ``"version"``).  The state class makes the state, so this module imports
    neither it nor the game."""
    return _SAVE.read(data, make_game, read_fields)


class Options(SavedGame, Protocol):
    """What the reader needs of a game besides its seats and deck."""

    @property
    def deck_size(self) -> int: ...
    @property
    def max_plays(self) -> int | None: ...


G = TypeVar("G", bound=Options)


def read_fields(d: dict[str, Any], game: Options) -> dict[str, Any]:
    """The state's fields from a save's dict, checked against everything a real round can
    hold: the cards are the deck (R-L2), one hand per seat, whose turn it is in which phase
    (R-L5), the pile's ranks (R-L8), the end (L11, R-L9).  A :class:`SaveError` names the
    field and the rule otherwise."""
    w = _SAVE.what
    n = game.players
    seed = whole(need(d, "seed", w), "seed", w, lo=-MAX_COUNT ** 3, hi=MAX_COUNT ** 3, none=True)
    dealer = whole(need(d, "dealer", w), "dealer", w, lo=0, hi=n - 1, rule="R-L1")
    hands = [cards(h, f"hands[{i}]", w) for i, h in
             enumerate(items(need(d, "hands", w), "hands", w, length=n, rule="R-L2"))]
    pile = [_read_play(e, f"pile[{i}]", n) for i, e in
            enumerate(items(need(d, "pile", w), "pile", w, most=game.deck_size))]
    put_aside = cards(need(d, "put_aside", w), "put_aside", w)
    check_deck([*(c for h in hands for c in h), *(c for e in pile for c in e.cards), *put_aside],
               game.deck(), "hands + pile + put_aside", w, rule="R-L2")
    plays_made = whole(need(d, "plays_made", w), "plays_made", w, lo=0,
                       hi=MAX_COUNT if game.max_plays is None else game.max_plays, rule="L7")
    history = []
    for i, a in enumerate(items(need(d, "history", w), "history", w)):
        with reading(f"history[{i}]", w):
            history.append(LiarAction.parse(text(a, f"history[{i}]", w)))
    own: list[list[PilePlay]] = [[] for _ in range(n)]
    numbers = set()
    for i, e in enumerate(items(need(d, "plays", w), "plays", w, most=plays_made)):
        entry = _read_play(e, f"plays[{i}]", n)
        if entry.number > plays_made or entry.number in numbers:
            raise refuse(w, f"plays[{i}]", _("play numbers are 1 to plays_made, each once"), "L7")
        numbers.add(entry.number)
        own[entry.player].append(entry)
    for i, entry in enumerate(pile):
        if entry.number != plays_made - len(pile) + 1 + i:
            raise refuse(w, f"pile[{i}]", _("the pile's plays are numbered in a row, the last "
                                            "one plays_made"), "L7")
        if entry not in own[entry.player]:
            raise refuse(w, f"pile[{i}]", _("a play on the pile is one of its player's plays"),
                         "L7")
        if i and entry.announced is not pile[i - 1].announced.next():
            raise refuse(w, f"pile[{i}]", _("consecutive plays announce consecutive ranks"),
                         "R-L8")
    phase = Phase(text(need(d, "phase", w), "phase", w, choices=[p.value for p in Phase]))
    due_rank = Rank[text(need(d, "due_rank", w), "due_rank", w, choices=[r.name for r in Rank])]
    if pile and due_rank is not pile[-1].announced.next():
        raise refuse(w, "due_rank", _("the due rank follows the last play's rank"), "R-L8")
    current = need(d, "current_player", w)
    winner = need(d, "winner", w)
    end_reason = text(need(d, "end_reason", w), "end_reason", w, choices=("went_out", "cap"),
                      none=True)
    empty = [p for p in range(n) if not hands[p]]
    if phase is Phase.OVER:
        if current is not None:
            raise refuse(w, "current_player", _("the round is over: nobody is to move"), "L11")
        if end_reason is None:
            raise refuse(w, "end_reason", _("an ended round says why it ended"), "L11")
        winner = whole(winner, "winner", w, lo=0, hi=n - 1, rule="L11", none=True)
        if end_reason == "cap" and (winner is not None or empty or game.max_plays is None):
            raise refuse(w, "end_reason", _("a round stopped by the cap max_plays has no winner, "
                                            "and everybody holds cards"), "L11")
        if end_reason == "went_out" and empty != [winner]:
            raise refuse(w, "winner", _("the winner is the one player who went out"), "L11, R-L9")
    else:
        if winner is not None or end_reason is not None:
            raise refuse(w, "winner", _("a round in play has no winner yet"), "L11")
        current = whole(current, "current_player", w, lo=0, hi=n - 1, rule="R-L1")
        if not hands[current]:
            raise refuse(w, "current_player", _("the player to move holds cards"), "R-L5, L11")
        under = pile[-1].player if phase is Phase.CALL_WINDOW and pile else None
        if phase is Phase.CALL_WINDOW and (under is None or current == under):
            raise refuse(w, "current_player", _("a call window is open on the last play, and "
                                                "asks another player"), "R-L5")
        if [p for p in empty if p != under]:
            raise refuse(w, "hands", _("a player with no cards has gone out and the round is "
                                       "over; only the player under the call window may be "
                                       "empty"), "L11, R-L9")
    events = []
    for i, e in enumerate(items(need(d, "events", w), "events", w)):
        with reading(f"events[{i}]", w):
            events.append(event_from_dict(e))
    if phase is Phase.OVER and not (events and isinstance(events[-1], RoundOver)):
        raise refuse(w, "events", _("an ended round's log ends with its result"), "L11")
    return dict(seed=seed, dealer=dealer, hands=hands, pile=pile, put_aside=put_aside,
                current_player=current, phase=phase, due_rank=due_rank, plays_made=plays_made,
                history=history, events=events, rng=rng(need(d, "rng", w), "rng", w),
                winner=winner, end_reason=end_reason, own=own)


def _read_play(e: object, field: str, players: int) -> PilePlay:
    w = _SAVE.what
    if not isinstance(e, dict):
        raise refuse(w, field, _("a play is an object with number, player, cards and announced"))
    return PilePlay(whole(need(e, "number", w), field + ".number", w, lo=1),
                    whole(need(e, "player", w), field + ".player", w, lo=0, hi=players - 1,
                          rule="R-L1"),
                    tuple(cards(need(e, "cards", w), field + ".cards", w, count=range(1, 5),
                                rule="R-L4")),
                    Rank[text(need(e, "announced", w), field + ".announced", w,
                              choices=[r.name for r in Rank])])

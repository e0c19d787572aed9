"""Full snapshots of a :class:`~cardgames.thirtyone.state.ThirtyOneState` (JSON-ready dicts).

A snapshot holds everything, hidden cards and the random state included, so
``ThirtyOneGame.state_from_json(s.to_json()) == s`` and play continues identically.
It is for saving and restoring, never for agents (they get views, R-T9).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from cardgames.cards import format_cards
from cardgames.i18n import N_
from cardgames.i18n import gettext as _
from cardgames.saves import (
    MAX_COUNT,
    SavedGame,
    SaveFormat,
    cards,
    check_deck,
    flag,
    items,
    need,
    reading,
    refuse,
    rng,
    text,
    whole,
)
from cardgames.thirtyone.actions import parse_action
from cardgames.thirtyone.events import DealResult, Dealt, event_from_dict, event_to_dict
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.record import ThirtyOneRecord

__all__ = ["FORMAT", "VERSION", "state_to_dict", "state_from_dict", "read_fields"]

#: The ``"format"`` of a snapshot.
FORMAT = "cardgames.thirtyone.state"
#: The version of the snapshot this code writes and reads (1: as in 5b5243e, which wrote
#: no ``"format"`` and no ``"version"``).
VERSION = 1
_SAVE = SaveFormat(FORMAT, N_("Thirty-One save"), version=VERSION, no_version=1)


def state_to_dict(r: ThirtyOneRecord) -> dict[str, Any]:
    """A full snapshot of a state's record (``state.record()``) as a JSON-ready dict."""
    version, internal, gauss = r.rng_state
    g = r.game
    return {
        "format": FORMAT, "version": VERSION,
        "game": {"players": g.players, "chronicler": g.chronicler, "lives": g.lives,
                 "turn_cap": g.turn_cap},
        "seed": r.seed, "first_dealer": r.first_dealer,
        "single_deal": r.single_deal,
        "rng": [version, list(internal), gauss],
        "hands": [format_cards(h) for h in r.hands],
        "table": format_cards(r.table), "undealt": format_cards(r.undealt),
        "lives": list(r.lives), "out": list(r.out), "dealer": r.dealer,
        "deal": r.deal, "phase": r.phase.value, "current": r.current,
        "passed": list(r.passed), "turns": r.turns, "revealer": r.revealer,
        "revealed": [None if h is None else format_cards(h) for h in r.revealed],
        "final": list(r.final), "history": [str(a) for a in r.history],
        "events": [event_to_dict(e) for e in r.events],
        "deal_start": r.deal_start,
        "results": [event_to_dict(e) for e in r.results],
        "winners": None if r.winners is None else list(r.winners),
    }


def state_from_dict(data: object, make_game: Callable[..., G]) -> tuple[G, dict[str, Any]]:
    """The game (made by ``make_game(**options)``) and the state's fields of a snapshot of
    :func:`state_to_dict`: JSON text or the dict, any version up to :data:`VERSION` (a
    snapshot without ``"version"`` was written before versions, by 5b5243e, and is version
    1).  Every field is checked (:func:`read_fields`); a newer version is refused naming it.
    The state class makes the state (so this module imports neither it nor the game).
    """
    def game(options: object) -> G:
        if not isinstance(options, dict):
            raise refuse(_SAVE.what, "game", _("the game's options are an object"))
        return make_game(**options)

    return _SAVE.read(data, game, read_fields)


G = TypeVar("G", bound="Options")


class Options(SavedGame, Protocol):
    """What the reader needs of a game besides its seats and deck."""

    @property
    def lives(self) -> int: ...
    @property
    def turn_cap(self) -> int | None: ...


def read_fields(d: dict[str, Any], game: Options) -> dict[str, Any]:
    """The state's fields from a save's dict, checked against everything a real game can
    hold: the cards are the deck (T2), 3 cards a seat still in (T4), lives (T13, R-T8), whose
    turn it is in which phase (T5, R-T1, R-T6), the deals and their results.  A
    :class:`SaveError` names the field and the rule otherwise."""
    w = _SAVE.what
    n = game.players
    seed = whole(need(d, "seed", w), "seed", w, lo=-MAX_COUNT ** 3, hi=MAX_COUNT ** 3)
    first_dealer = whole(need(d, "first_dealer", w), "first_dealer", w, lo=0, hi=n - 1,
                         rule="R-T1")
    single_deal = flag(need(d, "single_deal", w), "single_deal", w)
    out = [flag(o, f"out[{i}]", w) for i, o in
           enumerate(items(need(d, "out", w), "out", w, length=n, rule="T1"))]
    lives = [whole(v, f"lives[{i}]", w, lo=0, hi=game.lives, rule="T13, R-T8") for i, v in
             enumerate(items(need(d, "lives", w), "lives", w, length=n, rule="T1"))]
    hands = [cards(h, f"hands[{i}]", w, count=(0, 3) if out[i] else (3,), rule="T4")
             for i, h in enumerate(items(need(d, "hands", w), "hands", w, length=n, rule="T1"))]
    table = cards(need(d, "table", w), "table", w, count=(3,), rule="T4")
    undealt = cards(need(d, "undealt", w), "undealt", w)
    check_deck([*(c for h in hands for c in h), *table, *undealt], game.deck(),
               "hands + table + undealt", w, rule="T2")
    phase = Phase(text(need(d, "phase", w), "phase", w, choices=[p.value for p in Phase]))
    over = phase is Phase.OVER
    remaining = [p for p in range(n) if not out[p]]
    if not over and len(remaining) < 2:
        raise refuse(w, "out", _("a game in play has at least 2 players still in"), "R-T8")
    dealer = whole(need(d, "dealer", w), "dealer", w, lo=0, hi=n - 1, rule="R-T1")
    if not over and out[dealer]:
        raise refuse(w, "dealer", _("the dealer is a player still in"), "R-T1")
    results = []
    for i, r in enumerate(items(need(d, "results", w), "results", w,
                                most=n * (game.lives + 1))):
        with reading(f"results[{i}]", w):
            result = event_from_dict(r)
            if not isinstance(result, DealResult):
                raise TypeError("not a deal's result")
        results.append(result)
    deal = whole(need(d, "deal", w), "deal", w, lo=1, hi=n * (game.lives + 1), rule="T13")
    passed = [flag(o, f"passed[{i}]", w) for i, o in
              enumerate(items(need(d, "passed", w), "passed", w, length=n, rule="T1"))]
    # after turn_cap turns the player to move may only reveal, a turn too (R-T10)
    cap = MAX_COUNT if game.turn_cap is None else game.turn_cap + 1
    turns = whole(need(d, "turns", w), "turns", w, lo=0, hi=cap, rule="R-T10")
    current = need(d, "current", w)
    revealer = whole(need(d, "revealer", w), "revealer", w, lo=0, hi=n - 1, rule="R-T6",
                     none=True)
    final = [whole(f, f"final[{i}]", w, lo=0, hi=n - 1, rule="R-T6") for i, f in
             enumerate(items(need(d, "final", w), "final", w, most=n - 1, rule="R-T6"))]
    revealed = [None if h is None else tuple(cards(h, f"revealed[{i}]", w, count=(3,)))
                for i, h in enumerate(items(need(d, "revealed", w), "revealed", w, length=n))]
    winners = need(d, "winners", w)
    for p, h in enumerate(revealed):
        if h is not None and sorted(h) != sorted(hands[p]):
            raise refuse(w, f"revealed[{p}]", _("a revealed hand is the hand the player "
                                                "holds"), "T9, R-T6")
    if over:
        if current is not None:
            raise refuse(w, "current", _("the game is over: nobody is to move"), "R-T8")
        winners = tuple(whole(v, f"winners[{i}]", w, lo=0, hi=n - 1, rule="R-T8") for i, v in
                        enumerate(items(winners, "winners", w, most=n, rule="R-T8")))
        if not winners or not results:
            raise refuse(w, "winners", _("an ended game has its winners and its last deal's "
                                         "result"), "R-T8")
    else:
        if winners is not None:
            raise refuse(w, "winners", _("a game in play has no winners yet"), "R-T8")
        current = whole(current, "current", w, lo=0, hi=n - 1, rule="T5, R-T1")
        if out[current]:
            raise refuse(w, "current", _("the player to move is still in the game"), "T5, R-T8")
        if phase is Phase.EXCHANGE and current != dealer:
            raise refuse(w, "current", _("the dealer keeps or exchanges first"), "T4, R-T1")
        if phase is Phase.FINAL:
            if revealer is None or out[revealer] or revealer in final or not final \
                    or final[0] != current or len(set(final)) != len(final) \
                    or any(out[p] for p in final):
                raise refuse(w, "final", _("after a reveal the other players still in take "
                                           "their final turns, the player to move first"),
                             "T10, R-T6")
        elif revealer is not None or final:
            raise refuse(w, "revealer", _("nobody has revealed before the final turns"),
                         "T9, R-T6")
    if len(results) != (deal if over else deal - 1):
        raise refuse(w, "results", _("one result for each finished deal"), "T13")
    history = []
    for i, a in enumerate(items(need(d, "history", w), "history", w)):
        with reading(f"history[{i}]", w):
            history.append(parse_action(text(a, f"history[{i}]", w)))
    events = []
    for i, e in enumerate(items(need(d, "events", w), "events", w)):
        with reading(f"events[{i}]", w):
            events.append(event_from_dict(e))
    deal_start = whole(need(d, "deal_start", w), "deal_start", w, lo=0,
                       hi=max(len(events) - 1, 0))
    if not events or not isinstance(events[deal_start], Dealt) \
            or events[deal_start].deal != deal:
        raise refuse(w, "deal_start", _("the deal's events begin where it was dealt"), "T4")
    return dict(seed=seed, first_dealer=first_dealer, single_deal=single_deal,
                rng=rng(need(d, "rng", w), "rng", w), hands=hands, table=table,
                undealt=undealt, lives=lives, out=out, dealer=dealer, deal=deal, phase=phase,
                current=current, passed=passed, turns=turns, revealer=revealer,
                revealed=revealed, final=final, history=history, events=events,
                deal_start=deal_start, results=results, winners=winners)

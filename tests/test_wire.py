"""cardgames.wire: what a seat is sent, as JSON and back (issue 21; R-L11, R-T9).

Seeded sessions of both games (1 and 2 Liar decks, with and without Chroniclers,
2-9 Thirty-One seats, lives 0-3) are played by random moves and bots; at every step
every seat's view and every new event goes through dump -> JSON text -> load and
comes back equal.  The hidden cards are derived from the full state (the other
hands, the others' pile cards, the put-aside and undealt cards) and the dump of a
seat's view holds none of them beyond what the seat may know.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardgames.cards import Card, parse_card
from cardgames.errors import CardgamesError, WireError
from cardgames.liar.events import Revealed as LiarRevealed
from cardgames.liar.phase import Phase as LiarPhase
from cardgames.session import Seat, Session
from cardgames.thirtyone import events as t_events
from cardgames.thirtyone.phase import Phase as ThirtyOnePhase
from cardgames.wire import (
    MAX_CARDS,
    MAX_EVENTS,
    dump_event,
    dump_seat_view,
    load_event,
    load_seat_view,
)

_TOKEN = re.compile(r"[\s,;]+")


def _cards_in(data: Any) -> set[Card]:
    """Every card named anywhere in JSON data (any string token that is a card), but the
    game's options (``chroniclers``: which jokers the deck holds, L2, public)."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k != "chroniclers":
                found |= _cards_in(v)
    elif isinstance(data, list):
        for v in data:
            found |= _cards_in(v)
    elif isinstance(data, str):
        for token in _TOKEN.split(data):
            if token and token == token.upper():
                try:
                    found.add(parse_card(token))
                except CardgamesError:
                    pass
    return found


def _liar_secrets(state: Any, seat: int) -> tuple[set[Card], set[Card]]:
    """(what ``seat`` may know, what is hidden from it), from the full Liar state:
    its own hand and plays and the plays turned over in calls (R-L11); the others'
    hands, the others' cards in the pile, the cards put aside."""
    known = set(state.hand(seat))
    for play in state.own_plays(seat):
        known |= set(play.cards)
    for e in state.events:
        if isinstance(e, LiarRevealed):
            known |= set(e.cards)
    hidden = set(state.put_aside)
    for p in range(state.game.players):
        if p != seat:
            hidden |= set(state.hand(p))
    for play in state.pile:
        if play.player != seat:
            hidden |= set(play.cards)
    return known, hidden


def _thirtyone_secrets(state: Any, seat: int) -> tuple[set[Card], set[Card]]:
    """(what ``seat`` may know, what is hidden from it), from the full Thirty-One state:
    its hand, the table and the cards the public log shows (R-T9: swaps, reveals,
    scored hands); the other hands and the undealt cards."""
    known = set(state.hand(seat)) | set(state.table)
    for e in state.events:
        for name in ("to_table", "from_table", "hand", "table"):
            known |= set(getattr(e, name, ()))
    hidden = set(state.undealt)
    for p in range(state.game.players):
        if p != seat:
            hidden |= set(state.hand(p))
    return known, hidden


def _round_trip_view(session: Session, seat: int) -> dict[str, Any]:
    sv = session.view(seat)
    data = dump_seat_view(sv)
    text = json.dumps(data, allow_nan=False)            # plain JSON types only
    back = load_seat_view(json.loads(text))
    assert back == sv
    assert back.view == sv.view and back.legal == sv.legal
    return data


def _check_hidden(session: Session, seat: int, data: dict[str, Any]) -> int:
    """No card hidden from ``seat`` (and not known to it) is in its dump; returns how many
    such cards there were (so that the check had something to find)."""
    secrets = _liar_secrets if session.game == "liar" else _thirtyone_secrets
    known, hidden = secrets(session.state, seat)
    named = _cards_in(data)
    assert named <= known, (session, seat, named - known)
    assert set(session.view(seat).view.hand) <= named          # positive control
    return len(hidden - known)


def _play(session: Session, rng: random.Random, *, steps: int, seen: set[Any],
          events: list[Any]) -> int:
    """Random moves for the people, bots for the bots, next rounds to the match's end;
    every view and every event checked on the way.  Returns the hidden cards checked."""
    checked = 0
    for _step in range(steps):
        for seat in range(len(session.seats)):
            data = _round_trip_view(session, seat)
            checked += _check_hidden(session, seat, data)
        seen.add(session.state.phase)
        if session.over:
            if session.match_over:
                break
            new = session.next_game()
        elif session.seats[session.to_act].kind == "bot":
            new = session.bot_step()
        else:
            action = session.state.legal_actions().sample(rng)
            new = session.act(session.to_act, action, mark=session.mark)
        events.extend(new)
    return checked


def _liar_sessions() -> list[tuple[str, dict[str, Any], int, int]]:
    out = []
    for seed in range(14):
        decks = 1 + seed % 2
        players = 2 + seed % (3 if decks == 1 else 7)
        chroniclers = "both" if seed % 3 else ()
        out.append(("liar", {"decks": decks, "chroniclers": chroniclers, "rounds": 2},
                    players, seed))
    return out


def _thirtyone_sessions() -> list[tuple[str, dict[str, Any], int, int]]:
    return [("thirty-one", {"chronicler": bool(seed % 2), "lives": seed % 4}, 2 + seed % 8,
             seed) for seed in range(14)]


@pytest.mark.parametrize(("game", "options", "players", "seed"),
                         _liar_sessions() + _thirtyone_sessions())
def test_every_view_and_event_round_trips_and_hides_the_others_cards(game, options,
                                                                      players, seed):
    rng = random.Random(seed)
    seats = [Seat.human(f"p{i}") if i % 2 == 0 else Seat.bot("heuristic")
             for i in range(players)]
    session = Session.new(game, seats=seats, seed=seed, options=options)
    seen: set[Any] = set()
    events: list[Any] = list(session.events_since(0)[0])
    checked = _play(session, rng, steps=90 if game == "liar" else 200, seen=seen,
                    events=events)
    assert checked > 0                 # there were hidden cards to leak, and none did
    for e in events:
        data = dump_event(e)
        assert load_event(json.loads(json.dumps(data, allow_nan=False))) == e
        assert data["game"] == game and data["wire"] == 1
        assert type(load_event(data)) is type(e)


def test_every_phase_and_event_class_was_seen():
    """The loops above reach every phase and every event class of both games."""
    phases: set[Any] = set()
    classes: set[str] = set()
    for game, options, players, seed in _liar_sessions() + _thirtyone_sessions():
        rng = random.Random(seed)
        seats = [Seat.human("a")] + [Seat.bot("heuristic")] * (players - 1)
        session = Session.new(game, seats=seats, seed=seed, options=options)
        events: list[Any] = list(session.events_since(0)[0])
        for _ in range(400):
            phases.add(session.state.phase)
            if session.over:
                if session.match_over:
                    break
                events += session.next_game()
            elif session.to_act == 0:
                events += session.act(0, session.state.legal_actions().sample(rng))
            else:
                events += session.bot_step()
        classes |= {f"{game}.{type(e).__name__}" for e in events}
        for e in events:
            assert load_event(dump_event(e)) == e
    assert set(LiarPhase) | set(ThirtyOnePhase) <= phases
    thirtyone = {f"thirty-one.{n}" for n in ("Dealt", "Kept", "Exchanged", "Swapped",
                                             "Passed", "Revealed", "Stood", "Scored",
                                             "LifeLost", "PlayerOut", "DealOver",
                                             "MatchOver")}
    liar = {f"liar.{n}" for n in ("Played", "Passed", "CallMade", "Revealed", "PileTaken",
                                  "WentOut", "RoundOver")}
    assert thirtyone | liar <= classes, (thirtyone | liar) - classes


def test_rare_events_round_trip():
    """Events the random loops may miss, made by hand (R-T7 three Aces, L13 Pale)."""
    from cardgames.cards import parse_cards
    from cardgames.liar.events import PalePenalty

    hand = tuple(parse_cards("AH AB AL"))
    for e in (t_events.ThreeAces(player=2, hand=hand), PalePenalty(player=1, number=3),
              t_events.DealOver(t_events.DealResult(4, 1, None, 2, (None, None, None),
                                                    (0, 1), (1,), (0, 0, 3))),
              t_events.Scored(player=0, hand=hand, score=30.5),
              t_events.Swapped(player=1, to_table=hand[:1], from_table=hand[1:2], final=True)):
        data = json.loads(json.dumps(dump_event(e)))
        assert load_event(data) == e


def test_liar_legal_plays_are_derived_not_sent():
    """A Liar seat's plays (every 1-4 cards of its hand, R-L4) are not on the wire: the
    dump says None and the load derives the same texts, in the engine's order."""
    session = Session.new("liar", seats=[Seat.human("a"), Seat.human("b")], seed=2)
    seat = session.to_act
    sv = session.view(seat)
    data = dump_seat_view(sv)
    assert data["legal"] is None and len(sv.legal) > 100
    assert load_seat_view(data).legal == sv.legal
    assert len(json.dumps(data)) < 4000


def _sample_dumps() -> list[dict[str, Any]]:
    out = []
    for game, options, players in (("liar", {"chroniclers": "both"}, 3),
                                   ("thirty-one", {"chronicler": True}, 3)):
        session = Session.new(game, seats=[Seat.human("a")] * players, seed=5,
                              options=options)
        rng = random.Random(1)
        for _ in range(6):
            session.act(session.to_act, session.state.legal_actions().sample(rng))
        out.append(dump_seat_view(session.view(1)))
    return out


def _paths(data: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*at, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


_HOSTILE = [-1, 10**20, 1.5, float("inf"), "x" * 5000, "ZZ", [], [0] * 100, {}, None,
            True, "7H " * 200, {"type": "Played"}]


@pytest.mark.parametrize("index", range(2))
def test_every_field_replaced_by_hostile_data_is_refused_or_valid(index):
    """Each field replaced by hostile data: a WireError naming a field, or (if the value
    happens to be valid there) a view that dumps back to exactly that data."""
    base = _sample_dumps()[index]
    refused = 0
    for path in _paths(base)[1:]:
        for bad in _HOSTILE:
            data = _set(base, path, bad)
            try:
                back = load_seat_view(data)
            except WireError as e:
                assert e.field, (path, bad)
                refused += 1
                continue
            again = dump_seat_view(back)
            if data["legal"] is None:
                again["legal"] = None
            assert json.loads(json.dumps(again)) == json.loads(json.dumps(data)) or \
                _cards_equal(again, data), (path, bad)
    assert refused > 100


def _cards_equal(a: Any, b: Any) -> bool:
    """The same data up to how the card texts are spelt (``'7h'`` is ``'7H'``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_cards_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_cards_equal, a, b))
    return a == b or (isinstance(a, str) and isinstance(b, str) and a.upper() == b.upper())


def test_malformed_views_name_the_field():
    liar = _sample_dumps()[0]
    cases = {
        "wire": {**liar, "wire": 2},
        "kind": {**liar, "kind": "event"},
        "game": {**liar, "game": "poker"},
        "view.hand": _set(liar, ("view", "hand"), "7H " * (MAX_CARDS + 1)),
        "view.events": _set(liar, ("view", "events"), [{"type": "Passed", "player": 0,
                                                         "number": 1}] * (MAX_EVENTS + 1)),
        "view.events[0].type": _set(liar, ("view", "events", 0), {"type": "__class__"}),
        "mark": {**liar, "mark": -3},
        "seats": {**liar, "seats": [liar["seats"][0]] * 20},
        "seat": {**liar, "seat": 7},
        "secret": {**liar, "secret": "x"},
        "view.player": _set(liar, ("view", "player"), (liar["seat"] + 1) % 3),
        "to_act": {**liar, "to_act": 3},
    }
    for field, data in cases.items():
        with pytest.raises(WireError) as info:
            load_seat_view(data)
        assert info.value.field.startswith(field.split("[")[0].split(".")[0]), (field, info.value)
        assert isinstance(info.value, ValueError)
    for bad in (None, [], "x", 3):
        with pytest.raises(WireError):
            load_seat_view(bad)
        with pytest.raises(WireError):
            load_event(bad)


def test_malformed_events_are_refused():
    good = dump_event(t_events.Swapped(player=1, to_table=(parse_card("7H"),),
                                       from_table=(parse_card("AB"),)))
    assert load_event(good) == t_events.Swapped(1, (parse_card("7H"),), (parse_card("AB"),))
    for data, field in (({**good, "player": "1"}, "event.player"),
                        ({**good, "player": 9}, "event.player"),
                        ({**good, "to_table": ["7H"]}, "event.to_table"),
                        ({**good, "extra": 1}, "event.extra"),
                        ({k: v for k, v in good.items() if k != "from_table"},
                         "event.from_table"),
                        ({**good, "game": "liar"}, "event.type"),
                        ({**good, "final": 1}, "event.final")):
        with pytest.raises(WireError) as info:
            load_event(data)
        assert info.value.field == field, (data, info.value)
    # the default of a field with one (Swapped.final) may be left out
    assert load_event({k: v for k, v in good.items() if k != "final"}).final is False


def test_a_legal_list_that_is_not_the_engines_is_sent_as_it_is():
    import dataclasses

    session = Session.new("liar", seats=[Seat.human("a"), Seat.human("b")], seed=2)
    sv = session.view(session.to_act)
    for legal in (sv.legal[:-1], sv.legal[1:] + sv.legal[:1], ("play 7H",)):
        odd = dataclasses.replace(sv, legal=tuple(legal)[:64])
        data = dump_seat_view(odd)
        assert data["legal"] == list(odd.legal)
        assert load_seat_view(data) == odd


# ---------------------------------------------------------------- one codec: the saves too
_OLD_SAVES = Path(__file__).parent / "data" / "sessions_before_one_codec.json"


def test_sessions_saved_before_the_one_codec_load_and_save_back_the_same_json():
    """tests/data/sessions_before_one_codec.json was written by the code before the saves'
    event codec became cardgames.codec (Liar 1 and 2 decks with Chroniclers, Thirty-One
    over and in play): each loads, plays on, and saves back exactly the JSON it was read
    from; the engine views' to_dict are what they were."""
    saved = json.loads(_OLD_SAVES.read_text(encoding="utf-8"))
    for name in ("liar", "liar-2-decks", "thirty-one", "thirty-one-mid"):
        s = Session.from_json(saved[name])
        assert json.loads(s.to_json()) == json.loads(saved[name]), name
        if not s.over:
            seat = s.to_act
            s.act(seat, s.view(seat).legal[0], mark=s.mark)   # it plays on
            assert Session.from_json(s.to_json()).state == s.state
    for name, views in saved["views"].items():
        state = Session.from_json(saved[name]).state
        assert [json.loads(json.dumps(state.view(p).to_dict())) for p in range(2)] == views


def test_the_saves_codec_round_trips_every_event_and_refuses_hostile_ones():
    from cardgames.codec import event_from_dict, event_to_dict
    from cardgames.liar import events as liar_events

    for game, seats, options in (("liar", 4, {"decks": 2, "chroniclers": "both"}),
                                 ("thirty-one", 3, {"lives": 1})):
        s = Session.new(game, seats=[Seat.remote(f"p{i}") for i in range(seats)], seed=8,
                        options=options)
        rng = random.Random(3)
        for _ in range(300):
            if s.over:
                if s.match_over:
                    break
                s.next_game()
                continue
            s.act(s.to_act, s.view(s.to_act).legal.sample(rng), mark=s.mark)
        events, _mark = s.events_since(0, -1)
        assert len({type(e) for e in events}) >= 5
        for e in events:
            d = json.loads(json.dumps(event_to_dict(e)))
            assert event_from_dict(d, game) == e
            # the game's own names are the same codec
            mod = liar_events if game == "liar" else t_events
            assert mod.event_to_dict(e) == d and mod.event_from_dict(d) == e
            # the wire's form (tagged) is the saves' form plus the tag, but for no cards
            assert load_event(dump_event(e)) == e
    with pytest.raises(WireError) as info:
        liar_events.event_from_dict({"type": "Played", "player": 0, "count": 10**20,
                                     "announced": "SEVEN", "number": 1})
    assert info.value.field == "event.count"
    with pytest.raises(WireError):
        t_events.event_from_dict({"type": "DealResult", "deal": 1})
    with pytest.raises(WireError):
        liar_events.event_from_dict({"type": "Revealed", "player": 0, "number": 1,
                                     "cards": "7H " * 100, "announced": "SEVEN", "true": True})


# ---------------------------------------------------------------- the lazy legal actions
def test_a_liar_seat_views_legal_actions_come_back_lazy_and_equal():
    s = Session.new("liar", seats=[Seat.remote("a"), Seat.remote("b")], seed=4,
                    options={"decks": 2})
    sv = s.view(s.to_act)
    assert sv.legal.engine is not None and sv.legal._texts is None     # nothing listed
    back = load_seat_view(json.loads(json.dumps(dump_seat_view(sv))))
    assert back.legal._texts is None and back.legal.engine is not None
    assert back == sv and len(back.legal) == len(sv.legal) > 1000
    assert back.legal._texts is None and sv.legal._texts is None       # == listed nothing
    assert back.legal[0] == sv.legal[0] and sv.legal[0] in back.legal

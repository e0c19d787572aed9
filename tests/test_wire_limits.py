"""Every bound of the wire comes from the rules (issue 29, finding 1).

Each bound is worked out here by hand from the rules text (docs/rules/en.md) and checked
against a second source, the engine's own games, then against the codec: the largest
legal value loads, one more is refused with a WireError naming the field.  A long Liar
round (one card a play, a call half the time: the issue's repro) stays readable: the
seat's own plays and the round's log come as a window of their last items with their
count, and the window holds everything the rules say the seat must still see (every
own play in the pile, every event since the pile was last taken).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from testkit import benchmark_module

from cardgames import codec, limits, registry, wire
from cardgames.cards import Chronicler
from cardgames.errors import ConfigError, WireError
from cardgames.liar import LiarGame
from cardgames.liar.events import PileTaken
from cardgames.session import Seat, Session
from cardgames.thirtyone import ThirtyOneGame

long_rounds = benchmark_module("_long_rounds")

# ------------------------------------------------------------------ by hand, from the rules
#: T1: Thirty-One 2-9 players; R-L2: Liar two decks 2-8.
SEATS, LIAR_SEATS = 9, 8
#: R-L2: two decks of 32 (4 suits x 8 ranks, "The deck") and 4 Chroniclers = 64 + 4.
LIAR_CARDS = 2 * 4 * 8 + 4
#: T2: the 32-card deck and 1 Chronicler.
THIRTY_ONE_CARDS = 4 * 8 + 1
#: The window of a round's log: each play in the pile (at most every card, R-L4 one card
#: at least) brings Played and a Passed of each of the other 7 seats (R-L5): 68 x 8; the
#: call that ends it 3 (CallMade, Revealed, PileTaken, L9), the end 2 (WentOut, RoundOver).
EVENTS = 68 * (1 + 7) + 3 + 2
#: R-T8 / the registry: lives 0-9 at a table; T11: three Aces 33.
LIVES, SCORE = 9, 33.0


def test_each_bound_is_the_rules_arithmetic():
    lim = limits.LIMITS
    assert (lim.seats, lim.liar_seats) == (SEATS, LIAR_SEATS) == (9, 8)
    assert (lim.cards, lim.liar_cards) == (LIAR_CARDS, LIAR_CARDS) == (68, 68)
    assert lim.events == EVENTS == 549
    assert lim.plays == LIAR_CARDS
    assert (lim.lives, lim.score, lim.decks) == (LIVES, SCORE, 2)
    assert (wire.MAX_CARDS, wire.MAX_SEATS, wire.MAX_EVENTS, wire.MAX_PLAYS) == (68, 9, 549, 68)
    assert (codec.MAX_CARDS, codec.MAX_SEATS, codec.MAX_EVENTS) == (68, 9, 549)
    # a Thirty-One deal's last turns fit the same window: 9 seats' last two turns, the
    # reveal and 8 final turns of 2 events, the end (ThreeAces, 9 Scored, 9 lives,
    # DealOver, MatchOver), the opening (Dealt, Kept)
    assert 2 * 9 + (1 + 2 * 8) + (1 + 9 + 9 + 1 + 1) + 2 <= lim.events


def test_the_bounds_agree_with_the_engine_and_the_registry():
    """The second method: the engine's own decks and player checks, the registry."""
    assert len(LiarGame(players=2, decks=2, chroniclers="both").deck()) == LIAR_CARDS
    assert len(ThirtyOneGame(players=2, chronicler=True).deck()) == THIRTY_ONE_CARDS
    assert LiarGame(players=2, decks=2).chroniclers == ()
    assert set(limits.LIAR_CHRONICLERS) == {Chronicler.COLORFUL, Chronicler.PALE}
    for game, most, extra in (("liar", LIAR_SEATS, {"decks": 2}), ("thirty-one", SEATS, {})):
        info = registry.get(game)
        assert max(hi for _lo, hi in info.players.values()) == most
        info.make_game(players=most, **extra)
        with pytest.raises(ConfigError):
            info.make_game(players=most + 1, **extra)
    assert registry.get("thirty-one").lives == (0, LIVES)
    with pytest.raises(ConfigError):
        registry.get("thirty-one").make_table_game(players=2, lives=LIVES + 1)


def _liar_dump(**view: Any) -> dict[str, Any]:
    s = Session.new("liar", seats=[Seat.remote("a"), Seat.remote("b")], seed=3)
    data = wire.dump_seat_view(s.view(0))
    data["view"].update(view)
    return data


def _thirty_one_dump() -> dict[str, Any]:
    s = Session.new("thirty-one", seats=[Seat.remote("a"), Seat.remote("b")], seed=3)
    return wire.dump_seat_view(s.view(0))


@pytest.mark.parametrize("field, most, item", [
    ("hand", LIAR_CARDS, "7H"),
    ("hand_sizes", SEATS, 1),
    ("events", EVENTS, {"type": "Passed", "player": 0, "number": 1}),
    ("my_plays", LIAR_CARDS, {"number": 1, "announced": "SEVEN", "cards": "7H", "in_pile": False}),
    ("pile", LIAR_CARDS, {"number": 1, "player": 1, "count": 1, "announced": "SEVEN",
                          "cards": None}),
])
def test_the_codec_takes_the_most_and_refuses_one_more(field, most, item):
    def with_n(n: int) -> dict[str, Any]:
        value: Any = " ".join([item] * n) if isinstance(item, str) else [item] * n
        return _liar_dump(**{field: value})
    with pytest.raises(WireError) as info:
        wire.load_seat_view(with_n(most + 1))
    assert info.value.field.startswith(f"view.{field}"), info.value
    try:                               # the most is not refused for its length
        wire.load_seat_view(with_n(most))
    except WireError as e:
        assert f"at most {most}" not in str(e), e


@pytest.mark.parametrize("field, top", [("pile_size", LIAR_CARDS),
                                        ("put_aside_count", LIAR_CARDS),
                                        ("dealer", SEATS - 1)])
def test_numbers_are_bounded_by_the_rules(field, top):
    with pytest.raises(WireError) as info:
        wire.load_seat_view(_liar_dump(**{field: top + 1}))
    assert info.value.field == f"view.{field}"
    assert str(top) in str(info.value)


def test_lives_and_scores_on_the_wire():
    data = _thirty_one_dump()
    data["view"]["lives"] = [LIVES + 1, 3]
    with pytest.raises(WireError, match="0-9"):
        wire.load_seat_view(data)
    with pytest.raises(WireError, match="0-33"):
        codec.event_from_dict({"type": "Scored", "player": 0, "hand": "AH AB AL",
                               "score": SCORE + 0.5}, "thirty-one")
    # the saves keep what the engine allows (R-T8: any number of lives)
    assert codec.event_from_dict({"type": "LifeLost", "player": 1, "lives": 40,
                                  "reason": "T13"}, "thirty-one").lives == 40


# ------------------------------------------------------------------ the long round
def _check_window(s: Session, seat: int) -> wire.SeatView:
    """seat's view through the wire (JSON text): the window holds every own play still in
    the pile and every event since the pile was last taken; the counts are the truth."""
    sv = s.view(seat)
    back = wire.load_seat_view(json.loads(json.dumps(wire.dump_seat_view(sv))))
    v, w = sv.view, back.view
    assert back.total("view.my_plays") == len(v.my_plays)
    assert back.total("view.events") == len(v.events)
    assert w.my_plays == v.my_plays[-len(w.my_plays):] and len(w.my_plays) <= LIAR_CARDS
    assert w.events == v.events[-len(w.events):] and len(w.events) <= EVENTS
    in_pile = {r.number for r in v.pile if r.player == seat}
    assert in_pile <= {p.number for p in w.my_plays}
    taken = [i for i, e in enumerate(v.events) if isinstance(e, PileTaken)]
    since = len(v.events) - (taken[-1] if taken else 0)
    assert len(w.events) >= min(since, len(v.events))
    assert (w.pile, w.hand, w.claim) == (v.pile, v.hand, v.claim)
    return back


def test_the_issue_repro_a_seats_69th_play_loads():
    """Fails on 937bc5c: after 273 actions seat 1 has 69 plays and loading its view
    raised WireError 'at most 68 items, not 69'."""
    seen: dict[str, int] = {}

    def each(s: Session, n: int) -> None:
        for seat in (0, 1):
            back = _check_window(s, seat)
            if back.total("view.my_plays") > LIAR_CARDS and "windowed" not in seen:
                seen["windowed"] = n
                assert dict(back.windows)["view.my_plays"] == LIAR_CARDS + 1
                assert len(back.view.my_plays) == LIAR_CARDS
    s = long_rounds.one_card_round(1, each=each)
    assert seen["windowed"] == 273
    assert s.over


def test_a_long_two_deck_round_with_eight_seats():
    longest: list[int] = [0]

    def each(s: Session, n: int) -> None:
        if n % 7 == 0 or s.over:
            back = _check_window(s, n % 8)
            longest[0] = max(longest[0], back.total("view.events"))
    long_rounds.one_card_round(4, seats=8, call_rate=0.3, options={"decks": 2,
                                                                   "chroniclers": "both"},
                               each=each)
    assert longest[0] > EVENTS          # the window was used


def test_old_frames_without_windows_load_and_bad_windows_are_refused():
    data = _liar_dump()
    assert "windows" not in data
    wire.load_seat_view(data)
    for bad in ({"view.hand": 3}, {"view.events": -1}, {"view.events": True}, [],
                {"view.events": 2**60}):
        with pytest.raises(WireError) as info:
            wire.load_seat_view({**data, "windows": bad})
        assert info.value.field.startswith("windows")
    n = len(data["view"]["events"])
    with pytest.raises(WireError):          # fewer than the items sent
        wire.load_seat_view({**data, "windows": {"view.events": n - 1}})


def test_a_long_thirty_one_deal_is_windowed():
    s = Session.new("thirty-one", seats=[Seat.remote(f"p{i}") for i in range(3)], seed=2)
    agent, rng = long_rounds.OneCardAgent(), random.Random(2)
    while len(s.view(0).view.events) <= EVENTS + 10:
        sv = s.view(s.to_act)
        s.act(s.to_act, agent.act(sv.view, sv.legal, rng), mark=s.mark)
    back = wire.load_seat_view(json.loads(json.dumps(wire.dump_seat_view(s.view(0)))))
    assert len(back.view.events) == EVENTS
    assert back.total("view.events") == len(s.view(0).view.events)
    assert back.view.events == s.view(0).view.events[-EVENTS:]
    # a view from the wire goes back on the wire with its counts
    again = wire.load_seat_view(wire.dump_seat_view(back))
    assert again == back

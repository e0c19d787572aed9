"""The table service (classroom.tables.service) with a fake clock: seats, start, bots,
takeovers of away seats and their note, stale and out-of-turn actions, the next game,
the teacher's summary and replay (issue 21, items 1-3, 5 on the service side)."""

from __future__ import annotations

import json

import pytest
from tables_kit import Clock, Inbox, cards_in, play_students, service

from cardgames.errors import ConfigError, IllegalActionError, StaleActionError
from classroom.tables import BadSecret, GameOver, NotStarted, SeatHeld, TableFull, UnknownTable
from classroom.tables.service import CODE_ALPHABET


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def svc(tmp_path, clock):
    s = service(tmp_path, clock)
    yield s
    s.close()


def liar(svc, joined=("Ana", "Ivo"), seats=4, **options):
    t = svc.create_table(game="liar", seats=seats, options=options)
    keys = dict(svc.join(t.code, name) for name in joined)
    return t.code, keys


def test_codes_are_six_readable_characters(svc):
    codes = {svc.create_table(game="liar", seats=2).code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
        assert not set(code) & set("0O1IL")


def test_options_are_checked_by_the_engine(svc):
    with pytest.raises(ConfigError):                  # R-L2: one deck, 2-4 players
        svc.create_table(game="liar", seats=5)
    svc.create_table(game="liar", seats=5, options={"decks": 2})
    with pytest.raises(ConfigError, match="R-T8"):    # lives 0-9 at a table
        svc.create_table(game="thirty-one", seats=3, options={"lives": 12})
    with pytest.raises(ConfigError, match="colour"):
        svc.create_table(game="thirty-one", seats=3, options={"colour": "red"})
    with pytest.raises(ConfigError, match="chess"):
        svc.create_table(game="chess", seats=3)
    with pytest.raises(ConfigError):                  # T1: 2-9 players
        svc.create_table(game="thirty-one", seats=10)
    assert len(svc.tables()) == 1                      # nothing made by a refusal


def test_join_gives_free_seats_with_their_own_secrets(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo", "Eva"))
    assert sorted(keys) == [0, 1, 2]
    assert len(set(keys.values())) == 3 and all(len(k) >= 32 for k in keys.values())
    assert svc.check_seat(code, 1, keys[1])
    assert not svc.check_seat(code, 1, keys[0])        # another seat's secret
    assert not svc.check_seat(code, 3, keys[0])        # a free seat has no secret
    assert not svc.check_seat(code, 1, keys[1] + "x")
    assert not svc.check_seat("ZZZZZZ", 1, keys[1])
    with pytest.raises(SeatHeld):                     # a claimed seat is never handed out
        svc.join(code, "Mallory", seat=1)
    with pytest.raises(UnknownTable):
        svc.join("ZZZZZZ", "Ana")
    # the store holds only the hash of a secret
    rows = svc.store._conn().execute("SELECT secret_hash FROM seats").fetchall()
    assert rows and all(keys[1] not in r[0] for r in rows) and all(len(r[0]) == 64 for r in rows)


def test_a_full_table_starts_by_itself_and_refuses_more(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo", "Eva", "Max"))
    assert svc.tables()[0].status == "playing"
    assert [p["kind"] for p in svc.tables()[0].players] == ["student"] * 4
    with pytest.raises(TableFull):
        svc.join(code, "Late")


def test_start_fills_the_empty_seats_with_bots_who_play_until_a_student_is_to_act(svc):
    code, keys = liar(svc)
    with pytest.raises(NotStarted):
        svc.act(code, 0, keys[0], "call", 0)
    svc.start(code)
    s = svc._tables[code].session
    assert [seat.kind for seat in s.seats] == ["remote", "remote", "bot", "bot"]
    assert s.to_act in (0, 1)
    kinds = [e.kind for e in svc.store.log(code)]
    assert kinds[0] == "start" and set(kinds[1:]) <= {"bot"}
    assert len(kinds) - 1 == s.mark                    # each bot move logged
    with pytest.raises(TableFull):                    # started: no free seat left
        svc.join(code, "Late")


def test_acting_for_another_seat_or_out_of_turn_changes_nothing(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2)
    s = svc._tables[code].session
    seat = s.to_act
    other = 1 - seat
    legal = s.view(seat).legal[0]
    log = len(svc.store.log(code))
    with pytest.raises(BadSecret):                    # the right seat, the other's secret
        svc.act(code, seat, keys[other], legal, s.mark)
    with pytest.raises(IllegalActionError, match="R-L5"):   # out of turn
        svc.act(code, other, keys[other], legal, s.mark)
    with pytest.raises(IllegalActionError):           # not legal: a card the seat lacks
        svc.act(code, seat, keys[seat], "play " + next(
            c for c in "7H 8H 9H 10H UH OH KH AH 7B 8B".split()
            if c not in s.view(seat).view.to_dict()["hand"].split()), s.mark)
    assert len(svc.store.log(code)) == log and s.mark == 0
    mark = svc.act(code, seat, keys[seat], legal, 0)
    assert mark == 1
    with pytest.raises(StaleActionError):             # the same action again, old mark
        svc.act(code, seat, keys[seat], legal, 0)
    assert len(svc.store.log(code)) == log + 1


def test_a_disconnected_seat_is_played_by_the_bot_after_the_grace(svc, clock):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2)
    s = svc._tables[code].session
    seat = s.to_act
    other = Inbox()
    svc.subscribe(code, 1 - seat, other)           # only the other student is here
    clock.t += 9.9
    assert svc.tick() == 0 and s.mark == 0
    clock.t += 0.1                                 # 10 s since the seat was last here
    assert svc.tick() == 1
    assert s.mark == 1
    entry = svc.store.log(code)[-1]
    assert (entry.kind, entry.seat, entry.mark) == ("takeover", seat, 0)
    note = {"mark": 0, "kind": "bot-played", "seat": seat, "name": keys and
            ("Ana" if seat == 0 else "Ivo")}
    assert note in other.last["notes"]
    assert other.last["seats"][seat]["played_by_bot"] is True
    assert other.last["seats"][seat]["connected"] is False
    assert svc.tables()[0].players[seat]["played_by_bot"] is True


def test_the_grace_of_a_seat_not_connected_yet_counts_from_the_start(svc, clock):
    code, keys = liar(svc, joined=("Ana",), seats=2)
    clock.t += 300                                 # Ana joined long ago; her page loads
    svc.start(code)
    s = svc._tables[code].session
    assert s.to_act == 0                           # the bot (seat 1) has played, if first
    clock.t += 9
    assert svc.tick() == 0
    clock.t += 1
    assert svc.tick() == 1


def test_a_connected_seat_idle_for_60_s_is_played_by_the_bot_one_move(svc, clock):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2)
    s = svc._tables[code].session
    seat = s.to_act
    inboxes = {i: Inbox() for i in (0, 1)}
    for i, box in inboxes.items():
        svc.subscribe(code, i, box)
    clock.t += 59
    assert svc.tick() == 0
    clock.t += 1
    assert svc.tick() == 1 and s.mark == 1          # ONE move
    assert svc.tick() == 0                          # the next seat has its own 60 s
    assert inboxes[seat].last["notes"][-1]["seat"] == seat
    # the student comes back and acts: no longer played by the bot
    now = s.to_act
    if now == seat:
        svc.act(code, seat, keys[seat], s.view(seat).legal[0], s.mark)
        assert svc.tables()[0].players[seat]["played_by_bot"] is False


def test_a_reconnection_within_the_grace_keeps_the_seat_the_students(svc, clock):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2)
    s = svc._tables[code].session
    seat = s.to_act
    box = Inbox()
    svc.subscribe(code, seat, box)
    clock.t += 5
    svc.unsubscribe(code, seat, box)
    clock.t += 8                                   # 8 s away: within the grace
    assert svc.tick() == 0
    svc.subscribe(code, seat, box)                 # a reload
    clock.t += 30
    assert svc.tick() == 0 and s.mark == 0


def test_the_next_game_first_request_wins(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2, rounds=2)
    s = svc._tables[code].session
    with pytest.raises(IllegalActionError, match="L11"):   # not over yet
        svc.next_game(code, 0, keys[0], s.mark)
    play_students(svc, code, keys, moves=10_000, next_games=False)
    assert s.over and svc.tables()[0].status == "over"
    mark = s.mark
    assert svc.next_game(code, 1, keys[1], mark) == mark + 1
    with pytest.raises(StaleActionError):
        svc.next_game(code, 0, keys[0], mark)      # the second request: stale
    assert s.view(0).round == 2 and svc.tables()[0].status == "playing"
    assert [e.kind for e in svc.store.log(code)].count("next") == 1


def test_a_finished_match_refuses_joining(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo"), seats=2, rounds=1)
    play_students(svc, code, keys, moves=10_000)
    assert svc._tables[code].session.match_over
    with pytest.raises(GameOver):
        svc.join(code, "Late")


def test_the_teachers_summary_counts_what_is_public(svc):
    code, keys = liar(svc)
    t = svc.tables()[0]
    assert (t.status, t.seats_free, t.to_act, t.pile_size) == ("waiting", 2, None, None)
    svc.start(code)
    play_students(svc, code, keys, moves=12, next_games=False)
    t = svc.tables()[0].to_dict()
    s = svc._tables[code].session
    aside = s.view(0).view.to_dict()["put_aside_count"]
    # one deck of 32 cards, no Chroniclers (L2): in the hands, the pile or put aside
    assert sum(t["hand_sizes"]) + t["pile_size"] + aside == 32
    assert t["to_act"] == s.to_act and t["mark"] == s.mark
    assert [p["name"] for p in t["players"]] == ["Ana", "Ivo", "Bot 3", "Bot 4"]
    assert not cards_in(json.dumps(t["players"]))
    json.dumps(t)                                  # JSON for the teacher's page


def test_updates_hold_only_the_seats_own_cards_and_the_replay_every_hand(svc):
    code, keys = liar(svc, joined=("Ana", "Ivo", "Eva", "Max"))
    boxes = {i: Inbox() for i in range(4)}
    for i, box in boxes.items():
        svc.subscribe(code, i, box)
    frames = [f.to_dict() for f in svc.replay(code)]
    hands = [set(h.split()) for h in frames[0]["hands"]]
    assert sum(len(h) for h in hands) == 32 and len(set().union(*hands)) == 32
    for i, box in boxes.items():
        first = box.last
        assert first["view"]["view"]["hand"].split() and set(
            first["view"]["view"]["hand"].split()) == hands[i]
        others = set().union(*(hands[j] for j in range(4) if j != i))
        assert not cards_in(json.dumps(first)) & others       # nothing of another's hand
    # the replay is the teacher's: every frame has every hand and each seat's view
    play_students(svc, code, keys, moves=20, next_games=False)
    frames = [f.to_dict() for f in svc.replay(code)]
    assert len(frames) == svc._tables[code].session.mark + 1
    last = frames[-1]
    assert [v["hand"] for v in last["views"]] == last["hands"]
    assert last["hands"] == [svc._tables[code].session.view(i).view.to_dict()["hand"]
                             for i in range(4)]


def test_a_bad_name_is_refused(svc):
    code, _keys = liar(svc, joined=())
    for name in ("", "   ", "x" * 25, "a\nb", None):
        with pytest.raises(ValueError):
            svc.join(code, name)
    assert svc.tables()[0].seats_free == 4

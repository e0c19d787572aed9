"""What an online table says and offers (issue 21 QA, the walk-through at a table of four):

1. whose move it is: another student ("Waiting for Player 3 (Marko) to play."), a bot
   ("... is playing"), never the local app's "press Next bot move" (no such button online);
2. the next game's button only once the game is over, and a click before is refused in
   Python (a disabled button can be clicked from a browser);
3. one naming of the seats (cardgames.naming's "Player 2 (Ana)") on the seat line, the
   table and the log;
4. the page without a table links to the join page.
The expected texts are written by hand from the msgids (English) and the catalogs.
"""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

from test_remote_updates import WireSeat

from cardgames.i18n import language
from cardgames.session import Seat, Session
from widgets.tables.liar_table import LiarTable
from widgets.tables.online import OnlineTable, join_page_url, online_table
from widgets.tables.thirtyone_table import ThirtyOneTable

LOCAL_HINT = "Next bot move"


def _liar() -> tuple[Session, WireSeat, LiarTable]:
    seats = [Seat.remote("Ana"), Seat.remote("Marko"), Seat.bot("heuristic"), Seat.remote("Bo")]
    s = Session.new("liar", seats=seats, seed=11, options={"rounds": 1})
    wire = WireSeat(s, 0)
    return s, wire, LiarTable.for_session(wire)


def _step(s: Session, wire: WireSeat, rng: random.Random) -> None:
    assert wire.session is s
    wire.random_move(rng)


def test_the_online_liar_table_says_whom_it_waits_for(live_widgets):
    s, wire, table = _liar()
    rng = random.Random(2)
    expect = {1: "Player 1 (Marko)", 3: "Player 3 (Bo)"}
    seen = set()
    for _ in range(200):
        if s.over:
            break
        status = table.status.value
        assert LOCAL_HINT not in status and "Let the bots play" not in status
        seat = s.to_act
        if seat in expect:
            phase_play = "put down" in status or s.view(0).view.phase.name == "PLAY"
            want = (f"Waiting for {expect[seat]} to play." if phase_play else
                    f"Waiting for {expect[seat]} to call or let it stand.")
            assert want in status, status
            seen.add(seat)
        elif seat == 2:
            assert "Player 2 (heuristic bot) is playing" in status, status
            seen.add(seat)
        _step(s, wire, rng)
    assert seen == {1, 2, 3}
    # the seats' list names them as the log does
    shown = re.sub(r"<[^>]+>", "", table.seats.value)
    assert "Player 1 (Marko)" in shown and "Player 2 (heuristic bot)" in shown
    table.close()


def test_the_croatian_online_liar_table_waits_in_croatian(live_widgets):
    with language("hr"):
        s, wire, table = _liar()
        rng = random.Random(3)
        for _ in range(200):
            if s.to_act == 1 and s.view(0).view.phase.name == "PLAY":
                break
            _step(s, wire, rng)
        assert "Čekamo da Igrač 1 (Marko) odigra." in table.status.value
        table.close()


def test_the_local_liar_table_keeps_its_bot_buttons_words(live_widgets):
    table = LiarTable(seed=14, autoplay=False)
    assert table.session.to_act != table.seat       # seat 0 leads only after the dealer
    assert LOCAL_HINT in table.status.value
    table.close()


def _thirty_one() -> tuple[Session, WireSeat, ThirtyOneTable]:
    seats = [Seat.remote("Ana"), Seat.bot("heuristic"), Seat.remote("Marko")]
    s = Session.new("thirty-one", seats=seats, seed=4, options={"lives": 1})
    wire = WireSeat(s, 0)
    return s, wire, ThirtyOneTable.for_session(wire)


def test_thirty_one_online_prompt_names_and_next_game_button(live_widgets):
    s, wire, table = _thirty_one()
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        if s.over:
            break
        while "The deal is over" in table.prompt.value:     # a deal's result on show
            assert table.next_deal()
        prompt = table.prompt.value
        assert LOCAL_HINT not in prompt
        # 2. game 1 is being played: no next game; a click from the browser is refused
        assert table.new_match_button.disabled
        assert table.new_match_button.layout.display == "none"
        if s.to_act == 2:
            assert "Waiting for Player 2 (Marko) to play." in prompt, prompt
            seen.add(2)
        elif s.to_act == 1:
            assert "Player 1 (heuristic bot) is playing" in prompt, prompt
            seen.add(1)
        if not seen or len(seen) == 1 and s.to_act != 0:
            match = s.view(0).match
            table.new_match_button.click()
            assert s.view(0).match == match and not s.over
            assert "still being played" in table.message.value
        _step(s, wire, rng)
    assert seen == {1, 2}
    # 3. the table names the seats as the log does
    opp = table.opponents.value
    assert "(heuristic bot)" in opp and "(Marko)" in opp and "(bot)" not in opp
    assert s.over
    while table.next_deal():
        pass
    assert not table.new_match_button.disabled
    match = s.view(0).match
    table.new_match_button.click()
    assert s.view(0).match == match + 1
    table.close()


def test_the_seat_line_uses_the_tables_naming(live_widgets):
    players = [SimpleNamespace(kind="remote", name="Ana", connected=True, played_by_bot=False),
               SimpleNamespace(kind="bot", name="Bot 2", connected=True, played_by_bot=False),
               SimpleNamespace(kind="remote", name="Marko", connected=False, played_by_bot=True)]
    seats = [Seat.remote("Ana"), Seat.bot("heuristic", "Bot 2"), Seat.remote("Marko")]
    line = OnlineTable._players_html(SimpleNamespace(players=players, seats=seats), 0)
    assert "Player 0 (Ana)</b>" in line and "(you)" in line
    assert "Player 1 (heuristic bot)</b>" in line
    assert "Player 2 (Marko)</b>" in line and "away: the bot plays" in line
    assert "Bot 2" not in line


def test_the_page_without_a_table_links_the_join_page(live_widgets):
    page = online_table({})
    assert "href='../../tables/join'" in page.players.value
    assert "Open the join page" in page.players.value
    page.close()
    hub = online_table({}, url="wss://hub.example/services/cardgames-tables/tables/ws")
    assert "href='/services/cardgames-tables/tables/join'" in hub.players.value
    hub.close()
    assert join_page_url("ws://127.0.0.1:8866/tables/ws") == "/tables/join"

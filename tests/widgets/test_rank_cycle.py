"""widgets.explainers.rank_cycle: the rank each seat announces (L4, L6, L8), and the explainer widget."""

import re

import pytest

from cardgames.cards import Rank
from widgets.explainers.rank_cycle import (RankCycleExplainer, announced_rank, cycle_table,
                                next_announcements, ranks_of_seat, seat_on_turn)


def test_first_play_announces_sevens_then_the_cycle():
    assert announced_rank(1) is Rank.SEVEN                      # L6
    assert [announced_rank(t) for t in range(1, 10)] == [*Rank, Rank.SEVEN]  # L4, L8


def test_seats_take_turns_in_order_from_the_start():
    assert [seat_on_turn(t, players=3, start=2) for t in range(1, 7)] == [2, 0, 1, 2, 0, 1]


def test_table_has_one_rank_per_turn_in_the_right_seat():
    table = cycle_table(players=3, start=1, turns=9)
    assert len(table) == 3 and all(len(row) == 9 for row in table)
    for t in range(9):
        column = [row[t] for row in table]
        assert sum(r is not None for r in column) == 1
    assert table[1][0] is Rank.SEVEN and table[2][1] is Rank.EIGHT and table[0][2] is Rank.NINE


@pytest.mark.parametrize("players,expected", [(2, 4), (3, 8), (4, 2), (5, 8), (6, 4), (8, 1)])
def test_a_seat_meets_8_over_gcd_ranks(players, expected):
    for seat in range(players):
        ranks = ranks_of_seat(seat, players=players, start=0)
        assert len(ranks) == len(set(ranks)) == expected


def test_eight_players_seat_always_announces_the_same_rank():
    assert ranks_of_seat(3, players=8, start=0) == [Rank.TEN]


def test_next_announcements():
    nxt = next_announcements(2, players=3, start=0)
    assert nxt == [(0, 4, Rank.TEN), (1, 2, Rank.EIGHT), (2, 3, Rank.NINE)]


@pytest.mark.parametrize("kwargs", [dict(players=1, start=0), dict(players=9, start=0),
                                    dict(players=3, start=3), dict(players=3, start=-1)])
def test_bad_configuration_is_refused_citing_the_rule(kwargs):
    with pytest.raises(ValueError):
        cycle_table(turns=8, **kwargs)
    with pytest.raises(ValueError, match="from 1"):
        announced_rank(0)


def _cells(table_html: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", table_html)
    return [re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r) for r in rows]


def test_explainer_next_button_changes_the_view(live_widgets):
    e = RankCycleExplainer(players=3, start=1)
    assert "seat <b>1</b>" in e.summary.value and "sevens" in e.summary.value
    e.next_button.click()
    assert e.state == (3, 1, 2)
    assert e.turn.value == 2
    assert "seat <b>2</b>" in e.summary.value and "eights" in e.summary.value
    e.prev_button.click()
    e.prev_button.click()          # cannot go below turn 1
    assert e.state == (3, 1, 1)


def test_explainer_table_matches_cycle_table(live_widgets):
    e = RankCycleExplainer(players=4, start=2, turns=12)
    cells = _cells(e.table.value)
    assert cells[0][0] == "Turn" and cells[0][1:] == [str(t) for t in range(1, 13)]
    table = cycle_table(players=4, start=2, turns=12)
    for seat, row in enumerate(table):
        assert cells[seat + 1][0] == f"Seat {seat}"
        assert cells[seat + 1][1:] == [r.symbol if r is not None else "" for r in row]
    assert "only 2 of the 8 ranks" in e.seats.value


def test_changing_players_keeps_a_valid_start(live_widgets):
    e = RankCycleExplainer(players=5, start=4)
    e.players.value = 3
    assert e.state[:2] == (3, 2) and e.start.value == 2
    assert list(e.start.options) == [0, 1, 2]
    e.players.value = 6
    assert e.state[:2] == (6, 2)
    assert len(_cells(e.table.value)) == 7


def test_explainer_refuses_values_outside_its_own_limits(live_widgets):
    e = RankCycleExplainer(players=4, turns=16)
    # the browser can set the slider's max and then a value beyond it
    e.turn.max = 1000
    e.turn.value = 500
    assert e.state[2] == 1 and e.turn.value == 1
    e.players.max = 50
    e.players.value = 40
    assert e.state[0] == 4 and e.players.value == 4
    e.go(99)
    assert e.state[2] == 16


def test_explainer_close(live_widgets):
    e = RankCycleExplainer()
    e.close()
    assert live_widgets() == set()

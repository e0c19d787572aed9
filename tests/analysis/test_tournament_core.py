"""Tournament machinery on a toy game of the shared protocol (independent of the engines):
seeds, seat rotation, chunking, executors, the summary."""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

sys.path.insert(0, os.path.dirname(__file__))
from toygame import GreedyAgent, RaceGame  # noqa: E402

from cardgames import ConfigError  # noqa: E402
from cardgames.agents import RandomAgent  # noqa: E402
from cardgames.analysis.tournament import game_seed, summarize, tournament  # noqa: E402
from cardgames.play import play_game  # noqa: E402

LINEUP = [GreedyAgent(), "random", RandomAgent()]


def run(**kw):
    kw.setdefault("games", 300)
    kw.setdefault("seed", 4)
    kw.setdefault("progress", False)
    return tournament(RaceGame(players=3), LINEUP, **kw)


def test_rows_columns_and_labels():
    df = run()
    assert len(df) == 300 and list(df["game"]) == list(range(300))
    assert {"seed", "decisions", "winner", "winner_seat", "agent_0", "place_2",
            "points_1"} <= set(df.columns)
    assert set(df["agent_0"].astype(str)) == {"greedy", "random#1", "random#2"}
    assert df.attrs["seed"] == 4 and df.attrs["agents"] == ["greedy", "random#1", "random#2"]


def test_rows_replay_with_play_game():
    df = run(games=10)
    for row in df.itertuples():
        assert row.seed == game_seed(4, row.game)
        order = [getattr(row, f"agent_{s}") for s in range(3)]
        agents = [GreedyAgent() if a == "greedy" else RandomAgent() for a in order]
        rec = play_game(RaceGame(players=3), agents, seed=row.seed)
        assert rec.decisions == row.decisions
        assert rec.outcome.places == tuple(getattr(row, f"place_{s}") for s in range(3))


def test_rotation_seats_everyone_everywhere():
    df = run(games=300)
    for s in range(3):
        counts = df[f"agent_{s}"].value_counts()
        assert set(counts) == {100}
    fixed = run(games=30, rotate_seats=False)
    assert set(fixed["agent_0"].astype(str)) == {"greedy"}


def test_same_seed_same_frame_any_chunking_and_executor():
    base = run()
    pd.testing.assert_frame_equal(base, run(chunk_size=7))
    with ThreadPoolExecutor(3) as ex:
        pd.testing.assert_frame_equal(base, run(executor=ex, chunk_size=50))
    with ProcessPoolExecutor(2) as ex:
        pd.testing.assert_frame_equal(base, run(executor=ex, chunk_size=40))
    assert not run(seed=5).equals(base)


def test_default_pool_for_large_runs(monkeypatch):
    import cardgames.analysis.tournament as t

    used = []
    import concurrent.futures as cf

    class Spy(cf.ProcessPoolExecutor):
        def __init__(self, *a, **k):
            used.append(k.get("max_workers"))
            super().__init__(*a, **k)

    monkeypatch.setattr(cf, "ProcessPoolExecutor", Spy)
    monkeypatch.setattr(t, "PARALLEL_THRESHOLD", 10**9)
    single = run(games=400, chunk_size=100)                 # small run: in process
    assert used == []
    pd.testing.assert_frame_equal(single, run(games=400, chunk_size=100, workers=2))
    assert used == [2]                                      # explicit workers: a pool
    monkeypatch.setattr(t, "PARALLEL_THRESHOLD", 100)
    pd.testing.assert_frame_equal(single, run(games=400, chunk_size=100))
    assert len(used) == 2                                   # large run: a pool
    pd.testing.assert_frame_equal(single, run(games=400, chunk_size=100, workers=1))
    assert len(used) == 2                                   # workers=1: in process


def test_summary_win_rates_and_intervals():
    df = run(games=600)
    s = summarize(df)
    assert list(s.columns[:5]) == ["games", "wins", "win_rate", "win_low", "win_high"]
    assert s.index[0] == "greedy"                     # always +2 beats random play
    assert (s["games"] == 600).all()
    assert ((s["win_low"] <= s["win_rate"]) & (s["win_rate"] <= s["win_high"])).all()
    # wins counted straight from the places
    greedy_wins = sum(
        (df[f"agent_{k}"] == "greedy") & (df[f"place_{k}"] == 1) for k in range(3)).sum()
    assert s.loc["greedy", "wins"] == greedy_wins
    by_seat = summarize(df, by="seat")
    assert sorted(by_seat.index) == [0, 1, 2] and by_seat["games"].sum() == 1800


def test_bad_arguments():
    with pytest.raises(ConfigError, match="games"):
        run(games=0)
    with pytest.raises(ConfigError, match="unknown agent"):
        tournament(RaceGame(players=2), ["random", "nobody"], games=2, progress=False)
    with pytest.raises(ConfigError, match="unknown game"):
        tournament("poker", ["random", "random"], games=2, progress=False)
    with pytest.raises(ConfigError, match="players"):
        tournament(RaceGame(players=3), ["random", "random"], games=2, progress=False)


def test_unpicklable_agent_is_a_clear_error_for_an_executor():
    class Local:                                   # defined in a function: cannot pickle
        name = "local"

        def act(self, view, legal_actions, rng):
            return 1

    lineup = [Local(), "random", "random"]
    with ThreadPoolExecutor(1) as ex, pytest.raises(ConfigError, match="workers=1"):
        tournament(RaceGame(players=3), lineup, games=3, executor=ex, progress=False)
    # in process it is fine
    assert len(tournament(RaceGame(players=3), lineup, games=3, progress=False)) == 3

"""Tournaments of the real games: rows replay exactly with play_game, and a process
pool and a Dask cluster give the very DataFrame of a single process."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from cardgames.analysis.tournament import game_seed, make_agent, summarize, tournament
from cardgames.liar import LiarGame
from cardgames.play import play_game
from cardgames.thirtyone import ThirtyOneGame


def test_thirty_one_rows_replay():
    df = tournament("thirty-one", ["heuristic", "random", "random"], games=12, seed=9,
                    progress=False)
    assert {"deals", "lives_0", "lives_2"} <= set(df.columns)
    for row in df.itertuples():
        agents = [make_agent("thirty-one", getattr(row, f"agent_{s}").split("#")[0])
                  for s in range(3)]
        rec = play_game(ThirtyOneGame(players=3), agents, seed=game_seed(9, row.game))
        assert rec.decisions == row.decisions
        assert rec.outcome.deals == row.deals
        assert tuple(rec.outcome.lives) == tuple(getattr(row, f"lives_{s}") for s in range(3))
        assert {s for s in range(3) if getattr(row, f"place_{s}") == 1} == \
            set(rec.outcome.winners)


def test_liar_points_and_places():
    df = tournament("liar", ["heuristic", "random", "random"], games=30, seed=2,
                    progress=False)
    points = LiarGame(players=3).points
    for s in range(3):
        # R-L10: points follow places
        assert all(points[p - 1] == q for p, q in zip(df[f"place_{s}"], df[f"points_{s}"]))
    assert (df[[f"place_{s}" for s in range(3)]].min(axis=1) == 1).all()
    s = summarize(df)
    assert "mean_points" in s.columns and s["games"].sum() == 90


def test_heuristic_beats_random_at_thirty_one():
    df = tournament("thirty-one", ["heuristic", "random"], games=200, seed=5, progress=False)
    s = summarize(df)
    # a weak but real claim: the heuristic bot wins clearly more than half the games
    assert s.loc["heuristic", "win_low"] > 0.5


def test_game_objects_and_options():
    a = tournament(LiarGame(players=2, chroniclers="both"), ["random", "random"], games=20,
                   seed=1, progress=False)
    b = tournament("liar", ["random", "random"], games=20, seed=1, progress=False,
                   chroniclers="both")
    pd.testing.assert_frame_equal(a, b, check_like=False)
    c = tournament("liar", ["random", "random"], games=20, seed=1, progress=False)
    assert not a.equals(c)


def test_process_pool_equals_single_process():
    kw = dict(games=120, seed=7, progress=False, chunk_size=25)
    base = tournament("thirty-one", ["heuristic", "random", "random"], **kw)
    with ProcessPoolExecutor(2) as pool:
        other = tournament("thirty-one", ["heuristic", "random", "random"], executor=pool, **kw)
    pd.testing.assert_frame_equal(base, other)


def test_dask_local_cluster_equals_single_process():
    distributed = pytest.importorskip("distributed")
    kw = dict(games=160, seed=3, progress=False, chunk_size=40)
    lineup = ["heuristic", "random", "random", "random"]
    base = tournament("liar", lineup, **kw)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        other = tournament("liar", lineup, executor=client.get_executor(), **kw)
    pd.testing.assert_frame_equal(base, other)


def test_liar_matches_play_match_equals_liar_match_play():
    match_mod = pytest.importorskip("cardgames.liar.match")
    from cardgames.play import play_match

    game = LiarGame(players=3)
    agents = [make_agent("liar", n) for n in ("heuristic", "random", "random")]
    rec = play_match(match_mod.LiarMatch(game, seed=5, rounds=3), agents)
    other = match_mod.LiarMatch(game, seed=5, rounds=3)
    standings = other.play(agents)
    assert rec.scores == tuple(other.scores) and rec.rounds == 3
    assert {s.player: s.place for s in standings} == dict(enumerate(rec.places))
    assert sum(rec.scores) == sum(sum(o.points) for o in rec.outcomes)

    df = tournament("liar", ["heuristic", "random", "random"], games=6, seed=1, rounds=3,
                    progress=False)
    assert (df["deals"] == 3).all()
    pts = df[[f"points_{s}" for s in range(3)]].to_numpy()
    places = df[[f"place_{s}" for s in range(3)]].to_numpy()
    # 3 rounds of 4/3/2 points (R-L10): 6-12 each; the match winner has the most points
    assert ((pts >= 3 * 2) & (pts <= 3 * 4)).all()
    assert ((places == 1) == (pts == pts.max(axis=1, keepdims=True))).all()
    with pytest.raises(ValueError, match="Liar matches"):
        tournament("thirty-one", ["random", "random"], games=2, rounds=3, progress=False)

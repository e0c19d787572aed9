"""Liar tournaments never hang: the default safety cap (LIAR_MAX_PLAYS) ends every round,
capped rounds are reported (end == "cap", no winner) and counted in the summary."""

from __future__ import annotations

import pandas as pd
import pytest

from cardgames.analysis.tournament import LIAR_MAX_PLAYS, summarize, tournament
from cardgames.liar import LiarCallerAgent, LiarGame


def test_default_cap_ends_games_that_cycle_and_reports_them():
    # callers call nearly every claim, so rounds among them alone can cycle for ever
    # (cardgames.liar.bots); a small cap keeps the test fast, the default is the same code
    df = tournament("liar", ["caller", "caller"], games=12, seed=3, progress=False,
                    max_plays=60)
    assert len(df) == 12 and set(df["end"].astype(str)) <= {"went_out", "cap"}
    capped = df["end"].astype(str) == "cap"
    assert capped.any()
    assert (df.loc[capped, "winner"].astype(str) == "").all()
    assert (df.loc[capped, "winner_seat"] == -1).all()
    assert (df["capped"] == capped.astype(int)).all()
    s = summarize(df)
    assert (s["capped"] == int(capped.sum())).all()
    assert s["wins"].sum() == int((~capped).sum())       # a capped game is nobody's win


def test_default_cap_is_applied_and_can_be_changed():
    agents = [LiarCallerAgent(), LiarCallerAgent()]
    df = tournament("liar", agents, games=4, seed=1, progress=False)
    assert df["decisions"].max() <= 2 * LIAR_MAX_PLAYS * 2       # plays + their windows
    a = tournament(LiarGame(players=2), agents, games=4, seed=1, progress=False)
    pd.testing.assert_frame_equal(a, df)                  # a game object gets the cap too
    b = tournament("liar", agents, games=4, seed=1, progress=False, max_plays=LIAR_MAX_PLAYS)
    pd.testing.assert_frame_equal(b, df)
    c = tournament("liar", agents, games=4, seed=1, progress=False, max_plays=20)
    assert (c["decisions"] <= 40).all()


@pytest.mark.parametrize("workers", [1, 2])
def test_capped_tournament_same_seed_same_frame(workers):
    kw = dict(games=8, seed=5, progress=False, max_plays=40, chunk_size=3)
    base = tournament("liar", ["caller", "heuristic", "caller"], **kw)
    again = tournament("liar", ["caller", "heuristic", "caller"], workers=workers, **kw)
    pd.testing.assert_frame_equal(base, again)


def test_matches_count_capped_rounds():
    df = tournament("liar", ["caller", "caller"], games=3, seed=2, rounds=2, progress=False,
                    max_plays=30)
    assert set(df["end"].astype(str)) == {"match"}
    assert df["capped"].between(0, 2).all()
    assert "capped" in summarize(df).columns

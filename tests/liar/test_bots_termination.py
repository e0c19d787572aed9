"""Rounds among heuristic bots end by someone going out, and the heuristic beats random play.

Seeded, so each run is the same; the bounds are statistical claims about the bot
(measured over 200 rounds: see the report in ``cardgames.liar.bots``), with room for
sampling noise: if the true rate is 99%, 200 rounds end at least 194 times with
probability > 0.99 (binomial), and ``>= 196`` (98%) is the target of the design.
"""

from __future__ import annotations

import pytest

from cardgames.analysis.simulate import wilson_interval
from cardgames.liar import LiarGame, LiarHeuristicAgent, LiarRandomAgent
from cardgames.play import play_game

CAP = 300     # plays: a round that has not ended by then counts as not ending


def _ended(game, agents, seeds):
    ended = 0
    for seed in seeds:
        out = play_game(game, agents, seed=seed).outcome
        ended += out.reason == "went_out"
    return ended


def test_four_heuristic_bots_end_at_least_98_percent_of_rounds():
    game = LiarGame(players=4, max_plays=CAP)
    ended = _ended(game, [LiarHeuristicAgent()] * 4, range(200))
    assert ended >= 196, f"{ended}/200 rounds ended within {CAP} plays"


@pytest.mark.parametrize("players, options", [
    (3, {}), (4, {"chroniclers": "both"}), (6, {"decks": 2, "chroniclers": "both"}),
])
def test_other_tables_of_heuristic_bots_end(players, options):
    game = LiarGame(players=players, max_plays=CAP, **options)
    ended = _ended(game, [LiarHeuristicAgent()] * players, range(60))
    assert ended >= 57, f"{ended}/60 rounds ended within {CAP} plays"


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_random_agents(players):
    game = LiarGame(players=players, max_plays=CAP)
    wins = games = 0
    for seed in range(100):
        seat = seed % players                      # the heuristic bot sits everywhere
        agents = [LiarRandomAgent()] * players
        agents[seat] = LiarHeuristicAgent()
        wins += play_game(game, agents, seed=seed).outcome.winner == seat
        games += 1
    low, _ = wilson_interval(wins, games, 0.99)
    assert low > 1 / players, f"{wins}/{games} wins"

"""Random self-play beside other card-game engines: RLCard's UNO, OpenSpiel's Crazy Eights.

    pip install -e '.[bench]'            # rlcard, open-spiel
    .venv/bin/python benchmarks/compare.py [--seconds 3]

Each engine plays whole games with uniformly random legal moves for about
``--seconds`` seconds (best of 3 batches); a "decision" is one move by a player
(OpenSpiel's chance nodes, the deals and draws, are applied but not counted).
Engines that are not installed are reported as such; ours is always measured.
These are different games with different rules and state encodings, so the
figures compare engine overheads, not games. Timed in CPU seconds of this
process (``time.process_time``), which other work on the machine disturbs less.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def measure(run_one_game, seconds: float, repeats: int = 3) -> tuple[float, float, float]:
    """Best (us/decision, decisions/s, games/s) of ``repeats`` batches of ~``seconds``."""
    seed = 0
    for _ in range(5):  # warm up
        run_one_game(seed)
        seed += 1
    best = (float("inf"), 0.0, 0.0)
    for _ in range(repeats):
        games = decisions = 0
        t0 = time.process_time()
        while True:
            decisions += run_one_game(seed)
            seed += 1
            games += 1
            elapsed = time.process_time() - t0
            if elapsed >= seconds:
                break
        us = elapsed / decisions * 1e6
        if us < best[0]:
            best = (us, decisions / elapsed, games / elapsed)
    return best


def ours(name: str, players: int):
    from cardgames.agents import RandomAgent
    from cardgames.play import play_game

    if name == "thirty-one":
        from cardgames.thirtyone import ThirtyOneGame as Game
    else:
        from cardgames.liar import LiarGame as Game
    game = Game(players=players)
    agents = [RandomAgent()] * players

    def run(seed: int) -> int:
        return play_game(game, agents, seed=seed).decisions

    return run


def rlcard_uno():
    import rlcard

    env = rlcard.make("uno", config={"seed": 0})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            n += 1
        return n

    return run, env.num_players


def openspiel_crazy_eights():
    return openspiel_game("crazy_eights")


def openspiel_game(short_name: str, params: dict | None = None):
    """Random play (uniform chance outcomes by their probabilities) of any OpenSpiel game."""
    import pyspiel

    if short_name.startswith("python_cardgames"):
        import cardgames.adapters.openspiel  # noqa: F401  (registers our games)
    if short_name.startswith("python_") and not short_name.startswith("python_cardgames"):
        import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    game = pyspiel.load_game(short_name, params or {})

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        return n

    return run, game.num_players()


def row(engine: str, game: str, players: int, result) -> None:
    us, dps, gps = result
    print(f"{engine:<22} {game:<14} {players:>7} {us:>12.2f} {dps:>14,.0f} {gps:>10,.0f}",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--players", type=int, default=4, help="players in our games (default 4)")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; CPU time, best of 3")
    print(f"{'engine':<22} {'game':<14} {'players':>7} {'us/decision':>12} "
          f"{'decisions/s':>14} {'games/s':>10}")
    for name in ("thirty-one", "liar"):
        try:
            row("cardgames", name, args.players, measure(ours(name, args.players), args.seconds))
        except ImportError as e:
            print(f"{'cardgames':<22} {name:<14} not available: {e}")
    for engine, game, factory, package in (
            ("RLCard 1.x", "UNO", rlcard_uno, "rlcard"),
            ("OpenSpiel (pyspiel)", "Crazy Eights", openspiel_crazy_eights, "open-spiel")):
        try:
            run, players = factory()
        except Exception as e:  # ImportError, or a game missing from an old version
            print(f"{engine:<22} {game:<14} not available ({type(e).__name__}: {e}); "
                  f"install it with: pip install {package}  (or pip install -e '.[bench]')")
            continue
        row(engine, game, players, measure(run, args.seconds))
    adapters(args.seconds)


def adapters(seconds: float) -> None:
    """Our OpenSpiel adapters against OpenSpiel's own Python games, as ratios from this run."""
    games = [("python_kuhn_poker", {}), ("python_tic_tac_toe", {}),
             ("python_cardgames_thirty_one", {"players": 2}),
             ("python_cardgames_liar", {"players": 3, "max_plays": 200})]
    results = {}
    for name, params in games:
        try:
            run, players = openspiel_game(name, params)
        except Exception as e:
            print(f"{'OpenSpiel (Python)':<22} {name} not available ({type(e).__name__}: {e}); "
                  "pip install -e '.[rl]'")
            return
        results[name] = measure(run, seconds)
        row("OpenSpiel (Python)", name.replace("python_", "")[:14], players, results[name])
    for ours_name in ("python_cardgames_thirty_one", "python_cardgames_liar"):
        for ref in ("python_kuhn_poker", "python_tic_tac_toe"):
            ratio = results[ours_name][0] / results[ref][0]
            print(f"ratio us/decision {ours_name} / {ref}: {ratio:.2f}")


if __name__ == "__main__":
    main()

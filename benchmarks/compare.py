"""Random self-play beside other card-game engines: RLCard's UNO, OpenSpiel's Crazy Eights.

    pip install -e '.[bench]'            # rlcard, open-spiel, pygame (PettingZoo's Hold'em)
    .venv/bin/python benchmarks/compare.py [--seconds 3] [--adapters-only]

Each engine plays whole games with uniformly random legal moves for about
``--seconds`` seconds (best of 3 batches); a "decision" is one move by a player
(OpenSpiel's chance nodes, the deals and draws, are applied but not counted).
Engines that are not installed are reported as such; ours is always measured.
These are different games with different rules and state encodings, so the
figures compare engine overheads, not games. Timed in CPU seconds of this
process (``time.process_time``), which other work on the machine disturbs less.

Then our adapters (issue 24) beside the libraries' own games, in the same run:
OpenSpiel's Python ``kuhn_poker`` and ``liars_poker`` against
``python_cardgames_thirty_one`` and ``python_cardgames_liar`` (full and compact
action space), and PettingZoo's ``texas_holdem_v4`` against ``liar_v0`` (full,
compact) and ``thirty_one_v0``.  OpenSpiel games are played with
``state.legal_actions()`` and ``rng.choice``; PettingZoo environments (each in
its standard wrappers) with the loop of PettingZoo's documentation,
``env.last()`` then ``env.action_space(agent).sample(mask)``.  The ratios to
the targets of issue 24 are printed at the end.
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


def pettingzoo_env(make):
    """Random play of a PettingZoo AEC environment, as PettingZoo's documentation plays it."""
    env = make()

    def run(seed: int) -> int:
        env.reset(seed=seed)
        for agent in env.possible_agents:
            env.action_space(agent).seed(seed)
        n = 0
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))
            n += 1
        return n

    return run, len(env.possible_agents)


def row(engine: str, game: str, players: int, result) -> None:
    us, dps, gps = result
    print(f"{engine:<22} {game:<14} {players:>7} {us:>12.2f} {dps:>14,.0f} {gps:>10,.0f}",
          flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--players", type=int, default=4, help="players in our games (default 4)")
    ap.add_argument("--adapters-only", action="store_true",
                    help="only the adapters beside OpenSpiel's and PettingZoo's own games")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; CPU time, best of 3")
    if args.adapters_only:
        adapters(args.seconds)
        return
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


#: (library, label, factory) of the adapters' table; our rows carry "cardgames"
_ADAPTER_ROWS = [
    ("OpenSpiel (Python)", "kuhn_poker", lambda: openspiel_game("python_kuhn_poker")),
    ("OpenSpiel (Python)", "liars_poker", lambda: openspiel_game("python_liars_poker")),
    ("OpenSpiel (Python)", "cardgames_thirty_one",
     lambda: openspiel_game("python_cardgames_thirty_one", {"players": 2})),
    ("OpenSpiel (Python)", "cardgames_liar",
     lambda: openspiel_game("python_cardgames_liar", {"players": 3})),
    ("OpenSpiel (Python)", "cardgames_liar compact",
     lambda: openspiel_game("python_cardgames_liar", {"players": 3, "actions": "compact"})),
    ("PettingZoo", "texas_holdem_v4", lambda: pettingzoo_env(_texas)),
    ("PettingZoo", "liar_v0", lambda: pettingzoo_env(lambda: _ours("liar_v0", players=3))),
    ("PettingZoo", "liar_v0 compact",
     lambda: pettingzoo_env(lambda: _ours("liar_v0", players=3, actions="compact"))),
    ("PettingZoo", "thirty_one_v0",
     lambda: pettingzoo_env(lambda: _ours("thirty_one_v0", players=2))),
]
#: issue 24's targets: (ours, reference, at most this ratio of us/decision)
_TARGETS = [("cardgames_liar", "liars_poker", 2.0), ("cardgames_thirty_one", "kuhn_poker", 1.5),
            ("liar_v0", "texas_holdem_v4", 1.0), ("thirty_one_v0", "texas_holdem_v4", 1.0),
            ("cardgames_liar compact", "liars_poker", 2.0),
            ("liar_v0 compact", "texas_holdem_v4", 1.0)]


def _texas():
    from pettingzoo.classic import texas_holdem_v4

    return texas_holdem_v4.env()


def _ours(name: str, **options):
    import importlib

    return importlib.import_module(f"cardgames.adapters.pettingzoo.{name}").env(**options)


def adapters(seconds: float) -> None:
    """Our OpenSpiel and PettingZoo adapters beside the libraries' own games, ratios from this run."""
    print(f"{'library':<19} {'game':<23} {'players':>7} {'us/decision':>12} "
          f"{'decisions/s':>12} {'games/s':>8}")
    results = {}
    for library, label, factory in _ADAPTER_ROWS:
        try:
            run, players = factory()
        except Exception as e:  # ImportError, or a game missing from an old version
            print(f"{library:<19} {label:<23} not available ({type(e).__name__}: {e}); "
                  "pip install -e '.[rl,bench]'")
            continue
        us, dps, gps = results[label] = measure(run, seconds)
        print(f"{library:<19} {label:<23} {players:>7} {us:>12.2f} {dps:>12,.0f} {gps:>8,.1f}",
              flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} after the adapters")
    for ours_label, ref, target in _TARGETS:
        if ours_label in results and ref in results:
            ratio = results[ours_label][0] / results[ref][0]
            verdict = "met" if ratio <= target else "NOT met"
            print(f"ratio {ours_label} / {ref}: {ratio:.2f} (target <= {target:g}: {verdict})")


if __name__ == "__main__":
    main()

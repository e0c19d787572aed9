"""Engine speed: random self-play, score(), the full hand table, import time.

    .venv/bin/python benchmarks/engine.py            # about 20 s
    .venv/bin/python benchmarks/engine.py --quick    # a few seconds

Prints one line per figure with its target from the analysis issue:
Thirty-One <= 10 us/decision, Liar <= 20 us/decision, score >= 1M calls/s,
the 5,456-hand table <= 50 ms, ``import cardgames`` <= 150 ms.
Each figure is the best of several repeats (the least disturbed run), timed
in CPU time of the process (``time.process_time``), so that other work on a
shared machine disturbs it less; ``--wall`` times with the wall clock instead.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

CLOCK = time.process_time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardgames.agents import RandomAgent  # noqa: E402
from cardgames.play import agent_rng, play_game  # noqa: E402


def line(label: str, value: str, target: str = "", ok: bool | None = None) -> None:
    mark = "" if ok is None else ("  ok" if ok else "  MISSED")
    tgt = f"  (target {target})" if target else ""
    print(f"{label:<52} {value:>18}{tgt}{mark}", flush=True)


def _make(name: str, players: int):
    if name == "thirty-one":
        from cardgames.thirtyone import ThirtyOneGame

        return ThirtyOneGame(players=players)
    from cardgames.liar import LiarGame

    return LiarGame(players=players)


class ViewingRandomAgent:
    """Random, but handed a view every decision (as a bot that reads it would be)."""

    name = "random+view"
    needs_view = True

    def act(self, view, legal_actions, rng):
        return legal_actions.sample(rng)


def self_play(name: str, players: int, seconds: float, repeats: int,
              agent=None) -> tuple[float, float, int]:
    """Best (us/decision, games/s, decisions per game) over ``repeats`` timed batches."""
    game = _make(name, players)
    agents = [agent or RandomAgent()] * players
    # warm up (lazy tables, imports)
    for seed in range(20):
        play_game(game, agents, seed=seed)
    best_us, best_gps, dec_per_game = float("inf"), 0.0, 0
    seed = 1000
    for _ in range(repeats):
        games = decisions = 0
        t0 = CLOCK()
        while True:
            rec = play_game(game, agents, seed=seed)
            seed += 1
            games += 1
            decisions += rec.decisions
            elapsed = CLOCK() - t0
            if elapsed >= seconds:
                break
        us = elapsed / decisions * 1e6
        if us < best_us:
            best_us, best_gps, dec_per_game = us, games / elapsed, decisions // games
    return best_us, best_gps, dec_per_game


def score_speed(repeats: int) -> float:
    from cardgames import ORDINARY_CARDS
    from cardgames.thirtyone import score

    rng = random.Random(0)
    hands = [tuple(rng.sample(ORDINARY_CARDS, 3)) for _ in range(100_000)]
    score(hands[0])
    best = float("inf")
    for _ in range(repeats):
        t0 = CLOCK()
        for h in hands:
            score(h)
        best = min(best, CLOCK() - t0)
    return len(hands) / best


def table_time(repeats: int) -> tuple[float, float]:
    """(cold ms in a fresh process incl. the engine's score table, warm ms), best of repeats."""
    clock = "time." + CLOCK.__name__
    code = ("import time; from cardgames.analysis import hands; import pandas, numpy; "
            f"t={clock}(); hands.hand_table(chronicler=True); print({clock}()-t)")
    cold = min(float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, check=True).stdout) for _ in range(repeats))
    from cardgames.analysis import hands

    hands.hand_table(chronicler=True)
    warm = float("inf")
    for _ in range(repeats * 3):
        hands._base.cache_clear()
        t0 = CLOCK()
        hands.hand_table(chronicler=True)
        warm = min(warm, CLOCK() - t0)
    return cold * 1e3, warm * 1e3


def import_time(repeats: int) -> float:
    """Best ms of ``import cardgames`` in a fresh interpreter (the import alone)."""
    clock = "time." + CLOCK.__name__
    code = f"import time; t={clock}(); import cardgames; print({clock}()-t)"
    return min(float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                    text=True, check=True).stdout)
               for _ in range(repeats)) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="shorter runs")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--wall", action="store_true", help="time with the wall clock")
    args = ap.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    seconds, repeats = (0.5, 2) if args.quick else (2.0, 3)
    print(f"Python {sys.version.split()[0]} on {os.cpu_count()} cores; best of {repeats}; "
          f"{'wall' if args.wall else 'CPU'} time; load average {os.getloadavg()[0]:.2f}")

    ms = import_time(7)
    line("import cardgames", f"{ms:.1f} ms", "<= 150 ms", ms <= 150)

    for name, target in (("thirty-one", 10.0), ("liar", 20.0)):
        try:
            us, gps, dpg = self_play(name, args.players, seconds, repeats)
        except (ImportError, AttributeError) as e:
            line(f"{name}: random self-play", "not available: " + str(e)[:60])
            continue
        label = f"{name} ({args.players}p): random self-play"
        line(label + " us/decision", f"{us:.2f} us", f"<= {target:g} us", us <= target)
        line(label + " decisions/s", f"{1e6 / us:,.0f}")
        line(label + " games/s", f"{gps:,.0f}")
        line(label + " decisions/game", f"{dpg}")
        vus, _, _ = self_play(name, args.players, seconds, repeats, ViewingRandomAgent())
        line(f"{name}: same, building view() every decision", f"{vus:.2f} us/decision")

    try:
        rate = score_speed(repeats + 2)
        line("thirtyone.score calls/s", f"{rate:,.0f}", ">= 1,000,000", rate >= 1e6)
    except ImportError as e:
        line("thirtyone.score", "not available", str(e)[:40])
    try:
        cold, warm = table_time(repeats)
        line("5,456-hand table (fresh process)", f"{cold:.1f} ms", "<= 50 ms", cold <= 50)
        line("5,456-hand table (score table warm)", f"{warm:.1f} ms", "<= 50 ms", warm <= 50)
    except (ImportError, subprocess.CalledProcessError) as e:
        line("hand table", "not available", str(e)[:40])


if __name__ == "__main__":
    main()

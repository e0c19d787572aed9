"""How long an expert bot's decision takes inside the play tables (issue 13: <= 200 ms).

    .venv/bin/python benchmarks/expert_time.py [--matches 10]

Builds the app's table widgets (``widgets.ThirtyOneTable``, ``widgets.LiarTable``)
with every bot on the ``expert`` difficulty, wraps each bot so that every
``act`` is timed (wall ``perf_counter`` and CPU ``process_time``), and plays the
human's seat with the heuristic bot through the table's own methods
(``table.act``, then ``play_bots`` / ``next_deal``: what the buttons do).
Prints p50, p95 and max per table and player count, with the load average:
on a busy machine wall times grow with the load, CPU times do not.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


class Timed:
    """Forwards ``act`` to the wrapped agent and records its wall and CPU time."""

    def __init__(self, agent: Any, wall: list[float], cpu: list[float]) -> None:
        self.agent, self.wall, self.cpu = agent, wall, cpu
        self.name = getattr(agent, "name", type(agent).__name__)
        self.needs_view = getattr(agent, "needs_view", True)

    def act(self, view: Any, legal: Any, rng: random.Random) -> Any:
        w, c = time.perf_counter(), time.process_time()
        action = self.agent.act(view, legal, rng)
        self.cpu.append(time.process_time() - c)
        self.wall.append(time.perf_counter() - w)
        return action


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


def _time_bots(table: Any, wall: list[float], cpu: list[float]) -> None:
    """Time every bot of the table's session (its agents are asked by session.bot_step)."""
    agents = table.session._agents
    for i, a in enumerate(agents):
        if a is not None and not isinstance(a, Timed):
            agents[i] = Timed(a, wall, cpu)


def thirty_one(players: int, seed: int, wall: list[float], cpu: list[float]) -> None:
    from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent
    from widgets import ThirtyOneTable

    table = ThirtyOneTable(bots=("expert",) * (players - 1), seed=seed, autoplay=False)
    me, rng = ThirtyOneHeuristicAgent(), random.Random(seed)
    for _ in range(2000):
        _time_bots(table, wall, cpu)
        s = table.state
        if s.is_over() or table.stopped:
            break
        if table.paused:
            table.next_deal()
        elif table.my_turn:
            table.act(me.act(s.view(table.seat), s.legal_actions(), rng))
        else:
            table.play_bots()
    table.close()


def liar(players: int, seed: int, wall: list[float], cpu: list[float]) -> None:
    from cardgames.liar.bots import LiarHeuristicAgent
    from widgets import LiarTable

    table = LiarTable(bots=("expert",) * (players - 1), seed=seed, rounds=1, autoplay=False)
    me, rng = LiarHeuristicAgent(), random.Random(seed)
    for _ in range(2000):
        _time_bots(table, wall, cpu)
        s = table.state
        if s.is_over() or table.stopped:
            break
        if table.my_turn:
            table.act(me.act(s.view(table.seat), s.legal_actions(), rng))
        else:
            table._advance()
    table.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=10, help="matches (rounds) per line")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} before; times of expert bots' act() in the "
          "table widgets, ms")
    print("| table | players | decisions | CPU p50 | CPU p95 | CPU max | wall p50 | wall p95 "
          "| wall max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, run, counts in (("Thirty-One", thirty_one, (2, 3, 4)), ("Liar", liar, (3, 4))):
        for players in counts:
            wall: list[float] = []
            cpu: list[float] = []
            for seed in range(args.matches):
                run(players, seed, wall, cpu)
            print(f"| {name} | {players} | {len(wall):,} | {pct(cpu, .5):.1f} | "
                  f"{pct(cpu, .95):.1f} | {max(cpu) * 1000:.1f} | {pct(wall, .5):.1f} | "
                  f"{pct(wall, .95):.1f} | {max(wall) * 1000:.1f} |", flush=True)
            assert statistics.mean(wall) >= 0
    print(f"load average {os.getloadavg()[0]:.2f} after")


if __name__ == "__main__":
    main()

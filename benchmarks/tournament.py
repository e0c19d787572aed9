"""A 10,000-game Thirty-One tournament of 4 heuristic agents on 1 and 2 worker processes.

    .venv/bin/python benchmarks/tournament.py [--games 10000] [--agents heuristic] [--seed 1]

Targets (analysis issue): <= 20 s on 2 cores, speed-up >= 1.7x. The two runs
must give the same DataFrame (checked). Timings include starting the worker
processes and building the DataFrame.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardgames.analysis.tournament import summarize, tournament  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="thirty-one")
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--agents", default="heuristic", help="one name for all 4 seats, or a "
                    "comma-separated line-up")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk-size", type=int, default=200)
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    lineup = args.agents.split(",") if "," in args.agents else [args.agents] * 4
    print(f"{args.game}: {args.games:,} games, {', '.join(lineup)}; {os.cpu_count()} cores",
          flush=True)

    print(f"load average before: {os.getloadavg()[0]:.2f} (other work on the machine slows "
          "the wall-clock figures; CPU seconds are less sensitive)", flush=True)
    c0 = time.process_time()
    t0 = time.perf_counter()
    one = tournament(args.game, lineup, games=args.games, seed=args.seed, workers=1,
                     progress=args.progress, chunk_size=args.chunk_size)
    t1 = time.perf_counter() - t0
    cpu1 = time.process_time() - c0
    print(f"1 worker (in process):   {t1:7.2f} s  {args.games / t1:8,.0f} games/s  "
          f"{one['decisions'].sum() / t1:10,.0f} decisions/s  (CPU {cpu1:.2f} s, "
          f"{cpu1 / args.games * 1e3:.2f} ms/game)", flush=True)

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        two = tournament(args.game, lineup, games=args.games, seed=args.seed, executor=pool,
                         progress=args.progress, chunk_size=args.chunk_size)
    t2 = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu2 = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    print(f"2 workers (processes):   {t2:7.2f} s  {args.games / t2:8,.0f} games/s  "
          f"(target <= 20 s: {'ok' if t2 <= 20 else 'MISSED'})  (worker CPU {cpu2:.2f} s; "
          f"on 2 idle cores at best {cpu2 / 2:.1f} s)")
    speedup = t1 / t2
    print(f"speed-up:                {speedup:7.2f} x  (target >= 1.7x: "
          f"{'ok' if speedup >= 1.7 else 'MISSED'})")
    print(f"same DataFrame:          {one.equals(two)}")
    print(f"mean decisions per game: {one['decisions'].mean():.1f}")
    print(summarize(one).to_string(float_format="{:.4f}".format))


if __name__ == "__main__":
    main()

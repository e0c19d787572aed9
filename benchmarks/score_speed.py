"""``score()`` calls per second: this tree against an older checkout, interleaved.

Each measurement runs in its own subprocess with ``PYTHONPATH`` set to one
tree, so the two ``cardgames`` packages never meet in one interpreter; old and
new alternate ``--reps`` times and the medians are printed (the machine may be
loaded: CPU time of the child is measured, best of 7, and only medians from
the same run are compared)::

    git worktree add --detach /tmp/old5b 5b5243e
    python benchmarks/score_speed.py --old /tmp/old5b
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_CHILD = r"""
import random, sys, time, timeit
from cardgames.cards import make_deck
from cardgames.thirtyone import score
rng = random.Random(1)
deck = list(make_deck())
lists = [rng.sample(deck, 3) for _ in range(1000)]
tuples = [tuple(h) for h in lists]
score(lists[0])  # build the table outside the timing
for name, hands in (("list", lists), ("tuple", tuples)):
    best = min(timeit.repeat(lambda: [score(h) for h in hands], number=100, repeat=7, timer=time.process_time))
    print(name, 100 * len(hands) / best)
"""


def _run(tree: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", _CHILD], env=env, cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    return {name: float(value) for name, value in (line.split() for line in out.splitlines())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True, help="an older checkout")
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    new = Path(__file__).resolve().parent.parent
    results: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for _ in range(args.reps):
        for label, tree in (("old", args.old), ("new", new)):
            for name, rate in _run(tree).items():
                results[label].setdefault(name, []).append(rate)
    print(f"load average: {os.getloadavg()}")
    for name in results["new"]:
        old = statistics.median(results["old"][name])
        new_rate = statistics.median(results["new"][name])
        print(f"{name:6s} old {old / 1e6:5.2f}M/s  new {new_rate / 1e6:5.2f}M/s  "
              f"new/old {new_rate / old:.2f}")


if __name__ == "__main__":
    main()

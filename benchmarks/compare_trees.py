"""``compare.py`` for two checkouts, interleaved: the median ratio to OpenSpiel per tree.

    git worktree add --detach /tmp/before <commit>
    python benchmarks/compare_trees.py --old /tmp/before [--reps 3] [--seconds 1]

Each repetition runs ``benchmarks/compare.py`` of the old tree, then of this
one (each in its own process with its own ``PYTHONPATH``); every run gives our
per-decision time divided by OpenSpiel's Crazy Eights in the same run.  The
medians over the repetitions are printed with the load averages seen.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path


def _ratios(tree: Path, seconds: float) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, str(tree / "benchmarks" / "compare.py"),
                          "--seconds", str(seconds)], env=env, cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    us: dict[str, float] = {}
    for line in out.splitlines():
        if line.startswith("cardgames"):
            us[line.split()[1]] = float(line.split()[3])
        elif line.startswith("OpenSpiel (pyspiel)") and "Crazy Eights" in line:
            # "OpenSpiel (pyspiel)  Crazy Eights  <players>  <us/decision> ..."; not the
            # "OpenSpiel (Python)" rows of the adapters that compare.py prints after it
            us["openspiel"] = float(line.split("Crazy Eights", 1)[1].split()[1])
    return {name: value / us["openspiel"] for name, value in us.items() if name != "openspiel"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    new = Path(__file__).resolve().parent.parent
    runs: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    loads = []
    for _ in range(args.reps):
        for label, tree in (("old", args.old), ("new", new)):
            loads.append(os.getloadavg()[0])
            for name, ratio in _ratios(tree, args.seconds).items():
                runs[label].setdefault(name, []).append(ratio)
    print(f"load average (1 min) during the runs: {min(loads):.1f}-{max(loads):.1f}")
    for name in runs["new"]:
        old = runs["old"][name]
        new_r = runs["new"][name]
        print(f"{name:11s} old {statistics.median(old):.2f}x  new {statistics.median(new_r):.2f}x "
              f"OpenSpiel  (runs old {', '.join(f'{r:.2f}' for r in old)}; "
              f"new {', '.join(f'{r:.2f}' for r in new_r)})")


if __name__ == "__main__":
    main()

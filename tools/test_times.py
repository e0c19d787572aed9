"""Where a test run's time went (docs/testing.md, issue 34), from pytest's ``--durations=0``
output saved to a file: the seconds by folder and by phase (setup: servers, Chromium, an
nbval run; call: the test itself), and the slowest tests (setup and call added).

    .venv/bin/python -m pytest tests ... --durations=0 > run.txt
    .venv/bin/python tools/test_times.py run.txt [--top 30]

>>> rows = parse(["12.50s setup    tests/browser/test_a.py::test_x[en]",
...               "3.00s call     tests/browser/test_a.py::test_x[en]",
...               "1.00s call     tests/test_b.py::test_y"])
>>> by_folder(rows)
{'tests/browser': {'setup': 12.5, 'call': 3.0, 'teardown': 0.0}, 'tests': {'setup': 0.0, 'call': 1.0, 'teardown': 0.0}}
>>> slowest(rows, 1)
[(15.5, 'tests/browser/test_a.py::test_x[en]')]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict

LINE = re.compile(r"^\s*([0-9.]+)s (setup|call|teardown)\s+(\S.*)$")


def parse(lines) -> list[tuple[float, str, str]]:
    """``(seconds, phase, node id)`` of each durations line."""
    out = []
    for line in lines:
        m = LINE.match(line.rstrip("\n"))
        if m:
            out.append((float(m.group(1)), m.group(2), m.group(3).strip()))
    return out


def by_folder(rows) -> dict[str, dict[str, float]]:
    """Seconds by the test file's folder and phase."""
    sums: dict[str, dict[str, float]] = defaultdict(
        lambda: {"setup": 0.0, "call": 0.0, "teardown": 0.0})
    for seconds, phase, node in rows:
        folder = node.split("::")[0].rsplit("/", 1)[0]
        sums[folder][phase] = round(sums[folder][phase] + seconds, 2)
    return dict(sums)


def slowest(rows, n: int) -> list[tuple[float, str]]:
    """The ``n`` slowest tests, setup and call added (what the time limit counts)."""
    total: dict[str, float] = defaultdict(float)
    for seconds, phase, node in rows:
        if phase != "teardown":
            total[node] += seconds
    return sorted(((round(s, 2), node) for node, s in total.items()), reverse=True)[:n]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output", help="a pytest run's output with --durations=0")
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args(argv)
    with open(args.output, encoding="utf-8", errors="replace") as f:
        rows = parse(f)
    print("| folder | setup s | call s | teardown s |\n|---|---:|---:|---:|")
    folders = by_folder(rows)
    for folder, s in sorted(folders.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"| `{folder}` | {s['setup']:.0f} | {s['call']:.0f} | {s['teardown']:.0f} |")
    print("\n| # | s | test (setup + call) |\n|---:|---:|---|")
    for k, (seconds, node) in enumerate(slowest(rows, args.top), 1):
        print(f"| {k} | {seconds:.0f} | `{node}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

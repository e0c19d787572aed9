"""Where a test run's time went (docs/testing.md, issue 34), from pytest's ``--durations=0``
output saved to a file: the seconds by folder and by phase (setup: servers, Chromium, an
nbval run; call: the test itself), and the slowest tests (setup and call added).

    .venv/bin/python -m pytest tests ... --durations=0 > run.txt
    .venv/bin/python tools/test_times.py run.txt [--top 30]
    .venv/bin/python tools/test_times.py serial.txt --plan 2   # two workers, from one run

``--plan N``: the modules in the run's order (a serial run prints them in the order
``tests/conftest.py`` gives them) played out on N workers as pytest-xdist's
``--dist loadfile`` hands them out (a whole module at a time; a worker gets the next
one when two or fewer of its tests are left): each worker's busy seconds and its last
modules.  A plan, not a measurement: the workers share 2 cores, so a parallel run's
tests take longer than a serial run's.

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


def by_module(rows) -> dict[str, list[float]]:
    """Each module's tests' seconds (setup, call and teardown added), in the order the
    run first names them.

    >>> by_module(parse(["2.00s call t/a.py::x", "1.00s setup t/b.py::y", "1.50s call t/a.py::z"]))
    {'t/a.py': [2.0, 1.5], 't/b.py': [1.0]}
    """
    tests: dict[str, dict[str, float]] = {}
    for seconds, _phase, node in rows:
        module = node.split("::")[0]
        per = tests.setdefault(module, {})
        per[node] = per.get(node, 0.0) + seconds
    return {m: list(per.values()) for m, per in tests.items()}


def plan(modules: dict[str, list[float]], order: list[str], workers: int = 2
         ) -> list[tuple[float, list[str]]]:
    """``order``'s modules on ``workers`` workers as xdist's ``loadfile`` hands them out:
    one module to each worker at the start, the next one to a worker once two or fewer
    of its queued tests are left.  Each worker's (busy seconds, modules).

    A module of one long test gets the next module queued behind it at once, though the
    other worker will be idle long before (what leaves one worker alone at the end):

    >>> plan({"a": [10.0], "b": [1.0, 1.0, 1.0, 1.0], "c": [3.0]}, ["a", "b", "c"])
    [(13.0, ['a', 'c']), (4.0, ['b'])]
    """
    queue = [m for m in order if m in modules]
    clocks = [0.0] * workers
    pending: list[list[float]] = [[] for _ in range(workers)]
    names: list[list[str]] = [[] for _ in range(workers)]

    def give(w: int) -> None:
        if queue:
            m = queue.pop(0)
            pending[w].extend(modules[m])
            names[w].append(m)

    for w in range(workers):
        give(w)
    for w in range(workers):               # xdist: at least two units each if it can
        if len(pending[w]) <= 2:
            give(w)
    while any(pending):
        w = min((i for i in range(workers) if pending[i]), key=lambda i: clocks[i])
        clocks[w] += pending[w].pop(0)
        if len(pending[w]) <= 2:
            give(w)
    return [(round(clocks[w], 1), names[w]) for w in range(workers)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("output", help="a pytest run's output with --durations=0")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--plan", type=int, default=0, metavar="N",
                    help="the run's modules, in its order, on N workers (loadfile)")
    args = ap.parse_args(argv)
    with open(args.output, encoding="utf-8", errors="replace") as f:
        lines = f.readlines()
    rows = parse(lines)
    if args.plan:
        modules = by_module(rows)
        order = []
        for line in lines:                 # the progress lines: "tests/x.py ....  [ 3%]"
            m = re.match(r"^(tests/\S+\.py) ", line)
            if m and m.group(1) not in order:
                order.append(m.group(1))
        order += [m for m in modules if m not in order]
        for w, (busy, names) in enumerate(plan(modules, order, args.plan)):
            print(f"worker {w}: {busy:.0f} s busy, {len(names)} modules, the last: "
                  f"{', '.join(names[-3:])}")
        return 0
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

"""What a lesson kernel costs to start: kernel CPU per cell, and memory after the run.

    .venv/bin/python benchmarks/lessons.py                     # lessons 01-06 and every app
    .venv/bin/python benchmarks/lessons.py 05_decisions_in_thirty_one --cells
    .venv/bin/python benchmarks/lessons.py --modules            # what the memory is spent on

Each notebook runs top to bottom in a fresh ``python3`` kernel of this interpreter's
environment (nbclient, from ``lessons/``, as Voila runs it), on a copy: nothing is
written back.  Reported per notebook:

* **CPU**: the kernel process's user + system CPU time (psutil) from the first cell
  to the last, i.e. what a served page costs the machine whatever the load;
  ``--cells`` also prints it per cell (the slowest first).
* **wall**: the elapsed time, which grows with the load average (printed);
* **RSS**: the kernel's resident memory after the last cell, and the RSS of an
  empty kernel for comparison; **USS** (what only this kernel holds: what one more
  student's kernel adds) and **PSS** after the last cell (psutil's
  ``memory_full_info``, as the classroom server measures its kernels); ``--modules`` lists the heavy packages the run
  imported (numpy, pandas, matplotlib, scipy, ...).

Other work slows the wall time only; CPU time varies by a few per cent.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

import nbformat
import psutil
from nbclient import NotebookClient

LESSONS = pathlib.Path(__file__).resolve().parent.parent / "lessons"
HEAVY = ("numpy", "pandas", "matplotlib", "scipy", "ipywidgets", "IPython.display",
         "PIL", "sympy", "fractions")

PROBE = ("import sys, resource; print(sorted(m for m in sys.modules if '.' not in m "
         "and not m.startswith('_')), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")


def _kernel(client: NotebookClient) -> psutil.Process:
    return psutil.Process(client.km.provisioner.process.pid)


def _cpu(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return t.user + t.system


def run(path: pathlib.Path) -> dict:
    """Execute the notebook at ``path`` on a copy; CPU per cell, wall, RSS."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    cells: list[tuple[float, int, str]] = []
    state: dict = {}

    def start(cell, cell_index):  # noqa: ANN001
        state["t"] = _cpu(state["proc"])

    def done(cell, cell_index, execute_reply):  # noqa: ANN001
        first = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
        cells.append((_cpu(state["proc"]) - state["t"], cell_index, first[:60]))

    client.on_cell_execute = start
    client.on_cell_executed = done
    with client.setup_kernel():
        state["proc"] = proc = _kernel(client)
        time.sleep(0.5)
        rss0 = proc.memory_info().rss
        cpu0 = _cpu(proc)
        wall0 = time.perf_counter()
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        wall = time.perf_counter() - wall0
        cpu = _cpu(proc) - cpu0
        rss = proc.memory_info().rss
        full = proc.memory_full_info()      # USS: what this kernel alone holds
        probe = nbformat.v4.new_code_cell(PROBE)
        nb.cells.append(probe)
        client.on_cell_executed = None
        client.execute_cell(probe, len(nb.cells) - 1)
        modules = "".join(o.get("text", "") for o in probe.outputs)
    return {"cpu": cpu, "wall": wall, "rss": rss, "rss0": rss0, "cells": cells,
            "uss": full.uss, "pss": getattr(full, "pss", full.uss),
            "modules": modules}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook names (default: 0*_ and app_*)")
    parser.add_argument("--cells", action="store_true", help="CPU per cell, slowest first")
    parser.add_argument("--modules", action="store_true", help="heavy packages imported")
    parser.add_argument("--top", type=int, default=6, help="cells to list with --cells")
    args = parser.parse_args(argv)
    if args.names:
        paths = [LESSONS / (n if n.endswith(".ipynb") else n + ".ipynb") for n in args.names]
    else:
        paths = sorted(LESSONS.glob("0[0-9]_*.ipynb")) + sorted(LESSONS.glob("app_*.ipynb"))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"{psutil.cpu_count()} cores")
    print(f"{'notebook':36} {'CPU s':>7} {'wall s':>7} {'RSS MB':>7} {'empty MB':>8} "
          f"{'USS MB':>7} {'PSS MB':>7}")
    for path in paths:
        r = run(path)
        print(f"{path.stem:36} {r['cpu']:7.2f} {r['wall']:7.2f} {r['rss'] / 2**20:7.0f} "
              f"{r['rss0'] / 2**20:8.0f} {r['uss'] / 2**20:7.0f} {r['pss'] / 2**20:7.0f}",
              flush=True)
        if args.cells:
            for cpu, index, first in sorted(r["cells"], reverse=True)[:args.top]:
                print(f"    cell {index:3d} {cpu:6.2f} s  {first}")
        if args.modules:
            heavy = [m for m in HEAVY if f"'{m.split('.')[0]}'" in r["modules"]]
            print(f"    imported: {', '.join(heavy) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""What a class experiment costs the server: 30 students' shares, each re-run before it counts.

    .venv/bin/python benchmarks/class_experiments.py                 # 30 students, each experiment
    .venv/bin/python benchmarks/class_experiments.py --students 30 --rounds 2

For each experiment of :mod:`cardgames.analysis.experiments` (its default share size),
``--students`` students each ask for a seed and send their share, ``--rounds`` times,
through :class:`classroom.tables.experiments.ExperimentService` in this process (the same
calls the class API's handler makes, without the HTTP layer), on a fresh class store in a
temporary folder.  The students' own runs of their shares happen first and are not timed.

**Measured**: the server's CPU time (``time.process_time``) to hand the seeds out and to
check (re-run) and store every result, in total and per share; the 1-minute load average
before and after (the machine may be shared).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

# benchmarks/classroom.py would shadow the classroom package
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]

from cardgames.analysis.experiments import EXPERIMENTS  # noqa: E402
from classroom.tables.experiments import ExperimentService  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        for key, e in EXPERIMENTS.items():
            svc = ExperimentService(Path(folder) / f"{key}.sqlite3")
            svc.open_run(key)
            students = [f"k:student-{i:03d}" for i in range(args.students)]
            seeds, cpu = [], 0.0
            for r in range(args.rounds):
                t = time.process_time()
                got = [svc.seed(s, f"s{r}", key) for s in students]
                cpu += time.process_time() - t
                seeds += [(s, g["seed"]) for s, g in zip(students, got, strict=True)]
            results = [(s, e.share(seed).to_dict()) for s, seed in seeds]   # the students' runs
            t = time.process_time()
            answers = [svc.submit(s, f"r{i}", res) for i, (s, res) in enumerate(results)]
            cpu += time.process_time() - t
            assert all(a["accepted"] for a in answers)
            n = len(answers)
            print(f"{key:7s} share {e.n:4d} trials: {n} shares, server CPU {cpu:.2f} s "
                  f"({1000 * cpu / n:.1f} ms a share)")
            svc.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

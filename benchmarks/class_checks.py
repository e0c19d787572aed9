"""The class link under a class: 30 students each checking an exercise every 2 s.

    .venv/bin/python benchmarks/class_checks.py                        # 30 students, 60 s
    .venv/bin/python benchmarks/class_checks.py --students 30 --every 2 --duration 120

Starts the table service as its own process (``python -m classroom.tables`` on a free
port of 127.0.0.1, a fresh temporary data folder: the same routes as ``make serve``
mounts, the class API ``tables/api/class/send`` among them), then runs ``--students``
kernels' class links in this process (:class:`widgets.kit.classlink.ClassLink`, one
background thread each, ``urllib`` over HTTP/1.1 to 127.0.0.1), each sending one check
(``kind="check"``: a lesson exercise, a typed answer, right or wrong, a hint id) every
``--every`` seconds from a random start, and one teacher's class view
(``tables/api/class/view``, the teacher token) polled as often as the page does
(``classroom.tables.classview.POLL_MS``: every second since issue 31).  The
store starts with ``--prefill`` checks (late in a lesson, the view sums them all).

**Measured**: the server process's CPU time (``psutil``: user + system, of the process
and its threads) over the measured window (after a ``--warmup``), as a share of one
core; the checks answered, refused, and still waiting at the end; the median and 95th
percentile time from a check's ``send`` to its answer; the 1-minute load average
before and after (the machine is shared: a high load makes every figure worse).  The
issue's bound: at most 10 % of one core for 30 students at one check every 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from classroom.tables.classview import POLL_MS  # noqa: E402  (the page's poll)
from widgets.kit.classlink import ClassLink, http_url  # noqa: E402

EXERCISES = ["01-six-players", "01-all-ranks", "03-p32", "03-count-31", "04-two-of-two",
             "04-posterior"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "CARDGAMES_DATA_DIR": str(folder)}
    for name in [k for k in env if k.startswith("JUPYTERHUB_")]:
        del env[name]
    proc = subprocess.Popen([sys.executable, "-m", "classroom.tables", "--ip", "127.0.0.1",
                             "--port", str(port), "--data-dir", str(folder)], cwd=REPO,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the table service did not start in 30 s")


class Student:
    """One kernel's class link and its schedule."""

    def __init__(self, i: int, url: str, rng: random.Random) -> None:
        self.link = ClassLink(url, student=f"student{i:03d}".ljust(22, "x"))
        self.link.name = f"S{i}"
        self.rng = rng
        self.latencies: list[float] = []
        self.refused = 0
        self.answered = 0
        self.lock = threading.Lock()

    def check(self) -> None:
        ex = self.rng.choice(EXERCISES)
        right = self.rng.random() < 0.3
        sent = time.monotonic()

        def answered(reply: dict[str, object]) -> None:
            with self.lock:
                self.latencies.append(time.monotonic() - sent)
                self.answered += 1
                self.refused += reply.get("ok") is not True

        self.link.send("check", {"exercise": ex, "answer": str(self.rng.randint(0, 99)),
                                 "verdict": "right" if right else "wrong",
                                 "hint": "" if right else f"hint-{self.rng.randint(1, 3)}"},
                       on_answer=answered)


def prefill(folder: Path, n: int, students: int, rng: random.Random) -> None:
    """``n`` checks already in the class store (earlier in the lesson)."""
    from classroom.tables import checks
    from classroom.tables.students import ClassStore, student_id

    store = ClassStore(folder / "class.sqlite3")
    checks.setup(store)
    ids = [student_id(f"student{i:03d}".ljust(22, "x")) for i in range(students)]
    with store.transaction() as db:
        for sid in ids:
            db.execute("INSERT INTO students(id, name, created, seen) VALUES (?, ?, 0, 0)",
                       (sid, sid[-4:]))
        for i in range(n):
            right = rng.random() < 0.3
            ex = rng.choice(EXERCISES)
            db.execute("INSERT INTO checks VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (rng.choice(ids), ex, ex[:2], str(rng.randint(0, 99)),
                        "right" if right else "wrong",
                        "" if right else f"hint-{rng.randint(1, 3)}", float(i)))
            db.execute("INSERT INTO submissions VALUES (?, ?, 'check', '{}', ?)",
                       (rng.choice(ids), f"old-{i}", float(i)))
    store.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--every", type=float, default=2.0, help="seconds between two checks")
    ap.add_argument("--duration", type=float, default=60.0, help="measured seconds (<= 600)")
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--prefill", type=int, default=40_000,
                    help="checks already stored at the start (default: a 45-minute lesson "
                         "of 30 students, one every 2 s: 40,500)")
    args = ap.parse_args(argv)
    duration = min(args.duration, 600.0)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="cardgames-class-bench-") as tmp:
        folder = Path(tmp)
        prefill(folder, args.prefill, args.students, random.Random(args.seed))
        port = free_port()
        proc = start_server(folder, port)
        server = psutil.Process(proc.pid)
        url = http_url(f"ws://127.0.0.1:{port}/tables/ws")
        token = (folder / "teacher-token").read_text().strip()
        rng = random.Random(args.seed)
        students = [Student(i, url, random.Random(rng.random())) for i in range(args.students)]
        stop = threading.Event()
        views: list[float] = []

        def run_student(s: Student, offset: float) -> None:
            next_at = time.monotonic() + offset
            while not stop.wait(max(0.0, next_at - time.monotonic())):
                s.check()
                next_at += args.every

        def run_teacher() -> None:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/tables/api/class/view",
                headers={"Cookie": f"cgteacher={token}"})
            while not stop.wait(POLL_MS / 1000):
                t0 = time.monotonic()
                with urllib.request.urlopen(request, timeout=10) as r:
                    json.loads(r.read())
                views.append(time.monotonic() - t0)

        threads = [threading.Thread(target=run_student, args=(s, rng.uniform(0, args.every)),
                                    daemon=True) for s in students]
        threads.append(threading.Thread(target=run_teacher, daemon=True))
        try:
            for t in threads:
                t.start()
            time.sleep(args.warmup)
            cpu0, wall0 = server.cpu_times(), time.monotonic()
            answered0 = sum(s.answered for s in students)
            time.sleep(duration)
            cpu1, wall1 = server.cpu_times(), time.monotonic()
            answered1 = sum(s.answered for s in students)
            stop.set()
            for t in threads:
                t.join(5)
            for s in students:
                s.link.flush(10)
        finally:
            stop.set()
            for s in students:
                s.link.close()
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    load_after = os.getloadavg()
    cpu = (cpu1.user + cpu1.system) - (cpu0.user + cpu0.system)
    share = cpu / (wall1 - wall0)
    lat = sorted(x for s in students for x in s.latencies)
    refused = sum(s.refused for s in students)
    waiting = sum(s.link.pending for s in students)
    rate = (answered1 - answered0) / (wall1 - wall0)
    print(f"class checks: {args.students} students, one check every {args.every:g} s, "
          f"{duration:g} s measured (after {args.warmup:g} s), a teacher's view every "
          f"{POLL_MS / 1000:g} s, "
          f"{args.prefill} checks stored before")
    print(f"  server CPU: {cpu:.2f} s in {wall1 - wall0:.1f} s = {100 * share:.1f} % of one "
          f"core (bound: 10 %)")
    print(f"  checks answered: {sum(s.answered for s in students)} ({rate:.1f}/s measured), "
          f"refused: {refused}, still waiting: {waiting}")
    if lat:
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        print(f"  send -> answer: median {1000 * statistics.median(lat):.1f} ms, "
              f"p95 {1000 * p95:.1f} ms")
    if views:
        print(f"  teacher's view: {len(views)} polls, median "
              f"{1000 * statistics.median(views):.1f} ms")
    print(f"  load average (1 min): before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"({os.cpu_count()} cores)")
    return 0 if share <= 0.10 and refused == 0 and waiting == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

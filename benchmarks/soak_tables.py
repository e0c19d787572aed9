"""Soak the online tables through the real wire (issue 29): many whole matches, bounded.

Each match: a :class:`classroom.tables.TableService` on a store in memory behind the real
tornado seat websocket on 127.0.0.1, one or two students as kernel clients
(``widgets.tables.remote.RemoteSession``: every frame through ``cardgames.wire``) played by
random, heuristic or one-card choices from the view the wire gave them, the other seats the
table's bots; Liar (1 deck at 2-4 seats, 2 decks with both Chroniclers at 2-8) and
Thirty-One (2-9), drawn from ``--seed``.  After each match every seat's view and events are
checked against the service's (``tests/tables/wire_kit.py``, shared with
tests/tables/test_whole_games.py).  Bounded by ``--games`` and ``--minutes``; a progress
line after each match; at the end: games, actions, longest round, errors.

    nice -n 10 python benchmarks/soak_tables.py --games 10000 --minutes 5
    python benchmarks/soak_tables.py --minutes 5 --drops 0.02     # and lost connections
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests"), str(REPO / "tests" / "tables")]


def _match(rng: random.Random) -> tuple[str, int, dict, int, tuple[str, ...], str]:
    """(game, seats, options, students, the students' kinds, the bots) of one match."""
    if rng.random() < 0.6:
        seats = rng.randint(2, 8)
        options = ({"decks": 2, "chroniclers": rng.choice(["both", "pale", "colorful", "none"])}
                   if seats > 4 or rng.random() < 0.5 else {"decks": 1})
        options["rounds"] = 1
        kinds = rng.choice([("random",), ("heuristic",), ("one-card",), ("random", "one-card")])
        return "liar", seats, options, rng.choice([1, 2]), kinds, rng.choice(["random",
                                                                             "heuristic"])
    seats = rng.randint(2, 9)
    return ("thirty-one", seats, {"chronicler": rng.random() < 0.5, "lives": rng.randint(0, 3)},
            rng.choice([1, 2]), rng.choice([("random",), ("heuristic",), ("one-card",)]),
            rng.choice(["random", "heuristic"]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="matches to play (at most 100,000)")
    ap.add_argument("--minutes", type=float, default=5.0, help="stop after this long (<= 600)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--drops", type=float, default=0.0,
                    help="before each action, the chance (0-0.5) that a student's connection "
                         "is cut, as a lost network would; it reconnects by itself")
    args = ap.parse_args(argv)
    games_most = max(1, min(args.games, 100_000))
    if not 0.0 <= args.drops <= 0.5:
        ap.error("--drops is a chance from 0 to 0.5")
    deadline = time.monotonic() + 60 * max(0.1, min(args.minutes, 600.0))

    from socket_kit import ThreadServer
    from tables_kit import Clock, service
    from wire_kit import (
        Student,
        check_seats,
        close,
        connect,
        open_table,
        play_table,
        ram_folder,
        unthrottled,
    )

    class _Factory:
        def mktemp(self, name: str) -> Path:
            import tempfile
            return Path(tempfile.mkdtemp(prefix=name))

    mp = unthrottled()
    folder = ram_folder(_Factory())
    svc = service(folder, Clock())
    server = ThreadServer(svc)
    rng = random.Random(args.seed)
    games = actions = longest = longest_events = windowed = cut = drops = 0
    errors: list[str] = []
    by_game = {"liar": 0, "thirty-one": 0}
    t0 = time.monotonic()
    try:
        while games < games_most and time.monotonic() < deadline:
            game, seats, options, students, kinds, bots = _match(rng)
            students = min(students, seats)
            clients: dict = {}
            try:
                code, keys = open_table(server, game, seats, students, bots=bots,
                                        options=options)
                clients = connect(server, code, keys)
                players = {seat: Student(game, kinds[i % len(kinds)], rng.randrange(2**32))
                           for i, seat in enumerate(sorted(keys))}
                out = play_table(server, code, clients, players, most=50_000,
                                 deadline=deadline, drops=args.drops,
                                 # drawn only with --drops: a seed's matches stay the same
                                 rng=random.Random(rng.randrange(2**32)) if args.drops else None)
                cut += out.cut                  # counted before the check: a cut match too
                drops += out.drops
                check_seats(server, code, clients)
                failed = [c.failure for c in clients.values() if c.failure is not None]
                if failed:
                    raise AssertionError(f"a client failed: {failed}")
                actions += out.marks
                longest = max(longest, out.longest_actions)
                longest_events = max(longest_events, out.longest)
                windowed += out.windowed
            except Exception as e:  # noqa: BLE001 - counted and shown, the soak goes on
                errors.append(f"{game} {seats} seats {options} {kinds}: {type(e).__name__}: "
                              f"{str(e)[:200]}")
                traceback.print_exc(file=sys.stderr)
            finally:
                close(clients)
            games += 1
            by_game[game] += 1
            print(f"\r{games} games ({by_game['liar']} Liar, {by_game['thirty-one']} Thirty-One), "
                  f"{actions:,} actions, longest round {longest:,} actions / "
                  f"{longest_events:,} events, errors {len(errors)}, "
                  f"{(time.monotonic() - t0) / 60:.1f} min", end="", flush=True)
    finally:
        server.stop()
        svc.close()
        mp.undo()
        shutil.rmtree(folder, ignore_errors=True)
    print()
    print(f"games {games} ({cut} cut at the time limit), actions {actions:,}, longest round "
          f"{longest:,} actions ({longest_events:,} events), windowed views {windowed:,}, "
          f"connections cut {drops:,}, errors {len(errors)}, "
          f"{(time.monotonic() - t0) / 60:.1f} min")
    for e in errors[:20]:
        print("  error:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

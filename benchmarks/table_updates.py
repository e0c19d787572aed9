"""What one update of an online table costs in a student's kernel (issue 21).

    .venv/bin/python benchmarks/table_updates.py                 # Liar, 4 seats, 300 moves
    .venv/bin/python benchmarks/table_updates.py --game thirty-one --moves 200

A student's kernel (``lessons/app_online.ipynb``) draws its seat with the play table
(``LiarTable.for_session`` / ``ThirtyOneTable.for_session``) over a
:class:`widgets.tables.remote.RemoteSession`; every update from the service makes the
table draw again.  Here a :class:`WireSeat` (``benchmarks/_wire_seat.py``, shared with
tests/widgets/test_remote_updates.py) stands for the RemoteSession without a socket: a
real :class:`cardgames.session.Session` whose seat view and events go through
:mod:`cardgames.wire` (dump, JSON text, load) as on the wire.  The other seats move
(seeded random legal moves, and "call" now and then), the watched seat too, and for
every change the time of the kernel's handling is measured (load the view from JSON +
the table's redraw), with the widgets it made (``Widget.on_widget_constructed``) and the
messages it would send to the browser (``Widget._send``: state updates, opens, closes).
By kind of update: *others*: the watched seat neither acted nor is to act; *my turn*:
the seat is to act after it; *after mine*: the seat's own move.  One process, no
browser; the load average is printed (other work slows it down).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
for folder in (REPO, HERE):            # the package; benchmarks/_wire_seat.py
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import ipywidgets as ipw  # noqa: E402
from _wire_seat import WireSeat  # noqa: E402

from cardgames.session import Seat, Session  # noqa: E402


class Counter:
    """Widgets made and messages sent to the browser while it counts."""

    def __init__(self) -> None:
        self.made = 0
        self.sent = 0
        self._orig_send = ipw.Widget._send
        counter = self

        def send(widget: Any, msg: Any, buffers: Any = None) -> Any:
            counter.sent += 1
            return counter._orig_send(widget, msg, buffers)

        ipw.Widget._send = send                              # type: ignore[method-assign]
        ipw.Widget.on_widget_constructed(self._made)

    def _made(self, _widget: Any) -> None:
        self.made += 1

    def reset(self) -> tuple[int, int]:
        out = (self.made, self.sent)
        self.made = self.sent = 0
        return out


def table_for(game: str, wire: WireSeat) -> Any:
    if game == "liar":
        from widgets.tables.liar_table import LiarTable
        return LiarTable.for_session(wire)
    from widgets.tables.thirtyone_table import ThirtyOneTable
    return ThirtyOneTable.for_session(wire)


def run(args: argparse.Namespace) -> dict[str, Any]:
    seats = [Seat.remote(f"p{i}") for i in range(args.seats)]
    session = Session.new(args.game, seats=seats, seed=args.seed,
                          options={"decks": args.decks} if args.game == "liar" else {})
    rng = random.Random(args.seed)
    wire = WireSeat(session, 0)
    counter = Counter()
    table = table_for(args.game, wire)
    counter.reset()
    kinds: dict[str, list[tuple[float, float, int, int]]] = {}
    for _ in range(args.moves):
        if session.over:
            if session.match_over:
                break
            who = "deal"
            session.next_game()
        else:
            seat = session.to_act
            assert seat is not None
            legal = session.view(seat).legal
            action = ("call" if "call" in legal and rng.random() < 0.3 else legal.sample(rng))
            who = "after mine" if seat == 0 else None
            session.act(seat, action, mark=session.mark)
        if who is None:
            who = "my turn" if session.to_act == 0 else "others"
        t0 = time.perf_counter()
        wire.changed()
        took = time.perf_counter() - t0
        made, sent = counter.reset()
        kinds.setdefault(who, []).append((took, wire.load_s, made, sent))
    table.close()
    return kinds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("liar", "thirty-one"), default="liar")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--decks", type=int, default=1)
    ap.add_argument("--moves", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    load = os.getloadavg()
    kinds = run(args)
    print(f"== {args.game}, {args.seats} seats, seat 0 watched, {args.moves} moves; "
          f"load {load[0]:.1f}/{load[1]:.1f}/{load[2]:.1f} on {os.cpu_count()} CPUs")
    print("| update | n | handling p50 / max ms | of it wire load p50 ms "
          "| widgets made per update (mean) | messages to the browser (mean) |")
    print("|---|---|---|---|---|---|")
    for who, rows in sorted(kinds.items()):
        took = [r[0] * 1e3 for r in rows]
        print(f"| {who} | {len(rows)} | {statistics.median(took):.1f} / {max(took):.1f} | "
              f"{statistics.median(r[1] * 1e3 for r in rows):.2f} | "
              f"{statistics.fmean(r[2] for r in rows):.1f} | "
              f"{statistics.fmean(r[3] for r in rows):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

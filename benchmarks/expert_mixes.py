"""The expert bots in 3- and 4-player mixes: win rates and mean places with intervals.

    .venv/bin/python benchmarks/expert_mixes.py --mix t31-3 --games 1000 [--workers 1]

Mixes (seats rotated every game, so each entrant sits in every seat equally often):

==========  =========================================================
``t31-2``   Thirty-One: expert, heuristic (whole matches, 3 lives)
``t31-3``   Thirty-One: expert, heuristic, heuristic
``t31-4``   Thirty-One: expert, heuristic, heuristic, heuristic
``liar-3``  Liar: expert, heuristic, caller (rounds, ``max_plays=1000``)
``liar-4``  Liar: expert, heuristic, caller, heuristic
==========  =========================================================

Prints one Markdown table row per entrant for ``docs/analysis.md``: games,
wins, win rate with its Wilson 95 % interval (a shared win counts for each
winner), and the mean place with a 95 % normal interval (1.96 standard
errors); the load average before and after and the CPU time. In a mix with
``k`` seats an entrant that is no better than the others wins about 1/k of
the games and has a mean place of about (k + 1) / 2.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from cardgames.analysis.summary import long_form, summarize  # noqa: E402
from cardgames.analysis.tournament import tournament  # noqa: E402

MIXES: dict[str, tuple[str, list[str], dict[str, int]]] = {
    "t31-2": ("thirty-one", ["expert", "heuristic"], {}),
    "t31-3": ("thirty-one", ["expert", "heuristic", "heuristic"], {}),
    "t31-4": ("thirty-one", ["expert", "heuristic", "heuristic", "heuristic"], {}),
    "liar-3": ("liar", ["expert", "heuristic", "caller"], {"max_plays": 1000}),
    "liar-4": ("liar", ["expert", "heuristic", "caller", "heuristic"], {"max_plays": 1000}),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mix", choices=sorted(MIXES), required=True)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    game, agents, options = MIXES[args.mix]
    load0 = os.getloadavg()[0]
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    df = tournament(game, agents, games=args.games, seed=args.seed, workers=args.workers,
                    progress=sys.stderr.isatty(), **options)
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    summary = summarize(df)
    long = long_form(df)
    k = len(agents)
    print(f"mix {args.mix}: {game}, {', '.join(agents)}; {args.games:,} games, seed {args.seed}, "
          f"seats rotated; load average {load0:.2f} before, {os.getloadavg()[0]:.2f} after; "
          f"CPU {cpu:.0f} s (this process), wall {wall:.0f} s; even: wins {100 / k:.1f} %, "
          f"mean place {(k + 1) / 2:g}")
    if "capped" in df.columns:
        print(f"rounds stopped by the cap: {int((df['end'].astype(str) == 'cap').sum())}")
    print("| entrant | games | wins | win rate (Wilson 95 %) | mean place (95 %) |")
    print("|---|---|---|---|---|")
    for label, row in summary.iterrows():
        places = long.loc[long["agent"] == label, "place"].astype(float)
        half = 1.96 * places.std(ddof=1) / math.sqrt(len(places))
        print(f"| {label} | {int(row['games']):,} | {int(row['wins']):,} | {100 * row['win_rate']:.1f} % "
              f"({100 * row['win_low']:.1f}–{100 * row['win_high']:.1f} %) | "
              f"{places.mean():.3f} ± {half:.3f} |")


if __name__ == "__main__":
    main()

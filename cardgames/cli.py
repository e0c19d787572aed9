"""The command line: ``python -m cardgames`` (or the ``cardgames`` script).

Subcommands: ``score`` (a Thirty-One hand), ``odds`` (Liar claims, Thirty-One
hands), ``simulate`` (a seeded tournament among bots). Run
``python -m cardgames --help`` for examples.

Bad arguments and every engine error (:class:`~cardgames.errors.CardgamesError`)
give one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from cardgames.errors import CardgamesError

__all__ = ["main", "build_parser"]

PROG = "cardgames"

EXAMPLES = """\
examples:
  cardgames score "AH KH 9H"
  cardgames score "AH KH *"
  cardgames odds liar --hand "7H 7B KA" --claim 2x7 --players 3
  cardgames odds liar --hand "7H UB" --claim 3xU --seen "UH" --decks 2 --chroniclers both
  cardgames odds thirty-one --exclude "AH KH 9H" --at-least 30
  cardgames simulate thirty-one --games 10000 --agents heuristic,heuristic,random,random \\
      --workers 2 --seed 1 --out games.parquet
  cardgames simulate liar --games 2000 --agents heuristic,random,random --out liar.csv
"""


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(f"{self.prog}: error: {message} (see --help)")


class _UsageError(Exception):
    pass


def _fmt(value: float) -> str:
    return f"{value:g}"


# --------------------------------------------------------------------------- score


def _cmd_score(args: argparse.Namespace) -> int:
    from cardgames.cards import as_cards
    from cardgames.thirtyone import explain, score

    cards = as_cards(args.cards)     # "AH KH 9H" or AH KH 9H: as_cards reads both
    print(_fmt(score(cards)))
    print(explain(cards))
    return 0


# --------------------------------------------------------------------------- odds


def _cmd_odds_liar(args: argparse.Namespace) -> int:
    from cardgames.analysis import odds

    result = odds.claim_odds_from_text(hand=args.hand, claim=args.claim, seen=args.seen,
                                       players=args.players, decks=args.decks,
                                       chroniclers=args.chroniclers, aside=args.aside)
    print(result.describe())
    if args.distribution:
        dist = odds.holding_distribution(rank=result.rank, hand=args.hand, seen=args.seen,
                                         players=args.players, decks=args.decks,
                                         chroniclers=args.chroniclers,
                                         count_chroniclers=args.chroniclers != "none")
        what = result.rank.plural + (" and Chroniclers" if args.chroniclers != "none" else "")
        print(f"how many {what} the other {args.players - 1} players hold "
              "(as dealt, L5):")
        for k, p in dist.items():
            print(f"  {k:>2}  {p:.4f}")
    return 0


def _cmd_odds_31(args: argparse.Namespace) -> int:
    from cardgames.analysis import hands

    chron = args.chronicler
    p = hands.probability(at_least=args.at_least, chronicler=chron, exclude=args.exclude,
                          exact=True)
    seen = hands.known_cards(args.exclude)
    what = "3 unseen cards" if seen else "3 cards"
    print(f"P({what} score >= {_fmt(args.at_least)}) = {float(p):.6f} "
          f"({p.numerator}/{p.denominator})")
    if args.distribution:
        dist = hands.score_distribution(chronicler=chron, exclude=args.exclude,
                                        normalize=False)
        total = int(dist.sum())
        for value, count in dist.items():
            print(f"  {_fmt(value):>5}  {int(count):5d}  {count / total:.4f}")
    return 0


# --------------------------------------------------------------------------- simulate


def _cmd_simulate(args: argparse.Namespace) -> int:
    from cardgames.analysis.tournament import summarize, tournament

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(agents) < 2:
        raise _UsageError(f"{PROG} simulate: error: --agents needs at least 2 comma-"
                          f"separated agents, got {args.agents!r}")
    out = args.out
    if out is not None and not out.lower().endswith((".csv", ".parquet", ".pq")):
        raise _UsageError(f"{PROG} simulate: error: --out must end in .csv or .parquet, "
                          f"not {out!r}")
    if out is not None:
        folder = os.path.dirname(os.path.abspath(out))
        if not os.path.isdir(folder):
            raise _UsageError(f"{PROG} simulate: error: --out {out!r}: folder {folder!r} "
                              "does not exist")
    options: dict[str, Any] = {}
    if args.game_option:
        for item in args.game_option:
            key, sep, value = item.partition("=")
            if not sep:
                raise _UsageError(f"{PROG} simulate: error: --option takes KEY=VALUE, "
                                  f"not {item!r}")
            options[key.strip()] = _literal(value.strip())
    if args.rounds is not None:
        options["rounds"] = args.rounds
    df = tournament(args.game, agents, games=args.games, seed=args.seed,
                    workers=args.workers, progress=not args.no_progress,
                    chunk_size=args.chunk_size, **options)
    if out is not None:
        if out.lower().endswith(".csv"):
            df.to_csv(out, index=False)
        else:
            df.to_parquet(out, index=False)
    summary = summarize(df)
    import pandas as pd

    with pd.option_context("display.width", 120, "display.max_columns", 20,
                           "display.float_format", "{:.4f}".format):
        print(f"{args.game}: {len(df):,} games, seed {args.seed}, "
              f"{df['decisions'].mean():.1f} decisions per game")
        if args.game == "liar":
            from cardgames.analysis.tournament import LIAR_MAX_PLAYS

            cap = options.get("max_plays", LIAR_MAX_PLAYS)
            capped = int((df["end"].astype(str) == "cap").sum()) if "end" in df else 0
            rounds = int(df["capped"].sum()) if "capped" in df else 0
            if args.rounds is None:
                print(f"stopped by the safety cap (max_plays={cap}, no winner): "
                      f"{capped:,} of {len(df):,} games")
            else:
                print(f"rounds stopped by the safety cap (max_plays={cap}, no winner): "
                      f"{rounds:,}")
        print(summary.to_string())
    if out is not None:
        print(f"wrote {len(df):,} rows to {out}")
    return 0


def _literal(text: str) -> object:
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


# --------------------------------------------------------------------------- parser


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Liar and Thirty-One with the Hungarian deck: "
                     "scores, odds and seeded bot tournaments.", epilog=EXAMPLES,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    from cardgames import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("score", help="score a Thirty-One hand and explain it (T11, R-T2, R-T3)",
                       description="Score 3 cards (Thirty-One) and say why.",
                       epilog='examples:\n  cardgames score "AH KH 9H"\n  cardgames score AH KH *',
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cards", nargs="+", help='3 cards, e.g. "AH KH 9H" (ranks 7 8 9 10 U O K A, '
                   "suits H B L A, * the Chronicler)")
    p.set_defaults(func=_cmd_score)

    p = sub.add_parser("odds", help="exact odds: Liar claims, Thirty-One hands",
                       description="Exact probabilities.", epilog=EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    osub = p.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    osub.required = True
    q = osub.add_parser("liar", help="can a claim 'N x rank' be true? (L7, L9, R-L6)",
                        description="The probability that a Liar claim can be true, "
                        "from one player's view: the cards they hold and have seen are "
                        "known, everything else is dealt at random.",
                        epilog='examples:\n  cardgames odds liar --hand "7H 7B KA" --claim 2x7 '
                        '--players 3\n  cardgames odds liar --hand "7H UB" --claim 3xU '
                        '--seen UH --decks 2 --chroniclers both',
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--hand", required=True, help='your hand, e.g. "7H 7B KA"')
    q.add_argument("--claim", required=True,
                   help="the claim, N x rank: 2x7, 3xU, 1xA, '2 Kings' (N is 1-4, R-L4)")
    q.add_argument("--seen", default="", help="other cards you know are not in the claim "
                   "(turned over in calls, or put down by you), e.g. \"7L UH\"")
    q.add_argument("--players", type=_positive, default=4, help="players at the table "
                   "(default 4)")
    q.add_argument("--decks", type=_positive, default=1, choices=(1, 2),
                   help="1 or 2 decks (R-L2; default 1)")
    q.add_argument("--chroniclers", nargs="?", const="both", default="none",
                   choices=("none", "both", "colorful", "pale"),
                   help="Chroniclers in the deck (L12, L13; alone: both)")
    q.add_argument("--aside", type=int, default=None,
                   help="cards put aside (L5, R-L3); default: what the deal leaves over")
    q.add_argument("--distribution", action="store_true",
                   help="also print how many of the rank the other players hold")
    q.set_defaults(func=_cmd_odds_liar)

    q = osub.add_parser("thirty-one", aliases=["31"],
                        help="P(3 unseen cards score at least X)",
                        description="The probability that 3 cards you have not seen score "
                        "at least a value (T11), given the cards you have seen.",
                        epilog='examples:\n  cardgames odds thirty-one --at-least 21\n'
                        '  cardgames odds 31 --exclude "AH KH 9H 7B 8B 9B" --at-least 30 '
                        '--distribution',
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--at-least", type=_number, default=21.0, help="score (default 21)")
    q.add_argument("--exclude", default="", help='cards you have seen (your hand, the '
                   'table, swaps), e.g. "AH KH 9H"')
    q.add_argument("--chronicler", action="store_true", help="play with the Chronicler (T2)")
    q.add_argument("--distribution", action="store_true",
                   help="also print the whole score distribution")
    q.set_defaults(func=_cmd_odds_31)

    p = sub.add_parser("simulate", help="a seeded tournament among bots; writes one row "
                       "per game and prints win rates",
                       description="Play many seeded games among bots and print win rates "
                       "with 95% Wilson intervals. The same --seed gives the same games "
                       "whatever --workers.",
                       epilog="examples:\n  cardgames simulate thirty-one --games 10000 "
                       "--agents heuristic,heuristic,random,random --workers 2 --seed 1 "
                       "--out games.parquet\n  cardgames simulate liar --games 2000 --agents "
                       "heuristic,random,random --out liar.csv",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=("thirty-one", "liar"), help="the game")
    p.add_argument("--games", type=_positive, default=1000, help="games (default 1000)")
    p.add_argument("--agents", required=True,
                   help="comma-separated agents, one per seat: random, heuristic, ...")
    p.add_argument("--workers", type=_positive, default=None,
                   help="worker processes (default: all cores for 2,000 games or more, "
                   "else 1)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--out", default=None, help="write the per-game table: .csv or .parquet")
    p.add_argument("--chunk-size", type=_positive, default=200, help="games per task "
                   "(default 200)")
    p.add_argument("--option", dest="game_option", action="append", metavar="KEY=VALUE",
                   help="a game option, e.g. --option lives=5 (repeatable); liar rounds "
                   "stop after --option max_plays=N plays (default 1000, a safety cap: "
                   "such a round has no winner and is counted as capped)")
    p.add_argument("--rounds", type=_positive, default=None,
                   help="liar: each game is a match of this many rounds (R-L10)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad arguments or input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.func(args) or 0)
    except _UsageError as e:
        print(str(e), file=sys.stderr)
        return 2
    except CardgamesError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:
        if e.name in ("pandas", "numpy", "pyarrow", "tqdm"):
            print(f"{PROG}: error: this command needs {e.name}: pip install "
                  "'cardgames[analysis]'", file=sys.stderr)
            return 2
        raise
    except BrokenPipeError:  # e.g. `cardgames odds ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as e:       # e.g. --out in a read-only folder
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

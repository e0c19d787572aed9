"""The command line: ``python -m cardgames`` (or the ``cardgames`` script).

Subcommands: ``score`` (a Thirty-One hand), ``odds`` (Liar claims, Thirty-One
hands), ``simulate`` (a seeded tournament among bots), and the teacher's ``serve``,
``lab``, ``handouts``, ``lessons copy`` and ``site`` (:mod:`cardgames.classcli`, which runs
``classroom`` only when one of them runs). Run ``python -m cardgames --help`` for examples.

Bad arguments and every engine error (:class:`~cardgames.errors.CardgamesError`)
give one line on stderr and exit code 2, never a traceback.  The values the arguments
may take, and why, are in :mod:`cardgames.cliargs`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from cardgames.classcli import add_commands, jupyter_option
from cardgames.cliargs import (
    MAX_CHUNK,
    MAX_GAMES,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_WORKERS,
    PROG,
)
from cardgames.cliargs import UsageError as _UsageError
from cardgames.cliargs import count as _count
from cardgames.cliargs import number as _number
from cardgames.cliargs import read_option as _option
from cardgames.errors import CardgamesError, ConfigError
from cardgames.i18n import N_, decimal, format_count, format_number, get_language, ngettext
from cardgames.i18n import gettext as _

__all__ = ["main", "build_parser"]


EXAMPLES = """\
  cardgames serve
  cardgames lessons copy my-lessons --lang hr
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
        raise _UsageError(_("{prog}: error: {message} (see --help)").format(
            prog=self.prog, message=message))


def _one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes (an error
    is one line, whatever the arguments held)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _fmt(value: float) -> str:
    return format_number(value)


# --------------------------------------------------------------------------- score


def _cmd_score(args: argparse.Namespace) -> int:
    from cardgames.cards import as_cards, format_cards
    from cardgames.thirtyone import explain, score

    cards = as_cards(args.cards)     # "AH KH 9H" or AH KH 9H: as_cards reads both
    if len(cards) != 3:
        raise _UsageError(_("{prog} score: error: a Thirty-One hand is 3 cards (T4), got {n}: "
                            "{cards}").format(prog=PROG, n=len(cards),
                                              cards=format_cards(cards) or "-"))
    twice = sorted({c for c in cards if not c.is_chronicler and cards.count(c) > 1})
    if twice:
        raise _UsageError(_("{prog} score: error: {cards} is there twice, but one deck holds "
                            "each card once (T2): not a hand of Thirty-One").format(
            prog=PROG, cards=format_cards(twice)))
    if sum(c.is_chronicler for c in cards) > 1:
        raise _UsageError(_("{prog} score: error: Thirty-One plays with at most one Chronicler "
                            "(T2): {cards} is not a hand of one deck").format(
            prog=PROG, cards=format_cards(cards)))
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
        others = args.players - 1
        if args.chroniclers != "none":
            line = ngettext("how many {rank} and Chroniclers the other {n} player holds "
                            "(as dealt, L5):",
                            "how many {rank} and Chroniclers the other {n} players hold "
                            "(as dealt, L5):", others)
        else:
            line = ngettext("how many {rank} the other {n} player holds (as dealt, L5):",
                            "how many {rank} the other {n} players hold (as dealt, L5):",
                            others)
        print(line.format(rank=result.rank.plural_nominative, n=others))
        for k, p in dist.items():
            print(f"  {k:>2}  {decimal(f'{p:.4f}')}")
    return 0


def _cmd_odds_31(args: argparse.Namespace) -> int:
    from cardgames.analysis import hands

    chron = args.chronicler
    p = hands.probability(at_least=args.at_least, chronicler=chron, exclude=args.exclude,
                          exact=True)
    seen = hands.known_cards(args.exclude)
    what = _("3 unseen cards") if seen else _("3 cards")
    print(_("P({what} score >= {at_least}) = {p} ({num}/{den})").format(
        what=what, at_least=_fmt(args.at_least), p=decimal(f"{float(p):.6f}"),
        num=p.numerator, den=p.denominator))
    if args.distribution:
        dist = hands.score_distribution(chronicler=chron, exclude=args.exclude,
                                        normalize=False)
        total = int(dist.sum())
        for value, count in dist.items():
            print(f"  {_fmt(value):>5}  {int(count):5d}  {decimal(f'{count / total:.4f}')}")
    return 0


# --------------------------------------------------------------------------- simulate


def _cmd_simulate(args: argparse.Namespace) -> int:
    from cardgames.analysis.tournament import summarize, tournament

    agents = [a.strip() for a in args.agents.split(",")]
    if "" in agents:
        raise _UsageError(_("{prog} simulate: error: --agents {agents!r} has an empty name: "
                            "give one agent per seat, separated by commas").format(
            prog=PROG, agents=args.agents))
    if len(agents) < 2:
        raise _UsageError(_("{prog} simulate: error: --agents needs at least 2 comma-"
                            "separated agents, got {agents!r}").format(prog=PROG,
                                                                      agents=args.agents))
    out = args.out
    if out is not None and not out.lower().endswith((".csv", ".parquet", ".pq")):
        raise _UsageError(_("{prog} simulate: error: --out must end in .csv or .parquet, "
                            "not {out!r}").format(prog=PROG, out=out))
    if out is not None:
        folder = os.path.dirname(os.path.abspath(out))
        if not os.path.isdir(folder):
            raise _UsageError(_("{prog} simulate: error: --out {out!r}: folder {folder!r} "
                                "does not exist").format(prog=PROG, out=out, folder=folder))
    options: dict[str, Any] = {}
    if args.game_option:
        for item in args.game_option:
            key, sep, value = item.partition("=")
            if not sep:
                raise _UsageError(_("{prog} simulate: error: --option takes KEY=VALUE, "
                                    "not {item!r}").format(prog=PROG, item=item))
            options[key.strip()] = _option(args.game, key.strip(), value.strip())
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
                           "display.float_format", lambda x: decimal(f"{x:.4f}")):
        print(ngettext("{game}: {n} game, seed {seed}, {decisions} decisions per game",
                       "{game}: {n} games, seed {seed}, {decisions} decisions per game",
                       len(df)).format(game=args.game, n=format_count(len(df)), seed=args.seed,
                                       decisions=format_number(round(df["decisions"].mean(), 1))))
        if args.game == "liar":
            from cardgames.analysis.tournament import LIAR_MAX_PLAYS

            cap = options.get("max_plays", LIAR_MAX_PLAYS)
            capped = int((df["end"].astype(str) == "cap").sum()) if "end" in df else 0
            rounds = int(df["capped"].sum()) if "capped" in df else 0
            if args.rounds is None:
                print(_("stopped by the safety cap (max_plays={cap}, no winner): {capped} of "
                        "{n} games").format(cap=cap, capped=format_count(capped),
                                            n=format_count(len(df))))
            else:
                print(_("rounds stopped by the safety cap (max_plays={cap}, no winner): "
                        "{rounds}").format(cap=cap, rounds=format_count(rounds)))
        print(_summary_table(summary))
    if out is not None:
        print(ngettext("wrote {n} row to {out}", "wrote {n} rows to {out}", len(df)).format(
            n=format_count(len(df)), out=out))
    return 0


#: The columns of the summary table, titled in the current language when printed
#: (English: the data frame's own column names).
_SUMMARY_TITLES = {c: c for c in (
    N_("agent"), N_("seat"), N_("games"), N_("wins"), N_("win_rate"), N_("win_low"),
    N_("win_high"), N_("mean_place"), N_("capped"), N_("mean_points"), N_("mean_lives"))}


def _summary_table(summary: Any) -> str:
    """The summary as text, with its column titles in the current language."""
    shown = summary.rename(columns=lambda c: _(_SUMMARY_TITLES[c]) if c in _SUMMARY_TITLES
                           else c)
    if shown.index.name in _SUMMARY_TITLES:
        shown.index.name = _(_SUMMARY_TITLES[shown.index.name])
    return str(shown.to_string())


# --------------------------------------------------------------------------- parser


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description=_("Liar and Thirty-One with the Hungarian deck: "
                     "scores, odds and seeded bot tournaments; lessons and apps for a class."), epilog=_("examples:") + "\n" + EXAMPLES,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    from cardgames import __version__

    # argparse's default help of --version is made when argparse is imported (English)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help=_("show program's version number and exit"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("score", help=_("score a Thirty-One hand and explain it (T11, R-T2, R-T3)"),
                       description=_("Score 3 cards (Thirty-One) and say why."),
                       epilog=_("examples:") + '\n  cardgames score "AH KH 9H"\n  cardgames score AH KH *',
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cards", nargs="+", help=_('3 cards, e.g. "AH KH 9H" (ranks 7 8 9 10 U O K A, '
                   "suits H B L A, * the Chronicler)"))
    p.set_defaults(func=_cmd_score)

    p = sub.add_parser("odds", help=_("exact odds: Liar claims, Thirty-One hands"),
                       description=_("Exact probabilities."),
                       epilog=_("examples:") + "\n" + EXAMPLES,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    osub = p.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    osub.required = True
    q = osub.add_parser("liar", help=_("can a claim 'N x rank' be true? (L7, L9, R-L6)"),
                        description=_("The probability that a Liar claim can be true, "
                        "from one player's view: the cards they hold and have seen are "
                        "known, everything else is dealt at random."),
                        epilog=_("examples:") + '\n  cardgames odds liar --hand "7H 7B KA" --claim 2x7 '
                        '--players 3\n  cardgames odds liar --hand "7H UB" --claim 3xU '
                        '--seen UH --decks 2 --chroniclers both',
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--hand", required=True, help=_('your hand, e.g. "7H 7B KA"'))
    q.add_argument("--claim", required=True,
                   help=_("the claim, N x rank: 2x7, 3xU, 1xA, '2 Kings' (N is 1-4, R-L4)"))
    q.add_argument("--seen", default="", help=_("other cards you know are not in the claim "
                   "(turned over in calls, or put down by you), e.g. \"7L UH\""))
    q.add_argument("--players", type=_count(8, N_("Liar is for 2-8 players (R-L2)")), default=4, help=_("players at the table "
                   "(default 4)"))
    q.add_argument("--decks", type=_count(2, N_("Liar uses 1 or 2 decks (R-L2)")), default=1,
                   help=_("1 or 2 decks (R-L2; default 1)"))
    q.add_argument("--chroniclers", nargs="?", const="both", default="none",
                   choices=("none", "both", "colorful", "pale"),
                   help=_("Chroniclers in the deck (L12, L13; alone: both)"))
    q.add_argument("--aside", type=_count(8, N_("the deal leaves fewer cards than players over "
                   "(L5, R-L3)"), lo=0), default=None,
                   help=_("cards put aside (L5, R-L3); default: what the deal leaves over"))
    q.add_argument("--distribution", action="store_true",
                   help=_("also print how many of the rank the other players hold"))
    q.set_defaults(func=_cmd_odds_liar)

    q = osub.add_parser("thirty-one", aliases=["31"],
                        help=_("P(3 unseen cards score at least X)"),
                        description=_("The probability that 3 cards you have not seen score "
                        "at least a value (T11), given the cards you have seen."),
                        epilog=_("examples:") + '\n  cardgames odds thirty-one --at-least 21\n'
                        '  cardgames odds 31 --exclude "AH KH 9H 7B 8B 9B" --at-least 30 '
                        '--distribution',
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--at-least", type=_number, default=21.0, help=_("score (default 21)"))
    q.add_argument("--exclude", default="", help=_('cards you have seen (your hand, the '
                   'table, swaps), e.g. "AH KH 9H"'))
    q.add_argument("--chronicler", action="store_true", help=_("play with the Chronicler (T2)"))
    q.add_argument("--distribution", action="store_true",
                   help=_("also print the whole score distribution"))
    q.set_defaults(func=_cmd_odds_31)

    p = sub.add_parser("simulate", help=_("a seeded tournament among bots; writes one row "
                       "per game and prints win rates"),
                       description=_("Play many seeded games among bots and print win rates "
                       "with 95% Wilson intervals. The same --seed gives the same games "
                       "whatever --workers."),
                       epilog=_("examples:") + "\n  cardgames simulate thirty-one --games 10000 "
                       "--agents heuristic,heuristic,random,random --workers 2 --seed 1 "
                       "--out games.parquet\n  cardgames simulate liar --games 2000 --agents "
                       "heuristic,random,random --out liar.csv",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    from cardgames import registry

    p.add_argument("game", choices=registry.names(), help=_("the game"))
    p.add_argument("--games", type=_count(MAX_GAMES, N_("a win rate's 95 percent interval is then "
                   "within 0.1 points: more games only take longer")), default=1000,
                   help=_("games (default 1000, at most 1,000,000)"))
    p.add_argument("--agents", required=True,
                   help=_("comma-separated agents, one per seat: random, heuristic, ..."))
    p.add_argument("--workers", type=_count(MAX_WORKERS, N_("more worker processes than cores "
                   "only cost memory")), default=None,
                   help=_("worker processes (default: all cores for 2,000 games or more, "
                   "else 1)"))
    p.add_argument("--seed", type=_count(MAX_SEED, N_("a seed is a 64-bit whole number"),
                                      lo=-MAX_SEED - 1),
                   default=0, help=_("master seed (default 0)"))
    p.add_argument("--out", default=None, help=_("write the per-game table: .csv or .parquet"))
    p.add_argument("--chunk-size", type=_count(MAX_CHUNK, N_("games per task")), default=200, help=_("games per task "
                   "(default 200)"))
    p.add_argument("--option", dest="game_option", action="append", metavar="KEY=VALUE",
                   help=_("a game option, e.g. --option lives=5 (repeatable); liar rounds "
                   "stop after --option max_plays=N plays (default 1000, a safety cap: "
                   "such a round has no winner and is counted as capped)"))
    p.add_argument("--rounds", type=_count(MAX_ROUNDS, N_("a match of 1000 rounds is already "
                   "hours of play (R-L10)")), default=None,
                   help=_("liar: each game is a match of this many rounds (R-L10)"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    p.set_defaults(func=_cmd_simulate)
    add_commands(sub, _Parser)             # serve, lab, handouts, lessons, site (classcli)
    return parser


# argparse's own words ("usage:", "options", its errors), translated in our catalog.
_ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"), N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def _argparse_in_language() -> tuple[object, object]:
    """Let argparse's own words use our catalog (this process only); returns the old pair."""
    old = (argparse._, argparse.ngettext)  # type: ignore[attr-defined]
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    return old


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad arguments or input).

    Messages and ``--help`` are in the language of ``CARDGAMES_LANG`` (en, hr, de).
    """
    try:
        get_language()
    except ConfigError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    old = _argparse_in_language()
    try:
        return _main(argv)
    finally:
        argparse._, argparse.ngettext = old  # type: ignore[attr-defined]


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args, rest = parser.parse_known_args(argv)
        if rest:     # serve and lab pass --Class.trait=value on to Voila / JupyterLab
            if getattr(args, "command", "") in ("serve", "lab") and all(map(jupyter_option,
                                                                             rest)):
                args.jupyter_args = rest
            else:
                parser.error(_("unrecognized arguments: %s") % " ".join(rest))
        return int(args.func(args) or 0)
    except _UsageError as e:
        print(_one_line(str(e)), file=sys.stderr)
        return 2
    except CardgamesError as e:
        print(_one_line(_("{prog}: error: {error}").format(prog=PROG, error=e)), file=sys.stderr)
        return 2
    except ModuleNotFoundError as e:
        if e.name in ("pandas", "numpy", "pyarrow", "tqdm"):
            print(_("{prog}: error: this command needs {module}: pip install "
                    "'cardgames[analysis]'").format(prog=PROG, module=e.name), file=sys.stderr)
            return 2
        raise
    except BrokenPipeError:  # e.g. `cardgames odds ... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as e:       # e.g. --out in a read-only folder
        print(_one_line(_("{prog}: error: {error}").format(prog=PROG, error=e)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return 130
    except (RecursionError, MemoryError, OverflowError, TypeError, ValueError) as e:
        # a bug, not the user's fault: still one line, never a traceback (issue 18)
        print(_one_line(_("{prog}: error: {error} (this is a bug of cardgames: please report "
                          "the command)").format(prog=PROG,
                                                 error=f"{type(e).__name__}: {str(e)[:200]}")),
              file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

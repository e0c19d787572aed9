"""The command line's values, read and bounded (:mod:`cardgames.cli` parses with them).

Every count has a largest value and a reason (:data:`MAX_GAMES` and the others;
:func:`count`), every ``simulate --option KEY=VALUE`` its bounds per game
(:data:`OPTIONS`; :func:`read_option`): a value past them is refused at once with the
reason, rather than running for hours or filling the memory.  A refusal is a
:class:`UsageError` (one line on stderr, exit code 2) or argparse's own
``ArgumentTypeError``.

>>> count(8, "Liar is for 2-8 players (R-L2)")("9")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be 1-8 (Liar is for 2-8 players (R-L2)), not 9
>>> read_option("liar", "points", "5 3 1")
(5, 3, 1)
"""

from __future__ import annotations

import argparse
from typing import Any

from cardgames import registry
from cardgames.i18n import format_count
from cardgames.i18n import gettext as _

__all__ = ["MAX_CHUNK", "MAX_GAMES", "MAX_ROUNDS", "MAX_SEED", "MAX_WORKERS", "OPTIONS", "PROG",
           "UsageError", "count", "number", "read_option"]

PROG = "cardgames"


class UsageError(Exception):
    """A command line the commands refuse (the message says why, naming the rule)."""


#: The options ``simulate --option KEY=VALUE`` takes, per game, with the largest value and
#: why: each bound is far beyond a real game and keeps one run to minutes, not days.
#: (The games' own: :attr:`GameInfo.cli_options <cardgames.registry.GameInfo.cli_options>`.)
OPTIONS: dict[str, dict[str, tuple[int, int, str]]] = {
    info.name: dict(info.cli_options) for info in registry.games()}


def read_option(game: str, key: str, value: str) -> object:
    """The value of ``--option key=value`` for ``game``, read and bounded (see :data:`OPTIONS`)."""
    known = OPTIONS[game]
    if key not in known:
        raise UsageError(_("{prog} simulate: error: {game} has no option {key!r}; its options "
                            "are {options}").format(prog=PROG, game=game, key=key,
                                                    options=", ".join(sorted(known))))
    lo, hi, why = known[key]
    low = value.lower()
    if len(value) > 100:
        value = value[:40] + "..."
    if key in ("chroniclers", "tie_places"):
        return value
    if key == "chronicler":
        if low in ("true", "1", "yes"):
            return True
        if low in ("false", "0", "no"):
            return False
    elif key == "points":
        parts = value.strip("()[] ").replace(",", " ").split()
        if 1 <= len(parts) <= 8 and all(p.isdigit() and int(p) <= hi for p in parts):
            return tuple(int(p) for p in parts)
    elif key == "turn_cap" and low == "none":
        return None
    elif value.isdigit() and lo <= int(value[:12]) <= hi:
        return int(value)
    raise UsageError(_("{prog} simulate: error: --option {key}={value}: {why}").format(
        prog=PROG, key=key, value=value[:40], why=_(why)))


#: The largest counts the command line takes, and why (a bigger one is refused at once,
#: rather than running for hours or filling the memory).
#: The largest counts the command line takes, and why (a bigger one is refused at once,
#: rather than running for hours or filling the memory).
MAX_GAMES = 1_000_000     # the 95% interval of a win rate is then within +-0.1 points
MAX_WORKERS = 64          # worker processes: more than the machine's cores only cost memory
MAX_CHUNK = 100_000       # games per task
MAX_ROUNDS = 1000         # rounds of a Liar match (R-L10)
MAX_SEED = 2**63 - 1      # a seed is a 64-bit whole number


def count(hi: int, why: str, lo: int = 1) -> Any:
    """An argparse type: a whole number ``lo``-``hi`` (``why`` says why ``hi``)."""

    def read(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if not digits.isdigit() or len(digits) > 30:
            if digits.isdigit():
                raise argparse.ArgumentTypeError(_("must be {lo}-{hi} ({why}), not {text}").format(
                    lo=format_count(lo), hi=format_count(hi), why=_(why), text=t[:40] + "..."))
            raise argparse.ArgumentTypeError(_("not a whole number: {text!r}").format(
                text=text[:40]))
        value = int(t)
        if value < lo:
            raise argparse.ArgumentTypeError(_("must be at least {lo}, not {value}").format(
                lo=lo, value=value))
        if value > hi:
            raise argparse.ArgumentTypeError(_("must be {lo}-{hi} ({why}), not {value}").format(
                lo=format_count(lo), hi=format_count(hi), why=_(why), value=value))
        return value

    return read


def number(text: str) -> float:
    """An argparse type: a finite number."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number: {text!r}").format(
            text=text[:40])) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(_("not a finite number: {text!r}").format(
            text=text[:40]))
    return value

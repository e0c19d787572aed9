"""The teacher's commands of the ``cardgames`` command line: serve, lab, handouts, lessons,
site.

    cardgames serve [FOLDER] [--students N --notebooks "..."] [--ip IP] [--port N] [--lang hr]
    cardgames lab [FOLDER]
    cardgames handouts --out DIR
    cardgames lessons copy DIR [--lang hr]
    cardgames site --out DIR [--lang hr de] [--class-server URL]

Only the arguments are read here (``--help`` in the CLI's languages); the commands run in
:mod:`classroom.commands`, imported when one of them runs, never by ``import cardgames``
(the engine never imports Jupyter).  Before that import, :func:`check_ours` makes sure
the ``widgets`` and ``classroom`` Python would import are the ones installed beside this
``cardgames``: both names are easy to shadow (another package of the same name, a
folder ``classroom/`` in the current folder), and a stranger's package would fail in
ways nobody could read.

>>> check_ours()          # in the checkout, or an installed wheel: ours
>>> p = build_test_parser()
>>> a = p.parse_args(["serve", "mine", "--port", "9000", "--lang", "HR"])
>>> a.folder, a.port, a.lang, a.ip
('mine', 9000, 'hr', '127.0.0.1')
>>> a = p.parse_args(["site", "--out", "homework", "--lang", "hr", "DE"])
>>> a.out, a.langs, a.class_server
('homework', ['hr', 'de'], None)
"""

from __future__ import annotations

import argparse
import importlib.util
import re
from pathlib import Path
from typing import Any

from cardgames.cliargs import PROG, UsageError
from cardgames.cliargs import count as _count
from cardgames.errors import ConfigError
from cardgames.i18n import N_, check_language
from cardgames.i18n import gettext as _

__all__ = ["COMMANDS", "add_commands", "check_ours", "jupyter_option", "run"]

#: The teacher's commands (each runs :mod:`classroom.commands`).
COMMANDS = ("serve", "lab", "handouts", "lessons", "site")
#: The packages that must sit side by side: the engine, its widgets, the server.
PACKAGES = ("cardgames", "widgets", "classroom")
HOME = Path(__file__).resolve().parent.parent
#: An option passed on to Voila / JupyterLab as it is (``--ServerApp.allow_root=True``).
JUPYTER_OPTION = re.compile(r"--[A-Z]\w*\.\w+(=.*)?|--allow-root")


def _origin(name: str) -> Path | None:
    """The folder ``import name`` loads the package from (None: nowhere), not imported."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.origin and spec.origin not in ("built-in", "frozen", "namespace"):
        return Path(spec.origin).resolve().parent
    locations = list(spec.submodule_search_locations or [])
    return Path(locations[0]).resolve() if locations else None


def check_ours() -> None:
    """Raise :class:`UsageError` unless ``widgets`` and ``classroom`` are found beside
    this ``cardgames`` (the same wheel, or the same checkout)."""
    for name in PACKAGES:
        found = _origin(name)
        if found != HOME / name:
            raise UsageError(_(
                "{prog}: error: 'import {name}' finds {found}, not cardgames' own {ours}: "
                "another package or folder named {name} shadows it; uninstall or rename "
                "that one (pip show {name}), or start from another folder").format(
                prog=PROG, name=name, found=found or _("nothing"), ours=HOME / name))


def _language(text: str) -> str:
    try:
        return check_language(text)
    except ConfigError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def jupyter_option(text: str) -> bool:
    """Whether ``text`` is passed on to Voila / JupyterLab (``--Class.trait=value``).

    >>> jupyter_option("--ServerApp.allow_root=True"), jupyter_option("--studnets")
    (True, False)
    """
    return JUPYTER_OPTION.fullmatch(text) is not None


def add_commands(sub: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    """The teacher's subcommands, added to the ``cardgames`` parser's ``sub``."""
    raw = argparse.RawDescriptionHelpFormatter
    port = _count(65535, N_("a TCP port is 1-65535"))
    p = sub.add_parser("serve", help=_("serve the lessons and apps to a class (Voila)"),
                       description=_("Serve the lessons and apps to a class: a start page, "
                       "warm kernels, the online tables; prints the students' link and the "
                       "teacher's page with its token. Ctrl+C stops it."),
                       epilog=_("examples:") + "\n  cardgames serve\n  cardgames serve "
                       "--ip 0.0.0.0 --lang hr\n  cardgames serve my-lessons --students 30 "
                       '--notebooks "04_how_likely_is_a_lie app_call_odds"\n' + _(
                           "Other --Class.option=value options go to Voila."),
                       formatter_class=raw)
    p.add_argument("folder", nargs="?", default=None,
                   help=_("the folder of notebooks (default: the lessons installed with "
                          "cardgames)"))
    p.add_argument("--students", default="", metavar="N",
                   help=_("keep N warm kernels of each notebook of --notebooks"))
    p.add_argument("--notebooks", default="", metavar='"A B"',
                   help=_("the notebooks of --students, e.g. \"04_how_likely_is_a_lie "
                          "app_call_odds\" (default: one warm kernel of every page the start "
                          "page offers, within --warm-mb)"))
    p.add_argument("--warm-mb", type=_count(10**7, N_("megabytes"), lo=0), default=None,
                   metavar="MB", help=_("memory for the warm kernels without --students "
                                        "(default: half the memory free; 0: none)"))
    p.add_argument("--max-kernels", default="", metavar="N",
                   help=_("most kernels pages use at once (default: the memory decides)"))
    p.add_argument("--ip", default="127.0.0.1",
                   help=_("the address to listen on (default 127.0.0.1: this computer only; "
                          "0.0.0.0: the classroom's network)"))
    p.add_argument("--port", type=port, default=8866, help=_("the port (default 8866)"))
    p.add_argument("--lang", type=_language, default=None,
                   help=_("the class's language: en, hr or de (default: CARDGAMES_LANG, "
                          "else English; the start page offers all three)"))
    p.add_argument("--data-dir", default="", metavar="DIR",
                   help=_("the class's data folder: tables, answers, secrets (default: "
                          "CARDGAMES_DATA_DIR, else a folder of its own for this folder and "
                          "port in Jupyter's data folder)"))
    p.add_argument("--check", action="store_true",
                   help=_("check the settings and print the plan, then stop"))
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                   help=_("the address of a static site (cardgames site --class-server) whose "
                          "pages may send exercise checks here, e.g. https://school.example "
                          "(again for more sites)"))
    p.set_defaults(func=run, command="serve")

    p = sub.add_parser("lab", help=_("open the lessons in JupyterLab, on this computer only"),
                       description=_("JupyterLab in a folder of lessons, on this computer "
                       "only: open the printed address with its token."),
                       epilog=_("examples:") + "\n  cardgames lab\n  cardgames lab my-lessons",
                       formatter_class=raw)
    p.add_argument("folder", nargs="?", default=None,
                   help=_("the folder (default: the lessons installed with cardgames)"))
    p.add_argument("--port", type=port, default=8888, help=_("the port (default 8888)"))
    p.set_defaults(func=run, command="lab")

    p = sub.add_parser("handouts", help=_("print the teacher's kit as PDFs"),
                       description=_("The answer keys, worksheets, rules cards and teacher "
                       "pages in English, Croatian and German, as PDFs (printed by "
                       "Chromium)."),
                       epilog=_("examples:") + "\n  cardgames handouts --out handouts",
                       formatter_class=raw)
    p.add_argument("--out", required=True, metavar="DIR", help=_("the folder to write to"))
    p.set_defaults(func=run, command="handouts")

    p = sub.add_parser("lessons", help=_("copy the lessons into a folder of your own"),
                       description=_("The lessons and apps, to change them or write new "
                       "ones."), formatter_class=raw)
    lsub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=parser_class)
    lsub.required = True
    q = lsub.add_parser("copy", help=_("copy the lessons, apps and rules pages into DIR"),
                        description=_("Copy the lessons, apps and rules pages into a new "
                        "folder, to change them; serve it with cardgames serve DIR."),
                        epilog=_("examples:") + "\n  cardgames lessons copy my-lessons\n"
                        "  cardgames lessons copy moje-lekcije --lang hr", formatter_class=raw)
    q.add_argument("dest", metavar="DIR", help=_("a new or empty folder"))
    q.add_argument("--lang", type=_language, default=None,
                   help=_("only the lessons in this language (en, hr or de), at the folder's "
                          "top (default: every language, as served)"))
    q.set_defaults(func=run, command="lessons")

    p = sub.add_parser("site", help=_("the apps and exercises as a static site for homework"),
                       description=_("The apps, explainers and exercises as a folder of plain "
                       "files whose Python runs in the student's browser: put it on any web "
                       "host for homework with no server. For practice, not for marks. It needs "
                       "npm; the first build downloads from PyPI and npm."),
                       epilog=_("examples:") + "\n  cardgames site --out homework\n  cardgames "
                       "site --out domaca-zadaca --lang hr --class-server http://192.168.1.20:"
                       "8866\n" + _("With --class-server, start that server with: cardgames "
                                     "serve --allow-origin <the site's address>"),
                       formatter_class=raw)
    p.add_argument("--out", required=True, metavar="DIR",
                   help=_("the folder to write (new, empty, or a site built before)"))
    p.add_argument("--lang", dest="langs", nargs="+", type=_language, default=None,
                   metavar="LANG", help=_("the pages' languages: en, hr, de (default: all three)"))
    p.add_argument("--class-server", default=None, metavar="URL",
                   help=_("the class server (cardgames serve) that gets the exercises' checks "
                          "(default: none, nothing is sent)"))
    p.set_defaults(func=run, command="site")


def run(args: argparse.Namespace) -> int:
    """Run a teacher's command (its arguments read by :func:`add_commands`)."""
    check_ours()
    from classroom import bundle, commands  # Jupyter is imported only by what runs

    extra = list(getattr(args, "jupyter_args", None) or [])
    try:
        status: int
        if args.command == "serve":
            status = commands.serve(args.folder, students=args.students,
                                    notebooks=args.notebooks, ip=args.ip, port=args.port,
                                    lang=args.lang, max_kernels=args.max_kernels,
                                    warm_mb=args.warm_mb, data_dir=args.data_dir,
                                    check=args.check, jupyter_args=extra,
                                    allow_origins=tuple(args.allow_origin))
        elif args.command == "lab":
            status = commands.lab(args.folder, port=args.port, jupyter_args=extra)
        elif args.command == "handouts":
            status = commands.handouts(args.out)
        elif args.command == "site":
            status = commands.site(args.out, langs=args.langs, class_server=args.class_server)
        else:
            status = commands.copy_lessons(args.dest, lang=args.lang)
    except (commands.CommandError, bundle.BundleError) as e:
        raise UsageError(_("{prog} {command}: error: {error}").format(
            prog=PROG, command=args.command, error=e)) from None
    return status


def build_test_parser() -> argparse.ArgumentParser:
    """A parser with only these commands (for the doctest)."""
    parser = argparse.ArgumentParser(prog=PROG)
    add_commands(parser.add_subparsers(dest="command"), argparse.ArgumentParser)
    return parser

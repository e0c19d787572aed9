"""No shared layer names a game (issue 32): the session, the seat and its wire, the codec,
the play loop, the command line, the table service and the online seat know the games only
through the registry (:mod:`cardgames.registry`) and the protocols of
:mod:`cardgames.core` (``Game``, ``State``, ``Match``, ``ViewCodec``).

Read with :mod:`ast` (code, not docstrings or comments: a doctest may deal a Liar round
to show a function at work): a module names a game when its code holds a string that is
a game's name (``"liar"``, ``"thirty-one"``, or its spelling ``"thirtyone"``, in any case)
or imports ``cardgames.liar`` or ``cardgames.thirtyone`` (anywhere in it, a function's
import too).

Exempt, each for its reason: the game packages themselves; the registry (where each game
is registered, once); and the front ends that *are* one game's: a game's own play table
and drawing (``widgets/tables/liar_*``, ``thirtyone_*``), the explainers and explorers
(each explains one game's rule), the apps (``widgets/app/apps.py``: one app per game),
the analyses (``cardgames/analysis``: Liar's claim odds, Thirty-One's hands), the
learning adapters (``cardgames/adapters``: one environment per game) and the lessons'
exercises (``cardgames/courseware``: questions about each game), the command line's
commands of one game (``cardgames/cli.py``: ``score``, ``odds liar``, ``odds thirty-one``;
its game choices and ``simulate``'s options come from the registry) and the printed kit
(``classroom/handouts.py``: a rules card per game).
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_spec = importlib.util.spec_from_file_location("import_graph_tool",
                                               ROOT / "tools" / "import_graph.py")
assert _spec is not None and _spec.loader is not None
_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tool)

#: The names a game goes by (the registry's names and aliases), lower case.
NAMES = {"liar", "thirty-one", "thirtyone", "thirty_one"}
GAME_PACKAGES = ("cardgames.liar", "cardgames.thirtyone")
#: Exempt modules or packages (a name, or a prefix ending in "."), each for its reason.
EXEMPT = (
    "cardgames.liar.", "cardgames.thirtyone.", "cardgames.liar", "cardgames.thirtyone",
    "cardgames.registry",                    # each game registered, once
    "cardgames.analysis.",                   # a game's own analyses (claim odds, hands)
    "cardgames.adapters.",                   # one learning environment per game
    "cardgames.courseware.",                 # the lessons' questions about each game
    "cardgames.cli",                         # one game's commands: score (a Thirty-One
                                             # hand), odds liar, odds thirty-one
    "classroom.handouts",                    # the printed kit: a rules card per game,
                                             # Liar's decision table, Thirty-One's sheet
    "widgets.tables.liar_", "widgets.tables.thirtyone_",    # a game's own table
    "widgets.explainers.",                   # each explains one game's rule
    "widgets.app.apps",                      # one app per game
)


def _exempt(module: str) -> bool:
    return any(module == e or (e.endswith((".", "_")) and module.startswith(e))
               for e in EXEMPT)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of ``tree`` (module, classes, functions)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def names_a_game(source: str) -> list[tuple[int, str]]:
    """``(line, what)`` of every place the code of ``source`` names a game."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs and node.value.strip().lower() in NAMES):
            found.append((node.lineno, repr(node.value)))
        mods: list[str] = []
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            mods = [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
        for m in mods:
            if any(m == g or m.startswith(g + ".") for g in GAME_PACKAGES):
                found.append((node.lineno, f"import {m}"))
                break
    return sorted(set(found))


def test_the_finder_finds_a_name_and_an_import_but_not_a_docstring():
    source = ('"""Deal a Liar round: ``Session.new("liar", ...)``."""\n'
              'from cardgames.liar.view import LiarView\n'
              'def f(game):\n    """thirty-one"""\n    return game == "thirty-one"\n'
              'def g():\n    from cardgames import thirtyone\n    return "Liar "\n')
    assert names_a_game(source) == [(2, "import cardgames.liar.view"), (5, "'thirty-one'"),
                                    (7, "import cardgames.thirtyone"), (8, "'Liar '")]
    assert names_a_game('x = "liars"; y = "a liar"\n') == []


def test_no_shared_module_names_a_game():
    found = []
    for name, path in _tool.modules(ROOT, ("cardgames", "widgets", "classroom")).items():
        if _exempt(name):
            continue
        found += [f"{name}:{line} {what}"
                  for line, what in names_a_game(path.read_text(encoding="utf-8"))]
    assert not found, "modules naming a game outside its package:\n" + "\n".join(found)


def test_the_exemptions_are_real_places():
    # each exemption names modules that exist (a renamed folder must not widen it silently)
    known = set(_tool.modules(ROOT, ("cardgames", "widgets", "classroom")))
    for e in EXEMPT:
        assert any(m == e or m.startswith(e) for m in known), e

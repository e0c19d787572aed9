"""The import graph of ``cardgames/``: no cycles, no upward arrows, stdlib-only at import.

The graph is read from the source with :mod:`ast`, not by importing it, so an
import placed inside a function counts exactly like one at the top of a module:
hiding a cycle behind a function-level import does not hide it from this test.

What counts as an edge ``A -> B``:

- ``import cardgames.x.y`` and ``from cardgames.x import y`` anywhere in ``A``
  (module level, functions, methods, ``try`` blocks): an edge to the module
  named, or to the submodule ``cardgames.x.y`` when ``y`` is one.
- Relative imports are resolved against ``A``'s package.
- Imports under ``if TYPE_CHECKING:`` do **not** count: they never run, they
  exist only for the type checker (annotations are strings under
  ``from __future__ import annotations``), so they cannot form a run-time cycle.
  The test checks that such a block holds nothing but imports.
- Importing ``cardgames.x.y`` also runs the package ``__init__`` files above
  it; that implicit arrow is not an edge (otherwise every module would be in a
  cycle with its package).  The ``__init__`` modules' own imports are edges.
"""

from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Arrows that must not exist: the lower layer never imports the higher one.
FORBIDDEN = [
    ("cardgames.cards", "cardgames.render"),       # cards are the bottom layer
    ("cardgames.errors", "cardgames.cards"),
]


# the graph is read by the project's own tools/import_graph.py (also what the note's
# before/after figures come from), limited to cardgames/
_spec = importlib.util.spec_from_file_location("import_graph_tool",
                                               ROOT / "tools" / "import_graph.py")
assert _spec is not None and _spec.loader is not None
_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tool)
_is_type_checking = _tool._is_type_checking


def _modules() -> dict[str, Path]:
    return _tool.modules(ROOT, ["cardgames"])


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all of them but those under TYPE_CHECKING."""
    return _tool.imports(tree, type_checking=False)


def import_graph() -> dict[str, set[str]]:
    """Module -> the ``cardgames`` modules it imports at run time (anywhere in it)."""
    return _tool.import_graph(ROOT, packages=["cardgames"])


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each
    as one cycle through it: ``[a, b, ..., a]``."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = [0]

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                components.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return [_a_cycle(graph, comp) for comp in components]


def _a_cycle(graph: dict[str, set[str]], comp: list[str]) -> list[str]:
    """A path from the first module of ``comp`` back to itself, inside ``comp``."""
    members = set(comp)
    start = comp[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(f"no cycle through {comp}")  # pragma: no cover


# --------------------------------------------------------------------------- tests


def test_the_walker_sees_function_level_imports_and_skips_type_checking():
    # a hand-made example: a cycle hidden in a function is found, a TYPE_CHECKING one is not
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardgames.b import X\n"
        "def f():\n    from cardgames import c\n"
        "class K:\n    def m(self):\n        import cardgames.d\n")
    seen = sorted(getattr(n, "module", None) or n.names[0].name for n in _runtime_imports(tree))
    assert seen == ["cardgames", "cardgames.d", "typing"]
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_covers_the_package():
    graph = import_graph()
    assert {"cardgames", "cardgames.cards", "cardgames.liar.state",
            "cardgames.thirtyone.state", "cardgames.analysis.odds"} <= set(graph)
    # a known arrow, to show edges are found at all
    assert "cardgames.cards" in graph["cardgames.thirtyone.score"]


def test_no_import_cycles_in_cardgames():
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles (function-level imports count):\n" + "\n".join(
        " -> ".join(c) for c in cycles)


@pytest.mark.parametrize("low, high", FORBIDDEN)
def test_no_upward_import(low, high):
    assert high not in import_graph()[low], f"{low} must not import {high}"


def test_type_checking_blocks_hold_only_imports():
    # what is skipped above must really be import-only (nothing that runs hides there)
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                assert all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in node.body), name


def test_import_cardgames_pulls_in_no_third_party_module():
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "import cardgames\n"
        "new = sorted(set(sys.modules) - before)\n"
        "std = sys.stdlib_module_names\n"
        "print('\\n'.join(m for m in new if m.split('.')[0] not in std "
        "and m.split('.')[0] != 'cardgames'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "", f"third-party modules imported: {out.stdout.split()}"


# --------------------------------------------------------------------------- one honest unit

def import_graph_with_type_checking() -> dict[str, set[str]]:
    """As :func:`import_graph`, but the imports under ``if TYPE_CHECKING:`` count too."""
    return _tool.import_graph(ROOT, type_checking=True, packages=["cardgames"])


def test_no_circle_even_for_the_type_checker():
    # issue 17 item 3: a game makes its states (new_state, state_from_position,
    # state_from_json) and a state names its game only through a Protocol
    # (<game>/options.py), so nothing in cardgames/ forms a circle, not even through
    # TYPE_CHECKING imports (the OpenSpiel observers read the adapter's states through
    # Protocols too); snapshot, refusal, view and record import nothing of the state or game
    cycles = find_cycles(import_graph_with_type_checking())
    assert cycles == [], "circles (TYPE_CHECKING imports count):\n" + "\n".join(
        " -> ".join(c) for c in cycles)
    graph = import_graph_with_type_checking()
    for game in ("liar", "thirtyone"):
        assert f"cardgames.{game}.game" not in graph[f"cardgames.{game}.state"], game
        for helper in ("snapshot", "refusal", "view", "record", "options"):
            name = f"cardgames.{game}.{helper}"
            if name in graph:
                assert f"cardgames.{game}.state" not in graph[name], name
                assert f"cardgames.{game}.game" not in graph[name], name


def test_no_game_class_is_patched_onto_a_state():
    # the snapshot used to rebuild its game through ``State.game_class``, an attribute the
    # game module set on the state class when imported: now the game reads its saves
    from cardgames.liar import LiarGame, LiarState
    from cardgames.thirtyone import ThirtyOneGame, ThirtyOneState

    for state_class, game_class in ((LiarState, LiarGame), (ThirtyOneState, ThirtyOneGame)):
        assert not hasattr(state_class, "game_class")
        state = game_class(players=3).new_state(seed=11)
        assert game_class.state_from_json(state.to_json()) == state
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    assert not (isinstance(target, ast.Attribute)
                                and isinstance(target.value, ast.Name)
                                and target.value.id.endswith("State")), (
                        f"{name}:{node.lineno} sets an attribute of a state class")


def _private_names(cls: type) -> set[str]:
    """Every private name of a state class: its fields (``_FIELDS``, the slots) and every
    ``_method`` it defines (dunders aside), so a new private helper is covered too."""
    names = {f for f in getattr(cls, "_FIELDS", ()) if f.startswith("_")}
    return names | {n for n in vars(cls) if n.startswith("_") and not n.startswith("__")
                    and n != "_FIELDS"}


def _shipped_modules() -> dict[str, Path]:
    """The modules of cardgames/, widgets/ and classroom/ (everything a class runs)."""
    return _tool.modules(ROOT, ("cardgames", "widgets", "classroom"))


def private_reads(source: str, private: set[str]) -> list[tuple[int, str]]:
    """``(line, name)`` of every ``x._name`` in ``source`` with ``_name`` in ``private``,
    but a class's own ``self._name`` / ``cls._name`` (a helper of its own with the same
    name is not the state's field) and ``Card._...`` (the cards' own cache)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in private and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "Card")):
            found.append((node.lineno, node.attr))
    return sorted(found)


def test_the_private_read_finder_finds_them():
    # a hand-made example: a state's field read from outside, beside allowed look-alikes
    source = ("def f(state):\n    return state._hands[0]\n"
              "class T:\n    def g(self):\n        return self._hands, cls._make\n"
              "h = s.game.new_state(seed=1)._rng\n")
    assert private_reads(source, {"_hands", "_rng", "_make"}) == [(2, "_hands"), (6, "_rng")]
    from cardgames.thirtyone.state import ThirtyOneState
    assert {"_hands", "_lives", "_make", "_start_deal", "_swap_one"} <= _private_names(ThirtyOneState)


def test_no_module_but_the_state_reads_a_states_private_fields():
    # issue 17 item 3: snapshot, refusal, view and game.py, the session and the widgets read
    # a state's public API (properties, record(), new/at_position/restore), never
    # state._hands & co.
    from cardgames.liar.state import LiarState
    from cardgames.thirtyone.state import ThirtyOneState

    private = _private_names(LiarState) | _private_names(ThirtyOneState)
    found = []
    for name, path in _shipped_modules().items():
        if name in ("cardgames.liar.state", "cardgames.thirtyone.state"):
            continue
        found += [f"{name}:{line} .{attr}"
                  for line, attr in private_reads(path.read_text(encoding="utf-8"), private)]
    assert not found, found


def test_no_shipped_module_is_over_600_lines():
    # the project's hard cap (one module per concern, ~500 lines, never over 600), for
    # classroom/ too since classroom/app.py (667 lines) was split by concern
    long = {name: n for name, path in _shipped_modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long


# --------------------------------------------------------------------------- issue 32

def test_no_circle_in_cardgames_widgets_or_classroom():
    # issue 32: 0 circles anywhere a class runs, counting the imports in functions and
    # those under TYPE_CHECKING (the class API's registration loop checks <-> classapi
    # became one table the app builds, classroom/tables/kinds.py; the service <-> summary
    # type import went; the wire no longer patches the seat module at import)
    packages = ("cardgames", "widgets", "classroom")
    for type_checking in (False, True):
        graph = _tool.import_graph(ROOT, type_checking=type_checking, packages=packages)
        assert {"classroom.tables.service", "classroom.tables.classapi",
                "widgets.tables.remote", "cardgames.wire"} <= set(graph)
        cycles = find_cycles(graph)
        assert cycles == [], "circles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_no_module_patches_another_at_import():
    # `other._NAME = value` at a module's top level (what wire.py did to seat._CODEC):
    # a module's state is its own; and in the session's and the class server's layers no
    # import is made for its side effect alone (`import x as _x  # noqa: F401`, as
    # session.py imported the wire, classapi.py the checks): registration is a table
    for name, path in _tool.modules(ROOT, ("cardgames", "widgets", "classroom")).items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                imported |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.Import):
                imported |= {(a.asname or a.name).split(".")[0] for a in node.names}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    assert not (isinstance(target, ast.Attribute)
                                and isinstance(target.value, ast.Name)
                                and target.value.id in imported), (
                        f"{name}:{node.lineno} sets an attribute of another module")
        if not (name.startswith("classroom") or name in (
                "cardgames.session", "cardgames.seat", "cardgames.wire", "cardgames.wire_dump")):
            continue                  # (cardgames/__init__ still imports render for its
                                      # Jupyter drawings of the cards: not a table's layer)
        source = path.read_text(encoding="utf-8").splitlines()
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                line = source[node.lineno - 1]
                assert not ("noqa: F401" in line and ("regist" in line or "side" in line)), (
                    f"{name}:{node.lineno} imports for a side effect: {line.strip()}")

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
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardgames"

#: Arrows that must not exist: the lower layer never imports the higher one.
FORBIDDEN = [
    ("cardgames.cards", "cardgames.render"),       # cards are the bottom layer
    ("cardgames.errors", "cardgames.cards"),
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: all of them but those under TYPE_CHECKING."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                walk(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def _targets(name: str, path: Path, node: ast.Import | ast.ImportFrom,
             modules: dict[str, Path]) -> set[str]:
    """The ``cardgames`` modules that ``node`` (in module ``name``) imports."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in modules}
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if base not in modules:
        return set()
    out = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        out.add(sub if sub in modules else base)
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the ``cardgames`` modules it imports at run time (anywhere in it)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges: set[str] = set()
        for node in _runtime_imports(tree):
            edges |= _targets(name, path, node, modules)
        edges.discard(name)
        graph[name] = edges
    return graph


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
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges |= _targets(name, path, node, modules)
        edges.discard(name)
        graph[name] = edges
    return graph


#: The one circle left inside a game's package, even for the type checker: the game makes
#: states (``new_state``) and a state's ``from_json`` rebuilds its game, so each module
#: names the other's class (the state only under TYPE_CHECKING, and through the
#: ``game_class`` attribute the game module sets).  Issue 17 item 2 (the game registry)
#: removes it; nothing else may join it.
KNOWN_TYPE_CHECKING_CIRCLES = [
    ["cardgames.liar.game", "cardgames.liar.state", "cardgames.liar.game"],
    ["cardgames.thirtyone.game", "cardgames.thirtyone.state", "cardgames.thirtyone.game"],
]


def test_the_files_of_one_state_form_no_circle_even_for_the_type_checker():
    # snapshot, refusal and view read a state through its public API (Protocols), so they
    # import nothing of the state, not even under TYPE_CHECKING (issue 17, item 3)
    cycles = [c for c in find_cycles(import_graph_with_type_checking())
              if c[0].startswith(("cardgames.liar.", "cardgames.thirtyone."))]
    assert cycles == KNOWN_TYPE_CHECKING_CIRCLES, cycles
    graph = import_graph_with_type_checking()
    for game in ("liar", "thirtyone"):
        for helper in ("snapshot", "refusal", "view", "record"):
            name = f"cardgames.{game}.{helper}"
            if name in graph:
                assert f"cardgames.{game}.state" not in graph[name], name
                assert f"cardgames.{game}.game" not in graph[name], name


def _private_fields(cls: type) -> set[str]:
    return {f for f in cls._FIELDS if f.startswith("_")}


def test_no_module_but_the_state_reads_a_states_private_fields():
    # issue 17 item 3: snapshot, refusal, view and game.py read a state's public API
    # (properties, record(), the constructors new/at_position), never state._hands & co.
    from cardgames.liar.state import LiarState
    from cardgames.thirtyone.state import ThirtyOneState

    private = _private_fields(LiarState) | _private_fields(ThirtyOneState) | {
        "_blank", "_start_deal", "_make", "_init", "_check_three_aces", "_lay_out"}
    found = []
    for name, path in _modules().items():
        if name in ("cardgames.liar.state", "cardgames.thirtyone.state"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "Card")):
                found.append(f"{name}:{node.lineno} .{node.attr}")
    assert not found, found


def test_no_module_of_cardgames_is_over_600_lines():
    long = {name: n for name, path in _modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > 600}
    assert not long, long

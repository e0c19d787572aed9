"""The import graph of ``cardgames/``, ``widgets/`` and ``classroom/``, read from the source
with ``ast``.

Prints the number of modules and import edges, the import cycles (each strongly
connected component as one cycle through it), the package-level edges (a module
collapsed to its package: ``cardgames.liar.state`` -> ``cardgames.liar``) and
the line counts of the play-table modules.  It reads any commit without
checking it out, so the graph before and after a change is one command each::

    .venv/bin/python tools/import_graph.py                 # the work tree
    .venv/bin/python tools/import_graph.py --rev 369b905   # a commit (git archive)
    .venv/bin/python tools/import_graph.py --rev HEAD --edges   # every module edge too
    .venv/bin/python tools/import_graph.py --packages cardgames widgets  # some packages only

Two graphs are counted: the **run-time** one (every import that can run,
function-level ones included; those under ``if TYPE_CHECKING:`` never run) and
the **type-checker's** (those too).  An import of ``a.b.c`` also runs the
``__init__`` of ``a`` and ``a.b``; that implicit arrow is not an edge (else
every module would be in a cycle with its package), the ``__init__`` modules'
own imports are.  ``tests/test_import_graph.py`` holds the same rules for
``cardgames/`` as a test.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cardgames", "widgets", "classroom")
#: The play-table modules: the old flat layout (an old commit's, built from the names so
#: that the old-path check of tests/widgets/test_old_paths.py does not take it for an
#: import) and widgets/tables/ (issue 17 item 4-5).
_OLD_TABLES = ("liar_table", "thirtyone_table", "table_base", "liar_draw", "thirtyone_draw")
TABLE_GLOBS = tuple(f"widgets/{name}.py" for name in _OLD_TABLES) + ("widgets/tables/*.py",)

Graph = dict[str, set[str]]


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            out[module_name(root, path)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(tree: ast.AST, *, type_checking: bool) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree``; those under ``if TYPE_CHECKING:`` only when
    ``type_checking``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        if not type_checking and isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                walk(child)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


def targets(name: str, path: Path, node: ast.Import | ast.ImportFrom,
            known: dict[str, Path]) -> set[str]:
    """The known modules that ``node`` (in module ``name`` at ``path``) imports."""
    if isinstance(node, ast.Import):
        return {a.name for a in node.names if a.name in known}
    if node.level:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if base not in known:
        return set()
    out = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        out.add(sub if sub in known else base)
    return out


def import_graph(root: Path, *, type_checking: bool = False,
                 packages: Iterable[str] = PACKAGES) -> Graph:
    """Module -> the modules of ``packages`` it imports (run time, or also for the type
    checker when ``type_checking``)."""
    known = modules(root, packages)
    graph: Graph = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges: set[str] = set()
        for node in imports(tree, type_checking=type_checking):
            edges |= targets(name, path, node, known)
        edges.discard(name)
        graph[name] = edges
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan), each as one
    cycle ``[a, b, ..., a]`` through it (``a`` its first node by name)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
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

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph) + 100))
    for v in sorted(graph):
        if v not in index:
            strong(v)
    return [_a_cycle(graph, comp) for comp in sorted(components)]


def _a_cycle(graph: Graph, comp: list[str]) -> list[str]:
    members = set(comp)
    start = comp[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph.get(v, set()) & members):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                queue.append(w)
    raise AssertionError(f"no cycle through {comp}")  # pragma: no cover


def package_of(module: str, root: Path) -> str:
    """The package a module belongs to (itself for a package's ``__init__``)."""
    path = root.joinpath(*module.split("."))
    return module if path.is_dir() else module.rpartition(".")[0] or module


def package_graph(graph: Graph, root: Path) -> Graph:
    """``graph`` with each module collapsed to its package; no self-edges."""
    out: Graph = {}
    for a, bs in graph.items():
        pa = package_of(a, root)
        out.setdefault(pa, set())
        for b in bs:
            pb = package_of(b, root)
            if pb != pa:
                out[pa].add(pb)
    return out


def table_lines(root: Path) -> dict[str, int]:
    found: dict[str, int] = {}
    for pattern in TABLE_GLOBS:
        for path in sorted(root.glob(pattern)):
            if path.name != "__init__.py":
                found[str(path.relative_to(root))] = len(
                    path.read_text(encoding="utf-8").splitlines())
    return found


def _edges(graph: Graph) -> int:
    return sum(len(v) for v in graph.values())


def report(root: Path, *, show_edges: bool = False,
           packages: Iterable[str] = PACKAGES) -> str:
    lines = [f"packages: {', '.join(packages)}"]
    run = import_graph(root, packages=packages)
    typed = import_graph(root, type_checking=True, packages=packages)
    lines.append(f"modules: {len(run)}")
    for label, graph in (("run time", run), ("with TYPE_CHECKING imports", typed)):
        found = cycles(graph)
        in_cycles = sorted({m for c in found for m in c})
        lines.append(f"{label}: {_edges(graph)} module edges, {len(found)} cycle(s) "
                     f"through {len(in_cycles)} modules")
        lines += ["  cycle: " + " -> ".join(c) for c in found]
    pkg = package_graph(run, root)
    lines.append(f"package edges (run time): {_edges(pkg)}, package cycles: "
                 f"{len(cycles(pkg))}")
    lines += ["  package cycle: " + " -> ".join(c) for c in cycles(pkg)]
    for a in sorted(pkg):
        if pkg[a]:
            lines.append(f"  {a} -> {', '.join(sorted(pkg[a]))}")
    if show_edges:
        lines.append("module edges (run time):")
        lines += [f"  {a} -> {b}" for a in sorted(run) for b in sorted(run[a])]
    tables = table_lines(root)
    lines.append(f"table modules: {sum(tables.values())} lines in {len(tables)} files")
    lines += [f"  {n:5d} {p}" for p, n in tables.items()]
    return "\n".join(lines)


def checkout(rev: str, into: Path, packages: Iterable[str] = PACKAGES) -> Path:
    """The ``packages`` folders of commit ``rev`` extracted under ``into`` (git archive)."""
    data = subprocess.run(["git", "archive", "--format=tar", rev, *packages], cwd=ROOT,
                          capture_output=True, check=True).stdout
    tar = into / "tree.tar"
    tar.write_bytes(data)
    with tarfile.open(tar) as archive:
        archive.extractall(into, filter="data")
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", help="a commit to read (default: the work tree)")
    parser.add_argument("--edges", action="store_true", help="print every module edge")
    parser.add_argument("--packages", nargs="+", default=list(PACKAGES),
                        help=f"the top-level packages read (default: {' '.join(PACKAGES)})")
    args = parser.parse_args(argv)
    if args.rev is None:
        print(report(ROOT, show_edges=args.edges, packages=args.packages))
        return 0
    commit = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"commit {commit}")
        print(report(checkout(args.rev, Path(tmp), args.packages), show_edges=args.edges,
                     packages=args.packages))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Issue 17's "one of each" read from the source (``ast``), beside tests/test_import_graph.py:
one Agent protocol, one seed module, bots only in the registry (no ``BOTS[...] = ...``),
no game imported by a dotted string, no import cycle in ``widgets/`` either, and the
two play tables with one API.  Each check is shown to find a hand-made violation first.
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ("cardgames", "widgets", "classroom")


def _load_tool():
    spec = importlib.util.spec_from_file_location("import_graph_tool",
                                                  ROOT / "tools" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


def _sources(*packages: str) -> dict[str, str]:
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
            for package in packages for p in sorted((ROOT / package).rglob("*.py"))}


# --------------------------------------------------------------------------- finders

def agent_protocols(source: str) -> list[str]:
    """Names of the classes ``*Agent`` that derive from ``Protocol``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name.endswith("Agent") and any(
                (isinstance(b, ast.Name) and b.id == "Protocol")
                or (isinstance(b, ast.Attribute) and b.attr == "Protocol") for b in node.bases):
            out.append(node.name)
    return out


SEED_HELPERS = {"agent_rng", "agent_rngs", "round_seed", "game_seed", "match_seed"}


def seed_helper_defs(source: str) -> list[str]:
    """Module-level functions of the seed scheme's names (a method delegating to
    ``cardgames.seeds``, as ``LiarMatch.round_seed``, is not one)."""
    return [n.name for n in ast.parse(source).body
            if isinstance(n, ast.FunctionDef) and n.name in SEED_HELPERS]


def _names_seed(node: ast.expr) -> bool:
    """A variable holding a seed (not a bound such as ``SEED_MAX``)."""
    name = node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")
    return "seed" in name.lower() and not name.isupper()


def seed_arithmetic(source: str) -> list[int]:
    """Lines where a seed is made by arithmetic on a seed (``seed + k``, ``seed ^ i``...):
    a second seed scheme beside cardgames/seeds.py."""
    ops = (ast.Add, ast.Sub, ast.Mult, ast.BitXor, ast.Mod, ast.LShift)
    return sorted({n.lineno for n in ast.walk(ast.parse(source))
                   if isinstance(n, ast.BinOp) and isinstance(n.op, ops)
                   and (_names_seed(n.left) or _names_seed(n.right))})


def bot_table_writes(source: str) -> list[int]:
    """Lines that write into a bot table: ``BOTS[...] = ``, ``BOT_KINDS[...] = ``,
    ``x.bots[...] = `` or ``BOTS.update(...)`` / ``.setdefault``."""
    def is_table(node: ast.expr) -> bool:
        return ((isinstance(node, ast.Name) and node.id in ("BOTS", "BOT_KINDS"))
                or (isinstance(node, ast.Attribute) and node.attr in ("BOTS", "bots")))

    lines = []
    for n in ast.walk(ast.parse(source)):
        targets = (n.targets if isinstance(n, ast.Assign)
                   else [n.target] if isinstance(n, (ast.AugAssign, ast.AnnAssign)) else [])
        if any(isinstance(t, ast.Subscript) and is_table(t.value) for t in targets):
            lines.append(n.lineno)
        if (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                and n.func.attr in ("update", "setdefault", "__setitem__")
                and is_table(n.func.value)):
            lines.append(n.lineno)
    return sorted(lines)


def string_imports(source: str) -> list[int]:
    """Lines calling ``importlib.import_module`` / ``import_module`` / ``__import__``."""
    lines = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.Call):
            f = n.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ("import_module", "__import__"):
                lines.append(n.lineno)
    return lines


def test_the_finders_find_hand_made_violations():
    assert agent_protocols("class Agent(Protocol): ...\nclass LiarAgent(typing.Protocol): ...\n"
                           "class RandomAgent: ...\n") == ["Agent", "LiarAgent"]
    assert seed_helper_defs("def round_seed(s, i): ...\nclass M:\n    def round_seed(self): ...\n"
                            ) == ["round_seed"]
    assert seed_arithmetic("a = f(seed + k)\nb = Random(self._seed ^ 3)\nc = n + 1\n") == [1, 2]
    assert bot_table_writes("BOTS['expert'] = E\ninfo.bots['x'] = 1\nBOT_KINDS.update(a=1)\n"
                            "bots = {}\n") == [1, 2, 3]
    assert string_imports("m = importlib.import_module('cardgames.liar')\n"
                          "n = __import__('x')\nimport os\n") == [1, 2]


# --------------------------------------------------------------------------- one of each

def test_one_agent_protocol():
    # issue 17 item 2: cardgames.core.Agent; cardgames.agents re-exports it (it had its own)
    from cardgames import agents, core

    found = {path: names for path, src in _sources(*SHIPPED).items()
             if (names := agent_protocols(src))}
    assert found == {"cardgames/core.py": ["Agent"]}
    assert agents.Agent is core.Agent


def test_one_seed_module():
    # issue 17 item 2: the seed helpers are defined in cardgames/seeds.py only
    found = {path: names for path, src in _sources(*SHIPPED).items()
             if path != "cardgames/seeds.py" and (names := seed_helper_defs(src))}
    assert found == {}


#: Seeds made by arithmetic outside cardgames/seeds.py that were found by this test when it
#: was written (issue 22's class experiments, after issue 17): the k-th tournament of a
#: reveal_share is seeded seed + k, a student's k-th local share _local_seed + k.  Listed so
#: that a NEW one fails; moving these into cardgames/seeds.py empties the list.
KNOWN_SEED_ARITHMETIC = {
    "cardgames/analysis/experiments.py": 1,
    "widgets/explainers/class_experiment.py": 1,
}


def test_no_new_seed_arithmetic_outside_the_seed_module():
    found = {path: len(lines) for path, src in _sources(*SHIPPED).items()
             if path != "cardgames/seeds.py" and (lines := seed_arithmetic(src))}
    assert found == KNOWN_SEED_ARITHMETIC


def test_bots_live_in_the_registry_only():
    # no BOTS['expert'] = ... patched in from a game's __init__, no widget copy of the table
    from cardgames import registry
    from widgets.tables import liar_table, thirtyone_table

    found = {path: lines for path, src in _sources(*SHIPPED).items()
             if (lines := bot_table_writes(src))}
    assert found == {}
    assert tuple(liar_table.BOT_KINDS) == registry.get("liar").bot_names
    assert thirtyone_table.BOT_KINDS is registry.get("thirty-one").bots


def test_no_game_is_imported_by_a_dotted_string():
    # the tournament, the CLI and the widgets look games up in cardgames.registry; the one
    # string import left is widgets/old_paths.py, the alias loader of the old module paths
    found = {path: lines for path, src in _sources(*SHIPPED).items()
             if (lines := string_imports(src))}
    assert set(found) == {"widgets/old_paths.py"}
    old_paths = (ROOT / "widgets" / "old_paths.py").read_text(encoding="utf-8")
    assert "cardgames" not in "".join(
        ast.get_source_segment(old_paths, n) or "" for n in ast.walk(ast.parse(old_paths))
        if isinstance(n, ast.Call) and string_imports(ast.unparse(n)))


# --------------------------------------------------------------------------- import graph

def test_the_tool_finds_a_cycle_in_a_hand_made_tree(tmp_path):
    pkg = tmp_path / "cardgames"
    (pkg / "g").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "g" / "__init__.py").write_text("from .game import Game\n")
    (pkg / "g" / "game.py").write_text("from cardgames.g import state\n")
    (pkg / "g" / "state.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
        "def f():\n    from . import view\n")
    (pkg / "g" / "view.py").write_text("import cardgames.g.state\n")
    run = tool.import_graph(tmp_path, packages=["cardgames"])
    typed = tool.import_graph(tmp_path, type_checking=True, packages=["cardgames"])
    assert run["cardgames.g.game"] == {"cardgames.g.state"}
    assert tool.cycles(run) == [["cardgames.g.state", "cardgames.g.view", "cardgames.g.state"]]
    # one component (game, state, view), shown as one cycle through its first module
    assert tool.cycles(typed) == [["cardgames.g.game", "cardgames.g.state", "cardgames.g.game"]]


def test_no_import_cycle_in_cardgames_or_widgets():
    # issue 17 item 3: the game<->state circles of liar/ and thirtyone/ (TYPE_CHECKING ones
    # too) are gone; widgets/ has none either (function-level imports count)
    for type_checking in (False, True):
        graph = tool.import_graph(ROOT, type_checking=type_checking)
        assert {"cardgames.liar.state", "widgets.tables.liar_table"} <= set(graph)
        assert any(m.startswith("cardgames.") for m in graph["widgets.tables.liar_table"])
        assert tool.cycles(graph) == [], type_checking


def test_the_tool_reads_a_commit():
    out = tool.report(ROOT)
    assert "run time:" in out and "table modules:" in out
    assert "0 cycle(s)" in out


# --------------------------------------------------------------------------- the tables' API

TABLE_API = ("view", "act", "legal_actions", "my_turn", "mark", "refresh", "seat",
             "session", "for_session", "bot_error", "stopped")


@pytest.mark.parametrize("name", TABLE_API)
def test_both_tables_have_the_same_small_api(name):
    # issue 17 item 4: both tables are views of one seat of a session with one API
    from widgets.tables.liar_table import LiarTable
    from widgets.tables.table_base import PlayTable
    from widgets.tables.thirtyone_table import ThirtyOneTable

    liar, thirty = inspect.getattr_static(LiarTable, name), inspect.getattr_static(
        ThirtyOneTable, name)
    assert type(liar) is type(thirty), name
    if isinstance(liar, classmethod):
        liar, thirty = liar.__func__, thirty.__func__
    if callable(liar):
        # the same parameters but for an option of one game's own (Liar's card_width)
        def required(f):
            return [(p.name, p.kind) for p in inspect.signature(f).parameters.values()
                    if p.default is inspect.Parameter.empty or p.name == "seat"]
        assert required(liar) == required(thirty), name
    assert hasattr(PlayTable, name) or name == "for_session", name


def test_the_tables_offer_the_registrys_player_limits():
    # issue 17 item 4 / Done when: the tables' bot counts are R-L2's and T1's from
    # cardgames.registry (they were the widgets' own 7 and 8); by the rules: Liar 2-8 players
    # with two decks (2-4 with one), Thirty-One 2-9 players, so 1-7 and 1-8 bots
    from widgets.tables import liar_draw, thirtyone_draw
    from widgets.tables.liar_table import LiarTable
    from widgets.tables.thirtyone_table import ThirtyOneTable

    assert liar_draw.MAX_BOTS == 7 and thirtyone_draw.MAX_BOTS == 8
    liar = LiarTable(bots=("random",), seed=1)
    thirty = ThirtyOneTable(bots=("random",), seed=1)
    try:
        assert list(liar.opt_bots.options) == list(range(1, 8))
        assert list(thirty.bots_count.options) == list(range(1, 9))
    finally:
        liar.close()
        thirty.close()
    for source in ("liar_draw.py", "liar_table.py", "thirtyone_draw.py"):
        text = (ROOT / "widgets" / "tables" / source).read_text(encoding="utf-8")
        assert "range(1, 8)" not in text and "<= 7:" not in text and "MAX_BOTS = 8" not in text


def test_the_openspiel_adapter_asks_the_engine_for_the_dealer_and_the_winners():
    # issue 17 item 3: R-T1 (the next dealer skips the seats out) and R-T8 (the last player
    # left wins, else those who went out in the last deal share) come from the engine
    from cardgames.thirtyone.outcome import next_seat

    tree = ast.parse((ROOT / "cardgames" / "adapters" / "openspiel.py").read_text(encoding="utf-8"))
    called = {n.func.id for n in ast.walk(tree)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert {"next_seat", "winners_after"} <= called
    assert not [n.lineno for n in ast.walk(tree) if isinstance(n, ast.While)
                and "out" in ast.unparse(n.test)], "a loop over the seats out: R-T1 again"
    # by the rules, by hand: 4 seats, seat 1 out, dealer 0 -> seat 2 deals; dealer 3 -> 0
    assert next_seat(0, [False, True, False, False]) == 2
    assert next_seat(3, [False, True, False, False]) == 0


def test_next_seat_is_the_states_own_order_of_play():
    # outcome.next_seat (the adapters' R-T1) and the state's inline copy agree on every
    # seat of every pattern of seats out, 2-5 players (at least one seat in)
    import itertools

    from cardgames.thirtyone import ThirtyOneGame
    from cardgames.thirtyone.outcome import next_seat

    for n in range(2, 6):
        state = ThirtyOneGame(players=n).new_state(seed=1)
        for out in itertools.product((False, True), repeat=n):
            if all(out):
                continue
            state._out = list(out)  # noqa: SLF001 -- the state's own helper, compared
            for seat in range(n):
                assert next_seat(seat, out) == state._next_seat(seat), (n, out, seat)

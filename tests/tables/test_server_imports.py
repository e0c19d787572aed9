"""The class server never loads ipywidgets (issue 32): the table service, started as a
teacher starts it (``python -m classroom.tables``), serves the teacher's page and the
class view of a scripted class (the exercises' questions and hints in English and
Croatian, a student's variant re-drawn from its seed) from :mod:`cardgames.courseware`,
content that imports no widget.  When it stops, ``ipywidgets`` and every ``widgets``
module (the old paths' import hook among them) must be missing from its
``sys.modules``, and so must matplotlib.  pandas and numpy may be there: the class view
prepares every exercise's labels when the server starts (issue 31: a check shows within
about a second), and lesson 03's questions count hands with the engine's hand table
(:func:`cardgames.analysis.hands.hand_table`, a pandas frame)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from class_kit import check, get, post
from socket_kit import free_port

from classroom.tables.store import secret_file
from classroom.tables.students import SECRET_FILE, issue_key

REPO = Path(__file__).resolve().parents[2]

#: The service's module list, written when it exits (SIGTERM stops its loop; main returns).
RUNNER = """
import atexit, json, os, runpy, sys
def _dump():
    with open(os.environ["MODULES_OUT"], "w") as f:
        json.dump(sorted(sys.modules), f)
atexit.register(_dump)
sys.argv = ["classroom.tables", *sys.argv[1:]]
runpy.run_module("classroom.tables", run_name="__main__")
"""


def _wait(base: str, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
        try:
            if get(f"{base}/tables/join")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError("the table service did not start in 60 s")


def test_the_table_service_and_class_view_load_no_widgets(tmp_path):
    port, out = free_port(), tmp_path / "modules.json"
    # a student key this class's server signs (the secret it will read from its folder)
    key = issue_key(secret_file(tmp_path, SECRET_FILE))
    env = {**os.environ, "PYTHONPATH": str(REPO), "MODULES_OUT": str(out),
           "CARDGAMES_DATA_DIR": str(tmp_path)}
    env.pop("JUPYTERHUB_SERVICE_URL", None)
    proc = subprocess.Popen([sys.executable, "-c", RUNNER, "--port", str(port),
                             "--data-dir", str(tmp_path)], env=env, cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait(base, proc)
        token = (tmp_path / "teacher-token").read_text(encoding="utf-8").strip()
        cookie = f"cgteacher={token}"
        # a scripted class: a known mistake of the default variant, a wrong answer of
        # the variant drawn by seed 5, a right one
        for i, (ex, answer, verdict, hint, seed) in enumerate([
                ("01-six-players", "7 K", "wrong", "mistake-0", None),
                ("03-p32", "1/2", "wrong", "hint-1", 5),
                ("03-p32", "1/341", "right", "", None)]):
            payload = {**check(ex, answer, verdict, hint), "variant": seed}
            status, said = post(f"{base}/tables/api/class/send",
                                {"id": f"m{i}", "kind": "check", "student": key,
                                 "payload": payload})
            assert status == 200, said
        assert get(f"{base}/tables/teacher", cookie=cookie)[0] == 200
        assert get(f"{base}/tables/teacher/class", cookie=cookie)[0] == 200
        for lang in ("en", "hr"):
            status, text = get(f"{base}/tables/api/class/view?lang={lang}", cookie=cookie)
            assert status == 200, text
            view = json.loads(text)
            questions = [e["question"] for lesson in view["lessons"]
                         for e in lesson["exercises"]]
            # the exercises' own questions (not their ids: the content was read)
            assert len(questions) == 2 and all(" " in q for q in questions), questions
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        finally:
            if proc.poll() is None:
                proc.kill()
    loaded = json.loads(out.read_text(encoding="utf-8"))
    assert "classroom.tables.classview" in loaded and "cardgames.courseware.texts" in loaded
    assert "ipywidgets" not in loaded
    assert [m for m in loaded if m == "widgets" or m.startswith("widgets.")] == []
    assert [m for m in loaded if m.partition(".")[0] == "matplotlib"] == []


def test_the_courseware_imports_no_widget_and_no_analysis_package():
    # every module of cardgames/courseware in a fresh Python: no ipywidgets, no widgets
    # module, none of pandas, numpy, matplotlib at import time (the answers need them
    # only when computed, some of them)
    names = sorted("cardgames.courseware" + (
        "." + ".".join(p.relative_to(REPO / "cardgames" / "courseware").with_suffix("").parts)
        if p.name != "__init__.py" or p.parent.name != "courseware" else "")
        for p in (REPO / "cardgames" / "courseware").rglob("*.py"))
    names = [n.removesuffix(".__init__") for n in names]
    assert "cardgames.courseware.exercise_data.lesson05" in names
    code = ("import importlib, json, sys\n"
            f"for n in {names!r}: importlib.import_module(n)\n"
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, check=True)
    loaded = json.loads(out.stdout)
    assert set(names) <= set(loaded)
    assert [m for m in loaded if m.partition(".")[0] in
            ("ipywidgets", "widgets", "pandas", "numpy", "matplotlib")] == []
    # nor anywhere in their code, a function's lazy import included (read with ast)
    import ast
    for path in (REPO / "cardgames" / "courseware").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            elif isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            else:
                continue
            for m in mods:
                assert m.partition(".")[0] not in ("ipywidgets", "widgets", "traitlets"), (
                    path, m)

"""Any operating system (issue 30): nothing a class runs needs a POSIX-only module to import.

Windows has no ``resource``, ``fcntl`` or ``pwd``.  A child Python with those three made
unavailable (a ``sys.meta_path`` finder that refuses them, :data:`BLOCKER`) imports every
module of ``cardgames``, ``widgets`` and ``classroom``, and runs ``cardgames serve``: the
start page answers, an app renders, and the server's log says, once, that the kernels run
without their address-space limit (the memory watch alone guards them).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Makes ``resource``, ``fcntl`` and ``pwd`` unimportable for our code (``cardgames``,
#: ``widgets``, ``classroom``, and the script itself) in the process that runs it first.
#: Third-party code keeps them: psutil's Linux module imports ``resource`` where its
#: Windows module, which a Windows machine loads instead, does not.
BLOCKER = """
import sys
BLOCKED = {"resource", "fcntl", "pwd"}
OURS = {"cardgames", "widgets", "classroom", "__main__"}
def _importer():
    f = sys._getframe(2)
    while f is not None and (f.f_code.co_filename.startswith("<frozen")
                             or f.f_code.co_name == "_refusing_import"
                             or f.f_globals.get("__name__", "").startswith("importlib")):
        f = f.f_back
    return "" if f is None else f.f_globals.get("__name__", "")
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED and _importer().split(".")[0] in OURS:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: as on Windows)",
                                      name=name)
        return None
for _name in BLOCKED:
    sys.modules.pop(_name, None)
sys.meta_path.insert(0, Blocker())
# an `import resource` that finds it in sys.modules (psutil loaded it) asks no finder:
# the import statement itself is refused for our code too
import builtins
_import = builtins.__import__
def _refusing_import(name, globals=None, locals=None, fromlist=(), level=0):
    who = (globals or {}).get("__name__", "")
    if level == 0 and name.split(".")[0] in BLOCKED and who.split(".")[0] in OURS:
        raise ModuleNotFoundError(f"No module named {name!r} (blocked: as on Windows)",
                                  name=name)
    return _import(name, globals, locals, fromlist, level)
builtins.__import__ = _refusing_import
"""

IMPORT_ALL = BLOCKER + """
import importlib, pkgutil
names = []
for pkg in ("cardgames", "widgets", "classroom"):
    module = importlib.import_module(pkg)
    for info in pkgutil.walk_packages(module.__path__, prefix=pkg + "."):
        if not info.name.endswith("__main__"):       # those run a command
            importlib.import_module(info.name)
            names.append(info.name)
try:
    import fcntl  # noqa: F401
except ModuleNotFoundError:
    print("blocked")
print(len(names))
"""


def _env(**more: str) -> dict[str, str]:
    env = {**os.environ, **more}
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    return env


def test_the_blocker_blocks():
    code = BLOCKER + "import resource\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 1 and "blocked: as on Windows" in r.stderr


def test_every_module_imports_without_resource_fcntl_pwd(tmp_path):
    r = subprocess.run([sys.executable, "-c", IMPORT_ALL], capture_output=True, text=True,
                       cwd=tmp_path, env=_env(), timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    blocked, count = r.stdout.split("\n")[:2]
    assert blocked == "blocked"
    # every module: the engine alone has more than 60 (a walk that stopped early would not)
    assert int(count) > 150


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, timeout: float = 120) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_cardgames_serve_runs_without_resource_fcntl_pwd(tmp_path):
    pytest.importorskip("voila")
    port = _free_port()
    code = BLOCKER + ("from cardgames.cli import main\n"
                      f"sys.exit(main(['serve', '--warm-mb', '0', '--port', '{port}', "
                      f"'--data-dir', {str(tmp_path / 'data')!r}]))\n")
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                env=_env(JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
                                         PYTHONUNBUFFERED="1"))
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, log.read_text("utf-8")
            try:
                status, page = _get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text("utf-8")
                time.sleep(0.3)
        assert status == 200 and "app_rank_cycle.ipynb" in page
        status, page = _get(f"http://127.0.0.1:{port}/voila/render/app_rank_cycle.ipynb")
        assert status == 200 and "Traceback" not in page
        text = log.read_text("utf-8")
        assert text.count("without an address-space limit (the resource module is "
                          "missing)") == 1, text
        assert "Traceback" not in text, text
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)

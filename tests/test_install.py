"""The teacher's commands (issue 30): ``cardgames serve | lab | handouts | lessons copy``.

Their help in en/hr/de, their one-line errors (exit 2, no traceback), the warm-by-default
plan, ``lessons copy`` and the check that ``widgets`` and ``classroom`` are ours.  The
installed wheel itself is served in ``tests/browser/test_installed_wheel.py``.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from classroom import launch

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
LESSON_NAMES = sorted(p.stem for p in LESSONS.glob("[0-9][0-9]_*.ipynb"))
APP_NAMES = sorted(p.stem for p in LESSONS.glob("app_*.ipynb"))


def cardgames(*args: str, cwd: Path | None = None, env: dict | None = None,
              code: str = "") -> subprocess.CompletedProcess:
    """``python -m cardgames ARGS`` (the checkout first on the path), or ``code`` before it."""
    full = {**os.environ, **(env or {})}
    full["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), full.get("PYTHONPATH")) if p)
    cmd = ([sys.executable, "-c", code + "\nfrom cardgames.cli import main\n"
            f"sys.exit(main({list(args)!r}))"] if code else
           [sys.executable, "-m", "cardgames", *args])
    return subprocess.run(cmd, cwd=cwd or ROOT, env=full, capture_output=True, text=True,
                          timeout=120)


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("name", ["cardgames.classcli", "classroom.commands", "classroom.bundle",
                                  "classroom.launch", "classroom.pagefilter"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_version():
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    assert version == "0.2.0"
    assert cardgames("--version").stdout.strip() == f"cardgames {version}"
    assert f"## {version}" in (ROOT / "CHANGELOG.md").read_text("utf-8")


# the words argparse puts in every help, in each language (the CLI's own catalog)
USAGE = {"en": "usage:", "hr": "upotreba:", "de": "Aufruf:"}


@pytest.mark.parametrize("lang", ["en", "hr", "de"])
@pytest.mark.parametrize("command", [["serve"], ["lab"], ["handouts"], ["lessons", "copy"]])
def test_every_command_has_help_in_the_languages(command, lang):
    r = cardgames(*command, "--help", env={"CARDGAMES_LANG": lang})
    assert r.returncode == 0 and r.stdout.startswith(USAGE[lang] + " cardgames " + command[0])
    english = cardgames(*command, "--help", env={"CARDGAMES_LANG": "en"}).stdout
    description = english.split("\n\n")[1]           # the command's own description
    if lang == "en":
        assert len(description) > 30
    else:                                              # translated, not the English
        assert description not in r.stdout


def test_the_top_help_lists_the_teachers_commands():
    out = cardgames("--help").stdout
    for command in ("serve", "lab", "handouts", "lessons"):
        assert f"    {command} " in out


def test_a_missing_folder_and_a_folder_without_notebooks(tmp_path):
    one_line_error(cardgames("serve", str(tmp_path / "nope"), "--check"),
                   "cardgames serve: error:", "nope", "cardgames lessons copy")
    (tmp_path / "notes.md").write_text("x", encoding="utf-8")
    one_line_error(cardgames("serve", str(tmp_path), "--check"), "no notebooks (.ipynb)")
    one_line_error(cardgames("lab", str(tmp_path)), "cardgames lab: error:", "no notebooks")
    one_line_error(cardgames("serve", str(tmp_path / "notes.md")), "is a file")


def test_a_port_in_use_says_what_to_do():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        line = one_line_error(cardgames("serve", "--port", str(port), "--warm-mb", "0"),
                              f"port {port}", "in use", f"--port {port + 1}")
        assert "another cardgames serve" in line
        one_line_error(cardgames("lab", "--port", str(port)), f"port {port}")


BLOCK = """
import sys
class Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {MISSING}:
            raise ModuleNotFoundError(name)
        return None
sys.meta_path.insert(0, Missing())
"""


@pytest.mark.parametrize("command, module, extra", [
    (["serve", "--check"], "voila", "apps"), (["serve", "--check"], "psutil", "apps"),
    (["lab"], "jupyterlab", "lab"), (["handouts", "--out", "x"], "playwright", "handouts")])
def test_a_missing_extra_names_the_pip_command(command, module, extra):
    r = cardgames(*command, code=BLOCK.replace("{MISSING}", repr({module})))
    one_line_error(r, module, f'pip install "cardgames[{extra}]"')


def test_a_class_that_does_not_fit_in_the_memory():
    line = one_line_error(cardgames("serve", "--students", "100000", "--notebooks",
                                    "04_how_likely_is_a_lie", "--check"), "too many")
    assert "at most" in line


def test_bad_values_are_refused_by_the_parser():
    one_line_error(cardgames("serve", "--port", "70000"), "65535")
    one_line_error(cardgames("serve", "--lang", "fr"), "fr", "en, hr, de")
    one_line_error(cardgames("serve", "--studnets", "3"), "--studnets")
    # the launcher's words are the command's options (not make serve's variables)
    line = one_line_error(cardgames("serve", "--students", "30", "--check"),
                          "--students needs --notebooks")
    assert "STUDENTS" not in line and "NOTEBOOKS" not in line


def test_a_shadowing_package_is_named(tmp_path):
    # `python -m` puts the current folder first: its widgets/ is imported, not ours
    (tmp_path / "widgets").mkdir()
    (tmp_path / "widgets" / "__init__.py").write_text("", encoding="utf-8")
    line = one_line_error(cardgames("serve", "--check", cwd=tmp_path), "'import widgets'",
                          str(tmp_path / "widgets"), "shadows")
    assert str(ROOT / "widgets") in line
    # the engine's own commands do not need the server's packages
    assert cardgames("score", "AH KH 9H", cwd=tmp_path).returncode == 0


# -- warm by default --------------------------------------------------------------------------

def test_warm_by_default_offers_what_the_start_page_offers_in_each_language():
    p = launch.warm_plan(LESSONS, langs=["en", "hr", "de"], budget_mb=None, max_kernels=None,
                         available=64_000)
    lessons = [f"{n}.ipynb" for n in LESSON_NAMES]
    built = [f"{lang}/{n}.ipynb" for lang in ("hr", "de") for n in LESSON_NAMES]
    assert sorted(p.pools) == sorted([f"{a}.ipynb" for a in APP_NAMES] + lessons + built)
    assert set(p.pools.values()) == {1} and p.cold == ()
    assert p.warm_mb == (64_000 - launch.RESERVE_MB) // 2
    text = p.describe()
    assert "Warm by default: 25 pages" in text and "--warm-mb" in text
    config = launch.voila_config(p)
    assert config.VoilaConfiguration.preheat_kernel is True
    assert config.VoilaKernelManager.fill_delay == launch.WARM_REFILL_S


def test_warm_with_one_language_and_a_small_budget():
    p = launch.warm_plan(LESSONS, langs=["hr"], budget_mb=None, max_kernels=None,
                         available=100_000)
    assert sorted(p.pools) == sorted([f"{a}.ipynb" for a in APP_NAMES]
                                     + [f"hr/{n}.ipynb" for n in LESSON_NAMES])
    # a budget for the apps only: the apps come first, every lesson is left cold
    apps_mb = sum(launch.kernel_mb(a) + 3 for a in APP_NAMES)
    p = launch.warm_plan(LESSONS, langs=["hr"], budget_mb=apps_mb, max_kernels=None,
                         available=100_000)
    assert sorted(p.pools) == [f"{a}.ipynb" for a in APP_NAMES]
    assert sorted(p.cold) == [f"hr/{n}" for n in LESSON_NAMES]
    assert p.need_mb <= apps_mb
    p = launch.warm_plan(LESSONS, langs=["en"], budget_mb=0, max_kernels=None, available=8000)
    assert p.pools == {} and "No warm kernels" in p.describe()


def test_the_printout_names_the_budget_the_teacher_chose():
    """QA (issue 30): with --warm-mb the printout still said "half the memory free"."""
    default = launch.warm_plan(LESSONS, langs=["en"], budget_mb=None, max_kernels=None,
                               available=9000).describe()
    assert "half the memory free" in default
    chosen = launch.warm_plan(LESSONS, langs=["en"], budget_mb=3000, max_kernels=None,
                              available=9000).describe()
    assert "half the memory" not in chosen
    assert "a budget of 3000 MB (--warm-mb 3000;" in chosen
    # more than is free: cut to what is free after the reserve, and said so
    usable = 9000 - launch.RESERVE_MB
    over = launch.warm_plan(LESSONS, langs=["en"], budget_mb=50_000, max_kernels=None,
                            available=9000).describe()
    assert f"a budget of {usable} MB (--warm-mb 50000, cut to the {usable} MB" in over


def test_serve_check_prints_the_budget_and_how_to_change_it():
    r = cardgames("serve", "--check", "--lang", "de")
    assert r.returncode == 0, r.stderr
    assert "Warm by default: 13 pages" in r.stdout and "also in de" in r.stdout
    assert "--warm-mb MB" in r.stdout


@pytest.mark.slow
def test_cardgames_lab_opens_a_copy_with_its_token(tmp_path):
    pytest.importorskip("jupyterlab")
    import re
    import signal
    import time
    import urllib.error
    import urllib.request

    assert cardgames("lessons", "copy", str(tmp_path / "mine"), "--lang", "de").returncode == 0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt"),
           "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg"), "JUPYTER_DATA_DIR": str(tmp_path / "d"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "ws")}
    log = tmp_path / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "cardgames", "lab", str(tmp_path / "mine"),
                                 "--port", str(port), "--ServerApp.open_browser=False",
                                 *(["--allow-root"] if hasattr(os, "geteuid")
                                   and os.geteuid() == 0 else [])],
                                cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not (m := re.search(rf"http://127\.0\.0\.1:{port}/lab\?token=(\w+)",
                                  log.read_text("utf-8", "replace"))):
            assert proc.poll() is None and time.monotonic() < deadline, log.read_text("utf-8")
            time.sleep(0.3)
        url = f"http://127.0.0.1:{port}/api/contents?token={m.group(1)}"
        with urllib.request.urlopen(url, timeout=30) as resp:
            names = {item["name"] for item in json.loads(resp.read())["content"]}
        assert f"{LESSON_NAMES[0]}.ipynb" in names and "app_liar.ipynb" in names
        with pytest.raises(urllib.error.HTTPError) as refused:     # no token, no files
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents", timeout=30)
        assert refused.value.code == 403
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


# -- lessons copy -----------------------------------------------------------------------------

def _notebooks(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*.ipynb"))


def test_lessons_copy_everything(tmp_path):
    r = cardgames("lessons", "copy", str(tmp_path / "mine"))
    assert r.returncode == 0 and "cardgames serve" in r.stdout, r.stderr
    mine = tmp_path / "mine"
    assert _notebooks(mine) == _notebooks(LESSONS)
    assert (mine / "README.md").is_file() and (mine / "_style.py").is_file()
    assert sorted(p.name for p in (mine / "rules").iterdir()) == ["de.html", "en.html", "hr.html"]
    assert not (mine / "nbval_sanitize.cfg").exists()
    # nothing is overwritten
    one_line_error(cardgames("lessons", "copy", str(mine)), "not empty")


def test_lessons_copy_in_one_language(tmp_path):
    assert cardgames("lessons", "copy", str(tmp_path / "hr"), "--lang", "hr").returncode == 0
    hr = tmp_path / "hr"
    assert _notebooks(hr) == sorted([f"{n}.ipynb" for n in LESSON_NAMES]
                                    + [f"{a}.ipynb" for a in APP_NAMES])
    for name in LESSON_NAMES:          # the Croatian lesson, at the top
        assert (hr / f"{name}.ipynb").read_bytes() == (LESSONS / "hr" / f"{name}.ipynb").read_bytes()
    assert cardgames("lessons", "copy", str(tmp_path / "en"), "--lang", "en").returncode == 0
    assert _notebooks(tmp_path / "en") == sorted(f"{n}.ipynb" for n in LESSON_NAMES + APP_NAMES)
    nb = json.loads((tmp_path / "en" / f"{LESSON_NAMES[0]}.ipynb").read_text("utf-8"))
    assert nb["cells"]

"""A teacher's install (issue 30): the wheel built from this checkout, in a fresh virtual
environment outside the repository, serves every lesson and app from an empty folder.

* ``python -m build --no-isolation`` makes the sdist and, from it, the wheel (so the sdist
  carries everything too), in a copy of the checkout's files as a clean clone has them
  (nothing written into the repository); ``pip install --no-deps`` puts the wheel into a new venv made
  with ``python -m venv --without-pip`` outside the repository.
* The venv gets its dependencies (Voila, ipywidgets, ...) from this test run's own
  environment through one ``.pth`` line naming its site-packages: the same pinned set
  ``make test`` installed into ``.venv`` from pyproject.toml a moment before, so the
  test needs no network and no minutes of installing, and works on a fresh CI machine
  (the dependencies' data files, Voila's base templates, through ``JUPYTER_PATH``).
  ``cardgames``, ``widgets`` and ``classroom`` come from the wheel only: ``.venv`` holds
  them as an editable install, whose finder is a ``.pth`` of ``.venv`` that a ``.pth``
  line does not run; the test checks where each is imported from, with no
  ``PYTHONPATH`` and the current folder outside the repository.
* ``cardgames serve`` from an empty folder (``--warm-mb 130``: two apps warm, the rest
  started per page, to keep a 2-core machine usable; the default budget is checked by
  ``tests/test_install.py``): in Chromium the start page lists every lesson in en, hr
  and de and every app; a lesson and an app render with no error; the teacher's page
  opens with the token the server printed and makes a table.
* ``cardgames lessons copy`` into a new folder, a markdown cell of lesson 01 changed, and
  ``cardgames serve`` of that folder: the start page lists the same, the change shows.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow(reason="builds the sdist and wheel, a venv and serves from it: "
                              "the first test's setup takes minutes")

REPO = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))
APPS = sorted(p.name for p in (REPO / "lessons").glob("app_*.ipynb"))
BUILT = {lang: sorted(p.name for p in (REPO / "lessons" / lang).glob("[0-9][0-9]_*.ipynb"))
         for lang in ("hr", "de")}
ERROR_TEXT = re.compile(r"There was an error when executing cell|Traceback \(most recent call"
                        r"|Error displaying widget")


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A venv outside the repository with the wheel of this checkout installed."""
    pytest.importorskip("build")
    work = tmp_path_factory.mktemp("wheel")
    source, dist = _clean_copy(work / "checkout"), work / "dist"
    r = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist),
                        str(source)], capture_output=True, text=True, timeout=600,
                       env=_env(work))
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    wheel = next(dist.glob("cardgames-*-py3-none-any.whl"))
    assert next(dist.glob("cardgames-*.tar.gz"))
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    purelib = subprocess.run([str(_bin(venv, "python")), "-c",
                              "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "_cardgames_test_deps.pth").write_text("\n".join(sorted(deps)) + "\n",
                                                         encoding="utf-8")
    # no PYTHONPATH: pip would take the checkout's metadata for an installed cardgames
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(_bin(venv, "python")),
                        "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
                       capture_output=True, text=True, timeout=300, env=_env(work))
    assert r.returncode == 0, r.stderr[-2000:]
    return venv


def _clean_copy(target: Path) -> Path:
    """The checkout's files (tracked, and new ones not ignored: what a commit would hold)
    in ``target``, as a clean clone would have them, without build/ or *.egg-info."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=REPO, capture_output=True, check=True)
    for name in filter(None, listed.stdout.decode().split("\0")):
        src = REPO / name
        if src.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, target / name)
    return target


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JUPYTER_PATH",
                                                            "CARDGAMES_LANG")}
    env.update(JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), PYTHONUNBUFFERED="1",
               CARDGAMES_DATA_DIR=str(tmp / "data"),
               # the dependencies' data files (Voila's base templates) are under this
               # environment's prefix, where pip put them (a pip install of the extras into
               # the venv puts them under the venv's, found without this)
               JUPYTER_PATH=str(Path(sys.prefix) / "share" / "jupyter"))
    return env


def test_the_venv_imports_the_wheel_not_the_checkout(installed, tmp_path):
    code = ("import cardgames, widgets, classroom, classroom.bundle as b;"
            "print(cardgames.__file__); print(widgets.__file__); print(classroom.__file__);"
            "print(b.data_root())")
    out = subprocess.run([str(_bin(installed, "python")), "-c", code], cwd=tmp_path,
                         env=_env(tmp_path), capture_output=True, text=True, check=True).stdout
    files = out.splitlines()[:4]
    for f in files:
        assert Path(f).resolve().is_relative_to(installed.resolve()), files
        assert not Path(f).resolve().is_relative_to(REPO), files
    assert files[3].endswith(os.path.join("classroom", "data"))
    version = subprocess.run([str(_bin(installed, "cardgames")), "--version"], cwd=tmp_path,
                             env=_env(tmp_path), capture_output=True, text=True, check=True)
    from cardgames import __version__
    assert version.stdout.strip() == f"cardgames {__version__}"


class Served:
    def __init__(self, proc: subprocess.Popen, log: Path, port: int):
        self.proc, self.log, self.port = proc, log, port
        self.url = f"http://127.0.0.1:{port}/"

    def text(self) -> str:
        return self.log.read_text("utf-8", "replace")

    def teacher_link(self) -> str:
        m = re.search(r"Teacher's page: (http://\S+/tables/teacher\?token=\S+)", self.text())
        assert m, self.text()
        return m.group(1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)


def _serve(venv: Path, cwd: Path, *args: str, log: Path) -> Served:
    from testkit import voila_harness

    port = voila_harness().free_port()
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(_bin(venv, "cardgames")), "serve", *args, "--port",
                                 str(port)], cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=_env(cwd),
                                start_new_session=True)
    served = Served(proc, log, port)
    deadline = time.monotonic() + 180
    while "Teacher's page:" not in served.text():
        if proc.poll() is not None or time.monotonic() > deadline:
            served.stop()
            pytest.fail(f"cardgames serve did not start:\n{served.text()}", pytrace=False)
        time.sleep(0.3)
    with urllib.request.urlopen(served.url, timeout=30) as resp:
        assert resp.status == 200
    return served


def _start_page_links(browser, served: Served, lang: str) -> list[str]:
    page = browser.new_page()
    try:
        response = page.goto(served.url + f"?lang={lang}")
        assert response is not None and response.status == 200
        return [a.get_attribute("href") for a in page.locator("a.entry").all()]
    finally:
        page.close()


def _lists_everything(browser, served: Served) -> None:
    for lang in ("en", "hr", "de"):
        hrefs = [h.split("?")[0] for h in _start_page_links(browser, served, lang)]
        lessons = [h for h in hrefs if re.search(r"/\d\d_\w+\.ipynb$", h)]
        prefix = "" if lang == "en" else f"{lang}/"
        assert lessons == [f"/voila/render/{prefix}{name}" for name in LESSONS], (lang, hrefs)
        if lang != "en":
            assert BUILT[lang] == LESSONS             # every lesson has its built copy
        assert [h for h in hrefs if "/app_" in h] == [f"/voila/render/{a}" for a in APPS]


def _renders(browser, url: str, expect: str | None = None) -> str:
    """Open a notebook page; every cell sent, no error; its text."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        response = page.goto(url, wait_until="commit", timeout=240_000)
        assert response is not None and response.status == 200, url
        page.locator("#rendered_cells").wait_for(state="visible", timeout=240_000)
        page.wait_for_function("() => !document.body.innerText.includes('Loading widget')",
                               timeout=60_000)
        text = page.locator("#rendered_cells").inner_text()
        assert not ERROR_TEXT.search(text), (url, text[:2000])
        assert errors == [], (url, errors)
        if expect is not None:
            assert expect in text, (url, text[:2000])
        return text
    finally:
        context.close()


def _makes_a_table(browser, served: Served) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(served.teacher_link())
        page.wait_for_url(re.compile(r"/tables/teacher$"))     # the token left the address
        page.get_by_label("Game", exact=True).select_option("thirty-one")
        page.get_by_label("Seats", exact=True).fill("3")
        page.get_by_role("button", name="Create the table").click()
        page.wait_for_function("() => /Table \\w{6} is ready/.test("
                               "document.getElementById('create-result').textContent)")
    finally:
        context.close()


def test_cardgames_serve_from_an_empty_folder(installed, chromium, tmp_path, artifacts):
    empty = tmp_path / "empty"
    empty.mkdir()
    served = _serve(installed, empty, "--warm-mb", "130", log=artifacts / "wheel-serve.log")
    try:
        text = served.text()
        assert "classroom/data/lessons" in text.replace(os.sep, "/")     # the wheel's lessons
        assert "Warm by default: 2 pages" in text and "--warm-mb" in text
        _lists_everything(chromium, served)
        _renders(chromium, served.url + "voila/render/app_call_odds.ipynb")
        _renders(chromium, served.url + f"voila/render/hr/{LESSONS[0]}?lang=hr")
        _makes_a_table(chromium, served)
        assert "Traceback" not in served.text()
    finally:
        served.stop()
    # nothing written into the teacher's folder but the folders this test put there
    assert {p.name for p in empty.iterdir()} <= {"data", "runtime"}


def test_a_copied_and_changed_lesson_is_served(installed, chromium, tmp_path, artifacts):
    mine = tmp_path / "my-lessons"
    r = subprocess.run([str(_bin(installed, "cardgames")), "lessons", "copy", str(mine)],
                       cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True)
    assert r.returncode == 0 and "cardgames serve" in r.stdout, r.stderr
    lesson = mine / LESSONS[0]
    nb = json.loads(lesson.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "markdown")
    mark = "Changed by our teacher: bring two decks tomorrow."
    cell["source"] = "".join(cell["source"]) + "\n\n" + mark
    lesson.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    served = _serve(installed, tmp_path, str(mine), "--warm-mb", "0",
                    log=artifacts / "wheel-serve-copy.log")
    try:
        assert str(mine) in served.text()
        _lists_everything(chromium, served)
        _renders(chromium, served.url + f"voila/render/{LESSONS[0]}", expect=mark)
    finally:
        served.stop()

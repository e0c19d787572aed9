"""JupyterLab in headless Chromium: a real ``jupyter lab`` server and a helper to drive it.

Fixtures:

- ``lab_server`` (session): ``python -m jupyterlab`` on a free port of 127.0.0.1 with a
  known token (token protection on, as ``make lab``), serving a temporary copy of
  ``lessons/`` (running a notebook must not change the repository's copy), with its
  own Jupyter config, data, runtime and workspace folders.  Stopped, with its kernels
  (its process group), at the end of the session.
- ``lab`` (per test): a :class:`Lab` on a fresh browser context.

A test reads as what a teacher does::

    def test_something(lab, expect):
        lab.open("03_hand_scoring.ipynb")
        lab.run_all()                         # Run > Run All Cells, waits for the kernel
        scorer = lab.output_of("HandScorer(")  # the output area of that code cell
        scorer.get_by_role("button", name="9H", exact=True).click()
        expect(scorer.locator(".hand-score")) ...
        lab.assert_clean()                    # no error output, no widget-manager error

JupyterLab's commands are run through ``window.jupyterapp``, which the server
exposes for the tests only (``--LabApp.expose_app_in_browser=True``).
In CI (``CI=true``) a missing JupyterLab, Playwright or Chromium fails the tests.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from testkit import launch_chromium
from testkit import missing as _missing

REPO = Path(__file__).resolve().parents[3]
LESSONS = REPO / "lessons"
ARTIFACTS = REPO / "test-artifacts"
START_TIMEOUT = 90  # s: JupyterLab on 2 busy cores

# What the widget manager says in the console or in an output when a widget cannot be
# shown (mismatched ipywidgets / jupyterlab_widgets versions give exactly these).
WIDGET_ERRORS = re.compile(r"Error displaying widget|Class \S+ not found|"
                           r"Failed to load model class|Could not create a model|"
                           r"No version of module \S+ is registered|Model not found",
                           re.IGNORECASE)


def missing(reason: str):
    _missing(reason, suite="the JupyterLab tests")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class LabServer:
    url: str            # base URL, ending with "/"
    token: str
    root: Path          # the temporary copy of lessons/ it serves
    log_path: Path
    process: subprocess.Popen

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory) -> LabServer:
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        missing("jupyterlab is not installed (pip install -e '.[lab]')")
    base = tmp_path_factory.mktemp("jupyterlab")
    root = base / "lessons"
    shutil.copytree(LESSONS, root, ignore=shutil.ignore_patterns(
        ".ipynb_checkpoints", "__pycache__"))
    env = dict(os.environ)
    for var, sub in [("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                     ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
                     ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("IPYTHONDIR", "ipython")]:
        (base / sub).mkdir()
        env[var] = str(base / sub)
    env["PYTHONUNBUFFERED"] = "1"
    # the kernels import this checkout's cardgames and widgets
    env["PYTHONPATH"] = os.pathsep.join(p for p in [str(REPO), env.get("PYTHONPATH")] if p)
    token = secrets.token_hex(16)
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser",
           "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
           "--ServerApp.port_retries=0", f"--ServerApp.root_dir={root}",
           f"--IdentityProvider.token={token}", "--LabApp.expose_app_in_browser=True",
           "--LabApp.news_url=",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")      # CI containers run as root
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"jupyterlab-{port}.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=base, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    server = LabServer(url=f"http://127.0.0.1:{port}/", token=token, root=root,
                       log_path=log_path, process=proc)
    try:
        t0 = time.monotonic()
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyter lab exited with {proc.returncode}:\n{server.log()}",
                            pytrace=False)
            try:
                req = urllib.request.Request(f"{server.url}api/status",
                                             headers={"Authorization": f"token {token}"})
                with urllib.request.urlopen(req, timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > START_TIMEOUT:
                pytest.fail(f"jupyter lab did not answer in {START_TIMEOUT} s:\n{server.log()}",
                            pytrace=False)
            time.sleep(0.2)
        print(f"\njupyter lab answered after {time.monotonic() - t0:.1f} s on {server.url}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_chromium(playwright_session):
    """A headless Chromium of its own (the Voila tests' ``chromium`` fixture is session
    scoped too; a second browser keeps the two suites independent), launched from the
    run's one Playwright (tests/conftest.py)."""
    browser = launch_chromium(playwright_session, suite="the JupyterLab tests")
    try:
        yield browser
    finally:
        browser.close()


@dataclass
class Lab:
    """One browser tab on the Lab server, and what it logged."""

    server: LabServer
    page: object
    console: list[str] = field(default_factory=list)     # "type: text" of every message
    page_errors: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)

    workspace: str = "default"

    def open(self, notebook: str) -> None:
        """Open ``notebook`` (a path in the lessons copy) in this test's own, reset
        workspace and wait until its kernel is idle."""
        self.page.goto(f"{self.server.url}lab/workspaces/{self.workspace}/tree/{notebook}"
                       f"?reset&token={self.server.token}")
        # generous: JupyterLab's first load on 2 busy cores can take a minute
        self.page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(
            state="visible", timeout=120_000)
        self.page.wait_for_function(
            """(path) => {
                const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                const k = w && w.context && w.context.path === path &&
                          w.sessionContext.session && w.sessionContext.session.kernel;
                return !!k && k.status === 'idle';
            }""", arg=notebook, timeout=120_000)

    def command(self, name: str, args: dict | None = None):
        """Run a JupyterLab command (as its menu entry does) on the current notebook."""
        return self.page.evaluate(
            "([n, a]) => window.jupyterapp.commands.execute(n, a)", [name, args or {}])

    def execution_counts(self) -> list:
        """The execution count of every code cell of the current notebook (None: not run)."""
        return self.page.evaluate("""() => {
            const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
            const out = [];
            for (let i = 0; i < cells.length; i++) {
                const c = cells.get(i);
                if (c.type === 'code') out.push(c.executionCount);
            }
            return out;
        }""")

    def run_all(self, timeout_ms: int = 120_000) -> None:
        """Clear every output, then *Run > Run All Cells*; return once every code cell
        has run and the kernel is idle again."""
        self.command("notebook:clear-all-cell-outputs")
        assert all(n is None for n in self.execution_counts()), "outputs were not cleared"
        self.command("notebook:run-all-cells")
        self.page.wait_for_function("""() => {
            const w = window.jupyterapp.shell.currentWidget;
            const cells = w.content.model.cells;
            for (let i = 0; i < cells.length; i++) {
                const c = cells.get(i);
                if (c.type === 'code' && c.executionCount === null) return false;
            }
            return w.sessionContext.session.kernel.status === 'idle';
        }""", timeout=timeout_ms)

    def error_outputs(self) -> list[str]:
        """``ename: evalue`` of every error output in the current notebook's model."""
        return self.page.evaluate("""() => {
            const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
            const out = [];
            for (let i = 0; i < cells.length; i++) {
                const c = cells.get(i);
                if (c.type !== 'code') continue;
                for (let j = 0; j < c.outputs.length; j++) {
                    const o = c.outputs.get(j).toJSON();
                    if (o.output_type === 'error') out.push(o.ename + ': ' + o.evalue);
                }
            }
            return out;
        }""")

    def output_of(self, source: str):
        """The output area of the (first) code cell whose source contains ``source``."""
        cell = self.page.locator(".jp-CodeCell").filter(
            has=self.page.locator(".jp-InputArea-editor", has_text=source)).first
        return cell.locator(".jp-OutputArea")

    def widget_errors(self) -> list[str]:
        """Widget-manager errors: in the console, in the page, or shown in an output."""
        found = [m for m in self.console + self.page_errors if WIDGET_ERRORS.search(m)]
        shown = self.page.locator(".jp-OutputArea").filter(has_text=WIDGET_ERRORS)
        found += [f"in an output: {t}" for t in shown.all_inner_texts()]
        return found

    def console_errors(self) -> list[str]:
        return [m for m in self.console if m.startswith("error:")]

    def assert_clean(self) -> None:
        """No error output in the notebook, no widget-manager error, nothing at all
        logged as an error in the console, no page error, no request to another host."""
        assert self.error_outputs() == []
        assert self.widget_errors() == []
        assert self.console_errors() == []
        assert self.page_errors == []
        assert self.external == [], "JupyterLab asked another host"


@pytest.fixture
def lab(lab_server, lab_chromium, request):
    context = lab_chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    lab = Lab(server=lab_server, page=page,
              workspace=re.sub(r"[^\w-]+", "-", request.node.name).strip("-"))

    def route(r):
        if r.request.url.startswith(lab_server.url) or r.request.url.startswith("data:"):
            r.continue_()
        else:                                   # the tests never use the network
            lab.external.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page.on("console", lambda m: lab.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda exc: lab.page_errors.append(str(exc)))
    try:
        yield lab
    finally:
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        # a crashed page must not hide the test's own failure
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / f"lab-{name}.png"))
        # shut the notebook's kernel down (a closed Lab tab leaves it running); the server
        # stops any that are left at the end of the session
        with contextlib.suppress(Exception):
            page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")
        context.close()


@pytest.fixture
def expect():
    """Playwright's ``expect`` waiting up to 30 s (JupyterLab and the kernels on 2 busy
    cores), set back to its 5 s default after the test."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    try:
        yield expect
    finally:
        expect.set_options(timeout=5_000)

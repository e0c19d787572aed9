"""Browser tests: a real Voila server (as `make serve` runs it) and headless Chromium.

Fixtures:

- ``voila_server`` (session): starts ``voila lessons`` standalone from the
  repository root (so ``voila.json`` applies) on a free port of 127.0.0.1,
  waits until it answers, yields a :class:`VoilaServer` (``url``, ``log()``,
  ``log_since(mark)``), and stops it.
- ``chromium`` (session): a Playwright (sync API) browser on the system's
  Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``).
- ``page`` (per test): a fresh page that records console errors, page errors
  and every request to another host (aborted: the tests never use the
  network); a screenshot goes to ``test-artifacts/<test>.png`` at the end.

In CI (``CI=true``) a missing Chromium or Playwright FAILS the tests;
elsewhere they are skipped.  Every test in this folder is marked ``browser``.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSONS = REPO / "lessons"
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 90  # seconds for voila to answer (2-core machine, cold caches)


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def missing(reason: str):
    """A missing browser tool fails in CI and skips elsewhere."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: browser tests must run in CI)", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class VoilaServer:
    url: str               # base URL, ending with "/"
    port: int
    log_path: Path
    process: subprocess.Popen
    startup_seconds: float = 0.0
    marks: dict = field(default_factory=dict)

    def log(self) -> str:
        """The server's whole log so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace")

    def mark(self) -> int:
        """A position in the log; ``log_since(mark)`` returns what came after it."""
        return len(self.log())

    def log_since(self, mark: int) -> str:
        return self.log()[mark:]

    def app_url(self, notebook: str) -> str:
        return f"{self.url}voila/render/{notebook}"

    def errors_since(self, mark: int) -> list[str]:
        """Lines logged after ``mark`` that mean something went wrong."""
        return log_errors(self.log_since(mark))


# Lines of the server log that mean something went wrong.
LOG_ERRORS = re.compile(r"Traceback|\bERROR\b|\[E |Exception|\b5\d\d (GET|POST)|"
                        r"Kernel died|not allowed")


def log_errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if LOG_ERRORS.search(line)]


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def voila_server(artifacts, tmp_path_factory) -> VoilaServer:
    try:
        import voila  # noqa: F401
    except ImportError:
        missing("voila is not installed (pip install -e '.[apps]')")
    port = free_port()
    log_path = artifacts / f"voila-{port}.log"
    env = dict(os.environ)
    # the kernels must not write into the user's runtime dir or pick up other config
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path_factory.mktemp("jupyter-runtime"))
    env.setdefault("PYTHONUNBUFFERED", "1")
    # the same command as `make serve`, on a free port
    cmd = [sys.executable, "-m", "voila", "lessons", "--Voila.ip=127.0.0.1",
           f"--port={port}", "--no-browser"]
    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    server = VoilaServer(url=url, port=port, log_path=log_path, process=proc)
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode} before answering:\n"
                            f"{server.log()}", pytrace=False)
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > START_TIMEOUT:
                pytest.fail(f"voila did not answer within {START_TIMEOUT} s:\n{server.log()}",
                            pytrace=False)
            time.sleep(0.1)
        server.startup_seconds = time.monotonic() - t0
        print(f"\nvoila answered after {server.startup_seconds:.1f} s on {url}")
        yield server
    finally:
        _stop(proc)


def _stop(proc: subprocess.Popen) -> None:
    """Stop voila and its kernels (the process group it leads, which we started)."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)


def chromium_path() -> str | None:
    """``$CHROMIUM`` when set (and only it), else Debian's chromium."""
    if os.environ.get("CHROMIUM"):
        candidates = [os.environ["CHROMIUM"]]
    else:
        candidates = [shutil.which("chromium"), "/usr/bin/chromium"]
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@pytest.fixture(scope="session")
def chromium():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install -e '.[test]')")
    exe = chromium_path()
    if exe is None:
        missing("Chromium not found (apt-get install chromium, or set $CHROMIUM)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def websocket_client():
    """The websocket-client module (fails in CI, skips elsewhere, when missing)."""
    try:
        import websocket
    except ImportError:
        missing("websocket-client is not installed (pip install -e '.[test]')")
    return websocket


@dataclass
class PageLog:
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)

    def unexpected_external(self) -> list[str]:
        """Requests to other hosts, except Voila's known Font Awesome stylesheet."""
        return [u for u in self.external_requests if not KNOWN_EXTERNAL.match(u)]

    def problems(self) -> list[str]:
        return self.console_errors + self.page_errors + self.unexpected_external()


# Voila's own page templates link Font Awesome from a CDN. Offline (a classroom
# without internet, and these tests) that stylesheet simply fails to load; the
# apps use no icons.  Any other outside request is a failure.
KNOWN_EXTERNAL = re.compile(r"^https://cdn\.jsdelivr\.net/npm/(@fortawesome/fontawesome-free|"
                            r"font-awesome)@")


@pytest.fixture
def page(chromium, voila_server, artifacts, request):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    log = PageLog()
    local = f"http://127.0.0.1:{voila_server.port}/"

    def route(r):
        if r.request.url.startswith(local) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            log.external_requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)

    def on_console(msg):
        if msg.type == "error":
            where = msg.location.get("url", "") if msg.location else ""
            if msg.text.startswith("Failed to load resource") and KNOWN_EXTERNAL.match(where):
                return
            log.console_errors.append(f"{msg.text} ({where})")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: log.page_errors.append(str(exc)))
    page.log = log  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        name = re.sub(r"[^\w.-]+", "_", request.node.name)
        try:
            page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
        except Exception:  # a crashed page must not hide the test's own failure
            pass
        try:
            # as a closed tab does: voila's page then asks the server to stop its kernel
            page.close(run_before_unload=True)
        except Exception:
            pass
        context.close()


@pytest.fixture
def page_log(page) -> PageLog:
    return page.log

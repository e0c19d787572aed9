"""Browser tests: a real Voila server (as `make serve` runs it) and headless Chromium.

Fixtures:

- ``voila_server`` (session): starts ``voila lessons`` standalone from the
  repository root (so ``voila.json`` applies) on a free port of 127.0.0.1,
  waits until it answers, yields a :class:`VoilaServer` (``url``, ``log()``,
  ``log_since(mark)``), and stops it.
- ``start_voila`` (session): a factory for more servers, e.g. on a temporary
  folder with its own ``voila.json``, or with more environment (``env=``, e.g. its
  own ``CARDGAMES_DATA_DIR``); stopped at the end of the session.
- ``chromium`` (session): a Playwright (sync API) browser on the system's
  Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``).
- ``page`` (per test): a fresh page that records console errors, page errors
  and every request to another host (aborted: the tests never use the
  network; none is expected); a screenshot goes to ``test-artifacts/<test>.png`` at the end.
- ``axe_js`` (session): the axe-core script of ``make axe``, to inject into a page
  (``pagecheck.axe_serious``).

The start-up code itself is ``benchmarks/_voila.py`` (shared with
``benchmarks/apps.py``).

In CI (``CI=true``) a missing Chromium or Playwright FAILS the tests;
elsewhere they are skipped.  Every test in this folder is marked ``browser``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pagecheck import axe_source
from testkit import launch_chromium, missing, voila_harness

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSONS = REPO / "lessons"


harness = voila_harness()
# the names this conftest has always had
CHROMIUM_FLAGS = harness.CHROMIUM_FLAGS
START_TIMEOUT = harness.START_TIMEOUT
LOG_ERRORS = harness.LOG_ERRORS
log_errors = harness.log_errors
free_port = harness.free_port
VoilaServer = harness.VoilaServer
VoilaStartError = harness.VoilaStartError
chromium_path = harness.chromium_path
_stop = harness.stop_voila


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def _start(root, *, cwd, log_path, runtime_dir, extra_args=(), port=None,
           env=None) -> VoilaServer:
    try:
        import voila  # noqa: F401
    except ImportError:
        missing("voila is not installed (pip install -e '.[apps]')")
    try:
        return harness.start_voila(root, cwd=cwd, log_path=log_path,
                                   runtime_dir=runtime_dir, extra_args=list(extra_args),
                                   port=port, env=env)
    except VoilaStartError as e:
        pytest.fail(str(e), pytrace=False)


@pytest.fixture(scope="session")
def voila_server(artifacts, tmp_path_factory) -> VoilaServer:
    # the same command as `make serve` (voila lessons from the repository root, so
    # voila.json applies), on a free port; the kernels must not write into the
    # user's runtime dir
    port = free_port()
    server = _start("lessons", cwd=REPO, log_path=artifacts / f"voila-{port}.log",
                    runtime_dir=tmp_path_factory.mktemp("jupyter-runtime"), port=port)
    try:
        print(f"\nvoila answered after {server.startup_seconds:.1f} s on {server.url}")
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def start_voila(artifacts, tmp_path_factory):
    """A factory for more Voila servers: ``start_voila(root, cwd=folder, extra_args=[...],
    env={...})`` runs ``voila <root>`` from ``cwd`` (whose ``voila.json`` applies) on a
    free port, with ``env`` added to its environment (and its kernels'), logging to
    ``test-artifacts/voila-<name>.log``; every server is stopped at the end of the
    session."""
    servers = []

    def start(root, *, cwd, name: str, extra_args=(), env=None) -> VoilaServer:
        server = _start(root, cwd=cwd, log_path=artifacts / f"voila-{name}.log",
                        runtime_dir=tmp_path_factory.mktemp("jupyter-runtime"),
                        extra_args=extra_args, env=env)
        servers.append(server)
        return server

    try:
        yield start
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="session")
def chromium(playwright_session):
    browser = launch_chromium(playwright_session)
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="session")
def axe_js() -> str:
    """The axe-core script (``make axe``); missing: fails in CI, skips elsewhere."""
    source = axe_source()
    if source is None:
        missing("axe-core is not installed: make axe "
                "(npm install --prefix .cache/npm axe-core@4)")
    return source


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
        """Requests to other hosts: none is expected (the page template drops Voila's
        Font Awesome CDN links, tests/browser/test_ui_fixes.py)."""
        return list(self.external_requests)

    def problems(self) -> list[str]:
        return self.console_errors + self.page_errors + self.unexpected_external()


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

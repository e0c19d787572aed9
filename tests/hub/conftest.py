"""A local JupyterHub run from ``deploy/jupyterhub/jupyterhub_config.py``, and Chromium.

The hub loads the deployment's config file unchanged and replaces only what needs root
or Docker: the testing authenticator with one shared password for the students
(``SharedPasswordAuthenticator``, which JupyterHub >= 5.3 has in place of
``DummyAuthenticator.password``) instead of NativeAuthenticator, ``SimpleLocalProcessSpawner`` (each student's server is a process
of this user, with a temporary home of its own) instead of DockerSpawner, addresses on
127.0.0.1 free ports, and folders in a temporary directory.  The landing URL, the
Voila and culling settings of each student's server are the deployment's.

The proxy is ``configurable-http-proxy`` from npm (``.ci/run`` installs it; also
looked for in ``node_modules/.bin``).  In CI (``CI=true``) a missing proxy, JupyterHub,
Playwright or Chromium fails the test; elsewhere it is skipped.  Every test here is
marked ``hub``.

The deployment's table service (``c.JupyterHub.services``: ``python -m
classroom.tables``) is started by the hub too, on a free port of 127.0.0.1 with its
data in the temporary directory; the students' kernels get its websocket address
(``CARDGAMES_TABLES_URL``).  :func:`start_hub` starts a hub with other users (the
tables' test adds a teacher and an admin).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest
from testkit import launch_chromium
from testkit import missing as _missing

REPO = Path(__file__).resolve().parents[2]
DEPLOY_CONFIG = REPO / "deploy" / "jupyterhub" / "jupyterhub_config.py"
ARTIFACTS = REPO / "test-artifacts"
PASSWORD = "shared-classroom-password"
#: the admins' own password (SharedPasswordAuthenticator: at least 32 characters)
ADMIN_PASSWORD = "the-head-teachers-own-password-0123456789"
STUDENTS = ("alice", "bob")
TABLES = "cardgames-tables"
START_TIMEOUT = 60


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.hub)


def missing(reason: str):
    _missing(reason, suite="the hub test")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_proxy() -> str | None:
    local = REPO / "node_modules" / ".bin" / "configurable-http-proxy"
    return shutil.which("configurable-http-proxy") or (str(local) if local.exists() else None)


@dataclass
class Hub:
    url: str                 # the public URL (the proxy), ending with "/"
    process: subprocess.Popen
    log_path: Path
    home: Path               # the students' homes are home/<name>
    started_at: float        # time.monotonic() when the hub was started
    password: str = PASSWORD  # the students' shared password
    admin_password: str = ADMIN_PASSWORD  # the admins' (start_hub(admins=...))
    students: tuple = STUDENTS  # the only names allowed to log in
    startup_seconds: float = 0.0
    tables_port: int = 0     # the table service's own port (127.0.0.1)
    tables_data: Path | None = None  # its data folder

    @property
    def tables_url(self) -> str:
        """The table service's public address, through the hub's proxy."""
        return f"{self.url}services/{TABLES}/"

    @property
    def tables_ws(self) -> str:
        """The seat websocket as the students' kernels reach it (CARDGAMES_TABLES_URL)."""
        return f"ws://127.0.0.1:{self.tables_port}/services/{TABLES}/tables/ws"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout: float = 60) -> float:
        """Stop the hub as ``systemctl stop`` or Ctrl+C does (SIGTERM) and wait; the
        hub then stops every student's server and the proxy.  Returns the seconds taken."""
        t0 = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
                raise
        return time.monotonic() - t0


def hub_config_text(tmp: Path, *, port: int, hub_port: int, api_port: int, proxy: str,
                    students, tables_port: int, admins=(), others=()) -> str:
    lessons, home = tmp / "lessons", tmp / "home"
    tables_url = f"http://127.0.0.1:{tables_port}"
    tables_ws = f"ws://127.0.0.1:{tables_port}/services/{TABLES}/tables/ws"
    tables_env = {"CARDGAMES_DATA_DIR": str(tmp / "tables"), "PYTHONPATH": str(REPO)}
    env = {"CARDGAMES_TABLES_URL": tables_ws,
           "PYTHONPATH": str(REPO),  # this checkout's cardgames and widgets
           # the page template voila.json names (the image has it in /usr/local/share)
           "JUPYTER_PATH": str(REPO / "share" / "jupyter"),
           "CARDGAMES_SEED_LIAR": os.environ.get("CARDGAMES_SEED_LIAR", "14")}
    args = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    return f"""\
load_subconfig({str(DEPLOY_CONFIG)!r})

# what needs root or Docker in the deployment, replaced for the test
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {PASSWORD!r}
c.Authenticator.allow_all = False
c.Authenticator.allowed_users = {set(students) | set(admins) | set(others)!r}
c.Authenticator.admin_users = {set(admins)!r}
if {bool(admins)!r}:
    c.SharedPasswordAuthenticator.admin_password = {ADMIN_PASSWORD!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(home)!r} + "/{{username}}"
c.Spawner.cmd = [{sys.executable!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = {str(lessons)!r}
c.Spawner.environment = dict(c.Spawner.environment, **{env!r})
# the table service on a free port, its data in the temporary directory
for service in c.JupyterHub.services:
    if service["name"] == {TABLES!r}:
        service["url"] = {tables_url!r}
        service["environment"] = dict(service["environment"], **{tables_env!r})
# the repository's voila.json where the image has its copy
c.Spawner.args = [a.replace({"/srv/cardgames/voila.json"!r}, {str(REPO / "voila.json")!r})
                  for a in c.Spawner.args] + {args!r}

# 127.0.0.1, free ports, temporary files
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {str(tmp / "proxy.pid")!r}
c.JupyterHub.db_url = "sqlite:///" + {str(tmp / "jupyterhub.sqlite")!r}
c.JupyterHub.cookie_secret_file = {str(tmp / "cookie_secret")!r}
"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    with start_hub(tmp_path_factory) as running:
        yield running


@contextlib.contextmanager
def start_hub(tmp_path_factory, *, students=STUDENTS, admins=(), others=()):
    """A hub from the deployment's config (see the module doc): ``students`` and
    ``others`` log in with the shared password, ``admins`` too, as the hub's admins."""
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        missing("jupyterhub is not installed (pip install -e '.[hub]')")
    proxy = find_proxy()
    if proxy is None:
        missing("configurable-http-proxy not found (npm install -g configurable-http-proxy)")
    tmp = tmp_path_factory.mktemp("jupyterhub")
    shutil.copytree(REPO / "lessons", tmp / "lessons",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    (tmp / "home").mkdir()
    port, tables_port = free_port(), free_port()
    config = tmp / "jupyterhub_config.py"
    config.write_text(hub_config_text(tmp, port=port, hub_port=free_port(),
                                      api_port=free_port(), proxy=proxy, students=students,
                                      tables_port=tables_port, admins=admins, others=others))
    ARTIFACTS.mkdir(exist_ok=True)
    log_path = ARTIFACTS / f"jupyterhub-{port}.log"
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(config)],
                                cwd=tmp, env=env, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    hub = Hub(url=f"http://127.0.0.1:{port}/", process=proc, log_path=log_path,
              home=tmp / "home", started_at=t0, students=tuple(students),
              tables_port=tables_port, tables_data=tmp / "tables")
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"jupyterhub exited with {proc.returncode}:\n{hub.log()}",
                            pytrace=False)
            try:
                with urllib.request.urlopen(f"{hub.url}hub/health", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > START_TIMEOUT:
                pytest.fail(f"jupyterhub did not answer in {START_TIMEOUT} s:\n{hub.log()}",
                            pytrace=False)
            time.sleep(0.2)
        hub.startup_seconds = time.monotonic() - t0
        yield hub
    finally:
        hub.stop()


def new_context(browser, hub: Hub, **kwargs):
    """A browser context that reaches only the hub: Voila's page links Font Awesome from
    a CDN, which would otherwise hold the page's load event (the tests use no network)."""
    context = browser.new_context(**kwargs)

    def route(r):
        if r.request.url.startswith(hub.url) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            r.abort()

    context.route("**/*", route)
    return context


@pytest.fixture(scope="module")
def chromium(playwright_session):
    """A Chromium of this module's own, from the run's one Playwright (tests/conftest.py)."""
    browser = launch_chromium(playwright_session, suite="the hub test")
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture(scope="module")
def hub_context(hub, chromium):
    """``hub_context(**kwargs)``: a new browser context that reaches only the hub."""
    return lambda **kwargs: new_context(chromium, hub, **kwargs)


#: the tables' test: a teacher (the deployment's role cardgames-teachers holds "teacher")
#: and an admin besides the two students
TEACHER, ADMIN = "teacher", "principal"


@pytest.fixture(scope="module")
def tables_hub(tmp_path_factory):
    with start_hub(tmp_path_factory, students=STUDENTS, admins=(ADMIN,),
                   others=(TEACHER,)) as running:
        yield running


@pytest.fixture(scope="module")
def tables_hub_context(tables_hub, chromium):
    """``tables_hub_context(**kwargs)``: a browser context that reaches only the tables' hub."""
    return lambda **kwargs: new_context(chromium, tables_hub, **kwargs)

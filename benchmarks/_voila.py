"""Start Voila standalone and Debian's Chromium: shared by ``benchmarks/apps.py`` and
``tests/browser/conftest.py`` (which loads this file by path; see there).

No pytest here: a failure to start raises :class:`VoilaStartError`, and the caller
decides (the tests fail or skip, the benchmark exits).

    server = start_voila("lessons", log_path=Path("/tmp/voila.log"))
    try:
        ...  # server.url, server.app_url("app_rank_cycle.ipynb"), server.log()
    finally:
        server.stop()

Voila is run exactly as ``make serve`` runs it (``python -m classroom lessons`` from
the repository root, so ``voila.json`` there applies), on a free port of 127.0.0.1;
``extra_args`` may hold the launcher's own options (``--students``, ``--notebooks``,
``--max-kernels``) and Voila's.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"

# Debian's chromium in a container: no sandbox, no GPU, and nothing that phones home
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
START_TIMEOUT = 90  # seconds for voila to answer (2-core machine, cold caches)

# Lines of the server log that mean something went wrong.
LOG_ERRORS = re.compile(r"Traceback|\bERROR\b|\[E |Exception|\b5\d\d (GET|POST)|"
                        r"Kernel died|not allowed|Timeout waiting for IOPub")


def log_errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if LOG_ERRORS.search(line)]


class VoilaStartError(RuntimeError):
    """Voila exited or did not answer in time; the message carries its log."""


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

    def stop(self) -> None:
        stop_voila(self.process)


def jupyter_path_env(current: str | None = None) -> str:
    """``JUPYTER_PATH`` with the project's ``share/jupyter`` first: Voila finds the
    page template ``cardgames`` there (voila.json ``VoilaConfiguration.template``)."""
    mine = str(REPO / "share" / "jupyter")
    return os.pathsep.join([mine, *([current] if current else [])])


def start_voila(root: str = "lessons", *, log_path: Path, cwd: Path = REPO,
                runtime_dir: Path | None = None, extra_args: list[str] | tuple = (),
                port: int | None = None, timeout: float = START_TIMEOUT,
                env: Mapping[str, str] | None = None) -> VoilaServer:
    """Run ``voila <root>`` from ``cwd`` (whose ``voila.json`` applies) on ``port``
    (default: a free one); ``env``: more environment for the server and its kernels
    (e.g. ``CARDGAMES_DATA_DIR``), this process's own left as it is.

    Returns once the index answers 200.  The server leads its own process group
    (its kernels too), which :func:`stop_voila` ends.  ``runtime_dir`` keeps the
    kernels' connection files out of the user's Jupyter runtime directory.
    """
    port = port or free_port()
    env = {**os.environ, **(env or {})}
    env["JUPYTER_PATH"] = jupyter_path_env(env.get("JUPYTER_PATH"))
    if runtime_dir is not None:
        env["JUPYTER_RUNTIME_DIR"] = str(runtime_dir)
    env.setdefault("PYTHONUNBUFFERED", "1")
    # `python -m classroom` finds the launcher from any cwd (a test's temporary folder)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    # the same command as `make serve` (classroom/, which runs Voila), on a free port
    cmd = [sys.executable, "-m", "classroom", str(root), "--Voila.ip=127.0.0.1",
           f"--port={port}", "--no-browser", *extra_args]
    t0 = time.monotonic()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    server = VoilaServer(url=url, port=port, log_path=Path(log_path), process=proc)
    try:
        while True:
            if proc.poll() is not None:
                raise VoilaStartError(f"voila exited with {proc.returncode} before "
                                      f"answering:\n{server.log()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as resp:
                    if resp.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > timeout:
                raise VoilaStartError(f"voila did not answer within {timeout} s:\n"
                                      f"{server.log()}")
            time.sleep(0.1)
    except BaseException:
        stop_voila(proc)
        raise
    server.startup_seconds = time.monotonic() - t0
    return server


def stop_voila(proc: subprocess.Popen) -> None:
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


def niced(executable: str, nice: int, folder: Path) -> str:
    """``executable``, or a script in ``folder`` that runs it at low priority: in a
    session of its own (Linux schedules each session as one group, so a niced process
    in the server's session would still get its group's share) whose group is niced
    (``/proc/self/autogroup``), and under ``nice``."""
    if not nice:
        return executable
    wrapper = folder / "chromium-niced"
    exe, n = shlex.quote(executable), int(nice)
    wrapper.write_text(
        "#!/bin/sh\n"
        f"exec setsid -w sh -c 'echo {n} > /proc/self/autogroup 2>/dev/null; "
        f"exec nice -n {n} {exe} \"$@\"' sh \"$@\"\n")
    wrapper.chmod(0o755)
    return str(wrapper)


def launch_chromium(playwright, exe: str | None = None):
    """A headless Playwright browser on the system's Chromium (never Playwright's own)."""
    exe = exe or chromium_path()
    if exe is None:
        raise FileNotFoundError("Chromium not found (apt-get install chromium, or set $CHROMIUM)")
    return playwright.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS, headless=True)


async def student_page(browser, base: str, *, init_script: str, timeout_s: float,
                       errors: list[str]):
    """A benchmark's student in Chromium (Playwright's async API): a context of its own
    (1280x900) that reaches ``base`` only (every other request aborted), ``init_script``
    installed before the page's own scripts, ``timeout_s`` for every wait, the page's
    errors appended to ``errors``.  ``(context, page)``; close with :func:`close_student_page`."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                        else r.abort())
    await context.add_init_script(init_script)
    page = await context.new_page()
    page.set_default_timeout(timeout_s * 1000)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    return context, page


async def close_student_page(context, page) -> None:
    """Close the page as a closed tab does (Voila's page asks the server to stop its
    kernel), then its context."""
    try:
        await page.close(run_before_unload=True)
        await asyncio.sleep(1.0)      # let the shutdown beacon leave before the context
    finally:
        await context.close()


def wait_quiet(page, quiet_ms: int = 400, timeout_ms: int = 10_000) -> None:
    """Wait until Voila's rendered cells have not changed for ``quiet_ms`` (or ``timeout_ms``)."""
    page.evaluate("""([quiet, timeout]) => new Promise(resolve => {
        let last = performance.now();
        const end = last + timeout;
        const obs = new MutationObserver(() => { last = performance.now(); });
        obs.observe(document.getElementById('rendered_cells'),
                    {subtree: true, childList: true, attributes: true, characterData: true});
        const tick = () => {
          const now = performance.now();
          if (now - last >= quiet || now > end) { obs.disconnect(); resolve(); }
          else setTimeout(tick, 50);
        };
        tick();
    })""", [quiet_ms, timeout_ms])

"""The static site (``make site``) built, served on 127.0.0.1 and opened in Chromium: shared by
``benchmarks/static_site.py`` and ``tests/browser/test_static_site.py``.

- :func:`built_site`: the site of this checkout, built by ``tools/static_site.py`` into
  ``.cache/site/built-<key>/``, where ``key`` is a digest of every file the build reads
  (the tool, its npm lock, pyproject.toml, cardgames/, widgets/, classroom/, the lessons,
  the page template); a build with the same key is reused, an older one removed.
- :class:`StaticServer`: the folder served by Python's own ``http.server`` on a free port
  of 127.0.0.1 (as any static host would: plain files, ``.wasm`` as ``application/wasm``).
- :func:`watch_hosts`: every request a page (and its web workers) makes to a host other
  than the server's (and the ports of 127.0.0.1 it names in ``also``), recorded.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import io
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "site"

#: what the build reads: a change to any of these builds the site again
INPUTS = ("tools/static_site.py", "tools/static_site_pages.py", "tools/static_site_npm",
          "pyproject.toml", "cardgames", "widgets", "classroom", "lessons",
          "share/jupyter/voila/templates/cardgames")


def input_key() -> str:
    """A digest of every file of :data:`INPUTS` (path and bytes), 16 hex digits."""
    digest = hashlib.sha256()
    for name in INPUTS:
        root = REPO / name
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            rel = path.relative_to(REPO).as_posix()
            if "__pycache__" in rel or "/.ipynb_checkpoints/" in rel or rel.endswith(".pyc"):
                continue
            digest.update(rel.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def built_site(*, python: str = sys.executable) -> Path:
    """The site of this checkout (built now unless a build of the same inputs is kept)."""
    key = input_key()
    out = CACHE / f"built-{key}"
    done = out / ".built"
    if done.exists():
        return out
    for old in CACHE.glob("built-*"):
        shutil.rmtree(old, ignore_errors=True)
    subprocess.run(["nice", "-n", "10", python, "-m", "cardgames", "site", "--out", str(out)],
                   check=True, cwd=REPO)
    done.write_text(key)
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript",
                      ".mjs": "text/javascript", ".json": "application/json"}
    #: (the server's) files answered instead of the folder's, by path ("/class-server.json")
    overrides: dict[str, bytes] = {}

    def send_head(self):
        body = self.overrides.get(self.path.split("?", 1)[0])
        if body is None:
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class StaticServer:
    """``folder`` served on 127.0.0.1 (a free port) from a thread; :meth:`stop` ends it.
    ``overrides``: files served instead of the folder's (a test's ``class-server.json``);
    ``also``: ports of 127.0.0.1 the pages may ask too (a test's class server)."""

    def __init__(self, folder: Path) -> None:
        self.overrides: dict[str, bytes] = {}
        self.also: set[int] = set()
        handler = functools.partial(type("Handler", (_Handler,), {"overrides": self.overrides}),
                                    directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.origin = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def watch_hosts(page, server: StaticServer, log: list[str]) -> None:
    """Record every request of ``page`` and its web workers (the Pyodide kernel runs in
    one) to a host other than ``server``'s.

    The requests are watched, not routed: Playwright turns the browser's HTTP cache off
    for a routed page, and a second page must load from the cache as a student's does.
    (Other hosts cannot be reached from this machine anyway: such a request fails, and
    is recorded here.)"""
    def local(url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme in ("data", "blob") or (
            parts.hostname == "127.0.0.1" and (parts.port == server.port
                                               or parts.port in server.also))

    page.on("request", lambda r: None if local(r.url) else log.append(r.url))

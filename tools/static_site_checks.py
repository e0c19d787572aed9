"""The static site's build (tools/static_site.py, ``cardgames site``): what is checked
before anything is built, and the one error a build step ends with.

>>> class_server("http://192.168.1.20:8866"), class_server("https://hub.example/class/")
('http://192.168.1.20:8866/', 'https://hub.example/class/')
>>> out_problem(Path("no such folder")) is None
True
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["MARKER", "OFFLINE", "BuildError", "class_server", "out_problem"]


class BuildError(Exception):
    """A build that cannot go on; the message (one line) says why and what to do."""


#: what a download failure most likely means, and what to do
OFFLINE = ("no network? The first build downloads from the package registries (PyPI, npm) "
           "and keeps everything in {cache}; later builds need no network")


#: the file of a built site saying so (a folder with it may be built over)
MARKER = ".cardgames-site"


def out_problem(out: Path) -> str | None:
    """Why the site cannot be written to ``out`` (it is replaced as a whole), or None."""
    if out.exists() and not out.is_dir():
        return f"{out} is a file, not a folder"
    built = (out / MARKER).is_file() or (       # (a site built before the marker)
        (out / "voici" / "render").is_dir() and (out / "index.html").is_file())
    if out.is_dir() and any(out.iterdir()) and not built:
        return (f"{out} is a folder with other files in it: give a new or empty folder, or "
                "one this command wrote before (it is replaced as a whole)")
    return None


def class_server(text: str) -> str:
    """The class server's address as the pages use it: ``http(s)://host[:port]/[base/]``."""
    from urllib.parse import urlsplit

    url = text.strip()
    url = url if url.endswith("/") else url + "/"
    try:
        parts = urlsplit(url)
        ok = (parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
              and not (parts.query or parts.fragment or parts.username or "?" in url
                       or "#" in url) and len(url) <= 300)
    except ValueError:
        ok = False
    if not ok:
        raise BuildError(f"--class-server: {text!r} is not a class server's address: give "
                         "the address its students open, e.g. http://192.168.1.20:8866")
    return url

"""The first student to open each page, on a server started with no options (issue 30).

    .venv/bin/python benchmarks/first_open.py                 # every page, en/hr/de
    .venv/bin/python benchmarks/first_open.py --lang hr       # cardgames serve --lang hr
    .venv/bin/python benchmarks/first_open.py --only 04_how_likely_is_a_lie app_liar

Starts ``cardgames serve`` from the repository with no option but a free port (and
``--lang`` when given): warm by default, one kernel ready for every page its start page
offers.  Waits until the server says the pool is warm, then opens every page the start
page offers (the apps once, each lesson in each language served) one after another in
headless Chromium, each once, as the first student of the class would, and measures
with the page's own clock (``benchmarks/apps.py``'s script): the request until every
cell is shown (Voila shows the cells once all were sent; the figure checked against
``--limit``), until no widget is still "Loading widget", and until the first button or
slider of the apps' kind is visible.  Each page is closed before the next (its kernel is shut down; the pool gets
a new one ``WARM_REFILL_S`` later).  Only 127.0.0.1 is contacted; bounded in time
(``--warm-timeout``, 180 s a page).  Prints one line per page, the machine's load, and
exits 1 when a page took longer than ``--limit`` s (default 3, the issue's promise).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _voila
from apps import INIT_SCRIPT

REPO = Path(__file__).resolve().parents[1]


def start(lang: str | None, log: Path) -> tuple[subprocess.Popen, str]:
    port = _voila.free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH"))
                                         if p),
           "JUPYTER_RUNTIME_DIR": str(log.parent / "runtime"),
           "CARDGAMES_DATA_DIR": str(log.parent / "data")}
    env.pop("CARDGAMES_LANG", None)
    cmd = [sys.executable, "-m", "cardgames", "serve", "--port", str(port)]
    if lang:
        cmd += ["--lang", lang]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, env=env,
                                stdin=subprocess.DEVNULL, start_new_session=True)
    return proc, f"http://127.0.0.1:{port}/"


def wait_warm(proc: subprocess.Popen, log: Path, timeout: float) -> float:
    t0 = time.monotonic()
    while "The pool is warm" not in log.read_text("utf-8", "replace"):
        if proc.poll() is not None:
            raise SystemExit("the server exited:\n" + log.read_text("utf-8")[-3000:])
        if time.monotonic() - t0 > timeout:
            raise SystemExit(f"not warm after {timeout:.0f} s:\n" + log.read_text()[-3000:])
        time.sleep(1)
    return time.monotonic() - t0


def pages(url: str, lang: str | None) -> list[str]:
    """The start page's links to notebooks (``?lang=`` kept), in each language served."""
    links: list[str] = []
    for code in [lang] if lang else ["en", "hr", "de"]:
        with urllib.request.urlopen(f"{url}?lang={code}", timeout=30) as resp:
            html = resp.read().decode()
        for href in re.findall(r'href="(/voila/render/[^"]+)"', html):
            href = re.sub(r"[?&]student=[^&]*", "", href.replace("&amp;", "&"))
            if href not in links and (code == (lang or "en") or "/app_" not in href):
                links.append(href)
    return links


def open_once(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    try:
        page.goto(url, wait_until="commit", timeout=180_000)
        page.wait_for_function("() => window.__bench && window.__bench.cellsShown !== null",
                               timeout=180_000, polling=50)
        # every widget drawn (a lesson's first controls may come late in the page)
        page.wait_for_function("() => !document.body.innerText.includes('Loading widget')",
                               timeout=60_000, polling=50)
        drawn = page.evaluate("() => performance.now()")
        return {**page.evaluate("() => ({shown: window.__bench.cellsShown,"
                                " control: window.__bench.firstControl})"), "drawn": drawn}
    finally:
        try:
            page.close(run_before_unload=True)
        finally:
            context.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", choices=["en", "hr", "de"])
    ap.add_argument("--only", nargs="*", default=None, help="notebook names (no .ipynb)")
    ap.add_argument("--warm-timeout", type=float, default=900.0)
    ap.add_argument("--limit", type=float, default=3.0)
    ap.add_argument("--gap", type=float, default=3.0,
                    help="seconds between two pages (the taken kernel's replacement runs its "
                         "notebook meanwhile: 2 s after the take)")
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="bench-first-open-"))
    log = tmp / "serve.log"
    proc, url = start(args.lang, log)
    from playwright.sync_api import sync_playwright
    try:
        warm = wait_warm(proc, log, args.warm_timeout)
        print(f"server {url} (log {log}): pool warm after {warm:.0f} s; load "
              f"{os.getloadavg()[0]:.1f}", flush=True)
        links = pages(url, args.lang)
        if args.only:
            links = [h for h in links if any(f"/{n}.ipynb" in h for n in args.only)]
        slow = []
        with sync_playwright() as p:
            browser = _voila.launch_chromium(p)
            try:
                for href in links:
                    t = open_once(browser, url.rstrip("/") + href)
                    shown = t["shown"] / 1000
                    control = "-" if t["control"] is None else f"{t['control'] / 1000:.2f} s"
                    print(f"{href:50s} shown {shown:5.2f} s  widgets drawn "
                          f"{t['drawn'] / 1000:5.2f} s  first button {control}  load "
                          f"{os.getloadavg()[0]:.1f}", flush=True)
                    if shown > args.limit:
                        slow.append(href)
                    time.sleep(args.gap)   # the pool's replacement starts 2 s after the take
            finally:
                browser.close()
        print(f"{len(links)} pages, {len(slow)} over {args.limit:.0f} s: {' '.join(slow)}")
        return 1 if slow else 0
    finally:
        _voila.stop_voila(proc)


if __name__ == "__main__":
    sys.exit(main())

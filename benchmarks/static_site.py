"""The static site (``make site``) in headless Chromium: how long a student waits, cold and warm.

    .venv/bin/python benchmarks/static_site.py [--pages app_liar exercises_01-hr] [--runs 2]
    make bench-site

For each page: a fresh browser profile on disk (cold: nothing cached) opens it, then a
second tab of the same profile opens it again (warm: from the browser's HTTP cache).  Measured from the
navigation's start:

- first paint: the browser's ``first-contentful-paint`` (the "Starting up kernel..."
  spinner of the Voici page);
- first usable widget: the page's widget shown and answering (the app's language
  picker and its first button on screen, an exercise's Check button);

and what the static server sent (bytes, requests).  The site is the one of this checkout
(built, or reused, by ``benchmarks/_static_site.py``) and is served by Python's
``http.server`` on 127.0.0.1 (as any static host would serve it; a real host adds the
network's time and usually gzip).  Every request to another host is counted (0 expected).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _static_site as site_tools  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
#: what "usable" means on each kind of page: a selector that appears when the widget is drawn
READY = {"app_": ".localized-app .language-picker button", "exercises_": ".cg-exercise button"}
TIMEOUT_MS = 600_000


class CountingServer(site_tools.StaticServer):
    """The site's server, counting what it sends."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder)
        self.bytes = 0
        self.requests = 0
        handler = self.httpd.RequestHandlerClass
        server = self

        def copyfile(self_, source, outputfile):  # noqa: ANN001
            data = source.read()
            server.bytes += len(data)
            server.requests += 1
            outputfile.write(data)

        handler.func.copyfile = copyfile      # type: ignore[attr-defined]

    def take(self) -> tuple[int, int]:
        out = (self.bytes, self.requests)
        self.bytes = self.requests = 0
        return out


def ready_selector(page_name: str) -> str:
    return next(sel for prefix, sel in READY.items() if page_name.startswith(prefix))


def load(context, server: CountingServer, page_name: str, external: list[str]) -> dict:
    page = context.new_page()
    site_tools.watch_hosts(page, server, external)
    server.take()
    start = time.perf_counter()
    page.goto(f"{server.url}voici/render/{page_name}.html")
    page.locator(ready_selector(page_name)).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    usable = time.perf_counter() - start
    paint = page.evaluate("""() => {
        const p = performance.getEntriesByName('first-contentful-paint')[0];
        return p ? p.startTime / 1000 : null; }""")
    sent, requests = server.take()
    page.close()
    return {"first_paint_s": round(paint, 2) if paint is not None else None,
            "first_usable_s": round(usable, 1), "sent_MiB": round(sent / 2**20, 1),
            "requests": requests}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=["app_liar", "exercises_01-hr"])
    parser.add_argument("--runs", type=int, default=1, help="cold+warm pairs per page")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    folder = site_tools.built_site()
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    server = CountingServer(folder)
    external: list[str] = []
    results: dict[str, dict[str, list[dict]]] = {}
    try:
        with sync_playwright() as pw:
            for name in args.pages:
                runs = results.setdefault(name, {"cold": [], "warm": []})
                for _ in range(args.runs):
                    # a browser profile on disk, new for each cold load (a new context
                    # would keep its cache in memory, too small for the 8 MiB runtime)
                    with tempfile.TemporaryDirectory(prefix="cardgames-site-bench-") as home:
                        context = pw.chromium.launch_persistent_context(
                            home, executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS,
                            viewport={"width": 1280, "height": 900})
                        runs["cold"].append(load(context, server, name, external))
                        runs["warm"].append(load(context, server, name, external))
                        context.close()
    finally:
        server.stop()
    print(f"site: {folder.name}, {size / 2**20:.1f} MiB on disk")
    print(f"{'page':24} {'load':5} {'first paint s':>14} {'first usable s':>15} "
          f"{'sent MiB':>9} {'requests':>9}")
    for name, runs in results.items():
        for kind in ("cold", "warm"):
            rows = runs[kind]
            paint = [r["first_paint_s"] for r in rows if r["first_paint_s"] is not None]
            print(f"{name:24} {kind:5} {statistics.median(paint) if paint else '-':>14} "
                  f"{statistics.median(r['first_usable_s'] for r in rows):>15} "
                  f"{statistics.median(r['sent_MiB'] for r in rows):>9} "
                  f"{statistics.median(r['requests'] for r in rows):>9}")
    print(f"requests to other hosts: {len(external)}")
    with open("/proc/loadavg") as f:
        print("load average:", f.read().split()[0], "(2 shared cores)")
    if args.json:
        args.json.write_text(json.dumps({"results": results, "external": external}, indent=1))
    return 1 if external else 0


if __name__ == "__main__":
    sys.exit(main())

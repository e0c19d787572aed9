"""How fast the Voila apps feel: page load to first usable widget, click to updated view.

    .venv/bin/python benchmarks/apps.py                    # every lessons/app_*.ipynb
    .venv/bin/python benchmarks/apps.py app_rank_cycle     # only these apps
    .venv/bin/python benchmarks/apps.py --loads 5 --clicks 20

Runs ``voila lessons`` exactly as ``make serve`` does (``benchmarks/_voila.py``,
shared with ``tests/browser``) and Debian's headless Chromium through Playwright.

For each app notebook that exists when it runs:

* **load**: a fresh browser context (a student's first visit) opens the app; the
  page's own clock (``performance.now()``, 0 = the navigation began) records
  the first byte of the response, the moment Voila shows the cells
  (``#rendered_cells`` visible), and the moment the first *enabled, visible*
  widget control exists: ``button.widget-button:not(:disabled)``, a slider handle
  (``.widget-slider .noUi-handle``), a dropdown ``select`` or a text ``input``.
  A widget view exists only once the page's widget manager has the model from the
  kernel, so it can be used from then on.  ``--loads`` loads per app (median, min, max).
* **interaction**: in the last loaded page, ``--clicks`` real Playwright inputs
  (a click, an arrow key on a slider handle, a dropdown choice; see ``STEPS``).
  A capture listener on ``document`` stamps the input event; a MutationObserver
  on the cells stamps every DOM change outside the control itself (a slider's own
  handle moves before the kernel answers).  "first" is the first such change (the
  kernel's answer reached the page), "settled" the last one before 400 ms of quiet
  (the whole view redrawn).  An input that changes nothing within 10 s counts as
  "no update" and is left out of the statistics.

Apps this script does not know get the generic step: the first visible enabled
button, preferring a primary/success/info one.  The table goes to stdout;
``--json FILE`` also writes every sample.  Each page closes as a tab does, so
Voila shuts its kernel down.  Other work on the machine slows all of this down:
the load average is printed with the table.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _voila  # noqa: E402

CONTROLS = ("button.widget-button:not(:disabled), .widget-slider .noUi-handle, "
            ".widget-dropdown select:not(:disabled), .widget-text input:not(:disabled)")

# Installed before any page script: stamps the first visible enabled control, the
# first input event after a reset, and DOM changes in the cells outside the control.
INIT_SCRIPT = """
(() => {
  const CONTROLS = %s;
  const bench = window.__bench = {firstControl: null, cellsShown: null, t0: null,
                                   control: null, changes: []};
  const visible = el => el.checkVisibility ? el.checkVisibility() : el.offsetParent !== null;
  const check = () => {
    if (bench.cellsShown === null) {
      const cells = document.getElementById('rendered_cells');
      if (cells && cells.style.display !== 'none' && document.getElementById('loading') === null)
        bench.cellsShown = performance.now();
    }
    if (bench.firstControl === null) {
      for (const el of document.querySelectorAll(CONTROLS)) {
        if (visible(el)) { bench.firstControl = performance.now(); break; }
      }
    }
  };
  const observer = new MutationObserver(records => {
    const now = performance.now();
    check();
    if (bench.t0 !== null) {
      for (const r of records) {
        const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        if (!node || !node.closest('#rendered_cells')) continue;
        if (bench.control && bench.control.contains(node)) continue;
        if (!bench.changes.length)
          bench.what = (node.className || node.nodeName) + ': ' + (node.textContent || '').slice(0, 60);
        bench.changes.push(now);
        break;
      }
    }
  });
  const start = () => observer.observe(document.documentElement,
      {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, {once: true});
  for (const type of ['click', 'keydown', 'change']) {
    document.addEventListener(type, () => {
      if (bench.armed) { bench.t0 = performance.now(); bench.armed = false; }
    }, true);
  }
})();
""" % json.dumps(CONTROLS)


@dataclass(frozen=True)
class Step:
    kind: str            # "button", "slider" or "dropdown"
    label: str           # the button's text (^regex), or the control's description
    value: str = ""      # slider: "ArrowRight"/"ArrowLeft"; dropdown: the option's label
    prepare: str = ""    # a button to click first, not timed (e.g. pick a card, then Play)


def B(label: str, prepare: str = "") -> Step:
    return Step("button", label, prepare=prepare)


# Per app: the steps, taken in turn ("cycle", so that state goes back and forth)
# or the first one available each time ("prefer", for games that move on).
# A step whose control is missing, hidden or disabled is skipped.
STEPS: dict[str, tuple[str, list[Step]]] = {
    "app_rank_cycle": ("cycle", [B("Next turn ▶"), B("◀ Previous turn")]),
    "app_hand_scorer": ("cycle", [B("AH")]),           # un-pick, pick again
    "app_call_explainer": ("cycle", [Step("slider", "Players", "ArrowRight"),
                                     Step("slider", "Players", "ArrowLeft")]),
    "app_call_odds": ("cycle", [Step("dropdown", "Claim: N =", "3"),
                                Step("dropdown", "Claim: N =", "2")]),
    "app_thirty_one": ("prefer", [B("Next deal ▶"), B("Let the bots play ▶▶"),
                                  B("Keep my cards"), B("Pass"), B("Stand"), B("Reveal")]),
    "app_liar": ("prefer", [B("^Play ", prepare="Pick"), B("Let it stand"), B("New round"),
                            B("Let the bots play"), B("Next bot move"), B("New match")]),
    # the lessons' explorable widgets (issue 20): each control, one step and back
    "03_hand_scoring": ("cycle", [B("Deal 100 more")]),
    "04_how_likely_is_a_lie": ("cycle", [Step("slider", "prior π", "ArrowRight"),
                                         Step("slider", "prior π", "ArrowLeft"),
                                         Step("slider", "pile (cards)", "ArrowRight"),
                                         Step("slider", "pile (cards)", "ArrowLeft")]),
    "05_decisions_in_thirty_one": ("cycle", [Step("slider", "reveal at", "ArrowRight"),
                                             Step("slider", "reveal at", "ArrowLeft")]),
    "06_lives_and_tournaments": ("cycle", [Step("slider", "lives", "ArrowRight"),
                                           Step("slider", "lives", "ArrowLeft"),
                                           Step("slider", "opponents", "ArrowRight"),
                                           Step("slider", "opponents", "ArrowLeft"),
                                           Step("slider", "games (n)", "ArrowRight"),
                                           Step("slider", "games (n)", "ArrowLeft")]),
}


def _usable(locator) -> bool:
    try:
        return locator.count() > 0 and locator.first.is_visible() and locator.first.is_enabled()
    except Exception:
        return False


def find_control(page, step: Step):
    """(element to act on, the element whose own changes do not count) or None."""
    cells = page.locator("#rendered_cells")
    if step.kind == "button":
        loc = cells_button(page, step.label)
        return (loc.first, loc.first) if _usable(loc) else None
    if step.kind == "slider":
        box = cells.locator(".widget-slider", has=page.get_by_text(step.label, exact=True))
        handle = box.locator(".noUi-handle")
        return (handle.first, box.first) if _usable(handle) else None
    if step.kind == "dropdown":
        box = cells.locator(".widget-dropdown", has=page.get_by_text(step.label, exact=True))
        select = box.locator("select")
        return (select.first, box.first) if _usable(select) else None
    raise ValueError(step.kind)


def cells_button(page, label: str):
    """Buttons in the cells by their text; a label starting with ^ is a regex."""
    name = re.compile(label) if label.startswith("^") else label
    return page.locator("#rendered_cells").get_by_role("button", name=name, exact=True)


def generic_control(page):
    for sel in ("button.widget-button.mod-primary", "button.widget-button.mod-success",
                "button.widget-button.mod-info", "button.widget-button"):
        for el in page.locator(f"#rendered_cells {sel}:not(:disabled)").all():
            if el.is_visible():
                return el, el
    return None


def act(page, step: Step | None, target) -> None:
    if step is None or step.kind == "button":
        target.click()
    elif step.kind == "slider":
        target.focus()
        page.keyboard.press(step.value)
    else:
        target.select_option(label=step.value)


wait_quiet = _voila.wait_quiet


def one_interaction(page, step, target, control, quiet_ms=400, timeout_ms=10_000):
    """(first change, settled) in ms after the input event, or None: nothing changed."""
    control.evaluate("el => { const b = window.__bench; b.control = el; b.changes = [];"
                     " b.t0 = null; b.armed = true; }")
    act(page, step, target)
    result = page.evaluate("""([quiet, timeout]) => new Promise(resolve => {
        const b = window.__bench;
        const begin = performance.now();
        const tick = () => {
          const now = performance.now();
          if (b.t0 === null) {   // the input event never came
            if (now - begin > timeout) resolve(null); else setTimeout(tick, 10);
            return;
          }
          const n = b.changes.length;
          if (n && now - b.changes[n - 1] >= quiet)
            resolve([b.changes[0] - b.t0, b.changes[n - 1] - b.t0, b.what]);
          else if (!n && now - b.t0 > timeout) resolve(null);
          else if (now - b.t0 > timeout + 10000)   // never quiet: report what there is
            resolve([b.changes[0] - b.t0, b.changes[n - 1] - b.t0, b.what]);
          else setTimeout(tick, 10);
        };
        tick();
    })""", [quiet_ms, timeout_ms])
    page.evaluate("() => { window.__bench.t0 = null; window.__bench.armed = false; }")
    return result


def load(browser, server, nb: str):
    """Open the app in a fresh context: (timings in ms, context, page)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    local = server.url
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(local)
                  else r.abort())   # offline, as in the classroom (Font Awesome's CDN)
    context.add_init_script(INIT_SCRIPT)
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(server.app_url(nb), wait_until="commit")
    page.wait_for_function("() => window.__bench && window.__bench.firstControl !== null"
                           " && window.__bench.cellsShown !== null", timeout=90_000,
                           polling=50)
    t = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        return {ttfb: nav ? nav.responseStart : null, shown: window.__bench.cellsShown,
                control: window.__bench.firstControl};
    }""")
    return t, context, page


def close(context, page) -> None:
    try:
        page.close(run_before_unload=True)   # Voila's page asks the server to stop its kernel
    finally:
        context.close()


def stats(xs):
    xs = [x for x in xs if x is not None]
    if not xs:
        return None
    return statistics.median(xs), min(xs), max(xs)


def fmt(st, unit_s: bool = False) -> str:
    if st is None:
        return "-"
    if unit_s:
        return f"{st[0] / 1000:.2f} s ({st[1] / 1000:.2f}-{st[2] / 1000:.2f})"
    return f"{st[0]:.0f} ms ({st[1]:.0f}-{st[2]:.0f})"


def bench_app(browser, server, nb: str, loads: int, clicks: int) -> dict:
    name = nb.removesuffix(".ipynb")
    mode, steps = STEPS.get(name, ("generic", []))
    out = {"app": name, "mode": mode, "loads": [], "clicks": [], "no_update": 0,
           "labels": [], "error": None}
    page = context = None
    try:
        for i in range(loads):
            if context is not None:
                close(context, page)
            t, context, page = load(browser, server, nb)
            out["loads"].append(t)
        wait_quiet(page)
        for i in range(clicks):
            choice = None
            order = (steps[i % len(steps):] + steps[:i % len(steps)]) if mode == "cycle" else steps
            for step in order:
                if step.prepare:
                    first = find_control(page, B(step.prepare))
                    if not first or not cells_button(page, step.label).count():
                        continue
                    first[0].click()
                    wait_quiet(page)
                found = find_control(page, step)
                if found:
                    choice = (step, *found)
                    break
            if choice is None:
                found = generic_control(page)
                if found is None:
                    out["error"] = f"no enabled control after {i} inputs"
                    break
                choice = (None, *found)
            step, target, control = choice
            label = (step.label.lstrip("^").strip() + (f" (after {step.prepare})" if step.prepare else "")
                     if step else (target.text_content() or "?").strip())
            out["labels"].append(label if not step or step.kind == "button"
                                 else f"{step.label} {step.value}")
            r = one_interaction(page, step, target, control)
            if r is None:
                out["no_update"] += 1
            else:
                out["clicks"].append({"first": r[0], "settled": r[1], "changed": r[2]})
            wait_quiet(page)
    except Exception as e:  # one broken app must not hide the others' numbers
        out["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    finally:
        if context is not None:
            close(context, page)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("apps", nargs="*", help="app names (default: every lessons/app_*.ipynb)")
    ap.add_argument("--loads", type=int, default=3, help="page loads per app (default 3)")
    ap.add_argument("--clicks", type=int, default=20, help="inputs per app (default 20)")
    ap.add_argument("--json", type=Path, help="also write every sample to this file")
    ap.add_argument("--folder", type=Path, default=_voila.LESSONS,
                    help="serve this folder instead of lessons/ (from its parent folder, "
                         "whose voila.json applies); to check the method on a test app")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    folder = args.folder.resolve()
    notebooks = sorted(p.name for p in folder.glob("app_*.ipynb"))
    if args.apps:
        wanted = {a.removesuffix(".ipynb") for a in args.apps}
        notebooks = [nb for nb in notebooks if nb.removesuffix(".ipynb") in wanted]
        unknown = wanted - {nb.removesuffix(".ipynb") for nb in notebooks}
        if unknown:
            ap.error(f"no such app notebook in {folder}: {sorted(unknown)}")
    if not notebooks:
        ap.error("no app notebooks found")

    tmp = Path(tempfile.mkdtemp(prefix="bench-apps-"))
    log_path = tmp / "voila.log"
    server = _voila.start_voila(folder.name, cwd=folder.parent, log_path=log_path,
                                runtime_dir=tmp)
    results = []
    try:
        print(f"voila answered after {server.startup_seconds:.1f} s on {server.url} "
              f"(log: {log_path})", flush=True)
        with sync_playwright() as p:
            browser = _voila.launch_chromium(p)
            try:
                for nb in notebooks:
                    t0 = time.monotonic()
                    r = bench_app(browser, server, nb, args.loads, args.clicks)
                    print(f"  {nb}: {time.monotonic() - t0:.0f} s"
                          + (f"  ERROR {r['error']}" if r["error"] else ""), flush=True)
                    results.append(r)
            finally:
                browser.close()
        # before stopping: kernels interrupted by the shutdown log a KeyboardInterrupt
        errors = server.errors_since(0)
    finally:
        server.stop()

    load1 = os.getloadavg()[0]
    print(f"\nload: median (min-max) of {args.loads} fresh-context page loads; "
          f"inputs: median (min-max) of {args.clicks}; 1-min load average {load1:.1f} "
          f"on {os.cpu_count()} CPUs")
    head = (f"{'app':<20} {'first byte':>24} {'cells shown':>24} {'first control':>24} "
            f"{'input -> first change':>24} {'input -> settled':>24} {'no update':>9}  input")
    print(head)
    print("-" * len(head))
    for r in results:
        loads = r["loads"]
        labels = sorted(set(r["labels"]), key=r["labels"].index)
        print(f"{r['app']:<20} {fmt(stats([t['ttfb'] for t in loads]), True):>24} "
              f"{fmt(stats([t['shown'] for t in loads]), True):>24} "
              f"{fmt(stats([t['control'] for t in loads]), True):>24} "
              f"{fmt(stats([c['first'] for c in r['clicks']])):>24} "
              f"{fmt(stats([c['settled'] for c in r['clicks']])):>24} "
              f"{r['no_update']:>9}  {r['mode']}: {', '.join(labels)}"
              + (f"  [{len(r['clicks'])} measured; {r['error']}]" if r["error"] else ""))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    if errors:
        print(f"\nthe voila log has {len(errors)} error lines, e.g.:\n  " + "\n  ".join(errors[:5]))
    return 1 if any(r["error"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())

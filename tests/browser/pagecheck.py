"""Page checks shared by the phone/tablet and accessibility browser tests.

- :func:`served_pages`: every page a student can open (the start page ``/`` and each
  notebook of ``lessons/``), found when the tests are collected, so a page added
  later is checked by the next run.
- :func:`overflowing`: the elements whose box sticks out of the viewport
  horizontally (an element inside a scroll container that itself fits is fine: the
  student scrolls that box).
- :func:`axe_violations`: axe-core's WCAG 2.1 A/AA findings of one impact or worse;
  :func:`axe_serious`: injects axe-core first and words each finding in one line.
- :func:`axe_source`: the axe-core script installed by ``make axe``
  (``npm install --prefix .cache/npm axe-core@4``).
"""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
AXE_JS = REPO / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"

#: The two screens of the classroom: a phone (iPhone X/11 Pro class) and a tablet (iPad).
PHONE = {"width": 375, "height": 812}
TABLET = {"width": 768, "height": 1024}
SIZES = {"phone": PHONE, "tablet": TABLET}

#: axe-core's rule tags for WCAG 2.1 level A and AA.
WCAG21AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SERIOUS = ("serious", "critical")


def served_pages() -> list[str]:
    """Paths (relative to the server's root URL) of every page students open: ``""``
    (the start page) and ``voila/render/<notebook>`` for each notebook in lessons/."""
    return [""] + [f"voila/render/{p.name}" for p in sorted(LESSONS.glob("*.ipynb"))]


def page_id(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".ipynb") or "start_page"


_OVERFLOW_JS = """(slack) => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  // A box the student can scroll sideways: overflow-x auto/scroll.  ipywidgets gives
  // every Box overflow:auto, which on a phone hides a card behind a scroll nobody sees
  // (touch screens draw no scroll bar), so inside a widget only a box made to scroll
  // counts (class cg-scroll-x: widgets.kit.responsive.SCROLL_X, and the content of an HTML
  // widget, a table the app draws: responsive.CSS lets it scroll); outside widgets (a
  // DataFrame, a <pre>) any scrolling output box does, as JupyterLab draws them.
  const scrollsX = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const fits = (r) => r.left >= -slack && r.right <= vw + slack;
  const describe = (el) => {
    const cls = (typeof el.className === 'string' ? el.className : '')
        .split(/\\s+/).filter(c => c && !c.startsWith('lm-') && !c.startsWith('p-'))
        .slice(0, 3).join('.');
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim()
        .replace(/\\s+/g, ' ').slice(0, 50);
    return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || fits(r)) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.position === 'fixed' && s.clip !== 'auto') continue;
    // inside a scroll container that itself fits: scrolled there, not clipped
    let inScroller = false;
    if (el.closest('.jupyter-widgets')) {
      // any such box around it that fits (a card's drawing in a phone's hand row)
      let box = el.parentElement &&
          el.parentElement.closest('.cg-scroll-x, .widget-html-content');
      while (box && !inScroller) {
        inScroller = scrollsX(box) && fits(box.getBoundingClientRect());
        box = box.parentElement &&
            box.parentElement.closest('.cg-scroll-x, .widget-html-content');
      }
    } else {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (scrollsX(a) && fits(a.getBoundingClientRect())) { inScroller = true; break; }
      }
    }
    if (inScroller) continue;
    // report the outermost offender only: skip an element whose parent is reported
    if (out.length && out[out.length - 1].el.contains(el)) continue;
    out.push({el, what: describe(el), left: Math.round(r.left), right: Math.round(r.right)});
  }
  return {viewport: vw, scrollWidth: document.documentElement.scrollWidth,
          bodyScrollWidth: document.body.scrollWidth,
          items: out.map(o => `${o.what} [${o.left}, ${o.right}]`)};
}"""


def overflowing(page, *, slack: float = 1.0) -> dict:
    """What sticks out of the viewport horizontally: ``{"viewport", "scrollWidth",
    "items": ["tag.class \\"text\\" [left, right]", ...]}`` (outermost elements only)."""
    return page.evaluate(_OVERFLOW_JS, slack)


def axe_source() -> str | None:
    return AXE_JS.read_text("utf-8") if AXE_JS.exists() else None


def axe_violations(page, *, impacts=SERIOUS) -> list[dict]:
    """Run axe-core (already injected) with the WCAG 2.1 A/AA rules; the violations of
    the given impacts as ``{"id", "impact", "help", "nodes": [html, ...]}``."""
    result = page.evaluate("""async (tags) => {
        const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                           resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.html.slice(0, 160) + ' | ' +
                               (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200))}));
    }""", WCAG21AA)
    return [v for v in result if v["impact"] in impacts]


def axe_serious(page, source: str) -> list[str]:
    """Inject axe-core (``source``, e.g. the ``axe_js`` fixture) into ``page`` and return
    its serious and critical findings, one line each: ``"id (impact): first node"``."""
    page.add_script_tag(content=source)
    return [f"{v['id']} ({v['impact']}): {v['nodes'][0]}" for v in axe_violations(page)]


def open_page(page, url: str, *, wait_quiet, timeout_ms: int = 180_000) -> None:
    """Open a served page and wait until it is drawn: for a notebook, every cell sent
    (Voila shows ``#rendered_cells``), no widget still "Loading widget...", and nothing
    changed for half a second (``wait_quiet`` from benchmarks/_voila.py)."""
    response = page.goto(url, timeout=timeout_ms)
    assert response is not None and response.status == 200, (url, response)
    if page.locator("#rendered_cells").count() == 0:      # the start page / a tree
        page.wait_for_load_state("load")
        return
    page.locator("#rendered_cells").wait_for(state="visible", timeout=timeout_ms)
    page.wait_for_function("() => !document.body.innerText.includes('Loading widget')",
                           timeout=timeout_ms)
    wait_quiet(page, 500, 15_000)


_SMALL_TARGETS_JS = """(least) => {
  const out = [];
  const seen = new Set();
  const controls = document.querySelectorAll(
      "#rendered_cells button, #rendered_cells select, #rendered_cells input, " +
      "#rendered_cells [role='slider'], #rendered_cells [role='button']");
  for (const el of controls) {
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') continue;
    // a check box or radio button is hit through its label; a slider handle is what a
    // finger drags
    const target = (el.type === 'checkbox' || el.type === 'radio') && el.closest('label')
        ? el.closest('label') : el;
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;          // not shown
    if (r.width < least - 0.5 || r.height < least - 0.5) {
      const text = (el.innerText || el.getAttribute('aria-label') || el.title || el.name ||
                    el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
      out.push(`${el.tagName.toLowerCase()} "${text}" ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out;
}"""


def small_touch_targets(page, *, least: int = 44) -> list[str]:
    """The buttons, drop-downs, text boxes, check boxes and radio buttons (with their label) and slider
    handles of the page smaller than ``least`` × ``least`` CSS pixels."""
    return page.evaluate(_SMALL_TARGETS_JS, least)


def pressed(button) -> bool:
    """Click ``button`` if it is there, shown and enabled now: False if not, or if it was
    drawn anew meanwhile (the table makes new buttons for every decision: waiting for
    the old one would wait for nothing, as a loaded run's 60 s did)."""
    from playwright.sync_api import Error

    try:
        if button.count() and button.first.is_visible() and button.first.is_enabled(
                timeout=2_000):
            button.first.click(timeout=5_000)
            return True
    except Error:       # Playwright's TimeoutError is an Error: gone meanwhile
        pass
    return False

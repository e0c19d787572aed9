"""The online tables under a class: N tables × S students playing at the same time.

    .venv/bin/python benchmarks/tables.py                   # 8 tables × 4, 4 students in Chromium, 60 s
    .venv/bin/python benchmarks/tables.py --tables 8 --seats 4 --browsers 4 --duration 90
    .venv/bin/python benchmarks/tables.py --browsers 0 --tables 16        # websocket clients only

Starts the server as ``make serve`` does (``benchmarks/_voila.py``: ``python -m classroom
lessons`` on a free port of 127.0.0.1) with ``CARDGAMES_DATA_DIR`` a fresh temporary
folder (``--pool``: a warm pool of ``--browsers`` kernels of ``lessons/app_online.ipynb``).  The
tables are made with the service's own API (``classroom.tables.TableService`` on that
folder's store, before the server starts and loads them; Liar, ``--seats`` seats,
fixed seeds from ``--seed``); then every student takes a seat through the join page
(``GET``/``POST tables/join/<CODE>``, as a phone does) and plays:

* ``--browsers`` students are real pages in headless Chromium (Playwright, one browser,
  a context each, at ``--browser-nice``): the join page, the display name, the Voila
  app ``app_online.ipynb`` it redirects to, and clicks on the table's buttons (the
  announced rank's cards, "Call “Liar!”" at ``--call-rate``, "Let it stand").
  They fill the first tables.  Each click then settles: *answered* when the page's log
  shows this seat's action (its own line, "Player N put down / did not call / called");
  *unanswered* (counted and reported by reason, never an error) when the page shows a
  refusal's reason under the buttons, or when the page no longer offers the seat a move
  (a stale click: another seat or page acted first); an *error* when a click on a move
  the page offers gets no answer within 15 s while the page still offers this seat a
  move, and any page error or failure of the page itself.
* the others are websocket clients of the seat protocol (``benchmarks/_tables.py``):
  ``hello`` with the seat's key, then, whenever the seat is to act, a legal action of
  its view after a think time of ``--think`` s (a range), and "next" at a round's end.

**Measured.** An action's latency is from the moment it leaves its student (the
websocket frame is sent; the click reaches the page, stamped there) until *every seat at the table* has it:
a websocket seat's first ``update`` at the action's mark or later, a browser seat's
table log changing on the page (a MutationObserver in the page stamps each change
with ``Date.now()``; the same machine's clock as ``time.time()``).  p50/p95/max over
every action of every table (a browser seat's answered clicks only).  **Errors**:
refusals other than the expected ones (a stale "next" when another seat dealt first),
error frames, closed sockets, page errors, browser clicks left unanswered while the
page still offers the move; the browser clicks the table legitimately did not answer
are counted apart ("unanswered clicks").  **Lost actions**: at the end every seat connects once more with ``mark``
null and gets the whole log; for every table the action events (Liar: ``Played``,
``Passed``, ``CallMade``) per player must equal the actions acknowledged to that
player plus the moves the service's notes say a bot made for them, with the same
sequence at every seat, and every websocket seat's events as received live must be
that log (none missing, none twice).  **CPU and memory**: the server process (the
service lives in it) by psutil, RSS before the students arrive and the peak while
they play (sampled every 2 s), CPU seconds over the play; the app kernels of the
browser students (USS, PSS summed, CPU).  Chromium is not counted: it stands for the
students' own devices.  The load average is printed: other work on this machine
slows everything down.  Every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import importlib.util
import json
import os
import random
import urllib.parse
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import TimeoutError as PlaywrightTimeout

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))      # classroom.tables (not benchmarks/classroom.py)


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_voila = sys.modules.get("_voila") or _load("_voila")
_tables = sys.modules.get("_tables") or _load("_tables")
SeatClient, join_http, choose, pct = (_tables.SeatClient, _tables.join_http, _tables.choose,
                                      _tables.pct)

APP = "app_online.ipynb"
OPEN_TIMEOUT = 180.0
TARGET_P95_MS = 250.0
DRAIN_S = 3.0            # s every seat stays connected after the play (in-flight updates)
#: each student's page is the foreground page of their own device: Chromium must not
#: throttle the timers and frames of the pages it holds side by side (one browser stands
#: for 4 phones here)
FOREGROUND_FLAGS = ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                    "--disable-backgrounding-occluded-windows"]
#: refusals a fair client can get: another seat dealt the next round first, or acted meanwhile
EXPECTED_REFUSALS = {"stale", "game-over"}

# stamps every change of the table's log on the page (Date.now(), ms since the epoch),
# and keeps each text (a click's answer is found even if the next round followed at once)
INIT_SCRIPT = """
(() => {
  const b = window.__tables = {changes: [], texts: [], last: null, clicked: null};
  const look = () => {
    const log = document.querySelector('.liar-log, .thirtyone-log');
    const text = log ? log.innerText : null;
    if (text !== null && text !== b.last) {
      b.last = text; b.changes.push(Date.now()); b.texts.push(text);
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true,
                                                characterData: true});
  // when a click reaches the page (an action's start, without Playwright's own checks)
  document.addEventListener('click', () => { b.clicked = Date.now(); }, true);
})();
"""


@dataclass
class Student:
    table: int
    code: str
    kind: str                      # "browser" or "ws"
    name: str
    seat: int | None = None
    key: str | None = None
    joined_s: float | None = None
    sent: list[tuple[float, int | None]] = field(default_factory=list)   # (t0, ack mark)
    acked: int = 0
    expected_refusals: int = 0
    errors: list[str] = field(default_factory=list)
    changes: list[float] = field(default_factory=list)     # when this seat saw a change
    marks: list[tuple[float, int | None]] = field(default_factory=list)
    live_events: list[dict] = field(default_factory=list)
    kernel_id: str | None = None
    actions: list[tuple[str, int | None]] = field(default_factory=list)   # acked: (text, mark)
    #: a browser seat's clicks the table legitimately did not answer, by what and why
    unanswered: Counter = field(default_factory=Counter)


def make_tables(data_dir: Path, n: int, seats: int, *, join_ws: list[list[str]] | None = None
                ) -> tuple[list[str], dict]:
    """``n`` Liar tables of ``seats`` seats with the service's API; their codes.  With
    ``join_ws`` (per table, the names of its websocket students) those students take
    their seats here too (``svc.join``: ``--join api``); ``{(table, name): (seat, key)}``."""
    os.environ["CARDGAMES_DATA_DIR"] = str(data_dir)
    from classroom.tables import TableService, TableStore

    store = TableStore(data_dir / "tables.sqlite3")
    svc = TableService(store)
    keys = {}
    try:
        svc.load()
        codes = []
        for i in range(n):
            t = svc.create_table(game="liar", seats=seats, bots="heuristic",
                                 options={"rounds": 50}, by="teacher")
            codes.append(t.code)
            for name in (join_ws or [[]] * n)[i]:
                keys[(i, name)] = svc.join(t.code, name)
        return codes, keys
    finally:
        svc.close()


# -- the websocket students -------------------------------------------------------------
async def ws_student(s: Student, base: str, args, stop_at: float, start: asyncio.Event,
                     tables: dict, pool) -> None:
    rng = random.Random(f"{args.seed}-{s.table}-{s.name}")
    await start.wait()
    t0 = time.monotonic()
    try:
        if s.seat is None:
            joined = await asyncio.get_running_loop().run_in_executor(
                pool, lambda: join_http(base, s.code, s.name))
            s.seat, s.key = joined.seat, joined.key
        client = await SeatClient.connect(base, s.code, s.seat, s.key)
    except Exception as e:  # noqa: BLE001 -- counted
        s.errors.append(f"join: {type(e).__name__}: {str(e)[:160]}")
        return
    s.joined_s = time.monotonic() - t0
    tables[s.table]["clients"][s.seat] = client
    try:
        for _ in range(100_000):
            if time.monotonic() >= stop_at:
                break
            ok = await client.wait_for(lambda c: c.my_turn() or c.over(),
                                       timeout=max(0.1, stop_at - time.monotonic()))
            if client.closed is not None:
                s.errors.append(f"the socket closed ({client.closed})")
                break
            if not ok:
                continue
            await asyncio.sleep(rng.uniform(*args.think))
            if time.monotonic() >= stop_at or client.closed is not None:
                break
            if client.over():
                if (client.view or {}).get("match_over") and not args.next_match:
                    await asyncio.sleep(0.5)
                    continue
                answer = await client.next()
                kind = "next"
            elif client.my_turn():
                action = choose("liar", client, rng, call_rate=args.call_rate)
                sent_at = time.time()
                answer = await client.act(action)
                kind = "act"
            else:
                continue
            if answer.get("type") == "ack":
                if kind == "act":
                    s.acked += 1
                    s.sent.append((sent_at, answer.get("mark")))
                    s.actions.append((action, answer.get("mark")))
            else:
                code = (answer.get("error") or {}).get("code", "?")
                if code in EXPECTED_REFUSALS or kind == "next":
                    s.expected_refusals += 1
                else:
                    s.errors.append(f"{kind} refused: {json.dumps(answer)[:200]}")
    except Exception as e:  # noqa: BLE001 -- one student's failure is counted
        s.errors.append(f"{type(e).__name__}: {str(e)[:160]}")
    finally:
        # the others' last actions (sent just before the end) still reach this seat
        await client.wait_for(lambda c: False, timeout=max(0.0, stop_at + DRAIN_S -
                                                             time.monotonic()))
        s.errors += [f"error frame: {m}" for m in client.errors]
        s.changes = [c.at for c in client.changes]
        s.marks = [(c.at, c.mark) for c in client.changes]
        s.live_events = list(client.events)
        await client.close()


# -- the browser students -----------------------------------------------------------------
async def browser_student(s: Student, browser, base: str, args, stop_at: float,
                          start: asyncio.Event) -> None:
    rng = random.Random(f"{args.seed}-{s.table}-{s.name}")
    context, page = await _voila.student_page(browser, base, init_script=INIT_SCRIPT,
                                              timeout_s=OPEN_TIMEOUT, errors=s.errors)
    await start.wait()
    t0 = time.monotonic()
    try:
        await page.goto(f"{base}tables/join/{s.code}?lang=en")
        await page.get_by_role("textbox").first.fill(s.name)
        await page.locator("form [type=submit], form button").first.click()
        # the join page sends the browser to its seat's page, tables/play/<CODE>; the
        # seat and its secret are in the browser's HttpOnly seat cookie, never in the
        # address (issue 29): read them from the browser's cookies, as the server does
        await page.wait_for_url(re.compile(r"tables/play/"), timeout=60_000,
                                 wait_until="commit")
        jar = {c["name"]: c["value"] for c in await context.cookies()}
        seat, _, key = urllib.parse.unquote(jar[f"cgseat_{s.code}"]).strip('"').partition(":")
        s.seat, s.key = int(seat), key
        await page.locator(".liar-table").wait_for(state="visible", timeout=OPEN_TIMEOUT * 1000)
        s.joined_s = time.monotonic() - t0
        page.set_default_timeout(15_000)         # a move's click: bounded
        s.kernel_id = await page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
            ".kernelId")
        for _ in range(100_000):
            if time.monotonic() >= stop_at or len(s.errors) >= MAX_BROWSER_ERRORS:
                break
            acted = await browser_move(page, rng, args, s)
            if not acted:
                await asyncio.sleep(0.2)
    except Exception as e:  # noqa: BLE001 -- counted
        s.errors.append(f"{type(e).__name__}: {str(e).splitlines()[0][:160]}")
    finally:
        await asyncio.sleep(max(0.0, stop_at + DRAIN_S - time.monotonic()))
        try:
            s.changes = [t / 1000 for t in await asyncio.wait_for(
                page.evaluate("() => window.__tables.changes"), 20)]
        except Exception:  # noqa: BLE001
            pass
        await _voila.close_student_page(context, page)


async def bounded(coro, s: Student, seconds: float) -> None:
    """A browser student, at most ``seconds`` (a page that stops answering is an error)."""
    try:
        await asyncio.wait_for(coro, seconds)
    except TimeoutError:
        s.errors.append(f"the page did not finish within {seconds:.0f} s")


#: what a page offers its seat, read in the page (English: ``?lang=en``): how many of the
#: log's lines are this seat's own actions (L7, R-L5: "Player N put down", "did not call",
#: "called"), the line under the decision buttons (a refusal's reason), and which of the
#: table's buttons are enabled and shown
PAGE_STATE = """
seat => {
  const t = document.querySelector('.liar-table');
  if (!t) return null;
  const log = t.querySelector('.liar-log');
  const box = [...t.querySelectorAll('.widget-hbox')]
    .find(b => [...b.children].some(c => c.matches('button.mod-danger')));
  const next = box ? box.nextElementSibling : null;
  const on = sel => [...t.querySelectorAll(sel)]
    .some(b => !b.disabled && b.offsetParent !== null);
  const text = log ? log.innerText : '';
  return {mine: MINE(seat, text), log: text, n: window.__tables.texts.length,
          msg: next ? next.innerText.trim() : '',
          offers: on('button.mod-danger') || on('button.cg-pick'),
          window: on('button.mod-danger'), picks: on('button.cg-pick'),
          next: on('button.mod-success')};
}
"""
#: how many lines of a log text are ``seat``'s own actions (the page is in English; the
#: log names the page's own seat "Player N (you)")
MINE = r"""((seat, text) => (text.match(new RegExp(
  '^\\s*Player ' + seat + '(?: \\(you\\))? (put down|did not call|called )', 'gm')) || []).length)"""
#: settled: a log text since the click holds one more action of this seat, or a new
#: reason is shown under the buttons
SETTLED = """
([seat, before]) => {
  const st = (__STATE__)(seat);
  if (!st) return false;
  if (window.__tables.texts.slice(before.n).some(x => MINE(seat, x) > before.mine))
    return 'answered';
  if (st.msg && st.msg !== before.msg) return 'refused';
  return false;
}
"""
#: the next round dealt (the log starts again), or a reason shown
DEALT = """
([seat, before]) => {
  const st = (__STATE__)(seat);
  if (!st) return false;
  if (st.log !== before.log) return 'answered';
  if (st.msg && st.msg !== before.msg) return 'refused';
  return false;
}
"""
PAGE_STATE = PAGE_STATE.replace("MINE", MINE)
SETTLED = SETTLED.replace("__STATE__", PAGE_STATE.strip()).replace("MINE", MINE)
DEALT = DEALT.replace("__STATE__", PAGE_STATE.strip())
MOVE_TIMEOUT_MS = 15_000
#: a browser student stops after this many errors (one already fails the run)
MAX_BROWSER_ERRORS = 3


async def page_state(page, s: Student) -> dict | None:
    return await page.evaluate(PAGE_STATE, s.seat)


async def settle(page, s: Student, what: str, before: dict, *, js: str, t0: float | None
                 ) -> bool:
    """After a click on ``what``: wait until the page shows the seat's action (answered:
    True; with ``t0``, a measured action), or a new reason under the buttons (refused: an
    unanswered click), at most ``MOVE_TIMEOUT_MS``.  If neither came: while the page
    still offers this seat a move (the table waits for it), an error; else a stale click
    (another seat or page acted first), unanswered."""
    try:
        handle = await page.wait_for_function(js, arg=[s.seat, before],
                                              timeout=MOVE_TIMEOUT_MS, polling=100)
        outcome = await handle.json_value()
    except PlaywrightTimeout:
        outcome = None
    if outcome == "answered":
        if t0 is not None:
            clicked = await page.evaluate("() => window.__tables.clicked")
            if isinstance(clicked, (int, float)) and clicked / 1000 >= t0 - 0.05:
                t0 = clicked / 1000          # the page's own stamp of the click
            s.acked += 1
            s.sent.append((t0, None))
            s.actions.append((what, None))
        return True
    after = await page_state(page, s) or {}
    if outcome == "refused":
        s.unanswered[f"{what} (seat {s.seat}): refused, the page says: "
                     f"{after.get('msg', '')[:90]}"] += 1
    elif after.get("offers") or (what == "next" and after.get("next")):
        s.errors.append(f"a click on {what} was not answered in {MOVE_TIMEOUT_MS / 1000:.0f} s "
                        "while the page still offers this seat a move")
    else:
        s.unanswered[f"{what}: stale (the page offers this seat no move any more)"] += 1
    return False


#: which of :data:`PAGE_STATE`'s offers a click on ``what`` needs
_OFFER = {"call": "window", "let it stand": "window", "play": "picks", "next": "next"}
#: one try of a click (Playwright waits for the button to be enabled, visible, stable)
CLICK_TRY_MS = 1_000


async def click_move(page, s: Student, what: str, target) -> bool:
    """Click ``target`` (a locator of the move ``what``'s button), trying for at most
    ``MOVE_TIMEOUT_MS``: True once clicked.  While the page no longer offers this seat
    that move (another seat acted, the view moved on), the click is stale: counted
    unanswered, False at once, so the student looks at the table again rather than
    waiting for a button that is gone.  A button the page still offers after the whole
    time is an error (:func:`click_failed`)."""
    deadline = time.monotonic() + MOVE_TIMEOUT_MS / 1000
    err: Exception | None = None
    while time.monotonic() < deadline:
        try:
            await target.click(timeout=CLICK_TRY_MS)
            return True
        except PlaywrightTimeout as e:
            err = e
        now = await page_state(page, s) or {}
        if not now.get(_OFFER[what]):
            s.unanswered[f"{what}: stale (its button went before the click)"] += 1
            return False
    await click_failed(page, s, what, err)
    return False


async def click_failed(page, s: Student, what: str, err: Exception | None = None) -> None:
    """A click Playwright could not make in time (its button disabled, hidden or replaced
    meanwhile): an error while the page still offers this seat that move, else stale."""
    after = await page_state(page, s) or {}
    if after.get(_OFFER.get(what, "offers")):
        why = [x.strip() for x in str(err or "").splitlines() if x.strip()][-2:]
        s.errors.append(f"the click on {what} could not be made in "
                        f"{MOVE_TIMEOUT_MS / 1000:.0f} s while the page offers it"
                        + (f" (Playwright: {' / '.join(why)[:200]})" if why else ""))
    else:
        s.unanswered[f"{what}: stale (its button went before the click)"] += 1


async def browser_move(page, rng, args, s: Student) -> bool:
    """One move by clicks if the page offers one (whatever its language: the buttons'
    styles): the call window's "Call “Liar!”" (danger) at ``--call-rate`` or "Let it
    stand" (the other decision button, not a bot button: as the browser test's
    ``liar_move``); 1-3 of the enabled cards (``cg-pick``) and Play (primary); at a
    round's end its next-round button (success).  Each click then settles (see
    :func:`settle`).  True if a click was made."""
    table = page.locator(".liar-table")
    call = table.locator("button.mod-danger:not(:disabled)")
    picks = table.locator("button.cg-pick:not(:disabled)")
    nxt = table.locator("button.mod-success:not(:disabled)")
    if await call.count():
        await asyncio.sleep(rng.uniform(*args.think))
        if rng.random() < args.call_rate:
            what, target = "call", call.first
        else:
            box = table.locator(".widget-hbox:has(> button.mod-danger)")
            what = "let it stand"
            target = box.locator("button:not(.mod-primary):not(.mod-danger):not(:disabled)"
                                 ).filter(has_not_text=re.compile(r"bot", re.I)).first
        before = await page_state(page, s)
        if not before or not before["window"]:
            return False                     # gone while thinking: no click made
        t0 = time.time()
        if not await click_move(page, s, what, target):
            return True
        await settle(page, s, what, before, js=SETTLED, t0=t0)
        return True
    if await picks.count():
        await asyncio.sleep(rng.uniform(*args.think))
        # the enabled cards not picked yet (a refused play may leave cards picked: they count)
        free = await table.locator("button.cg-pick:not(:disabled):not(.mod-info)"
                                   ).element_handles()
        held = await table.locator("button.cg-pick.mod-info:not(:disabled)").count()
        want = rng.choice([1, 2, 2, 3])
        before = await page_state(page, s)
        if not before or not before["picks"]:
            return False
        try:
            for h in free[:max(0, min(len(free), want - held))]:
                await h.click(timeout=MOVE_TIMEOUT_MS)
            play = table.locator("button.mod-primary:not(:disabled)")
            t0 = time.time()
            if not await click_move(page, s, "play", play.first):
                return True
        except PlaywrightTimeout as e:
            await click_failed(page, s, "play", e)
            return True
        except PlaywrightError as e:          # a card button replaced under the click
            if "not attached" not in str(e) and "detached" not in str(e):
                raise
            s.unanswered["play: stale (the hand was drawn again under the click)"] += 1
            return True
        await settle(page, s, "play", before, js=SETTLED, t0=t0)
        return True
    if await nxt.count() and await nxt.first.is_visible():
        await asyncio.sleep(rng.uniform(*args.think))
        before = await page_state(page, s)
        if not before or not before["next"]:
            return False                     # another page dealt meanwhile
        if not await click_move(page, s, "next", nxt.first):
            return True
        if not await settle(page, s, "next", before, js=DEALT, t0=None):
            await asyncio.sleep(0.5)         # e.g. the match is over (refused): not a loop
        return True
    return False


# -- measuring ------------------------------------------------------------------------------
def latencies(table: list[Student]) -> tuple[list[float], int]:
    """Per action of ``table``: until every seat had it (ms); and the actions some seat never saw."""
    out, unseen = [], 0
    for sender in table:
        for t0, mark in sender.sent:
            worst = 0.0
            for seat in table:
                if seat.kind == "ws" and mark is not None:
                    when = next((at for at, m in seat.marks if m is not None and m >= mark
                                 and at >= t0 - 0.001), None)
                else:
                    when = next((at for at in seat.changes if at >= t0 - 0.001), None)
                if when is None:
                    worst = None
                    break
                worst = max(worst, when - t0)
            if worst is None:
                unseen += 1
            else:
                out.append(worst * 1000)
    return out, unseen


def own_and_others(table: list[Student]) -> tuple[list[float], list[float]]:
    """A Chromium page's answered clicks (ms): until its own page showed the move, and
    until the slowest other seat of the table had it (where the time of a page goes)."""
    own, others = [], []
    for sender in table:
        if sender.kind != "browser":
            continue
        for t0, _mark in sender.sent:
            mine = next((at for at in sender.changes if at >= t0 - 0.001), None)
            rest = [next((at for at in seat.changes if at >= t0 - 0.001), None)
                    for seat in table if seat is not sender and seat.kind == "browser"]
            if mine is not None:
                own.append((mine - t0) * 1000)
            if rest and None not in rest:
                others.append((max(rest) - t0) * 1000)      # type: ignore[type-var]
    return own, others


async def final_logs(base: str, table: list[Student], game: str = "liar") -> list[str]:
    """Reconnect every seat with mark null; check the log against the acks (see the docstring)."""
    problems = []
    kinds = _tables.ACTION_EVENTS[game]
    logs = {}
    notes: list[dict] = []
    for s in table:
        if s.seat is None:
            continue
        try:
            c = await SeatClient.connect(base, s.code, s.seat, s.key)
            await c.wait_for(lambda c: c.mark is not None, timeout=20)
            logs[s.seat] = list(c.events)
            notes += c.notes
            await c.close()
        except Exception as e:  # noqa: BLE001
            problems.append(f"table {s.code} seat {s.seat}: final reconnect: {e}")
    if not logs:
        return problems
    seqs = {seat: [(_tables.event_kind(e), _tables.event_player(e)) for e in log
                   if _tables.event_kind(e) in kinds] for seat, log in logs.items()}
    first = next(iter(seqs.values()))
    for seat, seq in seqs.items():
        if seq != first:
            problems.append(f"table {table[0].code}: seat {seat}'s log differs from the others'")
    by_player = Counter(p for _k, p in first)
    if os.environ.get("BENCH_DEBUG"):
        print("log", first)
        print("acked", sorted((m, s.seat, a) for s in table for a, m in s.actions))
    bots = Counter(n.get("seat") for n in {json.dumps(n, sort_keys=True): n for n in notes}.values()
                   if n.get("kind") == "bot-played")
    for s in table:
        if s.seat is None:
            continue
        want = s.acked + bots[s.seat]
        if by_player[s.seat] != want:
            problems.append(f"table {s.code} seat {s.seat} ({s.kind}): {by_player[s.seat]} "
                            f"actions in the log, {s.acked} acknowledged + {bots[s.seat]} by "
                            "the bot")
        if s.kind == "ws" and s.seat in logs:
            full = logs[s.seat]
            live = s.live_events
            if os.environ.get("BENCH_DEBUG") and live != full[:len(live)]:
                print("live", [(_tables.event_kind(e), e.get("player")) for e in live])
                print("full", [(_tables.event_kind(e), e.get("player")) for e in full])
            # both start at the table's first action: what came live is the log's start
            # (the log may have grown since: the bot plays for seats left after the end)
            if live != full[:len(live)]:
                problems.append(f"table {s.code} seat {s.seat}: the events received live are "
                                f"not the log ({len(live)} live, {len(full)} in the log)")
    return problems


async def teacher_shot(browser, base: str, data: Path, args, t_start: float) -> None:
    """Halfway through the play, the teacher's page (every table live) as a picture."""
    if browser is None or not args.teacher_shot or not str(args.teacher_shot).strip("."):
        return
    await asyncio.sleep(max(0.0, t_start - time.monotonic()) + args.duration / 2)
    token = (data / "teacher-token").read_text().strip()
    context = await browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        page = await context.new_page()
        await page.goto(f"{base}tables/teacher?token={token}&lang=en")
        await asyncio.sleep(3)                       # the list polls every second
        args.teacher_shot.parent.mkdir(parents=True, exist_ok=True)
        await page.screenshot(path=str(args.teacher_shot), full_page=True)
        print(f"the teacher's page with {args.tables} live tables: {args.teacher_shot}",
              flush=True)
    finally:
        await context.close()


def server_sample(pid: int) -> dict:
    import psutil

    try:
        server = psutil.Process(pid)
        rss = server.memory_info().rss / 2**20
        cpu = sum(server.cpu_times()[:2])
        kernels = []
        for p in server.children(recursive=True):
            try:
                if "ipykernel" in " ".join(p.cmdline()):
                    m = p.memory_full_info()
                    kernels.append((m.uss / 2**20, getattr(m, "pss", m.uss) / 2**20,
                                    sum(p.cpu_times()[:2])))
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
    except psutil.NoSuchProcess:
        return {}
    return {"rss": rss, "cpu": cpu, "kernels": len(kernels),
            "kernel_uss": [k[0] for k in kernels], "kernel_pss": sum(k[1] for k in kernels),
            "kernel_cpu": sum(k[2] for k in kernels)}


async def run(args) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    data = tmp / "data"
    data.mkdir()
    students = []
    for t in range(args.tables):
        for k in range(args.seats):
            n = t * args.seats + k
            students.append(Student(t, "", "browser" if n < args.browsers else "ws", f"S{n:02d}"))
    ws_names = [[s.name for s in students if s.table == t and s.kind == "ws"]
                for t in range(args.tables)] if args.join == "api" else None
    codes, keys = make_tables(data, args.tables, args.seats, join_ws=ws_names)
    for s in students:
        s.code = codes[s.table]
        if (s.table, s.name) in keys:
            s.seat, s.key = keys[(s.table, s.name)]
    extra = list(args.server_arg)
    if args.browsers and args.pool:
        extra += ["--students", str(args.browsers), "--notebooks", APP.removesuffix(".ipynb")]
    seeds = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("CARDGAMES_SEED_")}
    try:
        server = _voila.start_voila("lessons", log_path=tmp / "server.log", runtime_dir=tmp,
                                    extra_args=extra)
    finally:
        os.environ.update(seeds)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=16)
    base = server.url
    try:
        print(f"server on {base} (log {tmp / 'server.log'}); load {os.getloadavg()[0]:.1f}",
              flush=True)
        if args.browsers and args.pool:
            for _ in range(int(args.warm_timeout * 2)):
                if "The pool is warm" in server.log():
                    break
                await asyncio.sleep(0.5)
            else:
                raise SystemExit("the app_online pool was not warm in time")
        tables = {t: {"clients": {}} for t in range(args.tables)}
        before = server_sample(server.process.pid)
        start = asyncio.Event()
        t_start = time.monotonic() + 1.0
        stop_at = t_start + args.duration
        samples: list[dict] = []
        done = asyncio.Event()

        async def sampler():
            for _ in range(10_000):
                if done.is_set():
                    return
                samples.append(await asyncio.get_running_loop().run_in_executor(
                    pool, server_sample, server.process.pid))
                await asyncio.sleep(2)

        async def release():
            await asyncio.sleep(max(0.0, t_start - time.monotonic()))
            start.set()

        mark = server.mark()
        from playwright.async_api import async_playwright
        async with async_playwright() as p:
            browser = None
            if args.browsers:
                browser = await p.chromium.launch(
                    executable_path=_voila.niced(_voila.chromium_path(), args.browser_nice, tmp),
                    args=[*_voila.CHROMIUM_FLAGS, *FOREGROUND_FLAGS], headless=True)
            probe = asyncio.ensure_future(sampler())
            shot = asyncio.ensure_future(teacher_shot(browser, base, data, args, t_start))
            load_start = os.getloadavg()
            try:
                tasks = [bounded(browser_student(s, browser, base, args, stop_at, start), s,
                                 args.duration + OPEN_TIMEOUT + 30)
                         if s.kind == "browser" else
                         ws_student(s, base, args, stop_at, start, tables, pool)
                         for s in students]
                await asyncio.wait_for(asyncio.gather(release(), *tasks),
                                       timeout=args.duration + OPEN_TIMEOUT + 120)
            finally:
                done.set()
                await asyncio.wait_for(probe, 30)
                try:
                    await asyncio.wait_for(shot, 60)
                except Exception as e:  # noqa: BLE001 -- a picture, not a measure
                    print(f"the teacher's page screenshot failed: {e}")
                if browser is not None:
                    await browser.close()
        load_end = os.getloadavg()
        after = samples[-1] if samples else {}
        problems = []
        for t in range(args.tables):
            problems += await final_logs(base, [s for s in students if s.table == t])
        return report(args, students, before, after, samples, problems,
                      server.errors_since(mark), load_start, load_end)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        server.stop()


def report(args, students, before, after, samples, problems, log_errors, load_start,
           load_end) -> dict:
    lat, unseen = [], 0
    for t in range(args.tables):
        xs, u = latencies([s for s in students if s.table == t])
        lat += xs
        unseen += u
    errors = [f"table {s.table} {s.name} ({s.kind}): {e}" for s in students for e in s.errors]
    n = len(students)
    peak = max(samples, key=lambda m: m.get("rss", 0), default={})
    cpu_s = (after.get("cpu", 0) - before.get("cpu", 0)) if after and before else None
    acts = sum(s.acked for s in students)
    f = lambda x, d=0: "-" if x is None else f"{x:.{d}f}"  # noqa: E731
    print(f"\n== tables: {args.tables} tables × {args.seats} students (Liar), "
          f"{args.browsers} in Chromium (nice {args.browser_nice}), {args.duration:.0f} s, "
          f"think {args.think[0]}-{args.think[1]} s")
    joined = [s.joined_s for s in students if s.joined_s is not None]
    print(f"joined: {len(joined)} of {n}; join -> playing p50 {f(pct(joined, .5), 2)} s, "
          f"max {f(max(joined) if joined else None, 2)} s")
    print(f"actions acknowledged: {acts} ({acts / args.duration:.1f}/s); expected refusals "
          f"(stale 'next'): {sum(s.expected_refusals for s in students)}")
    print("| measure | value |\n|---|---|")
    print(f"| action -> every seat at the table has it, p50 | {f(pct(lat, .5))} ms |")
    print(f"| p95 (target <= {TARGET_P95_MS:.0f}) | {f(pct(lat, .95))} ms |")
    print(f"| max | {f(max(lat) if lat else None)} ms ({len(lat)} actions) |")
    for kind in ("ws", "browser"):
        xs = []
        for t in range(args.tables):
            tab = [s for s in students if s.table == t]
            if any(s.kind == kind for s in tab) and all(s.kind == kind for s in tab):
                xs += latencies(tab)[0]
        if xs:
            print(f"|   tables of {kind} students only: p50 / p95 / max | {f(pct(xs, .5))} / "
                  f"{f(pct(xs, .95))} / {f(max(xs))} ms ({len(xs)}) |")
        if xs and kind == "browser":
            own, others = [], []
            for t in range(args.tables):
                o, r = own_and_others([s for s in students if s.table == t])
                own += o
                others += r
            if own and others:
                print(f"|     the clicking page shows its move / the slowest other page, "
                      f"p50 / p95 | {f(pct(own, .5))} / {f(pct(own, .95))} ms, "
                      f"{f(pct(others, .5))} / {f(pct(others, .95))} ms |")
    print(f"| errors | {len(errors)} |")
    unanswered = Counter()
    for s in students:
        unanswered.update(s.unanswered)
    print(f"| unanswered clicks (browser: stale, or refused with a reason shown) | "
          f"{sum(unanswered.values())} |")
    print(f"| lost or doubled actions (log vs acks) | {len(problems)} |")
    print(f"| actions some seat never showed | {unseen} |")
    print(f"| server log error lines | {len(log_errors)} |")
    if before and peak:
        grow = peak["rss"] - before["rss"]
        print(f"| server RSS: before the students / peak | {before['rss']:.0f} / "
              f"{peak['rss']:.0f} MB |")
        print(f"| server memory per student (peak - before) / {n} | {grow / n * 1024:.0f} KB |")
    if cpu_s is not None:
        print(f"| server CPU over the play | {cpu_s:.1f} s = {cpu_s / args.duration * 100:.0f}% "
              f"of a core; per student {cpu_s / args.duration / n * 100:.2f}% |")
    # the kernels: the last sample that still saw them (a page closed at the end ends its
    # kernel, and the last sample may come after that)
    kern = next((m for m in reversed(samples) if m.get("kernels")), {})
    if kern:
        uss = kern["kernel_uss"]
        kcpu = kern["kernel_cpu"] - before.get("kernel_cpu", 0)
        print(f"| browser students' app kernels | {kern['kernels']}: USS median "
              f"{statistics.median(uss):.0f} MB, PSS in all {kern['kernel_pss']:.0f} MB, CPU "
              f"{kcpu:.1f} s |")
    if peak and kern:
        total = peak["rss"] + kern["kernel_pss"]
        print(f"| in all (server RSS + kernels' PSS) | {total:.0f} MB |")
    print(f"load average at the start / end: {load_start[0]:.1f}/{load_start[1]:.1f}/"
          f"{load_start[2]:.1f}, {load_end[0]:.1f}/{load_end[1]:.1f}/{load_end[2]:.1f} "
          f"(1/5/15 min) on {os.cpu_count()} CPUs")
    for line in (errors + problems + log_errors)[:15]:
        print("   " + line[:200])
    for why, k in unanswered.most_common(10):
        print(f"   unanswered x{k}: {why}")
    return {"latency_ms": lat, "errors": errors, "problems": problems, "unseen": unseen,
            "unanswered": dict(unanswered),
            "log_errors": log_errors, "acked": acts, "before": before, "peak": peak,
            "after": after, "cpu_s": cpu_s, "students": n, "load": [load_start, load_end]}


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--browsers", type=int, default=4, help="students in real Chromium pages")
    ap.add_argument("--browser-nice", type=int, default=10)
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    ap.add_argument("--think", type=float, nargs=2, default=(0.3, 1.5),
                    help="a student's think time before a move: from, to (s)")
    ap.add_argument("--call-rate", type=float, default=0.3)
    ap.add_argument("--next-match", action="store_true",
                    help="after a match, deal the next one (default: the table stops)")
    ap.add_argument("--seed", type=int, default=2026, help="the students' choices")
    ap.add_argument("--join", choices=("page", "api"), default="page",
                    help="websocket students take their seats through the join page's POST "
                         "(default) or with the service's API before the server starts")
    ap.add_argument("--pool", action="store_true",
                    help="a warm pool of --browsers app_online kernels (off by default: "
                         "pooled kernels do not reach the service yet)")
    ap.add_argument("--warm-timeout", type=float, default=300.0)
    ap.add_argument("--server-arg", action="append", default=[],
                    help="an option for the server, e.g. --server-arg=--TableService...=..")
    ap.add_argument("--teacher-shot", type=Path,
                    default=REPO / "test-artifacts" / "online-teacher-live-tables.png",
                    help="a screenshot of the teacher's page halfway (needs --browsers)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if not 1 <= args.tables <= 32 or not 2 <= args.seats <= 9:
        ap.error("--tables 1..32, --seats 2..9")
    if not 0 <= args.browsers <= min(16, args.tables * args.seats):
        ap.error("--browsers 0..16 (and at most the seats)")
    if not 5 <= args.duration <= 600 or not 0 <= args.think[0] <= args.think[1] <= 30:
        ap.error("--duration 5..600 s, --think 0..30 s")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    result = asyncio.run(run(args))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, default=str))
    p95 = pct(result["latency_ms"], .95)
    ok = not result["errors"] and not result["problems"] and not result["unseen"] and \
        p95 is not None and p95 <= TARGET_P95_MS
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

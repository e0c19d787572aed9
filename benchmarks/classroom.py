"""A class on one machine: N students open a notebook at once, use it, close it.

    .venv/bin/python benchmarks/classroom.py                       # 30 students, app_call_odds
    .venv/bin/python benchmarks/classroom.py app_liar --students 30 --browsers 5 --waves 3
    .venv/bin/python benchmarks/classroom.py 04_how_likely_is_a_lie --no-pool
    .venv/bin/python benchmarks/classroom.py app_liar 04_how_likely_is_a_lie --hold --browsers 0

Starts the server as ``make serve`` does (``benchmarks/_voila.py``: ``python -m
classroom lessons`` on a free port of 127.0.0.1), by default with a warm pool of
``--students`` kernels for the notebook (``--students N --notebooks <nb>``), and
waits until the server says the pool is warm.  Then, per wave, every student opens
the notebook at the same moment, acts every ``--interval`` s for ``--duration`` s,
and closes the page:

* ``--browsers`` students (default 5) are real pages in headless Chromium
  (Playwright, one browser, a context each).  Page request -> first usable control
  is measured by the page's own clock as in ``benchmarks/apps.py`` (same init
  script); an input (the steps of ``apps.STEPS``) -> the first change the kernel's
  answer makes to the page.  Closing runs ``beforeunload`` (Voila's shutdown beacon).
* the others are a lighter client that does what the page does, over HTTP and the
  kernel websocket: GET the page (keeping the ``_xsrf`` cookie), open
  ``/api/kernels/<id>/channels``, ask the widget manager's control comm for every
  widget's state (``request_states``, as ipywidgets 8's manager does); "usable" is
  when the states have arrived.  An input is the message the page sends for the
  same step (a button's ``click``, a dropdown's or slider's new ``index``/``value``);
  "updated" is the kernel's first widget update for it.  Closing is the page's
  beacon: ``POST /voila/api/shutdown/<id>`` with the ``_xsrf`` form field.

The Chromium pages stand for students' own laptops and phones, but here they share
the server's cores: by default they run at a lower priority (``--browser-nice 10``,
through a wrapper that starts Chromium in a session of its own under ``nice``), so they take what the server
and the kernels leave instead of slowing every student down.  ``--browser-nice 0``
runs them at the server's priority.

Every served page is checked to hold every output of its notebook (the stored,
executed notebook's number of outputs), and the server's log for errors.  While the
students work, the kernels' memory is read with psutil (USS: what a kernel alone
holds; PSS summed: the total).  After the last wave it waits until only the pool's
kernels are alive, at most ``--after`` s (default 120), and reports the kernels still
alive (``/classroom/status``).  Every loop is
bounded in count and time; only 127.0.0.1 is contacted.  The machine's load average
is printed with the numbers: other work on it slows everything down.

``--hold`` is the class of the day (issue 19): a warm pool for every notebook named,
and every student opens them in turn (notebook A; once it is usable, notebook B ...)
and keeps every page open while acting on them in turn, until the wave ends.  It
reports per notebook the pages opened, refused ("the class is full", HTTP 503) and
broken, the times, and the peak memory (kernels' PSS summed plus the server's RSS,
sampled every 3 s) next to the launcher's estimate for the class.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import http.cookiejar
import json
import os
import random
import re
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _voila
from apps import INIT_SCRIPT, STEPS

OPEN_TIMEOUT = 180.0     # s for a page to become usable
ACT_TIMEOUT = 15.0       # s for an input to show its effect


@dataclass
class Student:
    n: int
    kind: str                      # "browser" or "light"
    usable_ms: float | None = None
    first_byte_ms: float | None = None
    inputs_ms: list[float] = field(default_factory=list)
    no_update: int = 0
    errors: list[str] = field(default_factory=list)
    outputs: tuple[int, int] | None = None   # (on the page, in the notebook)
    kernel_id: str | None = None
    notebook: str = ""
    refused: bool = False                     # HTTP 503, "the class is full"


def pct(xs: list[float], q: float) -> float | None:
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def expected_outputs(notebook: Path) -> int:
    """The outputs of the executed notebook that a served page carries as Voila output
    JSON: all but ``stream`` outputs (printed text), which Voila's template writes as
    text, not as ``application/vnd.voila.cell-output+json`` (lesson 04: 22 outputs, 5 of
    them printed, 17 counted on every page)."""
    nb = json.loads(notebook.read_text())
    return sum(1 for c in nb["cells"] if c["cell_type"] == "code"
               for o in c.get("outputs", []) if o.get("output_type") != "stream")


def page_outputs(html: str) -> int:
    return html.count('type="application/vnd.voila.cell-output+json"')


# -- the light client ----------------------------------------------------------------
def _msg(msg_type: str, content: dict, session: str, channel: str = "shell",
         metadata: dict | None = None) -> tuple[str, str]:
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "username": "student", "session": session,
              "date": datetime.now(UTC).isoformat(), "msg_type": msg_type,
              "version": "5.3"}
    return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                               "content": content, "channel": channel, "buffers": []})


def _decode(raw) -> dict | None:
    """A kernel message from the legacy websocket protocol (JSON text, or binary with
    buffers: uint32 count and offsets, big-endian, then the JSON message)."""
    if isinstance(raw, str):
        return json.loads(raw)
    n = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 * (i + 1):4 * (i + 2)], "big") for i in range(n)]
    end = offsets[1] if n > 1 else len(raw)
    return json.loads(raw[offsets[0]:end].decode())


class LightPage:
    """What Voila's page does for one student, over HTTP and the kernel websocket."""

    def __init__(self, base: str, pool: concurrent.futures.Executor,
                 jar: http.cookiejar.CookieJar | None = None):
        self.base, self.pool = base, pool
        self.jar = http.cookiejar.CookieJar() if jar is None else jar   # one per browser
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.session = uuid.uuid4().hex
        self.ws = None
        self.states: dict[str, dict] = {}

    async def get(self, path: str) -> tuple[int, str, float]:
        def fetch():
            t0 = time.monotonic()
            first = None
            try:
                with self.opener.open(self.base + path, timeout=OPEN_TIMEOUT) as r:
                    chunks = []
                    while True:
                        chunk = r.read(65536)
                        if first is None:
                            first = time.monotonic() - t0
                        if not chunk:
                            break
                        chunks.append(chunk)
                    return r.status, b"".join(chunks).decode(errors="replace"), first
            except urllib.error.HTTPError as e:
                return e.code, e.read().decode(errors="replace"), first
        return await asyncio.get_running_loop().run_in_executor(self.pool, fetch)

    def xsrf(self) -> str:
        return next((c.value for c in self.jar if c.name == "_xsrf"), "")

    async def connect(self, kernel_id: str) -> None:
        import websockets
        url = (self.base.replace("http://", "ws://") +
               f"api/kernels/{kernel_id}/channels?session_id={self.session}")
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        self.ws = await websockets.connect(url, additional_headers={"Cookie": cookies},
                                           max_size=2**26, open_timeout=30)

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg_id, text = _msg(msg_type, content, self.session, metadata=metadata)
        await self.ws.send(text)
        return msg_id

    async def until(self, pred, timeout: float) -> dict | None:
        """Read messages until ``pred(msg)`` is true (then that msg) or ``timeout``."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), left)
            except TimeoutError:
                return None
            msg = _decode(raw)
            if msg is None:
                continue
            if msg.get("msg_type", msg["header"]["msg_type"]) == "comm_msg":
                data = msg["content"].get("data", {})
                if data.get("method") == "update" and msg["content"].get("comm_id") in self.states:
                    self.states[msg["content"]["comm_id"]].update(data.get("state", {}))
            if pred(msg):
                return msg
        return None

    async def request_states(self) -> bool:
        comm_id = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                      "data": {}}, metadata={"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})

        def got(msg):
            return (msg["header"]["msg_type"] == "comm_msg"
                    and msg["content"].get("comm_id") == comm_id
                    and msg["content"].get("data", {}).get("method") == "update_states")
        reply = await self.until(got, OPEN_TIMEOUT)
        if reply is None:
            return False
        for model_id, st in reply["content"]["data"]["states"].items():
            self.states[model_id] = dict(st.get("state", {}), _model=st.get("model_name"))
        return True

    def find(self, step) -> tuple[str, dict] | None:
        """(comm id, the message data) for ``step`` as the page would send it."""
        label = step.label.lstrip("^").strip() if step else ""
        for cid, st in self.states.items():
            if st.get("disabled"):
                continue
            if (step is None or step.kind == "button") and st["_model"] == "ButtonModel" \
                    and (step is None or re.match(label, st.get("description", "").strip())):
                return cid, {"method": "custom", "content": {"event": "click"}}
            if step and step.kind == "dropdown" and st["_model"] == "DropdownModel" \
                    and st.get("description", "").strip() == label:
                labels = st.get("_options_labels", [])
                if step.value in labels:
                    return cid, {"method": "update", "state": {"index": labels.index(step.value)},
                                 "buffer_paths": []}
            if step and step.kind == "slider" and st.get("description", "").strip() == label:
                sign = 1 if step.value == "ArrowRight" else -1
                if st["_model"] in ("IntSliderModel", "FloatSliderModel"):   # a step
                    v = round(st["value"] + sign * st.get("step", 1), 9)
                    if st.get("min", v) <= v <= st.get("max", v):
                        st["value"] = v                   # the kernel echoes no own change
                        return cid, {"method": "update", "state": {"value": v},
                                     "buffer_paths": []}
                if st["_model"] == "SelectionSliderModel":                   # an option
                    i = st.get("index", 0) + sign
                    if 0 <= i < len(st.get("_options_labels", [])):
                        st["index"] = i
                        return cid, {"method": "update", "state": {"index": i},
                                     "buffer_paths": []}
        return None

    async def act(self, step) -> float | None:
        found = self.find(step)
        if found is None:
            return None
        cid, data = found
        t0 = time.monotonic()
        msg_id = await self.send("comm_msg", {"comm_id": cid, "data": data})

        def answer(msg):   # the kernel's first widget update caused by our input
            return (msg["parent_header"].get("msg_id") == msg_id
                    and msg["header"]["msg_type"] in ("comm_msg", "comm_open", "comm_close",
                                                      "display_data", "stream"))
        got = await self.until(answer, ACT_TIMEOUT)
        if got is None:
            return None
        ms = (time.monotonic() - t0) * 1000

        def idle(msg):
            return (msg["parent_header"].get("msg_id") == msg_id
                    and msg["header"]["msg_type"] == "status"
                    and msg["content"].get("execution_state") == "idle")
        await self.until(idle, ACT_TIMEOUT)
        return ms

    async def close(self, kernel_id: str) -> int:
        if self.ws is not None:
            await self.ws.close()
        body = urllib.parse.urlencode({"_xsrf": self.xsrf()}).encode()

        def post():
            try:
                with self.opener.open(self.base + f"voila/api/shutdown/{kernel_id}",
                                      data=body, timeout=30) as r:
                    return r.status
            except urllib.error.HTTPError as e:
                return e.code
        return await asyncio.get_running_loop().run_in_executor(self.pool, post)


def steps_for(name: str):
    mode, steps = STEPS.get(name, ("generic", []))
    simple = [s for s in steps if not s.prepare] or [None]
    return mode, simple


async def light_student(s: Student, base: str, nb: str, expected: int, stop_at: float,
                        interval: float, pool) -> None:
    page = LightPage(base, pool)
    t0 = time.monotonic()
    status, html, first = await page.get(f"voila/render/{nb}")
    s.first_byte_ms = first * 1000 if first else None
    if status != 200:
        s.errors.append(f"page answered {status}" + (" (class is full)"
                                                     if "class is full" in html else ""))
        return
    s.outputs = (page_outputs(html), expected)
    m = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if not m:
        s.errors.append("no kernel id in the page")
        return
    s.kernel_id = m.group(1)
    try:
        await page.connect(s.kernel_id)
        if not await page.request_states():
            s.errors.append("the widget states never came")
            return
        s.usable_ms = (time.monotonic() - t0) * 1000
        _mode, steps = steps_for(nb.removesuffix(".ipynb"))
        await act_until(s, steps, page.act, stop_at, interval)
    except Exception as e:  # noqa: BLE001 -- one student's failure is counted, never hides the others
        s.errors.append(f"{type(e).__name__}: {str(e)[:160]}")
    finally:
        try:
            code = await page.close(s.kernel_id)
            if code not in (200, 204):
                s.errors.append(f"shutdown request answered {code}")
        except Exception as e:  # noqa: BLE001
            s.errors.append(f"close: {type(e).__name__}: {e}")


async def act_until(s: Student, steps, act, stop_at: float, interval: float) -> None:
    """The student's inputs, one every ``interval`` s (the first after a random part of
    one) until ``stop_at``, at most 1000, the notebook's ``steps`` in turn: ``act(step)``
    gives the ms to the updated view, or None (no update: counted)."""
    await asyncio.sleep(random.uniform(0, interval))
    for i in range(1000):
        if time.monotonic() >= stop_at:
            break
        ms = await act(steps[i % len(steps)])
        if ms is None:
            s.no_update += 1
        else:
            s.inputs_ms.append(ms)
        await asyncio.sleep(max(0.0, interval - (ms or 0) / 1000))


# -- the browser students --------------------------------------------------------------
async def browser_student(s: Student, browser, base: str, nb: str, expected: int,
                          stop_at: float, interval: float, start: asyncio.Event) -> None:
    context, page = await _voila.student_page(browser, base, init_script=INIT_SCRIPT,
                                              timeout_s=OPEN_TIMEOUT, errors=s.errors)
    try:
        await start.wait()
        response = await page.goto(base + f"voila/render/{nb}", wait_until="commit")
        await page.wait_for_function("() => window.__bench && window.__bench.firstControl !== null"
                                     " && window.__bench.cellsShown !== null",
                                     timeout=OPEN_TIMEOUT * 1000, polling=50)
        t = await page.evaluate("""() => {
            const nav = performance.getEntriesByType('navigation')[0];
            return {ttfb: nav ? nav.responseStart : null, control: window.__bench.firstControl,
                    kernel: JSON.parse(document.getElementById('jupyter-config-data')
                                       .textContent).kernelId};
        }""")
        s.usable_ms, s.first_byte_ms, s.kernel_id = t["control"], t["ttfb"], t["kernel"]
        if response is None or response.status != 200:
            s.errors.append(f"page answered {response and response.status}")
        else:   # the page's HTML as served (Voila's script moves the outputs into views)
            s.outputs = (page_outputs(await response.text()), expected)
        _mode, steps = steps_for(nb.removesuffix(".ipynb"))
        await act_until(s, steps, lambda step: browser_act(page, step), stop_at, interval)
        if await page.locator("#classroom-notice").count():
            s.errors.append("the page says its kernel ended")
    except Exception as e:  # noqa: BLE001 -- counted as an error
        s.errors.append(f"{type(e).__name__}: {str(e).splitlines()[0][:160]}")
    finally:
        await _voila.close_student_page(context, page)


async def browser_act(page, step) -> float | None:
    cells = page.locator("#rendered_cells")
    if step is None or step.kind == "button":
        if step is None:
            target = cells.locator("button.widget-button:not(:disabled)").first
        else:
            name = re.compile(step.label) if step.label.startswith("^") else step.label
            target = cells.get_by_role("button", name=name, exact=True).first
        control = target
    elif step.kind == "dropdown":
        control = cells.locator(".widget-dropdown", has=page.get_by_text(step.label, exact=True)).first
        target = control.locator("select")
    else:
        control = cells.locator(".widget-slider", has=page.get_by_text(step.label, exact=True)).first
        target = control.locator(".noUi-handle")
    if not await target.count():
        return None
    if step is None or step.kind == "button":     # a disabled or hidden button: no input
        if not (await target.is_visible() and await target.is_enabled()):
            return None
    await control.evaluate("el => { const b = window.__bench; b.control = el; b.changes = [];"
                           " b.t0 = null; b.armed = true; }")
    if step is None or step.kind == "button":
        await target.click(timeout=ACT_TIMEOUT * 1000)
    elif step.kind == "dropdown":
        await target.select_option(label=step.value)
    else:
        await target.focus()
        await page.keyboard.press(step.value)
    first = await page.evaluate("""timeout => new Promise(resolve => {
        const b = window.__bench, begin = performance.now();
        const tick = () => {
          if (b.t0 !== null && b.changes.length) resolve(b.changes[0] - b.t0);
          else if (performance.now() - begin > timeout) resolve(null);
          else setTimeout(tick, 5);
        };
        tick();
    })""", ACT_TIMEOUT * 1000)
    await page.evaluate("() => { window.__bench.t0 = null; window.__bench.armed = false; }")
    return first


# -- memory and the server ------------------------------------------------------------
def kernel_memory(server_pid: int) -> dict:
    """USS/PSS/RSS of every kernel process under the server (MB)."""
    import psutil
    out = []
    try:
        procs = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return {}
    for p in procs:
        try:
            if "ipykernel" not in " ".join(p.cmdline()):
                continue
            m = p.memory_full_info()
            out.append((m.uss / 2**20, getattr(m, "pss", m.uss) / 2**20, m.rss / 2**20))
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    try:
        server_rss = psutil.Process(server_pid).memory_info().rss / 2**20
    except psutil.NoSuchProcess:
        server_rss = 0.0
    if not out:
        return {"kernels": 0, "server_rss": server_rss}
    return {"kernels": len(out), "uss_median": statistics.median(u for u, _, _ in out),
            "rss_median": statistics.median(r for _, _, r in out),
            "pss_total": sum(p for _, p, _ in out), "uss_total": sum(u for u, _, _ in out),
            "server_rss": server_rss}


def status(server) -> dict:
    with urllib.request.urlopen(server.url + "classroom/status", timeout=10) as r:
        return json.loads(r.read())


async def wait_pool_warm(server, timeout: float) -> float:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if "The pool is warm" in server.log():
            return time.monotonic() - t0
        if server.process.poll() is not None:
            raise RuntimeError("the server exited:\n" + server.log()[-2000:])
        await asyncio.sleep(0.5)
    raise RuntimeError(f"the pool was not warm after {timeout:.0f} s")


async def wait_kernels(server, target: int, timeout: float) -> tuple[int, float]:
    """Poll until at most ``target`` kernels are alive (or timeout): (count, seconds)."""
    t0 = time.monotonic()
    n = status(server)["kernels"]
    while time.monotonic() - t0 < timeout and n > target:
        await asyncio.sleep(2)
        n = status(server)["kernels"]
    return n, time.monotonic() - t0


async def wait_settled(server, target: int, most: float) -> float:
    """Wait, at most ``most`` s, until exactly ``target`` kernels are alive (the pool, with
    every page's kernel stopped and the pool refilled); the seconds waited.  An event, not a
    fixed pause (issue 34): a kernel whose page's leave was missed is still given the
    orphan reaper's time (``--after`` past its ``--orphan-timeout``) before it counts as
    leaked."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < most and status(server)["kernels"] != target:
        await asyncio.sleep(1)
    return time.monotonic() - t0


async def wave(server, browser, nb: str, args, expected: int, pool, wave_no: int) -> dict:
    n_browser = min(args.browsers, args.students)
    students = [Student(i, "browser" if i < n_browser else "light") for i in range(args.students)]
    start = asyncio.Event()
    t_start = time.monotonic() + 1.0
    stop_at = t_start + args.duration
    tasks = []
    for s in students:
        if s.kind == "browser":
            tasks.append(browser_student(s, browser, server.url, nb, expected, stop_at,
                                         args.interval, start))
    for s in students:
        if s.kind == "light":
            async def go(s=s):
                await start.wait()
                await light_student(s, server.url, nb, expected, stop_at, args.interval, pool)
            tasks.append(go())
    mark = server.mark()

    async def memory_probe():
        await asyncio.sleep(min(args.duration * 0.6, args.duration - 1) + 1)
        return kernel_memory(server.process.pid)

    async def release():
        await asyncio.sleep(max(0.0, t_start - time.monotonic()))
        start.set()
    results = await asyncio.wait_for(
        asyncio.gather(release(), memory_probe(), *tasks, return_exceptions=True),
        timeout=args.duration + OPEN_TIMEOUT + 120)
    memory = results[1] if isinstance(results[1], dict) else {}
    log_errors = server.errors_since(mark)
    return {"wave": wave_no, "students": students, "memory": memory, "log_errors": log_errors,
            "load": os.getloadavg()}


# -- the reports (a wave's, --hold's): the same figures, the same closing lines ---------
def f(x, unit=""):
    """A figure of the report: "-" for none, seconds to 0.01 s, the rest whole."""
    return "-" if x is None else f"{x:.2f}{unit}" if unit == " s" else f"{x:.0f}{unit}"


def pool_words(warm_s) -> str:
    return "warm, " + f(warm_s, " s") if warm_s is not None else "none"


def student_errors(waves: list[dict]) -> list[str]:
    """Every error of every student, named by wave, student (kind) and notebook."""
    return [f"wave {w['wave']} student {s.n} ({s.kind}{', ' + s.notebook if s.notebook else ''})"
            f": {e}" for w in waves for s in w["students"] for e in s.errors]


def missing_outputs(students: list[Student]) -> list[str]:
    """The pages that showed fewer outputs than their executed notebook holds."""
    return [f"student {s.n}{' ' + s.notebook if s.notebook else ''}: {s.outputs[0]} of "
            f"{s.outputs[1]} outputs" for s in students if s.outputs and s.outputs[0] < s.outputs[1]]


def print_errors(label: str, errors: list[str]) -> None:
    print(f"{label}: {len(errors)}" + "".join(f"\n   {e}" for e in errors[:10]))


def print_log_and_load(waves: list[dict]) -> list[str]:
    """The closing lines of a report: the server's log errors and the load average during
    the waves; returns the log's error lines."""
    log_errors = [line for w in waves for line in w["log_errors"]]
    print(f"server log error lines: {len(log_errors)}" + "".join(f"\n   {e[:160]}"
                                                                 for e in log_errors[:5]))
    print("load average during the waves: " + ", ".join(
        f"{w['load'][0]:.1f}/{w['load'][1]:.1f}/{w['load'][2]:.1f}" for w in waves)
        + f" (1/5/15 min) on {os.cpu_count()} CPUs")
    return log_errors


def report(nb: str, args, waves: list[dict], warm_s, leaked, after_s, final_status) -> dict:
    students = [s for w in waves for s in w["students"]]
    usable = [s.usable_ms / 1000 for s in students if s.usable_ms is not None]
    inputs = [x for s in students for x in s.inputs_ms]
    errors = student_errors(waves)
    not_usable = sum(1 for s in students if s.usable_ms is None)
    missing = missing_outputs(students)
    mem = [w["memory"] for w in waves if w["memory"].get("kernels")]

    print(f"\n== classroom: {nb}, {args.students} students ({min(args.browsers, args.students)} "
          f"in Chromium at nice {args.browser_nice}), {len(waves)} wave(s) of {args.duration:.0f} s, input every "
          f"{args.interval:.0f} s, pool {pool_words(warm_s)}")
    print(f"page request -> usable: p50 {f(pct(usable, .5), ' s')}  p95 {f(pct(usable, .95), ' s')}"
          f"  max {f(max(usable) if usable else None, ' s')}  (not usable: {not_usable})")
    for kind in ("browser", "light"):
        b = [s.first_byte_ms / 1000 for s in students if s.kind == kind and s.first_byte_ms]
        u = [s.usable_ms / 1000 for s in students if s.kind == kind and s.usable_ms is not None]
        i = [x for s in students if s.kind == kind for x in s.inputs_ms]
        if u or i:
            print(f"   {kind:>7}: first byte p50 {f(pct(b, .5), ' s')}; "
                  f"usable p50 {f(pct(u, .5), ' s')} p95 {f(pct(u, .95), ' s')}; "
                  f"input -> update p50 {f(pct(i, .5), ' ms')} p95 {f(pct(i, .95), ' ms')} "
                  f"({len(i)} inputs)")
    print(f"input -> updated view: p50 {f(pct(inputs, .5), ' ms')}  p95 {f(pct(inputs, .95), ' ms')}"
          f"  max {f(max(inputs) if inputs else None, ' ms')}  ({len(inputs)} inputs, "
          f"{sum(s.no_update for s in students)} without an update)")
    if len(waves) > 1:
        for w in waves:
            u = [s.usable_ms / 1000 for s in w["students"] if s.usable_ms is not None]
            i = [x for s in w["students"] for x in s.inputs_ms]
            e = sum(len(s.errors) for s in w["students"])
            print(f"   wave {w['wave']}: usable p50 {f(pct(u, .5), ' s')} p95 {f(pct(u, .95), ' s')}"
                  f" max {f(max(u) if u else None, ' s')}; input p50 {f(pct(i, .5), ' ms')} "
                  f"p95 {f(pct(i, .95), ' ms')}; errors {e}; kernels after "
                  f"{w.get('kernels_after')} in {w.get('settle_s', 0):.0f} s; "
                  f"load {w['load'][0]:.1f}")
    for m in mem:
        print(f"memory: {m['kernels']} kernels, per kernel USS {m['uss_median']:.0f} MB "
              f"(RSS {m['rss_median']:.0f} MB), all kernels PSS {m['pss_total']:.0f} MB, "
              f"server RSS {m['server_rss']:.0f} MB")
    print(f"pages missing outputs: {len(missing)}" + (f" e.g. {missing[:3]}" if missing else ""))
    print_errors("errors", errors)
    print(f"kernels alive {after_s:.0f} s after the last tabs closed: {final_status['kernels']} "
          f"(pool {final_status['pooled']}); leaked: {leaked}")
    log_errors = print_log_and_load(waves)
    return {"notebook": nb, "students": args.students, "browsers": args.browsers,
            "browser_nice": args.browser_nice,
            "usable_s": usable, "inputs_ms": inputs, "errors": errors,
            "not_usable": not_usable, "missing_outputs": missing, "log_errors": log_errors,
            "memory": mem, "leaked": leaked, "kernels_after": final_status["kernels"],
            "pool_warm_s": warm_s, "load": [w["load"] for w in waves]}


@dataclass
class Served:
    """The classroom server of one run, its thread pool, and what it was at the start."""
    server: _voila.VoilaServer
    tmp: Path                   # its log, the kernels' runtime folder
    pool: concurrent.futures.ThreadPoolExecutor
    warm_s: float | None        # the pre-heated pool warm after (None: no pool)
    base_kernels: int           # kernels alive once it is warm (the pool)


@contextlib.asynccontextmanager
async def classroom_server(args, nbs: list[str], *, workers: int):
    """The classroom server as ``make serve`` runs it (with a warm pool for ``nbs`` unless
    ``--no-pool``), on a free port; stopped at the end."""
    tmp = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    extra = [f"--ClassroomKernelManager.orphan_timeout={args.orphan_timeout}", *args.server_arg]
    if args.pool:
        extra += ["--students", str(args.students),
                  "--notebooks", " ".join(nb.removesuffix(".ipynb") for nb in nbs)]
    if args.max_kernels:
        extra += ["--max-kernels", str(args.max_kernels)]
    # the apps deal from a fresh seed, as in class (the test suite fixes them): the server
    # starts without the seeds; this process gets them back (a test runs this in-process)
    seeds = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("CARDGAMES_SEED_")}
    try:
        server = _voila.start_voila("lessons", log_path=tmp / "voila.log", runtime_dir=tmp,
                                    extra_args=extra)
    finally:
        os.environ.update(seeds)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)
    try:
        print(f"server on {server.url} (log {tmp / 'voila.log'}); load {os.getloadavg()[0]:.1f}",
              flush=True)
        warm_s = await wait_pool_warm(server, args.warm_timeout) if args.pool else None
        if warm_s is not None:
            print(f"pool warm after {warm_s:.0f} s", flush=True)
        yield Served(server, tmp, pool, warm_s, status(server)["kernels"])
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        server.stop()


async def run(args) -> dict:
    nb = args.notebook if args.notebook.endswith(".ipynb") else args.notebook + ".ipynb"
    path = _voila.LESSONS / nb
    if not path.exists():
        raise SystemExit(f"no such notebook: lessons/{nb}")
    expected = expected_outputs(path)
    async with classroom_server(args, [nb], workers=max(8, args.students + 4)) as served:
        server, pool, tmp = served.server, served.pool, served.tmp
        warm_s, base_kernels = served.warm_s, served.base_kernels
        from playwright.async_api import async_playwright
        waves = []
        async with async_playwright() as p:
            browser = None
            if args.browsers:
                browser = await p.chromium.launch(
                    executable_path=_voila.niced(_voila.chromium_path(), args.browser_nice, tmp),
                    args=_voila.CHROMIUM_FLAGS, headless=True)
            try:
                for w in range(1, args.waves + 1):
                    if args.pool and w > 1:
                        await wait_pool_warm_again(server, args.students, args.warm_timeout)
                    print(f"wave {w}: {args.students} students open {nb}", flush=True)
                    waves.append(await wave(server, browser, nb, args, expected, pool, w))
                    n, secs = await wait_kernels(server, base_kernels, 120)
                    waves[-1]["kernels_after"], waves[-1]["settle_s"] = n, secs
                    print(f"  after wave {w}: {n} kernels alive ({secs:.0f} s after the tabs "
                          f"closed; the pool is {base_kernels})", flush=True)
            finally:
                if browser is not None:
                    await browser.close()
        t_closed = time.monotonic()
        await wait_settled(server, base_kernels, args.after)
        final = status(server)
        after_s = time.monotonic() - t_closed
        leaked = max(0, final["kernels"] - base_kernels)
        return report(nb, args, waves, warm_s, leaked, after_s, final)


# -- --hold: every student opens each notebook in turn and keeps every page open -------
async def open_light(s: Student, page: LightPage, nb: str, expected: int) -> bool:
    """Open ``nb`` as the page does; ``s`` gets the timings, or the refusal or error."""
    t0 = time.monotonic()
    status_code, html, first = await page.get(f"voila/render/{nb}")
    s.first_byte_ms = first * 1000 if first else None
    if status_code != 200:
        s.refused = status_code == 503 and "class-full" in html
        s.errors.append(f"page answered {status_code}" + (" (the class is full)"
                                                          if s.refused else ""))
        return False
    s.outputs = (page_outputs(html), expected)
    m = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if not m:
        s.errors.append("no kernel id in the page")
        return False
    s.kernel_id = m.group(1)
    try:
        await page.connect(s.kernel_id)
        if not await page.request_states():
            s.errors.append("the widget states never came")
            return False
    except Exception as e:  # noqa: BLE001 -- counted
        s.errors.append(f"{type(e).__name__}: {str(e)[:160]}")
        return False
    s.usable_ms = (time.monotonic() - t0) * 1000
    return True


async def hold_student(n: int, base: str, nbs: list[str], expected: dict[str, int],
                       stop_at: float, interval: float, pool, start: asyncio.Event) -> list[Student]:
    """One student: opens ``nbs`` one after the other (the next once the previous is
    usable, in the same browser: one cookie jar), acts on them in turn every
    ``interval`` s until ``stop_at`` with every page open, then closes them all."""
    records = [Student(n, "light", notebook=nb) for nb in nbs]
    jar = http.cookiejar.CookieJar()
    pages: list[tuple[Student, LightPage]] = []
    await start.wait()
    try:
        for s in records:
            page = LightPage(base, pool, jar)
            if await open_light(s, page, s.notebook, expected[s.notebook]):
                pages.append((s, page))
            elif page.ws is not None:
                await page.ws.close()
        await asyncio.sleep(random.uniform(0, interval))
        i = 0
        while pages and time.monotonic() < stop_at and i < 1000:
            s, page = pages[i % len(pages)]
            _mode, steps = steps_for(s.notebook.removesuffix(".ipynb"))
            try:
                ms = await page.act(steps[(i // len(pages)) % len(steps)])
            except Exception as e:  # noqa: BLE001 -- counted
                s.errors.append(f"{type(e).__name__}: {str(e)[:160]}")
                break
            if ms is None:
                s.no_update += 1
            else:
                s.inputs_ms.append(ms)
            i += 1
            await asyncio.sleep(max(0.0, interval - (ms or 0) / 1000))
    finally:
        for s, page in pages:
            try:
                code = await page.close(s.kernel_id)
                if code not in (200, 204):
                    s.errors.append(f"shutdown request answered {code}")
            except Exception as e:  # noqa: BLE001
                s.errors.append(f"close: {type(e).__name__}: {e}")
    return records


async def hold_wave(server, nbs: list[str], args, expected: dict[str, int], pool,
                    wave_no: int) -> dict:
    """Every student opens ``nbs`` in turn and holds them; memory sampled every 3 s."""
    start = asyncio.Event()
    t_start = time.monotonic() + 1.0
    stop_at = t_start + args.duration
    mark = server.mark()
    samples: list[dict] = []
    done = asyncio.Event()

    async def sampler():
        for _ in range(10_000):
            if done.is_set():
                return
            m = await asyncio.get_running_loop().run_in_executor(
                pool, kernel_memory, server.process.pid)
            try:
                st = await asyncio.get_running_loop().run_in_executor(pool, status, server)
            except (OSError, ValueError):
                st = {}
            samples.append({**m, "status": st, "t": time.monotonic() - t_start})
            await asyncio.sleep(3)

    async def release():
        await asyncio.sleep(max(0.0, t_start - time.monotonic()))
        start.set()
    probe = asyncio.ensure_future(sampler())
    try:
        results = await asyncio.wait_for(
            asyncio.gather(release(), *(hold_student(n, server.url, nbs, expected, stop_at,
                                                     args.interval, pool, start)
                                        for n in range(args.students))),
            timeout=args.duration + OPEN_TIMEOUT * len(nbs) + 120)
    finally:
        done.set()
        await asyncio.wait_for(probe, 60)
    students = [s for r in results[1:] for s in r]
    return {"wave": wave_no, "students": students, "samples": samples,
            "log_errors": server.errors_since(mark), "load": os.getloadavg()}


def hold_report(nbs: list[str], args, waves: list[dict], warm_s, estimate_mb, leaked,
                final_status) -> dict:
    students = [s for w in waves for s in w["students"]]
    print(f"\n== classroom --hold: {args.students} students open {' then '.join(nbs)} and "
          f"keep every page open; {len(waves)} wave(s) of {args.duration:.0f} s, pool "
          f"{pool_words(warm_s)}")
    print("| page | opened | refused | errors | first byte p50 | usable p50 | usable p95 "
          "| usable max | input p50 | input p95 (n) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    per = {}
    for nb in nbs:
        rs = [s for s in students if s.notebook == nb]
        u = [s.usable_ms / 1000 for s in rs if s.usable_ms is not None]
        b = [s.first_byte_ms / 1000 for s in rs if s.first_byte_ms]
        i = [x for s in rs for x in s.inputs_ms]
        refused = sum(s.refused for s in rs)
        errors = sum(len(s.errors) for s in rs) - refused
        per[nb] = {"opened": len(u), "refused": refused, "errors": errors, "usable_s": u,
                   "inputs_ms": i}
        print(f"| {nb.removesuffix('.ipynb')} | {len(u)} of {len(rs)} | {refused} | {errors} | "
              f"{f(pct(b, .5), ' s')} | {f(pct(u, .5), ' s')} | {f(pct(u, .95), ' s')} | "
              f"{f(max(u) if u else None, ' s')} | {f(pct(i, .5), ' ms')} | "
              f"{f(pct(i, .95), ' ms')} ({len(i)}) |")
    errors = student_errors(waves)
    print_errors("errors and refusals", errors)
    samples = [m for w in waves for m in w["samples"] if m.get("kernels")]
    peak = max(samples, key=lambda m: m["pss_total"] + m["server_rss"], default=None)
    if peak:
        st = peak.get("status", {})
        print(f"peak memory: {peak['pss_total'] + peak['server_rss']:.0f} MB = kernels PSS "
              f"{peak['pss_total']:.0f} MB ({peak['kernels']} kernels, USS in all "
              f"{peak['uss_total']:.0f} MB, per kernel median {peak['uss_median']:.0f}) + server "
              f"RSS {peak['server_rss']:.0f} MB, at {peak['t']:.0f} s; the launcher's estimate "
              f"for the class: {estimate_mb} MB; the server counted "
              f"{st.get('memory', {}).get('committed_mb')} MB")
        most = max(m["kernels"] for m in samples)
        print(f"most kernels alive: {most} (in use + pooled)")
    at_peak = (peak or {}).get("status", {})
    for nb, d in sorted(at_peak.get("memory", {}).get("notebooks", {}).items()):
        print(f"   the server's figures at the peak, {nb}: {d['kernels']} kernels ({d['in_use']} in use), "
              f"largest USS {d['largest_uss_mb']} MB -> {d['kernel_mb']} MB a kernel "
              f"({'measured' if d['measured'] else 'estimate'})")
    print(f"status at the end: refused {final_status.get('refused')} "
          f"{final_status.get('refused_by')}; kernels {final_status['kernels']} "
          f"(pooled {final_status['pooled']}); leaked {leaked}")
    log_errors = print_log_and_load(waves)
    return {"notebooks": nbs, "students": args.students, "per_notebook": per,
            "errors": errors, "refused": sum(d["refused"] for d in per.values()),
            "not_usable": sum(1 for s in students if s.usable_ms is None),
            "usable_s": [x for d in per.values() for x in d["usable_s"]],
            "inputs_ms": [x for d in per.values() for x in d["inputs_ms"]],
            "missing_outputs": missing_outputs(students),
            "log_errors": log_errors, "leaked": leaked, "kernels_after": final_status["kernels"],
            "peak": peak, "estimate_mb": estimate_mb, "most_kernels":
                max((m["kernels"] for m in samples), default=0),
            "final_status": final_status, "pool_warm_s": warm_s,
            "load": [w["load"] for w in waves]}


async def run_hold(args) -> dict:
    nbs = [n if n.endswith(".ipynb") else n + ".ipynb" for n in args.notebooks]
    for nb in nbs:
        if not (_voila.LESSONS / nb).exists():
            raise SystemExit(f"no such notebook: lessons/{nb}")
    expected = {nb: expected_outputs(_voila.LESSONS / nb) for nb in nbs}
    async with classroom_server(args, nbs, workers=max(8, args.students * 2 + 4)) as served:
        server, pool = served.server, served.pool
        warm_s, base_kernels = served.warm_s, served.base_kernels
        # the launcher's line at the start (still in the log once the pool is warm)
        found = re.search(r"Expected memory for the class at most: about (\d+) MB", server.log())
        estimate = int(found.group(1)) if found else None
        waves = []
        for w in range(1, args.waves + 1):
            if args.pool and w > 1:
                await wait_pool_warm_again(server, args.students * len(nbs), args.warm_timeout)
            print(f"wave {w}: {args.students} students open {' then '.join(nbs)}, holding "
                  "each page open", flush=True)
            waves.append(await hold_wave(server, nbs, args, expected, pool, w))
            n, secs = await wait_kernels(server, base_kernels, 120)
            print(f"  after wave {w}: {n} kernels alive ({secs:.0f} s after the tabs closed; "
                  f"the pool is {base_kernels})", flush=True)
        await wait_settled(server, base_kernels, args.after)
        final = status(server)
        leaked = max(0, final["kernels"] - base_kernels)
        return hold_report(nbs, args, waves, warm_s, estimate, leaked, final)


async def wait_pool_warm_again(server, size: int, timeout: float) -> None:
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if sum(status(server)["ready"].values()) >= size:   # every pooled kernel ran its notebook
            return
        await asyncio.sleep(1)


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("notebooks", nargs="*", default=["app_call_odds"],
                    help="the notebook; with --hold, several: each student opens them in turn")
    ap.add_argument("--hold", action="store_true",
                    help="every student opens each notebook in turn (the next once the "
                         "previous is usable) and keeps every page open until the end of "
                         "the wave; refusals ('the class is full') are counted; websocket "
                         "clients only (--browsers 0)")
    ap.add_argument("--server-arg", action="append", default=[],
                    help="an option for the server, e.g. "
                         "--server-arg=--ClassroomKernelManager.memory_mb=4000")
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--browsers", type=int, default=5, help="students in real Chromium pages")
    ap.add_argument("--browser-nice", type=int, default=10,
                    help="the Chromium pages' nice value (they stand for other machines; 0: "
                         "the server's priority)")
    ap.add_argument("--duration", type=float, default=60.0, help="seconds of use per wave")
    ap.add_argument("--interval", type=float, default=2.0, help="seconds between inputs")
    ap.add_argument("--waves", type=int, default=1)
    ap.add_argument("--after", type=float, default=120.0,
                    help="at most this many seconds after the last tabs closed for the kernels to come "
                         "back to the pool's (the orphan reaper's time) before counting them")
    ap.add_argument("--no-pool", dest="pool", action="store_false",
                    help="no pre-heated pool (a kernel starts per page, as by default)")
    ap.add_argument("--max-kernels", type=int, default=0)
    ap.add_argument("--orphan-timeout", type=float, default=90.0)
    ap.add_argument("--warm-timeout", type=float, default=900.0)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    args.notebook = args.notebooks[0]
    if len(args.notebooks) > 1 and not args.hold:
        ap.error("several notebooks need --hold")
    if args.hold and args.browsers:
        ap.error("--hold runs websocket clients only: add --browsers 0")
    for name, v in (("students", args.students), ("waves", args.waves)):
        if not 1 <= v <= 200:
            ap.error(f"--{name} must be between 1 and 200")
    if not 0 <= args.browsers <= 30:
        ap.error("--browsers must be between 0 and 30")
    if not 1 <= args.duration <= 600 or not 0.2 <= args.interval <= 60 or not 0 <= args.after <= 900:
        ap.error("--duration 1..600 s, --interval 0.2..60 s, --after 0..900 s")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    result = asyncio.run(run_hold(args) if args.hold else run(args))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, default=str))
    ok = (not result["errors"] and not result["not_usable"] and not result["missing_outputs"]
          and not result.get("refused")
          and not result["leaked"])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

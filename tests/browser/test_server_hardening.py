"""Issue 18, the server: a page's kernel belongs to its page, kernels are bounded, bad
URLs get a 4xx.  HTTP and websocket clients doing what a page does (each with its
own cookie jar, i.e. its own browser), against ``python -m classroom`` as ``make
serve`` runs it; one Chromium test for the memory limit's notice.
"""

from __future__ import annotations

import concurrent.futures
import http.cookiejar
import json
import re
import shutil
import socket
import time
import urllib.error
import urllib.request
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest

from classroom.guard import kernel_tag

REPO = Path(__file__).resolve().parents[2]
APP = "app_rank_cycle.ipynb"
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
MODEL_ID = re.compile(r'"model_id":\s*"([0-9a-f]{32})"')


class Browser:
    """One student's browser: its own cookies (login cookie, ``_xsrf``)."""

    def __init__(self, server) -> None:
        self.server = server
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def request(self, path: str, method: str = "GET", data: bytes | None = None,
                timeout: float = 120) -> tuple[int, str]:
        req = urllib.request.Request(self.server.url + path, data=data, method=method)
        try:
            with self.opener.open(req, timeout=timeout) as r:
                return r.status, r.read().decode(errors="replace")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace")

    def open_page(self, notebook: str = APP) -> tuple[str, str]:
        status, html = self.request(f"voila/render/{notebook}")
        assert status == 200, (status, html[:300])
        return KERNEL_ID.search(html).group(1), html

    def cookies(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def xsrf(self) -> str:
        if not any(c.name == "_xsrf" for c in self.jar):
            self.request("")
        return next(c.value for c in self.jar if c.name == "_xsrf")

    def shutdown(self, kernel_id: str) -> int:
        return self.request(f"voila/api/shutdown/{kernel_id}", "POST",
                            f"_xsrf={self.xsrf()}".encode())[0]

    def websocket(self, websocket, kernel_id: str):
        return websocket.create_connection(
            f"ws://127.0.0.1:{self.server.port}/api/kernels/{kernel_id}/channels"
            f"?session_id={uuid.uuid4().hex}", timeout=10, cookie=self.cookies())


def message(msg_type: str, content: dict, session: str = "s") -> tuple[str, str]:
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "username": "student", "session": session,
              "date": datetime.now(UTC).isoformat(), "msg_type": msg_type,
              "version": "5.3"}
    return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": {},
                               "content": content, "channel": "shell", "buffers": []})


def receive(ws, websocket, seconds: float, until=None) -> list[dict]:
    """The JSON messages that arrive within ``seconds`` (or until ``until(msg)``)."""
    got: list[dict] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            raw = ws.recv()
        except websocket.WebSocketTimeoutException:
            break
        if isinstance(raw, bytes):
            continue
        msg = json.loads(raw)
        got.append(msg)
        if until is not None and until(msg):
            break
    return got


def kernel_info(ws, websocket) -> bool:
    mid, msg = message("kernel_info_request", {})
    ws.send(msg)
    replies = receive(ws, websocket, 20, until=lambda m: m.get("parent_header", {}).get(
        "msg_id") == mid and m["header"]["msg_type"] == "kernel_info_reply")
    return any(m["header"]["msg_type"] == "kernel_info_reply" for m in replies)


def status(server) -> dict:
    with urllib.request.urlopen(server.url + "classroom/status", timeout=10) as r:
        return json.loads(r.read())


def wait_until(pred, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not (value := pred()):
        assert time.monotonic() < deadline, f"timed out after {timeout} s: {what}"
        time.sleep(0.5)
    return value


def kernel_process(server, kernel_id: str):
    import psutil
    [proc] = [p for p in psutil.Process(server.process.pid).children(recursive=True)
              if f"kernel-{kernel_id}" in " ".join(p.cmdline())]
    return proc


# -- 1. the page's kernel belongs to the page ----------------------------------------
def test_bad_templates_and_aborted_pages_leave_no_kernel_and_30_pages_are_served(start_voila):
    """100 ``?template=``/``?theme=`` requests and 8 pages left while loading, then 30
    pages, on a server capped at 30 kernels: before, each bad name left a kernel
    "starting" for 15 minutes and the class was full."""
    srv = start_voila("lessons", cwd=REPO, name="hardening-cap", extra_args=[
        "--max-kernels", "30"])
    bad = [f"voila/render/{APP}?template=x{i}" for i in range(90)] + \
          [f"voila/render/{APP}?theme=t{i}" for i in range(10)]
    with concurrent.futures.ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(lambda p: Browser(srv).request(p, timeout=30)[0], bad))
    assert codes == [400] * 100

    def abort() -> None:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
            s.sendall(f"GET /voila/render/{APP} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            s.recv(200)          # the page has started (its kernel is starting)
    for _ in range(8):
        abort()
    wait_until(lambda: status(srv)["kernels"] == 0, 30,
               "the kernels of the pages left while loading are shut down")

    browsers = [Browser(srv) for _ in range(30)]
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        pages = list(pool.map(lambda b: b.open_page(), browsers))
    assert len({kid for kid, _ in pages}) == 30
    now = status(srv)
    assert (now["in_use"], now["kernels"], now["refused"]) == (30, 30, 0), now
    for b, (kid, _) in zip(browsers, pages):
        assert b.shutdown(kid) == 204
    wait_until(lambda: status(srv)["kernels"] == 0, 60, "the 30 pages' kernels stop")
    assert "Traceback" not in srv.log()


def test_a_kernel_answers_only_the_browser_that_got_its_page(voila_server, websocket_client):
    """Another browser with the id and its own ``_xsrf`` is refused (403) on the
    websocket, the REST view, DELETE and the shutdown; the page's own browser is not;
    the id never appears in the server's log."""
    mark = voila_server.mark()
    ana, ben = Browser(voila_server), Browser(voila_server)
    kid, _ = ana.open_page()
    ben.xsrf()                                      # ben has cookies of his own
    assert ben.request(f"api/kernels/{kid}")[0] == 403
    assert ben.request(f"api/kernels/{kid}?_xsrf={ben.xsrf()}", "DELETE")[0] == 403
    assert ben.shutdown(kid) == 403
    with pytest.raises(websocket_client.WebSocketBadStatusException) as refused:
        ben.websocket(websocket_client, kid)
    assert refused.value.status_code == 403
    nobody = urllib.request.Request(f"{voila_server.url}api/kernels/{kid}")
    with pytest.raises(urllib.error.HTTPError) as no_cookie:
        urllib.request.urlopen(nobody, timeout=10)
    assert no_cookie.value.code == 403
    # the page's own browser: all of it works, and the kernel survived ben
    assert ana.request(f"api/kernels/{kid}")[0] == 200
    ws = ana.websocket(websocket_client, kid)
    try:
        assert kernel_info(ws, websocket_client)
    finally:
        ws.close()
    assert ana.shutdown(kid) == 204
    wait_until(lambda: ana.request(f"api/kernels/{kid}")[0] == 404, 20, "the kernel stops")
    log = voila_server.log_since(mark)
    assert kid not in log and kid.split("-")[0] not in log
    assert f"Kernel started: {kernel_tag(kid)}" in log
    assert f"Kernel shutdown: {kernel_tag(kid)}" in log


# -- 3. bounded kernels ----------------------------------------------------------------
def test_the_20_x_4_mb_attack_is_refused_and_another_page_is_unaffected(voila_server,
                                                                       websocket_client):
    """20 Text widgets with 4-MB values opened from the page (before: 59 -> 156 MB),
    the same with small frames, a flood of 200-KB updates, and malformed comm
    messages: the kernel does not grow, nothing with a traceback reaches the page,
    and another student's kernel answers as before."""
    websocket = websocket_client
    mark = voila_server.mark()
    ana, cleo = Browser(voila_server), Browser(voila_server)
    kid, html = ana.open_page()
    other, _ = cleo.open_page()
    proc = kernel_process(voila_server, kid)
    limits = Path(f"/proc/{proc.pid}/limits").read_text()
    assert re.search(r"Max address space\s+4294967296\s+4294967296", limits), limits
    rss0 = proc.memory_info().rss

    def text_widget(value: str) -> str:
        return message("comm_open", {
            "comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
            "data": {"state": {"_model_name": "TextModel", "_model_module": "@jupyter-widgets/controls",
                               "_model_module_version": "2.0.0", "value": value},
                     "buffer_paths": []}})[1]

    big = "x" * (4 * 2**20)
    ws = ana.websocket(websocket, kid)
    # the first 4-MB frame closes the socket: the next sends fail
    with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError, OSError)):
        for _ in range(20):
            ws.send(text_widget(big))
            time.sleep(0.05)
    ws.close()
    ws = ana.websocket(websocket, kid)
    seen: list[dict] = []
    try:
        for _ in range(20):                        # small frames: comm_open is refused
            ws.send(text_widget("y" * 200_000))
        model = MODEL_ID.search(html).group(1)
        for _ in range(60):                        # 200-KB updates: the rate limit
            ws.send(message("comm_msg", {"comm_id": model, "data": {
                "method": "update", "state": {"description": "z" * 200_000},
                "buffer_paths": []}})[1])
        # malformed: the kernel's comm handler raises on each (a traceback on stderr)
        ws.send(message("comm_open", {"comm_id": "c", "target_name": "jupyter.widget",
                                      "data": "not an object"})[1])
        ws.send(message("comm_msg", {"comm_id": model, "data": {
            "method": "update", "state": {"description": 5}, "buffer_paths": []}})[1])
        time.sleep(1.5)                            # past the burst: allowed again
        ws.send(message("comm_msg", {"comm_id": model, "data": {
            "method": "update", "state": {"layout": "not a layout"}, "buffer_paths": []}})[1])
        seen = receive(ws, websocket, 5)
        assert kernel_info(ws, websocket)          # the page's own kernel still answers
    finally:
        ws.close()
    text = json.dumps(seen)
    assert "Traceback" not in text and 'File \\"' not in text and ".venv" not in text, text[:2000]
    grown = (proc.memory_info().rss - rss0) / 2**20
    assert grown < 20, f"the kernel grew by {grown:.0f} MB"
    log = voila_server.log_since(mark)
    assert "comm_open to target jupyter.widget" in log
    assert "rate limit" in log
    # another student's page: its kernel answers, and it did not grow
    ws = cleo.websocket(websocket, other)
    try:
        t0 = time.monotonic()
        assert kernel_info(ws, websocket)
        assert time.monotonic() - t0 < 5
    finally:
        ws.close()
    assert "Traceback" not in log
    for b, k in ((ana, kid), (cleo, other)):
        b.shutdown(k)


def test_a_frame_with_hostile_offsets_is_dropped_and_the_server_answers(voila_server,
                                                                        websocket_client):
    """A 16-byte v1 frame whose first 8 bytes ask for 2**56 parts: Jupyter Server's
    parser would build that list in the server's only thread (the whole class stops,
    the machine runs out of memory).  The page filter drops it; the server and the
    kernel answer at once."""
    ana = Browser(voila_server)
    kid, _ = ana.open_page()
    ws = websocket_client.create_connection(
        f"ws://127.0.0.1:{voila_server.port}/api/kernels/{kid}/channels"
        f"?session_id={uuid.uuid4().hex}", timeout=10, cookie=ana.cookies(),
        subprotocols=["v1.kernel.websocket.jupyter.org"])
    try:
        assert ws.subprotocol == "v1.kernel.websocket.jupyter.org"
        mark = voila_server.mark()
        ws.send_binary(b"\x00\x01garbage" + b"\x00" * 8)
        t0 = time.monotonic()
        assert status(voila_server)["kernels"] >= 1
        assert time.monotonic() - t0 < 5
        wait_until(lambda: "a message without a msg_type" in voila_server.log_since(mark), 10,
                   "the frame is dropped with a log line")
    finally:
        ws.close()
        ana.shutdown(kid)


MEMORY_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "id": "title", "metadata": {}, "source": "# Memory hog"},
        {"cell_type": "code", "execution_count": None, "id": "code", "metadata": {},
         "outputs": [], "source":
         "import ipywidgets as w\n"
         "hog = []\n"
         "button = w.Button(description='Use 400 MB')\n"
         "button.on_click(lambda _: hog.append(b'x' * (400 * 2**20)))\n"
         "button"},
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}, "language_info": {"name": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def test_a_kernel_over_its_memory_limit_is_replaced_and_its_page_says_so(
        start_voila, chromium, tmp_path_factory):
    site = tmp_path_factory.mktemp("memory-site")
    shutil.copy(REPO / "voila.json", site / "voila.json")
    (site / "apps").mkdir()
    (site / "apps" / "app_hog.ipynb").write_text(json.dumps(MEMORY_NOTEBOOK))
    srv = start_voila("apps", cwd=site, name="hardening-memory", extra_args=[
        "--ClassroomVoila.kernel_memory_mb=300"])
    context = chromium.new_context()
    page = context.new_page()
    try:
        page.goto(srv.app_url("app_hog.ipynb"))
        page.get_by_role("button", name="Use 400 MB").wait_for(state="visible", timeout=60_000)
        kid = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
        mark = srv.mark()
        page.get_by_role("button", name="Use 400 MB").click()
        notice = page.locator("#classroom-notice")
        notice.wait_for(state="visible", timeout=20_000)
        assert "kernel ended" in notice.inner_text()
        log = srv.log_since(mark)
        assert f"Kernel {kernel_tag(kid)} used" in log and "over its limit of 300 MB" in log
    finally:
        context.close()


# -- bad URLs ----------------------------------------------------------------------------
BAD_URLS = ["logout", "login", "voila/files/x%00.png", "voila/templates/%2e%2e/x",
            "voila/templates/%2e%2e/%2e%2e/etc/passwd", "voila/static/%2E%2e/x",
            "voila/render/x%00.ipynb", "voila/files/..%2fvoila.json", "nope",
            "voila/tree/%00", "api/kernels"]


@pytest.mark.parametrize("path", BAD_URLS)
def test_a_bad_url_gets_a_4xx_and_one_log_line(voila_server, path):
    mark = voila_server.mark()
    status, body = Browser(voila_server).request(path, timeout=20)
    assert 400 <= status < 500, (status, body[:300])
    assert not re.search(r"Traceback|site-packages|\.venv|\.py\b", body), body
    time.sleep(0.3)
    lines = [line for line in voila_server.log_since(mark).splitlines() if line.strip()]
    assert "Traceback" not in "\n".join(lines)
    # the shared server logs other things meanwhile (the reaper stopping an earlier test's
    # kernel): of this request, exactly one line
    mine = [line for line in lines if f" /{path} " in line or "Traceback" in line
            or "ERROR" in line]
    assert len(mine) == 1 and f" GET /{path} " in mine[0], lines

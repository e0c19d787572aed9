"""Voila standalone refuses code sent over the kernel websocket.

Everything the page shows comes from a kernel; the browser talks to it over
``/api/kernels/<id>/channels``.  Voila standalone lets only widget (comm) and
kernel-info messages through, so a student who opens the browser console cannot
run code on the teacher's machine.
"""

import json
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timezone

from classroom.guard import kernel_tag

APP = "app_rank_cycle.ipynb"


def cookie_header(context) -> str:
    """The page's cookies (its login cookie: the kernel belongs to that browser)."""
    return "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())


def message(msg_type: str, content: dict, session: str) -> tuple[str, str]:
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "username": "student", "session": session,
              "date": datetime.now(timezone.utc).isoformat(), "msg_type": msg_type,
              "version": "5.3"}
    return msg_id, json.dumps({"header": header, "parent_header": {}, "metadata": {},
                               "content": content, "channel": "shell", "buffers": []})


def test_raw_execute_request_is_refused(voila_server, page, tmp_path, websocket_client):
    websocket = websocket_client
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(voila_server.app_url(APP))
    page.get_by_role("button", name="Next turn ▶").wait_for(state="visible")

    # the kernel id, as the page knows it, and the websocket the page itself opened
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel_id = config["kernelId"]
    assert any(f"/api/kernels/{kernel_id}/channels" in url for url in sockets), sockets

    mark = voila_server.mark()
    marker = tmp_path / "executed.txt"
    session = uuid.uuid4().hex
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{voila_server.port}/api/kernels/{kernel_id}/channels"
        f"?session_id={session}", timeout=10, cookie=cookie_header(page.context))
    try:
        code = f"open({str(marker)!r}, 'w').write('the kernel ran code from the websocket')"
        exec_id, exec_msg = message("execute_request",
                                    {"code": code, "silent": False, "store_history": False,
                                     "user_expressions": {}, "allow_stdin": False,
                                     "stop_on_error": True}, session)
        info_id, info_msg = message("kernel_info_request", {}, session)
        ws.send(exec_msg)
        ws.send(info_msg)   # control: an allowed message on the same socket is answered

        replies: dict[str, list[str]] = {}
        got_info = False
        deadline = time.monotonic() + 20
        quiet_until = None
        while time.monotonic() < deadline:
            if quiet_until is not None and time.monotonic() > quiet_until:
                break
            ws.settimeout(1)
            try:
                raw = ws.recv()
            except websocket.WebSocketTimeoutException:
                continue
            if isinstance(raw, bytes):
                continue   # binary frames carry widget buffers, not replies to us
            msg = json.loads(raw)
            parent = msg.get("parent_header", {}).get("msg_id")
            replies.setdefault(parent, []).append(msg["header"]["msg_type"])
            if parent == info_id and msg["header"]["msg_type"] == "kernel_info_reply":
                got_info = True
                quiet_until = time.monotonic() + 3   # give a late execute_reply its chance
    finally:
        ws.close()

    assert got_info, f"the control kernel_info_request got no reply: {replies}"
    assert replies.get(exec_id, []) == [], f"the kernel answered the execute_request: {replies[exec_id]}"
    assert not marker.exists(), "code sent over the websocket ran in the kernel"
    log = voila_server.log_since(mark)
    assert "execute_request" in log and "not allowed" in log, log


def kernel_status(server, kernel_id: str, context=None) -> int:
    """``GET /api/kernels/<id>``, with the cookies of the page's browser ``context``."""
    req = urllib.request.Request(f"{server.url}api/kernels/{kernel_id}")
    if context is not None:
        req.add_header("Cookie", cookie_header(context))
    try:
        with urllib.request.urlopen(req, timeout=5) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_closing_the_tab_shuts_the_kernel_down(voila_server, chromium):
    context = chromium.new_context()
    page = context.new_page()
    try:
        page.goto(voila_server.app_url(APP))
        page.get_by_role("button", name="Next turn ▶").wait_for(state="visible", timeout=60_000)
        kernel_id = json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]
        # the log names kernels by a tag, never by their id (issue 18)
        assert f"Kernel started: {kernel_tag(kernel_id)}" in voila_server.log()
        assert f"Kernel shutdown: {kernel_tag(kernel_id)}" not in voila_server.log()
        assert kernel_id not in voila_server.log()
        assert kernel_status(voila_server, kernel_id, context) == 200
        assert kernel_status(voila_server, kernel_id) == 403     # another browser
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 20
        while kernel_status(voila_server, kernel_id, context) != 404:
            assert time.monotonic() < deadline, "the kernel outlived its closed tab"
            time.sleep(0.2)
        assert f"Kernel shutdown: {kernel_tag(kernel_id)}" in voila_server.log()
        # voila 0.5.13 sets no _xsrf cookie on a page opened directly (voila#1458); the
        # classroom server sets it, so the beacon passes the XSRF check (docs/serving.md)
        assert "_xsrf' argument missing" not in voila_server.log()
    finally:
        context.close()

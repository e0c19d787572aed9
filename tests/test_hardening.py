"""Issue 18, the server's parts without a server: the page filter, the log redaction,
the bad-path rule, the kernel's memory limits and the sweep of unclaimed kernels.
The same behaviour against a real server: ``tests/browser/test_server_hardening.py``."""

from __future__ import annotations

import asyncio
import doctest
import importlib
import json
import logging
import secrets
import subprocess
import sys
import time
import uuid
from types import SimpleNamespace

import pytest

from classroom import guard, pagefilter
from classroom.guard import BAD_PATH_RE, Owners, RedactIds, kernel_tag, redact
from classroom.pagefilter import Bucket, PageFilter, decode_incoming, limited_cmd, scrub_outgoing


@pytest.mark.parametrize("name", ["classroom.guard", "classroom.pagefilter"])
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def v1(channel: str, header: dict, content: dict, parent: dict | None = None) -> bytes:
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    parts = [json.dumps(x).encode() for x in (header, parent or {}, {}, content)]
    return serialize_msg_to_ws_v1(parts, channel)


# -- what a page may send ----------------------------------------------------------------
def comm_open(target: str, **extra) -> dict:
    return {"comm_id": uuid.uuid4().hex, "target_name": target, "data": {}, **extra}


@pytest.mark.parametrize("header, content, why", [
    ({"msg_type": "comm_open"}, comm_open("jupyter.widget"), "comm_open to target jupyter.widget"),
    ({"msg_type": "comm_open"}, comm_open("x" * 100), "comm_open to target " + "x" * 40),
    ({"msg_type": "comm_open"}, comm_open("jupyter.widget.control", target_module="os"),
     "comm_open with a target_module"),
    ({"msg_type": "comm_open"}, {"comm_id": "c", "target_name": 5, "data": {}},
     "comm_open without a target_name"),
    ({"msg_type": "comm_open"}, {"comm_id": "c", "target_name": "jupyter.widget.control",
                                 "data": "not an object"}, "comm_open whose data is not an object"),
    ({"msg_type": "comm_msg"}, {"comm_id": 7, "data": {}}, "comm_msg without a comm_id"),
    ({"msg_type": "comm_msg"}, ["not", "an", "object"], "comm_msg without a content object"),
    ({"msg_type": "comm_close"}, {"data": {}}, "comm_close without a comm_id"),
    ({"msg_type": "comm_info_request"}, {"target_name": []},
     "comm_info_request whose target_name is not a string"),
    ({}, {}, "a message without a msg_type"),
    ("header", {}, "a message without a msg_type"),
])
def test_the_page_filter_refuses(header, content, why):
    assert PageFilter().check("k", header, content, 100, now=0.0) == why


@pytest.mark.parametrize("msg_type, content", [
    ("comm_open", comm_open("jupyter.widget.control")),      # the widget manager's
    ("comm_msg", {"comm_id": "c", "data": {"method": "custom", "content": {"event": "click"}}}),
    ("comm_msg", {"comm_id": "c", "data": {"method": "update", "state": {"value": 3},
                                           "buffer_paths": []}}),
    ("comm_close", {"comm_id": "c", "data": {}}),
    ("comm_info_request", {"target_name": "jupyter.widget"}),
    ("kernel_info_request", {}),
])
def test_the_page_filter_lets_the_pages_own_messages_through(msg_type, content):
    # measured: the apps' pages send exactly these (tests/browser/test_app_*.py runs)
    assert PageFilter().check("k", {"msg_type": msg_type}, content, 300, now=0.0) is None


def test_the_rate_limit_is_per_kernel_and_refills():
    f = PageFilter()
    ok = {"msg_type": "comm_msg"}, {"comm_id": "c", "data": {}}
    # 600 messages at once pass (the burst), the 601st does not; another kernel is unaffected
    assert all(f.check("a", *ok, 100, now=0.0) is None for _ in range(600))
    assert f.check("a", *ok, 100, now=0.0) == "too many messages (rate limit)"
    assert f.check("b", *ok, 100, now=0.0) is None
    # one second later 60 more are allowed (60 per second), not 61
    assert all(f.check("a", *ok, 100, now=1.0) is None for _ in range(60))
    assert f.check("a", *ok, 100, now=1.0) is not None
    # bytes: 2 MiB at once, then 256 KiB per second
    g = PageFilter()
    assert all(g.check("a", *ok, 200_000, now=0.0) is None for _ in range(10))  # 2.0 MB
    assert g.check("a", *ok, 200_000, now=0.0) == "too many messages (rate limit)"
    assert g.check("a", *ok, 200_000, now=1.0) is None       # 262,144 B refilled


def test_a_bucket_never_saves_more_than_its_burst():
    b = Bucket(rate=10.0, burst=5.0, now=0.0)
    assert [b.take(1, now=1000.0) for _ in range(6)] == [True] * 5 + [False]


def test_refusals_are_logged_once_per_kernel_and_reason_per_10_s():
    f = PageFilter()
    assert f.should_say("k", "comm_open to target a", now=0.0)
    assert not f.should_say("k", "comm_open to target b", now=5.0)
    assert f.should_say("k", "too many messages", now=5.0)
    assert f.should_say("j", "comm_open to target a", now=5.0)
    assert f.should_say("k", "comm_open to target a", now=10.5)


def test_decode_reads_both_websocket_protocols():
    header, content = {"msg_type": "comm_open"}, comm_open("jupyter.widget")
    assert decode_incoming(v1("shell", header, content), True) == (header, content)
    legacy = json.dumps({"header": header, "content": content, "channel": "shell"})
    assert decode_incoming(legacy, False) == (header, content)
    assert decode_incoming("{not json", False) == (None, None)


@pytest.mark.parametrize("frame, is_v1", [
    (b"\x00\x01garbage", True),                     # 8 bytes that ask for 2**56 offsets
    (b"\xff" * 8 + b"x" * 100, True),
    (b"\x7f\xff\xff\xff" + b"x" * 100, False),      # legacy binary: 2**31 parts
    (b"\x00" * 8, True), (b"", False),
])
def test_hostile_frames_are_refused_at_once(frame, is_v1):
    """Jupyter Server's own parsers build lists as long as a frame's first bytes say
    (minutes of CPU and gigabytes for a 16-byte frame): the filter reads the offsets
    itself and refuses such a frame before Jupyter Server sees it."""
    t0 = time.monotonic()
    header, content = decode_incoming(frame, is_v1)
    assert (header, content) == (None, None) and time.monotonic() - t0 < 0.1
    assert PageFilter().check("k", header, content, len(frame), now=0.0) == \
        "a message without a msg_type"


# -- what the kernel may send the page ---------------------------------------------------
TRACEBACK = ('Traceback (most recent call last):\n  File "/srv/.venv/lib/python3.11/'
             'site-packages/ipywidgets/widgets/widget.py", line 766, in _handle_msg\n'
             "KeyError: 'state'\n")


def test_a_traceback_on_stderr_never_reaches_the_page_v1():
    msg = v1("iopub", {"msg_type": "stream"}, {"name": "stderr", "text": TRACEBACK})
    out, said = scrub_outgoing(msg, True)
    _, content = decode_incoming(out, True)
    assert content == {"name": "stderr", "text": pagefilter.TRACEBACK_NOTE}
    assert said == "KeyError: 'state'"
    # an error message keeps its name only
    err = v1("iopub", {"msg_type": "error"}, {"ename": "KeyError", "evalue": "/srv/x",
                                              "traceback": TRACEBACK.splitlines()})
    out, said = scrub_outgoing(err, True)
    assert decode_incoming(out, True)[1] == {"ename": "KeyError", "evalue": "", "traceback": []}
    # anything else is sent as it came, byte for byte
    for same in (v1("iopub", {"msg_type": "stream"}, {"name": "stdout", "text": TRACEBACK}),
                 v1("iopub", {"msg_type": "stream"}, {"name": "stderr", "text": "a warning"}),
                 v1("shell", {"msg_type": "comm_msg"}, {"data": {"x": "Traceback"}})):
        assert scrub_outgoing(same, True) == (same, None)


def test_a_traceback_never_reaches_the_page_legacy():
    msg = json.dumps({"header": {"msg_type": "error"}, "parent_header": {}, "metadata": {},
                      "content": {"ename": "E", "evalue": "v", "traceback": ["x"]},
                      "channel": "iopub"})
    out, said = scrub_outgoing(msg, False)
    assert json.loads(out)["content"]["traceback"] == [] and said == "E"


# -- the log -------------------------------------------------------------------------------
def test_kernel_ids_in_log_lines_become_tags():
    kid = str(uuid.uuid4())
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "Kernel shutdown: %s", (kid,),
                               None)
    assert RedactIds().filter(record)
    assert record.getMessage() == f"Kernel shutdown: {kernel_tag(kid)}"
    assert kid not in redact(f"GET /api/kernels/{kid.upper()}/channels")
    # the tag is the id's SHA-256, not a part of the id
    import hashlib
    assert kernel_tag(kid) == "k-" + hashlib.sha256(kid.encode()).hexdigest()[:8]
    assert kid.replace("-", "")[:8] not in kernel_tag(kid)


def test_seat_keys_and_tokens_in_logged_urls_are_hidden():
    # the join page redirects to the app with the seat's secret (issue 21): tornado's access
    # log line of that request must not show it, nor the teacher's token
    secret = secrets.token_urlsafe(24)
    line = (f"200 GET /voila/render/app_online.ipynb?table=K7QX3M&seat=2&key={secret}&lang=hr "
            "(127.0.0.1) 80.00ms")
    record = logging.LogRecord("tornado.access", logging.INFO, __file__, 1, "%s", (line,), None)
    assert RedactIds().filter(record)
    message = record.getMessage()
    assert secret not in message and "key=[secret]&lang=hr" in message and "seat=2" in message
    token = secrets.token_urlsafe(16)
    assert token not in redact(f"GET /tables/teacher?token={token} (127.0.0.1)")


def test_owners_bind_one_browser_per_kernel():
    owners = Owners()
    owners.bind("k1", "ana")
    owners.bind("k2", "ben")
    owners.prune({"k2"})
    assert not owners.allowed("k1", "ana") and owners.allowed("k2", "ben")


# -- bad paths -------------------------------------------------------------------------------
@pytest.mark.parametrize("path, bad", [
    ("/voila/files/x%00.png", True), ("/voila/templates/%2e%2e/x", True),
    ("/voila/templates/%2E%2E/%2e%2e/etc/passwd", True), ("/voila/static/../x", True),
    ("/voila/files/..%2fvoila.json", True), ("/voila/files/.%2e%5cx", True), ("/..", True),
    ("/voila/render/app_liar.ipynb", False), ("/voila/files/rules/en.html", False),
    ("/voila/files/a..b.png", False), ("/voila/static/voila.js", False), ("/", False),
])
def test_the_bad_path_rule(path, bad):
    assert bool(BAD_PATH_RE.fullmatch(path)) is bad


# -- memory ------------------------------------------------------------------------------
def test_limited_cmd_runs_the_command_under_rlimit_as():
    probe = [sys.executable, "-c",
             "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0]);"
             "b = bytearray(600 * 2**20)"]
    r = subprocess.run(limited_cmd(probe, 512), capture_output=True, text=True, timeout=60)
    assert r.stdout.split()[0] == str(512 * 2**20)
    assert r.returncode != 0 and "MemoryError" in r.stderr        # 600 MB > 512 MB
    ok = subprocess.run(limited_cmd(probe, 2048), capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr


def test_the_memory_watch_kills_a_kernel_over_its_limit():
    hog = subprocess.Popen([sys.executable, "-c",
                            "import time; b = b'x' * (120 * 2**20); time.sleep(60)"])
    small = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        kernels = {"hog": hog, "small": small}
        km = SimpleNamespace(
            list_kernel_ids=lambda: list(kernels),
            get_kernel=lambda k: SimpleNamespace(provisioner=SimpleNamespace(process=kernels[k])))
        messages = []
        log = SimpleNamespace(warning=lambda *a: messages.append(a[0] % a[1:]))
        watch = pagefilter.MemoryWatch(km, 80, log)
        deadline = time.monotonic() + 30
        while hog.poll() is None and time.monotonic() < deadline:
            watch.check()
            time.sleep(0.2)
        assert hog.wait(10) != 0 and small.poll() is None
        assert watch.killed == 1 and f"Kernel {kernel_tag('hog')} used" in messages[0]
    finally:
        for p in (hog, small):
            p.kill()
            p.wait()


# -- kernels nobody uses --------------------------------------------------------------------
def test_unclaimed_kernels_are_shut_down_after_10_s(monkeypatch):
    from classroom import app

    stopped = []

    async def stop(km, kid, now=False):
        stopped.append((kid, now))

    monkeypatch.setattr(app, "stop_kernel", stop)
    monkeypatch.setattr(app, "RENDERING", {"rendering": object()})
    km = SimpleNamespace(list_kernel_ids=lambda: ["lost", "served", "pooled", "rendering",
                                                   "pending"],
                         _served={"served"}, _pending_kernels={"pending": None},
                         pooled_ids=lambda: {"pooled"}, log=logging.getLogger("test"))
    seen: dict[str, float] = {}
    assert asyncio.run(app.sweep_unclaimed(km, seen, now=100.0)) == []
    assert asyncio.run(app.sweep_unclaimed(km, seen, now=109.0)) == []
    assert asyncio.run(app.sweep_unclaimed(km, seen, now=110.0)) == ["lost"]
    assert stopped == [("lost", True)]
    assert guard.OWNERS.allowed("lost", "x") is False


def test_stopping_a_kernel_that_another_path_shut_down_meanwhile_is_quiet(monkeypatch):
    # a page left while loading can be stopped by two paths at once (its own "left while
    # loading" stop and the render's end): the second finds the kernel gone (Jupyter
    # Server's 404) and must not leave "Task exception was never retrieved" in the log
    import asyncio

    from tornado import web

    from classroom import app, renderer

    monkeypatch.setattr(renderer, "finished", lambda kid: True)

    class Gone:
        def __contains__(self, kid):
            return True                      # still listed when checked ...

        async def shutdown_kernel(self, kid, now=False):
            raise web.HTTPError(404, "Kernel does not exist: %s" % kid)   # ... gone now

    asyncio.run(app.stop_kernel(Gone(), "k1"))         # no exception

    class Broken(Gone):
        async def shutdown_kernel(self, kid, now=False):
            raise web.HTTPError(500)

    with pytest.raises(web.HTTPError):
        asyncio.run(app.stop_kernel(Broken(), "k2"))

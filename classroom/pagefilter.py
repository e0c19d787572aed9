"""What a page may send its kernel, what the kernel may send the page, and its memory.

The kernel websocket (``classroom.app.KernelWebsocketHandler``) passes each message
from the page through :meth:`PageFilter.check` before Voila's own filter (which lets
only comm and kernel-info messages through), and each message to the page through
:func:`scrub_outgoing`:

* frames over :data:`MAX_FRAME` bytes close the socket (tornado's
  ``max_message_size``; Jupyter Server allows 10 MiB);
* a ``comm_open`` from the page must name a target the apps' pages open
  (:data:`PAGE_COMM_TARGETS`: ipywidgets' control comm; widget models are created by
  the kernel, never by the page) and be well formed;
* every ``comm_*`` message must be shaped as the protocol says (strings and dicts);
* a kernel gets at most :data:`RATE` messages and :data:`BYTES` bytes per second
  from its pages on average, with a burst of :data:`BURST` messages / bytes
  (:class:`Bucket`);
* a refused message is dropped with one log line (at most one per kernel and reason
  every 10 s), and nothing is sent back;
* a traceback never reaches the page: an ``error`` message loses its traceback and
  value, a ``stream`` to stderr that holds one is replaced by one plain line.

Memory: every kernel runs under ``RLIMIT_AS`` (:func:`limited_cmd`) and the server
kills a kernel whose resident memory passes its limit (:class:`MemoryWatch`), which
Jupyter's restarter replaces; its page shows "This page stopped working".

>>> f = PageFilter()
>>> f.check("k", {"msg_type": "comm_open"}, {"comm_id": "c1", "target_name": "jupyter.widget",
...                                        "data": {}}, 100, now=0.0)
'comm_open to target jupyter.widget'
>>> f.check("k", {"msg_type": "comm_open"}, {"comm_id": "c1",
...         "target_name": "jupyter.widget.control", "data": {}}, 100, now=0.0) is None
True
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

__all__ = ["BURST", "BYTES", "MAX_FRAME", "PAGE_COMM_TARGETS", "RATE", "Bucket",
           "LimitedKernelManager", "MemoryWatch", "PageFilter", "decode_incoming", "limited_cmd", "scrub_outgoing"]

#: The largest websocket frame a page may send (bytes).
MAX_FRAME = 256 * 1024
#: Comm targets a page may open (measured: the apps' and lessons' pages open only
#: ipywidgets' control comm, to fetch the widgets' state).
PAGE_COMM_TARGETS = frozenset({"jupyter.widget.control"})
#: Messages a page may send its kernel per second on average, and in a burst.
RATE, BURST = 60.0, 600.0
#: Bytes a page may send its kernel per second on average, and in a burst.
BYTES, BYTE_BURST = 256 * 1024.0, 2 * 1024 * 1024.0

TRACEBACK_NOTE = "An error happened in this page's kernel (the details are not shown).\n"


class Bucket:
    """A token bucket: ``rate`` per second, at most ``burst`` saved up.

    >>> b = Bucket(rate=1.0, burst=2.0, now=0.0)
    >>> [b.take(1, now=0.0) for _ in range(3)], b.take(1, now=1.0)
    ([True, True, False], True)
    """

    __slots__ = ("burst", "level", "rate", "t")

    def __init__(self, *, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.level, self.t = rate, burst, burst, now

    def take(self, amount: float, *, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.t) * self.rate)
        self.t = now
        if amount > self.level:
            return False
        self.level -= amount
        return True


def _comm_problem(msg_type: str, content: Any) -> str | None:
    if not isinstance(content, dict):
        return f"{msg_type} without a content object"
    if msg_type in ("comm_open", "comm_msg", "comm_close"):
        if not isinstance(content.get("comm_id"), str) or not content["comm_id"]:
            return f"{msg_type} without a comm_id"
        if not isinstance(content.get("data", {}), dict):
            return f"{msg_type} whose data is not an object"
    if msg_type == "comm_open":
        target = content.get("target_name")
        if not isinstance(target, str):
            return "comm_open without a target_name"
        if target not in PAGE_COMM_TARGETS:
            return f"comm_open to target {target[:40]}"
        if content.get("target_module") not in (None, ""):
            return "comm_open with a target_module"
    if msg_type == "comm_info_request" and not isinstance(content.get("target_name", ""), str):
        return "comm_info_request whose target_name is not a string"
    return None


class PageFilter:
    """Checks the messages the pages send their kernels (see the module doc)."""

    def __init__(self) -> None:
        self._messages: dict[str, Bucket] = {}
        self._bytes: dict[str, Bucket] = {}
        self._said: dict[tuple[str, str], float] = {}

    def check(self, kernel_id: str, header: Any, content: Any, size: int, *,
              now: float | None = None) -> str | None:
        """Why this message must not reach the kernel, or None to let it through."""
        now = time.monotonic() if now is None else now
        if not isinstance(header, dict) or not isinstance(header.get("msg_type"), str):
            return "a message without a msg_type"
        msg_type = header["msg_type"]
        messages = self._messages.setdefault(
            kernel_id, Bucket(rate=RATE, burst=BURST, now=now))
        sizes = self._bytes.setdefault(kernel_id, Bucket(rate=BYTES, burst=BYTE_BURST, now=now))
        if not messages.take(1, now=now) or not sizes.take(size, now=now):
            return "too many messages (rate limit)"
        if msg_type.startswith("comm_"):
            return _comm_problem(msg_type, content)
        return None

    def should_say(self, kernel_id: str, reason: str, *, now: float | None = None) -> bool:
        """Log a refusal at most once per kernel and reason every 10 s."""
        now = time.monotonic() if now is None else now
        key = (kernel_id, reason.split(" ")[0])
        if now - self._said.get(key, -1e9) < 10.0:
            return False
        self._said[key] = now
        return True

    def forget(self, kernel_id: str) -> None:
        self._messages.pop(kernel_id, None)
        self._bytes.pop(kernel_id, None)
        for key in [k for k in self._said if k[0] == kernel_id]:
            del self._said[key]


def _loads(part: Any) -> Any:
    try:
        return json.loads(part)
    except (TypeError, ValueError, UnicodeDecodeError):
        return None


#: The most parts a websocket message may have (header ... content, and buffers).
MAX_PARTS = 64


def split_v1(message: bytes) -> tuple[str, list[bytes]] | None:
    """Channel and parts of a v1-protocol frame, or None when its offsets do not
    describe the frame (Jupyter Server's own parser builds a list as long as the
    first 8 bytes say: a 20-byte frame could ask for 2**64 entries).

    >>> from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
    >>> split_v1(serialize_msg_to_ws_v1([b"{}", b"{}", b"{}", b"{}"], "shell"))
    ('shell', [b'{}', b'{}', b'{}', b'{}'])
    >>> split_v1(b"\\xff" * 8 + b"garbage") is None
    True
    """
    if len(message) < 8:
        return None
    n = int.from_bytes(message[:8], "little")
    if not 6 <= n <= MAX_PARTS + 2 or len(message) < 8 * (n + 1):
        return None
    offsets = [int.from_bytes(message[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    if offsets[0] != 8 * (n + 1) or offsets[-1] != len(message) or offsets != sorted(offsets):
        return None
    try:
        channel = message[offsets[0]:offsets[1]].decode()
    except UnicodeDecodeError:
        return None
    return channel, [message[offsets[i]:offsets[i + 1]] for i in range(1, n - 1)]


def decode_incoming(message: str | bytes, v1: bool) -> tuple[Any, Any]:
    """``(header, content)`` of a page's websocket message (None where unreadable):
    the v1 binary protocol (``v1.kernel.websocket.jupyter.org``) or the legacy JSON
    (text, or binary: a count of parts and their offsets, then the JSON)."""
    if isinstance(message, bytes) and v1:
        split = split_v1(message)
        if split is None:
            return None, None
        return _loads(split[1][0]), _loads(split[1][3])
    if isinstance(message, bytes):
        if len(message) < 8:
            return None, None
        n = int.from_bytes(message[:4], "big", signed=True)
        if not 1 <= n <= MAX_PARTS or len(message) < 4 * (n + 1):
            return None, None
        start = int.from_bytes(message[4:8], "big")
        stop = int.from_bytes(message[8:12], "big") if n > 1 else len(message)
        msg = _loads(message[start:stop])
    else:
        msg = _loads(message)
    if not isinstance(msg, dict):
        return None, None
    return msg.get("header"), msg.get("content")


def _scrub(msg_type: str, content: dict) -> dict | None:
    if msg_type == "error":
        return {**content, "traceback": [], "evalue": ""}
    if msg_type == "stream" and content.get("name") == "stderr":
        text = str(content.get("text", ""))
        if "Traceback" in text or 'File "' in text:
            return {**content, "text": TRACEBACK_NOTE}
    return None


def scrub_outgoing(message: Any, v1: bool) -> tuple[Any, str | None]:
    """``message`` to the page without tracebacks, and the replaced text's last line
    (for the server's log) or None when nothing was replaced.

    >>> import json
    >>> msg = {"header": {"msg_type": "stream"}, "parent_header": {}, "metadata": {},
    ...        "content": {"name": "stderr", "text": 'Traceback ...\\n  File "/x.py"\\nKeyError: 1'}}
    >>> out, said = scrub_outgoing(json.dumps(msg), v1=False)
    >>> json.loads(out)["content"]["text"][:22], said
    ('An error happened in t', 'KeyError: 1')
    """
    if isinstance(message, bytes) and v1:
        from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
        split = split_v1(message)
        if split is None:
            return message, None
        channel, parts = split
        header = _loads(parts[0])
        if channel != "iopub" or not isinstance(header, dict) or \
                header.get("msg_type") not in ("stream", "error"):
            return message, None
        content = _loads(parts[3])
        new = _scrub(header["msg_type"], content) if isinstance(content, dict) else None
        if new is None:
            return message, None
        parts = [*parts[:3], json.dumps(new).encode(), *parts[4:]]
        return serialize_msg_to_ws_v1(parts, channel), _last_line(content)
    if isinstance(message, str) and ('"stream"' in message or '"error"' in message):
        msg = _loads(message)
        if not isinstance(msg, dict) or not isinstance(msg.get("content"), dict):
            return message, None
        msg_type = (msg.get("header") or {}).get("msg_type", "")
        new = _scrub(msg_type, msg["content"])
        if new is None:
            return message, None
        said = _last_line(msg["content"])
        msg["content"] = new
        return json.dumps(msg), said
    return message, None


def _last_line(content: dict) -> str:
    if "ename" in content:
        return f"{content.get('ename')}"
    lines = [line for line in str(content.get("text", "")).splitlines() if line.strip()]
    return lines[-1][:200] if lines else ""


# -- memory ---------------------------------------------------------------------------
_SHIM = ("import os,resource,sys;n=int(sys.argv[1]);"
         "resource.setrlimit(resource.RLIMIT_AS,(n,n));os.execv(sys.argv[2],sys.argv[2:])")


def address_limit_missing() -> str | None:
    """Why the kernels cannot run under ``RLIMIT_AS`` here (Windows has no ``resource``
    module and no ``os.execv`` that replaces the process), or None when they can."""
    if os.name != "posix":
        return f"{os.name} has no RLIMIT_AS"
    try:
        import resource  # noqa: F401
    except ImportError:
        return "the resource module is missing"
    return None


def limited_cmd(cmd: list[str], address_space_mb: int) -> list[str]:
    """``cmd`` run under ``RLIMIT_AS`` of ``address_space_mb`` MB (a tiny Python shim
    sets the limit and execs the kernel; nothing on platforms without ``resource``:
    :func:`address_limit_missing`, and :class:`MemoryWatch` alone guards the memory).

    >>> limited_cmd(["/usr/bin/python3", "-m", "ipykernel_launcher"], 2048)[3:5]
    ['-c', 'import os,resource,sys;n=int(sys.argv[1]);resource.setrlimit(resource.RLIMIT_AS,(n,n));os.execv(sys.argv[2],sys.argv[2:])']
    >>> limited_cmd(["python"], 0)
    ['python']
    """
    if address_space_mb <= 0 or not cmd or not os.path.isabs(cmd[0]) or address_limit_missing():
        return cmd
    return [sys.executable, "-I", "-S", "-c", _SHIM, str(address_space_mb * 2**20), *cmd]


class MemoryWatch:
    """Kills page kernels whose resident memory (RSS) passes ``limit_mb``; Jupyter's
    restarter then replaces the kernel and its page shows the dead-kernel notice."""

    def __init__(self, km: Any, limit_mb: int, log: Any) -> None:
        self.km, self.limit_mb, self.log = km, limit_mb, log
        self.killed = 0

    def check(self) -> None:
        if self.limit_mb <= 0:
            return
        import psutil  # type: ignore[import-untyped]

        from .guard import kernel_tag
        for kid in list(self.km.list_kernel_ids()):
            try:
                provisioner = self.km.get_kernel(kid).provisioner
                pid = provisioner.process.pid if provisioner and provisioner.process else None
            except Exception:            # noqa: BLE001 -- shut down meanwhile: nothing to watch
                continue
            if pid is None:
                continue
            try:
                rss = psutil.Process(pid).memory_info().rss
            except (psutil.Error, OSError):
                continue
            if rss > self.limit_mb * 2**20:
                self.log.warning("Kernel %s used %d MB, over its limit of %d MB: replacing it "
                                 "(its page says it stopped working)",
                                 kernel_tag(kid), rss // 2**20, self.limit_mb)
                self.killed += 1
                try:
                    psutil.Process(pid).kill()      # SIGKILL; TerminateProcess on Windows
                except (psutil.Error, OSError):
                    pass


#: The limits of :class:`LimitedKernelManager` (set by ``classroom.app.ClassroomVoila``).
LIMITS = {"address_space_mb": 0}


class LimitedKernelManager(ServerKernelManager):
    """Jupyter Server's kernel manager; the kernel runs under ``RLIMIT_AS``
    (``LIMITS["address_space_mb"]``, :func:`limited_cmd`)."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return limited_cmd(super().format_kernel_cmd(extra_arguments),
                           LIMITS["address_space_mb"])

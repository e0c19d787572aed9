"""The page's URL query, in a notebook served by Voila (``?lang=hr`` -> ``{"lang": "hr"}``).

Voila passes the request to a kernel in its environment (``QUERY_STRING``).  A
*pre-heated* kernel (``make serve STUDENTS=…``) runs its notebook before any
student asks for it, so the query only exists once a page takes the kernel:
Voila's ``voila.utils.wait_for_request`` pauses the notebook until then, but
importing ``voila.utils`` loads the whole server stack (jupyter_server, nbconvert,
jupyterlab_server: about 1,000 modules and +69 MB in *every* kernel, measured with
``ru_maxrss``); :func:`wait_for_request` speaks the same protocol with the
``websockets`` client Voila itself uses (+10 MB).  :func:`page_query` does both, and returns ``{}`` outside Voila (nbval, Jupyter, the tests), so a
notebook can call it unconditionally:

    from widgets.app.request import page_query
    lang = page_query().get("lang", "en")

Only the first value of each key is kept; unknown keys are the notebook's to ignore,
and every value is text the student typed: validate it before use.

>>> import os
>>> os.environ.pop("VOILA_PREHEAT", None) and None
>>> os.environ["QUERY_STRING"] = "lang=hr&seat=2&lang=de"
>>> page_query()
{'lang': 'hr', 'seat': '2'}
>>> del os.environ["QUERY_STRING"]
>>> page_query()
{}
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from urllib.parse import parse_qsl

__all__ = ["page_query", "page_query_string", "page_pending", "query_socket_url",
           "wait_for_request"]


def page_pending() -> bool:
    """True in a pre-heated kernel that no page has taken yet (reading the query would
    wait): an app can do its work for the likely case first.

    >>> import os
    >>> os.environ.pop("VOILA_PREHEAT", None) and None
    >>> page_pending()
    False
    """
    return os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ


def query_socket_url(env: Mapping[str, str] | None = None) -> str:
    """The address of Voila's query socket for this pre-heated kernel, built from the
    environment exactly as ``voila.utils.wait_for_request`` (Voila 0.5) builds it.

    >>> query_socket_url({"VOILA_APP_PORT": "9000", "VOILA_KERNEL_ID": "k1"})
    'ws://127.0.0.1:9000/voila/query/k1'
    >>> query_socket_url({"VOILA_SERVER_URL": "/x/", "VOILA_WS_BASE_URL": "/y/",
    ...                   "VOILA_KERNEL_ID": "k2"})
    'ws://127.0.0.1:8866/y/voila/query/k2'
    """
    if env is None:
        env = os.environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    server_ip = env.get("VOILA_APP_IP", "127.0.0.1")
    server_port = env.get("VOILA_APP_PORT", "8866")
    server_url = env.get("VOILA_SERVER_URL", "/")
    ws_base_url = env.get("VOILA_WS_BASE_URL", server_url)
    return f"{protocol}://{server_ip}:{server_port}{ws_base_url}voila/query/" \
           f"{env.get('VOILA_KERNEL_ID')}"


def wait_for_request() -> None:
    """Block until a page takes this pre-heated kernel, then put the page's request
    (``QUERY_STRING``, ``PATH_INFO``, ...) into ``os.environ``: what
    ``voila.utils.wait_for_request`` does, without importing the Voila server into the
    kernel.  Voila sends the request as one JSON message on its query socket."""
    try:
        from websockets.sync.client import connect
    except ImportError:                       # an old websockets: Voila's own function
        from voila.utils import wait_for_request as voila_wait  # type: ignore[import-untyped]
        voila_wait()
        return
    try:
        with connect(query_socket_url(), open_timeout=5) as socket:
            info = socket.recv()
    except (TimeoutError, OSError):           # as Voila: no request info, no query
        return
    for key, value in json.loads(info).items():
        os.environ[key] = value


def page_query_string() -> str:
    """The raw query string of the page this kernel serves (``''`` when none or no Voila).

    A pre-heated kernel waits here until a page takes it.
    """
    if page_pending():
        wait_for_request()         # blocks until a page takes this pre-heated kernel
    return os.environ.get("QUERY_STRING", "")


def page_query() -> dict[str, str]:
    """The query of the page this kernel serves (``{}`` when there is none or no Voila)."""
    query: dict[str, str] = {}
    for key, value in parse_qsl(page_query_string(), keep_blank_values=True):
        query.setdefault(key, value)
    return query

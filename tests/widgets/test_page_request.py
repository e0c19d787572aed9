"""widgets.app.request: the pre-heated kernel's wait for its page, checked against Voila's own
``voila.utils.wait_for_request`` (the same socket address, the same environment after)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ENVS = [
    {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-1", "VOILA_APP_PORT": "9123"},
    {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-2", "VOILA_APP_IP": "10.0.0.5",
     "VOILA_SERVER_URL": "/class/", "VOILA_WS_PROTOCOL": "wss"},
    {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": "k-3", "VOILA_SERVER_URL": "/a/",
     "VOILA_WS_BASE_URL": "/b/"},
]
REQUEST = {"QUERY_STRING": "lang=hr&x=1", "PATH_INFO": "/voila/render/app_liar.ipynb"}


@pytest.fixture(autouse=True)
def _environment_restored():
    """Voila's function and ours write the request into ``os.environ`` directly (as in a
    kernel); put the test process's environment back exactly, or every server a later
    test starts would inherit a page's QUERY_STRING (its pooled kernels would not wait)."""
    saved = dict(os.environ)
    yield
    os.environ.clear()
    os.environ.update(saved)


class _FakeSocket:
    def __init__(self, url, seen):
        seen.append(url)

    def recv(self):
        return json.dumps(REQUEST)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


@pytest.mark.parametrize("env", ENVS)
def test_the_same_socket_and_the_same_environment_as_voila(env, monkeypatch):
    voila_utils = pytest.importorskip("voila.utils")
    import websockets.sync.client

    from widgets.app import request

    for key in ("VOILA_APP_IP", "VOILA_APP_PORT", "VOILA_SERVER_URL", "VOILA_WS_BASE_URL",
                "VOILA_WS_PROTOCOL", "QUERY_STRING", "PATH_INFO"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)

    theirs: list[str] = []

    class AsyncFake(_FakeSocket):
        async def recv(self):  # type: ignore[override]
            return json.dumps(REQUEST)

    monkeypatch.setattr(voila_utils.websockets, "connect",
                        lambda url, **kw: AsyncFake(url, theirs))
    voila_utils.wait_for_request()
    after_voila = {k: os.environ.get(k) for k in REQUEST}
    for key in REQUEST:
        monkeypatch.delenv(key, raising=False)

    ours: list[str] = []
    monkeypatch.setattr(websockets.sync.client, "connect",
                        lambda url, **kw: _FakeSocket(url, ours))
    assert request.page_query() == {"lang": "hr", "x": "1"}
    assert ours == theirs and len(ours) == 1
    assert {k: os.environ.get(k) for k in REQUEST} == after_voila == REQUEST


def test_a_kernel_does_not_import_the_voila_server():
    """Reading the page's query must not load Voila's server stack into every kernel
    (+69 MB each in a class of 30, issue 11)."""
    code = ("import os, sys; os.environ['QUERY_STRING'] = 'lang=de'\n"
            "from widgets.app.request import page_query\n"
            "from widgets.app.apps import call_odds_app\n"
            "assert page_query() == {'lang': 'de'}\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('voila', 'jupyter_server', 'nbconvert', 'jupyterlab_server')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=os.path.dirname(os.path.dirname(os.path.dirname(
                             os.path.abspath(__file__))))).stdout.strip()
    assert out == "[]"


@pytest.mark.parametrize("query, builds, shown", [
    ("lang=hr", ["en", "hr"], "hr"),     # built for the server's language, then the page's
    ("", ["en"], "en"),                  # no ?lang=: the app built before the page is kept
    ("lang=en", ["en"], "en"),
    ("lang=xx", ["en"], "en"),           # refused, with an error naming the languages
])
def test_a_preheated_app_is_built_before_its_page_and_again_only_for_another_language(
        query, builds, shown, monkeypatch, live_widgets):
    from cardgames.i18n import get_language, set_language
    from widgets.app import i18n, request

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("CARDGAMES_LANG", raising=False)
    waited = []

    def page_arrives():
        assert built == ["en"], "the app is built before the kernel waits for its page"
        waited.append(True)
        os.environ["QUERY_STRING"] = query

    monkeypatch.setattr(request, "wait_for_request", page_arrives)
    built: list[str] = []

    def build():
        built.append(get_language())
        return ipywidgets_label(get_language())

    set_language(None)
    try:
        app = i18n.LocalizedApp(build, title="Call odds")
        assert waited == [True]
        assert built == builds
        assert app.language == shown and app.picker.value == shown
        assert app.body.children[0].value == shown
        assert ("xx" in app.error.value and "hr" in app.error.value) == (query == "lang=xx")
        app.close()
    finally:
        os.environ.pop("QUERY_STRING", None)
        set_language(None)


def ipywidgets_label(text):
    import ipywidgets

    return ipywidgets.Label(text)

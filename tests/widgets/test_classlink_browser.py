"""The class link in the browser (the static site's Pyodide, no threads; issue 33):
its outbox is emptied by a task of the page's event loop, with the same messages and
the same rules as the kernel's thread (``widgets.kit.classlink``).  The browser's fetch
is replaced by a script of answers; the class server's side is
``tests/tables/test_class_cors.py``, both together ``tests/browser/test_static_site.py``."""

from __future__ import annotations

import asyncio
import json

from widgets.kit import classlink
from widgets.kit.classlink import URL_VARIABLE
from widgets.kit.classlink_browser import BrowserClassLink, use_site_server

SEND = "http://10.0.0.5:8866/tables/api/class/send"
KEY = "K" * 38


class Script:
    """A fake fetch: answers from a list (an exception: no answer), every call kept."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.calls = []

    async def __call__(self, url, method, body, headers):
        self.calls.append((url, method, None if body is None else json.loads(body), headers))
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def run(link, *sends):
    async def main():
        ids = [link.send(kind, payload) for kind, payload in sends]
        while link._task is not None and not link._task.done():
            await asyncio.sleep(0.001)
        return ids

    return asyncio.run(main())


def test_a_key_first_then_each_message_in_order():
    fetch = Script((200, {"ok": True, "answer": {"key": KEY}}),
                   (200, {"ok": True, "answer": {}}), (200, {"ok": True, "answer": {}}))
    link = BrowserClassLink(SEND, fetch=fetch, lang="hr", backoff=(0.001, 0.004))
    ids = run(link, ("check", {"exercise": "01-six-players"}), ("name", {}))
    assert [c[:2] for c in fetch.calls] == [
        ("http://10.0.0.5:8866/tables/api/class/key", "GET"), (SEND, "POST"), (SEND, "POST")]
    first, second = fetch.calls[1][2], fetch.calls[2][2]
    assert first == {"id": ids[0], "kind": "check", "student": KEY, "lang": "hr",
                     "payload": {"exercise": "01-six-players"}}
    assert second["id"] == ids[1] and second["student"] == KEY     # one key for the page
    assert fetch.calls[1][3] == {"Content-Type": "application/json"}   # nothing more
    assert link.state == "shared" and link.pending == 0 and link.sent == 2


def test_a_server_away_is_tried_again_and_a_refusal_is_final():
    answers = []
    fetch = Script(OSError("Failed to fetch"),                       # no key yet: away
                   (200, {"ok": True, "answer": {"key": KEY}}),
                   (503, {}),                                         # busy: again
                   (200, {"ok": True, "answer": {}}),
                   (400, {"ok": False, "error": {"code": "bad-message", "message": "x"}}))
    link = BrowserClassLink(SEND, fetch=fetch, backoff=(0.001, 0.004))
    states = []
    link.listeners.append(states.append)

    async def main():
        link.send("check", {"n": 1}, on_answer=answers.append)
        link.send("check", {"n": 2}, on_answer=answers.append)
        while link._task is not None and not link._task.done():
            await asyncio.sleep(0.001)

    asyncio.run(main())
    assert [c[1] for c in fetch.calls] == ["GET", "GET", "POST", "POST", "POST"]
    assert [c[2]["payload"] for c in fetch.calls[2:]] == [{"n": 1}, {"n": 1}, {"n": 2}]
    assert answers == [{"ok": True, "answer": {}},
                       {"ok": False, "status": 400,
                        "error": {"code": "bad-message", "message": "x"}}]
    assert states[:2] == ["offline", "shared"] and link.pending == 0


def test_a_key_that_is_not_one_is_not_used():
    fetch = Script((200, {"ok": True, "answer": {"key": "short"}}), OSError("stop"))
    link = BrowserClassLink(SEND, fetch=fetch, backoff=(5.0, 5.0))

    async def main():
        link.send("check", {})
        await asyncio.sleep(0.01)            # the first try failed, the pause began
        link.close()

    asyncio.run(main())
    assert [c[1] for c in fetch.calls] == ["GET"]        # nothing posted without a key
    assert link.state == "closed"


def test_the_site_file_names_the_server_or_nothing(monkeypatch):
    monkeypatch.setattr(classlink, "_LINK_CLASS", [classlink.ClassLink])    # this test's own
    env: dict[str, str] = {}
    named = Script((200, {"server": "http://10.0.0.5:8866/"}))
    assert asyncio.run(use_site_server(env, named, "http://site.example/")) == \
        "http://10.0.0.5:8866/"
    assert named.calls[0][:2] == ("http://site.example/class-server.json", "GET")
    assert env == {URL_VARIABLE: "http://10.0.0.5:8866/tables/ws"}
    assert classlink._LINK_CLASS == [BrowserClassLink]       # the page's link uses fetch
    monkeypatch.setattr(classlink, "_LINK_CLASS", [classlink.ClassLink])
    for answer in ((200, {"server": None}), (404, {}), OSError("offline"),
                   (200, {"server": "javascript:alert(1)"})):
        env = {}
        assert asyncio.run(use_site_server(env, Script(answer), "http://site.example/")) is None
        assert env == {}
        assert classlink._LINK_CLASS == [classlink.ClassLink]   # no server: no change

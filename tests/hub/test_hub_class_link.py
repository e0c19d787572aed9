"""The class link on the school's JupyterHub (issue 22): a student's kernel token.

The hub of ``deploy/jupyterhub/jupyterhub_config.py`` (tests/hub/conftest.py) gives each
student's server a ``JUPYTERHUB_API_TOKEN`` with the scopes of
``c.Spawner.server_token_scopes``; the lesson pages' kernels inherit it and post their
exercise checks with it to the table service's class API (``tables/api/class/send``,
widgets/kit/classlink.py).  Here alice's server's token (read from her server process,
as in test_tables_hub.py) posts three checks of one exercise, wrong twice then right,
through the hub's proxy, with the kernel's own client (``ClassLink``), under a key and
a typed name that the hub ignores; bob's token posts three wrong ones to the service's
own address (``CARDGAMES_TABLES_URL``, as his kernel does).  The teacher's class view
(JSON) counts them under the hub names; bob cannot read it, neither with his log-in
nor with his server's token; a request without a token is refused.  The faked hub of
tests/tables/test_class_hub.py checks the same rules; this one checks that the
deployment's scopes let a real hub's server token through.
"""

from __future__ import annotations

import json

import requests
from test_tables_hub import PREFIX, get, hub_session, start_server

from widgets.kit.classlink import ClassLink, http_url

EXERCISE = "01-six-players"
TABLES = "cardgames-tables"           # the deployment's service name


def check(answer: str, verdict: str, hint: str = "") -> dict:
    return {"exercise": EXERCISE, "answer": answer, "verdict": verdict, "hint": hint}


def send_all(link: ClassLink, payloads: list[dict]) -> list[dict]:
    """Send each payload through the kernel's outbox; every answer, in order."""
    answers: list[dict] = []
    for payload in payloads:
        link.send("check", payload, on_answer=answers.append)
    assert link.flush(60), (link.state, link.tries)
    link.close()
    return answers


def test_a_students_kernel_token_posts_checks_counted_under_her_hub_name(tables_hub):
    hub = tables_hub
    teacher = hub_session(hub, "teacher")
    assert teacher.get(hub.tables_url + "tables/teacher", timeout=60).status_code == 200
    empty = get(teacher, hub, "tables/api/class/view")
    assert empty.status_code == 200, empty.text[:300]
    assert empty.json()["students"] == 0

    students = {name: hub_session(hub, name) for name in ("alice", "bob")}
    tokens = {name: start_server(s, hub, name) for name, s in students.items()}
    # the hub gave the server's token the service's access (server_token_scopes; the
    # default "server" role has only users:activity and access:servers: 403 there)
    me = requests.get(f"{hub.url}hub/api/user", timeout=30,
                      headers={"Authorization": f"token {tokens['alice']}"}).json()
    assert me["name"] == "alice" and f"access:services!service={TABLES}" in me["scopes"], me

    # alice's kernel through the hub's proxy (the public address of the service)
    proxied = http_url(hub.url.replace("http://", "ws://") + PREFIX.lstrip("/") + "tables/ws")
    assert proxied == hub.tables_url + "tables/api/class/send"
    alice = ClassLink(proxied, token=tokens["alice"], student="k" * 22, name="Mallory")
    answers = send_all(alice, [check("7", "wrong", "hint-1"), check("5", "wrong", "hint-2"),
                               check("4", "right")])
    assert [a["ok"] for a in answers] == [True, True, True], answers
    # bob's kernel as his server starts it: CARDGAMES_TABLES_URL (the service's own
    # address) and JUPYTERHUB_API_TOKEN from its environment
    bob = ClassLink.from_env({"CARDGAMES_TABLES_URL": hub.tables_ws,
                              "JUPYTERHUB_API_TOKEN": tokens["bob"]}, student="b" * 22)
    assert bob is not None and bob.url.startswith(f"http://127.0.0.1:{hub.tables_port}/")
    answers = send_all(bob, [check("6", "wrong", "mistake-0"), check("3", "wrong", "hint-1"),
                             check("2", "wrong", "hint-2")])
    assert [a["ok"] for a in answers] == [True, True, True], answers

    # no token, or a made-up one: refused (403), nothing counted
    url = hub.tables_url + "tables/api/class/send"
    body = json.dumps({"id": "x-1", "kind": "check", "student": "z" * 22,
                       "payload": check("4", "right")})
    for headers in ({}, {"Authorization": "token not-a-hub-token"}):
        r = requests.post(url, data=body, timeout=30,
                          headers={"Content-Type": "application/json", **headers})
        assert r.status_code == 403, (headers, r.status_code, r.text[:300])

    # the teacher's class view: 2 students tried, alice solved after 3 tries, bob stuck
    view = get(teacher, hub, "tables/api/class/view")
    assert view.status_code == 200, view.text[:300]
    data = view.json()
    assert data["students"] == 2, data
    (lesson,) = data["lessons"]
    assert lesson["lesson"] == "01"
    (ex,) = lesson["exercises"]
    assert ex["exercise"] == EXERCISE
    assert (ex["tried"], ex["solved"], ex["checks"]) == (2, 1, 6), ex
    assert ex["tries_to_solve"] == {"3": 1}, ex
    assert ex["stuck"] == ["bob"] and ex["stuck_anonymous"] == 0, ex
    answers_seen = {a for group in ex["wrong"] for a, _n in group["answers"]}
    assert answers_seen == {"7", "5", "6", "3", "2"}, ex["wrong"]
    assert "Mallory" not in view.text
    # an admin opens the page (the service's OAuth log-in) and reads it too
    principal = hub_session(hub, "principal", hub.admin_password)
    page = principal.get(hub.tables_url + "tables/teacher/class", timeout=60)
    assert page.status_code == 200 and page.url == hub.tables_url + "tables/teacher/class"
    assert get(principal, hub, "tables/api/class/view").json()["students"] == 2

    # bob may not read it: his browser's log-in, his kernel's token
    page = get(students["bob"], hub, "tables/teacher/class")
    assert page.status_code == 403, (page.status_code, page.url)
    assert get(students["bob"], hub, "tables/api/class/view").status_code == 403
    r = requests.get(hub.tables_url + "tables/api/class/view", timeout=30,
                     headers={"Authorization": f"token {tokens['bob']}"})
    assert r.status_code == 403, r.status_code
    assert "alice" not in r.text

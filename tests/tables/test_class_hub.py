"""The class link on JupyterHub (issue 22): the student is the hub user of the kernel's
token (``JUPYTERHUB_API_TOKEN``: its key and a typed name are ignored), a request
without a valid token is refused, and the class view needs the teacher scope.  The hub
is faked as in test_hub_auth.py (its ``user_for_token``)."""

from __future__ import annotations

import json
import tempfile

from class_kit import check
from test_hub_auth import ACCESS, PREFIX, TOKENS, make_auth, user
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from classroom.tables.classapi import class_handlers
from classroom.tables.classview import classview_handlers
from classroom.tables.hub import hub_handlers
from classroom.tables.students import ClassStore

#: the kernel's JUPYTERHUB_API_TOKEN: the "server" role's scopes and the service's access
#: (deploy/jupyterhub/jupyterhub_config.py: ``c.Spawner.server_token_scopes``)
KERNEL_TOKENS = {**TOKENS, "alice-kernel": user("alice", "users:activity!user=alice",
                                                "access:servers!server=alice/", ACCESS),
                 "bob-kernel": user("bob", "users:activity!user=bob",
                                    "access:servers!server=bob/", ACCESS)}


def class_auth():
    auth = make_auth()

    async def user_for_token(token, use_cache=True, session_id="", *, sync=True):
        assert not sync
        return KERNEL_TOKENS.get(token)

    auth.hub_auth.user_for_token = user_for_token
    return auth


class ClassOnTheHub(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.store = ClassStore(f"{self.folder.name}/class.sqlite3")
        specs = [*class_handlers(PREFIX), *classview_handlers(PREFIX)]
        # as classroom.tables.__main__ builds the hub service (no xsrf_cookies setting)
        return web.Application(hub_handlers(PREFIX, specs), cookie_secret="s" * 32,
                               cardgames_tables_auth=class_auth(),
                               cardgames_class=self.store, cardgames_tables_prefix=PREFIX)

    def tearDown(self):
        super().tearDown()
        self.store.close()
        self.folder.cleanup()

    def send(self, token, mid, payload, **extra):
        body = {"id": mid, "kind": "check", "payload": payload, **extra}
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"token {token}"
        r = self.fetch(PREFIX + "tables/api/class/send", method="POST", headers=headers,
                       body=json.dumps(body), raise_error=False)
        return r.code, json.loads(r.body) if r.body.startswith(b"{") else {}

    def view(self, token):
        return self.fetch(PREFIX + "tables/api/class/view",
                          headers={"Authorization": f"token {token}"}, raise_error=False)

    def test_the_student_is_the_hub_user_of_the_kernels_token(self):
        for i, answer in enumerate(["7 K", "9", "K"]):
            status, answer_ = self.send("alice-kernel", f"m-{i}",
                                        check("01-six-players", answer, "wrong", "hint-1"),
                                        student="ignored", name="Mallory")
            assert status == 200, answer_
        assert self.store.names() == {"hub:alice": "alice"}
        r = self.view("teacher-browser")
        assert r.code == 200
        ex = json.loads(r.body)["lessons"][0]["exercises"][0]
        assert ex["stuck"] == ["alice"] and ex["tried"] == 1

    def test_no_valid_token_no_message(self):
        # a server token without the service's access (a hub not configured for it) too
        for token in (None, "forged-token", "alice-server"):
            status, _ = self.send(token, "m-1", check("01-six-players", "4", "right"),
                                  student="k" * 22)
            assert status == 403
        assert self.store.count() == 0

    def test_the_class_view_needs_the_teacher_scope(self):
        assert self.view("alice-browser").code == 403
        assert self.view("alice-kernel").code == 403
        assert self.view("teacher-browser").code == 200

    def progress(self, token, mid, lesson="01", **extra):
        body = {"id": mid, "kind": "progress", "payload": {"lesson": lesson}, **extra}
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"token {token}"
        r = self.fetch(PREFIX + "tables/api/class/progress", method="POST", headers=headers,
                       body=json.dumps(body), raise_error=False)
        return r.code, json.loads(r.body) if r.body.startswith(b"{") else {}

    def test_a_hub_user_reads_only_their_own_progress(self):
        # issue 31: the reloaded page's kernel asks with its token; the student key it
        # might send is ignored, as for a check
        payload = {**check("01-six-players", "7 K", "wrong", "hint-1"), "variant": 9}
        assert self.send("alice-kernel", "a-1", payload, student="b" * 22)[0] == 200
        status, answer = self.progress("bob-kernel", "r-1", student="a" * 22)
        assert status == 200 and answer["answer"]["exercises"] == {}
        status, answer = self.progress("alice-kernel", "r-2")
        assert status == 200 and answer["answer"]["variant"] == 9
        assert answer["answer"]["exercises"]["01-six-players"]["tries"] == 1
        for token in (None, "forged-token", "alice-server"):
            assert self.progress(token, "r-3")[0] == 403

"""The join page on JupyterHub (issue 21, 6): the seat's name is the hub user's, so the
page asks for no display name and says "You join as <user>" instead; under ``make
serve`` it asks for one.  The real pages and service, wrapped by ``hub_handlers`` with
the stand-in hub of tests/tables/test_hub_auth.py."""

from __future__ import annotations

import re
import tempfile

from test_hub_auth import PREFIX, make_auth
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from classroom.tables.auth import TokenAuth
from classroom.tables.hub import hub_handlers
from classroom.tables.routes import open_service, table_handlers

EXPECTED = {"en": "You join as alice", "hr": "Za stol sjedaš kao alice",
            "de": "Du setzt dich als alice an den Tisch"}


class HubJoinPage(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name, seeds=lambda: 7)
        return web.Application(hub_handlers(PREFIX, table_handlers(PREFIX)),
                               cookie_secret="s" * 32, cardgames_tables=self.svc,
                               cardgames_tables_auth=make_auth(),
                               cardgames_tables_prefix=PREFIX, base_url=PREFIX)

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def get(self, path, token="alice-browser"):
        return self.fetch(PREFIX + path, headers={"Authorization": f"token {token}"},
                          follow_redirects=False)

    def test_no_name_field_but_the_hub_user(self):
        code = self.svc.create_table(game="liar", seats=3, bots="heuristic").code
        for lang, said in EXPECTED.items():
            r = self.get(f"tables/join/{code}?lang={lang}")
            page = r.body.decode()
            assert r.code == 200, page
            assert 'id="join-as"' in page and said in page
            assert 'name="name"' not in page and '<label for="name"' not in page
            assert 'id="join-form"' in page and 'type="submit"' in page   # still a button
        bob = self.get(f"tables/join/{code}", token="bob-browser").body.decode()
        assert "You join as bob" in bob and "alice" not in bob

    def test_the_seat_is_the_hub_users_whatever_is_posted(self):
        code = self.svc.create_table(game="liar", seats=3, bots="heuristic").code
        page = self.get(f"tables/join/{code}").body.decode()
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
        body = "name=Mallory" + (f"&_xsrf={xsrf.group(1)}" if xsrf else "")
        r = self.fetch(PREFIX + f"tables/join/{code}", method="POST", body=body,
                       headers={"Authorization": "token alice-browser"},
                       follow_redirects=False)
        assert r.code == 303, r.body
        # the seat is in the browser's cookie (issue 29), not in the address
        cookie = next(c for c in r.headers.get_list("Set-Cookie")
                      if c.startswith(f"cgseat_{code}="))
        seat = int(cookie.split("=", 1)[1].split(":", 1)[0].strip('"'))
        players = next(s for s in self.svc.tables() if s.code == code).players
        assert players[seat]["name"] == "alice" and players[seat]["kind"] == "student"
        assert all(p["name"] != "Mallory" for p in players)


class ServeJoinPage(AsyncHTTPTestCase):
    """Under ``make serve`` (TokenAuth) the same page asks for a display name."""

    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name, seeds=lambda: 7)
        return web.Application(table_handlers("/"), cardgames_tables=self.svc,
                               cardgames_tables_auth=TokenAuth("t" * 32))

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def test_the_name_field_is_there(self):
        code = self.svc.create_table(game="liar", seats=3, bots="heuristic").code
        page = self.fetch(f"/tables/join/{code}").body.decode()
        assert 'name="name"' in page and '<label for="name"' in page
        assert 'id="join-as"' not in page and "You join as" not in page

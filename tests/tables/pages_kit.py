"""A tornado test case of the tables' pages without tests of its own (the tests of
issue 29 subclass it; ``test_pages.PagesCase`` holds issue 21's tests)."""

from __future__ import annotations

import tempfile

from test_pages import TOKEN, Client
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from classroom.tables.auth import COOKIE, TokenAuth
from classroom.tables.pages import page_handlers
from classroom.tables.routes import open_service

__all__ = ["TOKEN", "Client", "PagesBase"]


class PagesBase(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name, seeds=lambda: 7)
        return web.Application(page_handlers("/"), cardgames_tables=self.svc,
                               cardgames_tables_auth=TokenAuth(TOKEN))

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def names(self, code) -> list[str]:
        s = self.svc.summary(code)
        return [p["name"] for p in s.players if p["kind"] == "student"]

    def student(self) -> Client:
        return Client(self)

    def teacher(self) -> Client:
        c = Client(self)
        r = c.fetch(f"/tables/teacher?token={TOKEN}")
        assert r.code == 302 and COOKIE in c.jar
        return c

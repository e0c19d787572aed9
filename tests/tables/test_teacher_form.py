"""The teacher's page's HTML (issue 21, 5): each field of the create form sits in one
grid cell with its own label (the grid once flowed labels and fields apart, so "Game"
stood above the seats box), and the students' switch's address is a link of its own
line (it wrapped mid-word inside the label)."""

from __future__ import annotations

import re
import tempfile

from test_pages import TOKEN, Client
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from classroom.tables.auth import TokenAuth
from classroom.tables.pages import page_handlers
from classroom.tables.routes import open_service

FIELDS = {"game", "seats", "bots", "decks", "chroniclers", "rounds", "lives", "chronicler"}


class TeacherForm(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name)
        return web.Application(page_handlers("/"), cardgames_tables=self.svc,
                               cardgames_tables_auth=TokenAuth(TOKEN))

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def page(self, lang="en") -> str:
        c = Client(self)
        assert c.fetch(f"/tables/teacher?token={TOKEN}").code == 302
        r = c.fetch(f"/tables/teacher?lang={lang}")
        assert r.code == 200
        return r.body.decode()

    def test_each_field_shares_its_cell_with_its_label(self):
        html = self.page()
        form = html[html.index('<div class="grid-form">'):html.index('type="submit"')]
        cells = re.findall(r'<div class="field"( data-game="[^"]+")?>(.*?)</div>', form, re.S)
        seen = set()
        for game, cell in cells:
            ids = re.findall(r'<(?:input|select)\b[^>]*\bid="([^"]+)"', cell)
            assert len(ids) == 1, cell                    # one field per cell
            (field_id,) = ids
            labelled = re.search(rf'<label for="{field_id}"', cell) or (
                re.search(r'<label class="switch"><input\b', cell))   # a checkbox in its label
            assert labelled, cell
            assert "data-game" not in cell, cell          # the cell is hidden, not its parts
            seen.add(field_id)
            if field_id in ("decks", "chroniclers", "rounds"):
                assert game == ' data-game="liar"'
            if field_id in ("lives", "chronicler"):
                assert game == ' data-game="thirty-one"'
        assert seen == FIELDS

    def test_the_students_address_is_its_own_link_in_every_language(self):
        for lang, switch in (("en", "Let students make tables"),
                             ("hr", "Dopusti učenicima da prave stolove"),
                             ("de", "Schüler dürfen Tische anlegen")):
            html = self.page(lang)
            label = re.search(r'<label class="switch"><input[^>]*id="students-make"[^>]*>'
                              r'(.*?)</label>', html, re.S)
            assert label and label.group(1).strip() == switch, lang
            link = re.search(r'<a class="join-link" id="new-url" href="([^"]+)">([^<]+)</a>',
                             html)
            assert link and link.group(1) == link.group(2)
            assert link.group(1).endswith("/tables/new")

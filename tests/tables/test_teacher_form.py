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
            link = re.search(r'<a class="join-link url-link" id="new-url" href="([^"]+)">'
                             r'(.*?)</a>', html)
            assert link and link.group(1) == link.group(2).replace("<wbr>", "")
            assert link.group(1).endswith("/tables/new")

    def test_the_students_address_wraps_after_its_slashes_not_inside_a_word(self):
        # QA: "…/tables/n ew": overflow-wrap:anywhere broke the link mid-word
        html = self.page()
        link = re.search(r'id="new-url" href="([^"]+)">(.*?)</a>', html)
        assert link
        href, text = link.groups()
        # by hand: a break opportunity after each "/" and nowhere else in "tables/new"
        assert text.endswith("tables/<wbr>new")
        assert text.count("<wbr>") == href.count("/") + href.count("?") + href.count("&")
        css = self.fetch("/tables/static/tables.css").body.decode()
        rule = re.search(r"\.join-link\.url-link[^{]*\{([^}]*)\}", css)
        assert rule and "overflow-wrap:break-word" in rule.group(1)

    def test_the_bots_menu_shows_the_bots_names_and_submits_the_registrys(self):
        # the shown names as the tables name a bot ("{kind} bot" with the kind's word),
        # written by hand from the catalogs' words; the values stay the registry's names
        shown = {"en": {"random": "random bot", "heuristic": "heuristic bot",
                        "caller": "caller bot", "expert": "expert bot"},
                 "hr": {"random": "bot: nasumični", "heuristic": "bot: heuristički",
                        "caller": "bot: prozivatelj", "expert": "bot: stručnjak"},
                 "de": {"random": "Bot: zufällig", "heuristic": "Bot: heuristisch",
                        "caller": "Bot: Rufer", "expert": "Bot: Experte"}}
        for lang, want in shown.items():
            html = self.page(lang)
            menu = re.search(r'<select id="bots" name="bots">(.*?)</select>', html, re.S)
            assert menu, lang
            options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]*)</option>',
                                 menu.group(1))
            assert {v: t for v, _s, t in options} == want, lang
            assert [v for v, s, _t in options if s] == ["heuristic"]
        # the server checks the submitted value: a shown name is not a bot's name
        c = Client(self)
        assert c.fetch(f"/tables/teacher?token={TOKEN}").code == 302
        r = c.fetch("/tables/api/tables", method="POST",
                    form={"game": "liar", "seats": "4", "bots": "heuristic bot"})
        assert r.code >= 400
        assert self.svc.tables() == []
        r = c.fetch("/tables/api/tables", method="POST",
                    form={"game": "liar", "seats": "4", "bots": "expert"})
        assert r.code == 200, r.body

"""The teacher's switch "let students make tables" is kept in the store (issue 21, 2):
switched on, it is on after the service restarts from the same data folder; switched
off, a student's ``tables/new`` is refused with a page in the student's language."""

from __future__ import annotations

import json
import tempfile

from test_pages import TOKEN, Client
from tornado import web
from tornado.testing import AsyncHTTPTestCase

from classroom.tables.auth import TokenAuth
from classroom.tables.pagebase import STUDENTS_MAKE
from classroom.tables.pages import page_handlers
from classroom.tables.routes import open_service
from classroom.tables.store import TableStore


class SettingsCase(AsyncHTTPTestCase):
    def get_app(self):
        self.folder = tempfile.TemporaryDirectory()
        self.svc = open_service(self.folder.name, seeds=lambda: 7)
        return self.new_app()

    def new_app(self) -> web.Application:
        return web.Application(page_handlers("/"), cardgames_tables=self.svc,
                               cardgames_tables_auth=TokenAuth(TOKEN))

    def tearDown(self):
        super().tearDown()
        self.svc.close()
        self.folder.cleanup()

    def restart(self):
        """The service stopped and started again on the same folder, with new routes
        and pages (a server restart: nothing of the old ones is kept in memory)."""
        self.svc.close()
        self.svc = open_service(self.folder.name, seeds=lambda: 8)
        self._app = self.new_app()
        self.http_server.request_callback = self._app

    def teacher(self) -> Client:
        c = Client(self)
        assert c.fetch(f"/tables/teacher?token={TOKEN}").code == 302
        return c

    def switch(self, teacher: Client, on: bool) -> bool:
        r = teacher.fetch("/tables/api/settings", method="POST",
                          form={"students_make": "1" if on else "0"})
        assert r.code == 200
        return bool(json.loads(r.body)["students_make"])

    def students_make_shown(self, teacher: Client) -> tuple[bool, bool]:
        """(the API says on, the teacher's page's switch is checked)."""
        api = json.loads(teacher.fetch("/tables/api/tables").body)["students_make"]
        page = teacher.fetch("/tables/teacher").body.decode()
        tag = page[page.index('id="students-make"'):]
        return bool(api), " checked" in tag[:tag.index(">")]

    def test_the_switch_survives_a_restart(self):
        t = self.teacher()
        assert self.students_make_shown(t) == (False, False)        # off until switched
        assert self.switch(t, True) is True
        # on disk when acknowledged: a second connection to the file sees it now
        other = TableStore(self.svc.store.path)
        try:
            assert other.setting(STUDENTS_MAKE) is True
        finally:
            other.close()
        self.restart()
        assert self.students_make_shown(t) == (True, True)
        s = Client(self)
        r = s.fetch("/tables/new", method="POST", form={"game": "liar", "seats": "3"})
        assert r.code == 303 and r.headers["Location"].startswith("/tables/new/")
        # switched off, it stays off after a restart too
        assert self.switch(t, False) is False
        self.restart()
        assert self.students_make_shown(t) == (False, False)
        assert s.fetch("/tables/new").code == 403

    def test_off_a_students_new_table_is_refused_in_their_language(self):
        made = len(self.svc.tables())
        expected = {"en": "Making tables is switched off",
                    "hr": "Izrada stolova je isključena",
                    "de": "Tische anlegen ist ausgeschaltet"}
        for lang, title in expected.items():
            s = Client(self)
            for method, form in (("GET", None), ("POST", {"game": "liar", "seats": "3"})):
                r = s.fetch(f"/tables/new?lang={lang}", method=method, form=form)
                page = r.body.decode()
                assert r.code == 403, (lang, method)
                assert f'<html lang="{lang}">' in page and title in page, (lang, method)
                assert "Traceback" not in page
            r = s.fetch("/tables/new", headers={"Accept-Language": f"{lang};q=1"})
            assert r.code == 403 and title in r.body.decode()
        assert len(self.svc.tables()) == made                  # nothing was made

    def test_a_student_cannot_switch_it(self):
        s = Client(self)
        assert s.fetch("/tables/api/settings", method="POST",
                       form={"students_make": "1"}).code == 403
        self.restart()
        assert self.svc.store.setting(STUDENTS_MAKE, default=False) is False


def test_settings_are_json_bounded_and_last_write_wins(tmp_path):
    store = TableStore(tmp_path / "t.sqlite3")
    try:
        assert store.setting("students_make", default="unset") == "unset"
        store.set_setting("students_make", True)
        store.set_setting("students_make", False)
        store.set_setting("note", {"a": [1, 2]})
        assert store.setting("students_make") is False
        assert store.setting("note") == {"a": [1, 2]}
        for bad_key in ("", "k" * 65, 3):
            try:
                store.set_setting(bad_key, True)
            except ValueError as e:
                assert "key" in str(e)
            else:
                raise AssertionError(f"key {bad_key!r} was kept")
        try:
            store.set_setting("big", "x" * 5000)
        except ValueError as e:
            assert "'big'" in str(e) and "4096" in str(e)
        else:
            raise AssertionError("a 5000-character value was kept")
        assert store.setting("big") is None
    finally:
        store.close()

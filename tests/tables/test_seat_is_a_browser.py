"""A seat is a browser, not a link (issue 29, finding 4), at the tornado level.

- Joining answers with the seat's page ``tables/play/<CODE>``: no secret in the address;
  the seat's secret only in an HttpOnly cookie of the tables' path.  (937bc5c: a
  redirect to ``app_online.ipynb?table=..&seat=0&key=..``.)
- One display name per table, compared without case and spacing: "ana " after "Ana"
  is refused with "Ana is taken" in the page's language, nothing claimed.  (937bc5c:
  the same name twice.)
- Another device takes a seat only with a one-time code: the seat's own (its cookie) or
  the teacher's.  The code works once; the old browser's secret stops working.
- Class-link student keys are the server's: a made-up key of the right shape is refused
  (937bc5c: 200 made-up keys were 200 students), one the server issued is taken.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from class_kit import ClassServer, check, post  # noqa: E402
from pages_kit import TOKEN, PagesBase  # noqa: E402

from classroom.tables.students import issue_key, student_id  # noqa: E402

TAKEN = {"en": "ana is taken at this table", "hr": "ana već je zauzeto za ovim stolom",
         "de": "ana ist an diesem tisch schon vergeben"}


class SeatIsABrowser(PagesBase):
    def join(self, client, code, name, lang="en"):
        return client.fetch(f"/tables/join/{code}?lang={lang}", method="POST",
                            form={"name": name})

    def test_the_address_holds_no_secret(self):
        code = self.svc.create_table(game="liar", seats=3).code
        ana = self.student()
        r = self.join(ana, code, "Ana")
        assert r.code == 303
        where = r.headers["Location"]
        assert urlsplit(where).path == f"/tables/play/{code}", where
        seat, _sep, secret = ana.jar[f"cgseat_{code}"].strip('"').partition(":")
        assert self.svc.check_seat(code, int(seat), secret)
        assert secret not in where and "key=" not in where and "seat=" not in where
        cookie = next(h for h in ana.last_cookies if h.startswith(f"cgseat_{code}="))
        assert "HttpOnly" in cookie and "Path=/tables/" in cookie and "SameSite=" in cookie

    def test_names_are_unique_per_table_in_three_languages(self):
        code = self.svc.create_table(game="liar", seats=4).code
        assert self.join(self.student(), code, "Ana").code == 303
        for lang, said in TAKEN.items():
            other = self.student()
            r = self.join(other, code, "  aNA ", lang)
            page = r.body.decode()
            assert r.code == 409, page
            text = re.sub(r"\s+", " ", page).lower()
            assert said in text, (lang, text[-600:])
            assert f"cgseat_{code}" not in other.jar
        assert self.names(code) == ["Ana"]
        # "Ana Maria" and "AnaMaria" are two names; "ana  maria" is the first again
        assert self.join(self.student(), code, "Ana Maria").code == 303
        assert self.join(self.student(), code, "ana  maria").code == 409
        assert self.join(self.student(), code, "AnaMaria").code == 303

    def test_another_device_needs_the_seats_one_time_code(self):
        code = self.svc.create_table(game="liar", seats=2).code
        ana = self.student()
        self.join(ana, code, "Ana")
        self.join(self.student(), code, "Ben")               # the table is full
        old = ana.jar[f"cgseat_{code}"].strip('"').partition(":")[2]
        phone = self.student()
        r = phone.fetch(f"/tables/join/{code}")
        assert r.code == 409 and f"/tables/move/{code}" in r.body.decode()
        # the form without a code of the seat: refused, nothing moved
        r = phone.fetch(f"/tables/move/{code}", method="POST", form={"code": "ABCDEFGH"})
        assert r.code == 403 and f"cgseat_{code}" not in phone.jar
        # the seat's own page shows a code (its cookie); the phone types it
        page = ana.fetch(f"/tables/move/{code}").body.decode()
        shown = re.search(r'id="move-code">([A-Z0-9]{4})-([A-Z0-9]{4})<', page)
        assert shown, page
        r = phone.fetch(f"/tables/move/{code}", method="POST",
                        form={"code": (shown.group(1) + "-" + shown.group(2)).lower()})
        assert r.code == 303 and urlsplit(r.headers["Location"]).path == f"/tables/play/{code}"
        seat, _sep, new = phone.jar[f"cgseat_{code}"].strip('"').partition(":")
        assert seat == "0" and self.svc.check_seat(code, 0, new)
        assert not self.svc.check_seat(code, 0, old)          # the old browser's is gone
        # a code works once
        again = self.student().fetch(f"/tables/move/{code}", method="POST",
                                     form={"code": shown.group(1) + shown.group(2)})
        assert again.code == 403

    def test_the_teacher_gives_a_code_a_student_cannot(self):
        code = self.svc.create_table(game="liar", seats=2).code
        self.join(self.student(), code, "Ana")
        r = self.student().fetch(f"/tables/api/tables/{code}/move/0", method="POST")
        assert r.code == 403
        teacher = self.teacher()
        r = teacher.fetch(f"/tables/api/tables/{code}/move/0?token={TOKEN}", method="POST")
        assert r.code == 200, r.body
        import json

        given = json.loads(r.body)["move_code"]
        phone = self.student()
        r = phone.fetch(f"/tables/move/{code}", method="POST", form={"code": given})
        assert r.code == 303 and phone.jar[f"cgseat_{code}"].strip('"').startswith("0:")


def test_class_keys_are_issued_by_the_server(tmp_path):
    secret = b"s" * 64
    server = ClassServer(tmp_path, cardgames_student_secret=secret)
    try:
        body = {"id": "m1", "kind": "check", "payload": check("01-six-players", "4", "right")}
        made_up = [f"made-up-student-{i:03d}-0123456789abcdef" for i in range(20)]
        for key in made_up:
            status, answer = post(server.send_url, {**body, "student": key})
            assert status == 400 and answer["error"]["code"] == "bad-student", answer
        # shaped as an issued key, signed with another secret: refused too
        status, _ = post(server.send_url, {**body, "student": issue_key(b"t" * 64)})
        assert status == 400
        key = issue_key(secret)
        status, answer = post(server.send_url, {**body, "student": key})
        assert status == 200 and answer["ok"], answer
        assert server.store is not None
        assert set(server.store.names()) == {student_id(key)}
    finally:
        server.stop()


def test_a_seats_one_time_code_survives_a_restart_once_and_in_time(tmp_path):
    """The one-time code is kept in the store (its hash, until a wall time): shown before a
    restart, it works after it, once, and not after its life (:data:`MOVE_SECONDS`)."""
    from tables_kit import Clock, service

    from classroom.tables.errors import BadTakeoverCode
    from classroom.tables.moves import MOVE_SECONDS

    now = [5_000.0]
    wall = lambda: now[0]  # noqa: E731 - the store's wall clock, moved by the test
    svc = service(tmp_path, Clock(), wall=wall)
    code = svc.create_table(game="liar", seats=3).code
    seat, secret = svc.join(code, "Ana")
    other, other_secret = svc.join(code, "Ben")
    given = svc.move_code(code, seat, secret)
    late = svc.move_code(code, other, other_secret)
    svc.close()
    svc = service(tmp_path, Clock(), wall=wall)
    try:
        assert svc.load() == 1
        moved, new = svc.move_seat(code, given.lower())
        assert moved == seat and svc.check_seat(code, seat, new)
        assert not svc.check_seat(code, seat, secret)
        with pytest.raises(BadTakeoverCode):                       # once
            svc.move_seat(code, given)
        now[0] += MOVE_SECONDS + 1                                  # too late
        with pytest.raises(BadTakeoverCode):
            svc.move_seat(code, late)
        assert svc.check_seat(code, other, other_secret)
    finally:
        svc.close()
    import sqlite3

    db = sqlite3.connect(tmp_path / "tables.sqlite3")
    stored = " ".join(row[0] for row in db.execute("SELECT code_hash FROM moves"))
    db.close()
    assert given not in stored and late not in stored            # hashes, not the codes

"""The teacher's "Last calls" name the players as they joined (issue 21 QA): a student's
name as given (the teacher's page writes it as text), a bot by its kind."""

from __future__ import annotations

import json
import random

from pages_kit import PagesBase
from tables_kit import service

from cardgames.liar import CallMade

HOSTILE = "<b>x</b>"


def test_the_teachers_last_calls_name_the_players(tmp_path):
    svc = service(tmp_path, bot_timeout=600.0)
    try:
        t = svc.create_table(game="liar", seats=3, bots="heuristic", options={}, by="teacher")
        keys = {}
        for name in ("Ana", HOSTILE):
            seat, key = svc.join(t.code, name)
            keys[seat] = key
        svc.start(t.code)
        s = svc._tables[t.code].session
        rng = random.Random(2)
        for _ in range(400):
            if s.over or any(isinstance(e, CallMade) for e in s.state.events):
                break
            seat = s.to_act
            legal = s.view(seat).legal
            action = "call" if "call" in legal else legal.sample(rng)
            if seat in keys:
                svc.act(t.code, seat, keys[seat], str(action), s.mark)
            else:
                s.bot_step()
        call = next(e for e in s.state.events if isinstance(e, CallMade))
        names = {0: "Ana", 1: HOSTILE, 2: "heuristic bot"}
        line = (f'Player {call.caller} ({names[call.caller]}) called "Liar!" on player '
                f"{call.accused} ({names[call.accused]})'s play {call.number} (L9, R-L5).")
        assert line in svc.tables()[0].last_calls
    finally:
        svc.close()



class TestCallsTitles(PagesBase):
    """The heading of a table's last events on the teacher's page is the game's own
    (stop 37's review): a Thirty-One table has no calls, only reveals (T9), stands and
    lives lost (T12).  The words are the catalogs' translations, written here by hand."""

    def test_each_game_heads_its_last_events_in_the_teachers_language(self):
        t = self.teacher()
        for game in ("liar", "thirty-one"):
            r = t.fetch("/tables/api/tables", method="POST",
                        form={"game": game, "seats": "2", "bots": "heuristic"})
            assert r.code == 200, r.body
        expected = {"en": {"liar": "Last calls", "thirty-one": "Latest events"},
                    "hr": {"liar": "Zadnje prozivke", "thirty-one": "Posljednji događaji"},
                    "de": {"liar": "Zuletzt angezweifelt", "thirty-one": "Letzte Ereignisse"}}
        for lang, titles in expected.items():
            listed = json.loads(t.fetch(f"/tables/api/tables?lang={lang}").body)["tables"]
            assert {x["game"]: x["calls_title"] for x in listed} == titles, lang

"""The teacher's pages and APIs of the tables (the token, ``TokenAuth.is_teacher``; else
403): ``tables/teacher``, ``tables/api/...``, ``tables/teacher/replay[/<CODE>]`` (see
:mod:`classroom.tables.pages`)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from tornado import web

from cardgames import registry
from cardgames.errors import CardgamesError, ConfigError
from cardgames.i18n import N_, language
from cardgames.i18n import gettext as _
from cardgames.naming import seat_name

from .pagebase import (
    PageHandler,
    field,
    games,
    normal_code,
    refusal_status,
    script_json,
    table_options,
)
from .qr import qr_svg
from .replay import card_pictures, replay_data, seeded_session
from .summary import seat_names, seat_titles

__all__ = ["BOT_WORDS", "MoveApi", "QrApi", "ReplayPage", "SeededReplayPage", "SettingsApi", "StartApi", "TablesApi",
           "TeacherHandler", "TeacherPage", "teacher_frames"]

#: The teacher page's link to the class experiments' projector page (issue 22).
EXPERIMENTS_LINK = N_("Class experiments (the projector)")


#: The bots' names as the tables show them ("heuristic bot"; widgets.kit.table_html's words):
#: the menu's value stays the registry's name, checked by the service (``check_bot``).
BOT_WORDS = {"random": N_("random"), "heuristic": N_("heuristic"), "caller": N_("caller"),
             "expert": N_("expert")}


def bot_choices(names: tuple[str, ...], lang: str) -> list[tuple[str, str]]:
    """``(value, shown)`` for the bots menu in ``lang``: the registry's name, the bot's
    human name ("heuristic bot", "bot: heuristički", "heuristischer Bot" ...).

    >>> bot_choices(("heuristic", "MyBot"), "en")
    [('heuristic', 'heuristic bot'), ('MyBot', 'MyBot bot')]
    """
    return [(b, _("{kind} bot", lang=lang).format(kind=_(BOT_WORDS.get(b, b), lang=lang)))
            for b in names]


class TeacherHandler(PageHandler):
    """A page or API for the teacher only (the token; else 403)."""

    def prepare(self) -> None:
        if not self.auth.is_teacher(self):
            raise web.HTTPError(403)
        super().prepare()
        offered = self.auth.offered_token(self)
        if offered:
            self.auth.remember(self, path=self.base + "tables/")
            if self.request.method == "GET":       # the token leaves the address bar
                args = {k: v[-1].decode("utf-8", "replace")
                        for k, v in self.request.query_arguments.items() if k != "token"}
                self.redirect(self.request.path + ("?" + urlencode(args) if args else ""))


class TeacherPage(TeacherHandler):
    """``tables/teacher``: create, start, watch every table."""

    def get(self) -> None:
        if self._finished:
            return
        self.page("teacher.html", games=games(),
                  bots=bot_choices(registry.default().bot_names, self.lang),
                  loopback=not self.listens_on_network() and "voila" in self.settings,
                  new_url=f"{self.join_base()}tables/new", join_base=self.join_base(),
                  students_make=self.students_make,
                  experiments_link=_(EXPERIMENTS_LINK, lang=self.lang))


class TablesApi(TeacherHandler):
    """``tables/api/tables``: GET every table as JSON; POST (a form) creates one."""

    def get(self) -> None:
        if self._finished:
            return
        with language(self.lang):                 # the last calls, in the teacher's words
            tables = [self.table_json(s) for s in self.svc.tables()]
        self.finish({"tables": tables, "students_make": self.students_make})

    def table_json(self, s: Any) -> dict[str, Any]:
        code = str(field(s, "code"))
        players = []
        listed = [dict(p) for p in field(s, "players", default=[]) or []]
        titles = seat_titles(listed)         # "Player 2 (heuristic bot)" (issue 29)
        for p, title in zip(listed, titles, strict=True):
            players.append({**{k: p.get(k) for k in ("name", "kind", "connected",
                                                      "played_by_bot", "bot_in")},
                            "title": title})
        calls = [str(c) if not isinstance(c, dict) else c.get("text") or json.dumps(c)
                 for c in (field(s, "last_calls", "calls", default=[]) or [])][-5:]
        game = field(s, "game")
        try:
            calls_title = _(registry.get(str(game)).last_calls_title, lang=self.lang)
        except CardgamesError:                      # a game this server does not know
            calls_title = _("Last calls", lang=self.lang)
        return {"code": code, "game": game, "status": field(s, "status"),
                "calls_title": calls_title,
                "players": players, "to_act": field(s, "to_act"),
                "pile_size": field(s, "pile_size"),
                "hand_sizes": list(field(s, "hand_sizes", default=()) or ()),
                "lives": list(field(s, "lives", default=()) or ()), "last_calls": calls,
                "free": field(s, "seats_free", "free", default=0),
                "join_url": self.join_url(code),
                "replay": f"{self.base}tables/teacher/replay/{code}?lang={self.lang}",
                "qr": f"{self.base}tables/api/qr/{code}.svg?lang={self.lang}"}

    def post(self) -> None:
        try:
            with language(self.lang):
                game, seats, bots, options = table_options(self.get_body_argument)
                t = self.svc.create_table(game=game, seats=seats, bots=bots,
                                          options=options, by="teacher")
        except CardgamesError as e:
            self.set_status(400)
            self.finish({"error": self.w["refused"].format(reason=str(e))})
            return
        code = str(field(t, "code"))
        self.finish({"code": code, "message": self.w["created_table"].format(code=code)})


class StartApi(TeacherHandler):
    """``tables/api/tables/<CODE>/start``: bots take the empty seats, the game starts."""

    def post(self, raw: str) -> None:
        try:
            with language(self.lang):
                self.svc.start(normal_code(raw))
        except CardgamesError as e:
            self.set_status(refusal_status(e))
            self.finish({"error": self.w["refused"].format(reason=str(e))})
            return
        self.finish({"started": normal_code(raw)})


class MoveApi(TeacherHandler):
    """``tables/api/tables/<CODE>/move/<seat>``: a one-time code that moves a student's
    seat to another device (the student types it at ``tables/move/<CODE>``; issue 29)."""

    def post(self, raw: str, seat: str) -> None:
        try:
            with language(self.lang):
                text = self.svc.move_code(normal_code(raw), int(seat), teacher=True)
        except CardgamesError as e:
            self.set_status(refusal_status(e))
            self.finish({"error": self.w["refused"].format(reason=str(e))})
            return
        self.finish({"code": normal_code(raw), "seat": int(seat), "move_code": text})


class SettingsApi(TeacherHandler):
    """``tables/api/settings``: the switch "let students make tables" and, if given, the
    cap on their open tables (``student_tables_cap``), kept in the store, written before
    this answers: they survive a restart."""

    def post(self) -> None:
        self.students_make = self.get_body_argument("students_make", "") in ("1", "on", "true")
        cap = self.get_body_argument("student_tables_cap", "").strip()[:4]
        answer: dict[str, object] = {"students_make": self.students_make}
        if cap.isdigit() and hasattr(self.svc, "set_student_tables_cap"):
            try:
                answer["student_tables_cap"] = self.svc.set_student_tables_cap(int(cap))
            except CardgamesError as e:
                self.set_status(400)
                answer["error"] = str(e)
        self.finish(answer)


class QrApi(TeacherHandler):
    """``tables/api/qr/<CODE>.svg``: the QR code of a table's join link."""

    def get(self, raw: str) -> None:
        if self._finished:
            return
        code = normal_code(raw)
        svg = qr_svg(self.join_url(code), label=self.w["qr_label"].format(code=code))
        self.set_header("Content-Type", "image/svg+xml")
        self.finish(svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1))


class ReplayPage(TeacherHandler):
    """``tables/teacher/replay/<CODE>``: a table's replay, every hand."""

    def get(self, raw: str) -> None:
        if self._finished:
            return
        code = normal_code(raw)
        s = self.summary(code)
        if s is None:
            raise web.HTTPError(404)
        frames = teacher_frames(self.svc, code)
        if not frames:
            self.message("replay", self.w["no_replay"], status=409,
                         link=(f"{self.base}tables/teacher?lang={self.lang}",
                               self.w["back_teacher"]))
            return
        with language(self.lang):      # one naming of the seats (issue 29)
            named = seat_names([dict(p) for p in field(s, "players", default=[])])
        names = [named.get(i, "") for i in range(len(field(s, "players", default=[])))]
        data = replay_data(frames, names, game=str(field(s, "game")), lang=self.lang)
        self.show(data, self.w["replay_title"].format(code=code))

    def show(self, data: dict[str, Any] | None, title: str, *, error: str = "",
             status: int = 200) -> None:
        payload = "" if data is None else script_json(data)
        cards = "" if data is None else script_json(card_pictures(lang=self.lang))
        self.page("replay.html", status=status, title=title, data=payload, cards=cards,
                  error=error, games=games(), form=self.request.query_arguments)


class SeededReplayPage(ReplayPage):
    """``tables/teacher/replay?game=&seed=&bots=``: the teacher mode (a seeded game)."""

    def get(self) -> None:  # type: ignore[override]
        if self._finished:
            return
        if not self.get_argument("game", ""):
            self.show(None, self.w["replay_form"])
            return
        try:
            with language(self.lang):
                game = registry.get(self.get_argument("game")[:20]).name
                seed_text = self.get_argument("seed", "0").strip()[:20]
                if not seed_text.isdigit():
                    raise ConfigError(self.w["seed"] + f": {seed_text!r}")
                bots = [b for b in self.get_argument("bots", "").replace(",", " ").split()][:10]
                session = seeded_session(game, seed=int(seed_text), bots=bots,
                                         whole_match=bool(self.get_argument("match", "")))
        except CardgamesError as e:
            self.show(None, self.w["replay_form"], error=str(e), status=400)
            return
        with language(self.lang):
            names = [seat_name(s.name, bot=s.bot) for s in session.seats]
        data = replay_data(session.replay(), names, game=game, lang=self.lang)
        self.show(data, self.w["replay_single"])


def teacher_frames(svc: Any, code: str) -> list[Any]:
    """Table ``code``'s :class:`~cardgames.seat.TeacherFrame` list (the states with every
    hand; each seat's view at each step is read from them): the ``frame`` of each of
    the service's ``replay(code)`` frames (``[]`` while the table waits)."""
    return [getattr(f, "frame", f) for f in svc.replay(code)]

"""What the table service does for a seat's browser and a student's tables (issue 29):
a one-time code that moves a seat to another device, the cap on tables students make, and
when a seat's move clock starts (a deal's result on show, the bot's countdown).
:class:`SeatMoves` is a part of :class:`~classroom.tables.service.TableService` (it uses
its tables, store, wall clock and lock; the codes are kept in the store).

>>> import tempfile, pathlib
>>> from classroom.tables.service import TableService
>>> from classroom.tables.store import TableStore
>>> svc = TableService(TableStore(pathlib.Path(tempfile.mkdtemp()) / "t.sqlite3"))
>>> code = svc.create_table(game="liar", seats=2).code
>>> seat, secret = svc.join(code, "Ana")
>>> moved = svc.move_seat(code, svc.move_code(code, seat, secret))
>>> moved[0], svc.check_seat(code, 0, secret), svc.check_seat(code, 0, moved[1])
(0, False, True)
>>> svc.close()
"""

from __future__ import annotations

import hashlib
import secrets
from typing import TYPE_CHECKING, Any

from cardgames.i18n import gettext as _

from .errors import BadMessage, BadSecret, BadTakeoverCode, TooManyTables

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table

__all__ = ["MOVE_CODE_LENGTH", "MOVE_SECONDS", "STUDENT_TABLES_CAP", "STUDENT_TABLES_EACH",
           "STUDENT_TABLES_SETTING", "SeatMoves"]

#: The characters of a one-time code (no 0 O 1 I L: read aloud, typed on phones).
_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

#: A seat's one-time code (to move the seat to another device): its length and its life.
#: 8 of the 31 code characters: 31**8 ~ 8.5e11 codes, tried over HTTP at a rate limit.
MOVE_CODE_LENGTH = 8
MOVE_SECONDS = 600.0
#: Open tables (waiting or playing) one student may have made, and the teacher's
#: default cap on every student-made open table (the store's setting
#: ``student_tables_cap``): a class of 30 at tables of 2, the smallest table of both
#: games (L1, T1), needs 15.
STUDENT_TABLES_EACH = 2
STUDENT_TABLES_CAP = 15
STUDENT_TABLES_SETTING = "student_tables_cap"


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


class SeatMoves:
    """(A part of ``TableService``.)"""

    _tables: dict[str, Table]
    store: Any
    wall: Any
    clock: Any
    bot_timeout: float

    _table: Any                 # TableService's: the table of a code
    check_seat: Any             # TableService's: a seat's secret, checked

    def move_code(self, code: str, seat: int, secret: str | None = None, *,
                  teacher: bool = False) -> str:
        """A one-time code that moves student seat ``seat`` to another browser
        (:meth:`move_seat`), for :data:`MOVE_SECONDS`; asked by the seat itself (its
        ``secret``) or the teacher (``teacher=True``).  A new code replaces the last."""
        t = self._table(code)
        if not teacher and not self.check_seat(t.code, seat, secret):
            raise BadSecret(t.code, seat)
        if seat not in t.names:
            raise BadMessage(_("seat {seat} has no student").format(seat=seat))
        text = "".join(secrets.choice(_ALPHABET) for _ in range(MOVE_CODE_LENGTH))
        with t.lock:
            # kept in the store (its hash, until a wall time): a restart keeps it (issue 29)
            self.store.set_move(t.code, seat, _hash(text), self.wall() + MOVE_SECONDS)
        return text

    def move_seat(self, code: str, move_code: object) -> tuple[int, str]:
        """The seat a one-time code of :meth:`move_code` opens, with a new secret:
        ``(seat, secret)``; the old browser's secret stops working (its page is
        replaced).  Wrong, used or expired: :class:`BadTakeoverCode`."""
        t = self._table(code)
        typed = "".join(ch for ch in str(move_code)[:40].upper() if ch.isalnum())
        with t.lock:
            seat = self.store.take_move(t.code, _hash(typed), self.wall())
            if seat is not None and seat in t.names:
                secret = secrets.token_urlsafe(24)
                self.store.set_seat_secret(t.code, seat, _hash(secret))
                t.hashes[seat] = _hash(secret)
                return seat, secret
        raise BadTakeoverCode(int(MOVE_SECONDS // 60))

    @staticmethod
    def _turn_start(t: Table, seat: int) -> float:
        """When ``seat``'s move clock started: the table's last change, or later while the
        seat's page shows the last deal's result (:meth:`_dealt`)."""
        return max(t.turn_since, t.clock_from.get(seat, t.turn_since))

    def _dealt(self, t: Table, s: Any) -> None:
        """After a change: if it ended a deal and dealt the next by itself (Thirty-One, T13;
        not a deal a student asked for, :meth:`next_game`), each connected student's page
        shows the deal's result until the student leaves it (a ``back`` message,
        :meth:`take_back`): the move clock of that student's next move starts then, or a
        whole ``bot_timeout`` later at the latest (issue 29: the countdown does not run
        against a student reading the result)."""
        here = [seat for seat in t.names if seat in t.subs and s.seats[seat].kind != "bot"]
        if not here:                     # nobody reads a result (a table of bots runs fast)
            t.deal_key = None
            return
        v = s.view(here[0])
        key = (v.match, v.round)
        if t.deal_key is not None and key != t.deal_key:
            later = self.clock() + self.bot_timeout
            for seat in here:
                t.clock_from[seat] = later
        t.deal_key = key

    def student_tables_cap(self) -> int:
        """The teacher's cap on open tables made by students (a setting kept in the store)."""
        value = self.store.setting(STUDENT_TABLES_SETTING, default=STUDENT_TABLES_CAP)
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 \
            else STUDENT_TABLES_CAP

    def set_student_tables_cap(self, cap: object) -> int:
        """Set the teacher's cap (0-200 tables)."""
        if isinstance(cap, bool) or not isinstance(cap, int) or not 0 <= cap <= 200:
            raise BadMessage(_("the cap on students' tables is a whole number 0-{most}")
                             .format(most=200))
        self.store.set_setting(STUDENT_TABLES_SETTING, cap)
        return cap

    def _check_student_tables(self, maker: str | None) -> None:
        mine = None if maker is None else _hash(maker)[:32]
        open_tables = [t for t in self._tables.values()
                       if t.config.get("by") == "student" and t.status != "over"]
        cap = self.student_tables_cap()
        if len(open_tables) >= cap:
            raise TooManyTables(cap)
        if sum(1 for t in open_tables if t.config.get("maker") == mine) >= STUDENT_TABLES_EACH:
            raise TooManyTables(STUDENT_TABLES_EACH)


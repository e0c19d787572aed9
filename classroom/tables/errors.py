"""The table service's refusals: :class:`TableError` and one subclass per ``code``.

Each carries a short ``code`` (the wire protocol's ``error.code``) and a message in
the current language (``cardgames.i18n``: made when raised).  The engine's own
refusals (an illegal or stale action) are not wrapped: they pass through as the
engine's errors, whose fields (``rule``, ``reason``, ``legal``) the table widget words.

>>> e = UnknownTable("ZZZZZZ")
>>> e.code, str(e)
('unknown-table', 'there is no table with the code ZZZZZZ: check the code')
>>> isinstance(e, ValueError)
True
"""

from __future__ import annotations

from cardgames.errors import CardgamesError
from cardgames.i18n import gettext as _

__all__ = ["BadMessage", "BadSecret", "BadTakeoverCode", "GameOver", "NameTaken", "NotStarted",
           "RateLimited", "SeatHeld", "TableError", "TableFull", "TooLarge", "TooManyTables",
           "UnknownTable"]


class TableError(CardgamesError):
    """A refusal of the table service (nothing changed); ``code`` names it."""

    code = "table-error"


class UnknownTable(TableError):
    code = "unknown-table"

    def __init__(self, table: object) -> None:
        super().__init__(_("there is no table with the code {code}: check the code")
                         .format(code=str(table)[:12]))


class TableFull(TableError):
    code = "table-full"

    def __init__(self, table: str) -> None:
        super().__init__(_("table {code} is full: every seat is taken").format(code=table))


class GameOver(TableError):
    code = "game-over"

    def __init__(self, table: str) -> None:
        super().__init__(_("the game at table {code} is over").format(code=table))


class BadSecret(TableError):
    code = "bad-secret"

    def __init__(self, table: str, seat: object) -> None:
        super().__init__(_("this is not the key of seat {seat} at table {code}: open your own "
                           "link to the table").format(seat=seat, code=table))


class SeatHeld(TableError):
    code = "seat-held"

    def __init__(self, table: str, seat: object) -> None:
        super().__init__(_("seat {seat} at table {code} is already taken: choose another "
                           "seat").format(seat=seat, code=table))


class NotStarted(TableError):
    code = "not-started"

    def __init__(self, table: str) -> None:
        super().__init__(_("the game at table {code} has not started yet: wait for the "
                           "teacher to start it").format(code=table))


class RateLimited(TableError):
    code = "rate-limited"

    def __init__(self) -> None:
        super().__init__(_("too many messages: at most {rate} a second").format(rate=10))


class TooLarge(TableError):
    code = "too-large"

    def __init__(self, size: int, most: int) -> None:
        super().__init__(_("a message of {size} bytes is too large: at most {most}")
                         .format(size=size, most=most))


class BadMessage(TableError):
    code = "bad-message"

    def __init__(self, why: str) -> None:
        super().__init__(_("a message the table cannot read: {why}").format(why=why))


class NameTaken(TableError):
    """A display name already at the table (compared without case and spacing)."""

    code = "name-taken"

    def __init__(self, name: str) -> None:
        super().__init__(_("{name} is taken at this table: choose another name").format(
            name=name))


class BadTakeoverCode(TableError):
    """A seat's one-time code that is wrong, used or expired."""

    code = "bad-takeover-code"

    def __init__(self, minutes: int) -> None:
        super().__init__(_("this code does not open a seat at this table: codes work once "
                           "and for {minutes} minutes; ask your seat's page or the teacher "
                           "for a new one").format(minutes=minutes))


class TooManyTables(TableError):
    """A student (or the class) holds as many open tables made by students as allowed."""

    code = "too-many-tables"

    def __init__(self, most: int) -> None:
        super().__init__(_("students may have at most {most} open tables they made: play "
                           "at one of them, or ask the teacher").format(most=most))

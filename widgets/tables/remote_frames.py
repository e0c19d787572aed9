"""What the table service sends a seat's client, read and checked: the join triple of a
page (:func:`check_join`), the seats (:class:`Player`), the service's notes
(:class:`Note`), a refusal rebuilt as the engine's error (:func:`engine_error`, or
:class:`RemoteRefusal` for the service's own), and the first deal's own events
(:func:`first_deal`).  Used by :class:`widgets.tables.remote.RemoteSession`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from cardgames.errors import (
    ActionParseError,
    CardgamesError,
    ConfigError,
    GameOverError,
    IllegalActionError,
    StaleActionError,
    WireError,
)
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.wire import MAX_SEATS

__all__ = ["CODE_RE", "KEY_RE", "MAX_NOTES", "STATUSES", "Note", "Player", "RemoteRefusal", "check_join",
           "engine_error", "first_deal", "read_notes", "read_players", "shown_of"]

#: A table's join code: 6 characters of an alphabet without 0 O 1 I L (the service's).
CODE_RE = re.compile(r"[A-HJKMNP-Z2-9]{6}")
#: A seat's secret: ``secrets.token_urlsafe(24)`` (32 characters; a little slack).
KEY_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The statuses of a remote session.
STATUSES = ("connecting", "waiting", "playing", "over", "reconnecting", "failed", "closed")
MAX_NOTES = 200


@dataclass(frozen=True)
class Player:
    """A seat of the table as the service tells it: its ``name``, ``kind`` (``"human"``,
    ``"bot"``), whether its student is ``connected`` and whether a bot plays it for them
    now (``played_by_bot``); ``bot_at``: when (this process's ``time.monotonic()``) the
    bot will play this seat's move unless its student moves first (the service's
    ``bot_in`` seconds, from the frame's arrival; ``None``: no countdown, issue 29)."""

    name: str
    kind: str
    connected: bool
    played_by_bot: bool
    bot_at: float | None = None


@dataclass(frozen=True)
class Note:
    """A service note: e.g. ``kind="bot-played"``: the bot played ``seat`` (``name``) at
    ``mark`` (the student was away or idle)."""

    mark: int
    kind: str
    seat: int
    name: str

    def describe(self) -> str:
        """The note in the current language."""
        if self.kind == "bot-played":
            return _("played by the bot for {name}").format(name=self.name)
        return _("{name}: {kind}").format(name=self.name, kind=self.kind)


class RemoteRefusal(CardgamesError):
    """The table service refused something itself (not the game's rules): ``code`` is its
    code (``"game-over"``, ``"rate-limited"``, ``"not-started"`` ...), the message its
    translated words."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


def check_join(table: object, seat: object, key: object) -> tuple[str, int, str]:
    """The join triple of a page's query, checked: (code, seat, secret).

    >>> check_join("K7QX3M", "2", "a" * 32)
    ('K7QX3M', 2, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
    >>> check_join("k7qx3m", 0, "a" * 32)[0]
    'K7QX3M'
    >>> check_join("K7QX3", 0, "a" * 32)
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: 'K7QX3' is not a table code (6 letters and digits)
    """
    code = table.strip().upper() if isinstance(table, str) else table
    if not isinstance(code, str) or not CODE_RE.fullmatch(code):
        raise ConfigError(_("{code!r} is not a table code (6 letters and digits)")
                          .format(code=str(table)[:12]))
    if isinstance(seat, str) and seat.isdigit() and len(seat) <= 2:
        seat = int(seat)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEATS:
        raise ConfigError(_("{seat!r} is not a seat number").format(seat=str(seat)[:12]))
    if not isinstance(key, str) or not KEY_RE.fullmatch(key):
        raise ConfigError(_("the seat's key is missing or malformed"))
    return code, seat, key


def engine_error(error: Any, *, sent_mark: int | None) -> CardgamesError:
    """The engine's error rebuilt from a ``refused`` frame's fields (the table words it
    from them, as for a local session); a service refusal as :class:`RemoteRefusal`."""
    if not isinstance(error, dict):
        error = {}

    def text(name: str, most: int = 300) -> str | None:
        value = error.get(name)
        return value[:most] if isinstance(value, str) else None
    code = (text("code", 40) or "").lower().replace("_", "-")
    message = text("message", 500) or code or _("refused")
    fields = {"action": text("action", 100), "rule": text("rule", 40),
              "reason": text("reason"), "legal": text("legal")}
    player = error.get("player")
    player = player if isinstance(player, int) and not isinstance(player, bool) else None
    if code in ("stale", "stale-action", "staleactionerror"):
        mark = error.get("mark", sent_mark)
        current = error.get("current", -1)
        return StaleActionError(message, mark=mark if isinstance(mark, int) else -1,
                                current=current if isinstance(current, int) else -1,
                                player=player, **fields)
    if code in ("parse", "action-parse", "actionparseerror", "bad-action"):
        return ActionParseError(message, player=player, **fields)
    if code in ("game-over", "gameovererror") and (fields["rule"] or fields["reason"]):
        return GameOverError(message, player=player, **fields)
    if code in ("illegal", "illegal-action", "illegalactionerror", "engine") or (
            fields["rule"] or fields["reason"]):
        return IllegalActionError(message, player=player, **fields)
    return RemoteRefusal(message, code=code or "refused")


#: The longest countdown a seat is told (a day: any bot timeout a teacher sets is shorter).
MAX_BOT_IN = 86_400.0


def read_players(data: Any, *, now: float | None = None) -> tuple[Player, ...]:
    """The seats of a frame, checked; ``now``: the frame's arrival (``time.monotonic()``),
    from which a seat's ``bot_in`` countdown runs."""
    if now is None:
        now = time.monotonic()
    if not isinstance(data, list) or len(data) > MAX_SEATS:
        raise WireError(_("wire field {field}: expected {expected}, not {value}").format(
            field="seats", expected="a list of seats", value=repr(data)[:40]), field="seats")
    out = []
    for i, d in enumerate(data):
        if not (isinstance(d, dict) and isinstance(d.get("name"), str)
                and isinstance(d.get("kind"), str) and isinstance(d.get("connected"), bool)
                and isinstance(d.get("played_by_bot", False), bool)
                and _bot_in(d.get("bot_in"))):
            raise WireError(_("wire field {field}: expected {expected}, not {value}").format(
                field=f"seats[{i}]", expected="a seat", value=repr(d)[:40]),
                field=f"seats[{i}]")
        bot_in = d.get("bot_in")
        out.append(Player(d["name"][:40], d["kind"][:12], d["connected"],
                          bool(d.get("played_by_bot", False)),
                          None if bot_in is None else now + float(bot_in)))
    return tuple(out)


def _bot_in(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool)
                             and 0 <= value <= MAX_BOT_IN)




def read_notes(data: Any) -> list[Note]:
    out = []
    for d in data if isinstance(data, list) else []:
        if (isinstance(d, dict) and isinstance(d.get("mark"), int)
                and isinstance(d.get("seat"), int) and isinstance(d.get("kind"), str)
                and isinstance(d.get("name"), str)):
            out.append(Note(d["mark"], d["kind"][:40], d["seat"], d["name"][:40]))
    return out[-MAX_NOTES:]


def first_deal(deal: tuple[Any, ...], received: list[Any]) -> list[Any]:
    """The events of the view's own log (``deal``: the current round or deal) that precede
    the first events received: the first deal's own events are filed before mark 0, so
    "the events since mark 0" lack them (a Thirty-One ``Dealt``); the view holds them.

    >>> first_deal(("D", "a", "b"), ["a", "b", "c"]), first_deal(("D",), [])
    (['D'], ['D'])
    >>> first_deal(("D", "a"), ["x", "y", "D", "a"])     # received from an earlier deal
    []
    """
    for k in range(len(deal)):
        overlap = min(len(deal) - k, len(received))
        if overlap and list(deal[k:k + overlap]) == received[:overlap]:
            return list(deal[:k])
    return list(deal) if not received else []


def shown_of(shown: int, total: int) -> str:
    """The words a log adds when it shows only the last ``shown`` of ``total`` events (a
    long round's log comes as a window, :data:`cardgames.wire.WINDOWED`); ``""`` when it
    shows them all.

    >>> shown_of(549, 1200), shown_of(12, 12)
    (' (the last 549 of 1200 events)', '')
    """
    if total <= shown:
        return ""
    return " " + ngettext("(the last {n} of {total} event)", "(the last {n} of {total} events)",
                          total).format(n=shown, total=total)

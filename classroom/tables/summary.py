"""The teacher's figures of a table: :class:`TableSummary` (public information only) and
:func:`replay_frames` (every hand: the teacher's replay, never a seat's).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from cardgames import registry
from cardgames.naming import describe_named, seat_name, seat_title
from cardgames.seat import TeacherFrame

if TYPE_CHECKING:  # pragma: no cover
    from cardgames.session import Session

    from .table import Table

__all__ = ["ReplayFrame", "TableSummary", "replay_frames", "seat_names", "seat_titles", "summarize"]



@dataclass(frozen=True)
class TableSummary:
    """One table in the teacher's live list.  ``players``: one dict per seat (``name``,
    ``kind`` student|bot|free, ``connected``, ``played_by_bot``); ``hand_sizes`` and
    ``pile_size`` (Liar), ``lives`` (Thirty-One): public counts, never a card."""

    code: str
    game: str
    status: str
    seats: int
    seats_free: int
    players: tuple[dict[str, Any], ...]
    to_act: int | None
    mark: int
    round: int | None
    pile_size: int | None
    hand_sizes: tuple[int, ...]
    lives: tuple[int, ...]
    last_calls: tuple[str, ...]
    created: float
    by: str
    options: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = [dict(p) for p in self.players]
        for key in ("hand_sizes", "lives", "last_calls"):
            data[key] = list(data[key])
        return data


def seat_names(players: list[dict[str, Any]]) -> dict[int, str]:
    """Each seat's name for the teacher's words (issue 21), the one naming of the seats
    (:func:`cardgames.naming.seat_name`, issue 29): a student's as they gave it (the page
    shows it as text, never as HTML), a bot by its kind (``bot``), never "Bot 3".

    >>> seat_names([{"name": "Ana", "kind": "student"},
    ...             {"name": "Bot 2", "kind": "bot", "bot": "heuristic"},
    ...             {"name": "", "kind": "free"}])
    {0: 'Ana', 1: 'heuristic bot'}
    """
    out = {}
    for i, p in enumerate(players):
        name = str(p.get("name") or "")
        if p.get("kind") == "bot":
            out[i] = seat_name(name, bot=str(p.get("bot") or name or "?"))
        elif name:
            out[i] = name
    return out


def seat_titles(players: list[dict[str, Any]]) -> list[str]:
    """Each seat as every page names it: "Player 2 (Ana)", "Player 1 (heuristic bot)"
    (:func:`cardgames.naming.seat_title`; a free seat: "Player 3").

    >>> seat_titles([{"name": "Ana", "kind": "student"},
    ...              {"name": "Bot 2", "kind": "bot", "bot": "heuristic"}])
    ['Player 0 (Ana)', 'Player 1 (heuristic bot)']
    """
    names = seat_names(players)
    return [seat_title(i, names.get(i, "")) for i in range(len(players))]


def summarize(t: Table, players: list[str]) -> TableSummary:
    """Table ``t``'s summary for the teacher's list; ``players``: its seats' display names
    (:meth:`TableService.seat_list <classroom.tables.service.TableService.seat_list>`)."""
    s = t.session
    pile = None
    hands: tuple[int, ...] = ()
    lives: tuple[int, ...] = ()
    calls: tuple[str, ...] = ()
    to_act = None
    rnd = None
    if s is not None:
        info = registry.get(t.game)
        view: Any = s.state.view(0)            # only its public fields are read
        counts = info.summary(view) if info.summary is not None else {}
        pile = counts.get("pile_size")
        hands = tuple(counts.get("hand_sizes", ()))
        lives = tuple(counts.get("lives", ()))
        wanted = info.last_calls
        names = seat_names(players)
        calls = tuple(describe_named(e, names) for e in s.state.events
                      if type(e).__name__ in wanted)[-3:]
        to_act = s.to_act
        rnd = s.view(0).round
    return TableSummary(
        code=t.code, game=t.game, status=t.status, seats=t.seats,
        seats_free=0 if s is not None else t.seats - len(t.names),
        players=tuple(players), to_act=to_act, mark=0 if s is None else s.mark,
        round=rnd, pile_size=pile, hand_sizes=hands, lives=lives, last_calls=calls,
        created=t.created, by=str(t.config.get("by", "teacher")),
        options=dict(t.config.get("options", {})))


@dataclass(frozen=True)
class ReplayFrame:
    """One moment of a table for the teacher: ``frame`` (the session's
    :class:`~cardgames.seat.TeacherFrame`, the state with every hand: what was true)
    and ``views`` (each seat's engine view then: what it knew).  **The teacher's only.**"""

    frame: TeacherFrame
    views: tuple[Any, ...]

    @property
    def mark(self) -> int:
        return self.frame.mark

    @property
    def hands(self) -> list[str]:
        """Every seat's hand then, in the card notation."""
        return [str(v.to_dict().get("hand", "")) for v in self.views]

    def to_dict(self) -> dict[str, Any]:
        """JSON data: ``game``, ``match``, ``move``, ``mark``, ``action``, ``hands``, ``views``."""
        views = [v.to_dict() for v in self.views]
        f = self.frame
        return {"game": f.game, "match": f.match, "move": f.move, "mark": f.mark,
                "action": f.action, "hands": [v.get("hand") for v in views], "views": views}


def replay_frames(session: Session) -> list[ReplayFrame]:
    """Every frame of ``session.replay()`` with each seat's view at it."""
    seats = range(len(session.seats))
    return [ReplayFrame(f, tuple(f.state.view(p) for p in seats)) for f in session.replay()]

"""The teacher's replay as plain data: every hand, and what each seat knew then (issue 21).

:func:`replay_data` turns a session's :class:`~cardgames.seat.TeacherFrame` list (full
information, **the teacher's only**) into JSON for the replay page: per step the true
hands (and the true pile of Liar with each play's truth, the table of Thirty-One), and
beside each seat what that seat knew at that moment, read from its own view of that
state (``state.view(seat)``, the same view the seat was sent): its own hand, and of
every other seat the cards it knew for certain were there (Liar:
:func:`cardgames.liar.probability.known_holdings`; Thirty-One:
:func:`cardgames.thirtyone.beliefs.known_cards`) and how many it could not see.  Each
game's step is its own (:attr:`GameInfo.replay_step <cardgames.registry.GameInfo.replay_step>`).

:func:`seeded_session` plays a seeded game with bots through
:class:`cardgames.session.Session`: the teacher mode of the replay.

>>> s = seeded_session("liar", seed=3, bots=["heuristic"] * 3)
>>> data = replay_data(s.replay(), [seat.name for seat in s.seats], game="liar")
>>> data["steps"][0]["action"] is None and len(data["steps"][0]["hands"]) == 3
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardgames import registry
from cardgames.cards import Chronicler, make_deck, parse_card
from cardgames.errors import ConfigError
from cardgames.i18n import gettext as _
from cardgames.i18n import language
from cardgames.naming import describe_named, seat_title
from cardgames.render import back_svg, card_svg
from cardgames.seat import TeacherFrame
from cardgames.session import Seat, Session

__all__ = ["MAX_STEPS", "card_pictures", "replay_data", "seeded_session"]

#: The most steps a replay page holds (a teacher-mode match is cut there).
MAX_STEPS = 4000
_MAX_SEED = 2**63 - 1


def _frames(frames: Sequence[Any]) -> list[TeacherFrame]:
    """The service may hand frames as TeacherFrames or as (frame, views) pairs."""
    out = []
    for f in frames:
        if not isinstance(f, TeacherFrame):
            f = getattr(f, "frame", None) or (f[0] if isinstance(f, (tuple, list)) else f)
        if not isinstance(f, TeacherFrame):
            raise TypeError(f"not a teacher frame: {type(f).__name__}")
        out.append(f)
    return out


def replay_data(frames: Sequence[Any], names: Sequence[str], *, game: str,
                lang: str = "en") -> dict[str, Any]:
    """The replay of ``frames`` (see the module doc) with the seats' ``names`` (each
    seat's :func:`cardgames.naming.seat_name`), its texts (the events' descriptions, each
    seat named as on every page: "Player 2 (Ana)", issue 29) in ``lang``; at most
    :data:`MAX_STEPS` steps."""
    info = registry.get(game)
    n = len(names)
    named = {i: name for i, name in enumerate(names) if name}
    step_of = info.replay_step           # the game's own: every hand, what each seat knew
    assert step_of is not None, info.name
    steps = []
    previous: Any = None
    with language(lang):
        for f in _frames(frames)[:MAX_STEPS]:
            state = f.state
            events = list(state.events)
            before = (len(previous.state.events) if previous is not None
                      and (previous.game, previous.match) == (f.game, f.match)
                      and len(previous.state.events) <= len(events) else 0)
            step = step_of(state, n)
            step.update(game=f.game, match=f.match, move=f.move, action=f.action,
                        to_act=state.current_player, over=bool(state.is_over()),
                        said=[describe_named(e, named) for e in events[before:]])
            steps.append(step)
            previous = f
        titles = [seat_title(i, name) for i, name in enumerate(names)]
    return {"game": info.name, "names": list(names), "titles": titles, "steps": steps,
            "cut": len(frames) > MAX_STEPS}


def card_pictures(*, lang: str = "en", width: float = 46) -> dict[str, str]:
    """The SVG of every card of both games (and ``"back"``), by notation, in ``lang``."""
    cards = [*make_deck(decks=1, chroniclers=(Chronicler.COLORFUL, Chronicler.PALE)), parse_card("*")]
    with language(lang):
        out = {str(c): card_svg(c, width=width, label=False) for c in cards}
        out["back"] = back_svg(width=width)
    return out


def seeded_session(game: str, *, seed: int, bots: Sequence[str],
                   whole_match: bool = False) -> Session:
    """A session of ``game`` with a bot in each seat (``bots``: registry names, 2-9
    seats as the game allows), dealt from ``seed`` and played to its end by the bots
    (one round or deal; ``whole_match``: the match, at most :data:`MAX_STEPS` moves)."""
    info = registry.get(game)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise ConfigError(_("seed must be a whole number 0-{most}, not {seed!r}")
                          .format(most=_MAX_SEED, seed=seed))
    session = Session.new(info.name, seats=[Seat.bot(b.strip().lower()) for b in bots],
                          seed=seed, match=bool(whole_match))
    moves = 0
    while moves < MAX_STEPS:
        done = session.run_bots(limit=MAX_STEPS - moves)
        moves += len(done) or 1
        if session.match_over or not done:
            if not session.over or session.match_over:
                break
        if session.over and not session.match_over:
            session.next_game()
    return session

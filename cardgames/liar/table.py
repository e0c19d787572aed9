"""What a table of Liar adds to the engine, for the registry (:mod:`cardgames.registry`):
its match (:func:`make_match`, R-L10), how its seat view travels on the wire
(:data:`VIEW_CODEC`: the plays are derived from the hand again, R-L4), its public
counts in the teacher's list (:func:`summary`), the events shown there as the last
calls, the teacher's replay step (:func:`replay_step`, every hand) and the options a
table's form offers (:data:`TABLE_FORM`).

>>> from cardgames.liar.game import LiarGame
>>> m = make_match(LiarGame(players=3), seed=4, single=False, rounds=None, target=None)
>>> m.seat_view(m.next_game()[0], None)["rounds"] is None     # rounds without end
True
"""

from __future__ import annotations

from typing import Any

from cardgames.cards import format_cards
from cardgames.codec import MAX_EVENTS, MAX_PLAYS
from cardgames.core import Match, ViewCodec
from cardgames.i18n import N_
from cardgames.liar.game import LiarGame
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.match import ENDLESS, LiarMatch, LiarRound
from cardgames.liar.phase import Phase
from cardgames.liar.view import LiarView
from cardgames.limits import LIAR_MAX_PLAYS

__all__ = ["CLI_OPTIONS", "LAST_CALLS", "TABLE_DEFAULTS", "TABLE_FORM", "VIEW_CODEC", "make_match",
           "replay_step", "seat_legal", "summary"]

#: The events a teacher's list shows as "the last calls".
LAST_CALLS = ("CallMade", "Revealed", "PileTaken", "WentOut", "RoundOver")
#: The options ``cardgames simulate --option KEY=VALUE`` takes, with the largest value and
#: why: each bound is far beyond a real game and keeps one run to minutes, not days.
CLI_OPTIONS = {
    "decks": (1, 2, N_("decks 1 or 2 (R-L2)")),
    "chroniclers": (0, 0, N_("chroniclers none, both, colorful or pale (R-L2)")),
    "points": (0, 1000, N_("points: up to 8 whole numbers 0-1000 per place (R-L10)")),
    "max_plays": (1, 100_000, N_("max_plays 1-100000: the safety cap on a round's plays "
                                 "(default 1000)")),
    "tie_places": (0, 0, N_("tie_places competition or dense (R-L10)")),
    "target": (1, 1000, N_("target 1-1000: a match to this many points (R-L10); 1000 is "
                           "already hundreds of rounds")),
}
#: The options a table's form offers: name -> (kind, default): a whole number, a choice
#: (the Chroniclers, L2, L12, L13: "none" for none) and the match's rounds (R-L10).
TABLE_FORM = {"decks": ("whole", "1"), "chroniclers": ("choice", "none"),
              "rounds": ("whole", "5")}
#: The options an online table has besides its form's: a round stops after
#: :data:`~cardgames.limits.LIAR_MAX_PLAYS` plays, places by cards held (the rules'
#: "Settled by the program" 10: two careful players could go round for ever, issue 29).
TABLE_DEFAULTS = {"max_plays": LIAR_MAX_PLAYS}


def make_match(game: Any, *, seed: int, single: bool, rounds: int | None = 5,
               target: int | None = None) -> Match:
    """The match of a table (R-L10): ``rounds`` rounds or to ``target`` points (both
    ``None``: rounds without end); ``single``: one round, dealt from ``seed`` itself."""
    assert isinstance(game, LiarGame)
    if single:
        return LiarRound(game, seed=seed)
    return LiarMatch(game, seed=seed, target=target,
                     rounds=ENDLESS if rounds is None and target is None else rounds)


def seat_legal(view: Any, seat: int, to_act: int | None) -> LiarLegalActions | None:
    """A seat's legal actions derived from its view as the engine makes them (lazily:
    nothing is listed): the call window's two, or every play of the hand (L7, R-L4)."""
    if to_act != seat or view.current_player != seat:
        return None
    if view.phase is Phase.CALL_WINDOW:
        return LiarLegalActions(Phase.CALL_WINDOW, seat)
    if view.phase is Phase.PLAY:
        return LiarLegalActions.for_play(seat, view.hand)
    return None


#: A Liar seat view on the wire: the public log and the seat's own plays windowed.
VIEW_CODEC = ViewCodec(view=LiarView, windows={"events": MAX_EVENTS, "my_plays": MAX_PLAYS},
                       legal=seat_legal)


def summary(view: Any) -> dict[str, Any]:
    """The public counts of a table for the teacher's list: the pile, each hand (L4)."""
    return {"pile_size": int(view.pile_size),
            "hand_sizes": tuple(int(n) for n in view.hand_sizes)}


def _codes(cards: Any) -> list[str]:
    text = format_cards(tuple(cards))
    return text.split() if text else []


def replay_step(state: Any, n: int) -> dict[str, Any]:
    """One step of the teacher's replay: every hand, the pile (each play's cards and
    whether it was true) and what each seat knew of the others' hands (R-L11)."""
    from cardgames.liar.probability import known_holdings

    knew = []
    for p in range(n):
        view = state.view(p)
        known = known_holdings(view)
        own_pile = [c for r in view.pile if r.cards is not None for c in r.cards]
        knew.append({"others": [{"seat": q, "known": _codes(sorted(known[q].elements())),
                                 "hidden": max(view.hand_sizes[q] - sum(known[q].values()), 0)}
                                for q in range(n) if q != p],
                     "pile_known": _codes(own_pile), "pile_size": view.pile_size})
    pile = [{"player": e.player, "cards": _codes(e.cards), "announced": e.announced.label,
             "true": bool(e.is_true())} for e in state.pile]
    return {"hands": [_codes(state.hand(p)) for p in range(n)], "pile": pile, "knew": knew,
            "table": [], "lives": [], "out": []}

"""Liar ("Laž!"): the bluffing game of rules L1-L13 and rulings R-L1-R-L11
(``docs/rules/en.md``).

The public API (an instance of the game protocol of :mod:`cardgames.core`):

- ``LiarGame(*, players=4, decks=1, chroniclers=(), points=(4, 3, 2, 1), max_plays=None,
  tie_places="competition")``
  with ``new_state(*, seed, dealer=0)``, ``state_from_position(*, hands, pile=(),
  current_player=None, due_rank=None, phase="play", put_aside=None, dealer=0)``,
  ``replay(seed, actions, dealer=0)``, ``deck()``, ``deck_size``, ``hand_size``,
  ``put_aside_count``; module-level ``replay(game, seed, actions, dealer=0)``.
- ``LiarState``: ``current_player``, ``phase`` (``Phase.PLAY``, ``CALL_WINDOW``,
  ``OVER``; :mod:`cardgames.liar.phase`), ``due_rank``, ``claim``, ``legal_actions()`` (lazy
  ``LiarLegalActions``: ``in``, ``len``, iteration, ``sample(rng)``, ``summary()``),
  ``apply(action | str, *, player=None)``, ``is_over()``, ``outcome()``
  (``LiarOutcome``: ``winners``, ``places``, ``returns``, ``reason``, ``points``,
  ``cards_held``; ``winner`` for older code),
  ``history``, ``events``, ``view(player)``, ``hand(player)``, ``hand_sizes``,
  ``pile_size``, ``own_plays(player)``, ``clone()``, ``to_json()``,
  ``LiarGame.state_from_json(text)``, ``describe()``; ``==`` compares the full state.
- Actions ``Play(cards)``, ``Call()``, ``Pass()`` (``CALL``, ``PASS``);
  ``LiarAction.parse("play 7H 7B" | "call" | "pass")``.
- Events ``Played``, ``Passed``, ``CallMade``, ``Revealed``, ``PileTaken``,
  ``PalePenalty``, ``WentOut``, ``RoundOver``, each with ``describe()``.
- ``LiarView`` (``to_dict()``), with ``PileRecord`` and ``OwnPlay``.
- ``LiarMatch(game, *, seed, rounds=None, target=None, first_dealer=0)``.
- Odds: ``claim_probability(view, *, claim=None, exclude_known=True, exact=False)``,
  ``claim_probability_counts(*, unseen_total, unseen_good, n, exact=False)``,
  ``holding_distribution(view, rank, *, players=None, chroniclers=False, exact=False)``,
  ``honest_claim_probability(view, *, claim=None, exact=False)``,
  ``unseen_cards``, ``known_holdings``, ``hypergeometric_pmf``.
- Bots: ``LiarRandomAgent``, ``LiarHeuristicAgent``, ``LiarCallerAgent(threshold=0.5)``,
  ``LiarExpertAgent``; by name: ``cardgames.registry.get("liar").bots``.

>>> from cardgames.liar import LiarGame, Play
>>> game = LiarGame(players=3)
>>> state = game.new_state(seed=1)
>>> state.current_player, state.due_rank.plural
(1, 'sevens')
>>> import random
>>> state.apply(state.legal_actions().sample(random.Random(0)))
>>> state.phase.name, state.current_player        # the call window asks player 2 first
('CALL_WINDOW', 2)

Settled where the rules are silent (each in the originals' spirit):

1. **The Pale Chronicler in a play (L13).** "May only be played as a bluff" is
   read as a description, not a restriction: the Pale Chronicler is never of
   the announced rank, so any play holding it is a bluff.  It may be played
   alone or with other cards (R-L4 allows any 1-4 cards).  A called play
   holding it *and* a wrong ordinary card is a lie (R-L6: one wrong card makes
   it a lie), so the player who played it takes the pile.
2. **"The next player must call it" (L13) vs the window (R-L5).** The penalty
   of R-L7 applies when *nobody* in the window calls; a call by any player in
   the window counts as the Pale being called (R-L7 says "is not called").
3. **Two Pale Chroniclers in one uncalled play** (two decks): one penalty;
   the public learns only that the play held the Pale Chronicler (R-L7).
4. **The Colorful Chronicler "at any time" (L12)** means in any of your own
   plays, whatever rank is due; nobody plays out of turn.
5. **Going out after a true call** (R-L9): the caller first takes the pile,
   then the round ends; the caller's cards, pile included, count for places.
6. **Places (R-L10)**: "equal counts share the better place" uses competition
   ranking by default: 1, 2, 2, 4 (the place after a tie is skipped);
   *option* ``LiarGame(tie_places="dense")`` gives 1, 2, 2, 3.  Points by place
   from ``LiarGame.points``, 0 below.  ``points`` must not increase with
   the place.
7. **The deal (L5, R-L3)**: cards are dealt one at a time starting with seat
   dealer+1; the last ``deck_size % players`` cards are put aside.
8. **Passes are public**: the log records each ``Passed`` (at the table a
   player says aloud that they let the play stand, R-L5).
9. **The first play** has no call window before it; ``call``/``pass`` are only
   legal in the window right after a play (R-L5).
10. **A round ends under the rules only with probability one** (it is
    possible, if unlikely, to cycle for ever).  The *option*
    ``LiarGame(max_plays=...)`` (off by default) stops a simulation once that
    many plays have been made and their windows closed: no winner
    (``outcome().winners == ()``, ``reason == "cap"``), places by cards held.
    Random agents end every game without it, and rounds among heuristic bots
    (3-4 players, or two decks) end by someone going out in about 98-100%
    of rounds within 300 plays; 2-player rounds between bots, and rounds with
    two ``caller`` bots, can cycle (see :mod:`cardgames.liar.bots`), so
    tournaments and ``cardgames simulate liar`` use the safety cap
    ``max_plays=1000`` by default
    (:data:`cardgames.analysis.tournament.LIAR_MAX_PLAYS`).
11. **Hand-built positions** (``state_from_position``): unless given, the
    cards not in a hand or the pile are put aside, so every card is somewhere;
    only the player under an open call window may hold no cards.
12. **Claim odds** (:mod:`cardgames.liar.probability`) define exactly which
    cards a player "has not seen".
"""

from cardgames.liar.actions import CALL, PASS, Call, LiarAction, Pass, Play
from cardgames.liar.bots import LiarCallerAgent, LiarHeuristicAgent, LiarRandomAgent
from cardgames.liar.events import (
    CallMade,
    LiarEvent,
    PalePenalty,
    Passed,
    PileTaken,
    Played,
    Revealed,
    RoundOver,
    WentOut,
)
from cardgames.liar.game import LiarGame, replay
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.match import LiarMatch, Standing, round_seed
from cardgames.liar.phase import Phase
from cardgames.liar.probability import (
    claim_probability,
    claim_probability_counts,
    holding_distribution,
    honest_claim_probability,
    hypergeometric_pmf,
    known_holdings,
    unseen_cards,
)
from cardgames.liar.state import LiarOutcome, LiarState, PilePlay
from cardgames.liar.view import LiarView, OwnPlay, PileRecord

__all__ = [
    "LiarGame", "LiarState", "LiarOutcome", "Phase", "PilePlay", "replay",
    "LiarAction", "Play", "Call", "Pass", "CALL", "PASS", "LiarLegalActions",
    "LiarView", "PileRecord", "OwnPlay",
    "LiarEvent", "Played", "Passed", "CallMade", "Revealed", "PileTaken", "PalePenalty",
    "WentOut", "RoundOver",
    "LiarMatch", "Standing", "round_seed",
    "claim_probability", "claim_probability_counts", "holding_distribution",
    "honest_claim_probability",
    "hypergeometric_pmf", "known_holdings", "unseen_cards",
    "LiarRandomAgent", "LiarHeuristicAgent", "LiarCallerAgent", "LiarExpertAgent",
]

# The expert bot builds on this package's bots (imported last: it imports them); the
# bots by name are in cardgames.registry.
from cardgames.liar.expert import LiarExpertAgent  # noqa: E402

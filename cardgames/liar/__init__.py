"""Liar ("Laž!"): the bluffing game of RULES.md L1-L13 and rulings R-L1-R-L11.

Public API (see ``docs/ARCHITECTURE.md`` for the shared protocol):

>>> from cardgames.liar import LiarGame, Play
>>> game = LiarGame(players=3)
>>> state = game.new_state(seed=1)
>>> state.current_player, state.due_rank.plural
(1, 'sevens')
>>> import random
>>> state.apply(state.legal_actions().sample(random.Random(0)))
>>> state.phase.name, state.current_player        # the call window asks player 2 first
('CALL_WINDOW', 2)

Settled where RULES.md is silent (each in the originals' spirit):

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
   ranking: 1, 2, 2, 4 (the place after a tie is skipped); points by place
   from ``LiarGame.points``, 0 below.
7. **The deal (L5, R-L3)**: cards are dealt one at a time starting with seat
   dealer+1; the last ``deck_size % players`` cards are put aside.
8. **Calls and passes are public**: the log records each ``Passed`` (a pass
   is said aloud at the table, R-L5).
9. **A round always ends under the rules** only with probability one; the
   *option* ``LiarGame(max_plays=...)`` (off by default) stops a simulation
   after that many plays, with no winner and places by cards held
   (``outcome().reason == "cap"``).
10. **Claim odds** (:mod:`cardgames.liar.probability`): what a player has
    "not seen" is defined there.
"""

from cardgames.liar.actions import CALL, PASS, Call, LiarAction, Pass, Play
from cardgames.liar.events import (
    CallMade, LiarEvent, PalePenalty, Passed, PileTaken, Played, Revealed, RoundOver, WentOut,
)
from cardgames.liar.game import LiarGame, replay
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.state import LiarOutcome, LiarState, Phase, PilePlay
from cardgames.liar.view import LiarView, OwnPlay, PileRecord
from cardgames.liar.match import LiarMatch, Standing, round_seed
from cardgames.liar.probability import (
    claim_probability, claim_probability_counts, holding_distribution, hypergeometric_pmf,
    known_holdings, unseen_cards,
)
from cardgames.liar.bots import BOTS, LiarCallerAgent, LiarHeuristicAgent, LiarRandomAgent

__all__ = [
    "LiarGame", "LiarState", "LiarOutcome", "Phase", "PilePlay", "replay",
    "LiarAction", "Play", "Call", "Pass", "CALL", "PASS", "LiarLegalActions",
    "LiarView", "PileRecord", "OwnPlay",
    "LiarEvent", "Played", "Passed", "CallMade", "Revealed", "PileTaken", "PalePenalty",
    "WentOut", "RoundOver",
    "LiarMatch", "Standing", "round_seed",
    "claim_probability", "claim_probability_counts", "holding_distribution",
    "hypergeometric_pmf", "known_holdings", "unseen_cards",
    "LiarRandomAgent", "LiarHeuristicAgent", "LiarCallerAgent", "BOTS",
]

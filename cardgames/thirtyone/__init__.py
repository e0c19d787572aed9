"""Thirty-One (rules T1-T14, rulings R-T1-R-T10 of ``docs/rules/en.md``): scoring, the game
engine and bots.

>>> from cardgames.thirtyone import ThirtyOneGame, score, explain
>>> score("AH KH 9H")
30.0
>>> state = ThirtyOneGame(players=3, chronicler=True).new_state(seed=7)
>>> state.current_player, [str(a) for a in state.legal_actions()]
(0, ['keep', 'exchange'])

An instance of the game protocol of :mod:`cardgames.core`.  Modules: ``score``
(score, explain, classify), ``actions`` (the ThirtyOneAction base class, Keep ...
Stand, parse_action), ``phase`` (Phase), ``events`` (the public log), ``view``
(ThirtyOneView: what a player knows, R-T9), ``game`` (ThirtyOneGame:
configuration, ``new_state``, ``state_from_position``, ``replay``; the design
and what it settles where the rules are silent), ``state`` (ThirtyOneState,
ThirtyOneLegalActions, ThirtyOneOutcome), ``snapshot`` (versioned JSON) and
``bots`` (ThirtyOneHeuristicAgent, self_play).
"""

from cardgames.thirtyone.actions import (
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
    parse_action,
)
from cardgames.thirtyone.bots import (
    RandomAgent,
    ThirtyOneHeuristicAgent,
    final_turn_best,
    hand_after,
    self_play,
)
from cardgames.thirtyone.events import (
    DealOver,
    DealResult,
    Dealt,
    Event,
    Exchanged,
    Kept,
    LifeLost,
    MatchOver,
    Passed,
    PlayerOut,
    Revealed,
    Scored,
    Stood,
    Swapped,
    ThreeAces,
)
from cardgames.thirtyone.game import (
    LegalActions,
    ThirtyOneGame,
    ThirtyOneLegalActions,
    ThirtyOneOutcome,
    ThirtyOneState,
    replay,
)
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.score import (
    MIN_SCORE,
    THREE_ACES_SCORE,
    THREE_OF_A_RANK_SCORE,
    Explanation,
    ScoreKind,
    classify,
    explain,
    score,
    score_kind,
    suit_total,
)
from cardgames.thirtyone.view import ThirtyOneView

__all__ = [
    # scoring
    "MIN_SCORE", "THREE_ACES_SCORE", "THREE_OF_A_RANK_SCORE",
    "Explanation", "ScoreKind", "classify", "explain", "score", "score_kind", "suit_total",
    # actions
    "ThirtyOneAction", "Keep", "Exchange", "SwapOne", "SwapAll", "Pass", "Reveal", "Stand",
    "parse_action",
    # events
    "Event", "DealResult", "Dealt", "Kept", "Exchanged", "Swapped", "Passed", "Revealed",
    "Stood", "ThreeAces", "Scored", "LifeLost", "PlayerOut", "DealOver", "MatchOver",
    # game
    "Phase", "ThirtyOneView", "ThirtyOneGame", "ThirtyOneState", "ThirtyOneOutcome",
    "ThirtyOneLegalActions", "LegalActions", "replay",
    # bots
    "RandomAgent", "ThirtyOneHeuristicAgent", "ThirtyOneExpertAgent", "hand_after",
    "final_turn_best", "self_play",
]

# The expert bot builds on this package's bots (imported last); the bots by name are in
# cardgames.registry.
from cardgames.thirtyone.expert import ThirtyOneExpertAgent  # noqa: E402

"""Thirty-One (T1-T14, R-T1-R-T10 of RULES.md): scoring, game engine and bots.

>>> from cardgames.thirtyone import score, explain
>>> score("AH KH 9H")
30.0
"""

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

__all__ = [
    "MIN_SCORE", "THREE_ACES_SCORE", "THREE_OF_A_RANK_SCORE",
    "Explanation", "ScoreKind", "classify", "explain", "score", "score_kind", "suit_total",
]

"""Shared helpers for the Liar tests (hand-built positions, card counting)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgames.cards import parse_cards
from cardgames.liar import LiarGame, LiarState


def cards(text: str) -> list:
    return parse_cards(text)


def everywhere(state: LiarState) -> Counter:
    """Every card of the state as a multiset: hands + pile + put aside."""
    out = Counter(state.put_aside)
    for p in range(state.game.players):
        out.update(state.hand(p))
    for e in state.pile:
        out.update(e.cards)
    return out


@pytest.fixture
def game3() -> LiarGame:
    return LiarGame(players=3)

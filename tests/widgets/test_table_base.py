"""widgets.tables.table_base: what the player reads of a refusal (from the error's fields only),
the shared drawing helpers, and the doctests of the table modules."""

from __future__ import annotations

import doctest
import importlib

import pytest

from cardgames.errors import (
    ActionParseError,
    AgentError,
    GameOverError,
    IllegalActionError,
)
from cardgames.thirtyone import Pass
from widgets.tables.table_base import backs_html, cards_html, refusal_text


@pytest.mark.parametrize("name", ["widgets.tables.table_base", "widgets.kit.table_html",
                                  "widgets.tables.liar_table", "widgets.tables.liar_draw",
                                  "widgets.tables.thirtyone_table", "widgets.tables.thirtyone_draw"])
def test_doctests(name, live_widgets):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted >= 1 and result.failed == 0


SECRET = "player 2 holds KH AH"   # what an engine message might carry: never shown


def test_the_reason_and_the_rule_come_from_the_fields():
    e = IllegalActionError(SECRET, player=0, action=Pass(), rule="R-T5",
                           reason="you passed on your last turn", legal="swap one or reveal")
    assert refusal_text(e) == ("You cannot “pass” now: you passed on your last turn (R-T5). "
                               "Legal now: swap one or reveal.")


def test_without_a_reason_the_tables_words_for_the_rule():
    e = IllegalActionError(SECRET, player=0, action="call", rule="R-L5")
    words = {"R-L5": "calling is only possible in the call window"}
    assert refusal_text(e, rule_words=words) == (
        "You cannot “call” now: calling is only possible in the call window (R-L5).")
    # no words for that rule: the rule alone
    assert refusal_text(e) == "You cannot “call” now (R-L5)."


def test_legal_is_left_out_when_it_is_not_the_players_own():
    e = IllegalActionError(SECRET, player=0, action="pass", rule="R-L5",
                           reason="it is not your turn", legal="play 7H 8H")
    text = refusal_text(e, show_legal=False)
    assert text == "You cannot “pass” now: it is not your turn (R-L5)." and "7H" not in text


@pytest.mark.parametrize("err", [
    ValueError(SECRET), RuntimeError(SECRET), ActionParseError(SECRET),
    IllegalActionError(SECRET), GameOverError(SECRET, rule="L11"),
    AgentError(SECRET, agent="bot", player=2, action="pass", rule="R-L5"),
])
def test_the_message_text_never_appears(err):
    text = refusal_text(err)
    assert "holds" not in text and "KH" not in text and text


def test_drawings_hold_no_card_for_a_back():
    backs = backs_html(20, 22, most=12)
    assert backs.count("card-back") == 12 and "+8" in backs and "data-card" not in backs
    assert cards_html([None, None], 30).count("card-back") == 2


def test_a_bot_error_prints_nothing_a_kernel_would_send_to_the_browser():
    """With logging not configured (as in a Voila kernel), a failing bot writes nothing to
    stdout or stderr: a kernel sends both to the browser, and the error names the bot's
    cards.  (A fresh process: pytest's own log capture would hide a print here.)"""
    import os
    import subprocess
    import sys

    code = """
from cardgames.liar import PASS
from widgets import LiarTable

class Cheat:
    name = "cheat"
    def act(self, view, legal, rng):
        return PASS

table = LiarTable(bots=(Cheat(), "heuristic"), seed=3)
assert table.stopped and table.bot_error is not None
"""
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""

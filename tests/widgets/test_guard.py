"""widgets.kit.guard: the explainers show a failing callback the way the tables do (issue 17
item 5): an expected error in its own words, anything else as a fixed line, the traceback
in the Python log, never in the page."""

from __future__ import annotations

import html
import logging

import pytest

from cardgames.errors import ConfigError
from widgets.explainers.call_explainer import CallExplainer
from widgets.explainers.call_odds import CallOdds
from widgets.explainers.hand_scorer import HandScorer
from widgets.kit.guard import FAILED, guarded
from widgets.kit.table_html import CLICK_FAILED
from widgets.tables.liar_table import LiarTable


def test_guarded_words_expected_errors_logs_the_rest_and_stops_once_closed(caplog):
    shown, closed = [], [False]
    calls = []

    def boom(*args):
        calls.append(args)
        raise ZeroDivisionError("secret internals")

    handler = guarded(boom, show=shown.append, where="demo", closed=lambda: closed[0],
                      after_failure=lambda: shown.append("redrawn"))
    with caplog.at_level(logging.ERROR, logger="widgets.kit.guard"):
        handler({"new": 3})
    assert calls == [({"new": 3},)]                  # the callback's arguments passed on
    assert shown == [FAILED, "redrawn"]
    assert [r.getMessage() for r in caplog.records] == ["demo: a callback failed"]
    assert "secret internals" in caplog.text         # the details: in the log only
    closed[0] = True
    handler()
    assert len(calls) == 1                           # closed: nothing runs

    refused = guarded(lambda: (_ for _ in ()).throw(ConfigError("no (R-L2)")),
                      show=shown.append, where="demo", expected=(ValueError,),
                      explain=lambda e: f"refused: {e}")
    refused()
    assert shown[-1] == "refused: no (R-L2)"


def _raise(exc):
    def fail(*args, **kwargs):
        raise exc
    return fail


@pytest.mark.parametrize(("make", "out", "module"), [
    (CallOdds, lambda w: w.answer.value, "widgets.explainers.call_odds"),
    (CallExplainer, lambda w: w.play_line.value, "widgets.explainers.call_explainer"),
    (HandScorer, lambda w: w.score.value, "widgets.explainers.hand_scorer"),
])
def test_an_explainer_shows_a_bug_as_a_fixed_line_and_logs_it(make, out, module, monkeypatch,
                                                               caplog, live_widgets):
    widget = make()
    monkeypatch.setattr(widget, "_render_unsafe", _raise(KeyError("internal detail")))
    with caplog.at_level(logging.ERROR, logger=module):
        widget._render()
    text = html.unescape(out(widget))
    assert FAILED in text and "internal detail" not in text
    assert [r.name for r in caplog.records] == [module]
    assert widget.result is None


@pytest.mark.parametrize(("make", "out"), [
    (CallOdds, lambda w: w.answer.value),
    (CallExplainer, lambda w: w.play_line.value),
    (HandScorer, lambda w: w.score.value),
])
def test_an_explainer_shows_an_expected_error_in_its_own_words(make, out, monkeypatch,
                                                               caplog, live_widgets):
    widget = make()
    monkeypatch.setattr(widget, "_render_unsafe",
                        _raise(ConfigError("pick the announced rank")))
    with caplog.at_level(logging.ERROR):
        widget._render()
    assert "pick the announced rank" in html.unescape(out(widget))
    assert FAILED not in html.unescape(out(widget)) and not caplog.records


def test_a_table_uses_the_same_helper(monkeypatch, caplog, live_widgets):
    table = LiarTable(bots=("heuristic", "heuristic"), seed=1)
    handler = table._guarded(_raise(KeyError("internal detail")))
    with caplog.at_level(logging.ERROR, logger="widgets.tables.table_base"):
        handler(None)
    assert CLICK_FAILED in html.unescape(table.message.value)
    assert "internal detail" not in table.message.value
    assert [r.getMessage() for r in caplog.records] == ["Liar table: a callback failed"]
    table.close()

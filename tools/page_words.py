"""Programmers' words on a student's page (issue 31): what Voila shows of a lesson, checked.

Voila serves a lesson with its code hidden (``strip_sources``) and the cells tagged
``teacher`` removed (``voila.json``): a student reads the markdown and the outputs only.
Nothing there may be a programmer's word: a Python value (``'Unter'``, ``(30.0, '…')``,
``phase: CALL_WINDOW``), a module or function name (``cardgames.liar``,
``hands.probability(at_least=30)``, ``Rank.advance``), a file path (``docs/rules/en.md``),
a raw seed (``2802880029164996117``, ``random#2``) or a score written as a float (``21.0``).

:func:`problems` finds them in a text; :func:`code_span_problems` in the texts a page
shows as code (markdown's backticks, a page's ``<code>`` elements), where only card
notation is allowed (``AH``, ``10B``, ``*``, ``*C``, ``AH KH *``);
:func:`shown_texts` lists what Voila shows of a stored notebook, so that the same
check runs without a browser (``tests/lessons/test_page_words.py``) and on the served page
(``tests/browser/test_lesson_page_words.py``).

>>> problems("Needs: cardgames.liar, hands.probability(at_least=30); phase: CALL_WINDOW")
['dotted name: cardgames.liar', 'dotted name: hands.probability', 'call with arguments: probability(at_least=30)', 'code name: at_least', 'code name: CALL_WINDOW']
>>> problems("AH KH 9H scores 30; P(score = 30.5) = 0.0056; e.g. 4/31; C(21,0)")
[]
>>> problems("(30.0, 'Hearts: Ace 11')"), problems("'Unter'"), problems("score 21.0")
(["repr of a text: (30.0, '"], ["repr of a text: 'Unter'"], ['score as a float: 21.0'])
>>> problems("keep the rows with chronicler = True"), problems("True or False? None of them")
(['python literal: = True'], [])
>>> problems("seed 2802880029164996117, winner random#2")
['raw seed: 2802880029164996117', 'bot id: random#2']
>>> code_span_problems(["AH KH *", "10L", "*P", "hands.hand_table", "explain"])
['code span: hands.hand_table', 'code span: explain']
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

__all__ = ["CARDS", "code_span_problems", "markdown_text", "output_text", "problems",
           "shown_texts"]

#: Card notation, one card or several (what a ``<code>`` on a student's page may hold).
CARDS = re.compile(r"^(?:(?:10|[789UOKA])[HBLA]|\*[CP]?)(?:\s+(?:(?:10|[789UOKA])[HBLA]|\*[CP]?))*$")

_CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # cardgames.liar, hands.probability, Rank.advance (not "e.g.", not 0.5)
    ("dotted name", re.compile(r"\b[A-Za-z][A-Za-z0-9_]+\.[a-z_][a-z0-9_]*[a-z0-9_](?=\W|$)")),
    ("call with arguments", re.compile(r"\b[A-Za-z_]\w*\((?:[^()]*\b)?[a-z_]\w*=[^()]*\)")),
    # snake_case (win_rate, state_from_position) and UPPER_SNAKE (CALL_WINDOW)
    ("code name", re.compile(r"\b(?:[a-z][a-z0-9]*_[a-z0-9_]+|[A-Z][A-Z0-9]*_[A-Z0-9_]+)\b")),
    ("enum member", re.compile(r"\b[A-Z][A-Za-z]+\.[A-Z][A-Z0-9_]+\b")),
    # a comparison with a Python constant: chronicler = True, x is None
    ("python literal", re.compile(r"(?:[=!]=?|\bis(?: not)?)\s*(?:True|False|None)\b")),
    ("class name", re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Agent|Game|State|Widget|Error)\b")),
    # a Python repr of a text: 'Unter', ('…', …), (30.0, '…')
    ("repr of a text", re.compile(r"(?:^|(?<=[\s(\[,]))'[^'\n]{1,80}'(?=[\s)\],:]|$)"
                                  r"|\(\s*-?\d+\.\d+,\s*'")),
    # (not a binomial coefficient's C(21,0))
    ("score as a float", re.compile(r"(?<![\d.,(])(?:[12]\d|3[0-3])[.,]0(?![\d)])")),
    ("raw seed", re.compile(r"(?<![\d.,])\d{10,}(?![\d])")),
    ("bot id", re.compile(r"\b[a-z]+#\d+\b")),
    ("file path", re.compile(r"\b[\w-]+/[\w./-]*\.(?:md|py|ipynb|json|cfg|po)\b")),
)
_LATEX = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_TAG = re.compile(r"<[^>]+>")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")


def problems(text: str) -> list[str]:
    """The programmers' words in ``text`` (what a student reads), each as
    ``"<kind>: <the words>"``; ``[]`` when there are none."""
    found = []
    for kind, pattern in _CHECKS:
        for m in pattern.finditer(text):
            found.append(f"{kind}: {m.group(0).strip()}")
    return found


def code_span_problems(spans: Iterable[str]) -> list[str]:
    """The code spans that are not card notation (a function's name, a module, a value)."""
    return [f"code span: {s}" for s in spans if not CARDS.match(s.strip())]


def markdown_text(source: str) -> tuple[str, list[str]]:
    """What a student reads of a markdown cell, and its code spans: LaTeX, link targets
    and HTML tags left out (none of them is read as words)."""
    text = _LINK_TARGET.sub("]", _LATEX.sub(" ", source))
    spans = _CODE_SPAN.findall(text)
    return _TAG.sub(" ", _CODE_SPAN.sub(lambda m: m.group(1), text)), spans


def output_text(output: Any) -> str:
    """What Voila shows of one stored output: a stream, or the richest of its data (an
    HTML table's cells, a figure's alt text, a markdown text); a widget's stored
    ``text/plain`` (its repr) is not shown, nor is a plain text that has a picture."""
    if output.get("output_type") == "stream":
        return "".join(output.get("text", ""))
    data = output.get("data", {})
    if "application/vnd.jupyter.widget-view+json" in data:
        return ""
    if "text/html" in data:
        h = "".join(data["text/html"])
        h = re.sub(r"<style[\s\S]*?</style>|<svg[\s\S]*?</svg>", " ", h)
        alts = " ".join(re.findall(r'alt="([^"]*)"', h))
        return html.unescape(_TAG.sub(" ", h)) + " " + html.unescape(alts)
    if "text/markdown" in data:
        return markdown_text("".join(data["text/markdown"]))[0]
    if any(k.startswith("image/") for k in data):
        return ""
    return "".join(data.get("text/plain", ""))


def shown_texts(nb: Any) -> Iterator[tuple[str, str, list[str]]]:
    """``(cell id, text, code spans)`` for every cell a student sees of notebook ``nb``
    (a dict or nbformat node): markdown, and the outputs of code cells, without the
    cells tagged ``teacher``."""
    for cell in nb["cells"]:
        if "teacher" in cell.get("metadata", {}).get("tags", []):
            continue
        cid = cell.get("id", "")
        if cell["cell_type"] == "markdown":
            text, spans = markdown_text("".join(cell["source"]))
            yield cid, text, spans
        elif cell["cell_type"] == "code":
            yield cid, "\n".join(output_text(o) for o in cell.get("outputs", [])), []

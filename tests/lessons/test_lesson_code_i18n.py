"""A code cell's shown texts as messages, and why a translation cannot break the code
(tools/lesson_code_i18n.py); the structural check of a translated paragraph
(tools/lesson_checks.py); the build's links (tools/lesson_i18n.py)."""

from __future__ import annotations

import doctest

import pytest

from lessonlib import load_tool

code = load_tool("lesson_code_i18n")
checks = load_tool("lesson_checks")
L = load_tool("lesson_i18n")

CELL = '''\
fig, ax = plt.subplots()
ax.set_title(f"{n} players: {k} rank{'s' if k != 1 else ''} each")   # one title
ax.set_xlabel("score")
table = {"score": [1, 2]}                 # a key, not a text
figures.show(fig, alt="Bars of "
             f"{len(table)} scores; " + "; ".join(f"{s} points" for s in table))
print("P(both) =", p, "| seen:", " ".join(seen))
exercise("03-count-31")
'''


@pytest.mark.parametrize("module", ["lesson_code_i18n", "lesson_checks", "lesson_i18n"])
def test_doctests(module):
    result = doctest.testmod(load_tool(module))
    assert result.attempted and not result.failed


def test_the_shown_texts_and_comments_are_messages_and_data_is_not():
    got = [(m.kind, m.text) for m in code.code_messages(CELL)]
    assert got == [
        ("string", "{n} players: {k} rank{'s' if k != 1 else ''} each"),
        ("comment", "one title"),
        ("string", "score"),
        ("comment", "a key, not a text"),
        # two tokens, one literal (Python joins them): one message
        ("string", "Bars of {len(table)} scores; "),
        ("string", "{s} points"),
        ("string", "P(both) ="),
        ("string", "| seen:"),
    ]


def _translated(mapping):
    return code.translate_code(CELL, mapping)


def test_a_translation_is_substituted_and_the_program_is_the_same():
    out, refused = _translated({
        "{n} players: {k} rank{'s' if k != 1 else ''} each": "{n} Spieler: je {k} Ränge",
        "score": "Wertung", "one title": "ein Titel",
        "Bars of {len(table)} scores; ": 'Balken: {len(table)} Wertungen "x"; ',
        "P(both) =": "P(beide) ="})
    assert refused == []
    assert 'ax.set_title(f"{n} Spieler: je {k} Ränge")   # ein Titel' in out
    assert 'ax.set_xlabel("Wertung")' in out
    assert 'table = {"score": [1, 2]}' in out                  # the key is untouched
    assert 'alt=f"Balken: {len(table)} Wertungen \\"x\\"; " + "; ".join' in out
    assert code.same_program(CELL, out)
    ns = {}
    exec(compile(out.split("figures.show")[0].replace("fig, ax = plt.subplots()\n", ""),
                 "cell", "exec"), {"n": 4, "k": 2, "ax": _Axes(ns)})
    assert ns == {"title": "4 Spieler: je 2 Ränge", "xlabel": "Wertung"}


class _Axes:
    def __init__(self, seen):
        self.seen = seen

    def set_title(self, text):
        self.seen["title"] = text

    def set_xlabel(self, text):
        self.seen["xlabel"] = text


@pytest.mark.parametrize("bad", [
    "{n} Spieler: je {k + 1} Ränge",                            # a changed placeholder
    "{n} Spieler: je {k} Ränge {__import__('os').getcwd()}",     # a new one
    "Spieler: je {k} Ränge",                                    # {n} left out
    "{n} Spieler\n{k}",                                         # a newline
])
def test_a_translation_that_would_change_the_code_is_refused(bad):
    source = "{n} players: {k} rank{'s' if k != 1 else ''} each"
    out, refused = _translated({source: bad})
    assert refused == [source]
    assert f'f"{source}"' in out                                 # English stays


def test_quotes_in_a_translation_cannot_end_the_string():
    injected = '", __import__("os").system("true"), "'
    out, refused = _translated({"score": injected})
    assert refused == [] and code.same_program(CELL, out)
    line = next(x for x in out.splitlines() if x.startswith("ax.set_xlabel"))
    assert eval(line.removeprefix("ax.set_xlabel(").removesuffix(")")) == injected


def test_same_program_sees_a_changed_program():
    assert code.same_program('print("a", x)', 'print("b", x)')
    assert not code.same_program('print("a", x)', 'print("a", y)')
    assert not code.same_program('print(f"{x}")', 'print("{x}")')


@pytest.mark.parametrize("source, translation, problem", [
    ("Seat 1 calls (**R-L5**).", "Mjesto 1 zove.", "rule numbers"),
    ("Seat 0 plays `7H 9B` as 7H 9B.", "Mjesto 0 igra `7H 9B` kao 7H 9H.", "cards"),
    ("P = 0.760, 24 unseen", "P = 0,760, 25 neviđenih", "numbers"),
    ("$\\frac{3}{276}$", "$\\frac{3}{267}$", "LaTeX"),
    ("see `hands.probability`", "vidi `hands.vjerojatnost`", "code spans"),
    ("[rules](rules/en.html#L7)", "[pravila](rules/hr.html#L7)", "links"),
    ("## 2. Check it", "2. Provjera", "heading"),
    ("* one\n* two", "* jedan, dva", "markdown shape"),
])
def test_the_structural_check_catches_a_broken_translation(source, translation, problem):
    found = checks.problems(source, translation)
    assert found and found[0].startswith(problem), found


def test_the_structural_check_accepts_words_and_decimal_commas():
    assert checks.problems(
        "**After the call** (**L9**): P(2,599 hands) = 0.383, $\\text{true} = \\frac{1}{92}$.",
        "**Nach dem Aufruf** (**L9**): P(2.599 Hände) = 0,383, $\\text{wahr} = \\frac{1}{92}$.") == []


def test_links_of_a_copy_point_into_its_language():
    assert L.relink("[r](rules/en.html#T3) [l](04_how_likely_is_a_lie.ipynb) "
                    "[w](https://example.org/x) <img src=\"images/a.png\">", "de") == (
        "[r](../rules/de.html#T3) [l](04_how_likely_is_a_lie.ipynb) "
        "[w](https://example.org/x) <img src=\"../images/a.png\">")

"""English left on a lesson page in another language (issue 23): the lesson's shown
messages (its catalog ``translations/lessons/<lesson>.pot``) whose English runs of words
appear on the page.  Used by ``tests/browser/test_lesson_page_words.py``, which opens each
lesson page once for both its checks.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[2]
CATALOGS = REPO / "translations" / "lessons"


#: Words that are the same in every language: the games' and cards' proper names.
NAMES = {"Liar", "Thirty-One", "Chronicler", "Colorful", "Pale", "Unter", "Ober", "Markov",
         "Bayes", "Wilson", "Hungarian"}
WORD = re.compile(r"[A-Za-z][a-z]+(?:-[A-Za-z][a-z]+)*")


def _plain(text: str) -> str:
    """A message as a reader sees it: no placeholders, code spans, LaTeX, links, markup."""
    text = re.sub(r"\{[^{}]*\}", " ", text)                  # f-string placeholders
    text = re.sub(r"`[^`]*`|\$\$.*?\$\$|\$[^$]*\$", " ", text, flags=re.S)
    text = re.sub(r"\]\([^)]*\)|<[^>]+>", " ", text)
    return re.sub(r"[*_#>|\[\]]", " ", text)


def english_phrases(text: str, n: int = 4) -> list[str]:
    """Runs of ``n`` words of an English text that no translation keeps: each word
    plain English (not a proper name, card or rule number), within one clause.

    >>> english_phrases("Seat 1 calls **Liar!** on `AH` (**L7**): the pile goes to seat 1.")
    ['the pile goes to', 'pile goes to seat']
    """
    out = []
    for clause in re.split(r"[.,;:!?()\"“”„—–]+", _plain(text)):
        words = clause.split()
        for i in range(len(words) - n + 1):
            run = words[i:i + n]
            if all(WORD.fullmatch(w) and w not in NAMES for w in run):
                out.append(" ".join(run))
    return out


def messages(lesson: str) -> list[tuple[str, str, bool]]:
    """(context, msgid, is code) of the lesson's shown texts: paragraphs and code strings
    (comments are code, which the page does not show)."""
    with open(CATALOGS / f"{Path(lesson).stem}.pot", "rb") as f:
        pot = read_po(f)
    return [(m.context or "", m.id, (m.context or "").endswith(":code")) for m in pot
            if m.id and not any("comment in a code cell" in c for c in m.auto_comments)]


#: The page's text a lesson's messages become: its markdown cells, and what its code
#: prints and the alt texts of its figures.  Tables and reprs of results are the data's
#: (a DataFrame's column names are the program's keys, not messages) and the widgets' are
#: the UI catalog's (tests/test_i18n.py).
SHOWN_JS = """() => {
    const text = sel => Array.from(document.querySelectorAll(sel)).map(e => e.innerText);
    return {markdown: text("#rendered_cells .jp-MarkdownCell .jp-RenderedMarkdown").join("\\n"),
            printed: text("#rendered_cells .jp-OutputArea-output.jp-RenderedText").concat(
                Array.from(document.querySelectorAll("#rendered_cells .jp-OutputArea img[alt]"))
                     .map(e => e.alt)).join("\\n")};
}"""




def english_left(page, lesson: str) -> tuple[dict[str, str], list[str]]:
    """What ``page`` (a lesson in another language, drawn) shows, and the lesson's
    messages of which it still shows an English run of words (``[context] 'phrase'``)."""
    shown = {k: " ".join(v.split()) for k, v in page.evaluate(SHOWN_JS).items()}
    left = []
    for context, msgid, code in messages(lesson):
        where = shown["printed" if code else "markdown"]
        for phrase in english_phrases(msgid):
            if phrase in where:
                left.append(f"[{context}] {phrase!r}")
                break
    return shown, left

"""Build the teacher's kit as PDFs (``cardgames handouts``): HTML made here, printed by Chromium.

    cardgames handouts --out handouts        # make handouts; python tools/handouts.py

Writes to the folder ``--out`` (``make handouts``: ``handouts/``, a build output: git-ignored,
and outside ``lessons/``, so Voila never serves it), from the lessons and ``docs/cards``,
``docs/handouts`` of the checkout or of the installed wheel (``classroom.bundle``):

============================  =====  =====================================================
file                          pages  contents
============================  =====  =====================================================
``answer-key.pdf``            6      every exercise of every lesson: answer, worked
                                     solution, the typical mistakes (one page per lesson)
``worksheets.pdf``            6      each lesson's exercises without answers (one page each)
``answer-key-variants.pdf``   6      every variant code's answers (1-30), a table per lesson
``hr/answer-key.pdf`` …       6      the answer key, the worksheets and the answers by variant
                                     code in Croatian and German (``hr/``, ``de/``:
                                     ``answer-key.pdf``, ``worksheets.pdf``,
                                     ``answer-key-variants.pdf``)
``liar-decision-table.pdf``   2      lesson 02's decision table, blank (still has cards /
                                     last cards)
``thirty-one-score-sheet.pdf`` 1     a score sheet for a Thirty-One match
``rules-liar.pdf``            1      the rules card of Liar (``docs/cards/liar.md``)
``rules-thirty-one.pdf``      1      the rules card of Thirty-One
``rules-liar-hr.pdf`` …       1      the rules cards in Croatian and German
                                     (``docs/cards/liar.hr.md``, ``thirty-one.de.md``, …;
                                     also ``rules-thirty-one-hr.pdf``, ``-de.pdf``)
``teacher-pages.pdf``         6      one page per lesson: goals, prerequisites, timing,
                                     misconceptions, discussion questions
``class-experiment.pdf``      1      running a class experiment (lessons 3, 4, 6; the
                                     projector page), from ``docs/handouts/class-experiment.md``
``hr/class-experiment.pdf`` … 1      the same in Croatian and German (``hr/``, ``de/``), from
                                     ``docs/handouts/class-experiment.hr.md``, ``.de.md``
============================  =====  =====================================================

The exercises come from :mod:`cardgames.courseware.exercise_data` (the answers computed by the engine),
the teacher pages from the lessons' first cell and their cells tagged ``teacher``.  No LaTeX:
Playwright's ``page.pdf`` on the system's Chromium.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import pathlib
import re
import sys

import mistune

from cardgames.i18n import gettext as _
from cardgames.i18n import language
from cardgames.courseware.answers import Exercise, Kind
from cardgames.courseware.texts import inline_html
from cardgames.courseware.exercise_data import LESSONS, by_lesson
from cardgames.courseware.key_words import WORDS
from cardgames.courseware.texts import tr

from .bundle import data_root

#: The folder of ``lessons/`` and ``docs/``: the checkout's, or the wheel's ``classroom/data``.
ROOT = data_root()

#: designed page counts (tests/handouts check them)
PAGES = {"answer-key.pdf": 6, "worksheets.pdf": 6, "liar-decision-table.pdf": 2,
         "thirty-one-score-sheet.pdf": 1, "rules-liar.pdf": 1, "rules-thirty-one.pdf": 1,
         "rules-liar-hr.pdf": 1, "rules-liar-de.pdf": 1, "rules-thirty-one-hr.pdf": 1,
         "rules-thirty-one-de.pdf": 1, "teacher-pages.pdf": 6, "class-experiment.pdf": 1,
         "answer-key-variants.pdf": 6}

#: the games with a rules card, and the languages of the cards besides English
CARDS = ("liar", "thirty-one")
CARD_LANGUAGES = ("hr", "de")
#: the answer key, the worksheets and the answers by variant code are printed in these
#: languages too, into ``<lang>/``
KEY_LANGUAGES = ("hr", "de")
KEY_DOCUMENTS = ("answer-key.pdf", "worksheets.pdf", "answer-key-variants.pdf")
KEY_PAGES = {f"{lang}/{name}": PAGES[name] for lang in KEY_LANGUAGES for name in KEY_DOCUMENTS}
#: the page "running a class experiment" is printed in these languages too, into ``<lang>/``
#: (a document, translated as a whole: ``docs/handouts/class-experiment.<lang>.md``)
EXPERIMENT_LANGUAGES = ("hr", "de")

CSS = """
@page { size: A4; margin: 14mm 14mm 14mm 14mm; }
body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; line-height: 1.35; color: #111; }
section.page { page-break-after: always; break-after: page; }
section.page:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 16pt; margin: 0 0 4pt 0; }
h2 { font-size: 12pt; margin: 9pt 0 3pt 0; }
h3 { font-size: 10.5pt; margin: 7pt 0 2pt 0; }
p, li { margin: 2pt 0; }
ul, ol { margin: 2pt 0; padding-left: 16pt; }
code { font-family: 'DejaVu Sans Mono', monospace; font-size: 9pt; }
.ex { border-top: 1px solid #999; padding-top: 4pt; margin-top: 6pt; }
.form { color: #444; font-style: italic; }
.box { border: 1px solid #777; height: 52mm; margin: 4pt 0; }
.answerline { margin-top: 6pt; }
.small { font-size: 8.5pt; color: #444; }
.compact { font-size: 8.8pt; line-height: 1.25; }
.compact .small { font-size: 7.8pt; }
.compact .box { height: 40mm; }
.tight { font-size: 8.1pt; line-height: 1.2; }
.tight h1 { font-size: 14pt; }
.tight .small { font-size: 7.3pt; }
table { border-collapse: collapse; width: 100%; }
table.variants td, table.variants th { padding: 1pt 3pt; font-size: 7.6pt; }
th, td { border: 1px solid #555; padding: 3pt 4pt; font-size: 9pt; vertical-align: top; }
td.blank { height: 7.2mm; }
.sheet td { height: 9mm; }
.key { font-weight: bold; }
.teacher { font-size: 9.3pt; }
.rule { white-space: nowrap; }
"""

# a ruling's number ("R-L7") is never broken at its hyphen across two lines
_RULING = re.compile(r"(?<![\w-])(R-[LT]\d{1,2})(?![\w-])")


def _md(text: str) -> str:
    return str(mistune.html(text))


def _doc(title: str, pages: list[str], *, lang: str = "en") -> str:
    body = "\n".join(f"<section class='page'>{p}</section>" for p in pages)
    return (f"<!doctype html><html lang='{html.escape(lang)}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head>"
            f"<body>{body}</body></html>")


def _lesson_title(lesson: str) -> str:
    """The lesson's title (its first heading), in the current language (the start page's
    catalog entry)."""
    path = next((ROOT / "lessons").glob(f"{lesson}_*.ipynb"))
    first = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    return _(first.splitlines()[0].lstrip("# ").strip())


def _question(ex: Exercise) -> str:
    number = _("Exercise {number}.").format(number=ex.number)
    return (f"<p><b>{html.escape(number)}</b> {inline_html(tr(ex.question))} "
            f"<span class='form'>{inline_html(ex.form)}</span></p>")


def _say(word: str, **values: str) -> str:
    """A word of the key (``key_words.WORDS``) in the current language, as HTML."""
    return inline_html(_(WORDS[word]).format(**values))


def answer_key(lang: str = "en") -> str:
    """Every lesson's exercises with the default variant's answer, worked solution, why,
    general method and typical mistakes, in ``lang``."""
    pages = []
    with language(lang):
        for lesson in LESSONS:
            parts = [f"<h1>{_say('key title', title=_lesson_title(lesson))}</h1>"]
            for ex in by_lesson(lesson):
                mistakes = "".join(f"<li>{inline_html(tr(hint))}</li>" for _, hint in ex.mistakes)
                parts.append(
                    f"<div class='ex'>{_question(ex)}"
                    f"<p class='key'>{html.escape(_(WORDS['answer']).format(answer=ex.formatted_answer()))}</p>"
                    f"<p>{_say('solution', solution=ex.worked_solution())}</p>"
                    f"<p>{_say('why', why=tr(ex.why))}</p>"
                    + (f"<p class='small'>{_say('method', method=tr(ex.method))}</p>"
                       if ex.vary is not None else "")
                    + (f"<p class='small'>{_say('mistakes')}</p>"
                       f"<ul class='small'>{mistakes}</ul>" if mistakes else "")
                    + "</div>")
            pages.append(_fit(parts, lesson, tight=lang != "en"))
        return _doc(_(WORDS["key"]), pages, lang=lang)


def variant_answer(ex: Exercise) -> str:
    """One variant's answer as the table by variant code prints it (a choice: its letter)."""
    if ex.kind is Kind.CHOICE:
        return f"({'abcdefgh'[int(ex.answer())]})"
    return ex.formatted_answer()


def variant_key(lang: str = "en") -> str:
    """The answers of every variant code a served page can show (1 to ``VARIANTS``), one
    table per lesson (rows: the codes; columns: the exercises), in ``lang``: the teacher
    reads a student's code under the exercise's number and checks the answer here (the
    general method and the default's worked solution are in the answer key)."""
    from cardgames.seeds import VARIANTS
    from cardgames.courseware.exercise_data import get

    pages = []
    with language(lang):
        for lesson in LESSONS:
            exs = by_lesson(lesson)
            head = "".join(f"<th>{html.escape(_('Exercise {number}.').format(number=e.number))}"
                           f"</th>" for e in exs)
            rows = "".join(
                f"<tr><td class='key'>{code}</td>" + "".join(
                    f"<td>{html.escape(variant_answer(get(e.key, code)))}</td>" for e in exs)
                + "</tr>" for code in range(1, VARIANTS + 1))
            pages.append(
                f"<div class='compact tight'><h1>{_say('variants title', title=_lesson_title(lesson))}"
                f"</h1><p class='small'>{_say('variants lead')}</p>"
                f"<table class='variants'><tr><th>{html.escape(_(WORDS['code']))}</th>{head}</tr>"
                f"{rows}</table></div>")
        return _doc(_(WORDS["variants"]), pages, lang=lang)


def _fit(parts: list[str], lesson: str, *, tight: bool = False) -> str:
    """A lesson's page; a lesson with more than three exercises is set a little tighter
    so that it still fits its one page (``tight``: tighter still, for the key in Croatian
    and German, whose sentences run longer than the English)."""
    body = "".join(parts)
    if tight:
        return f"<div class='compact tight'>{body}</div>"
    return f"<div class='compact'>{body}</div>" if len(by_lesson(lesson)) > 3 else body


def worksheets(lang: str = "en") -> str:
    """Each lesson's exercises (the default variants) without answers, in ``lang``."""
    pages = []
    with language(lang):
        for lesson in LESSONS:
            parts = [f"<h1>{_say('sheet title', title=_lesson_title(lesson))}</h1>",
                     f"<p>{_(WORDS['name'])}</p>"]
            for ex in by_lesson(lesson):
                box = "" if ex.kind is Kind.CHOICE else "<div class='box'></div>"   # a letter
                parts.append(f"<div class='ex'>{_question(ex)}{box}"
                             f"<p class='answerline'>{_say('answer line')}</p></div>")
            pages.append(_fit(parts, lesson))
        return _doc(_(WORDS["sheets"]), pages, lang=lang)


def keys_in_languages() -> dict[str, str]:
    """``{"hr/answer-key.pdf": html, ...}``: the key, the worksheets and the answers by
    variant code in each language, and the page "running a class experiment"
    (``hr/class-experiment.pdf``, ...)."""
    make = {"answer-key.pdf": answer_key, "worksheets.pdf": worksheets,
            "answer-key-variants.pdf": variant_key}
    docs = {f"{lang}/{name}": make[name](lang) for lang in KEY_LANGUAGES for name in KEY_DOCUMENTS}
    docs.update({f"{lang}/class-experiment.pdf": class_experiment(lang)
                 for lang in EXPERIMENT_LANGUAGES})
    return docs


def liar_decision_table() -> str:
    from cardgames.courseware.exercise_data.lesson02 import CALLS, PLAYS

    intro = ("<p>Four players, both Chroniclers (<b>L2</b>). Seat 0 has played one card as a "
             "seven; seat 1 must announce <b>eights</b> (<b>L8</b>) and puts down the cards "
             "below. Seat 2 is next. Fill in each row from <b>L9</b>–<b>L13</b> and the rulings "
             "<b>R-L5</b>–<b>R-L9</b>; then compare with the engine's table in lesson 02.</p>")
    pages = []
    for last in (False, True):
        head = ["play", "cards", "who calls", "turned over (true / lie / —)", "pile taken by",
                "plays next", "rank due"] + (["winner"] if last else [])
        rows = "".join(
            "<tr>" + f"<td>{html.escape(p)}</td><td><code>{html.escape(c)}</code></td>"
            f"<td>{html.escape(call)}</td>" + "<td class='blank'></td>" * (len(head) - 3)
            + "</tr>" for p, c in PLAYS.items() for call in CALLS)
        title = ("the play empties seat 1's hand (R-L9)" if last
                 else "seat 1 still has cards left")
        pages.append(f"<h1>Liar decision table — {title}</h1>{intro}<table><tr>"
                     + "".join(f"<th>{h}</th>" for h in head) + f"</tr>{rows}</table>")
    return _doc("Liar decision table", pages)


def score_sheet() -> str:
    players = 5
    head = "<tr><th>deal</th><th>dealer</th>" + "".join(
        f"<th>player {i}: ____________<br>score &nbsp;|&nbsp; lives ○○○</th>"
        for i in range(1, players + 1)) + "</tr>"
    rows = "".join(f"<tr><td>{d}</td><td></td>" + "<td></td>" * players + "</tr>"
                   for d in range(1, 19))
    return _doc("Thirty-One score sheet", [
        "<h1>Thirty-One — score sheet</h1>"
        "<p class='small'>Each deal: write every player's score (<b>T11</b>: one suit adds up, "
        "under 21 is 0, three of a rank 30.5, three Aces 33) and strike a life circle for the "
        "lowest score — all of them on a tie (<b>T13</b>); three Aces cost everyone else a "
        "life (<b>T14</b>). Out when you lose a life with none left; the last player wins "
        "(<b>R-T8</b>).</p>"
        f"<table class='sheet'>{head}{rows}</table>"])


def card_source(name: str, lang: str = "en") -> pathlib.Path:
    """The markdown of a rules card: ``docs/cards/<name>.md`` in English,
    ``docs/cards/<name>.<lang>.md`` in Croatian and German."""
    if name not in CARDS or lang not in ("en", *CARD_LANGUAGES):
        raise ValueError(f"no rules card {name!r} in {lang!r}: the cards are {CARDS} in "
                         f"en, {', '.join(CARD_LANGUAGES)}")
    suffix = "" if lang == "en" else f".{lang}"
    return ROOT / "docs" / "cards" / f"{name}{suffix}.md"


def rules_card(name: str, lang: str = "en") -> str:
    text = card_source(name, lang).read_text(encoding="utf-8")
    title = text.splitlines()[0].lstrip("# ").strip()
    body = _RULING.sub(r"<span class='rule'>\1</span>", _md(text))
    return _doc(title, [body], lang=lang)


def teacher_pages() -> str:
    pages = []
    for lesson in LESSONS:
        path = next((ROOT / "lessons").glob(f"{lesson}_*.ipynb"))
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first = "".join(cells[0]["source"])
        goals = first.split("**Learning goals.**", 1)[1].split("**Time:**", 1)[0]
        time = "**Time:**" + first.split("**Time:**", 1)[1].split("**Needs:**", 1)[0]
        notes = "\n\n".join("".join(c["source"]) for c in cells
                            if "teacher" in c["metadata"].get("tags", []))
        notes = notes.replace("## Teacher notes", "", 1)
        pages.append(f"<div class='teacher'><h1>{html.escape(_lesson_title(lesson))} — "
                     f"for the teacher</h1><h2>Goals</h2>{_md(goals.strip())}"
                     f"{_md(time.strip())}{_md(notes.strip())}</div>")
    return _doc("Teacher pages", pages)


def class_experiment_source(lang: str = "en") -> pathlib.Path:
    """The markdown of "running a class experiment": ``docs/handouts/class-experiment.md``
    in English, ``class-experiment.<lang>.md`` in Croatian and German."""
    if lang not in ("en", *EXPERIMENT_LANGUAGES):
        raise ValueError(f"no class-experiment page in {lang!r}: it is printed in en, "
                         f"{', '.join(EXPERIMENT_LANGUAGES)}")
    suffix = "" if lang == "en" else f".{lang}"
    return ROOT / "docs" / "handouts" / f"class-experiment{suffix}.md"


def class_experiment(lang: str = "en") -> str:
    """One page for the teacher: running a class experiment (issue 22; lessons 3, 4, 6),
    in ``lang`` (its title: the markdown's first heading)."""
    text = class_experiment_source(lang).read_text(encoding="utf-8")
    title = text.splitlines()[0].lstrip("# ").strip()
    return _doc(title, [f"<div class='teacher'>{_md(text)}</div>"], lang=lang)


def build_html() -> dict[str, str]:
    """``{pdf name: html}`` for every handout."""
    return {"answer-key.pdf": answer_key(), "worksheets.pdf": worksheets(),
            "answer-key-variants.pdf": variant_key(),
            "liar-decision-table.pdf": liar_decision_table(),
            "thirty-one-score-sheet.pdf": score_sheet(),
            "rules-liar.pdf": rules_card("liar"), "rules-thirty-one.pdf": rules_card("thirty-one"),
            **{f"rules-{name}-{lang}.pdf": rules_card(name, lang)
               for name in CARDS for lang in CARD_LANGUAGES},
            "teacher-pages.pdf": teacher_pages(), "class-experiment.pdf": class_experiment()}


class NoBrowserError(RuntimeError):
    """No Chromium to print the PDFs with."""


def _launch(playwright):
    """Chromium, headless: ``$CHROMIUM``, else the system's ``/usr/bin/chromium``, else
    Playwright's own (``python -m playwright install chromium``)."""
    exe = os.environ.get("CHROMIUM") or next(
        (p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)),
        None)
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    try:
        return playwright.chromium.launch(executable_path=exe, args=args, headless=True)
    except Exception as e:  # noqa: BLE001 -- Playwright's own error names the missing browser
        raise NoBrowserError(_("no Chromium to print the PDFs with ({error}): install "
                               "Chromium, or run: python -m playwright install chromium").format(
            error=str(e).splitlines()[0][:120])) from None


def build(out: pathlib.Path) -> list[pathlib.Path]:
    """Write every handout (and its HTML, for a look in a browser) to ``out``."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    docs = {**build_html(), **keys_in_languages()}
    for name in docs:                        # hr/answer-key.pdf: the language's folder
        (out / name).parent.mkdir(exist_ok=True)
        (out / "html" / name).parent.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = _launch(p)
        try:
            page = browser.new_page()
            for name, doc in docs.items():
                (out / "html" / name.replace(".pdf", ".html")).write_text(doc, encoding="utf-8")
                page.set_content(doc, wait_until="load")
                page.pdf(path=str(out / name), format="A4", print_background=True,
                         prefer_css_page_size=True)
                written.append(out / name)
        finally:
            browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("handouts"))
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(path.relative_to(args.out.parent) if args.out.is_absolute() else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

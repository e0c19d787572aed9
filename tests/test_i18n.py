"""Languages (issue 10): the catalogs, plural forms, the CLI, language-free saves.

The expected Croatian and German words below were written by hand from the
grammar (Croatian: 1/21 one form, 2-4/22-24 another, 5-20/25 a third) and the
card names of the originals, not copied from the catalogs.
"""

from __future__ import annotations

import gettext
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages import extract as babel_extract
from babel.messages import pofile as babel_pofile

from cardgames import ConfigError, i18n, parse_cards
from cardgames.i18n import get_language, language, ngettext, set_language
from cardgames.liar import LiarGame
from cardgames.liar.events import PileTaken, Played
from cardgames.thirtyone import ThirtyOneGame, explain

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardgames" / "locale"
LANGS = ("hr", "de")
BRACE = re.compile(r"\{[^{}]*\}")
PERCENT = re.compile(r"%(?:\([a-z_]+\))?[sdr]")


def _catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "cardgames.po", "rb") as fp:
        return babel_pofile.read_po(fp)


def _placeholders(text: str) -> list[str]:
    return sorted(set(BRACE.findall(text) + PERCENT.findall(text)))


@pytest.fixture(autouse=True)
def _english_default(monkeypatch):
    monkeypatch.delenv("CARDGAMES_LANG", raising=False)
    set_language(None)
    yield
    set_language(None)


# ----------------------------------------------------------------------------- catalogs


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_translated_with_the_same_placeholders(lang):
    cat = _catalog(lang)
    messages = [m for m in cat if m.id]
    assert len(messages) > 200
    problems = []
    for m in messages:
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        if "fuzzy" in m.flags or not all(strings):
            problems.append(("untranslated or fuzzy", m.id))
            continue
        want = _placeholders(ids[-1])
        if want != _placeholders(ids[0]):  # e.g. "{n} seven" / "{n} sevens": same fields
            problems.append(("msgid forms differ", m.id))
        for s in strings:
            if _placeholders(s) != want:
                problems.append(("placeholders", m.id, s))
    assert not problems, problems


def test_plural_forms_headers():
    assert _catalog("hr").num_plurals == 3
    assert _catalog("de").num_plurals == 2
    for m in _catalog("hr"):
        if m.id and not isinstance(m.id, str):
            assert len(m.string) == 3, m.id


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_catalog_matches_the_po_file(lang):
    """The shipped .mo is the .po compiled (`make i18n` was run after the last edit)."""
    with open(i18n.catalog_path(lang), "rb") as fp:
        mo = gettext.GNUTranslations(fp)
    for m in _catalog(lang):
        if not m.id:
            continue
        if isinstance(m.id, str):
            got = mo.pgettext(m.context, m.id) if m.context else mo.gettext(m.id)
            assert got == m.string, m.id
        else:
            for n, form in ((1, 0), (2, 1), (5, -1)):
                got = mo.ngettext(m.id[0], m.id[1], n)
                assert got in m.string, (m.id, n, got)


def test_catalog_holds_every_message_in_the_code():
    """Every string marked in cardgames/, widgets/ and classroom/ is in the catalog (no `make i18n` forgotten)."""
    keywords = dict(babel_extract.DEFAULT_KEYWORDS, N_plural=(1, 2), NP_=((1, "c"), 2))
    found = set()
    for folder in ("cardgames", "widgets", "classroom"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            with open(path, "rb") as fp:
                for _line, msg, _comments, _ctx in babel_extract.extract(
                        "python", fp, keywords=keywords):
                    found.add(msg if isinstance(msg, str) else msg[0])
    in_catalog = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog("hr") if m.id}
    assert found - in_catalog == set()
    assert in_catalog - found == set()


# ----------------------------------------------------------------------------- plurals


CROATIAN_CARDS = {1: "karta", 2: "karte", 5: "karata", 21: "karta", 22: "karte", 25: "karata",
                  11: "karata", 12: "karata", 14: "karata", 104: "karte", 111: "karata"}


@pytest.mark.parametrize("n,word", sorted(CROATIAN_CARDS.items()))
def test_croatian_three_plural_forms_of_cards(n, word):
    text = PileTaken(player=1, count=n, reason="caught", rule="L9, L10").describe(lang="hr")
    assert f"({n} {word})" in text


@pytest.mark.parametrize("n,hr,de", [(1, "1 Kralj", "1 König"), (2, "2 Kralja", "2 Könige"),
                                     (4, "4 Kralja", "4 Könige"), (5, "5 Kraljeva", "5 Könige"),
                                     (21, "21 Kralj", "21 Könige"), (22, "22 Kralja", "22 Könige"),
                                     (25, "25 Kraljeva", "25 Könige"),
                                     (11, "11 Kraljeva", "11 Könige"),
                                     (12, "12 Kraljeva", "12 Könige")])
def test_announcements_bend_with_the_count(n, hr, de):
    assert ngettext("{n} King", "{n} Kings", n, lang="hr").format(n=n) == hr
    assert ngettext("{n} King", "{n} Kings", n, lang="de").format(n=n) == de


def test_event_in_three_languages():
    ev = Played(player=2, count=3, announced=parse_cards("7H")[0].rank, number=4)
    assert ev.describe() == 'Player 2 put down 3 cards and announced "3 sevens" (L7, R-L4).'
    assert ev.describe(lang="hr") == ("Igrač 2 položio je 3 karte i najavio „3 sedmice“ "
                                      "(L7, R-L4).")
    assert ev.describe(lang="de") == ("Spieler 2 hat 3 Karten gelegt und „3 Siebener“ "
                                      "angesagt (L7, R-L4).")
    assert get_language() == "en"          # lang= does not leak


def test_card_names_follow_the_originals():
    ah, ub, kl, pale = parse_cards("AH UB KL *P")
    with language("hr"):
        assert (ah.name, ub.name, kl.name, pale.name) == (
            "As srca", "Unter bundeve", "Kralj lista", "Blijedi Kroničar")
    with language("de"):
        assert (ah.name, ub.name, kl.name, pale.name) == (
            "Herz-Ass", "Schellen-Unter", "Laub-König", "Blasser Chronist")
    assert ah.name == "Ace of Hearts"


def test_explain_lang_and_decimal_comma():
    assert explain("OH OB OL", lang="de") == "drei Ober: 30,5 (T11)"
    assert explain("OH OB OL", lang="hr") == "tri Obera: 30,5 (T11)"
    assert explain("OH OB OL") == "three Obers: 30.5 (T11)"


def test_illegal_action_error_in_croatian():
    state = LiarGame(players=3).new_state(seed=1)
    with language("hr"), pytest.raises(ConfigError.__mro__[1]) as err:   # CardgamesError
        state.apply("call")
    assert "ne može" in str(err.value) and "R-L5" in str(err.value)
    assert err.value.rule == "R-L5"


# ----------------------------------------------------------------------------- choosing


def test_unsupported_language_is_an_error_naming_the_choices(monkeypatch):
    for bad in ("fr", "", "english", None, 7):
        if bad is None:
            continue
        with pytest.raises(ConfigError, match=r"choose one of en, hr, de"):
            set_language(bad)
        with pytest.raises(ConfigError, match=r"en, hr, de"):
            language(bad)
    monkeypatch.setenv("CARDGAMES_LANG", "fr")
    with pytest.raises(ConfigError, match=r"CARDGAMES_LANG.*'fr'.*en, hr, de"):
        get_language()
    with pytest.raises(ConfigError):
        parse_cards("ZZ")              # no silent English fallback while translating


def test_order_block_then_set_language_then_environment(monkeypatch):
    monkeypatch.setenv("CARDGAMES_LANG", "de")
    assert get_language() == "de"
    set_language("HR")
    assert get_language() == "hr"
    with language("en"):
        assert get_language() == "en"
        with language("de") as code:
            assert code == "de" and get_language() == "de"
        assert get_language() == "en"
    assert get_language() == "hr"
    set_language(None)
    assert get_language() == "de"


def _run(code: str, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CARDGAMES_LANG"}
    env["PYTHONPATH"] = str(ROOT)
    if lang is not None:
        env["CARDGAMES_LANG"] = lang
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env=env, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("lang", [None, "hr"])
def test_import_loads_no_catalog(lang):
    out = _run("import sys, cardgames, cardgames.liar, cardgames.thirtyone\n"
               "from cardgames import i18n\n"
               "print('gettext' in sys.modules, i18n.translation.cache_info().currsize)", lang)
    assert out.stdout.split() == ["False", "0"], out.stderr


@pytest.mark.parametrize("lang,expected,absent", [
    ("hr", "cardgames: greška: nije karta: 'ZZ'", "not a card"),
    ("de", "cardgames: Fehler: keine Karte: 'ZZ'", "not a card"),
    ("en", "cardgames: error: not a card: 'ZZ'", "keine"),
])
def test_cli_bad_hand_in_the_chosen_language(lang, expected, absent):
    out = _run("import sys; from cardgames.cli import main; sys.exit(main(['score', 'AH ZZ']))",
               lang)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith(expected), out.stderr
    assert absent not in out.stderr


def test_cli_help_and_argparse_words_translated():
    out = _run("from cardgames.cli import main; main(['score', '--help'])", "de")
    assert out.stdout.startswith("Aufruf: cardgames score")
    assert "Positionsargumente:" in out.stdout and "Beispiele:" in out.stdout
    out = _run("import sys; from cardgames.cli import main; sys.exit(main(['odds']))", "hr")
    assert "sljedeći argumenti su obavezni: GAME" in out.stderr
    assert out.returncode == 2


def test_cli_unsupported_language():
    out = _run("import sys; from cardgames.cli import main; sys.exit(main(['score', 'AH KH 9H']))",
               "xx")
    assert out.returncode == 2
    assert "unsupported language 'xx': choose one of en, hr, de" in out.stderr


# ----------------------------------------------------------------------------- saves


def test_a_save_is_language_free():
    """A JSON save made in one language loads in another and is equal (presentation only)."""
    with language("hr"):
        liar = LiarGame(players=3).new_state(seed=4)
        liar.apply(str(liar.legal_actions().sample(__import__("random").Random(1))))
        liar.apply("call")
        thirty = ThirtyOneGame(players=3).new_state(seed=5, single_deal=True)
        for action in ("keep", "reveal", "stand", "stand"):
            thirty.apply(action)
        saved = (liar.to_json(), thirty.to_json())
        hr_text = [e.describe() for e in thirty.events]
    with language("de"):
        liar2, thirty2 = LiarGame.state_from_json(saved[0]), ThirtyOneGame.state_from_json(saved[1])
        assert liar2 == liar and thirty2 == thirty
        assert (liar2.to_json(), thirty2.to_json()) == saved
        de_text = [e.describe() for e in thirty2.events]
    assert liar.to_json() == saved[0]                         # English: the same bytes
    blob = json.dumps(json.loads(saved[0])) + json.dumps(json.loads(saved[1]))
    for word in ("igrač", "Spieler", "karta", "Karte"):
        assert word not in blob
    assert hr_text != de_text and hr_text[0].startswith("1. dijeljenje")
    assert de_text[0].startswith("Runde 1")

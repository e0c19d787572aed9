"""The glossary (docs/rules/glossary.md) and the catalogs agree: each game term has one
translation per language (issue 23, item 5).

For every term below, every catalog entry whose English msgid holds the term (as a
word) must hold the glossary's word in its Croatian and German msgstr, in some
inflected form: the stems are the glossary's words cut before their endings. A few
entries use the English word in another sense (the widget "table", a verb "deal");
they are listed in EXCEPTIONS with the reason. The glossary file must list each
term's words, so the document and this test cannot drift apart.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parent.parent
LOCALE = REPO / "cardgames" / "locale"
GLOSSARY = REPO / "docs" / "rules" / "glossary.md"

# Liar's "let it stand" is another term (below): not Thirty-One's "stand"
_NOT_LIAR = r"(?<![Ll]et it )(?<!lets it )(?<!let play  )(?<!a play )(?<!the play )"
# in a msgid, placeholders, quoted input ('3 Kings', 'swap 7H AB') and identifiers
# (lives=5, put_aside) are not words to translate
_NOT_WORDS = re.compile(r"\{[^{}]*\}|'[^']*'|\b\w+=\S*|\b\w+_\w+\b")

# term: (English pattern, Croatian stems, German stems, glossary words hr, glossary words de)
TERMS: dict[str, tuple[str, str, str, tuple[str, ...], tuple[str, ...]]] = {
    "pile": (r"\bpile\b", r"hrp", r"Stapel", ("hrpa",), ("Stapel",)),
    "dealer": (r"\bdealer\b", r"djelitelj", r"Geber", ("djelitelj",), ("Geber",)),
    "Chronicler": (r"\bChroniclers?\b", r"Kroničar", r"Chronist", ("Kroničar",), ("Chronist",)),
    "Pale": (r"\bPale\b", r"Blijed", r"Blass", ("Blijedi Kroničar",), ("Blasser Chronist",)),
    "Colorful": (r"\bColorful\b", r"Šaren", r"Bunt", ("Šareni Kroničar",), ("Bunter Chronist",)),
    "Liar!": (r"Liar!", r"Laž!", r"Lüge!", ("„Laž!“",), ("„Lüge!“",)),
    "life": (r"\b(life|lives)\b", r"živ", r"Leben", ("život",), ("Leben",)),
    "deal": (r"\bdeals?\b", r"dijeljenj|dijeli", r"Runde|gib|geben", ("dijeljenje",),
             ("Runde",)),
    "round": (r"\brounds?\b", r"rund", r"Runde", ("runda",), ("Runde",)),
    "match": (r"\bmatch\b", r"partij", r"Partie", ("partija",), ("Partie",)),
    "deck": (r"\bdecks?\b", r"špil", r"Blatt|Blätter", ("špil",), ("Blatt",)),
    "seat": (r"\bseats?\b", r"mjest", r"Platz|Plätze", ("mjesto",), ("Platz",)),
    "announce": (r"\bannounc", r"najav", r"ansag|angesagt|Ansage|sagt\b.*\ban\b", ("najaviti",), ("ansagen",)),
    "claim": (r"\bclaim", r"najav", r"Ansage|angesagt", ("najava",), ("Ansage",)),
    "reveal": (r"\breveal", r"otkri", r"aufdeck|aufgedeckt|deck",
               ("otkriti",), ("aufdecken",)),
    "swap": (r"\bswap", r"zamijen|zamjen|mijenja", r"tausch|Tausch", ("zamijeniti",),
             ("tauschen",)),
    "Hearts": (r"\bHearts\b", r"src", r"Herz", ("srce",), ("Herz",)),
    "Bells": (r"\bBells\b", r"bundev|Bundev", r"Schellen", ("bundeva",), ("Schellen",)),
    "Leaves": (r"\bLeaves\b", r"list|List", r"Laub", ("list",), ("Laub",)),
    "Acorns": (r"\bAcorns\b", r"žir|Žir", r"Eichel", ("žir",), ("Eichel",)),
    "King": (r"\bKings?\b", r"Kralj", r"König", ("Kralj",), ("König",)),
    "Ace": (r"\bAces?\b", r"\bAs", r"\bAss", ("As",), ("Ass",)),
    "stand (Thirty-One)": (_NOT_LIAR + r"\b[Ss]tands?\b", r"ostaj|ostani|ostati|Ostani",
                           r"bei (seinen|deinen|den) Karten|Nicht tauschen",
                           ("ostati pri svojim kartama",), ("bei seinen Karten bleiben",
                                                            "Nicht tauschen")),
    "let it stand (Liar)": (r"[Ll]et (it|a play|play  ) stand|lets it stand|play stands",
                            r"dalje|vrijedi", r"weiter|gelten|gilt", ("dalje",), ("weiter",)),
    "turned over (Liar)": (r"turned over", r"okre", r"umgedreht|Umgedreht", ("okrenuti",),
                           ("umdrehen",)),
    "liar (a player)": (r"\b(caught liar|the liar|a liar)\b", r"lažljiv", r"Lügner",
                        ("lažljivac",), ("Lügner",)),
    "win rate": (r"\bwin rates?\b", r"udi\w* pobjeda|udjel\w* pobjeda", r"Gewinnquote",
                 ("udio pobjeda",), ("Gewinnquote",)),
    "Bayes' rule": (r"Bayes' rule", r"Bayesov\w* formul", r"Satz von Bayes",
                    ("Bayesova formula",), ("Satz von Bayes",)),
}

# (term, msgid start): the English word is used in another sense here
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("life", "lives must be"): "the option's name, lives=",
    ("dealer", "dealer must be a seat"): "the argument's name, dealer=",
    ("pile", "cards {cards} are nowhere"): "the argument's name, pile=",
    ("match", "ambiguous option"): "argparse: an option's prefix matches",
    ("Chronicler", "chroniclers={value!r} is not allowed: R-L2 use none"): "the option's values name them",
    ("King", "not a claim: {text!r}: unknown rank"): "the English rank names are input",
    ("Ace", "not a claim: {text!r}: unknown rank"): "the English rank names are input",
    ("round", "player {player} cannot {action}: it is player {cur}'s turn"): "play goes round",
    ("round", "{value}; games are counted in whole numbers, so round **up**"): "rounding a number",
}


def catalog(lang):
    with (LOCALE / lang / "LC_MESSAGES" / "cardgames.po").open("rb") as f:
        return read_po(f, locale=lang)


CATALOGS = {lang: catalog(lang) for lang in ("hr", "de")}


def entries():
    for message in CATALOGS["hr"]:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        yield message, ids


def _strings(message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


@pytest.mark.parametrize("term", sorted(TERMS))
@pytest.mark.parametrize("lang", ["hr", "de"])
def test_a_term_is_translated_one_way(term, lang):
    english, hr_stem, de_stem, _, _ = TERMS[term]
    stem = re.compile(hr_stem if lang == "hr" else de_stem, re.I)
    found, bad = 0, []
    for message, ids in entries():
        if not any(re.search(english, _NOT_WORDS.sub("", i)) for i in ids):
            continue
        if any(t == term and ids[0].startswith(start) for (t, start) in EXCEPTIONS):
            continue
        found += 1
        target = CATALOGS[lang].get(message.id, context=message.context)
        for form in _strings(target):
            if not stem.search(form):
                bad.append(f"{ids[0][:70]!r} -> {form[:90]!r}")
    assert found, f"no msgid holds {term!r}: the pattern is stale"
    assert not bad, f"{term!r} ({lang}: {stem.pattern}) translated another way:\n" + "\n".join(bad)


@pytest.mark.parametrize("term", sorted(TERMS))
def test_the_glossary_lists_the_words(term):
    text = GLOSSARY.read_text("utf-8")
    for word in TERMS[term][3] + TERMS[term][4]:
        assert word in text, (term, word)


def test_every_exception_still_matches_an_entry():
    starts = [ids[0] for _, ids in entries()]
    for term, start in EXCEPTIONS:
        assert any(s.startswith(start) for s in starts), (term, start)


def test_the_reviewed_fixes_are_in_the_catalogs():
    """tools/i18n_fixes.json (the in-context review, issue 23) is applied: re-run
    tools/apply_i18n_fixes.py after merging catalogs."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("apply_i18n_fixes",
                                                  REPO / "tools" / "apply_i18n_fixes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0

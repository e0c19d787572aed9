"""What a translated lesson paragraph must keep of its English source.

A translation changes the words, never the facts a student checks against the rules
and the engine.  :func:`problems` compares one message and its translation:

* the rule numbers (``L7``, ``T3``, ``R-L11``, ``R-T6``): each one, and no other;
* the card notation (``AH``, ``10B``, ``*C``, ``*P``): each card, and no other;
* the numbers: each one (``0.760`` and ``0,760`` are the same number, as are ``40,000``,
  ``40.000`` and ``40 000``); a translation may add one (``modulo 8`` for "the 8 ranks");
* the LaTeX (``$...$``; the words inside ``\\text{...}`` may be translated);
* the code spans (`` `score` ``) and the link targets (``](...)``);
* in a paragraph, the markdown shape: a heading stays a heading of its level, a list keeps its items,
  a table its rows and cells, a quote stays a quote;
* a code cell's placeholders are checked where they are substituted
  (``tools/lesson_code_i18n.py``), not here.

>>> problems("Seat 1 may call (**L7**): `AH KH` scores 21.", "Mjesto 1 smije zvati (**L7**): `AH KH` vrijedi 21.")
[]
>>> problems("P = 0.760 of 40,000 (**R-L6**)", "P = 0,760 od 40 000 (**R-L11**)")
['rule numbers R-L6 became R-L11']
>>> problems("## Check it", "Provjera")
['heading ## became no heading']
"""

from __future__ import annotations

import re
from collections import Counter

__all__ = ["problems"]

RULE = re.compile(r"(?<![\w-])(?:R-)?[LT]\d{1,2}(?!\w)")
CARD = re.compile(r"(?<![\w*])(?:10|[789UOKA])[HBLA](?!\w)|\*[CP](?!\w)")
# a number, its groups joined by a dot, comma or (narrow, no-break) space: 40,000 = 40 000
NUMBER = re.compile(r"\d+(?:(?:[.,\u202f\u00a0]|\s(?=\d{3}(?!\d)))\d+)*")
LATEX = re.compile(r"\$\$.+?\$\$|\$[^$]+\$", re.S)
CODE = re.compile(r"`[^`]+`")
LINK = re.compile(r"\]\(([^)\s]+)[^)]*\)|(?:src|href)=\"([^\"]+)\"")
HEADING = re.compile(r"^(#{1,6}) ")


def _numbers(text: str) -> Counter[str]:
    """The numbers of ``text`` (outside rule numbers and cards), separators left out."""
    text = CARD.sub(" ", RULE.sub(" ", text))
    return Counter(re.sub(r"[.,\s]", "", n) for n in NUMBER.findall(text))


def _latex(text: str) -> Counter[str]:
    return Counter(re.sub(r"\\text\{[^}]*\}", r"\\text{}", m) for m in LATEX.findall(text))


def _shape(text: str) -> list[str]:
    """One word per line: heading level, list item, table row (cells), quote, or text."""
    shape = []
    for line in text.split("\n"):
        s = line.strip()
        if m := HEADING.match(s):
            shape.append(m.group(1))
        elif re.match(r"^([*+-]|\d+\.) ", s):
            shape.append("item")
        elif s.startswith("|"):
            shape.append("row" + "|" * s.count("|"))
        elif s.startswith(">"):
            shape.append("quote")
        elif s.startswith("```"):
            shape.append("fence")
    return shape


def _diff(what: str, a: Counter[str], b: Counter[str], *, more: bool = False) -> list[str]:
    """Each distinct item of ``a`` must be in ``b`` and (unless ``more``) no other one:
    a translation may say a rule number twice, or (``more``) add a number that helps."""
    lost, new = sorted(set(a) - set(b)), [] if more else sorted(set(b) - set(a))
    if not lost and not new:
        return []
    return [f"{what} {' '.join(lost) or '(none)'} became {' '.join(new) or '(none)'}"]


def problems(source: str, translation: str, *, markdown: bool = True) -> list[str]:
    """What ``translation`` lost or changed of ``source`` (empty: structurally sound);
    ``markdown=False`` for a code cell's text (its shape is not markdown's)."""
    out: list[str] = []
    out += _diff("rule numbers", Counter(RULE.findall(source)), Counter(RULE.findall(translation)))
    out += _diff("cards", Counter(CARD.findall(source)), Counter(CARD.findall(translation)))
    out += _diff("LaTeX", _latex(source), _latex(translation))
    plain_s, plain_t = LATEX.sub(" ", source), LATEX.sub(" ", translation)
    out += _diff("code spans", Counter(CODE.findall(plain_s)), Counter(CODE.findall(plain_t)))
    plain_s, plain_t = CODE.sub(" ", plain_s), CODE.sub(" ", plain_t)
    plain_s = plain_s if markdown else re.sub(r"\{'\w*' if [^{}]+\}", " ", plain_s)
    out += _diff("numbers", _numbers(plain_s), _numbers(plain_t), more=True)
    out += _diff("links", Counter(map(str, LINK.findall(source))),
                 Counter(map(str, LINK.findall(translation))))
    a, b = (_shape(source), _shape(translation)) if markdown else ([], [])
    if a != b:
        ha = HEADING.match(source.strip())
        hb = HEADING.match(translation.strip())
        if (ha and ha.group(1)) != (hb and hb.group(1)):
            out.append(f"heading {ha.group(1) if ha else 'no heading'} became "
                       f"{hb.group(1) if hb else 'no heading'}")
        else:
            out.append(f"markdown shape {a} became {b}")
    return out

"""An exercise's texts, translated when they are shown (not when the exercise is built).

The exercises (:mod:`cardgames.courseware.exercise_data`) are built once, at import or when a
variant is drawn, but a page shows them in the language of the moment.  So each text is a
:class:`Msg`: an English ``str`` (what the code and the tests have always seen) that also
keeps its gettext msgid and named parameters, and :meth:`Msg.tr` (or :func:`tr`) renders it
in the current language at display time.  Parameters are rendered in that language too:
a nested :class:`Msg`, a rank's name (:func:`rank_word`), a number with the language's
decimal mark (:func:`num`, or a ``float``), a count of a rank's cards (:func:`rank_count`).
Card notation and code (``7H``, ```score('9H KB *')```) are plain strings: the same in
every language.

Mark msgids with :func:`cardgames.i18n.N_` (or ``N_plural`` with ``plural=``) so that
``make i18n`` extracts them; never an f-string inside a msgid.

>>> from cardgames.cards import Rank
>>> from cardgames.i18n import N_, language
>>> m = Msg(N_("Seat {seat} plays {ranks}."), seat=1, ranks=rank_word(Rank.KING, "plural"))
>>> m, m == "Seat 1 plays Kings."
('Seat 1 plays Kings.', True)
>>> with language("de"):
...     tr(num(0.25))
'0,25'
>>> tr(Msg(N_("Answer: {answer}.")), answer="7")       # filled when shown
'Answer: 7.'
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any, NamedTuple

from cardgames.cards import Rank
from cardgames.i18n import format_number, get_language, language, ngettext
from cardgames.i18n import gettext as _

__all__ = ["Msg", "tr", "num", "joined", "rank_word", "rank_count", "inline_html"]


_SWAP_MARKS = str.maketrans(",.", ".,")


class _Missing(dict):  # type: ignore[type-arg]
    """Parameters for ``format_map``: a placeholder without a value stays as it is
    (``{answer}`` of a solution is filled in when the solution is shown)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Msg(str):
    """A translatable text: ``str(msg)`` is the English; :meth:`tr` the current language.

    ``msgid`` is a marked msgid, or a ``(singular, plural)`` pair with ``plural=`` the count (the
    plural forms of the language decide).  Equal to the plain English string.
    """

    msgid: str | tuple[str, str]
    params: dict[str, Any]
    plural_count: int | None

    def __new__(cls, msgid: str | tuple[str, str], /, *, plural: int | None = None,
                **params: Any) -> Msg:
        if isinstance(msgid, tuple) and plural is None:
            raise ValueError(f"the plural message {msgid[0]!r} needs plural= (the count)")
        self = super().__new__(cls, _render(msgid, plural, params, "en"))
        self.msgid, self.params, self.plural_count = msgid, params, plural
        return self

    def tr(self, lang: str | None = None, **extra: Any) -> str:
        """This text in ``lang`` (``None``: the current language), ``extra`` filled in too."""
        code = get_language() if lang is None else lang
        return _render(self.msgid, self.plural_count, {**self.params, **extra}, code)

    def __reduce__(self) -> tuple[Any, ...]:   # copy and pickle keep the msgid
        return (_rebuild, (self.msgid, self.plural_count, self.params))


def _rebuild(msgid: str | tuple[str, str], count: int | None, params: dict[str, Any]) -> Msg:
    return Msg(msgid, plural=count, **params)


class _Num(NamedTuple):
    value: Any
    spec: str


class _RankWord(NamedTuple):
    rank: Rank
    form: str                 # label, plural (announced: accusative), plural_nominative


class _RankCount(NamedTuple):
    rank: Rank
    n: int


class _Joined(NamedTuple):
    items: tuple[Any, ...]
    sep: str
    wrap: str


def joined(items: Any, sep: str = ", ", wrap: str = "{}") -> _Joined:
    """Several texts (each rendered in the language) joined by ``sep``, each put in ``wrap``.

    >>> tr(joined([Msg("true"), "7H"], wrap="*{}*"), lang="hr")
    '*istina*, *7H*'
    """
    return _Joined(tuple(items), sep, wrap)


def num(value: Any, spec: str = "g") -> _Num:
    """A number shown as ``format(value, spec)`` with the language's decimal mark.

    >>> tr(num(0.0004)), tr(num(0.25, ".4g"), lang="hr")
    ('0.0004', '0,25')
    """
    return _Num(value, spec)


def rank_word(rank: Rank, form: str = "plural") -> _RankWord:
    """A rank's name in the language when shown: ``label`` (``King``), ``plural`` (as
    announced: ``Kings``, Croatian accusative) or ``plural_nominative`` (as a name)."""
    if form not in ("label", "plural", "plural_nominative"):
        raise ValueError(f"unknown form {form!r} of a rank's name")
    return _RankWord(rank, form)


def rank_count(rank: Rank, n: int) -> _RankCount:
    """``n`` cards of ``rank`` in words (``2 sevens``), with the language's plural forms."""
    return _RankCount(rank, n)


def _value(v: Any, lang: str) -> Any:
    if isinstance(v, Msg):
        return v.tr(lang)
    if isinstance(v, _RankWord):
        with language(lang):
            return str(getattr(v.rank, v.form))
    if isinstance(v, _RankCount):
        with language(lang):
            return v.rank.count(v.n)
    if isinstance(v, _Joined):
        return v.sep.join(v.wrap.format(_value(i, lang)) for i in v.items)
    if isinstance(v, _Num):                 # grouping marks swap too: 2,599 -> 2.599
        text = format(v.value, v.spec)
        return text if lang == "en" else text.translate(_SWAP_MARKS)
    if isinstance(v, float):
        return format_number(v, lang=lang)
    if isinstance(v, Fraction):
        return str(v)
    return v


def _render(msgid: str | tuple[str, str], count: int | None, params: dict[str, Any],
            lang: str) -> str:
    if isinstance(msgid, tuple):
        text = ngettext(msgid[0], msgid[1], int(count or 0), lang=lang)
    else:
        text = _(msgid, lang=lang)
    return text.format_map(_Missing({k: _value(v, lang) for k, v in params.items()}))


def tr(text: Any, *, lang: str | None = None, **extra: Any) -> str:
    """``text`` in the current language (or ``lang``): a :class:`Msg` translated, a number
    of :func:`num` formatted, a plain ``str`` as it is."""
    code = get_language() if lang is None else lang
    if isinstance(text, Msg):
        return text.tr(code, **extra)
    if isinstance(text, (_Num, _RankWord, _RankCount, _Joined)):
        return str(_value(text, code))
    return str(text).format_map(_Missing(extra)) if extra else str(text)


def inline_html(text: str) -> str:
    """Escape ``text`` and render ``code``, **bold** and *italic* (for questions and hints).

    >>> inline_html("Use `score` on **AH** < *x*")
    'Use <code>score</code> on <b>AH</b> &lt; <i>x</i>'
    """
    s = html.escape(text, quote=False)
    s = re.sub(r"`([^`]+)`", r"<code>\1</code>", s)
    s = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", s)
    s = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"<i>\1</i>", s)
    return s

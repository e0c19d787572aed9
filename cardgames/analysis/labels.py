"""Tables in the reader's language: a DataFrame shown with its labels through gettext.

The lessons' code reads its tables by column name (``df["win_rate"]``), so the names
are data, the same in every language, and never messages.  What a student *reads* is
another matter: :func:`shown` returns a copy of a DataFrame (or Series) for display, its
column and index labels, the index names and the English words among its values
(``"lie"``, ``"nobody"``, bot names, ``True``/``False``) translated in the current
language (the lesson copy's kernel runs in it), and in Croatian and German its decimals
written with a comma (``0,263``).  In every language a column or index of scores (whole
numbers and halves, ``21.0``, ``30.5``) is written as a reader writes it (``21``, ``30.5``,
``30,5``), and the column names that are programmers' words (``win_rate``,
``winner_seat``, ``random#2``) are written in words (``win rate``, ``random #2``).

A label is translated when it is one of :data:`LABELS` (msgctxt ``"table"`` in the UI
catalog), when it matches one of :data:`TEMPLATES` (``"{n} seven(s) seen elsewhere"``:
the ``{...}`` parts are kept as they are), or when it is a bot's name (``heuristic``,
``random#2``).  Anything else (card codes, rule numbers, the engine's own translated
texts) stays as it is.

>>> import pandas as pd
>>> frame = pd.DataFrame({"seat": [0, 1], "win_rate": [0.25, 0.5], "inside?": [True, False]})
>>> shown(frame, lang="en").columns.tolist()
['seat', 'win rate', 'inside?']
>>> shown(pd.DataFrame({"score": [21.0, 30.5]}), lang="en")["score"].tolist()
['21', '30.5']
>>> shown(frame, lang="de")
   Platz  Gewinnquote drin?
0      0         0,25    ja
1      1         0,50  nein
>>> label("3 seven(s) seen elsewhere", lang="hr"), label("heuristic#1", lang="hr")
('viđene sedmice drugdje: 3', 'heuristički #1')
"""

from __future__ import annotations

import re
from typing import Any

from cardgames.i18n import decimal, gettext, language, pgettext

__all__ = ["CONTEXT", "LABELS", "TEMPLATES", "label", "shown"]

#: The msgctxt of every table label in the UI catalog.
CONTEXT = "table"


def NP_(context: str, message: str) -> str:
    """Mark ``message`` with ``context`` for the catalog (translated by :func:`label`)."""
    return message


#: The column, index and value labels of the lessons' tables (and the engine's analysis
#: tables: hand_table, tournament, summarize).
LABELS: tuple[str, ...] = (
    # lesson 1
    NP_("table", "rank"), NP_("table", "symbol"), NP_("table", "position (0-7)"),
    NP_("table", "value (T3)"), NP_("table", "turn"), NP_("table", "seat"),
    NP_("table", "rank due"), NP_("table", "players"), NP_("table", "ranks per seat (listed)"),
    NP_("table", "all seats alike"), NP_("table", "play"),
    NP_("table", "seat if nobody were caught"),
    # lesson 2
    NP_("table", "cards"), NP_("table", "call"), NP_("table", "turned over"),
    NP_("table", "pile taken by"), NP_("table", "rule"), NP_("table", "plays next"),
    NP_("table", "winner"), NP_("table", "true"), NP_("table", "lie"),
    NP_("table", "Colorful"), NP_("table", "Pale"), NP_("table", "Colorful + wrong"),
    NP_("table", "Pale + wrong"), NP_("table", "Pale + true"), NP_("table", "nobody"),
    NP_("table", "next player (2)"), NP_("table", "later player (3)"),
    NP_("table", "player"), NP_("table", "caller"),
    # lesson 3
    NP_("table", "hand"), NP_("table", "score"), NP_("table", "why (engine's explain)"),
    NP_("table", "chronicler"), NP_("table", "kind"), NP_("table", "suit"),
    NP_("table", "nothing"), NP_("table", "three of a rank"), NP_("table", "three Aces"),
    NP_("table", "Hearts"), NP_("table", "Bells"), NP_("table", "Leaves"),
    NP_("table", "Acorns"),                # the scoring suit (hands.hand_table's data)
    NP_("table", "hands (32 cards)"), NP_("table", "hands (with Chronicler)"),
    NP_("table", "formula"), NP_("table", "enumeration"), NP_("table", "exact fraction"),
    NP_("table", "simulation"), NP_("table", "95%% interval"), NP_("table", "exact inside?"),
    NP_("table", "P(score ≥ 21)"), NP_("table", "P(score = 30.5)"),
    NP_("table", "P(score = 33)"), NP_("table", "without"), NP_("table", "with Chronicler"),
    NP_("table", "without Chronicler"),
    NP_("table", "times as likely"),
    # lesson 4
    NP_("table", "sevens in my hand"), NP_("table", "deals"), NP_("table", "sevens"),
    NP_("table", "predicted"), NP_("table", "observed"), NP_("table", "95%% low"),
    NP_("table", "95%% high"), NP_("table", "inside?"), NP_("table", "P(1 seven)"),
    NP_("table", "P(2 sevens)"), NP_("table", "prior π (bluffer)"),
    NP_("table", "P(claim true)"), NP_("table", "P(bluffer | it was a lie)"),
    NP_("table", "Chroniclers in the deck"), NP_("table", "unseen"), NP_("table", "good"),
    NP_("table", "P(true when called)"), NP_("table", "none"), NP_("table", "pale"),
    NP_("table", "both"), NP_("table", "P(someone calls)"),
    NP_("table", "expected cards YOU take"), NP_("table", "expected cards the CALLER takes"),
    # lesson 5
    NP_("table", "choice"), NP_("table", "hand after"), NP_("table", "why"),
    NP_("table", "hands"), NP_("table", "opponent hands"), NP_("table", "your hand"),
    NP_("table", "table you leave"), NP_("table", "your score"),
    NP_("table", "P(lose a life)"), NP_("table", "P(lose a life if you reveal now)"),
    NP_("table", "lowest"), NP_("table", "median"), NP_("table", "highest"),
    NP_("table", "safest hands (tied)"), NP_("table", "riskiest hands (tied)"),
    NP_("table", "agent"),
    NP_("table", "games"), NP_("table", "wins"), NP_("table", "win_rate"),
    NP_("table", "win_low"), NP_("table", "win_high"), NP_("table", "reveal at"),
    NP_("table", "win rate vs default"), NP_("table", "shared wins"),
    NP_("table", "fair share"), NP_("table", "pass"), NP_("table", "reveal"),
    NP_("table", "swap all"),
    # lesson 6
    NP_("table", "game"), NP_("table", "seed"), NP_("table", "winner_seat"),
    NP_("table", "decisions"), NP_("table", "end"), NP_("table", "capped"),
    NP_("table", "went_out"), NP_("table", "estimate"), NP_("table", "low"),
    NP_("table", "high"), NP_("table", "count"), NP_("table", "mean"), NP_("table", "std"),
    NP_("table", "min"), NP_("table", "max"), NP_("table", "A only"), NP_("table", "B only"),
    NP_("table", "simulated"), NP_("table", "Markov chain"), NP_("table", "SE"),
    NP_("table", "(chain - simulated) / SE"),
    # values
    NP_("table", "True"), NP_("table", "False"),
)

#: Labels with a variable part: each ``{name}`` matches any text, kept as it is.
TEMPLATES: tuple[str, ...] = (
    NP_("table", "{n} seven(s) seen elsewhere"), NP_("table", "{n} other card(s) seen"),
    NP_("table", "expected cards the caller takes (pile of {pile})"),
    NP_("table", "{seat} (player)"), NP_("table", "{seat} (caller)"),
    NP_("table", "{seat} (next in order)"), NP_("table", "swap {cards}"),
    NP_("table", "agent_{seat}"), NP_("table", "place_{seat}"), NP_("table", "points_{seat}"),
)

#: A label as a table shows it -> its msgid (a "%" is written "%%" in a msgid, so that the
#: catalog tools never read "95% low" as a printf placeholder "% l").
_KNOWN = {m.replace("%%", "%"): m for m in LABELS}
_PATTERNS = [(t, re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(t)) + "$"))
             for t in TEMPLATES]
#: The bots' names of the engines (the UI catalog's words, as the tables show them).
_BOTS = re.compile(r"^(heuristic|random|caller|expert)(#\d+)?$")
#: The English labels that are programmers' words, as an English reader reads them (in
#: hr and de the catalog's translation is shown instead).
ENGLISH_WORDS = {"win_rate": "win rate", "win_low": "95% low", "win_high": "95% high",
                 "winner_seat": "winner's seat", "went_out": "went out"}
_ENGLISH_TEMPLATES = [(re.compile(r"^(agent|place|points)_(.+)$"), r"\1 \2")]

#: A number written as text (a decimal, an interval "0.1–0.2"): its points become commas.
_SWAP = str.maketrans(",.", ".,")
_NUMBER_TEXT = re.compile(r"^[-+−]?\d+(\.\d+)?(\s*[–-]\s*[-+−]?\d+(\.\d+)?)?%?$")


def label(text: Any, *, lang: str | None = None) -> Any:
    """One label or value of a table in the current language (``lang``); a value that
    is not a known label comes back as it is.

    >>> label("pile taken by", lang="hr"), label("7H", lang="hr"), label(3, lang="de")
    ('hrpu uzima', '7H', 3)
    >>> label(True, lang="en"), label("random#2", lang="en"), label("lie", lang="en")
    ('yes', 'random #2', 'lie')
    """
    with language(lang) as code:
        if code == "en":
            return _english(text)
        if isinstance(text, bool) or (type(text).__module__ == "numpy"
                                      and type(text).__name__ in ("bool", "bool_")):
            return pgettext(CONTEXT, str(bool(text)))
        if not isinstance(text, str):
            return text
        if text in _KNOWN:
            return pgettext(CONTEXT, _KNOWN[text]).replace("%%", "%")
        bot = _BOTS.match(text)
        if bot:
            return gettext(bot.group(1)) + (" " + bot.group(2) if bot.group(2) else "")
        for template, pattern in _PATTERNS:
            m = pattern.match(text)
            if m:
                return pgettext(CONTEXT, template).format(**m.groupdict())
        if _NUMBER_TEXT.match(text):
            return text.replace(".", ",")
        return text


def _english(text: Any) -> Any:
    """An English label in words (``win_rate`` -> ``win rate``, ``random#2`` -> ``random #2``,
    ``True`` -> ``yes``)."""
    if isinstance(text, bool) or (type(text).__module__ == "numpy"
                                  and type(text).__name__ in ("bool", "bool_")):
        return "yes" if text else "no"
    if not isinstance(text, str):
        return text
    if text in ENGLISH_WORDS:
        return ENGLISH_WORDS[text]
    bot = _BOTS.match(text)
    if bot and bot.group(2):
        return f"{bot.group(1)} {bot.group(2)}"
    for pattern, replace in _ENGLISH_TEMPLATES:
        if pattern.match(text):
            return pattern.sub(replace, text)
    return text


def _is_points(values: Any) -> bool:
    """Whether float ``values`` are all whole numbers or halves (scores, counts): such a
    column reads ``21``, ``30.5``, not ``21.0``."""
    import numpy as np

    arr = np.asarray(values, dtype=float)
    arr = arr[np.isfinite(arr)]
    return bool(arr.size) and bool(np.all(arr * 2 == np.round(arr * 2)))


def _points_text(v: Any) -> Any:
    """A score as a reader writes it: ``21``, ``30.5`` (``30,5`` in hr and de)."""
    if isinstance(v, float) and v == v:
        return decimal(f"{v:g}")
    return v


def _relabel_index(index: Any) -> Any:
    import pandas as pd

    if isinstance(index, pd.MultiIndex):
        return pd.MultiIndex.from_tuples([tuple(_value(v) for v in t) for t in index],
                                         names=[label(n) for n in index.names])
    if index.dtype.kind in "iu" or isinstance(index, pd.RangeIndex):
        return index.rename(label(index.name))
    if index.dtype.kind == "f" and _is_points(index):
        return pd.Index([_points_text(float(v)) for v in index], name=label(index.name),
                        dtype=object)
    if index.dtype.kind == "f":         # as pandas writes them (0.00, 0.25), with a comma
        texts = index._format_flat(include_name=False)
        return pd.Index([decimal(t.strip()) for t in texts], name=label(index.name))
    return pd.Index([_value(v) for v in index], name=label(index.name), tupleize_cols=False)


def _value(v: Any) -> Any:
    """A label of a mixed or text index: a float as a number in the language (``30,5``)."""
    if isinstance(v, float):
        return decimal(f"{v:g}")
    return label(v)


def shown(frame: Any, *, lang: str | None = None) -> Any:
    """A copy of ``frame`` (DataFrame or Series) for display in the current language
    (``lang``): its labels in words, scores as ``21`` and ``30.5``; in hr and de a frame
    that prints its decimals with a comma.  The original is left as it is."""
    import pandas as pd

    with language(lang) as code:
        out = frame.copy()
        out.index = _relabel_index(out.index)
        if isinstance(out, pd.Series):
            out.name = label(out.name)
            if out.dtype.kind in "Ob" or isinstance(out.dtype, pd.CategoricalDtype):
                out = out.map(label).astype(object)
            elif out.dtype.kind == "f" and _is_points(out):
                out = out.map(_points_text).astype(object)
            return out
        for col in out.columns:
            column = out[col]
            if isinstance(column, pd.DataFrame):      # a repeated column name
                continue
            if column.dtype.kind in "Ob" or isinstance(column.dtype, pd.CategoricalDtype) \
                    or pd.api.types.is_string_dtype(column.dtype):
                out[col] = column.map(label).astype(object)
            elif column.dtype.kind == "f" and _is_points(column):
                out[col] = column.map(_points_text).astype(object)
        out.columns = _relabel_index(out.columns)
        return out if code == "en" else _LocalFrame(out)


def _frame_class() -> type:
    import pandas as pd

    class LocalFrame(pd.DataFrame):
        """A DataFrame that prints its decimals with a comma (hr, de)."""

        @property
        def _constructor(self) -> type:      # anything computed from it is a plain frame
            return pd.DataFrame

        def _repr_html_(self) -> str:
            from pandas import get_option

            return self.to_html(notebook=True, decimal=",",
                                max_rows=get_option("display.max_rows"),
                                max_cols=get_option("display.max_columns"),
                                show_dimensions=get_option("display.show_dimensions"),
                                float_format=get_option("display.float_format"))

        def __repr__(self) -> str:
            from pandas.io.formats import format as fmt

            params = fmt.get_dataframe_repr_params()  # type: ignore[attr-defined]
            return str(self.to_string(decimal=",", **params))

    return LocalFrame


def _LocalFrame(frame: Any) -> Any:
    global _LOCAL
    if _LOCAL is None:
        _LOCAL = _frame_class()
    return _LOCAL(frame)


_LOCAL: type | None = None

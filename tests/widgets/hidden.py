"""Reusable check: does any card a player may not know reach the browser?

Every synced trait of every live widget is sent to the browser (see
``widgets/__init__.py``), displayed or not.  These helpers walk the full
``get_state()`` of every live ``ipywidgets.Widget`` and search every string
in it for a card, in each form a widget could carry it:

- its notation as a whole token (``UB``, ``10L``, ``*C``), as in logs and tooltips;
- its English name as whole words (``Unter of Bells``; ``X of Hearts`` does not
  match inside ``IX of Hearts``), as in SVG titles and ``aria-label`` s;
- the SVG markers of :func:`cardgames.render.card_svg` (``data-card="UB"``,
  ``class="card card-UB"``).

Game-independent: the caller computes which cards are hidden from the engine
(e.g. R-L11 for Liar, R-T9 for Thirty-One) and passes them in.

>>> from cardgames.cards import Card
>>> find_card(Card.parse("UB"), ["Player 1 played UB.", "the IX of Hearts"])
['Player 1 played UB.']
>>> find_card(Card.parse("10H"), ["the IX of Hearts"])
[]
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache

from ipywidgets import Widget

from cardgames.cards import Card

__all__ = ["frame_text", "live_widgets", "synced_strings", "card_patterns", "find_card", "find_cards", "cards_in",
           "hidden_hits", "svg_count", "svg_counts", "assert_no_hidden_cards"]


def frame_text(payload: str | bytes) -> str:
    """A websocket frame as the text a hidden-card search reads.

    Text frames are returned as they are.  A binary frame of Jupyter's kernel websocket
    protocol v1 (``v1.kernel.websocket.jupyter.org``: the count of offsets and the
    offsets as 8-byte little-endian integers, then the channel, header, parent header,
    metadata, content and any buffers) is returned as its parts, NUL-joined, without
    the offset table: an offset such as 16,695 is the bytes ``7A`` followed by six
    NULs, and would read as the VII of Acorns.  A binary frame that is not v1 is
    decoded whole (the search then errs towards a false alarm, never a missed card).

    >>> parts = [b"iopub", b'{"msg_type": "comm_msg"}', b"{}", b"{}", b'{"text": "UB"}']
    >>> offsets = [8 * (len(parts) + 2)]
    >>> for part in parts:
    ...     offsets.append(offsets[-1] + len(part))
    >>> frame = b"".join([len(offsets).to_bytes(8, "little")]
    ...                  + [o.to_bytes(8, "little") for o in offsets] + parts)
    >>> parts = frame_text(frame).split(chr(0))
    >>> parts[0], parts[-1]
    ('iopub', '{"text": "UB"}')
    >>> frame_text((16695).to_bytes(8, "little") + b"junk")[:2]    # not v1: whole
    '7A'
    """
    if isinstance(payload, str):
        return payload
    data = bytes(payload)
    whole = data.decode("utf-8", errors="replace")
    if len(data) < 16:
        return whole
    count = int.from_bytes(data[:8], "little")
    if not 2 <= count <= 1 + len(data) // 8:
        return whole
    offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != 8 * (count + 1) or offsets[-1] != len(data) or offsets != sorted(offsets):
        return whole
    return "\x00".join(data[a:b].decode("utf-8", errors="replace")
                        for a, b in zip(offsets, offsets[1:]))


def live_widgets() -> list[Widget]:
    """Every live (not closed) widget instance."""
    try:
        from ipywidgets.widgets.widget import _instances
    except ImportError:  # pragma: no cover - older ipywidgets
        _instances = Widget.widgets  # type: ignore[attr-defined]
    return [w for w in list(_instances.values()) if isinstance(w, Widget)]


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, (bytes, bytearray, memoryview)):
        yield bytes(value).decode("utf-8", errors="replace")
    elif value is not None and not isinstance(value, (int, float, bool)):
        yield json.dumps(value, default=str)


def synced_strings(widgets: Iterable[Widget] | None = None) -> list[str]:
    """Every string in the synced state (``get_state()``) of ``widgets`` (default: all live)."""
    out: list[str] = []
    for w in live_widgets() if widgets is None else widgets:
        out.extend(_strings(w.get_state()))
    return out


def names_in_every_language(card: Card) -> list[str]:
    """``card.name`` in each language of the package (a hidden card's Croatian or German
    name is as much a leak as its English one), longest first.

    >>> names_in_every_language(Card.parse("AH"))
    ['Ace of Hearts', 'Herz-Ass', 'As srca']
    """
    from cardgames.i18n import SUPPORTED, language

    names = set()
    for lang in SUPPORTED:
        with language(lang):
            names.add(card.name)
    return sorted(names, key=lambda n: (-len(n), n))


@lru_cache(maxsize=None)
def card_patterns(card: Card) -> tuple[re.Pattern[str], ...]:
    """The regular expressions that find ``card`` in text (see the module docstring), its
    names in every language (cached once, whatever the language of the caller)."""
    code = str(card)
    pats = [
        re.compile(r'data-card="' + re.escape(code) + '"'),
        re.compile(r"(?<![\w*])(?:" + "|".join(map(re.escape, names_in_every_language(card)))
                   + r")(?!\w)"),
    ]
    if code == "*":   # the plain Chronicler ("Chronicler" inside "Pale Chronicler" is another card)
        # (and the same in hr and de: "Šareni/Blijedi Kroničar", "Bunter/Blasser Chronist")
        pats[1] = re.compile(r"(?<!Colorful )(?<!Pale )(?<!Šareni )(?<!Blijedi )(?<!Bunter )"
                             r"(?<!Blasser )(?<![\w*])(?:Chronicler|Kroničar|Chronist)(?!\w)")
        pats.append(re.compile(r"card-chronicler(?![\w-])"))
    else:
        pats.append(re.compile(r"(?<![\w*])" + re.escape(code) + r"(?![\w*])"))
        if not card.is_chronicler:
            pats.append(re.compile(r"\bcard-" + re.escape(code) + r"\b"))
    return tuple(pats)


def find_card(card: Card, texts: Iterable[str]) -> list[str]:
    """The texts in which ``card`` appears in any form."""
    texts = _not_settings(texts)
    pats = card_patterns(card)
    return [t for t in texts if any(p.search(t) for p in pats)]


_COMBINED: list[re.Pattern[str]] = []


def _combined() -> list[re.Pattern[str]]:
    """A few alternations that find every card form in one pass each (fast on big SVG text)."""
    if not _COMBINED:
        from cardgames.cards import ALL_CARDS

        names = sorted({n for c in ALL_CARDS for n in names_in_every_language(c)},
                       key=len, reverse=True)
        codes = sorted({str(c) for c in ALL_CARDS if str(c) != "*"}, key=len, reverse=True)
        _COMBINED.extend([
            re.compile(r'data-card="([^"]+)"'),
            re.compile(r"(?<![\w*])(" + "|".join(map(re.escape, names)) + r")(?!\w)"),
            re.compile(r"(?<![\w*])(" + "|".join(map(re.escape, codes)) + r")(?![\w*])"),
            re.compile(r"\bcard-(chronicler(?:-colorful|-pale)?|10[HBLA]|[789UOKA][HBLA])\b"),
        ])
    return _COMBINED


@lru_cache(maxsize=None)
def _card_of(token: str) -> Card | None:
    from cardgames.cards import ALL_CARDS

    table = {str(c): c for c in ALL_CARDS}
    table.update({n: c for c in ALL_CARDS for n in names_in_every_language(c)})
    table.update({"chronicler": table["*"], "chronicler-colorful": table["*C"],
                  "chronicler-pale": table["*P"]})
    return table.get(token)


#: whole synced texts that name a card as a *setting*, not as a card anyone holds: the
#: Thirty-One table's checkbox label (widgets/tables/thirtyone_draw.py, T2), in every language
SETTING_LABELS = frozenset({"with the Chronicler", "s Kroničarem", "mit dem Chronisten"})


def _not_settings(texts: Iterable[str]) -> list[str]:
    return [t for t in texts if t.strip() not in SETTING_LABELS]


def cards_in(texts: Iterable[str] | None = None) -> set[Card]:
    """Every card that appears, in any form, in ``texts`` (default: all synced strings)."""
    texts = _not_settings(synced_strings() if texts is None else texts)
    blob = "\x00".join(texts)      # no pattern crosses a NUL
    found: set[Card] = set()
    for pat in _combined():
        for m in pat.finditer(blob):
            card = _card_of(m.group(1))
            if card is not None:
                found.add(card)
    return found


def find_cards(cards: Iterable[Card], texts: Iterable[str] | None = None) -> dict[str, list[str]]:
    """``{notation: [texts...]}`` for each of ``cards`` found (default texts: all synced strings)."""
    texts = synced_strings() if texts is None else list(texts)
    present = cards_in(texts)
    return {str(c): find_card(c, texts) for c in set(cards) if c in present}


def hidden_hits(hidden: Iterable[Card], known: Iterable[Card] = (),
                texts: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Hidden cards found in the synced state.

    A card of which the player knows a copy (``known``: own hand, own plays,
    cards turned over...) may legitimately appear, so only cards with no known
    copy are searched.  With one deck every card is unique and this is exact;
    with two decks combine it with :func:`svg_count`.
    """
    known_set = set(known)
    return find_cards([c for c in set(hidden) if c not in known_set], texts)


def svg_count(card: Card, texts: Iterable[str] | None = None) -> int:
    """How many face-up SVG drawings of ``card`` the synced state holds."""
    texts = synced_strings() if texts is None else texts
    marker = f'data-card="{card}"'
    return sum(t.count(marker) for t in texts)


def svg_counts(texts: Iterable[str] | None = None) -> Counter:
    """``Counter`` of the face-up SVG drawings per card in the synced state (one pass)."""
    texts = synced_strings() if texts is None else texts
    out: Counter = Counter()
    for t in texts:
        for m in _combined()[0].finditer(t):
            card = _card_of(m.group(1))
            if card is not None:
                out[card] += 1
    return out


def assert_no_hidden_cards(hidden: Iterable[Card], known: Iterable[Card] = (),
                           texts: Iterable[str] | None = None) -> None:
    """Fail, quoting the offending text, if a hidden card (with no known copy) is synced."""
    hits = hidden_hits(hidden, known, texts)
    if hits:
        lines = [f"{code}: {found[0][:300]!r}" for code, found in sorted(hits.items())]
        raise AssertionError("hidden cards reach the browser:\n" + "\n".join(lines))


def multiset(cards: Iterable[Card]) -> Counter:
    return Counter(cards)

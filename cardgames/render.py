"""SVG drawings of cards, card backs and hands (pure strings, standard library only).

Every function returns a complete, standalone SVG document as text (with the
``xmlns``), so it can be shown by Jupyter (``Card._repr_svg_``), put inside an
HTML widget, or written to a ``.svg`` file.  Nothing is fetched at run time:
the four Hungarian suit signs are drawn here as SVG paths and the text uses
the browser's own sans-serif font.

The suit signs differ in *shape* (heart, round bell, pointed leaf, capped
acorn), not only in colour, so they can be told apart in grey or by a
colour-blind player.  Each drawing carries ``role="img"``, an ``aria-label``
and a ``<title>`` naming what it shows; a back names nothing but "Face-down
card" and is the same text for every card.

>>> from cardgames.cards import Card
>>> svg = card_svg(Card.parse("AH"))
>>> svg.startswith("<svg") and "Ace of Hearts" in svg
True
>>> card_svg(Card.parse("AH"), face_down=True) == card_svg(Card.parse("7B"), face_down=True)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from cardgames.cards import Card, Chronicler, Rank, Suit, register_drawing
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext, pgettext

__all__ = [
    "CARD_WIDTH",
    "SUIT_COLORS",
    "card_svg",
    "back_svg",
    "hand_svg",
    "suit_svg",
]

#: The default width of a card in pixels (the height is 1.55 times the width).
CARD_WIDTH = 120

# The drawing box of one card, in user units; ``width`` scales it.
_W = 100
_H = 155
_RATIO = _H / _W

_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

#: Fill colours of the four suit signs.
SUIT_COLORS: dict[Suit, str] = {
    Suit.HEARTS: "#d1202f",   # red
    Suit.BELLS: "#e39b12",    # golden orange
    Suit.LEAVES: "#2e8b36",   # green
    Suit.ACORNS: "#7a4a1e",   # brown
}

_INK = "#1d1d1f"
_SELECT = "#1565c0"

# The suit signs, each drawn in a 100 x 100 box.  A list of (element, attributes)
# so that every suit has its own outline, not a recoloured copy of another.
_HEART = [
    ("path", {"d": "M50 90 C30 74 6 58 6 34 C6 18 18 8 31 8 C40 8 47 13 50 22 "
                   "C53 13 60 8 69 8 C82 8 94 18 94 34 C94 58 70 74 50 90 Z",
              "fill": SUIT_COLORS[Suit.HEARTS], "stroke": "#7d0f18", "stroke-width": "3"}),
    ("path", {"d": "M24 24 C28 18 35 17 39 20", "fill": "none", "stroke": "#ffffff",
              "stroke-width": "4", "stroke-linecap": "round", "opacity": "0.7"}),
]
_BELL = [
    # the ring on top
    ("path", {"d": "M42 14 A8 8 0 1 1 58 14", "fill": "none", "stroke": "#7a4f00",
              "stroke-width": "5"}),
    # the round body of the bell
    ("path", {"d": "M50 14 C73 14 88 32 88 54 C88 76 71 92 50 92 C29 92 12 76 12 54 "
                   "C12 32 27 14 50 14 Z",
              "fill": SUIT_COLORS[Suit.BELLS], "stroke": "#7a4f00", "stroke-width": "3"}),
    # the band round the middle
    ("path", {"d": "M13 50 L87 50 L87 58 L13 58 Z", "fill": "#b36f00",
              "stroke": "#7a4f00", "stroke-width": "2"}),
    # the slit with its two holes at the bottom
    ("path", {"d": "M30 74 L70 74", "fill": "none", "stroke": "#3d2700",
              "stroke-width": "4", "stroke-linecap": "round"}),
    ("path", {"d": "M24 74 A5 5 0 1 0 34 74 A5 5 0 1 0 24 74 Z "
                   "M66 74 A5 5 0 1 0 76 74 A5 5 0 1 0 66 74 Z", "fill": "#3d2700"}),
    ("path", {"d": "M28 34 C33 26 40 23 46 22", "fill": "none", "stroke": "#fff3c4",
              "stroke-width": "4", "stroke-linecap": "round", "opacity": "0.8"}),
]
_LEAF = [
    # the stem
    ("path", {"d": "M50 96 L50 78", "fill": "none", "stroke": "#1b5e20",
              "stroke-width": "5", "stroke-linecap": "round"}),
    # the blade: pointed at the top, rounded at the base
    ("path", {"d": "M50 4 C66 18 86 36 84 56 C82 72 66 82 50 82 C34 82 18 72 16 56 "
                   "C14 36 34 18 50 4 Z",
              "fill": SUIT_COLORS[Suit.LEAVES], "stroke": "#1b5e20", "stroke-width": "3"}),
    # the veins
    ("path", {"d": "M50 14 L50 80 M50 34 L36 26 M50 34 L64 26 M50 50 L30 40 "
                   "M50 50 L70 40 M50 66 L30 58 M50 66 L70 58",
              "fill": "none", "stroke": "#c8e6c9", "stroke-width": "2.5",
              "stroke-linecap": "round"}),
]
_ACORN = [
    # the stalk
    ("path", {"d": "M50 4 L50 16", "fill": "none", "stroke": "#3e2410",
              "stroke-width": "5", "stroke-linecap": "round"}),
    # the nut: an egg, narrower at the bottom tip
    ("path", {"d": "M26 46 C26 72 40 92 50 96 C60 92 74 72 74 46 Z",
              "fill": "#b9793a", "stroke": "#3e2410", "stroke-width": "3"}),
    # the cap: a wide dome with a flat rim
    ("path", {"d": "M16 48 C16 26 32 14 50 14 C68 14 84 26 84 48 Z",
              "fill": SUIT_COLORS[Suit.ACORNS], "stroke": "#3e2410", "stroke-width": "3"}),
    # the scales of the cap (cross-hatching)
    ("path", {"d": "M26 30 L40 46 M38 20 L58 46 M54 17 L74 42 M74 30 L60 46 "
                   "M62 18 L42 46 M46 16 L26 40",
              "fill": "none", "stroke": "#3e2410", "stroke-width": "2"}),
]

_SUIT_SHAPES = {Suit.HEARTS: _HEART, Suit.BELLS: _BELL, Suit.LEAVES: _LEAF,
                Suit.ACORNS: _ACORN}

_STAR = ("M50 4 L61 37 L96 37 L68 58 L79 92 L50 71 L21 92 L32 58 L4 37 L39 37 Z")


def _attrs(attributes: dict[str, str]) -> str:
    return " ".join(f"{k}={quoteattr(str(v))}" for k, v in attributes.items())


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def _sign(suit: Suit, x: float, y: float, size: float, *, rotate: bool = False) -> str:
    """The suit sign of ``suit`` scaled into a ``size`` box with its top-left at (x, y)."""
    s = size / 100
    transform = f"translate({_num(x)} {_num(y)}) scale({_num(s)})"
    if rotate:
        transform = (f"translate({_num(x + size)} {_num(y + size)}) rotate(180) "
                     f"scale({_num(s)})")
    parts = "".join(f"<{tag} {_attrs(a)}/>" for tag, a in _SUIT_SHAPES[suit])
    return (f'<g class="suit suit-{suit.name.lower()}" transform="{transform}">'
            f"{parts}</g>")


def _star(x: float, y: float, size: float, fill: str, stroke: str) -> str:
    s = size / 100
    return (f'<path class="chronicler-star" transform="translate({_num(x)} {_num(y)}) '
            f'scale({_num(s)})" d="{_STAR}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="4" stroke-linejoin="round"/>')


def _open(width: float, label: str, *, css_class: str, extra: str = "") -> str:
    height = width * _RATIO
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class={quoteattr(css_class)} '
            f'width="{_num(width)}" height="{_num(height)}" viewBox="0 0 {_W} {_H}" '
            f'role="img" aria-label={quoteattr(label)}{extra}>'
            f"<title>{escape(label)}</title>")


def _frame(fill: str, stroke: str, *, selected: bool, dash: str = "") -> str:
    border = (f'<rect x="1.5" y="1.5" width="{_W - 3}" height="{_H - 3}" rx="8" '
              f'fill="{fill}" stroke="{stroke}" stroke-width="2"{dash}/>')
    if selected:
        border += (f'<rect class="selected-ring" x="3" y="3" width="{_W - 6}" '
                   f'height="{_H - 6}" rx="7" fill="none" stroke="{_SELECT}" '
                   f'stroke-width="6"/>')
    return border


def _text(x: float, y: float, text: str, *, size: float, fill: str = _INK,
          weight: str = "bold", rotate: bool = False, anchor: str = "middle",
          css_class: str = "") -> str:
    transform = f' transform="rotate(180 {_num(x)} {_num(y)})"' if rotate else ""
    cls = f' class="{css_class}"' if css_class else ""
    return (f'<text{cls} x="{_num(x)}" y="{_num(y)}" font-family="{_FONT}" '
            f'font-size="{_num(size)}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central"{transform}>'
            f"{escape(text)}</text>")


def _index_size(symbol: str) -> float:
    # "10" is two characters wide; keep it inside the corner.
    return 22 if len(symbol) == 1 else 19


def _ordinary(card: Card, width: float, selected: bool, label: bool) -> str:
    assert card.rank is not None and card.suit is not None
    suit, rank = card.suit, card.rank
    color = SUIT_COLORS[suit]
    ink = "#7d0f18" if suit is Suit.HEARTS else _INK
    out = [_open(width, card.name, css_class=f"card card-{card.notation()}",
                 extra=f' data-card="{escape(card.notation())}"'),
           _frame("#fffdf6", "#555555", selected=selected)]
    size = _index_size(rank.symbol)
    # top-left and bottom-right corner: rank symbol with the suit sign below it
    out.append(_text(14, 15, rank.symbol, size=size, fill=ink, css_class="rank"))
    out.append(_sign(suit, 5, 27, 18))
    out.append(_text(_W - 14, _H - 15, rank.symbol, size=size, fill=ink, rotate=True,
                     css_class="rank"))
    out.append(_sign(suit, _W - 23, _H - 45, 18, rotate=True))
    # the middle: a large suit sign, the rank name under it
    if rank >= Rank.UNTER:
        # court cards and the Ace: a coloured panel behind the sign marks them out
        out.append(f'<rect x="24" y="24" width="52" height="100" rx="6" fill="{color}" '
                   f'fill-opacity="0.12" stroke="{color}" stroke-width="1.5"/>')
    out.append(_sign(suit, 27, 36, 46))
    if label:
        out.append(_text(50, 101, rank.label, size=15 if len(rank.label) < 5 else 13,
                         fill=ink, css_class="rank-label"))
        out.append(_text(50, 116, suit.label, size=9, fill="#555555", weight="normal",
                         css_class="suit-label"))
    out.append("</svg>")
    return "".join(out)


def _chronicler(card: Card, width: float, selected: bool, label: bool) -> str:
    chron = card.chronicler
    assert chron is not None
    symbol = chron.value
    out = [_open(width, card.name, css_class=f"card card-chronicler-{chron.name.lower()}",
                 extra=f' data-card="{escape(card.notation())}"')]
    if chron is Chronicler.COLORFUL:
        out.append(_frame("#fffdf6", "#555555", selected=False))
        # a border of four colours, one per suit
        for i, suit in enumerate(Suit):
            x0, y0, x1, y1 = [(5, 5, 95, 5), (95, 5, 95, 150), (95, 150, 5, 150),
                              (5, 150, 5, 5)][i]
            out.append(f'<path d="M{x0} {y0} L{x1} {y1}" stroke="{SUIT_COLORS[suit]}" '
                       f'stroke-width="5" stroke-linecap="round"/>')
        # a golden star over a row of the four suit signs (no gradients: they need ids)
        out.append(_star(22, 26, 56, SUIT_COLORS[Suit.BELLS], "#7a4f00"))
        for i, suit in enumerate(Suit):
            out.append(_sign(suit, 14 + i * 18, 86, 18))
        ink = _INK
        name = pgettext("Chronicler card face", "Colorful")
        if selected:
            out.append(_frame("none", "none", selected=True))
    elif chron is Chronicler.PALE:
        out.append(_frame("#e4e4e4", "#8a8a8a", selected=selected,
                          dash=' stroke-dasharray="6 4"'))
        out.append(_star(22, 30, 56, "#f5f5f5", "#9e9e9e"))
        ink = "#6b6b6b"
        name = pgettext("Chronicler card face", "Pale")
    else:
        out.append(_frame("#f3eefb", "#555555", selected=selected))
        out.append(_star(22, 30, 56, "#5b3a8e", "#2e1a4d"))
        ink = "#3b2466"
        name = ""
    out.append(_text(19, 20, symbol, size=20, fill=ink, css_class="rank"))
    out.append(_text(_W - 19, _H - 20, symbol, size=20, fill=ink, rotate=True,
                     css_class="rank"))
    if label:
        if name:
            out.append(_text(50, 118, name, size=14, fill=ink, css_class="rank-label"))
        out.append(_text(50, 133 if name else 120, _("Chronicler"), size=11, fill=ink,
                         weight="normal", css_class="suit-label"))
    out.append("</svg>")
    return "".join(out)


def card_svg(card: Card, *, width: float = CARD_WIDTH, selected: bool = False,
             face_down: bool = False, label: bool = True) -> str:
    """One card as a standalone SVG document.

    ``width`` is in pixels (height = 1.55 x width); ``selected`` draws a thick
    blue ring; ``face_down`` draws :func:`back_svg` instead (exactly the same
    text whatever the card, so a back carries no identity); ``label=False``
    leaves out the rank and suit names under the sign (for small cards).
    """
    if not isinstance(card, Card):
        raise TypeError(f"card_svg needs a Card, not {card!r}")
    width = _check_width(width)
    if face_down:
        return back_svg(width=width, selected=selected)
    if card.is_chronicler:
        return _chronicler(card, width, selected, label)
    return _ordinary(card, width, selected, label)


def back_svg(*, width: float = CARD_WIDTH, selected: bool = False) -> str:
    """The back of a card: the same drawing for every card (no card identity)."""
    width = _check_width(width)
    out = [_open(width, _("Face-down card"), css_class="card card-back"),
           _frame("#1f3a68", "#0d1b33", selected=False)]
    out.append('<rect x="9" y="9" width="82" height="137" rx="5" fill="none" '
               'stroke="#e8d9a8" stroke-width="2"/>')
    # a diamond lattice, drawn as plain lines (no ids, no patterns)
    step = 12
    d = []
    for c in range(-130, 110, step):
        # lines x - y = c and x + y = c + 155, clipped roughly to the inner box
        d.append(_clip_line(13, 13, 87, 142, 1, c))
        d.append(_clip_line(13, 13, 87, 142, -1, c + 155))
    path = " ".join(p for p in d if p)
    out.append(f'<path d="{path}" fill="none" stroke="#e8d9a8" stroke-width="1.2" '
               'opacity="0.55"/>')
    out.append('<circle cx="50" cy="77.5" r="16" fill="#1f3a68" stroke="#e8d9a8" '
               'stroke-width="2.5"/>')
    out.append(_star(38, 65.5, 24, "#e8d9a8", "#e8d9a8"))
    if selected:
        out.append(_frame("none", "none", selected=True))
    out.append("</svg>")
    return "".join(out)


def _clip_line(x0: float, y0: float, x1: float, y1: float, slope: int, c: float) -> str:
    """The part inside the box of the line ``y = x - c`` (slope 1) or ``y = -x + c``."""
    pts = []
    for x in (x0, x1):
        y = x - c if slope == 1 else -x + c
        if y0 <= y <= y1:
            pts.append((x, y))
    for y in (y0, y1):
        x = y + c if slope == 1 else c - y
        if x0 < x < x1:
            pts.append((x, y))
    if len(pts) < 2:
        return ""
    pts.sort()
    (ax, ay), (bx, by) = pts[0], pts[-1]
    if (ax, ay) == (bx, by):
        return ""
    return f"M{_num(ax)} {_num(ay)} L{_num(bx)} {_num(by)}"


def suit_svg(suit: Suit, *, size: float = 32) -> str:
    """A suit sign alone, as a standalone SVG (for legends and explainers)."""
    suit = Suit(suit)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(size)}" '
            f'height="{_num(size)}" viewBox="0 0 100 100" role="img" '
            f'aria-label={quoteattr(suit.label)}><title>{escape(suit.label)}</title>'
            f"{_sign(suit, 0, 0, 100)}</svg>")


def hand_svg(cards: Iterable[Card | None], *, width: float = CARD_WIDTH,
             overlap: float = 0.0, selected: Iterable[int] = (),
             face_down: bool | Sequence[bool] = False, label: bool = True,
             gap: float | None = None) -> str:
    """Several cards side by side as one standalone SVG document.

    ``None`` in ``cards`` is drawn as a back (a hidden card the caller does not
    even hold).  ``face_down`` is one flag for all cards or one per card.
    ``selected`` holds indices of cards to draw raised with the blue ring.
    ``overlap`` (0 to 0.8) is the fraction of a card hidden under the next one.
    The ``aria-label`` lists the face-up cards by name and counts the backs.
    """
    items = list(cards)
    width = _check_width(width)
    if not 0 <= overlap <= 0.8:
        raise ValueError(f"overlap must be between 0 and 0.8, not {overlap!r}")
    flags = ([bool(face_down)] * len(items) if isinstance(face_down, bool)
             else [bool(f) for f in face_down])
    if len(flags) != len(items):
        raise ValueError(f"face_down has {len(flags)} flags for {len(items)} cards")
    chosen = set(selected)
    bad = [i for i in chosen if not (isinstance(i, int) and 0 <= i < len(items))]
    if bad:
        raise ValueError(f"selected indices {sorted(bad)} are not cards of this hand "
                         f"(0-{len(items) - 1})")
    height = width * _RATIO
    lift = 0.12 * height
    space = width * (1 - overlap) if gap is None else width + gap
    total_w = width if not items else width + space * (len(items) - 1)
    total_h = height + lift
    names = []
    backs = 0
    parts = []
    for i, (card, down) in enumerate(zip(items, flags)):
        if card is None or down:
            backs += 1
            inner = back_svg(width=width, selected=i in chosen)
        else:
            if not isinstance(card, Card):
                raise TypeError(f"hand_svg needs Cards (or None for a back), not {card!r}")
            names.append(card.name)
            inner = card_svg(card, width=width, selected=i in chosen, label=label)
        y = 0 if i in chosen else lift
        # place the card: replace the outer <svg ...> opening with a positioned one
        inner = inner.replace('<svg xmlns="http://www.w3.org/2000/svg" ',
                              f'<svg x="{_num(space * i)}" y="{_num(y)}" ', 1)
        parts.append(inner)
    words = ", ".join(names) if names else ""
    if backs:
        words += ("; " if words else "") + ngettext(
            "{n} face-down card", "{n} face-down cards", backs).format(n=backs)
    label_text = _("Hand: {cards}").format(cards=words) if words else _("Empty hand")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hand" '
            f'width="{_num(total_w)}" height="{_num(total_h)}" '
            f'viewBox="0 0 {_num(total_w)} {_num(total_h)}" role="img" '
            f'aria-label={quoteattr(label_text)}><title>{escape(label_text)}</title>'
            + "".join(parts) + "</svg>")


def _check_width(width: float) -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 10 <= width <= 2000:
        raise ValueError(f"width must be a number of pixels between 10 and 2000, not {width!r}")
    return width


# Jupyter draws Card and Hand with these (Card._repr_svg_); cards.py never imports this module.
register_drawing(card=card_svg, hand=hand_svg)

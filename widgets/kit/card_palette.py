"""A card palette: every card of a deck as a small button, grouped by suit, to pick cards.

Explorers (the call explainer, the hand scorer, the call odds) let the user
*build* a situation, so they need every card, not a hand.  The palette shows
one compact button per card (``7H``, ``UB``, ``*C``...), a row per suit and a
row for the Chroniclers; a click picks a card, with two decks a second click
picks its second copy, and one more click puts it back.  The picked cards are
drawn face up below it, in one SVG (:func:`cardgames.render.hand_svg`), so a
click updates one widget, not one per card.  The cards
can also be typed (``AH KH 9H``) in a text box.

>>> from cardgames.cards import ORDINARY_CARDS, Card
>>> p = CardPalette(ORDINARY_CARDS, max_total=3)
>>> p.click("AH"); p.click("KH"); p.click("9H")
>>> [str(c) for c in p.picked]
['9H', 'KH', 'AH']
>>> p.click("7B"); p.message                       # refused: at most 3
'You may pick at most 3 cards. Click a picked card to put it back first.'
>>> p.close()

Every click and every typed text is checked in Python (see the package
docstring): the browser may click a disabled button or a closed palette; the
selection only ever holds cards of this palette, at most ``max_copies`` of
each and ``max_total`` in all.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Iterable

import ipywidgets as ipw

from cardgames.cards import Card, Suit, parse_cards
from cardgames.errors import CardParseError
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext
from cardgames.render import hand_svg, suit_svg
from widgets.kit.cardview import close_widget
from widgets.kit.rule_links import RulesHTML

__all__ = ["CardPalette", "SUIT_BUTTON_COLORS"]

#: Pale background tints per suit for unpicked buttons (the signs' colours, lightened).
SUIT_BUTTON_COLORS = {Suit.HEARTS: "#fde4e4", Suit.BELLS: "#fdf1d6",
                      Suit.LEAVES: "#e3f3e1", Suit.ACORNS: "#efe6dc", None: "#ece8f6"}
_PICKED_COLOR = "#1565c0"


def _card_of(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        items = parse_cards(card)
        if len(items) == 1:
            return items[0]
    raise ValueError(f"not one card: {card!r}")


class CardPalette:
    """Pick cards from ``cards`` (a deck's distinct cards, in the order to show).

    - ``max_copies``: how many copies of one card may be picked (2 with two decks).
    - ``max_total``: how many cards in all (``None``: no limit).
    - ``title``: a heading; ``text_entry``: show a text box to type the cards.
    - ``on_change(palette)``: called after every change of the selection.
    - ``lazy``: build the buttons only when :meth:`build` is first called (e.g. when
      a hidden tab is opened): every widget is a message to the browser while the
      page loads, and a palette is ~80 of them.

    ``widget`` is the box to display.  Read the selection with :attr:`picked`
    (sorted cards, copies repeated) or :attr:`counts`.
    """

    def __init__(self, cards: Iterable[Card], *, max_copies: int = 1,
                 max_total: int | None = None, title: str = "", text_entry: bool = True,
                 show_picked: bool = True, card_width: float = 64,
                 on_change: Callable[[CardPalette], None] | None = None,
                 lazy: bool = False) -> None:
        self._cards: tuple[Card, ...] = tuple(dict.fromkeys(cards))
        for c in self._cards:
            if not isinstance(c, Card):
                raise TypeError(f"a palette holds Cards, not {c!r}")
        self._check_limits(max_copies, max_total)
        self._max_copies = max_copies
        self._max_total = max_total
        self._counts: Counter[Card] = Counter()
        self._enabled = True
        self._closed = False
        self._callbacks: list[Callable[[CardPalette], None]] = []
        if on_change is not None:
            self._callbacks.append(on_change)
        self.message = ""
        self._title, self._text_entry, self._show_picked = title, text_entry, show_picked
        self._card_width = card_width
        self._built = False
        self.widget = ipw.VBox([])
        if not lazy:
            self.build()

    def build(self) -> None:
        """Create the palette's widgets inside :attr:`widget` (once; at construction
        unless ``lazy``)."""
        if self._built or self._closed:
            return
        self._built = True
        title, text_entry, show_picked = self._title, self._text_entry, self._show_picked
        self.title = RulesHTML(value=(f"<b style='font-size:1.2em'>{html.escape(title)}</b>"
                                     if title else ""))
        self._buttons: dict[Card, ipw.Button] = {}
        # One Layout for all card buttons and one ButtonStyle per look (suit, picked),
        # shared: each widget model is a message to the browser when the page loads,
        # and a palette of 36 cards had 108 of them for its buttons alone.
        self._button_layout = ipw.Layout(width="4.2em", height="2.3em", margin="2px")
        self._styles: dict[tuple[Suit | None, bool], ipw.ButtonStyle] = {}
        head_layout = ipw.Layout(width="8.5em")
        row_layout = ipw.Layout(align_items="center")
        self._shared = [self._button_layout, head_layout, row_layout]
        rows: list[ipw.Widget] = []
        groups: dict[Suit | None, list[Card]] = {}
        for c in self._cards:
            groups.setdefault(None if c.is_chronicler else c.suit, []).append(c)
        self._row_labels: list[ipw.HTML] = []
        for suit, group in groups.items():
            if suit is None:
                label = ("<span style='font-size:1.05em'>★ " + _("Chroniclers") + "</span>")
            else:
                label = (f"<span style='display:inline-flex;align-items:center;gap:4px;"
                         f"font-size:1.05em'>{suit_svg(suit, size=22)} {suit.label}</span>")
            head = ipw.HTML(value=label, layout=head_layout)
            self._row_labels.append(head)
            buttons = []
            for c in group:
                b = ipw.Button(description=c.notation(), tooltip=c.name,
                               layout=self._button_layout, style=self._style(suit, False))
                b.on_click(lambda _b, c=c: self._clicked(c))
                self._buttons[c] = b
                buttons.append(b)
            rows.append(ipw.HBox([head, *buttons], layout=row_layout))
        self.grid = ipw.VBox(rows)
        self.text = ipw.Text(value="", placeholder=_("or type cards, e.g. AH KH 9H"),
                             description=_("Cards"), layout=ipw.Layout(width="24em"))
        self.set_button = ipw.Button(description=_("Use these cards"),
                                     tooltip=_("Pick exactly the typed cards"))
        self.clear_button = ipw.Button(description=_("Clear"), tooltip=_("Put every card back"))
        self.set_button.on_click(lambda _b: self._typed())
        self.clear_button.on_click(lambda _b: self._cleared())
        entry = [self.text, self.set_button] if text_entry else []
        self.entry = ipw.HBox([*entry, self.clear_button])
        self.status = RulesHTML(value="")
        self.picked_view = ipw.HTML(value="") if show_picked else None
        parts: list[ipw.Widget] = [self.title, self.grid, self.entry, self.status]
        if self.picked_view is not None:
            parts.append(self.picked_view)
        self.widget.children = parts
        self._say(self.message)
        self._redraw()

    # -- reading --------------------------------------------------------------
    @property
    def buttons(self) -> dict[Card, ipw.Button]:
        """Each card's button (built now if the palette is lazy and not yet shown)."""
        self.build()
        return self._buttons if self._built else {}

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards offered, in display order."""
        return self._cards

    @property
    def counts(self) -> Counter[Card]:
        """How many copies of each card are picked (a copy)."""
        return Counter(self._counts)

    @property
    def picked(self) -> list[Card]:
        """The picked cards, sorted (copies repeated)."""
        return sorted(self._counts.elements())

    @property
    def max_copies(self) -> int:
        return self._max_copies

    @property
    def max_total(self) -> int | None:
        return self._max_total

    @property
    def enabled(self) -> bool:
        return self._enabled and not self._closed

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        self._redraw()

    # -- changing ---------------------------------------------------------------
    @staticmethod
    def _check_limits(max_copies: object, max_total: object) -> None:
        if not isinstance(max_copies, int) or isinstance(max_copies, bool) or max_copies < 1:
            raise ValueError(f"max_copies must be a whole number of at least 1, "
                             f"not {max_copies!r}")
        if max_total is not None and (not isinstance(max_total, int)
                                      or isinstance(max_total, bool) or max_total < 1):
            raise ValueError(f"max_total must be None or a whole number of at least 1, "
                             f"not {max_total!r}")

    def set_limits(self, *, max_copies: int | None = None, max_total: int | None | str = "keep"
                   ) -> None:
        """Change the limits; picked cards beyond them are put back (with a message)."""
        copies = self._max_copies if max_copies is None else max_copies
        total = self._max_total if max_total == "keep" else max_total
        self._check_limits(copies, total)
        self._max_copies, self._max_total = copies, total  # type: ignore[assignment]
        dropped = False
        for c in list(self._counts):
            if self._counts[c] > copies:
                self._counts[c] = copies
                dropped = True
        if total is not None:
            while sum(self._counts.values()) > total:  # type: ignore[operator]
                last = max(self._counts.elements())
                self._counts[last] -= 1
                self._counts = +self._counts
                dropped = True
        self._say(_("Some picked cards were put back to fit the new limits.") if dropped else "")
        self._redraw()
        self._notify()

    def click(self, card: Card | str) -> None:
        """Click a card's button, as the browser would (for tests and scripts)."""
        self.buttons[_card_of(card)].click()

    def toggle(self, card: Card | str) -> bool:
        """One click on ``card``: pick it (another copy) or put it back; False if refused."""
        if not self.enabled:
            return False
        try:
            card = _card_of(card)
        except (ValueError, CardParseError):
            return False
        if card not in self._cards:
            self._say(_("{card} is not one of the cards offered here.").format(card=card))
            return False
        have = self._counts[card]
        total = sum(self._counts.values())
        full = self._max_total is not None and total >= self._max_total
        if have < self._max_copies and not full:
            self._counts[card] += 1
        elif have:
            del self._counts[card]
        else:
            self._say(ngettext("You may pick at most {n} card. Click a picked card to put it "
                               "back first.",
                               "You may pick at most {n} cards. Click a picked card to put it "
                               "back first.", self._max_total or 0).format(n=self._max_total))
            return False
        self._say("")
        self._redraw()
        self._notify()
        return True

    def set_picked(self, cards: Iterable[Card | str] | str) -> None:
        """Pick exactly ``cards`` (text or cards); ``ValueError`` with a clear message if refused."""
        if isinstance(cards, str):
            items = parse_cards(cards)
        else:
            items = [_card_of(c) for c in cards]
        counts = Counter(items)
        for c, k in counts.items():
            if c not in self._cards:
                raise ValueError(_("{card} ({name}) is not one of the cards offered here").format(
                    card=c, name=c.name))
            if k > self._max_copies:
                raise ValueError(ngettext(
                    "{card} is picked {k} times, but at most {n} copy of a card can be picked "
                    "here",
                    "{card} is picked {k} times, but at most {n} copies of a card can be picked "
                    "here", self._max_copies).format(card=c, k=k, n=self._max_copies))
        if self._max_total is not None and len(items) > self._max_total:
            raise ValueError(_("{given} cards given, but at most {n} can be picked here").format(
                given=len(items), n=self._max_total))
        self._counts = counts
        self._say("")
        self._redraw()
        self._notify()

    def clear(self) -> None:
        """Put every picked card back."""
        self._counts = Counter()
        self._say("")
        self._redraw()
        self._notify()

    def on_change(self, callback: Callable[[CardPalette], None]) -> None:
        self._callbacks.append(callback)

    # -- browser events (validated) -----------------------------------------------
    def _clicked(self, card: Card) -> None:
        if self.enabled:
            self.toggle(card)

    def _typed(self) -> None:
        if not self.enabled:
            return
        text = self.text.value if isinstance(self.text.value, str) else ""
        try:
            self.set_picked(text)
        except (ValueError, CardParseError) as e:
            self._say(str(e))

    def _cleared(self) -> None:
        if self.enabled:
            self.clear()

    # -- drawing --------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.message = text
        if self._built and not self._closed:
            self.status.value = (f'<span style="color:#b00020;font-size:1.1em">'
                                 f'{html.escape(text)}</span>' if text else "")

    def _style(self, suit: Suit | None, picked: bool) -> ipw.ButtonStyle:
        """The shared style of a button of ``suit`` (None: Chroniclers), picked or not."""
        key = (None if picked else suit, picked)
        if key not in self._styles:
            self._styles[key] = ipw.ButtonStyle(
                font_weight="bold", button_color=_PICKED_COLOR if picked else
                SUIT_BUTTON_COLORS[suit], text_color="white" if picked else "#1d1d1f")
        return self._styles[key]

    def _redraw(self) -> None:
        if self._closed or not self._built:
            return
        for c, b in self._buttons.items():
            k = self._counts[c]
            b.description = c.notation() + (f" ×{k}" if k > 1 else "")
            style = self._style(None if c.is_chronicler else c.suit, bool(k))
            if b.style is not style:
                b.style = style
            b.disabled = not self._enabled
        if self.picked_view is not None:
            self.picked_view.value = self.picked_html()

    def picked_html(self) -> str:
        """The picked cards drawn face up (one SVG; overlapping when there are many)."""
        cards = self.picked
        if not cards:
            return ""
        overlap = 0.0 if len(cards) <= 8 else min(0.6, 1 - 8 / len(cards))
        return (f"<div class='palette-picked' style='margin:4px 0'>"
                f"{hand_svg(cards, width=self._card_width, overlap=overlap, gap=None if overlap else 6)}"
                "</div>")

    def _notify(self) -> None:
        for cb in list(self._callbacks):
            cb(self)

    def close(self) -> None:
        """Close every widget of the palette; later clicks change nothing."""
        self._closed = True
        self._callbacks = []
        if not self._built:
            close_widget(self.widget)
            return
        for b in self._buttons.values():
            close_widget(b)
        for w in (*self._row_labels, *self.grid.children, self.grid, self.text,
                  self.set_button, self.clear_button, self.entry, self.status, self.title,
                  self.picked_view, self.widget, *self._styles.values(), *self._shared):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


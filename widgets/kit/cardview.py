"""The shared card view: a hand of cards drawn as SVG, selectable by clicking.

>>> from cardgames.cards import parse_cards
>>> view = HandView(parse_cards("7H UB AA"), selectable=True, max_selected=2)
>>> view.buttons[0].click(); view.buttons[2].click()
>>> view.selected, [str(c) for c in view.selected_cards]
((0, 2), ['7H', 'AA'])
>>> view.close()

Hidden cards: ``HandView.backs(5)`` shows five backs and holds no card at
all; ``HandView(cards, face_up=False)`` keeps the cards in a plain Python
attribute (to ``reveal()`` later) and sends only backs to the browser.

Every click is checked in Python (see the package docstring): a click on a
disabled button, on a back, on a closed or replaced card, or beyond
``max_selected`` changes nothing.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable

import ipywidgets as ipw

from cardgames.cards import Card
from cardgames.i18n import N_, ngettext
from cardgames.i18n import gettext as _
from cardgames.render import back_svg, card_svg
from widgets.kit.responsive import CARD_CLASS, PICK_CLASS, SCROLL_HANDLE, SCROLL_X
from widgets.kit.rule_links import RulesHTML

__all__ = ["CardButton", "HandView", "DEFAULT_CARD_WIDTH", "close_widget"]

#: Card width in pixels in a hand view: big enough for a projector, 8 fit on a laptop.
DEFAULT_CARD_WIDTH = 96

# A Pick button says which card it picks ("Pick Ace of Hearts", in the current language):
# its text is its accessible name, and a screen reader user hears the card (the title
# only adds a description).  The words wrap under the card (responsive.CSS).
_PICK = N_("Pick")
_PICKED = N_("Picked ✓")


def close_widget(widget: ipw.Widget | None) -> None:
    """Close a widget and the Layout and Style widgets it owns (they are widgets too)."""
    if widget is None:
        return
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, ipw.Widget):
            part.close()
    widget.close()


class CardButton:
    """One card slot: the card's drawing (an ``HTML`` widget) and, when the
    card can be picked, a ``Button`` under it.

    A face-down slot is created with ``card=None``: it never holds the card,
    so nothing about it can reach the browser.  ``on_click`` is called with no
    arguments when the button is clicked *and* the slot is enabled in Python
    (``enabled``); the button's own ``disabled`` trait is only a hint for the
    browser, which could ignore it.
    """

    def __init__(self, card: Card | None, *, width: float = DEFAULT_CARD_WIDTH,
                 selectable: bool = False, selected: bool = False,
                 on_click: Callable[[], None] | None = None) -> None:
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"CardButton needs a Card or None (a face-down card), not {card!r}")
        self._card = card
        self._width = width
        self._selected = bool(selected) and card is not None
        self._enabled = selectable and card is not None
        self._on_click = on_click
        self._closed = False
        self._drawn = self._selected      # the selection the drawing shows (redraw on change)
        self.html = ipw.HTML(value=self._svg(),
                             layout=ipw.Layout(width=f"{width + 4}px", margin="0"))
        self.html.add_class(CARD_CLASS)
        self.button: ipw.Button | None = None
        children: list[ipw.Widget] = [self.html]
        if selectable and card is not None:
            self.button = ipw.Button(description=f"{_(_PICK)} {card.name}",
                                     tooltip=_("Pick the {card}").format(card=card.name),
                                     layout=ipw.Layout(width=f"{width}px", height="auto",
                                                       min_height="44px"))
            self.button.add_class(PICK_CLASS)
            self.button.on_click(self._clicked)
            children.append(self.button)
        self.box = ipw.VBox(children, layout=ipw.Layout(align_items="center",
                                                        margin="0 4px 4px 0"))
        self._update()

    # -- Python-side state (never synced) ---------------------------------------
    @property
    def card(self) -> Card | None:
        """The card shown face up, or ``None`` for a back."""
        return self._card

    @property
    def selected(self) -> bool:
        return self._selected

    @selected.setter
    def selected(self, value: bool) -> None:
        value = bool(value) and self._card is not None
        if value != self._selected:
            self._selected = value
            self._update()

    @property
    def enabled(self) -> bool:
        return self._enabled and not self._closed

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value) and self.button is not None
        self._update()

    def _svg(self) -> str:
        if self._card is None:
            return back_svg(width=self._width)
        return card_svg(self._card, width=self._width, selected=self._selected)

    def _update(self) -> None:
        if self._closed:
            return
        if self._drawn != self._selected:    # enabling a slot does not redraw its card
            self._drawn = self._selected
            self.html.value = self._svg()
        if self.button is not None:
            name = self._card.name if self._card is not None else ""
            self.button.description = f"{_(_PICKED) if self._selected else _(_PICK)} {name}"
            self.button.button_style = "info" if self._selected else ""
            self.button.disabled = not self._enabled

    def _clicked(self, _button: ipw.Button) -> None:
        # The browser can click a disabled button: check in Python.
        if not self.enabled or self._on_click is None:
            return
        self._on_click()

    def click(self) -> None:
        """Click the card's button, as the browser would (for tests and scripts)."""
        if self.button is not None:
            self.button.click()

    def close(self) -> None:
        """Close the widgets (they leave the browser) and ignore later clicks."""
        self._closed = True
        self._on_click = None
        for w in (self.button, self.html, self.box):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


class HandView:
    """A row of cards; the face-up ones can be picked when ``selectable``.

    - ``cards``: the cards in hand order.  ``face_up=False`` shows backs only
      (the cards stay in a Python attribute, for :meth:`reveal`).
    - ``selectable``: show a *Pick* button under each face-up card.
    - ``max_selected``: how many cards may be picked at once (``None``: any;
      ``1``: picking another card moves the pick; more: a further pick is
      refused with a message).
    - ``on_change(view)``: called after the selection changes.

    The selection is a tuple of indices into ``cards`` (the Python side's
    list), sorted.  ``widget`` is the ipywidgets box to put in a layout; the
    view also displays itself.
    """

    def __init__(self, cards: Iterable[Card] = (), *, face_up: bool = True,
                 selectable: bool = False, max_selected: int | None = None,
                 card_width: float = DEFAULT_CARD_WIDTH, title: str = "",
                 on_change: Callable[[HandView], None] | None = None) -> None:
        if max_selected is not None and (not isinstance(max_selected, int)
                                         or isinstance(max_selected, bool)
                                         or max_selected < 1):
            raise ValueError(f"max_selected must be a whole number of at least 1 or None, "
                             f"not {max_selected!r}")
        self._cards: list[Card | None] = []
        self._face_up = face_up
        self._selectable = selectable
        self._max = max_selected
        self._width = card_width
        self._selected: list[int] = []
        self._enabled = True
        self._quiet = False
        self._callbacks: list[Callable[[HandView], None]] = []
        if on_change is not None:
            self._callbacks.append(on_change)
        self._slots: list[CardButton] = []
        self._generation = 0
        self.title = RulesHTML(value=self._title_html(title))
        # cards top-aligned: a Pick button whose label runs to three lines (hr, de on a
        # phone) only makes its own slot taller, and every card and button of a line
        # stays level (with "flex-end" that card sat higher than its neighbours)
        self.row = ipw.Box([], layout=ipw.Layout(display="flex", flex_flow="row wrap",
                                                 align_items="flex-start"))
        self.status = RulesHTML(value="")
        self.widget = ipw.VBox([self.title, self.row, self.status])
        self._handle: ipw.HTML | None = None    # scroll_on_phones: the row's keyboard stop
        self._quiet = True
        self.set_cards(cards, face_up=face_up)
        self._quiet = False

    def scroll_on_phones(self) -> None:
        """A player's own hand: on a phone one row of cards that scrolls sideways
        (:data:`widgets.kit.responsive.OWN_HAND`), reachable by the keyboard too: the row
        starts with a small "⇆" that takes the focus (shown on a phone only; the Pick
        buttons may all be disabled, and a box cannot take the focus itself)."""
        self.row.add_class(SCROLL_X)
        if self._handle is None:
            label = html.escape(_("Your cards scroll sideways: use the arrow keys or swipe"))
            self._handle = ipw.HTML(f"<span tabindex='0' role='note' aria-label='{label}' "
                                    f"title='{label}'>⇆</span>")
            self._handle.add_class(SCROLL_HANDLE)
            self.row.children = [self._handle, *self.row.children]

    @classmethod
    def backs(cls, count: int, **kwargs) -> HandView:
        """``count`` face-down cards, holding no card at all (another player's hand)."""
        view = cls((), face_up=False, **kwargs)
        view.set_count(count)
        return view

    # -- reading ----------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card | None, ...]:
        """The cards, as the Python side knows them (``None`` for unknown backs)."""
        return tuple(self._cards)

    @property
    def face_up(self) -> bool:
        return self._face_up

    @property
    def selected(self) -> tuple[int, ...]:
        """Indices of the picked cards, sorted."""
        return tuple(sorted(self._selected))

    @property
    def selected_cards(self) -> list[Card]:
        """The picked cards, in hand order."""
        return [c for i, c in enumerate(self._cards) if i in self._selected and c is not None]

    @property
    def buttons(self) -> list[ipw.Button | None]:
        """Each slot's Pick button (``None`` where a card cannot be picked)."""
        return [slot.button for slot in self._slots]

    @property
    def slots(self) -> list[CardButton]:
        return list(self._slots)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        """Allow or refuse picking (e.g. while it is not this player's turn)."""
        self._enabled = bool(value)
        for slot in self._slots:
            slot.enabled = self._enabled and self._selectable and self._face_up

    # -- changing ---------------------------------------------------------------
    def set_cards(self, cards: Iterable[Card], *, face_up: bool | None = None) -> None:
        """Show new cards (closing the old slots' widgets); the selection is cleared."""
        new: list[Card | None] = list(cards)
        for c in new:
            if not isinstance(c, Card):
                raise TypeError(f"HandView shows Cards, not {c!r}")
        if face_up is not None:
            self._face_up = face_up
        self._replace(new)

    def set_count(self, count: int) -> None:
        """Show ``count`` backs of unknown cards (forgets any cards held)."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ValueError(f"count must be a whole number of at least 0, not {count!r}")
        self._face_up = False
        self._replace([None] * count)

    def reveal(self) -> None:
        """Turn the held cards face up (backs of unknown cards stay backs)."""
        self._face_up = True
        self._replace(list(self._cards))

    def hide(self) -> None:
        """Turn the cards face down (they stay in Python for :meth:`reveal`)."""
        self._face_up = False
        self._replace(list(self._cards))

    def _replace(self, cards: list[Card | None]) -> None:
        self._generation += 1
        old = self._slots
        self._cards = cards
        self._selected = []
        gen = self._generation
        self._slots = []
        for i, card in enumerate(cards):
            shown = card if self._face_up else None
            slot = CardButton(shown, width=self._width,
                              selectable=self._selectable and shown is not None,
                              on_click=functools.partial(self._clicked, i, gen))
            slot.enabled = self._enabled and self._selectable and shown is not None
            self._slots.append(slot)
        self.row.children = [*([self._handle] if self._handle is not None else []),
                             *(slot.box for slot in self._slots)]
        for slot in old:
            slot.close()
        self.status.value = ""
        self._notify()

    def _clicked(self, index: int, generation: int) -> None:
        if generation != self._generation:
            return  # a click on a slot that has been replaced
        self.toggle(index)

    def toggle(self, index: int) -> bool:
        """Pick or unpick the card at ``index``; ``False`` (and a message) if refused."""
        if not self._can_pick(index):
            return False
        if index in self._selected:
            self._selected.remove(index)
        elif self._max == 1:
            self._selected = [index]
        elif self._max is not None and len(self._selected) >= self._max:
            self._say(ngettext("You may pick at most {n} card. Unpick one first.",
                               "You may pick at most {n} cards. Unpick one first.",
                               self._max).format(n=self._max))
            return False
        else:
            self._selected.append(index)
        self._say("")
        self._sync_selection()
        self._notify()
        return True

    def select(self, indices: Iterable[int]) -> None:
        """Set the selection (validated like clicks); raises ``ValueError`` if refused."""
        wanted = sorted(set(indices))
        for i in wanted:
            if not self._can_pick(i):
                raise ValueError(f"card {i!r} cannot be picked in this view "
                                 f"(face-up cards are 0-{len(self._cards) - 1})")
        if self._max is not None and len(wanted) > self._max:
            raise ValueError(f"at most {self._max} cards may be picked, not {len(wanted)}")
        self._selected = wanted
        self._sync_selection()
        self._notify()

    def clear_selection(self) -> None:
        if self._selected:
            self._selected = []
            self._sync_selection()
            self._notify()

    def on_change(self, callback: Callable[[HandView], None]) -> None:
        """Call ``callback(view)`` after every change of the selection or the cards."""
        self._callbacks.append(callback)

    def _can_pick(self, index: object) -> bool:
        return (isinstance(index, int) and not isinstance(index, bool)
                and 0 <= index < len(self._cards) and self._selectable and self._enabled
                and self._face_up and self._cards[index] is not None)

    def _sync_selection(self) -> None:
        for i, slot in enumerate(self._slots):
            slot.selected = i in self._selected

    def _say(self, text: str) -> None:
        self.status.value = (f'<span style="color:#b00020;font-size:1.1em">{html.escape(text)}'
                             "</span>" if text else "")

    def _notify(self) -> None:
        if self._quiet:
            return
        for cb in list(self._callbacks):
            cb(self)

    @staticmethod
    def _title_html(title: str) -> str:
        return f"<b style='font-size:1.2em'>{html.escape(title)}</b>" if title else ""

    def set_title(self, title: str) -> None:
        self.title.value = self._title_html(title)

    def close(self) -> None:
        """Close every widget of the view."""
        self._generation += 1
        for slot in self._slots:
            slot.close()
        self._slots = []
        for w in (self._handle, self.title, self.row, self.status, self.widget):
            close_widget(w)
        self._callbacks = []

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

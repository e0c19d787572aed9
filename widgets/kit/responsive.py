"""Phones, tablets and touch: the one CSS block of the apps and a scroll box for wide HTML.

The play tables' layouts use ipywidgets ``Layout`` (``flex_flow="row wrap"``,
``min_width="0"``, ``max_width="100%"``) so a table narrows to a 375-px phone.  Two
things ``Layout`` cannot do are in :data:`CSS`, sent once per app by
:func:`style_widget` (an ``HTML`` widget holding a ``<style>``; browsers apply a
``<style>`` put into the page this way):

- touch targets of at least 44 × 44 px (WCAG 2.5.5) for every button, drop-down,
  text box, check box and slider handle of the page;
- every row of widgets (``HBox``) wraps, and no labelled control (a drop-down or a
  slider with its description, given a fixed width) is wider than the page;
- a drop-down whose list does not fit beside its label goes under it and its box grows
  (ipywidgets fixes the box's height, and its list wraps once label and list are wider
  than 148 px: the Call odds app's "Claim: N = [2]" was cut off);
- a slider keeps its value beside the track (the track narrows instead), and its
  handle (44 px, wider than ipywidgets' own) stays clear of the label at the track's
  start ("Turn" was cut to "Tur").  ipywidgets' stylesheet comes after this one, so
  these rules are one class more specific than the ones they replace;
- a card's *Pick* button wraps its words ("Pick Ace of Hearts") instead of cutting
  them off (ipywidgets buttons do not wrap);
- tab labels dark enough to read (JupyterLab's grey on grey is 4.45:1, AA needs 4.5);
- a link to the rules (a rule citation, :mod:`widgets.kit.rule_links`, or the app's rules
  link) looks like a link: JupyterLab's CSS gives links the colour of the text.

The page template (share/jupyter/voila/templates/cardgames) serves the same CSS to every
page, lessons included: ``static/cardgames.css`` is :data:`CSS`
(tests/widgets/test_responsive.py keeps them equal).

:func:`scroll_x` wraps wide HTML (a table) in a box that scrolls sideways inside the
page (class :data:`SCROLL_X`), so a phone scrolls the table, not the page; the content
of any ``HTML`` widget does the same (a table the apps draw).

>>> scroll_x("<table></table>")
'<div class="cg-scroll-x" style="overflow-x:auto;max-width:100%"><table></table></div>'
>>> "min-height:44px" in CSS
True
"""

from __future__ import annotations

import ipywidgets as ipw

__all__ = ["CARD_CLASS", "CSS", "OWN_HAND", "PICK_CLASS", "SCROLL_HANDLE", "SMALL_CARDS", "SCROLL_X", "TOUCH_PX", "mark_language", "scroll_x",
           "style_widget"]

#: The smallest touch target, in CSS pixels (WCAG 2.5.5; Apple's and Google's guides).
TOUCH_PX = 44
#: The class of a box that scrolls sideways inside the page (tests/browser/pagecheck.py).
SCROLL_X = "cg-scroll-x"
#: The class of a card's Pick button (cardview.CardButton).
PICK_CLASS = "cg-pick"
#: The class of a card's drawing in a hand (cardview.CardButton).
CARD_CLASS = "cg-card"
#: The keyboard's stop in a phone's sideways-scrolling hand (cardview.HandView).
SCROLL_HANDLE = "cg-scroll-handle"
#: The class of a player's own hand at a play table: on a phone (at most 600 px wide)
#: its cards are smaller and stay in one row that scrolls sideways, so that whose turn,
#: the hand and the buttons fit the first screen (issue 29); wider, a hand of 13 or more
#: cards (a Liar hand that took the pile) is drawn smaller, and of 21 or more smaller still.
OWN_HAND = "cg-own-hand"
#: Other cards a phone shows small (the Thirty-One table's three, beside your hand).
SMALL_CARDS = "cg-small-cards"

CSS = f"""
.jupyter-button, .widget-button, .widget-toggle-button {{
  min-height:{TOUCH_PX}px; min-width:{TOUCH_PX}px; }}
.jupyter-widgets.{PICK_CLASS} {{
  white-space:normal; height:auto; line-height:1.25; padding:4px 6px; }}
.widget-dropdown > select, .widget-text > input, .widget-select > select {{
  min-height:{TOUCH_PX}px; height:auto; }}
.widget-inline-hbox {{ min-height:{TOUCH_PX}px; height:auto; align-items:center; }}
.jupyter-widgets.widget-hbox {{ flex-wrap:wrap; }}
.jupyter-widgets.widget-inline-hbox {{ max-width:100%; flex-wrap:wrap; height:auto; }}
.jupyter-widgets.widget-dropdown > select {{ flex:1 1 auto; }}
.jupyter-widgets.widget-slider {{ flex-wrap:nowrap; }}
.jupyter-widgets.widget-slider .widget-readout {{ min-width:3em; }}
.widget-inline-hbox > select, .widget-inline-hbox > input {{ min-width:{TOUCH_PX}px; }}
.widget-checkbox > label {{ min-height:{TOUCH_PX}px; display:flex; align-items:center; }}
.widget-checkbox input[type=checkbox] {{ width:22px; height:22px; }}
.widget-radio-box > label {{ min-height:{TOUCH_PX}px; display:flex; align-items:center; }}
.widget-radio-box input[type=radio] {{ width:22px; height:22px; }}
.widget-slider .noUi-handle {{ width:{TOUCH_PX}px !important; height:{TOUCH_PX}px !important;
  top:-{TOUCH_PX // 2 - 3}px !important; right:-{TOUCH_PX // 2}px !important;
  border-radius:50% !important; }}
.jupyter-widgets.widget-hslider .slider-container {{ margin-left:{TOUCH_PX // 2}px;
  margin-right:{TOUCH_PX // 2}px; min-width:0; }}
.{SCROLL_X}, .widget-html-content {{ overflow-x:auto; max-width:100%; min-width:0; }}
.jupyter-widgets.widget-tab > .lm-TabBar .lm-TabBar-tab {{ color:#333 !important;
  min-height:{TOUCH_PX}px; }}
.jupyter-widgets a[href*="files/rules/"] {{ color:#0b57d0; text-decoration:underline; }}
.jp-RenderedHTMLCommon a:link, .jp-RenderedHTMLCommon a:visited {{
  text-decoration:underline !important; }}
.jupyter-widgets.{SCROLL_HANDLE} {{ display:none; }}
.jupyter-widgets.jupyter-button.mod-warning {{ background-color:#b35900; }}
.localized-app .jupyter-widgets.widget-html:has(> .widget-html-content:empty) {{
  display:none; }}
@media (min-width: 601px) {{
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(14)) svg.card {{ width:64px; height:auto; }}
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(14)) .{CARD_CLASS} {{ width:68px !important; }}
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(14)) .{PICK_CLASS} {{ width:64px !important;
    font-size:0.85em; }}
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(22)) svg.card {{ width:52px; }}
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(22)) .{CARD_CLASS} {{ width:56px !important; }}
  .{OWN_HAND} .{SCROLL_X}:has(> :nth-child(22)) .{PICK_CLASS} {{ width:52px !important;
    font-size:0.75em; padding:2px !important; }}
}}
@media (max-width: 600px) {{
  .{OWN_HAND} .{SCROLL_X} {{ flex-wrap:nowrap !important; overflow-x:auto; }}
  .{OWN_HAND} .{SCROLL_X} > .widget-vbox {{ flex:0 0 auto; }}
  .{OWN_HAND} .jupyter-widgets.{SCROLL_HANDLE} {{ display:flex; align-self:center;
    flex:0 0 auto; min-width:{TOUCH_PX}px; justify-content:center; font-size:1.4em; }}
  .{OWN_HAND} .{SCROLL_X} svg.card {{ width:64px; height:auto; }}
  .{OWN_HAND} .{SCROLL_X} .{CARD_CLASS} {{ width:68px !important; }}
  .{OWN_HAND} .{PICK_CLASS} {{ width:64px !important; font-size:0.85em; }}
  .{SMALL_CARDS} svg.card {{ width:56px; height:auto; }}
  .{SMALL_CARDS} .{CARD_CLASS} {{ width:60px !important; }}
  .{SMALL_CARDS} .{PICK_CLASS} {{ width:60px !important; font-size:0.8em; }}
  .cg-table-title {{ font-size:1.15em !important; }}
  .cg-prompt {{ font-size:1.05em !important; line-height:1.35; }}
}}
"""


def style_widget() -> ipw.HTML:
    """The CSS block as a widget to put into an app's layout (it shows nothing)."""
    w = ipw.HTML(f"<style>{CSS}</style>", layout=ipw.Layout(display="none"))
    w.add_class("cg-style")
    return w


def scroll_x(html_text: str) -> str:
    """``html_text`` in a box that scrolls sideways when it is wider than the page."""
    return (f'<div class="{SCROLL_X}" style="overflow-x:auto;max-width:100%">'
            f"{html_text}</div>")


_LANG_PREFIX = "cg-lang-"


def mark_language(widget: ipw.DOMWidget, code: str) -> None:
    """Tell the page which language ``widget`` shows: the page template
    (share/jupyter/voila/templates/cardgames) sets ``<html lang>`` from it, so a
    screen reader reads the page in that language (WCAG 3.1.1).  Call it again when
    the language changes.

    >>> box = ipw.VBox(); mark_language(box, "hr"); box._dom_classes
    ('cg-lang-hr',)
    >>> mark_language(box, "de"); box._dom_classes
    ('cg-lang-de',)
    >>> mark_language(box, "d e")
    Traceback (most recent call last):
    ...
    ValueError: a language code is letters and '-' (BCP 47, e.g. 'hr', 'de-AT'), not 'd e'
    """
    if not (isinstance(code, str) and code and all(c.isalnum() or c == "-" for c in code)):
        raise ValueError("a language code is letters and '-' (BCP 47, e.g. 'hr', 'de-AT'), "
                         f"not {code!r}")
    for cls in widget._dom_classes:
        if cls.startswith(_LANG_PREFIX):
            widget.remove_class(cls)
    widget.add_class(_LANG_PREFIX + code)

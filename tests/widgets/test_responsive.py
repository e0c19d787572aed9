"""widgets/kit/responsive.py: the CSS the apps send equals the page template's stylesheet."""

from __future__ import annotations

from pathlib import Path

import ipywidgets as ipw

from widgets.kit.responsive import CSS, SCROLL_X, TOUCH_PX, scroll_x, style_widget

TEMPLATE = Path(__file__).resolve().parents[2] / "share/jupyter/voila/templates/cardgames"


def test_template_css_is_the_widgets_css():
    text = (TEMPLATE / "static" / "cardgames.css").read_text("utf-8")
    body = text.split("*/", 1)[1].strip()
    assert body == CSS.strip(), "regenerate static/cardgames.css from widgets.kit.responsive.CSS"


def test_template_links_the_css_and_sets_a_language():
    index = (TEMPLATE / "index.html.j2").read_text("utf-8")
    assert 'include_css("static/cardgames.css")' in index
    assert '<html lang="en">' in (TEMPLATE / "page.html").read_text("utf-8")


def test_touch_targets_are_44_px():
    # WCAG 2.5.5: buttons, drop-downs and slider handles at least 44 x 44 CSS px
    assert TOUCH_PX == 44
    assert "min-height:44px; min-width:44px" in CSS and ".widget-toggle-button" in CSS
    assert "width:44px !important; height:44px !important" in CSS


def test_style_widget_is_invisible_and_scroll_box_scrolls():
    w = style_widget()
    assert isinstance(w, ipw.HTML) and w.layout.display == "none"
    assert w.value.startswith("<style>") and CSS in w.value
    assert scroll_x("<table></table>").startswith(f'<div class="{SCROLL_X}"')
    w.close()

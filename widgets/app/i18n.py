"""Choosing the language of an app: ``?lang=hr`` on its URL, a picker, ``CARDGAMES_LANG``.

The words come from the one message catalog of :mod:`cardgames.i18n` (domain
``cardgames``: engine, CLI and widgets).  A widget translates its texts when it
draws them, in the current language; :class:`LocalizedApp` holds an app's widget
and, when the picker changes, sets the language and builds the widget again
(a fresh widget: an app's inputs start again from their defaults).

The language of a served app comes from the page's query string (``?lang=de``),
read with :func:`widgets.app.request.page_query` (Voila's ``wait_for_request`` protocol),
which also works with Voila's pre-heated kernels; without one it is ``CARDGAMES_LANG``, else English.  A
``?lang=`` that is not supported is shown on the page as an error naming the
supported languages, never silently ignored.

>>> language_from_query("lang=hr&x=1"), language_from_query("")
('hr', 'en')
>>> language_from_query("lang=fr")
Traceback (most recent call last):
...
cardgames.errors.ConfigError: ?lang=fr: unsupported language 'fr': choose one of en, hr, de
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as ipw

from cardgames.errors import ConfigError
from cardgames.i18n import (
    LANGUAGE_NAMES,
    SUPPORTED,
    check_language,
    get_language,
    set_language,
)
from cardgames.i18n import gettext as _
from cardgames.rules import rule_url
from widgets.app.request import page_pending, page_query_string
from widgets.kit.cardview import close_widget
from widgets.kit.responsive import mark_language
from widgets.kit.rule_links import RulesHTML, rules_base

__all__ = ["LanguagePicker", "LocalizedApp", "language_from_query", "request_query"]


def request_query() -> str:
    """The query string of the page that started this kernel ('' outside Voila).

    With pre-heated kernels the request arrives after the kernel started, so
    this waits for it (:func:`widgets.app.request.page_query_string`).
    """
    return page_query_string()


def language_from_query(query: str | None = None) -> str:
    """The language asked for by ``?lang=`` in ``query`` (default: this page's query).

    No ``lang`` in the query: the current language (``CARDGAMES_LANG`` or English).
    """
    if query is None:
        query = request_query()
    values = parse_qs(query or "").get("lang")
    if not values:
        return get_language()
    try:
        return check_language(values[-1])
    except ConfigError as e:
        raise ConfigError(f"?lang={values[-1]}: {e}") from None


class LanguagePicker(ipw.ToggleButtons):
    """Buttons English / Hrvatski / Deutsch; ``value`` is the language code.

    A value the browser sends that is not supported is refused (set back).
    """

    def __init__(self, value: str | None = None, **kwargs: Any) -> None:
        code = get_language() if value is None else check_language(value)
        super().__init__(options=[(LANGUAGE_NAMES[c], c) for c in SUPPORTED], value=code,
                         style={"button_width": "6.5em"}, **kwargs)
        self.add_class("language-picker")


def _error_html(error: str) -> str:
    return (f"<div class='language-error' style='color:#b00020'>{html.escape(error)}</div>"
            if error else "")


def _show_error(box: ipw.HTML, error: str) -> None:
    """Show ``error`` above the picker; with none the box takes no room (an empty HTML
    widget is a 44-px row, responsive.CSS: it was an empty band above the picker)."""
    box.value = _error_html(error)
    box.layout.display = "" if error else "none"


class LocalizedApp:
    """An app in the chosen language: a header (title, intro, rules link, picker) and a body.

    ``build`` makes the app's widget (anything with ``_repr_mimebundle_`` or a
    ``widget`` attribute); ``title`` and ``intro`` are English msgids, translated
    when drawn; ``rules`` is the rule id the rules link opens (e.g. ``"L1"``).
    ``lang``: the language to start in (default: :func:`language_from_query`);
    ``play_first``: the app above the header and the picker (a game a phone plays).
    """

    def __init__(self, build: Callable[[], Any], *, title: str, intro: str = "",
                 rules: str = "L1", lang: str | None = None, play_first: bool = False) -> None:
        self._build = build
        self._title, self._intro, self._rules = title, intro, rules
        # A pre-heated kernel (make serve STUDENTS=...) runs this before any page asks:
        # build the app in the server's language (CARDGAMES_LANG, else English) now, while
        # nobody waits, and only build it again if the page's ?lang= asks for another.
        early = lang is None and page_pending()
        error = ""
        if early:
            code = get_language()
        else:
            try:
                code = language_from_query() if lang is None else check_language(lang)
            except ConfigError as e:
                code, error = get_language(), str(e)
        set_language(code)
        self.error = ipw.HTML()
        _show_error(self.error, error)
        self.header = RulesHTML()
        self.picker = LanguagePicker(code)
        self.picker.observe(self._on_pick, names="value")
        self.app: Any = None
        self.body = ipw.Box()
        # play_first (the online seat, issue 29): the app on a phone's first screen, the
        # title, instructions and language picker under it
        self.widget = ipw.VBox([self.error, self.body, self.picker, self.header] if play_first
                               else [self.error, self.picker, self.header, self.body])
        self.widget.add_class("localized-app")
        self._render()
        if early:                                   # now wait for the page (its ?lang=)
            try:
                wanted = language_from_query()
            except ConfigError as e:
                wanted = code
                _show_error(self.error, str(e))
            if wanted != code:
                self.picker.value = wanted          # _on_pick draws it in that language

    @property
    def language(self) -> str:
        """The language the app is drawn in."""
        return get_language()

    def _on_pick(self, change: dict[str, Any]) -> None:
        try:
            code = check_language(change["new"])
        except ConfigError:
            self.picker.value = change["old"]   # the browser sent something else
            return
        if code == get_language() and self.app is not None:
            return
        set_language(code)
        _show_error(self.error, "")
        self._render()

    def _render(self) -> None:
        code = get_language()
        mark_language(self.widget, code)     # the page's <html lang> (page template)
        intro = f"<p>{_(self._intro)}</p>" if self._intro else ""
        rules = html.escape(_("The rules of the game"))
        self.header.value = (
            f"<h1 class='app-title'>{_(self._title)}</h1>{intro}"
            f"<p><a class='rules-link' href='{rule_url(self._rules, code, base=rules_base())}' target='_blank' "
            f"rel='noopener'>{rules}</a></p>")
        old = self.app
        self.app = self._build()
        inner = getattr(self.app, "widget", self.app)
        self.body.children = (inner,)
        if old is not None:
            if hasattr(old, "close"):
                old.close()
            else:
                close_widget(old)

    def close(self) -> None:
        if self.app is not None and hasattr(self.app, "close"):
            self.app.close()
        for w in (self.error, self.picker, self.header, self.body, self.widget):
            close_widget(w)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

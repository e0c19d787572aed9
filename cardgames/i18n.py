"""Languages: English (the default and the message ids), Croatian and German.

Standard-library :mod:`gettext` catalogs (domain ``cardgames``, shipped in
``cardgames/locale/<lang>/LC_MESSAGES/cardgames.mo``), loaded lazily: importing
:mod:`cardgames` reads no catalog and does not even import :mod:`gettext`.
Every text is translated when it is *made* (``describe()``, an error's
message, a widget's label), in the current language, so the language is
presentation only and never part of a game's state.

The current language is, in order: the innermost :func:`language` block, the
last :func:`set_language`, the ``CARDGAMES_LANG`` environment variable, English.
An unsupported language is a :class:`~cardgames.errors.ConfigError` listing the
supported ones, never a silent fallback to English.

>>> from cardgames.i18n import language, ngettext, get_language
>>> with language("hr"):
...     [ngettext("{n} King", "{n} Kings", n).format(n=n) for n in (1, 2, 5, 21, 11)]
['1 Kralj', '2 Kralja', '5 Kraljeva', '21 Kralj', '11 Kraljeva']
>>> with language("de"):
...     ngettext("{n} King", "{n} Kings", 2).format(n=2)
'2 Könige'
>>> language("fr")
Traceback (most recent call last):
...
cardgames.errors.ConfigError: unsupported language 'fr': choose one of en, hr, de
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from cardgames.errors import ConfigError

if TYPE_CHECKING:  # pragma: no cover
    import gettext as _gettext_mod

__all__ = [
    "DOMAIN",
    "ENV_VAR",
    "LANGUAGE_NAMES",
    "N_",
    "SUPPORTED",
    "N_plural",
    "catalog_path",
    "check_language",
    "decimal",
    "format_count",
    "format_number",
    "get_language",
    "gettext",
    "language",
    "localized",
    "ngettext",
    "npgettext",
    "num",
    "pgettext",
    "set_language",
    "translation",
]

#: The languages of the catalogs; English is the message ids themselves.
SUPPORTED: tuple[str, ...] = ("en", "hr", "de")
#: Each language's name in itself (for a language picker).
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "hr": "Hrvatski", "de": "Deutsch"}
DOMAIN = "cardgames"
ENV_VAR = "CARDGAMES_LANG"

_LOCALEDIR = os.path.join(os.path.dirname(__file__), "locale")
_chosen: str | None = None          # set_language(); None: the environment decides


class _Blocks(threading.local):
    """Each thread's own :func:`language` blocks, innermost last: a block in one thread
    (a server's request, the class link's) never changes another thread's language."""

    def __init__(self) -> None:
        self.stack: list[str] = []


_BLOCKS = _Blocks()


def _blocks() -> list[str]:
    """This thread's open :func:`language` blocks (tests put them back)."""
    return _BLOCKS.stack

F = TypeVar("F", bound=Callable[..., Any])


def check_language(lang: object) -> str:
    """The language code of ``lang`` (any case), or a ConfigError naming the choices.

    >>> check_language("HR")
    'hr'
    """
    code = lang.strip().lower() if isinstance(lang, str) else None
    if code not in SUPPORTED:
        raise ConfigError(f"unsupported language {lang!r}: choose one of "
                          f"{', '.join(SUPPORTED)}")
    return code


def get_language() -> str:
    """The current language code (see the module docstring for the order)."""
    stack = _BLOCKS.stack
    if stack:
        return stack[-1]
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV_VAR, "").strip()
    if not env:
        return "en"
    try:
        return check_language(env)
    except ConfigError as e:
        raise ConfigError(f"{ENV_VAR}: {e}") from None


def set_language(lang: str | None) -> None:
    """Choose the language for everything after this call; ``None``: back to ``CARDGAMES_LANG``."""
    global _chosen
    _chosen = None if lang is None else check_language(lang)


class language:  # used like a function: ``with language("hr"):``
    """A block in language ``lang`` (``None``: the current language); ``as`` gives the code.

    The language is checked when the block is made, so ``language("xx")``
    fails at once.  Blocks nest; each restores the language it found.  A block is its
    thread's own: another thread (a server answering a request, the class link) keeps
    its language.

    >>> import threading
    >>> seen = []
    >>> with language("hr"):
    ...     t = threading.Thread(target=lambda: seen.append(get_language())); t.start(); t.join()
    ...     seen.append(get_language())
    >>> seen
    ['en', 'hr']
    """

    __slots__ = ("code",)

    def __init__(self, lang: str | None) -> None:
        self.code = get_language() if lang is None else check_language(lang)

    def __enter__(self) -> str:
        _BLOCKS.stack.append(self.code)
        return self.code

    def __exit__(self, *exc: object) -> None:
        _BLOCKS.stack.pop()


def localized(method: F) -> F:
    """Run a function with a keyword-only ``lang=`` in that language.

    The decorated function declares ``*, lang: str | None = None`` (for its
    callers and type checkers); the decorator consumes it.
    """

    @functools.wraps(method)
    def wrapper(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        if lang is None:
            return method(*args, **kwargs)
        with language(lang):
            return method(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def catalog_path(lang: str) -> str:
    """Where the compiled catalog of ``lang`` lives (inside the package)."""
    return os.path.join(_LOCALEDIR, check_language(lang), "LC_MESSAGES", DOMAIN + ".mo")


@functools.cache
def translation(lang: str) -> _gettext_mod.NullTranslations:
    """The gettext translations of ``lang``, read once on first use."""
    import gettext as gettext_mod

    code = check_language(lang)
    if code == "en":
        return gettext_mod.NullTranslations()
    path = catalog_path(code)
    try:
        with open(path, "rb") as fp:
            return gettext_mod.GNUTranslations(fp)
    except OSError as e:  # a broken installation, not a user's choice
        raise ConfigError(f"the {code!r} catalog is missing ({path}): run `make i18n`") from e


def _current(lang: str | None) -> str:
    return get_language() if lang is None else check_language(lang)


def gettext(message: str, *, lang: str | None = None) -> str:
    """``message`` (an English msgid) in the current language or ``lang``."""
    code = _current(lang)
    if code == "en":
        return message
    return translation(code).gettext(message)


def ngettext(singular: str, plural: str, n: int, *, lang: str | None = None) -> str:
    """The form for ``n`` of a message with plurals (Croatian has three forms)."""
    code = _current(lang)
    if code == "en":
        return singular if n == 1 else plural
    return translation(code).ngettext(singular, plural, n)


def pgettext(context: str, message: str, *, lang: str | None = None) -> str:
    """``message`` in a context (the same English word with two translations)."""
    code = _current(lang)
    if code == "en":
        return message
    return translation(code).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int, *,
              lang: str | None = None) -> str:
    """:func:`ngettext` with a context."""
    code = _current(lang)
    if code == "en":
        return singular if n == 1 else plural
    return translation(code).npgettext(context, singular, plural, n)


def format_number(value: float, *, lang: str | None = None) -> str:
    """A score as text: ``30.5`` in English, ``30,5`` in Croatian and German.

    >>> format_number(30.5), format_number(30.5, lang="de"), format_number(21.0, lang="hr")
    ('30.5', '30,5', '21')
    """
    return decimal(f"{value:g}", lang=lang)


def format_count(value: int, *, lang: str | None = None) -> str:
    """A whole number with thousands grouped: ``4,960`` in English, ``4.960`` in hr and de.

    >>> format_count(4960), format_count(4960, lang="de")
    ('4,960', '4.960')
    """
    text = f"{value:,}"
    return text if _current(lang) == "en" else text.replace(",", ".")


def decimal(text: str, *, lang: str | None = None) -> str:
    """A number already written as text, with the current language's decimal mark.

    >>> decimal("0.0421", lang="hr")
    '0,0421'
    """
    return text if _current(lang) == "en" else text.replace(".", ",")


class num:  # noqa: N801  (used like a function inside f-strings: f"{num(p):.3f}")
    """A number that formats itself in the current language: decimal comma and grouping
    point in Croatian and German, any format spec (``f"{num(p):.3f}"``, ``f"{num(n):,}"``).

    >>> p, n = 0.2625, 4960
    >>> f"{num(p):.3f} of {num(n):,}"
    '0.263 of 4,960'
    >>> with language("hr"):
    ...     f"{num(p):.3f} od {num(n):,}", f"{num(30.5):g}", str(num(0.05))
    ('0,263 od 4.960', '30,5', '0,05')
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        text = format(self.value, spec)
        return text if get_language() == "en" else text.translate(_SWAP_MARKS)

    def __str__(self) -> str:
        return self.__format__("")

    def __repr__(self) -> str:
        return f"num({self.value!r})"


_SWAP_MARKS = str.maketrans(",.", ".,")


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated later)."""
    return message


def N_plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a pair for the catalog as one message with plurals; use it with :func:`ngettext`."""
    return singular, plural


_ = gettext

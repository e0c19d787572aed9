"""The page's URL query, in a notebook served by Voila (``?lang=hr`` -> ``{"lang": "hr"}``).

Voila passes the request to a kernel in its environment (``QUERY_STRING``).  A
*pre-heated* kernel (``make serve STUDENTS=…``) runs its notebook before any
student asks for it, so the query only exists once a page takes the kernel:
``voila.utils.wait_for_request`` pauses the notebook until then.  :func:`page_query`
does both, and returns ``{}`` outside Voila (nbval, Jupyter, the tests), so a
notebook can call it unconditionally:

    from widgets.request import page_query
    lang = page_query().get("lang", "en")

Only the first value of each key is kept; unknown keys are the notebook's to ignore,
and every value is text the student typed: validate it before use.

>>> import os
>>> os.environ.pop("VOILA_PREHEAT", None) and None
>>> os.environ["QUERY_STRING"] = "lang=hr&seat=2&lang=de"
>>> page_query()
{'lang': 'hr', 'seat': '2'}
>>> del os.environ["QUERY_STRING"]
>>> page_query()
{}
"""

from __future__ import annotations

import os
from urllib.parse import parse_qsl

__all__ = ["page_query", "page_query_string"]


def page_query_string() -> str:
    """The raw query string of the page this kernel serves (``''`` when none or no Voila).

    A pre-heated kernel waits here until a page takes it.
    """
    if os.environ.get("VOILA_PREHEAT") == "True" and "QUERY_STRING" not in os.environ:
        try:
            from voila.utils import wait_for_request  # type: ignore[import-untyped]
        except ImportError:        # not served by Voila
            return ""
        wait_for_request()         # blocks until a page takes this pre-heated kernel
    return os.environ.get("QUERY_STRING", "")


def page_query() -> dict[str, str]:
    """The query of the page this kernel serves (``{}`` when there is none or no Voila)."""
    query: dict[str, str] = {}
    for key, value in parse_qsl(page_query_string(), keep_blank_values=True):
        query.setdefault(key, value)
    return query

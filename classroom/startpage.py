"""The HTML of the start page and of "the class is full" (no Voila assets: fast, offline).

Readable on a projector (large type, high contrast) and on a 375-px phone (one
column, nothing wider than the screen, links at least 44 px high).

>>> "class is full" in full_page(retry_seconds=60)
True
"""

from __future__ import annotations

from html import escape

from cardgames.errors import ConfigError
from cardgames.i18n import LANGUAGE_NAMES, N_, SUPPORTED, check_language, get_language, ngettext
from cardgames.i18n import gettext as _

from .catalog import Entry

__all__ = ["GROUPS", "full_page", "language_error_page", "language_picker", "page_language",
           "start_page"]

GROUPS = {"lessons": N_("Lessons"), "apps": N_("Apps"), "rules": N_("Rules")}
TITLE = N_("Card games: lessons and apps")

STYLE = """
*{box-sizing:border-box}
html{font-size:clamp(16px,1.1vw + 12px,24px)}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
     color:#1a1a1a;background:#fff;line-height:1.4}
header,main{max-width:60rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;
       gap:.5rem;padding-top:1rem}
h1{font-size:1.8rem;margin:.3rem 0}
h2{font-size:1.3rem;margin:1.5rem 0 .5rem;border-bottom:2px solid #1a1a1a}
ul{list-style:none;margin:0;padding:0}
li{margin:.4rem 0}
a.entry{display:block;min-height:44px;padding:.5rem .7rem;border:1px solid #767676;
        border-radius:.4rem;color:#1a1a1a;text-decoration:none;overflow-wrap:anywhere}
a.entry:hover,a.entry:focus{background:#eef3ff;outline:3px solid #0b57d0;outline-offset:1px}
.title{display:block;font-weight:600;color:#0b3d91}
.desc{display:block}
.time{display:block;font-size:.85rem;color:#4a4a4a}
.empty{color:#4a4a4a}
#language-picker:empty{display:none}
a.lang{display:inline-block;min-height:44px;min-width:44px;padding:.6rem .5rem;color:#0b3d91}
a.lang[aria-current]{font-weight:700;color:#1a1a1a;text-decoration:none}
footer{max-width:60rem;margin:2rem auto 1rem;padding:0 1rem;font-size:.85rem;color:#4a4a4a}
"""


def _entry(e: Entry, lang: str, base_url: str, server_lang: str = "en") -> str:
    """One link, under the server's ``base_url``; a lesson or an app opens in ``lang``
    (a lesson's built copy ``lessons/<lang>/``, and ``?lang=``, read by the page's kernel).  Title, description and time are translated
    (their msgids: ``classroom/catalog_words.py``, written from lessons/ by `make i18n`);
    a rules page's title is its language's own name.  An English link carries ``?lang=en``
    too when the kernels' own language (``server_lang``, ``CARDGAMES_LANG``) is another:
    without it the page's widgets would speak the server's language."""
    url = base_url.rstrip("/") + e.url_for(lang)     # a lesson's copy in lang, if built
    if e.group != "rules" and (lang != "en" or server_lang != "en"):
        url += f"?lang={lang}"
    title = e.title if e.group == "rules" else _(e.title, lang=lang)
    hreflang = f' hreflang="{escape(e.lang)}" lang="{escape(e.lang)}"' if e.lang else ""
    time = f'<span class="time">{escape(_(e.time, lang=lang))}</span>' if e.time else ""
    description = _(e.description, lang=lang) if e.description else ""
    return (f'<li><a class="entry" href="{escape(url)}"{hreflang}>'
            f'<span class="title">{escape(title)}</span>'
            f'<span class="desc">{escape(description)}</span>{time}</a></li>')


def language_picker(lang: str, *, home: str = "/") -> str:
    """Links to the start page at ``home`` in each language, the current one marked.

    >>> 'href="/?lang=hr"' in language_picker("en")
    True
    >>> 'href="/user/ana/cardgames/?lang=de"' in language_picker("en", home="/user/ana/cardgames/")
    True
    """
    links = []
    for code in SUPPORTED:
        current = ' aria-current="page"' if code == lang else ""
        links.append(f'<a class="lang" href="{escape(home)}?lang={code}" hreflang="{code}" '
                     f'lang="{code}"{current}>{escape(LANGUAGE_NAMES[code])}</a>')
    return " ".join(links)


def start_page(entries: list[Entry], *, lang: str = "en", base_url: str = "/",
               home: str | None = None) -> str:
    """The start page in ``lang``: ``entries`` grouped into lessons, apps and rules,
    with the language picker in the header.

    ``base_url`` is the server's (``/`` for ``make serve``, ``/user/<name>/`` in a
    student's server on the hub): the links go to ``<base_url>voila/render/...``.
    ``home`` is this page's own address, for the language picker (default ``base_url``).

    >>> page = start_page([], lang="hr")
    >>> '<html lang="hr">' in page and 'aria-current="page">Hrvatski' in page
    True
    >>> liar = Entry("app_liar.ipynb", "Liar", "Play Liar", "15 min", "apps")
    >>> 'href="/user/ana/voila/render/app_liar.ipynb"' in start_page([liar], base_url="/user/ana/")
    True
    """
    lang = check_language(lang)
    title = _(TITLE, lang=lang)
    sections = []
    # (outside f-strings: Babel does not look inside them)
    empty = escape(_("Not available yet.", lang=lang))
    picker_label = escape(_("Language", lang=lang))
    server_lang = get_language()                       # CARDGAMES_LANG: the kernels' own
    for group, heading in GROUPS.items():
        items = [_entry(e, lang, base_url, server_lang) for e in entries if e.group == group]
        body = (f"<ul>{''.join(items)}</ul>" if items
                else f'<p class="empty">{empty}</p>')
        sections.append(f'<section aria-labelledby="h-{group}"><h2 id="h-{group}">'
                        f"{escape(_(heading, lang=lang))}</h2>{body}</section>")
    picker = language_picker(lang, home=base_url if home is None else home)
    footer = escape(_("Each link opens a page of its own; closing the tab ends it.", lang=lang))
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>{escape(title)}</h1>
<nav id="language-picker" aria-label="{picker_label}">{picker}</nav>
</header>
<main>
{''.join(sections)}
</main>
<footer>{footer}</footer>
</body>
</html>
"""


def page_language(asked: str = "", accept_language: str = "") -> str:
    """The language of a page the server makes itself: ``?lang=`` if supported, else the
    browser's first supported ``Accept-Language`` (by weight), else ``CARDGAMES_LANG``'s.

    >>> page_language("hr"), page_language("", "de-AT,de;q=0.9,en;q=0.8")
    ('hr', 'de')
    >>> page_language("fr", "fr-FR, hr;q=0.5, de;q=0.7"), page_language("", "*")
    ('de', 'en')
    """
    for code in (asked, *_accepted(accept_language)):
        try:
            return check_language(code.split("-")[0])
        except ConfigError:
            continue
    return get_language()


def _accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, the preferred first (at most 20)."""
    weighted = []
    for i, part in enumerate(header.split(",")[:20]):
        code, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if code and q > 0:
            weighted.append((-q, i, code.strip().lower()))
    return [code for _q, _i, code in sorted(weighted)]


def full_page(*, retry_seconds: int = 60, lang: str = "en", home: str = "/") -> str:
    """The friendly page served (HTTP 503) when the class is full (no memory left for
    another kernel, or ``MAX_KERNELS``), in ``lang``.

    >>> "Razred je pun" in full_page(lang="hr")
    True
    """
    lang = check_language(lang)
    seconds = int(retry_seconds)
    text = ngettext("This computer is running as many pages as it can hold. This page tries "
                    "again by itself in {n} second; or close a tab you no longer need.",
                    "This computer is running as many pages as it can hold. This page tries "
                    "again by itself in {n} seconds; or close a tab you no longer need.",
                    seconds, lang=lang).format(n=seconds)
    title = _("The class is full", lang=lang)
    heading = _("The class is full, try again in a minute", lang=lang)
    back = _("Back to the start page", lang=lang)
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{seconds}">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<main id="class-full">
<h1>{escape(heading)}</h1>
<p>{escape(text)}</p>
<p><a class="entry" href="{escape(home)}?lang={escape(lang)}">{escape(back)}</a></p>
</main>
</body>
</html>
"""


def language_error_page(asked: str, message: str, *, home: str = "/") -> str:
    """The page served (HTTP 400) for ``/?lang=`` with a language the project lacks:
    the error names the supported ones, and the picker offers them.

    >>> "en, hr, de" in language_error_page("fr", "unsupported language 'fr': choose en, hr, de")
    True
    """
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unknown language</title>
<style>{STYLE}</style>
</head>
<body>
<main>
<h1>Unknown language: {escape(asked)}</h1>
<p>{escape(message)}</p>
<nav id="language-picker" aria-label="Language">{language_picker("", home=home)}</nav>
</main>
</body>
</html>
"""

"""The start page of the static site (``make site``, tools/static_site.py) in en, hr and de.

The static site is the apps and the exercises for homework with no server: plain files
that any web host serves, whose Python runs in the student's browser (Voici pages,
Pyodide; docs/serving.md).  Its start page looks like the classroom's
(:mod:`classroom.startpage`: the same style, readable on a phone and a projector) and
says plainly what the site is not: graded work (the bots' cards and the answers are in
the browser), a link to the class (nothing is sent anywhere), fast the first time.

>>> page = site_start_page([SiteLink("apps", "voici/render/app_liar.html",
...                                  "Liar (“Laž!”) — you against three bots", "")], lang="hr")
>>> '<html lang="hr">' in page and 'href="voici/render/app_liar.html"' in page
True
>>> 'href="index-de.html"' in page and "Laž!" in page
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from cardgames.i18n import LANGUAGE_NAMES, N_, SUPPORTED, check_language
from cardgames.i18n import gettext as _

from .startpage import STYLE

__all__ = ["LIMITS", "SERVER_LIMIT", "SiteLink", "exercises_intro", "limits", "page_footer",
           "site_start_page", "start_page_name"]

TITLE = N_("Card games: homework and practice")
GROUPS = {"apps": N_("Apps"), "exercises": N_("Exercises"), "rules": N_("Rules")}

#: what a student and a teacher must know about the site (issue 33), in this order
LIMITS = (
    N_("For practice, not for marks: the bots' cards and the exercises' answers are "
       "worked out in your browser, where a curious student can find them."),
    N_("Nothing you do here is sent anywhere: no class server sees your answers, and "
       "no other website is asked for anything."),
    N_("The first page takes a minute or so: Python itself is loaded into your browser. "
       "After that the pages come from the browser's cache and open faster."),
)

#: the second limit when the site was built with a class server (``cardgames site
#: --class-server URL``): the exercises' checks go there, nothing else does
SERVER_LIMIT = N_("Your exercise checks are sent to your teacher's class server, and nothing "
                  "else: no other website is asked for anything.")


def limits(server: bool = False) -> tuple[str, ...]:
    """The site's limits (msgids), with or without a class server."""
    return (LIMITS[0], SERVER_LIMIT, LIMITS[2]) if server else LIMITS


EXERCISES_DESCRIPTION = N_("The lesson's exercises, with hints; other numbers each time")

SITE_STYLE = STYLE + """
.limits{border-left:4px solid #0b57d0;background:#f3f6fc;padding:.5rem 1rem;margin:1rem 0}
.limits li{list-style:disc;margin:.3rem 0 .3rem 1.2rem}
"""


def start_page_name(lang: str) -> str:
    """The file of the start page in ``lang`` (``index.html`` is English).

    >>> start_page_name("en"), start_page_name("de")
    ('index.html', 'index-de.html')
    """
    return "index.html" if lang == "en" else f"index-{lang}.html"


def exercises_intro(lang: str, server: bool = False) -> str:
    """The line under an exercise page's title (Markdown), in ``lang`` (``server``: the
    site was built with a class server, which gets the checks)."""
    if server:
        return _("For practice: each answer is checked here, in your browser, and the check "
                 "is sent to your teacher's class server. Wrong answers get a hint; after "
                 "three tries you can see the solution.", lang=check_language(lang))
    return _("For practice: each answer is checked here, in your browser, and nothing is "
             "sent anywhere. Wrong answers get a hint; after three tries you can see the "
             "solution.", lang=check_language(lang))


def page_footer(lang: str, server: bool = False) -> str:
    """The last cell of every app and exercise page (Markdown), in ``lang``: the site's
    first two limits and the way back to the start page (the page is ``voici/render/``).

    >>> page_footer("de").endswith("(../../index-de.html)")
    True
    """
    lang = check_language(lang)
    said = " ".join(_(text, lang=lang) for text in limits(server)[:2])
    back = _("Back to the start page", lang=lang)
    return f"---\n\n{said}\n\n[{back}](../../{start_page_name(lang)})"


@dataclass(frozen=True)
class SiteLink:
    """One link of the start page: its group, address (relative to the site's root), and
    title and description as msgids (or text that is already in the page's language)."""

    group: str
    url: str
    title: str
    description: str
    lang: str = ""            # a rules page: its own language


def _link(link: SiteLink, lang: str) -> str:
    title = link.title if link.group == "rules" else _(link.title, lang=lang)
    desc = _(link.description, lang=lang) if link.description else ""
    hreflang = f' hreflang="{link.lang}" lang="{link.lang}"' if link.lang else ""
    return (f'<li><a class="entry" href="{escape(link.url)}"{hreflang}>'
            f'<span class="title">{escape(title)}</span>'
            f'<span class="desc">{escape(desc)}</span></a></li>')


def site_start_page(links: list[SiteLink], *, lang: str = "en",
                    languages: tuple[str, ...] = SUPPORTED, server: bool = False) -> str:
    """The start page in ``lang``: the limits (``server``: with a class server), then the
    links grouped (apps, exercises, rules), with links to the same page in the site's
    other ``languages``."""
    lang = check_language(lang)
    title = escape(_(TITLE, lang=lang))
    said = "".join(f"<li>{escape(_(text, lang=lang))}</li>" for text in limits(server))
    limits_label = escape(_("Good to know", lang=lang))
    picker_label = escape(_("Language", lang=lang))
    picker = " ".join(
        f'<a class="lang" href="{start_page_name(code)}" hreflang="{code}" lang="{code}"'
        f'{" aria-current=" + chr(34) + "page" + chr(34) if code == lang else ""}>'
        f"{escape(LANGUAGE_NAMES[code])}</a>" for code in SUPPORTED if code in languages)
    sections = []
    for group, heading in GROUPS.items():
        items = "".join(_link(x, lang) for x in links if x.group == group)
        if items:
            sections.append(f'<section aria-labelledby="h-{group}"><h2 id="h-{group}">'
                            f"{escape(_(heading, lang=lang))}</h2><ul>{items}</ul></section>")
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
<style>{SITE_STYLE}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<nav id="language-picker" aria-label="{picker_label}">{picker}</nav>
</header>
<main>
<section class="limits" aria-label="{limits_label}"><ul>{said}</ul></section>
{''.join(sections)}
</main>
</body>
</html>
"""

"""The HTML of the start page and of "the class is full" (no Voila assets: fast, offline).

Readable on a projector (large type, high contrast) and on a 375-px phone (one
column, nothing wider than the screen, links at least 44 px high).

>>> "class is full" in full_page(retry_seconds=60)
True
"""

from __future__ import annotations

from html import escape

from .catalog import Entry

__all__ = ["GROUPS", "full_page", "start_page"]

GROUPS = {"lessons": "Lessons", "apps": "Apps", "rules": "Rules"}

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
footer{max-width:60rem;margin:2rem auto 1rem;padding:0 1rem;font-size:.85rem;color:#4a4a4a}
"""


def _entry(e: Entry) -> str:
    lang = f' hreflang="{escape(e.lang)}" lang="{escape(e.lang)}"' if e.lang else ""
    time = f'<span class="time">{escape(e.time)}</span>' if e.time else ""
    return (f'<li><a class="entry" href="{escape(e.url)}"{lang}>'
            f'<span class="title">{escape(e.title)}</span>'
            f'<span class="desc">{escape(e.description)}</span>{time}</a></li>')


def start_page(entries: list[Entry], *, title: str = "Card games: lessons and apps",
               lang: str = "en", language_picker: str = "") -> str:
    """The start page: ``entries`` grouped into lessons, apps and rules.

    ``language_picker`` is HTML for the slot in the header (the languages issue).
    """
    sections = []
    for group, heading in GROUPS.items():
        items = [_entry(e) for e in entries if e.group == group]
        body = (f"<ul>{''.join(items)}</ul>" if items
                else '<p class="empty">Not available yet.</p>')
        sections.append(f'<section aria-labelledby="h-{group}"><h2 id="h-{group}">'
                        f"{heading}</h2>{body}</section>")
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
<nav id="language-picker" aria-label="Language">{language_picker}</nav>
</header>
<main>
{''.join(sections)}
</main>
<footer>Each link opens a page of its own; closing the tab ends it.</footer>
</body>
</html>
"""


def full_page(*, retry_seconds: int = 60, lang: str = "en") -> str:
    """The friendly page served (HTTP 503) when the kernel cap is reached."""
    return f"""<!DOCTYPE html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{int(retry_seconds)}">
<title>The class is full</title>
<style>{STYLE}</style>
</head>
<body>
<main>
<h1>The class is full, try again in a minute</h1>
<p>This computer is running as many pages as it can hold. This page tries again
by itself in {int(retry_seconds)} seconds; or close a tab you no longer need.</p>
<p><a class="entry" href="/">Back to the start page</a></p>
</main>
</body>
</html>
"""

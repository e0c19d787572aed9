"""Render the rules documents to the standalone pages that the apps open.

    .venv/bin/python tools/rules_html.py          # or: make rules
    .venv/bin/python tools/rules_html.py --check  # exit 1 if a page is out of date

``docs/rules/<lang>.md`` is the source; ``lessons/rules/<lang>.html`` is generated
(committed, so that a served checkout needs no build step) and served by Voila at
``/voila/files/rules/<lang>.html`` (``voila.json``: ``file_allowlist``).  Markdown is
rendered with mistune 3, which nbconvert (and so Voila) already installs.  Links to
``en.md`` / ``hr.md`` / ``de.md`` become links to the HTML pages; every rule keeps its
anchor (``#R-L5``), the target of :func:`cardgames.rules.rule_url`.
"""

from __future__ import annotations

import html
import pathlib
import re
import sys

import mistune

REPO = pathlib.Path(__file__).resolve().parents[1]
SOURCE = REPO / "docs" / "rules"
TARGET = REPO / "lessons" / "rules"
LANGUAGES = ("en", "hr", "de")

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       line-height: 1.5; max-width: 48rem; margin: 0 auto; padding: 1rem 1.25rem 4rem;
       color: #1f2328; background: #fff; }
h1, h2, h3 { line-height: 1.25; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
       background: #f3f4f6; padding: .1em .3em; border-radius: 4px; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: .3rem .6rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
a { color: #0969da; }
[id] { scroll-margin-top: 1.5rem; }
a[id]:target + strong { background: #fff3b0; outline: 3px solid #fff3b0; }
"""

_MD_LINK = re.compile(r'href="(en|hr|de)\.md(#[^"]*)?"')
_TITLE = re.compile(r"<h1>(.*?)</h1>", re.DOTALL)


def render(markdown_text: str, lang: str) -> str:
    """The standalone HTML page of one rules document."""
    body = mistune.create_markdown(escape=False, plugins=["table"])(markdown_text)
    assert isinstance(body, str)
    body = _MD_LINK.sub(lambda m: f'href="{m.group(1)}.html{m.group(2) or ""}"', body)
    found = _TITLE.search(body)
    title = re.sub(r"<[^>]+>", "", found.group(1)) if found else "Rules"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        "<!-- generated from docs/rules/" + lang + ".md by tools/rules_html.py "
        "(make rules): edit the markdown, not this file -->\n"
        f"<title>{html.escape(title, quote=False)}</title>\n"
        f"<style>{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n"
    )


def expected() -> dict[pathlib.Path, str]:
    """Every generated page and the text it must hold."""
    return {TARGET / f"{lang}.html": render((SOURCE / f"{lang}.md").read_text("utf-8"), lang)
            for lang in LANGUAGES}


def _show(path: pathlib.Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def main(argv: list[str]) -> int:
    pages = expected()
    if "--check" in argv:
        stale = [_show(p) for p, text in pages.items()
                 if not p.exists() or p.read_text("utf-8") != text]
        if stale:
            print("out of date (run `make rules`):", ", ".join(stale))
            return 1
        return 0
    TARGET.mkdir(exist_ok=True)
    for path, text in pages.items():
        path.write_text(text, "utf-8")
        print("wrote", _show(path))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

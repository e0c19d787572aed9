"""Reading a widget's HTML with its rule links (widgets.kit.rule_links), for the tests.

A rule link is written out here by hand, as the rules pages expect it (relative to
the app page ``<prefix>/voila/render/<notebook>``, the anchor exactly the rule id, a
new tab): :func:`rule_links` finds them, :func:`unlinked` gives the text back with
each link replaced by its rule id, after checking the link points at that very rule
in ``lang``.

>>> html = ('a lie (<a href="../files/rules/hr.html#R-L6" target="_blank" '
...         'rel="noopener">R-L6</a>)')
>>> rule_links(html)
[('hr', 'R-L6')]
>>> unlinked(html, "hr")
'a lie (R-L6)'
"""

from __future__ import annotations

import re

__all__ = ["RULE_LINK", "rule_links", "unlinked"]

#: One rule link as a widget writes it: the language's page, the rule's anchor, its id.
RULE_LINK = re.compile(
    r'<a (?:tabindex="-1" )?href="\.\./files/rules/(?P<lang>[a-z]{2})\.html#(?P<anchor>[^"]*)" '
    r'target="_blank" rel="noopener">(?P<text>[^<]*)</a>')
_ANY_LINK = re.compile(r"<a\b[^>]*>")


def rule_links(html: str) -> list[tuple[str, str]]:
    """``(lang, rule)`` of every rule link in ``html``; each link's text is its anchor."""
    found = []
    for m in RULE_LINK.finditer(html):
        assert m["anchor"] == m["text"], f"a link to {m['anchor']} reads {m['text']!r}"
        found.append((m["lang"], m["anchor"]))
    return found


def unlinked(html: str, lang: str = "en") -> str:
    """``html`` with every rule link replaced by the rule id it shows.

    Every link must be a rule link to the page of ``lang``.
    """
    links = rule_links(html)
    assert all(code == lang for code, _ in links), f"not all links in {lang}: {links}"
    out = RULE_LINK.sub(lambda m: m["text"], html)
    assert not _ANY_LINK.search(out), f"a link that is no rule link: {out}"
    return out

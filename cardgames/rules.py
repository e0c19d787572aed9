"""Links to the project's rules: every rule id, its web address, and citations made links.

The rules of both games live in ``docs/rules/{en,hr,de}.md`` (the source) and are
rendered to ``lessons/rules/{en,hr,de}.html`` (``make rules``), which Voila serves at
``<prefix>/voila/files/rules/<lang>.html``.  Each rule has an anchor named exactly like
its id, the same in every language.  Standard library only, and nothing is read from disk.

The addresses are relative to the page that shows them, a notebook served at
``<prefix>/voila/render/<notebook>`` (an app, a lesson): ``../files/rules/<lang>.html``
resolves to ``<prefix>/voila/files/rules/<lang>.html`` whatever the prefix is (``/`` for
``make serve``, ``/user/<name>/`` under JupyterHub).  A page elsewhere passes its own
``base=``.  The links open in a new tab (``target="_blank" rel="noopener"``), so a
student keeps their game.

>>> rule_url("R-L5")
'../files/rules/en.html#R-L5'
>>> rule_url("t12", "de")
'../files/rules/de.html#T12'
>>> link_rules("a false accusation (L9, L10)", "hr")
'a false accusation (<a href="../files/rules/hr.html#L9" target="_blank" rel="noopener">L9</a>, \
<a href="../files/rules/hr.html#L10" target="_blank" rel="noopener">L10</a>)'
>>> rule_url("L14")
Traceback (most recent call last):
...
cardgames.rules.UnknownRuleError: unknown rule 'L14': Liar has L1-L13 and R-L1-R-L11, \
Thirty-One T1-T14 and R-T1-R-T10
"""

from __future__ import annotations

import html
import re

from cardgames.errors import CardgamesError, ConfigError

__all__ = ["LANGUAGES", "RULE_IDS", "UnknownRuleError", "check_rule", "link_rules", "rule_url"]

#: Every rule id that the code, the tests and the rules documents use, in document order.
RULE_IDS: tuple[str, ...] = (
    *(f"L{n}" for n in range(1, 14)),
    *(f"R-L{n}" for n in range(1, 12)),
    *(f"T{n}" for n in range(1, 15)),
    *(f"R-T{n}" for n in range(1, 11)),
)
_RULE_SET = frozenset(RULE_IDS)

#: The languages of the rules documents (English first, the default).
LANGUAGES: tuple[str, ...] = ("en", "hr", "de")

#: Where Voila serves the rendered documents (``lessons/rules/<lang>.html``), relative to
#: a notebook page ``<prefix>/voila/render/<notebook>``.
BASE_URL = "../files/rules/"

# A tag, a whole link, a whole <svg>, <style> or <script> element is copied as it is (no
# link inside a link, nothing inside a tag's attributes, a drawing or code); otherwise a
# rule-like id that stands alone ("L7", "R-T5", "T4/R-T1").
_CITATION = re.compile(
    r"(?P<skip>(?i:<a\b.*?</a\s*>|<svg\b.*?</svg\s*>|<style\b.*?</style\s*>"
    r"|<script\b.*?</script\s*>)|<[^>]*>)"
    r"|(?<![\w-])(?P<id>R-[LT]\d{1,2}|[LT]\d{1,2})(?![\w-])",
    re.DOTALL,
)


class UnknownRuleError(CardgamesError):
    """A rule id that is none of L1-L13, R-L1-R-L11, T1-T14, R-T1-R-T10."""


def check_rule(rule_id: str) -> str:
    """The rule id in its standard form (``"r-l5"`` -> ``"R-L5"``), or UnknownRuleError.

    >>> check_rule(" r-t10 ")
    'R-T10'
    """
    key = rule_id.strip().upper() if isinstance(rule_id, str) else None
    if key not in _RULE_SET:
        raise UnknownRuleError(
            f"unknown rule {rule_id!r}: Liar has L1-L13 and R-L1-R-L11, "
            f"Thirty-One T1-T14 and R-T1-R-T10")
    return key


def _check_language(lang: object) -> str:
    code = lang.strip().lower() if isinstance(lang, str) else None
    if code not in LANGUAGES:
        raise ConfigError(f"unsupported language {lang!r}: choose one of "
                          f"{', '.join(LANGUAGES)}")
    return code


def _check_base(base: object) -> str:
    if not isinstance(base, str) or not base.endswith("/") or any(
            c in base for c in "\"'<>#?& \t\n\\"):
        raise ConfigError(f"base={base!r} is not allowed: a folder address ending in '/' "
                          f"with no quotes, '<', '>', '#', '?', '&', spaces or backslashes")
    return base


def rule_url(rule_id: str, lang: str = "en", *, base: str = BASE_URL) -> str:
    """The address of a rule in the rules page of ``lang``, relative to a notebook page
    of Voila (``base``: the folder of the rules pages, as seen from the page).

    >>> rule_url("L7", "hr")
    '../files/rules/hr.html#L7'
    >>> rule_url("L7", base="/voila/files/rules/")
    '/voila/files/rules/en.html#L7'
    >>> rule_url("L7", "fr")
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: unsupported language 'fr': choose one of en, hr, de
    """
    rule = check_rule(rule_id)
    return f"{_check_base(base)}{_check_language(lang)}.html#{rule}"


def link_rules(text: str, lang: str = "en", *, escape: bool = True,
               base: str = BASE_URL) -> str:
    """``text`` as HTML with every rule citation ("(R-L5)", "L7", "T4/R-T1") a link.

    Only real rule ids, written as the rules write them, become links ("L14", "l7"
    and card codes such as ``7L`` stay text).
    The links open the rules page in a new tab (``rel="noopener"``), so an app keeps
    its state; each link holds only the rule id and the language.  With
    ``escape=True`` (the default) ``text`` is plain text and is HTML-escaped first;
    with ``escape=False`` it is HTML already (escaped by its maker), and its tags,
    existing links and ``<svg>``, ``<style>``, ``<script>`` elements are left alone.
    HTML that is linked already comes back unchanged.

    >>> link_rules("swap all needs 21 (T7/R-T4); 7L <b>", "de")
    'swap all needs 21 (<a href="../files/rules/de.html#T7" target="_blank" rel="noopener">T7</a>/\
<a href="../files/rules/de.html#R-T4" target="_blank" rel="noopener">R-T4</a>); 7L &lt;b&gt;'
    """
    code = _check_language(lang)
    base = _check_base(base)
    if not isinstance(text, str):
        raise TypeError(f"link_rules needs a str, not {type(text).__name__}")
    if escape:
        text = html.escape(text, quote=False)

    def link(m: re.Match[str]) -> str:
        if m.group("skip") is not None:
            return m.group(0)
        rule = m.group("id")
        if rule not in _RULE_SET:
            return rule
        return (f'<a href="{base}{code}.html#{rule}" target="_blank" '
                f'rel="noopener">{rule}</a>')

    return _CITATION.sub(link, text)

"""Rule citations on a page as links to the rules, in the page's language (issue 10).

:class:`RulesHTML` is the ``ipywidgets.HTML`` of every widget text that may cite a
rule: table messages and refusals, event logs, explainers, exercise feedback.  Each
value it is given goes through :func:`cardgames.rules.link_rules` (``escape=False``:
the widget escaped its text already, so card text and engine text cannot inject
markup), and every "(R-L5)", "L7", "T4/R-T1" becomes a link to that rule in the rules
page of the current language (:func:`cardgames.i18n.get_language`), opening in a new
tab so that a game on the page goes on.  A link holds only the rule id and the
language: nothing of a hand, hidden or not (R-L11, R-T9).

>>> from cardgames.i18n import set_language
>>> set_language("hr")
>>> w = RulesHTML("<b>Not now</b> (R-L5) &lt;7H&gt;")
>>> w.value
'<b>Not now</b> (<a href="../files/rules/hr.html#R-L5" target="_blank" rel="noopener">R-L5</a>) \
&lt;7H&gt;'
>>> w.value = w.value            # linked text stays as it is
>>> w.value.count("<a ")
1
>>> set_language("en"); w.close()
"""

from __future__ import annotations

import functools
import html
import os
import re
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

import ipywidgets as ipw
from traitlets import validate

from cardgames.i18n import SUPPORTED, get_language
from cardgames.rules import BASE_URL, link_rules

__all__ = ["RulesHTML", "RulesLogHTML", "linked", "rules_base", "split_citation"]


def rules_base(env: Mapping[str, str] | None = None, *,
               server: tuple[str, str] | None = None) -> str:
    """Where the rules pages (``lessons/rules/<lang>.html``) are, seen from the page that
    shows the widget; ``env``: the kernel's environment (``os.environ``).

    - In Voilà (an app page ``<prefix>/voila/render/<notebook>``; its kernels have
      ``VOILA_*`` variables): :data:`cardgames.rules.BASE_URL`, ``../files/rules/``.
    - In a Jupyter server (JupyterLab, Notebook, a JupyterHub user's server; the kernel
      has ``JPY_SESSION_NAME``): the server's ``files/`` address of the notebook's
      folder.  An ipywidgets HTML value is put in the page as it is, so a relative link
      would resolve against the Lab page's own address.  ``server`` is that server's
      ``(root_dir, base_url)``, read from its runtime file (``jpserver-<pid>.json``, the
      kernel's parent) when not given.
    - Elsewhere, or when the server cannot be found: :data:`~cardgames.rules.BASE_URL`.

    >>> rules_base({"VOILA_BASE_URL": "/", "JPY_SESSION_NAME": "/srv/x.ipynb"})
    '../files/rules/'
    >>> rules_base({"JPY_SESSION_NAME": "/srv/lessons/03 hand.ipynb"},
    ...            server=("/srv", "/user/ana/"))
    '/user/ana/files/lessons/rules/'
    >>> rules_base({"JPY_SESSION_NAME": "/srv/03.ipynb"}, server=("/srv", "/"))
    '/files/rules/'
    >>> rules_base({"JPY_SESSION_NAME": "/elsewhere/03.ipynb"}, server=("/srv", "/"))
    '../files/rules/'
    >>> rules_base({})
    '../files/rules/'
    """
    env = os.environ if env is None else env
    session = env.get("JPY_SESSION_NAME", "")
    if any(k.startswith("VOILA_") for k in env) or not session:
        # a lesson's language copy (lessons/hr/03_....ipynb) is one folder deeper
        return "../" * _copy_depth(os.getcwd()) + BASE_URL
    try:
        root, base_url = server or _jupyter_server(env)
        folder = os.path.dirname(session) if os.path.isabs(session) else os.getcwd()
        if _copy_depth(folder):
            folder = os.path.dirname(folder)
        rel = os.path.relpath(folder, root)
    except (OSError, ValueError, KeyError, TypeError):
        return BASE_URL
    if rel.startswith(".."):
        return BASE_URL
    path = "rules/" if rel == "." else f"{rel.replace(os.sep, '/')}/rules/"
    return base_url.rstrip("/") + "/files/" + quote(path)


def _copy_depth(folder: str) -> int:
    """1 in a lesson's language copy (``lessons/<lang>/``, built by tools/lesson_i18n.py: no
    ``rules/`` of its own, its parent's beside it), else 0."""
    try:
        copy = (not os.path.isdir(os.path.join(folder, "rules"))
                and os.path.isdir(os.path.join(folder, os.pardir, "rules"))
                and os.path.basename(os.path.normpath(folder)) in SUPPORTED)
    except (OSError, ValueError, TypeError):
        return 0
    return 1 if copy else 0


def _jupyter_server(env: Mapping[str, str]) -> tuple[str, str]:
    """``(root_dir, base_url)`` of the Jupyter server that started this kernel."""
    from jupyter_core.paths import jupyter_runtime_dir

    return _server_file(env.get("JUPYTER_RUNTIME_DIR") or jupyter_runtime_dir(), os.getppid())


@functools.lru_cache(maxsize=8)
def _server_file(folder: str, pid: int) -> tuple[str, str]:
    """The server's runtime file, read once (every linked text asks for it)."""
    import json

    with open(os.path.join(folder, f"jpserver-{pid}.json"), encoding="utf-8") as f:
        info = json.load(f)
    return str(info["root_dir"]), str(info["base_url"])


def linked(html_text: str) -> str:
    """``html_text`` (escaped HTML) with its rule citations made links, in the current
    language.

    >>> linked("lowest score (T13) <svg><title>T13</title></svg>")
    'lowest score (<a href="../files/rules/en.html#T13" target="_blank" rel="noopener">T13</a>) \
<svg><title>T13</title></svg>'
    """
    return link_rules(html_text, get_language(), escape=False, base=rules_base())


# "(T2)", "(L7, R-L4)", "(T5–T9)" at the end of a label
_TRAILING = re.compile(r"\s*(\((?:R-)?[LT]\d{1,2}(?:(?:, |/|–)(?:R-)?[LT]\d{1,2})*\))\s*$")


def split_citation(label: str) -> tuple[str, str]:
    """A control's label and the citation it ends with, as linked HTML for an
    :class:`RulesHTML` beside the control (``("label", "")`` if it cites nothing).

    A control's own label cannot hold a working link: ipywidgets sanitizes an HTML
    ``description`` (the link would lose ``target`` and replace the app's page), and a
    click on it would toggle a checkbox.

    >>> split_citation("with the joker (T2)")
    ('with the joker', '(<a href="../files/rules/en.html#T2" target="_blank" rel="noopener">T2</a>)')
    >>> split_citation("Bots")
    ('Bots', '')
    """
    m = _TRAILING.search(label)
    if m is None:
        return label, ""
    return label[:m.start()], linked(html.escape(m.group(1), quote=False))


class RulesHTML(ipw.HTML):
    """An ``HTML`` widget whose rule citations are links (:func:`linked`).

    Its value is HTML that its maker escaped; the citations are linked whenever
    the value is set, in the language of that moment.
    """

    @validate("value")
    def _link_rules(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return linked(value) if value else value


# the rule links :func:`linked` makes (any base: ``../files/rules/``, a hub prefix, ...)
_RULE_LINK = re.compile(r'<a (href="[^"]*/rules/[a-z]{2}\.html#(?:R-)?[LT]\d{1,2}")')


class RulesLogHTML(RulesHTML):
    """A :class:`RulesHTML` for a log that grows with every move: its rule links are
    clickable but not Tab stops (``tabindex="-1"``), so that a keyboard user reaches the
    table's controls in a few presses however long the game; the rules stay one Tab
    away in the app's header link.

    >>> RulesLogHTML("Player 1 took the pile (L10).").value
    'Player 1 took the pile (<a tabindex="-1" href="../files/rules/en.html#L10" target="_blank" rel="noopener">L10</a>).'
    """

    @validate("value")
    def _link_rules(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        return _RULE_LINK.sub(r'<a tabindex="-1" \1', linked(value)) if value else value

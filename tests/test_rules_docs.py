"""The project's own rules documents (docs/rules), their HTML pages, and cardgames.rules.

The expected rule ids are written out here from the specification's numbering
(L1-L13, R-L1-R-L11, T1-T14, R-T1-R-T10), not taken from cardgames.rules.
"""

from __future__ import annotations

import html.parser
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames.errors import ConfigError
from cardgames.rules import RULE_IDS, UnknownRuleError, link_rules, rule_url

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "rules"
LANGS = ("en", "hr", "de")

EXPECTED_IDS = {
    "L1", "L2", "L3", "L4", "L5", "L6", "L7", "L8", "L9", "L10", "L11", "L12", "L13",
    "R-L1", "R-L2", "R-L3", "R-L4", "R-L5", "R-L6", "R-L7", "R-L8", "R-L9", "R-L10",
    "R-L11",
    "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13",
    "T14",
    "R-T1", "R-T2", "R-T3", "R-T4", "R-T5", "R-T6", "R-T7", "R-T8", "R-T9", "R-T10",
}
assert len(EXPECTED_IDS) == 13 + 11 + 14 + 10

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def anchors(text: str) -> list[str]:
    return ANCHOR.findall(text)


def load_builder():
    spec = importlib.util.spec_from_file_location("rules_html", REPO / "tools" / "rules_html.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the markdown documents -------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_exactly_one_anchor(lang):
    ids = anchors((DOCS / f"{lang}.md").read_text("utf-8"))
    rule_like = [i for i in ids if re.fullmatch(r"(R-)?[LT]\d+", i)]
    assert sorted(rule_like) == sorted(EXPECTED_IDS)       # all, once each, nothing more


@pytest.mark.parametrize("lang", LANGS)
def test_each_anchor_stands_before_its_own_rule(lang):
    text = (DOCS / f"{lang}.md").read_text("utf-8")
    for rule in EXPECTED_IDS:
        assert re.search(rf'<a id="{rule}"></a>\*\*{rule} — \S', text), rule


def test_all_languages_have_the_same_anchors_in_the_same_order():
    en, hr, de = (anchors((DOCS / f"{lang}.md").read_text("utf-8")) for lang in LANGS)
    assert en == hr == de
    assert len(set(en)) == len(en)


@pytest.mark.parametrize("lang", LANGS)
def test_internal_links_point_to_anchors(lang):
    text = (DOCS / f"{lang}.md").read_text("utf-8")
    ids = set(anchors(text))
    targets = re.findall(r"\]\(#([^)]+)\)", text)
    assert len(targets) > 100                              # the index and the cross-references
    assert not [t for t in targets if t not in ids]
    others = set(re.findall(r"\]\((en|hr|de)\.md\)", text))
    assert others == set(LANGS) - {lang}                    # the language switcher


@pytest.mark.parametrize("lang", LANGS)
def test_card_codes_in_the_documents_parse(lang):
    from cardgames.cards import parse_cards
    text = (DOCS / f"{lang}.md").read_text("utf-8")
    codes = re.findall(r"`((?:(?:10|[789UOKA])[HBLA]|\*[CP]?)(?: (?:(?:10|[789UOKA])[HBLA]|\*[CP]?))*)`", text)
    assert len(codes) > 30
    for code in codes:
        parse_cards(code)


@pytest.mark.parametrize("lang", LANGS)
def test_scoring_table_agrees_with_the_engine(lang):
    """Each row of the scoring table: the hand, then the score written by hand."""
    from cardgames.thirtyone import score
    text = (DOCS / f"{lang}.md").read_text("utf-8")
    rows = re.findall(r"^\| `([^`]+)` \| (\d+(?:[.,]5)?) \|", text, re.MULTILINE)
    assert len(rows) == 12
    for hand, written in rows:
        assert score(hand) == float(written.replace(",", ".")), hand


def test_the_glossary_names_the_originals_words():
    text = (DOCS / "README.md").read_text("utf-8")
    for word in ("Kroničar", "Šareni", "Blijedi", "„Laž!“", "Kralj", "As",
                 "Chronist", "König", "Ass", "Eine tauschen", "Aufdecken"):
        assert word in text, word
    for lang in LANGS:
        assert f"({lang}.md)" in text


# --- no path outside the repository ---------------------------------------------------------

SHIPPED = ["README.md", "Makefile", "pyproject.toml", "voila.json",
           "docs", "lessons", "cardgames", "widgets"]
TEXT_SUFFIXES = {".md", ".py", ".ipynb", ".html", ".cfg", ".json", ".toml", ".txt", ".po",
                 ".pot", ".css", ".js", ""}


def shipped_files():
    for name in SHIPPED:
        path = REPO / name
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in files:
            if f.is_file() and f.suffix in TEXT_SUFFIXES and "__pycache__" not in f.parts:
                yield f


SHIPPED_FILES = sorted(str(f.relative_to(REPO)) for f in shipped_files())


def test_the_scan_sees_the_shipped_files():
    for name in ("README.md", "docs/ARCHITECTURE.md", "docs/rules/hr.md", "lessons/rules/de.html",
                 "lessons/app_liar.ipynb", "cardgames/rules.py", "widgets/__init__.py"):
        assert name in SHIPPED_FILES


@pytest.mark.parametrize("name", SHIPPED_FILES)
def test_no_shipped_file_points_outside_the_repository(name):
    text = (REPO / name).read_text("utf-8", errors="replace")
    bad = [f"{name}:{n}: {line.strip()[:80]}" for n, line in enumerate(text.splitlines(), 1)
           if "../shared" in line or "/work/" in line]
    assert bad == []


def test_the_readme_links_the_rules():
    text = (REPO / "README.md").read_text("utf-8")
    assert "](docs/rules/README.md)" in text and "](docs/rules/hr.md)" in text


# --- the HTML pages ---------------------------------------------------------------------

def test_html_pages_are_up_to_date():
    builder = load_builder()
    for path, text in builder.expected().items():
        assert path.exists(), f"{path.relative_to(REPO)} is missing: run `make rules`"
        assert path.read_text("utf-8") == text, f"{path.relative_to(REPO)}: run `make rules`"


def test_check_mode_reports_a_stale_page(tmp_path, monkeypatch):
    builder = load_builder()
    for lang in LANGS:
        (tmp_path / f"{lang}.html").write_text("stale", "utf-8")
    monkeypatch.setattr(builder, "TARGET", tmp_path)
    assert builder.main(["--check"]) == 1
    assert builder.main([]) == 0
    assert builder.main(["--check"]) == 0


class _Collect(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.lang = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "a" and "href" in a:
            self.hrefs.append(a["href"])


@pytest.mark.parametrize("lang", LANGS)
def test_html_page_holds_every_anchor_and_links_html(lang):
    page = _Collect()
    page.feed((REPO / "lessons" / "rules" / f"{lang}.html").read_text("utf-8"))
    assert page.lang == lang
    assert EXPECTED_IDS <= set(page.ids)
    assert not [h for h in page.hrefs if ".md" in h]          # en.md -> en.html
    assert {h for h in page.hrefs if h.endswith(".html")} == {f"{o}.html" for o in LANGS if o != lang}
    assert not [h for h in page.hrefs if h.startswith("#") and h[1:] not in page.ids]


def test_make_rules_target_runs_the_builder():
    make = (REPO / "Makefile").read_text("utf-8")
    assert re.search(r"^rules: .*\n\t\$\(BIN\)/python tools/rules_html\.py$", make, re.MULTILINE)


# --- cardgames.rules --------------------------------------------------------------------

def test_rule_ids_are_the_specs():
    assert set(RULE_IDS) == EXPECTED_IDS and len(RULE_IDS) == len(EXPECTED_IDS)


@pytest.mark.parametrize("rule", sorted(EXPECTED_IDS))
def test_rule_url_of_every_rule(rule):
    # relative to an app page <prefix>/voila/render/app_x.ipynb: <prefix>/voila/files/rules/
    assert rule_url(rule) == f"../files/rules/en.html#{rule}"
    assert rule_url(rule, "hr") == f"../files/rules/hr.html#{rule}"
    assert rule_url(rule.lower(), lang="DE") == f"../files/rules/de.html#{rule}"
    assert rule_url(rule, "de", base="/voila/files/rules/") == f"/voila/files/rules/de.html#{rule}"


@pytest.mark.parametrize(("page", "prefix"), [
    ("http://127.0.0.1:8866/voila/render/app_liar.ipynb?lang=hr", "http://127.0.0.1:8866"),
    ("https://hub.school.example/user/ana/voila/render/app_liar.ipynb",
     "https://hub.school.example/user/ana"),
])
def test_rule_url_resolves_from_an_app_page_under_any_prefix(page, prefix):
    from urllib.parse import urljoin

    assert urljoin(page, rule_url("R-L5", "hr")) == f"{prefix}/voila/files/rules/hr.html#R-L5"


@pytest.mark.parametrize("bad", ["", "/voila/files/rules", "x\"/><script>", "a b/", "#/", None])
def test_rule_url_refuses_a_bad_base(bad):
    with pytest.raises(ConfigError, match="base="):
        rule_url("L5", base=bad)
    with pytest.raises(ConfigError, match="base="):
        link_rules("L5", base=bad)


@pytest.mark.parametrize("bad", ["L0", "L14", "T15", "R-L12", "R-T11", "R-X1", "RL5", "", "L 5", None, 5])
def test_rule_url_refuses_unknown_rules(bad):
    with pytest.raises(UnknownRuleError, match=r"unknown rule .*L1-L13.*R-T1-R-T10"):
        rule_url(bad)


@pytest.mark.parametrize("bad", ["fr", "", "english", None])
def test_rule_url_refuses_unknown_languages(bad):
    with pytest.raises(ConfigError, match="unsupported language .*en, hr, de"):
        rule_url("L5", bad)
    with pytest.raises(ConfigError, match="unsupported language"):
        link_rules("L5", bad)


def test_errors_are_value_errors():
    assert issubclass(UnknownRuleError, ValueError)


def test_link_rules_links_each_citation():
    out = link_rules("Player 0 took the pile (2 cards): a false accusation (L9, L10).", "hr")
    assert out == ('Player 0 took the pile (2 cards): a false accusation '
                   '(<a href="../files/rules/hr.html#L9" target="_blank" rel="noopener">L9</a>, '
                   '<a href="../files/rules/hr.html#L10" target="_blank" rel="noopener">L10</a>).')


def test_link_rules_rulings_and_slashes():
    out = link_rules("first the dealer chooses (T4/R-T1); see R-L5", "de")
    assert out.count("<a ") == 3
    assert 'href="../files/rules/de.html#T4"' in out
    assert '#R-T1" target="_blank" rel="noopener">R-T1</a>' in out
    assert '#R-L5" target="_blank" rel="noopener">R-L5</a>' in out
    assert "de.html#T1" not in out           # the T1 inside R-T1 is not a link of its own


def test_link_rules_leaves_non_rules_alone():
    text = "7L 10L UL AL, L14, T0, R-L12, l7, XL5, L5x, sevens"
    assert link_rules(text) == text


def test_link_rules_escapes_plain_text():
    assert link_rules("<b>L3</b> & co") == (
        '&lt;b&gt;<a href="../files/rules/en.html#L3" target="_blank" rel="noopener">L3</a>'
        '&lt;/b&gt; &amp; co')


def test_link_rules_escapes_card_text_before_linking():
    # a "card" typed by a student with markup and a citation in it: the markup stays text
    out = link_rules('unknown card \'<img src=x onerror="alert(1)">L5\' (T4)', "hr")
    assert "<img" not in out and "&lt;img src=x onerror=\"alert(1)\"&gt;" in out
    assert out.count("<a ") == 2 and out.endswith(
        '(<a href="../files/rules/hr.html#T4" target="_blank" rel="noopener">T4</a>)')


def test_link_rules_on_html_leaves_tags_and_links_alone():
    text = '<span title="L5">L5</span> <a href="#L7">see L7</a> <b>T3</b>'
    out = link_rules(text, escape=False)
    assert out == ('<span title="L5"><a href="../files/rules/en.html#L5" target="_blank" '
                   'rel="noopener">L5</a></span> <a href="#L7">see L7</a> '
                   '<b><a href="../files/rules/en.html#T3" target="_blank" rel="noopener">T3</a></b>')


def test_link_rules_on_html_leaves_drawings_and_code_alone():
    text = ("<svg viewBox='0 0 9 9'><title>T13 L5</title><text>R-T8</text></svg>"
            "<style>.L5{}</style><script>var T4 = 1</script> (T13)")
    out = link_rules(text, "de", escape=False)
    assert out == text[:-6] + (' (<a href="../files/rules/de.html#T13" target="_blank" '
                               'rel="noopener">T13</a>)')


def test_link_rules_on_linked_html_changes_nothing():
    once = link_rules("a lie (R-L6); <b>L11</b>", "hr")
    assert link_rules(once, "hr", escape=False) == once


def test_link_rules_every_engine_citation_in_an_error_message():
    from cardgames.thirtyone import ThirtyOneGame
    state = ThirtyOneGame(players=2).new_state(seed=1)
    with pytest.raises(ValueError) as e:
        state.apply("pass")                 # the dealer must keep or exchange first (T4, R-T1)
    out = link_rules(str(e.value))
    cited = set(re.findall(r'#((?:R-)?[LT]\d+)"', out))
    assert cited and cited <= EXPECTED_IDS
    assert {"T4", "R-T1"} <= cited


def test_import_cardgames_rules_needs_only_the_standard_library():
    code = ("import sys, cardgames.rules; "
            "bad = [m for m in ('mistune', 'markdown', 'ipywidgets', 'pandas', 'voila') "
            "if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=REPO, check=True).stdout.strip()
    assert out == "[]"

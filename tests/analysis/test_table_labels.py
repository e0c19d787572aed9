"""cardgames.analysis.labels: the lessons' tables shown in the reader's language (issue 23).

The expected words are the glossary's (docs/rules/glossary.md) and the catalogs' own,
written out here by hand; the English display must be the table itself.
"""

from __future__ import annotations

import re

import pandas as pd
import pytest

from cardgames.analysis.labels import LABELS, TEMPLATES, label, shown
from cardgames.i18n import language, num, pgettext

#: Labels whose translation is the English word itself (an abbreviation, a loan word).
SAME_WORD = {"hr": {"SE", "formula"}, "de": {"SE"}}


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_every_label_and_template_is_translated(lang):
    missing = []
    for msgid in LABELS + TEMPLATES:
        text = pgettext("table", msgid, lang=lang)
        if text == msgid and msgid not in SAME_WORD[lang]:
            missing.append(msgid)
    assert not missing, f"untranslated table labels ({lang}): {missing}"


@pytest.mark.parametrize("lang", ["hr", "de"])
def test_templates_keep_their_placeholders(lang):
    for template in TEMPLATES:
        text = pgettext("table", template, lang=lang)
        assert sorted(re.findall(r"\{\w+\}", text)) == sorted(re.findall(r"\{\w+\}", template))


def test_glossary_words_in_the_labels():
    # the glossary: seat mjesto / Platz, pile hrpa / Stapel, Pale Chronicler Blijedi / Blasser,
    # deal dijeljenje / Runde, turned over okrenuti / umgedreht, win rate udio pobjeda / Gewinnquote
    assert label("seat", lang="hr") == "mjesto" and label("seat", lang="de") == "Platz"
    assert "hrpu" in label("pile taken by", lang="hr")
    assert "Stapel" in label("pile taken by", lang="de")
    assert label("Pale + wrong", lang="hr").startswith("Blijedi")
    assert label("Pale + wrong", lang="de").startswith("Blasser")
    assert label("deals", lang="de") == "Runden" and label("deals", lang="hr") == "dijeljenja"
    assert label("turned over", lang="de") == "umgedreht"
    assert label("win_rate", lang="hr") == "udio pobjeda"
    assert label("win_rate", lang="de") == "Gewinnquote"


def test_english_is_the_table_in_words():
    """Issue 31: an English page shows no programmers' words (win_rate, True, 21.0)."""
    frame = pd.DataFrame({"seat": [0, 1], "win_rate": [0.2625, 0.5], "inside?": [True, False],
                          "pile taken by": ["1 (player)", "nobody"],
                          "score": [21.0, 30.5]}).set_index("seat")
    before = frame.copy()
    out = shown(frame, lang="en")
    assert out is not frame
    pd.testing.assert_frame_equal(frame, before)          # the original is left as it is
    assert list(out.columns) == ["win rate", "inside?", "pile taken by", "score"]
    assert list(out["inside?"]) == ["yes", "no"]
    assert list(out["score"]) == ["21", "30.5"]
    assert list(out["win rate"]) == [0.2625, 0.5]         # probabilities stay numbers
    text = out._repr_html_()
    assert "21.0" not in text and "True" not in text and "win_rate" not in text


def test_scores_are_written_as_points_probabilities_are_not():
    assert list(shown(pd.Series([24.0, 30.5, 33.0]), lang="de")) == ["24", "30,5", "33"]
    assert shown(pd.Series([0.25, 0.5]), lang="en").dtype.kind == "f"
    assert list(shown(pd.DataFrame({"count": [400.0], "mean": [213.7]}), lang="en").iloc[0]) \
        == ["400", 213.7]


def test_croatian_copy_translates_labels_values_and_decimals():
    frame = pd.DataFrame({"seat": [0, 1], "win_rate": [0.2625, 0.5], "inside?": [True, False],
                          "pile taken by": ["1 (player)", "nobody"]}).set_index("seat")
    before = frame.copy()
    out = shown(frame, lang="hr")
    pd.testing.assert_frame_equal(frame, before)          # the original is left as it is
    assert list(out.columns) == ["udio pobjeda", "unutra?", "hrpu uzima"]
    assert out.index.name == "mjesto"
    assert list(out["unutra?"]) == ["da", "ne"]
    assert list(out["hrpu uzima"]) == ["1 (igrač)", "nitko"]
    text, html = repr(out), out._repr_html_()
    assert "0,2625" in text and "0,5000" in text and "0.2625" not in text
    assert "<td>0,2625</td>" in html and "<th>udio pobjeda</th>" in html
    # the numbers are the English table's, only the decimal mark differs
    assert out["udio pobjeda"].tolist() == [0.2625, 0.5]


def test_multiindex_categorical_and_float_labels():
    frame = pd.DataFrame({"play": ["Pale", "lie"], "call": ["nobody", "next player (2)"],
                          "kind": pd.Categorical(["three Aces", "suit"]), "n": [1, 2]})
    out = shown(frame.set_index(["play", "call"]), lang="de")
    assert list(out.index.names) == ["Zug", "Anzweifeln"]
    assert list(out.index) == [("Blasser", "niemand"), ("Lüge", "nächster Spieler (2)")]
    assert list(out["Art"]) == ["drei Asse", "Farbe"]
    scores = pd.DataFrame({"hands": [3, 4]}, index=[21.0, 30.5]).T
    assert list(shown(scores, lang="hr").columns) == ["21", "30,5"]   # as a reader writes them
    assert list(shown(scores, lang="en").columns) == ["21", "30.5"]


def test_templates_bots_and_text_numbers():
    assert label("2 seven(s) seen elsewhere", lang="de") == "2 Siebener anderswo gesehen"
    assert label("expected cards the caller takes (pile of 10)", lang="hr").endswith("(hrpa: 10)")
    assert label("swap AH 10H", lang="hr") == "zamijeni AH 10H"      # card codes kept
    assert label("heuristic#2", lang="de") == "heuristisch #2"
    assert label("random", lang="hr") == "nasumični"
    assert label("0.12345–0.13", lang="de") == "0,12345–0,13"
    assert label("95% low", lang="hr") == "donja granica (95 %)"
    import numpy as np
    assert label(np.float64(0.2) <= 0.5, lang="hr") == "da" and label(False, lang="de") == "nein"
    for kept in ("7H", "L10", "R-T6", "Srce", 3, 0.5, None):
        assert label(kept, lang="hr") == kept


def test_series():
    s = pd.Series({"A only": 0.25, "both": 0.5}, name="per-deal probability")
    out = shown(s, lang="de")
    assert list(out.index) == ["nur A", "beide"] and out.tolist() == [0.25, 0.5]


def test_num_formats_in_the_language():
    assert f"{num(0.2625):.3f} {num(4960):,} {num(30.5):g}" == "0.263 4,960 30.5"
    with language("de"):
        assert f"{num(0.2625):.3f} {num(4960):,} {num(30.5):g}" == "0,263 4.960 30,5"
        assert f"{num(1801.4):,.0f}" == "1.801" and str(num(0.05)) == "0,05"


def test_a_plot_of_a_shown_table_has_translated_legend_and_ticks():
    """Text inside the image: the legend comes from the columns, the numbers from the
    axis formatter; both in the copy's language (widgets.kit.figures.figure_html)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from widgets.kit.figures import figure_html

    dist = pd.DataFrame({"without Chronicler": [0.1, 0.3], "with Chronicler": [0.2, 0.25]},
                        index=[21.0, 30.5])
    with language("hr"):
        fig, ax = plt.subplots()
        shown(dist).plot.bar(ax=ax)
        ax.set_xticklabels([f"{num(s):g}" for s in dist.index])
        figure_html(fig, alt="test")
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        xticks = [t.get_text() for t in ax.get_xticklabels()]
        yticks = [t.get_text() for t in ax.get_yticklabels()]
    plt.close(fig)
    assert legend == ["bez Kroničara", "s Kroničarem"]
    assert xticks == ["21", "30,5"]
    assert yticks and all("." not in t for t in yticks) and any("," in t for t in yticks)
    with language("en"):
        fig, ax = plt.subplots()
        shown(dist).plot.bar(ax=ax)
        figure_html(fig, alt="test")
        yticks_en = [t.get_text() for t in ax.get_yticklabels()]
    plt.close(fig)
    assert [t.replace(",", ".") for t in yticks] == yticks_en

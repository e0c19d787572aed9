"""Issue 31: the lessons' explorers write their numbers as the page's language does
(0,602 and 30,5 in hr and de; 0.602 in English), the same numbers in every language."""

from __future__ import annotations

import re

import pytest

from cardgames.i18n import language

POINT = re.compile(r"\d\.\d")
COMMA = re.compile(r"\d,\d")


def _explorers():
    from widgets.explainers.bayes_explorer import BayesExplorer
    from widgets.explainers.deal_more import DealMore
    from widgets.explainers.lives_explorer import LivesExplorer
    from widgets.explainers.reveal_explorer import RevealExplorer

    return (lambda: BayesExplorer(hand="7H KA 9B 10L UB OA 8H AH", prior=0.4),
            lambda: LivesExplorer(a=0.45, t=0.15, lives=3),
            lambda: RevealExplorer(table="10H 7L OA", hands={21.0: "OH OL AL", 30.5: "UB UL UA"}),
            DealMore)


@pytest.mark.parametrize("k", range(4), ids=["bayes", "lives", "reveal", "deal-more"])
def test_numbers_in_the_pages_language(k):
    texts = {}
    for lang in ("en", "hr", "de"):
        with language(lang):
            w = _explorers()[k]()
            if hasattr(w, "button"):
                w.button.click()                  # DealMore: 100 hands dealt
            texts[lang] = re.sub(r"<[^>]+>", " ", w.text.value)
            w.close()
    assert POINT.search(texts["en"]) and not COMMA.search(texts["en"]), texts["en"]
    for lang in ("hr", "de"):
        assert COMMA.search(texts[lang]) and not POINT.search(texts[lang]), texts[lang]
        # the same numbers, only the decimal mark differs
        assert re.findall(r"\d+[.,]\d+", texts["en"]) == \
            [n.replace(",", ".") for n in re.findall(r"\d+[.,]\d+", texts[lang])]

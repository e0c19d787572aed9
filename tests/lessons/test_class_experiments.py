"""The class experiments' cells of lessons 03, 04 and 06 (issue 22): each shows the widget,
a teacher note, and a class of 30's pooled figure; the stored figures are re-derived here
by a second method (the rules' scoring written out again, the Liar deals counted from the
cards' notation, the tournament's own DataFrame, the Wilson interval from its formula)."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest

from cardgames.cards import ORDINARY_CARDS

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
VALUE = {"7": 7, "8": 8, "9": 9, "10": 10, "U": 10, "O": 10, "K": 10, "A": 11}
LINE = re.compile(r"^(?P<label>[^:]+): (?P<k>\d+) of (?P<n>[\d,]+) = (?P<p>[\d.]+) "
                  r"\(95%: (?P<lo>[\d.]+)-(?P<hi>[\d.]+)\); (?P<exact>.*)$")


def cells(number: str) -> dict[str, dict]:
    (path,) = LESSONS.glob(f"{number}_*.ipynb")
    return {c["id"]: c for c in json.loads(path.read_text(encoding="utf-8"))["cells"]}


def printed(number: str) -> list[dict[str, str]]:
    cell = cells(number)[f"{number}-class-exp-pool"]
    text = "".join("".join(o.get("text", "")) for o in cell["outputs"] if o.get("name") == "stdout")
    return [m.groupdict() for m in map(LINE.match, text.splitlines()) if m]


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def check_line(line: dict[str, str], k: int, n: int) -> None:
    assert (int(line["k"]), int(line["n"].replace(",", ""))) == (k, n)
    lo, hi = wilson(k, n)
    assert (line["p"], line["lo"], line["hi"]) == (f"{k / n:.4f}", f"{lo:.4f}", f"{hi:.4f}")


@pytest.mark.parametrize("number,key", [("03", "hands"), ("04", "liar"), ("06", "reveal")])
def test_each_lesson_has_the_widget_the_class_figure_and_a_teacher_note(number, key):
    c = cells(number)
    widget = "".join(c[f"{number}-class-exp-widget"]["source"])
    assert f'ClassExperiment("{key}"' in widget
    assert c[f"{number}-class-exp-widget"]["outputs"], "stored executed, the widget shown"
    note = "".join(c[f"{number}-class-exp-teacher"]["source"])
    for words in ("Teacher note", "make serve", "Open it for the class", "Add my share",
                  "Close it", "CSV"):
        assert words in note, (number, words)
    assert printed(number), "the class of 30's figure is printed"


def _score(cards: list[str]) -> float:
    """T11 / R-T2 again, from the notation: 33 three Aces, 30.5 three of a rank, else the
    best suit's sum if at least 21, else 0."""
    ranks = {c[:-1] for c in cards}
    if len(ranks) == 1:
        return 33.0 if ranks == {"A"} else 30.5
    best = max(sum(VALUE[c[:-1]] for c in cards if c[-1] == s) for s in "HBLA")
    return float(best) if best >= 21 else 0.0


def test_lesson03_class_of_30_dealt_again_and_scored_by_the_rules():
    deck = [c.notation() for c in ORDINARY_CARDS]     # the deck in the engine's order
    hits = 0
    for seed in range(1, 31):
        rng = random.Random(seed)
        hits += sum(_score(rng.sample(deck, 3)) >= 21 for _ in range(100))
    (line,) = printed("03")
    check_line(line, hits, 3000)
    assert line["exact"] == "exact 4/31 = 0.1290"
    assert abs(hits / 3000 - 4 / 31) < 4 * math.sqrt(4 / 31 * 27 / 31 / 3000)


def test_lesson04_class_of_30_counted_from_the_engine_s_deals():
    from cardgames.liar import LiarGame
    from cardgames.seeds import game_seed

    game = LiarGame(players=4)
    true = 0
    for seed in range(1, 31):
        pick, deal = random.Random(seed), 0
        for _ in range(100):
            while True:
                hands = game.new_state(seed=game_seed(seed, deal))
                deal += 1
                if not any(c.notation().startswith("7") for c in hands.hand(1)):
                    break
            true += all(c.notation().startswith("7") for c in pick.sample(list(hands.hand(2)), 2))
    (line,) = printed("04")
    check_line(line, true, 3000)
    assert line["exact"] == "exact 1/46 = 0.0217"
    assert abs(true / 3000 - 1 / 46) < 4 * math.sqrt(1 / 46 * 45 / 46 / 3000)


def test_lesson06_class_of_30_is_the_tournament_s_games():
    from cardgames.analysis.summary import summarize
    from cardgames.analysis.tournament import tournament
    from cardgames.thirtyone.bots import ThirtyOneHeuristicAgent

    wins = [0, 0]
    for seed in range(1, 31):
        for k, reveal_at in enumerate((21, 29)):
            df = tournament("thirty-one", [ThirtyOneHeuristicAgent(reveal_at=reveal_at),
                                           ThirtyOneHeuristicAgent()],
                            games=10, seed=seed + k, progress=False, workers=1)
            wins[k] += int(summarize(df).loc["heuristic#1", "wins"])
    lines = printed("06")
    assert [line["label"] for line in lines] == ["reveal at 21", "reveal at 29"]
    for line, k in zip(lines, wins):
        check_line(line, k, 300)
        assert line["exact"] == "no exact value"
    (lo21, hi21), (lo29, hi29) = wilson(wins[0], 300), wilson(wins[1], 300)
    overlap = not (hi21 < lo29 or hi29 < lo21)
    cell = cells("06")["06-class-exp-pool"]
    text = "".join("".join(o.get("text", "")) for o in cell["outputs"])
    assert f"the two intervals overlap: {'yes' if overlap else 'no'}" in text

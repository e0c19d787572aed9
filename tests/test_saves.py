"""Saves are validated: ``from_json`` refuses what no real game can hold (issue 18, item 5).

Each bad save below is one of the findings of issue 18 ("Saves are not
validated"), built by hand from a real save; each must be refused with the
project's :class:`SaveError` naming the field (and the rule where one
applies), never a ``KeyError``/``IndexError``/``OverflowError``/``TypeError``.
The property test at the end mutates saves of seeded games at random points
and checks every load either restores a state that round-trips and plays on,
or raises the project's error.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeded_play import played

from cardgames.cards import parse_cards
from cardgames.errors import CardgamesError, SaveError
from cardgames.liar import LiarGame
from cardgames.thirtyone import ThirtyOneGame

SETTINGS = dict(derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def liar_save(moves: int = 3) -> dict:
    return json.loads(played(LiarGame(players=3).new_state(seed=5), moves).to_json())


def t31_save(moves: int = 2, **kw) -> dict:
    return json.loads(played(ThirtyOneGame(players=3, **kw).new_state(seed=5), moves).to_json())


def refused(cls, data, field: str, rule: str | None = None) -> SaveError:
    with pytest.raises(SaveError) as info:
        cls.state_from_json(json.dumps(data))
    assert info.value.field == field, str(info.value)
    assert field in str(info.value)
    if rule is not None:
        assert info.value.rule == rule and rule in str(info.value)
    return info.value


# ----------------------------------------------------------------------------- Liar findings


@pytest.mark.parametrize("cls, make", [(LiarGame, liar_save), (ThirtyOneGame, t31_save)],
                         ids=["liar", "thirtyone"])
def test_a_valid_save_loads_equal(cls, make):
    data = make()
    s = cls.state_from_json(json.dumps(data))
    assert s == cls(players=3).replay(5, s.history)


def test_liar_a_seat_trimmed_to_one_card_is_refused_cards_missing():
    # finding: "a save with one seat trimmed to one card lets that seat win"
    data = liar_save()
    first = data["hands"][1].split()
    data["hands"][1] = first[0]
    e = refused(LiarGame, data, "hands + pile + put_aside", "R-L2")
    assert "missing: " + " ".join(sorted(first[1:], key=lambda c: parse_cards(c)[0])) in str(e)


def test_liar_a_player_with_zero_cards_is_refused_even_when_the_cards_are_put_aside():
    # finding: "a player with 0 cards": the cards conserve the deck, but a player in a round
    # still in play holds cards (L11: an empty hand has gone out)
    data = liar_save(moves=0)
    data["put_aside"] = (data["put_aside"] + " " + data["hands"][2]).strip()
    data["hands"][2] = ""
    refused(LiarGame, data, "hands", "L11, R-L9")


def test_liar_ace_of_hearts_three_times_is_refused():
    data = liar_save()
    data["hands"][0] += " AH AH"           # one deck holds one AH (R-L2)
    e = refused(LiarGame, data, "hands + pile + put_aside", "R-L2")
    assert "too many: AH AH;" in str(e)


def test_liar_the_player_under_the_window_cannot_be_asked():
    s = played(LiarGame(players=3).new_state(seed=5), 1)
    data = json.loads(s.to_json())
    assert data["phase"] == "call_window"
    data["current_player"] = data["pile"][-1]["player"]
    refused(LiarGame, data, "current_player", "R-L5")


# ----------------------------------------------------------------------------- Thirty-One


def test_thirtyone_ace_of_hearts_three_times_is_refused():
    data = t31_save()
    data["hands"][0] = "AH AH AH"
    e = refused(ThirtyOneGame, data, "hands + table + undealt", "T2")
    assert "too many: AH AH" in str(e)


def test_thirtyone_exchange_is_the_dealers():
    data = t31_save(moves=0)
    assert data["phase"] == "exchange"
    data["current"] = (data["dealer"] + 1) % 3
    refused(ThirtyOneGame, data, "current", "T4, R-T1")


def test_thirtyone_two_chroniclers_are_refused_and_none_without_the_option():
    data = t31_save(chronicler=True)
    data["undealt"] += " *"
    refused(ThirtyOneGame, data, "hands + table + undealt", "T2")
    data = t31_save()
    data["undealt"] += " *"
    refused(ThirtyOneGame, data, "hands + table + undealt", "T2")


def test_thirtyone_the_version_and_format():
    data = t31_save()
    data["version"] = True
    refused(ThirtyOneGame, data, "version")
    data["version"] = 1
    data["format"] = "cardgames.liar.state"
    refused(ThirtyOneGame, data, "format")


def test_thirtyone_a_bad_game_option_is_named():
    data = t31_save()
    data["game"]["players"] = 10**30
    e = refused(ThirtyOneGame, data, "game")
    assert "T1" in str(e)
    data["game"] = {"bogus": 1}
    refused(ThirtyOneGame, data, "game")


@pytest.mark.parametrize("cls", [LiarGame, ThirtyOneGame])
@pytest.mark.parametrize("text", ["", "[", "[]", "null", "3", '"x"', "[" * 100_000 + "]" * 100_000,
                                  "1" * 5000])
def test_not_a_save_at_all_is_refused(cls, text):
    with pytest.raises(SaveError):
        cls.state_from_json(text)


# --------------------------------------------------------------- one field changed: refused, named
# (save, what is changed, the field the error must name, the rule it must cite)

def _set(key, value):
    return lambda data: data.__setitem__(key, value)


def _set_in(key, index, value):
    return lambda data: data[key].__setitem__(index, value)


ONE_FIELD = [
    # Liar: one hand too many for three players (R-L2)
    ("liar-four-hands", liar_save, lambda d: d["hands"].append(""), "hands", "R-L2"),
    # the player to move is a seat (7: no such seat; "0", True, 1.0, None: no seat number at all)
    *[(f"liar-current-{bad!r}", liar_save, _set("current_player", bad), "current_player", None)
      for bad in (7, -1, 10**30, "0", True, 1.0, None)],
    # a round that is over has nobody to move (L11) ...
    ("liar-over-with-a-mover", liar_save, _set("phase", "over"), "current_player", "L11"),
    # ... and a reason it ended
    ("liar-over-no-winner", liar_save, lambda d: d.update(phase="over", current_player=None),
     "end_reason", "L11"),
    *[(f"liar-version-{bad!r}", liar_save, _set("version", bad), "version", None)
      for bad in (True, "1", 2, 0, 1.0, None)],
    # the pile's last play announced sevens: eights are due (R-L8)
    ("liar-due-rank", lambda: liar_save(moves=1), _set("due_rank", "ACE"), "due_rank", "R-L8"),
    *[(f"liar-missing-{key}", liar_save, lambda d, k=key: d.pop(k), key, None)
      for key in ("hands", "pile", "rng", "game", "phase", "plays", "events")],
    # Thirty-One: a hand holds three cards (T4)
    *[(f"t31-hand-{hand}", t31_save, _set_in("hands", 1, hand), "hands[1]", "T4")
      for hand in ("AH KH", "AH KH 9H 8H 7H")],
    # lives run from the game's number down to 0 (T13, R-T8)
    ("t31-negative-lives", t31_save, _set_in("lives", 0, -1), "lives[0]", "T13, R-T8"),
    ("t31-too-many-lives", t31_save, _set_in("lives", 0, 10**30), "lives[0]", "T13, R-T8"),
    *[(f"t31-current-{bad!r}", t31_save, _set("current", bad), "current", None)
      for bad in (9, 3, -1, 10**30, "0", False)],
    ("t31-over-with-a-mover", t31_save, _set("phase", "over"), "current", "R-T8"),
]


@pytest.mark.parametrize("make, change, field, rule",
                         [case[1:] for case in ONE_FIELD], ids=[case[0] for case in ONE_FIELD])
def test_a_save_with_one_bad_field_is_refused_naming_it(make, change, field, rule):
    data = make()
    change(data)
    cls = LiarGame if data["format"].startswith("cardgames.liar") else ThirtyOneGame
    refused(cls, data, field, rule)




# ----------------------------------------------------------------------------- property


def _card_fields(data: dict) -> list[tuple[list | dict, object]]:
    """(container, key) of every card text field of a save (that is still text)."""
    out: list[tuple[list | dict, object]] = []
    hands = data.get("hands")
    if isinstance(hands, list):
        out += [(hands, i) for i in range(len(hands))]
    out += [(data, key) for key in ("put_aside", "table", "undealt") if key in data]
    pile = data.get("pile")
    if isinstance(pile, list):
        out += [(e, "cards") for e in pile if isinstance(e, dict) and "cards" in e]
    return [(box, key) for box, key in out if isinstance(box[key], str)]  # type: ignore[index]


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30),
                 st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                 st.lists(st.integers(-3, 9), max_size=4), st.just({}), st.just("AH AH AH"))


def _mutate(data: dict, draw) -> None:
    kind = draw(st.sampled_from(["drop", "duplicate", "swap", "retype", "number", "delete",
                                 "nested"]))
    fields = _card_fields(data)
    if kind in ("drop", "duplicate", "swap") and fields:
        box, key = fields[draw(st.integers(0, len(fields) - 1))]
        cards = box[key].split()
        if kind == "drop" and cards:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        elif kind == "duplicate":
            every = [c for b, k in fields for c in b[k].split()] or ["AH"]
            cards.append(draw(st.sampled_from(every)))
        elif kind == "swap":
            box2, key2 = fields[draw(st.integers(0, len(fields) - 1))]
            other = box2[key2].split()
            if cards and other:
                i, j = draw(st.integers(0, len(cards) - 1)), draw(st.integers(0, len(other) - 1))
                cards[i], other[j] = other[j], cards[i]
                box2[key2] = " ".join(other)
        box[key] = " ".join(cards)
    elif kind in ("retype", "number", "delete", "drop", "duplicate", "swap"):
        if not data:
            return
        key = draw(st.sampled_from(sorted(data)))
        if kind in ("delete", "drop"):
            del data[key]
        elif kind in ("retype", "duplicate", "swap"):
            data[key] = draw(JUNK)
        else:
            data[key] = draw(st.sampled_from([-1, 0, 1, 2, 3, 9, 10**30, -10**30, 2**63]))
    else:   # an item inside a list or the game's options
        lists = [k for k, v in data.items() if isinstance(v, (list, dict)) and v]
        if not lists:
            return
        key = draw(st.sampled_from(sorted(lists)))
        box = data[key]
        sub = draw(st.sampled_from(sorted(box) if isinstance(box, dict) else range(len(box))))
        box[sub] = draw(JUNK)


STATES = st.one_of(
    st.builds(lambda p, seed, k: played(LiarGame(players=p, chroniclers="both")
                                        .new_state(seed=seed), k, seed),
              st.integers(2, 4), st.integers(0, 2**20), st.integers(0, 40)),
    st.builds(lambda p, seed, k: played(ThirtyOneGame(players=p, lives=1, chronicler=True)
                                        .new_state(seed=seed), k, seed),
              st.integers(2, 5), st.integers(0, 2**20), st.integers(0, 60)),
)


@settings(max_examples=400, **SETTINGS)
@given(state=STATES, data=st.data())
def test_every_mutated_save_loads_a_legal_state_or_raises_the_projects_error(state, data):
    save = json.loads(state.to_json())
    for _ in range(data.draw(st.integers(1, 2))):
        _mutate(save, data.draw)
    cls = type(state.game)
    try:
        text = json.dumps(save)
    except (TypeError, ValueError):
        return
    try:
        loaded = cls.state_from_json(text)
    except CardgamesError:
        return
    # loaded: it is a state the rules allow, so it round-trips and plays on
    assert cls.state_from_json(loaded.to_json()) == loaded
    game = loaded.game
    everything = Counter(c for p in range(game.players) for c in loaded.hand(p))
    if cls is LiarGame:
        everything.update(loaded.put_aside)
        everything.update(c for e in loaded.pile for c in e.cards)
    else:
        everything.update(loaded.table)
        everything.update(loaded.undealt)
    assert everything == Counter(game.deck())
    rng = random.Random(0)
    for _ in range(30):
        if loaded.is_over():
            assert loaded.current_player is None and loaded.outcome() is not None
            break
        assert loaded.current_player in range(game.players)
        loaded.view(loaded.current_player)
        loaded.apply(loaded.legal_actions().sample(rng))
    loaded.describe()

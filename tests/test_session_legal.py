"""SeatView.legal: the engine's lazy legal actions (issue 21, python-chess ``legal_moves``).

The collection agrees with a full enumeration made here independently of the engine
(every multiset of 1-4 cards of the hand by itertools over positions, L7, R-L4;
``call``/``pass`` in the call window, R-L5): the same set, the same ``len``, ``in`` true
for each and false for what is not a play of the hand; through a Session's view and
through the wire alike, exhaustively on small hands of one and two decks.
"""

from __future__ import annotations

import itertools
import json
import random

from cardgames.cards import parse_cards
from cardgames.liar.game import LiarGame
from cardgames.liar.legal import LiarLegalActions
from cardgames.liar.phase import Phase
from cardgames.seat import SeatLegal
from cardgames.session import Seat, Session
from cardgames.wire import dump_seat_view, load_seat_view


def _plays_by_hand(hand) -> set[tuple[str, ...]]:
    """Every distinct multiset of 1-4 cards of ``hand`` (as sorted notations)."""
    out = set()
    for k in range(1, min(4, len(hand)) + 1):
        for pos in itertools.combinations(range(len(hand)), k):
            out.add(tuple(sorted(hand[i].notation() for i in pos)))
    return out


def _as_set(legal) -> set[tuple[str, ...]]:
    return {tuple(sorted(text.split()[1:])) for text in legal}


def test_the_lazy_plays_are_every_multiset_of_one_to_four_cards_of_the_hand():
    rng = random.Random(21)
    for decks in (1, 2):
        deck = list(LiarGame(players=3, decks=decks, chroniclers="both").deck())
        for size in range(1, 8):
            for _ in range(6):
                hand = tuple(rng.sample(deck, size))
                legal = SeatLegal(LiarLegalActions.for_play(0, hand))
                want = _plays_by_hand(hand)
                assert len(legal) == legal.count() == len(want)
                got = list(legal)
                assert len(got) == len(set(got)) and _as_set(got) == want
                for play in want:
                    assert "play " + " ".join(play) in legal
                outside = next(c for c in deck if c not in hand)
                assert "play " + outside.notation() not in legal
                assert "play " + " ".join(c.notation() for c in hand[:1] * 2) not in legal \
                    or hand.count(hand[0]) > 1
                if size >= 5:
                    assert "play " + " ".join(c.notation() for c in hand[:5]) not in legal
                assert "call" not in legal and "pass" not in legal and "play" not in legal


def test_a_session_view_lists_nothing_and_agrees_with_the_full_enumeration_every_move():
    for decks, players in ((1, 3), (2, 4)):
        s = Session.new("liar", seats=[Seat.remote(f"p{i}") for i in range(players)],
                        seed=5 + decks, options={"decks": decks, "rounds": 1})
        rng = random.Random(decks)
        window = play = 0
        for _ in range(200):
            if s.over:
                break
            seat = s.to_act
            sv = s.view(seat)
            assert sv.legal._texts is None            # nothing listed by the view
            for other in range(players):
                if other != seat:
                    assert s.view(other).legal == () and not s.view(other).legal
            back = load_seat_view(json.loads(json.dumps(dump_seat_view(sv))))
            if sv.view.phase is Phase.CALL_WINDOW:
                window += 1
                assert set(sv.legal) == set(back.legal) == {"call", "pass"}
                assert len(sv.legal) == len(back.legal) == 2
            else:
                play += 1
                want = _plays_by_hand(s.state.hand(seat))
                for legal in (sv.legal, back.legal):
                    if len(want) <= 2000:
                        assert _as_set(legal) == want
                    assert len(legal) == len(want)
            assert back.legal == sv.legal and back == sv
            s.act(seat, sv.legal.sample(rng), mark=s.mark)
        assert window and play


def test_thirty_one_legal_is_the_engines_too():
    s = Session.new("thirty-one", seats=[Seat.remote("a"), Seat.remote("b"), Seat.remote("c")],
                    seed=2)
    rng = random.Random(4)
    for _ in range(60):
        if s.over:
            break
        sv = s.view(s.to_act)
        full = tuple(str(a) for a in list(s.state.legal_actions()))
        assert sv.legal == full and len(sv.legal) == len(full) and set(sv.legal) == set(full)
        assert all(a in sv.legal for a in full) and "swap ZZ 7H" not in sv.legal
        assert load_seat_view(json.loads(json.dumps(dump_seat_view(sv)))).legal == full
        s.act(s.to_act, sv.legal.sample(rng), mark=s.mark)


def test_seat_legal_reads_like_a_tuple_of_texts():
    legal = SeatLegal(LiarLegalActions.for_play(1, tuple(parse_cards("7H 8H 9H"))))
    assert legal[0] == "play 7H" and legal[-1] == "play 7H 8H 9H" and len(legal[1:]) == 6
    assert legal == tuple(legal) and legal == list(legal) and legal != ("play 7H",)
    assert SeatLegal(("keep", "exchange")) == SeatLegal(("keep", "exchange"))
    assert SeatLegal(()) == () and not SeatLegal(())
    assert "play 7H" in legal and "play 7h" in legal     # the engine reads the text

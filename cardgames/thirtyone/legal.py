"""The legal actions of a Thirty-One player: :class:`ThirtyOneLegalActions` and their computation.

In the play phase (T6) the collection is lazy: it keeps the hand, the table
and the other legal actions, and builds the tuple of all actions only when
someone iterates, sizes, indexes or searches it; ``sample(rng)`` picks one
with the same single draw as from the tuple, and the state accepts the
sampled action without searching (it came from the current legal set).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from cardgames.cards import ALL_CARDS, Card
from cardgames.errors import ActionParseError
from cardgames.i18n import gettext as _
from cardgames.i18n import ngettext, pgettext
from cardgames.thirtyone.actions import (
    Exchange,
    Keep,
    Pass,
    Reveal,
    Stand,
    SwapAll,
    SwapOne,
    ThirtyOneAction,
    parse_action,
    swap_one,
)
from cardgames.thirtyone.phase import Phase
from cardgames.thirtyone.score import MIN_SCORE, score_table

__all__ = ["ThirtyOneLegalActions", "LegalActions", "action_word", "compute_legal",
           "final_turn_actions"]

_KEEP, _EXCHANGE, _SWAP_ALL, _PASS, _REVEAL, _STAND = (
    Keep(), Exchange(), SwapAll(), Pass(), Reveal(), Stand())

#: The non-swap actions of a play turn (T7-T9, R-T4, R-T5):
#: ``_EXTRA[swap all makes 21 or more][passed last turn]``.
_EXTRA: tuple[tuple[tuple[ThirtyOneAction, ...], ...], ...] = (
    ((_PASS, _REVEAL), (_REVEAL,)), ((_SWAP_ALL, _PASS, _REVEAL), (_SWAP_ALL, _REVEAL)))
_NOTHING: object = object()   # ``_picked`` before any sample: never an action


class ThirtyOneLegalActions:
    """The legal actions now: iterable, sized, ``in`` (an action or its text), ``sample(rng)``
    (uniform) and ``summary()``: :class:`cardgames.core.LegalActions`.

    >>> legal = ThirtyOneLegalActions((Keep(), Exchange()))
    >>> "keep" in legal, "pass" in legal, len(legal), legal.summary()
    (True, False, 2, 'keep, exchange')
    """

    __slots__ = ("_acts", "_hand", "_table", "_extra", "_picked")

    def __init__(self, actions: tuple[ThirtyOneAction, ...]) -> None:
        self._acts: tuple[ThirtyOneAction, ...] | None = tuple(actions)
        self._hand: tuple[Card, ...] = ()
        self._table: tuple[Card, ...] = ()
        self._extra: tuple[ThirtyOneAction, ...] = ()
        self._picked: object = _NOTHING

    @classmethod
    def _swaps(cls, hand: tuple[Card, ...], table: tuple[Card, ...],
               extra: tuple[ThirtyOneAction, ...]) -> ThirtyOneLegalActions:
        """Lazily: every hand card for every table card (hand order first), then ``extra``."""
        self = object.__new__(cls)
        self._acts = None
        self._hand = hand
        self._table = table
        self._extra = extra
        self._picked = _NOTHING
        return self

    @property
    def _actions(self) -> tuple[ThirtyOneAction, ...]:
        acts = self._acts
        if acts is None:
            table = self._table
            out: list[ThirtyOneAction] = []
            for h in self._hand:
                row = _SWAP_ROWS[h.code] or _swap_row(h)
                out += [row[t.code] for t in table]
            acts = self._acts = (*out, *self._extra)
        return acts

    def __iter__(self) -> Iterator[ThirtyOneAction]:
        return iter(self._actions)

    def swap_parts(self) -> tuple[tuple[Card, ...], tuple[Card, ...],
                                  tuple[ThirtyOneAction, ...]] | None:
        """While the collection is lazy (a play turn not yet listed): the hand cards and
        table cards whose every pair is a legal swap (T6), and the other legal actions;
        else ``None``.  For readers that want ids without building every action (the
        adapters)."""
        if self._acts is not None:
            return None
        return self._hand, self._table, self._extra

    def __len__(self) -> int:
        if self._acts is None:
            return len(self._hand) * len(self._table) + len(self._extra)
        return len(self._acts)

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError:
                return False
        return action in self._actions

    def __getitem__(self, i: int) -> ThirtyOneAction:
        return self._actions[i]

    def sample(self, rng: random.Random) -> ThirtyOneAction:
        """A uniformly random legal action, drawn from ``rng`` (one ``rng.random()``)."""
        acts = self._acts
        if acts is None:
            hand, table = self._hand, self._table
            swaps = len(hand) * len(table)
            k = int(rng.random() * (swaps + len(self._extra)))
            if k < swaps:
                h = hand[k // len(table)]
                action: ThirtyOneAction = (_SWAP_ROWS[h.code] or _swap_row(h))[
                    table[k % len(table)].code]
            else:
                action = self._extra[k - swaps]
        else:
            action = acts[int(rng.random() * len(acts))]
        self._picked = action
        return action

    def summary(self) -> str:
        """In words: ``'swap one (9 ways, e.g. swap 7H AB), swap all, reveal'``."""
        swaps = [a for a in self._actions if isinstance(a, SwapOne)]
        parts = []
        if swaps:
            parts.append(ngettext("swap one ({n} way, e.g. {example})",
                                  "swap one ({n} ways, e.g. {example})", len(swaps)).format(
                n=len(swaps), example=swaps[0]))
        parts += [action_word(str(a)) for a in self._actions if not isinstance(a, SwapOne)]
        return ", ".join(parts) or _("nothing (the game is over)")

    def __repr__(self) -> str:
        return f"ThirtyOneLegalActions([{', '.join(map(str, self._actions))}])"


#: The old name of :class:`ThirtyOneLegalActions`.
LegalActions = ThirtyOneLegalActions


def _kinds(legal: ThirtyOneLegalActions) -> str:
    """The kinds of the legal actions, without cards (for players who may not see them).

    >>> _kinds(ThirtyOneLegalActions((SwapOne("7H", "AB"), SwapOne("7H", "8B"), Pass(), Reveal())))
    'swap one, pass or reveal'
    """
    names = list(dict.fromkeys(action_word("swap" if isinstance(a, SwapOne) else str(a))
                               for a in legal))
    if not names:
        return _("nothing (the game is over)")
    return names[0] if len(names) == 1 else _("{first} or {last}").format(
        first=", ".join(names[:-1]), last=names[-1])


def action_word(command: str) -> str:
    """An action's name in the current language, with the English command a player types
    (the parser reads English commands only): ``'reveal'``; in German ``'aufdecken
    (Befehl: reveal)'``.  ``'swap'`` stands for a swap of one card.

    >>> action_word("reveal"), action_word("swap")
    ('reveal', 'swap one')
    >>> from cardgames.i18n import language
    >>> with language("de"):
    ...     action_word("reveal")
    'aufdecken (Befehl: reveal)'
    """
    name = {"keep": pgettext("Thirty-One command", "keep"),
            "exchange": pgettext("Thirty-One command", "exchange"),
            "swap": pgettext("Thirty-One command", "swap one"),
            "swap all": pgettext("Thirty-One command", "swap all"),
            "pass": pgettext("Thirty-One command", "pass"),
            "reveal": pgettext("Thirty-One command", "reveal"),
            "stand": pgettext("Thirty-One command", "stand")}.get(command, command)
    if name == command or (command == "swap" and name == "swap one"):
        return name                     # English: the name is the command
    return _("{name} (command: {command})").format(name=name, command=command)


# _SWAP_ROWS[h.code][t.code]: the shared SwapOne(h, t), one row per hand card, made on first use
_SWAP_ROWS: list[list[SwapOne] | None] = [None] * len(ALL_CARDS)


def _swap_row(hand_card: Card) -> list[SwapOne]:
    row = _SWAP_ROWS[hand_card.code] = [swap_one(hand_card, t) for t in ALL_CARDS]
    return row


def final_turn_actions(hand: Sequence[Card], table: Sequence[Card]) -> tuple[ThirtyOneAction, ...]:
    """The legal actions of a final turn (T10, R-T6): a swap (one card or all three)
    only if the new hand makes at least 21 (``MIN_SCORE``), and always stand.

    >>> from cardgames.cards import parse_cards
    >>> hand, table = parse_cards("7H KB 9B"), parse_cards("AB 8L 8A")
    >>> [str(a) for a in final_turn_actions(hand, table)]   # AB KB 9B 30, 7H KB AB 21
    ['swap 7H AB', 'swap 9B AB', 'stand']
    """
    scores = score_table()
    acts: list[ThirtyOneAction] = []
    h0, h1, h2 = hand
    for h, r0, r1 in ((h0, h1, h2), (h1, h0, h2), (h2, h0, h1)):
        with_rest = scores[r0.code][r1.code]
        for t in table:
            if with_rest[t.code] >= MIN_SCORE:
                acts.append(swap_one(h, t))
    t0, t1, t2 = table
    if scores[t0.code][t1.code][t2.code] >= MIN_SCORE:
        acts.append(_SWAP_ALL)
    acts.append(_STAND)
    return tuple(acts)


def compute_legal(phase: Phase, hand: list[Card], table: list[Card], *, passed: bool,
                  capped: bool) -> ThirtyOneLegalActions:
    """The legal actions of the player to act holding ``hand`` (T4-T10, R-T4-R-T6, R-T10).

    ``passed``: they passed on their last turn (R-T5); ``capped``: the turn cap
    is reached (R-T10, only reveal).

    >>> from cardgames.cards import parse_cards
    >>> hand, table = parse_cards("7H 8H 9H"), parse_cards("AB KB 10B")
    >>> legal = compute_legal(Phase.PLAY, hand, table, passed=True, capped=False)
    >>> len(legal), legal.summary()
    (11, 'swap one (9 ways, e.g. swap 7H AB), swap all, reveal')
    """
    if phase is Phase.PLAY:
        if capped:
            return ThirtyOneLegalActions((_REVEAL,))
        t0, t1, t2 = table
        return ThirtyOneLegalActions._swaps(
            tuple(hand), (t0, t1, t2),
            _EXTRA[score_table()[t0.code][t1.code][t2.code] >= MIN_SCORE][passed])
    if phase is Phase.FINAL:
        return ThirtyOneLegalActions(final_turn_actions(hand, table))
    if phase is Phase.EXCHANGE:
        return ThirtyOneLegalActions((_KEEP, _EXCHANGE))
    return ThirtyOneLegalActions(())

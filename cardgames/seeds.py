"""The one seed scheme: every seed the engine derives, in one place.

A seed is a whole number (:func:`cardgames.core.check_seed`).  Everything
random follows from one seed by a string hash, so the same seed gives the
same games in every process and Python version (``random.Random`` seeds a
``str`` through SHA-512; the hashes below are :mod:`hashlib`'s).  The tree:

- a **session** (:mod:`cardgames.session`, the play tables) of seed ``S``
  plays match ``k`` with :func:`match_seed(S, k) <match_seed>` (``S`` itself
  for the first match);
- a **tournament** of master seed ``S`` plays game ``i`` with
  :func:`game_seed(S, i) <game_seed>`
  (:mod:`cardgames.analysis.tournament`);
- a **Liar match** (R-L10) of seed ``M`` deals round ``i`` with
  :func:`round_seed(M, i) <round_seed>` (:class:`cardgames.liar.LiarMatch`);
  a Thirty-One game is already a whole match of deals (T13), dealt by the
  state's own ``random.Random(seed)``;
- in a game (a Liar round, a Thirty-One match) of seed ``G`` the agent in
  seat ``p`` draws from :func:`agent_rng(G, p) <agent_rng>`
  (:func:`cardgames.play.agent_turn`'s callers), and the deal from
  ``random.Random(G)`` owned by the state.

These are the functions that ``cardgames.play.agent_rng``,
``cardgames.liar.round_seed`` and ``cardgames.analysis.tournament.game_seed``
always were (they are imported from here now): the histories of
``tests/test_history_hashes.py`` are unchanged.  Only :func:`match_seed` is
new: before it the Liar table chained ``round_seed(previous, -1 - k) % 2**31``
and the Thirty-One table took ``seed + k`` (so that seed 5's second match was
seed 6's first); both tables now take :func:`match_seed`, the Liar table's
hash made from the session seed, unchained.

>>> round_seed(1, 0) == round_seed(1, 0) != round_seed(1, 1)
True
>>> match_seed(5, 0), match_seed(5, 1) == round_seed(5, -2) % 2**31
(5, True)
>>> agent_rng(1, 0).random() == agent_rng(1, 0).random() != agent_rng(1, 1).random()
True
"""

from __future__ import annotations

import hashlib
import random

from cardgames.errors import ConfigError
from cardgames.i18n import gettext as _

__all__ = ["agent_rng", "agent_rngs", "game_seed", "match_seed", "round_seed",
           "rng_state", "rng_from_state", "VARIANTS", "variant_code"]


def agent_rng(seed: int, seat: int) -> random.Random:
    """The random generator of the agent in ``seat`` for the game ``seed``.

    String seeding is hashed with SHA-512, so it is the same in every process.

    >>> agent_rng(1, 0).random() == agent_rng(1, 0).random() != agent_rng(1, 1).random()
    True
    """
    return random.Random(f"cardgames-agent:{seed}:{seat}")


def agent_rngs(seed: int, players: int) -> list[random.Random]:
    """One generator per seat for the game ``seed``: ``[agent_rng(seed, s) for s in seats]``.

    >>> [r.random() for r in agent_rngs(1, 2)] == [agent_rng(1, s).random() for s in (0, 1)]
    True
    """
    return [agent_rng(seed, seat) for seat in range(players)]


def round_seed(match_seed: int, index: int) -> int:
    """The deal seed of round ``index`` of the Liar match with ``match_seed`` (R-L10).

    The first 63 bits of SHA-256 of both.

    >>> round_seed(1, 0) == round_seed(1, 0) != round_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"cardgames-liar-match:{match_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a tournament with master ``seed``.

    A hash (BLAKE2b) of both, so neighbouring master seeds give unrelated
    games, and the same in every process and Python version.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> 0 <= game_seed(1, 0) < 2**63
    True
    """
    digest = hashlib.blake2b(f"cardgames-tournament:{seed}:{index}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def match_seed(seed: int, index: int) -> int:
    """The seed of match ``index`` (0 = the first) of a session or play table of ``seed``.

    The first match plays ``seed`` itself (so a table of seed 7 deals what
    ``LiarMatch(game, seed=7, ...)`` or ``ThirtyOneGame(...).new_state(seed=7)``
    deal); match ``k >= 1`` plays ``round_seed(seed, -1 - k) % 2**31`` (a
    hash, below 2**31 so that it fits any seed box).

    >>> match_seed(3, 0), match_seed(3, 1) != match_seed(4, 0), match_seed(3, 2) < 2**31
    (3, True, True)
    """
    return seed if index == 0 else round_seed(seed, -1 - index) % (2**31)


def rng_state(rng: random.Random) -> list[object]:
    """A generator's state as JSON-ready data (for a save); :func:`rng_from_state` reads it.

    >>> r = random.Random(1); saved = rng_state(r); x = r.random()
    >>> rng_from_state(saved).random() == x
    True
    """
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(data: object) -> random.Random:
    """A generator in the state :func:`rng_state` wrote, else a :class:`ConfigError`.

    >>> rng_from_state([3, [1, 2], None])
    Traceback (most recent call last):
    ...
    cardgames.errors.ConfigError: not a saved random generator state: [3, [1, 2], None]
    """
    bad = ConfigError(_("not a saved random generator state: {data}")
                        .format(data=str(data)[:60]))
    if not isinstance(data, list) or len(data) != 3 or not isinstance(data[1], list):
        raise bad
    version, internal, gauss = data
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError):
        raise bad from None
    return rng


#: The variant codes a served lesson page draws for its exercises: 1 to ``VARIANTS`` (the
#: answer key tabulates each, issue 31).
VARIANTS = 30


def variant_code(seed: int) -> int:
    """The short variant code (1 to :data:`VARIANTS`) of a page seed: the seed itself if it
    is one already (``CARDGAMES_SEED_EXERCISES=20``), else drawn from it.

    >>> variant_code(20), 1 <= variant_code(2**62 + 5) <= VARIANTS
    (20, True)
    """
    return seed if 1 <= seed <= VARIANTS else seed % VARIANTS + 1

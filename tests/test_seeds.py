"""The one seed scheme (cardgames.seeds): the same functions everywhere, values by hand."""

from __future__ import annotations

import hashlib
import random

import cardgames.analysis.tournament as tournament
import cardgames.liar as liar
import cardgames.liar.match as liar_match
import cardgames.play as play
from cardgames import seeds


def test_every_module_uses_the_one_scheme():
    assert play.agent_rng is seeds.agent_rng and play.agent_rngs is seeds.agent_rngs
    assert liar.round_seed is seeds.round_seed is liar_match.round_seed
    assert tournament.game_seed is seeds.game_seed


def test_the_hashes_by_hand():
    sha = hashlib.sha256(b"cardgames-liar-match:7:3").digest()
    assert seeds.round_seed(7, 3) == int.from_bytes(sha[:8], "big") >> 1
    blake = hashlib.blake2b(b"cardgames-tournament:7:3", digest_size=8).digest()
    assert seeds.game_seed(7, 3) == int.from_bytes(blake, "big") >> 1
    assert seeds.agent_rng(7, 3).random() == random.Random("cardgames-agent:7:3").random()


def test_match_seeds_start_with_the_seed_and_are_unchained():
    assert seeds.match_seed(11, 0) == 11
    sha = hashlib.sha256(b"cardgames-liar-match:11:-3").digest()
    assert seeds.match_seed(11, 2) == (int.from_bytes(sha[:8], "big") >> 1) % 2**31
    # neighbouring seeds do not share matches (as seed + k did)
    assert seeds.match_seed(11, 1) not in {seeds.match_seed(12, k) for k in range(5)}


def test_a_generator_state_survives_json():
    import json

    rng = random.Random(5)
    rng.random()
    copy = seeds.rng_from_state(json.loads(json.dumps(seeds.rng_state(rng))))
    assert [copy.random() for _ in range(3)] == [rng.random() for _ in range(3)]

"""Both games as PettingZoo AEC environments, with action masks (needs the ``[rl]`` extra).

>>> from cardgames.adapters.pettingzoo import liar_v0, thirty_one_v0
>>> env = thirty_one_v0.env(players=2)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(obs["action_mask"].sum())          # the dealer keeps or exchanges (T4, R-T1)
2

Modules ``liar_v0`` and ``thirty_one_v0`` each offer ``env(**options)`` (wrapped
in PettingZoo's order and bounds checks) and ``raw_env(**options)``.  Agents
are ``player_0`` ... ``player_{n-1}`` (seat numbers).  Observations are
``{"observation": vector, "action_mask": int8 vector}``; the vector is
:mod:`cardgames.adapters.encode`, built from the agent's view only (R-L11,
R-T9); the mask marks the legal action ids of :mod:`cardgames.adapters.actions`
(all zero for an agent not to move).  Rewards come at the end, as the
OpenSpiel adapter's returns.  ``reset(seed=s)`` deals with ``s``; later resets
without a seed deal from a generator seeded by the last seed.
"""

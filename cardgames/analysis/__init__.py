"""Exact answers, seeded simulations and tournaments (pandas at the edge).

The submodules are imported on demand and are not imported by ``import
cardgames``:

- :mod:`cardgames.analysis.hands` -- every 3-card Thirty-One hand, score
  distributions and probabilities, also given cards already seen;
- :mod:`cardgames.analysis.odds` -- Liar: can a claim "N x rank" be true?
- :mod:`cardgames.analysis.simulate` -- Monte Carlo estimates with Wilson
  intervals and their seeds;
- :mod:`cardgames.analysis.tournament` -- many seeded games among agents, in
  process, on a process pool or on a Dask cluster, as a DataFrame; its tables in
  :mod:`cardgames.analysis.summary`;
- :mod:`cardgames.analysis.experiments` -- the class experiments: each student's seeded
  share, pooled with a Wilson interval beside the exact value, re-checked from its seed;
- the lessons' models, exact with fractions: :mod:`cardgames.analysis.bluff` (Liar:
  a bluffer or an honest player, lesson 4), :mod:`cardgames.analysis.reveal`
  (Thirty-One: the chance a hand loses a life on a reveal, lesson 5),
  :mod:`cardgames.analysis.lives` (Thirty-One lives as a Markov chain, lesson 6).
"""

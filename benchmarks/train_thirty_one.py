"""Train OpenSpiel's tabular Q-learner on Thirty-One against a random player; plot its learning curve.

    pip install -e '.[rl,analysis]'       # open-spiel, matplotlib
    .venv/bin/python benchmarks/train_thirty_one.py [--minutes 3] [--out docs/train_thirty_one.png]

Nothing here is a new algorithm: the game is ``python_cardgames_thirty_one``
(:mod:`cardgames.adapters.openspiel`) in OpenSpiel's ``rl_environment``, the
learner OpenSpiel's ``tabular_qlearner.QLearner`` (epsilon-greedy, step size
0.1), the opponent OpenSpiel's ``random_agent.RandomAgent``; the loop is the one
of OpenSpiel's ``examples/tic_tac_toe_qlearner.py``.  A small configuration:
two players, one deal (``lives=0``, R-T8), at most ``--turn-cap`` play turns
(R-T10).  Every ``--eval-every`` games of self-play, the greedy learner plays
``--eval-games`` games against the random player, half of them in each seat;
the curve is its mean return (+1 a win, -1 a loss, 0 a shared win).

A table keyed on the raw observation tensor learns nothing in minutes: every
deal is new (a three-minute run kept ~7 new states a game and stayed at 0).
So the learner sees a coarse key and a compact action space, both computed
from its observation tensor only (the player's view, R-T9) -- input
features for OpenSpiel's learner, not a new algorithm: the key is (phase,
own score, best score one swap reaches, score after swapping all, passed
flags, turns), scores as T11 counts them (:func:`cardgames.thirtyone.score`);
the actions are keep, exchange, swap all, pass, reveal, stand as in the full
space, and 6 "the swap that scores best" (ties: the lowest id), which the
loop turns back into that swap's id.  The opponent plays the full space at
random.  ``--raw`` trains on the raw tensor and full space instead.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


BEST_SWAP = 6          # the compact action "the swap that scores best"


class Compact:
    """The learner's key and compact actions, from its observation tensor (see the module doc)."""

    def __init__(self, players: int) -> None:
        from cardgames.adapters.encode import ThirtyOneEncoding
        from cardgames.thirtyone.score import score_table

        self.encoding, self.scores = ThirtyOneEncoding(players), score_table()

    def _score(self, cards: list[int]) -> float:
        a, b, c = sorted(cards)
        return self.scores[a][b][c]

    def view(self, tensor, legal: list[int]) -> tuple[str, list[int], dict[int, int]]:
        """(key, compact legal ids, compact id -> full id) for one observation."""
        import numpy as np

        d = self.encoding.split(np.asarray(tensor, np.float32))
        hand = [int(c) for c in np.flatnonzero(d["hand"])]
        table = [int(c) for c in np.flatnonzero(d["table"])]
        back = {a: a for a in legal if a < 6}
        best = None
        for a in legal:
            if a >= 6:                   # 6 + 35 * hand card + table card
                h, t = divmod(a - 6, 35)
                value = self._score([c for c in hand if c != h] + [t])
                if best is None or value > best[0]:
                    best = (value, a)
        if best is not None:
            back[BEST_SWAP] = best[1]
        mine = int(np.flatnonzero(d["me"])[0])
        key = (int(np.flatnonzero(d["phase"])[0]),
               self._score(hand) if len(hand) == 3 else -1,
               -1 if best is None else best[0],
               self._score(table) if len(table) == 3 else -1,
               bool(d["passed"][mine]), bool(d["passed"].sum() - d["passed"][mine]),
               int(d["turns"][0]))
        return str(key), sorted(back), back


def play(env, agents, *, learn: bool, compact: Compact | None) -> list[float]:
    """One game; ``learn`` lets the Q-learners update (else greedy, no exploration)."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    def seen_by(player: int, time_step):   # the time step as a compact learner sees it
        if compact is None or not isinstance(agents[player], tabular_qlearner.QLearner):
            return time_step, None
        obs = dict(time_step.observations)
        obs["info_state"] = list(obs["info_state"])
        obs["legal_actions"] = list(obs["legal_actions"])
        key, legal, back = compact.view(obs["info_state"][player], obs["legal_actions"][player])
        obs["info_state"][player], obs["legal_actions"][player] = key, legal
        return rl_environment.TimeStep(observations=obs, rewards=time_step.rewards,
                                       discounts=time_step.discounts,
                                       step_type=time_step.step_type), back

    time_step = env.reset()
    acted = set()
    while not time_step.last():
        player = time_step.observations["current_player"]
        if player < 0:                   # over as dealt (three Aces, R-T7): nobody acts
            return list(env.get_state.returns())
        step, back = seen_by(player, time_step)
        out = agents[player].step(step, is_evaluation=not learn)
        acted.add(player)
        time_step = env.step([out.action if back is None else back[out.action]])
    if learn:
        for player in acted:             # the final step: each agent that acted sees the returns
            agents[player].step(seen_by(player, time_step)[0])
    return list(time_step.rewards)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--turn-cap", type=int, default=4)
    ap.add_argument("--eval-every", type=int, default=5000)
    ap.add_argument("--eval-games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--raw", action="store_true",
                    help="key on the raw observation tensor, full action space")
    ap.add_argument("--out", default="docs/train_thirty_one.png")
    args = ap.parse_args()

    import numpy as np
    import pyspiel
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent, tabular_qlearner

    import cardgames.adapters.openspiel  # noqa: F401  (registers the games)

    np.random.seed(args.seed)
    game = pyspiel.load_game("python_cardgames_thirty_one",
                             {"players": 2, "lives": 0, "turn_cap": args.turn_cap})
    env = rl_environment.Environment(game, seed=args.seed)
    actions = env.action_spec()["num_actions"]
    compact = None if args.raw else Compact(2)
    learners = [tabular_qlearner.QLearner(player_id=p, num_actions=actions if args.raw
                                          else BEST_SWAP + 1) for p in range(2)]
    randoms = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(2)]

    def evaluate() -> float:
        total = 0.0
        for i in range(args.eval_games):
            seat = i % 2                  # the learner of that seat against a random player
            agents = [learners[0], randoms[1]] if seat == 0 else [randoms[0], learners[1]]
            total += play(env, agents, learn=False, compact=compact)[seat]
        return total / args.eval_games

    curve = [(0, evaluate())]
    print(f"games 0: mean return {curve[0][1]:+.3f} (greedy learner vs random)", flush=True)
    start, games = time.process_time(), 0
    while time.process_time() - start < args.minutes * 60:
        for _ in range(args.eval_every):  # the two learners train against each other
            play(env, learners, learn=True, compact=compact)
        games += args.eval_every
        curve.append((games, evaluate()))
        states = sum(len(q._q_values) for q in learners)
        print(f"games {games}: mean return {curve[-1][1]:+.3f}; {states:,} states in the "
              f"tables; {time.process_time() - start:.0f} s", flush=True)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.4))
    ax.plot([g for g, _ in curve], [r for _, r in curve], marker="o")
    ax.axhline(0.0, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training games (self-play)")
    ax.set_ylabel(f"mean return vs random\n({args.eval_games} games)")
    ax.set_title(f"OpenSpiel tabular Q-learning, Thirty-One (2 players, 1 deal, turn cap "
                 f"{args.turn_cap}; {'raw tensor' if args.raw else 'coarse key'})", fontsize=9)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

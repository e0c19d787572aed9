"""Tournaments: many seeded games among agents, as a pandas DataFrame.

>>> df = tournament("thirty-one", ["random", "random", "random"], games=6, seed=1,
...                 progress=False)                                   # doctest: +SKIP
>>> summarize(df)                                                      # doctest: +SKIP

Reproducibility: game ``i`` of a tournament with master seed ``S`` is played
with the seed :func:`game_seed(S, i) <game_seed>` and, when ``rotate_seats``
is on, with the line-up rotated by ``i`` places, so the same master seed
gives the same DataFrame whatever the executor, the number of workers or the
order in which chunks finish.

Work is cut into chunks of ``chunk_size`` games (200 by default), each one
task for the executor, to amortise the cost of sending work to a process.
The executor can be any :class:`concurrent.futures.Executor`: by default a
small run is played in this process and a large one on a local
:class:`~concurrent.futures.ProcessPoolExecutor`; a Dask cluster works
unchanged through ``Client(...).get_executor()``.

Liar rounds are not bounded by the rules (it is possible, if unlikely, to
cycle for ever), so a Liar tournament always runs with a safety cap:
``max_plays=``:data:`LIAR_MAX_PLAYS` (1000 plays) unless ``max_plays`` is
given (``tournament("liar", ..., max_plays=300)``, or ``--option
max_plays=300`` on the command line; ``max_plays=None`` removes it).  A Liar
game object without a cap gets the default cap too.  A capped round has no
winner: its row says ``end == "cap"``, ``winner`` is empty and
``winner_seat`` is -1 (places are by cards held, R-L10), and
:func:`summarize` counts it in ``capped`` and never as a win.

Agents are given by name (``"random"``, ``"heuristic"``, or any bot name of the
game in :mod:`cardgames.registry`) or as picklable instances.

This module imports pandas only inside the functions that build DataFrames,
so worker processes stay light.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

# long_form and summarize (tables of the results) live in .summary; importable from here too
from cardgames import limits, registry
from cardgames.analysis.summary import summarize
from cardgames.core import Agent, Game, Outcome
from cardgames.errors import ConfigError
from cardgames.play import agent_name, play_game, play_match
from cardgames.seeds import game_seed

if TYPE_CHECKING:
    import pandas as pd

    from cardgames.liar.match import LiarMatch

__all__ = [
    "game_seed",
    "make_game",
    "make_agent",
    "agent_names",
    "play_chunk",
    "tournament",
    "summarize",
    "CHUNK_SIZE",
    "PARALLEL_THRESHOLD",
    "LIAR_MAX_PLAYS",
]

#: Games per task sent to an executor.
CHUNK_SIZE = 200
#: With no executor given, runs of at least this many games use a process pool.
PARALLEL_THRESHOLD = 2_000

#: The default safety cap of Liar tournaments (``LiarGame(max_plays=...)``): a round
#: stopped after this many plays has no winner (``end == "cap"``); the online tables'
#: too (:data:`cardgames.limits.LIAR_MAX_PLAYS`).
LIAR_MAX_PLAYS = limits.LIAR_MAX_PLAYS

def make_game(game: str | Game, players: int, **options: Any) -> Game:
    """A game object: ``game`` by name (``"thirty-one"``, ``"liar"``: :mod:`cardgames.registry`)
    or an existing game.

    An existing game object (a :class:`cardgames.core.Game`) is returned as it is
    (its ``players`` must match).
    """
    if not isinstance(game, str):
        if not isinstance(game, Game):
            raise ConfigError(f"not a game: {game!r}; give 'thirty-one', 'liar' or a game "
                              "object such as LiarGame(players=4)")
        if game.players != players:
            raise ConfigError(f"the game is for {game.players} players but {players} agents "
                              "were given")
        return game
    made: Game = registry.get(game).make_game(players=players, **options)
    return made


def _info(game: str | Game) -> registry.GameInfo | None:
    """The registry's descriptor of ``game`` (a name or a game object), None if unknown."""
    if isinstance(game, str):
        return registry.get(game)
    try:
        return registry.for_game(game)
    except ConfigError:
        return None


def _bot_registry(game: str | Game) -> dict[str, Callable[[], Agent]]:
    """Bot names -> factories: the game's bots in :mod:`cardgames.registry`, and
    ``random`` (:class:`cardgames.agents.RandomAgent`) for any game."""
    from cardgames.agents import RandomAgent

    info = _info(game)
    bots: dict[str, Callable[[], Agent]] = {} if info is None else dict(info.bots)
    bots.setdefault("random", RandomAgent)
    return bots


def agent_names(game: str | Game) -> list[str]:
    """The agent names :func:`make_agent` accepts for ``game``."""
    return sorted(_bot_registry(game))


def make_agent(game: str | Game, spec: str | Agent) -> Agent:
    """An agent from a name (``"random"``, ``"heuristic"``...) or an instance (returned as is)."""
    if not isinstance(spec, str):
        if not isinstance(spec, Agent):
            raise ConfigError(f"not an agent: {spec!r} needs a name and "
                              "act(view, legal_actions, rng) (cardgames.core.Agent)")
        return spec
    bots = _bot_registry(game)
    key = spec.strip().lower()
    if key not in bots:
        raise ConfigError(f"unknown agent {spec!r} for {_describe_game(game)}: use one of "
                          f"{', '.join(sorted(bots))}")
    return bots[key]()


def _describe_game(game: str | Game) -> str:
    return game if isinstance(game, str) else type(game).__name__


def _spec_name(spec: str | Agent) -> str:
    if isinstance(spec, str):
        return spec.strip().lower()
    return agent_name(spec)


def _labels(specs: Sequence[str | Agent]) -> list[str]:
    """One label per entrant: the agent's name, numbered when names repeat."""
    names = [_spec_name(s) for s in specs]
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            labels.append(f"{name}#{seen[name]}")
        else:
            labels.append(name)
    return labels


# --------------------------------------------------------------------------- outcomes


@runtime_checkable
class _Points(Protocol):
    """Liar's extra (R-L10): the round's points per seat."""

    @property
    def points(self) -> Sequence[int]: ...


@runtime_checkable
class _Lives(Protocol):
    """Thirty-One's extra (T13): the lives left per seat, and the deals played."""

    @property
    def lives(self) -> Sequence[int]: ...

    @property
    def deals(self) -> int: ...


def outcome_fields(outcome: Outcome | None, players: int
                   ) -> tuple[tuple[int, ...], tuple[int, ...] | None, str | None]:
    """``(places, scores, score_name)`` of an outcome (:class:`cardgames.core.Outcome`).

    ``places`` are the outcome's (1 = best); a game stopped by ``max_decisions``
    has no outcome and no winner (every seat gets place 2).  ``scores`` are the
    game's own per-seat extra: the round's points (Liar, R-L10) or the lives
    left (Thirty-One, T13).
    """
    if outcome is None:
        return (2,) * players, None, None
    places = tuple(outcome.places)
    if isinstance(outcome, _Points):
        return places, tuple(outcome.points), "points"
    if isinstance(outcome, _Lives):
        return places, tuple(outcome.lives), "lives"
    return places, None, None


# --------------------------------------------------------------------------- work


#: One game's row: index, seed, line-up order, places, scores, score name, decisions,
#: deals (or match rounds), end, capped.
_Row = tuple[int, int, tuple[int, ...], tuple[int, ...], "tuple[int, ...] | None", "str | None",
             int, "int | None", str, int]


@dataclass(frozen=True)
class _Task:
    game: str | Game          # name or picklable game object
    options: tuple[tuple[str, Any], ...]   # (key, value) pairs for make_game when a name
    specs: tuple[str | Agent, ...]         # agent specs, in line-up order
    seed: int
    start: int
    stop: int
    rotate: bool
    max_decisions: int | None
    match: tuple[tuple[str, int], ...] = ()   # a Liar match's rounds and/or target


def play_chunk(task: _Task) -> list[_Row]:
    """Play games ``task.start`` to ``task.stop - 1`` of a tournament; one row tuple each.

    A module-level function of plain data, so any executor can pickle it.
    """
    n = len(task.specs)
    game = make_game(task.game, n, **dict(task.options))
    # Fresh agents per chunk: chunk boundaries do not depend on the executor, so
    # even an agent that learns across games gives the same results everywhere.
    agents = [copy.deepcopy(make_agent(game if not isinstance(task.game, str) else task.game, s))
              for s in task.specs]
    rows: list[_Row] = []
    for index in range(task.start, task.stop):
        shift = index % n if task.rotate else 0
        order = [(seat + shift) % n for seat in range(n)]   # line-up entry in each seat
        seed = game_seed(task.seed, index)
        lineup = [agents[k] for k in order]
        if task.match:
            rec = play_match(_liar_match(game, seed, task.match), lineup,
                             max_decisions=task.max_decisions)
            capped = sum(1 for o in rec.outcomes if o.reason == "cap")
            rows.append((index, seed, tuple(order), rec.places, rec.scores, "points",
                         rec.decisions, rec.rounds, "match", capped))
            continue
        record = play_game(game, lineup, seed=seed, max_decisions=task.max_decisions)
        outcome = record.outcome
        places, scores, score_name = outcome_fields(outcome, n)
        end = "stopped" if outcome is None else outcome.reason    # stopped: max_decisions
        deals = outcome.deals if isinstance(outcome, _Lives) else None
        rows.append((index, seed, tuple(order), places, scores, score_name, record.decisions,
                     deals, end, int(end == "cap")))
    return rows


def _liar_match(game: Game, seed: int, match: tuple[tuple[str, int], ...]) -> LiarMatch:
    """A Liar match (R-L10) of ``game`` with ``rounds``/``target`` from ``match``."""
    from cardgames.liar.game import LiarGame
    from cardgames.liar.match import LiarMatch

    if not isinstance(game, LiarGame):
        raise ConfigError("rounds= and target= make Liar matches (R-L10); a Thirty-One "
                          "game is already a match to the last player with lives (T13)")
    options = dict(match)
    return LiarMatch(game, seed=seed, rounds=options.get("rounds"), target=options.get("target"))


def _chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def _progress_bar(total: int, enabled: bool, desc: str) -> Any:
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # pragma: no cover - tqdm is in the analysis extra
        return None
    return tqdm(total=total, desc=desc, unit="game", smoothing=0.1)


def tournament(game: str | Game, agents: Sequence[str | Agent], *, games: int = 1000, seed: int = 0,
               rotate_seats: bool = True, executor: Executor | None = None,
               workers: int | None = None, progress: bool = True,
               chunk_size: int = CHUNK_SIZE, max_decisions: int | None = None,
               rounds: int | None = None, target: int | None = None,
               **game_options: Any) -> pd.DataFrame:
    """Play ``games`` seeded games among ``agents`` and return one DataFrame row per game.

    ``game``: ``"thirty-one"``, ``"liar"`` or a game object (e.g.
    ``LiarGame(players=4, chroniclers="both")``); with a name, ``game_options``
    go to the game's constructor and the number of players is ``len(agents)``.
    ``agents``: names (``"random"``, ``"heuristic"``) or picklable instances,
    one per seat. With ``rotate_seats`` the line-up turns one seat per game,
    so every entrant sits in every seat equally often.

    ``executor``: any :class:`concurrent.futures.Executor` (a Dask
    ``Client.get_executor()`` included); it is used, never shut down. With none:
    ``workers=K`` (K > 1) plays on a local process pool of K processes and
    ``workers=1`` in this process; with ``workers=None`` runs under
    :data:`PARALLEL_THRESHOLD` games are played in this process and larger ones
    on a pool of ``os.cpu_count()`` processes.

    Columns: ``game`` (index), ``seed``, ``decisions``, ``deals`` (Thirty-One:
    deals in the game), ``end`` (how the game ended: Liar ``"went_out"`` or
    ``"cap"``, ``"match"`` for a Liar match, else the outcome's reason or
    ``"over"``), ``capped`` (1 if the Liar safety cap stopped the round; in a
    match, how many rounds it stopped), ``winner`` (label of the
    winner, several joined by ``+`` when the win is shared, empty when the cap
    stopped the round), ``winner_seat`` (-1 if shared or none), then per seat ``s``: ``agent_s``, ``place_s`` and
    ``points_s`` (Liar) or ``lives_s`` (Thirty-One). The frame's ``attrs`` record
    the game, the line-up and the master seed.

    Liar: a game is one round; with ``rounds=R`` and/or ``target=T`` it is a
    match (``cardgames.liar.match.LiarMatch``, R-L10) whose places and points
    are the match standings, and the ``deals`` column counts its rounds.
    ``max_plays`` (a Liar game option) defaults to :data:`LIAR_MAX_PLAYS`,
    the safety cap described in the module docstring.
    (A Thirty-One game is always a whole match to the last player with lives.)
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError(f"games must be a positive whole number, not {games!r}")
    if not isinstance(chunk_size, int) or chunk_size < 1:
        raise ConfigError(f"chunk_size must be a positive whole number, not {chunk_size!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise ConfigError(f"workers must be a positive whole number, not {workers!r}")
    specs = tuple(agents)
    n = len(specs)
    game, game_options = _with_liar_cap(game, game_options)
    # Validate everything here, in this process, with clear errors.
    game_obj = make_game(game, n, **game_options)
    for s in specs:
        make_agent(game if isinstance(game, str) else game_obj, s)
    if not isinstance(game, str):
        game_options = {}
    match = tuple((k, v) for k, v in (("rounds", rounds), ("target", target)) if v is not None)
    if match:
        _liar_match(game_obj, 0, match)          # validate here
    labels = _labels(specs)
    tasks = [_Task(game, tuple(sorted(game_options.items())), specs, seed, a, b,
                   rotate_seats, max_decisions, match) for a, b in _chunks(games, chunk_size)]

    own_pool = None
    nworkers = workers or os.cpu_count() or 1
    large = games >= PARALLEL_THRESHOLD or workers is not None
    pool_wanted = executor is None and nworkers > 1 and large and len(tasks) > 1
    if executor is not None or pool_wanted:
        _check_picklable(game, specs)
    if pool_wanted:
        from concurrent.futures import ProcessPoolExecutor

        own_pool = executor = ProcessPoolExecutor(max_workers=min(nworkers, len(tasks)))

    bar = _progress_bar(games, progress, _describe_game(game))
    results: list[list[_Row] | None] = [None] * len(tasks)
    try:
        if executor is None:
            for i, task in enumerate(tasks):
                results[i] = play_chunk(task)
                if bar is not None:
                    bar.update(task.stop - task.start)
        else:
            from concurrent.futures import as_completed

            futures: dict[Future[list[_Row]], int] = {executor.submit(play_chunk, t): i
                                          for i, t in enumerate(tasks)}
            for fut in as_completed(futures):
                i = futures[fut]
                results[i] = fut.result()
                if bar is not None:
                    bar.update(tasks[i].stop - tasks[i].start)
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)

    rows = [row for chunk in results for row in chunk]  # type: ignore[union-attr]
    return _frame(rows, labels, n, game, seed, rotate_seats)


def _with_liar_cap(game: str | Game, options: dict[str, Any]
                   ) -> tuple[str | Game, dict[str, Any]]:
    """Liar gets the safety cap :data:`LIAR_MAX_PLAYS` unless ``max_plays`` was given."""
    info = _info(game)
    if info is None or info.name != "liar":
        return game, options
    if isinstance(game, str):
        if "max_plays" not in options:
            options = {**options, "max_plays": LIAR_MAX_PLAYS}
        return game, options
    import dataclasses

    from cardgames.liar.game import LiarGame

    if isinstance(game, LiarGame) and game.max_plays is None:
        game = dataclasses.replace(game, max_plays=LIAR_MAX_PLAYS)
    return game, options


def _check_picklable(game: str | Game, specs: Sequence[str | Agent]) -> None:
    """Work sent to other processes must pickle: say which part does not, and what to do."""
    import pickle

    for what, obj in [("the game", game)] + [(f"agent {_spec_name(s)!r}", s) for s in specs]:
        try:
            pickle.dumps(obj)
        except Exception as e:
            raise ConfigError(f"{what} cannot be sent to worker processes ({type(e).__name__}: "
                              f"{e}); give agents by name (e.g. 'heuristic') or as instances "
                              "of classes defined in a module, or run with workers=1") from None


def _frame(rows: list[_Row], labels: list[str], n: int, game: str | Game, seed: int,
           rotate: bool) -> pd.DataFrame:
    import numpy as np
    import pandas as pd

    score_name = next((r[5] for r in rows if r[5] is not None), None)
    index = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    data: dict[str, Any] = {
        "game": index,
        "seed": np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows)),
        "decisions": np.fromiter((r[6] for r in rows), dtype=np.int64, count=len(rows)),
    }
    if any(r[7] is not None for r in rows):      # Thirty-One deals, Liar match rounds
        data["deals"] = np.asarray([-1 if r[7] is None else r[7] for r in rows], dtype=np.int64)
    data["end"] = pd.Categorical([r[8] for r in rows])
    data["capped"] = np.fromiter((r[9] for r in rows), dtype=np.int64, count=len(rows))
    winners, winner_seats = [], []
    for r in rows:
        order, places = r[2], r[3]
        won = [] if r[8] == "cap" else [s for s in range(n) if places[s] == 1]
        winners.append("+".join(labels[order[s]] for s in won))
        winner_seats.append(won[0] if len(won) == 1 else -1)   # -1: shared, or none (cap)
    data["winner"] = pd.Categorical(winners)
    data["winner_seat"] = np.asarray(winner_seats, dtype=np.int64)
    cat = pd.CategoricalDtype(labels)
    for s in range(n):
        data[f"agent_{s}"] = pd.Categorical([labels[r[2][s]] for r in rows], dtype=cat)
    for s in range(n):
        data[f"place_{s}"] = np.fromiter((r[3][s] for r in rows), dtype=np.int64,
                                         count=len(rows))
    if score_name is not None:
        for s in range(n):
            data[f"{score_name}_{s}"] = np.asarray(
                [np.nan if r[4] is None or r[4][s] is None else r[4][s] for r in rows])
            if not np.isnan(data[f"{score_name}_{s}"]).any():
                data[f"{score_name}_{s}"] = data[f"{score_name}_{s}"].astype(np.int64)
    df = pd.DataFrame(data)
    df.attrs.update(game=_describe_game(game), agents=list(labels), seed=seed,
                    rotate_seats=rotate, players=n)
    return df

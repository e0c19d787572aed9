"""Tables of a tournament's results: :func:`long_form` (one row per game and
seat) and :func:`summarize` (win rates with Wilson intervals per agent or seat).

They read the DataFrame of :func:`cardgames.analysis.tournament.tournament`;
pandas is imported only when a table is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["long_form", "summarize"]


def _seat_count(df: pd.DataFrame) -> int:
    return sum(1 for c in df.columns if c.startswith("agent_"))


def long_form(df: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: ``game, seat, agent, place, won`` (+ points/lives)."""
    import numpy as np
    import pandas as pd

    n = _seat_count(df)
    score_cols = [c for c in df.columns if c.startswith(("points_", "lives_"))]
    score_name = score_cols[0].rsplit("_", 1)[0] if score_cols else None
    parts = []
    for s in range(n):
        part = pd.DataFrame({
            "game": df["game"].to_numpy(),
            "seat": np.full(len(df), s, dtype=np.int64),
            "agent": df[f"agent_{s}"].astype(str).to_numpy(),
            "place": df[f"place_{s}"].to_numpy(),
        })
        part["won"] = part["place"] == 1
        if "end" in df.columns:           # a round stopped by the cap has no winner
            part["won"] &= (df["end"].astype(str) != "cap").to_numpy()
            part["capped"] = df["capped"].to_numpy()
        if score_name is not None:
            part[score_name] = df[f"{score_name}_{s}"].to_numpy()
        parts.append(part)
    return pd.concat(parts, ignore_index=True).sort_values(["game", "seat"],
                                                           ignore_index=True)


def summarize(df: pd.DataFrame, *, by: str = "agent", confidence: float = 0.95
              ) -> pd.DataFrame:
    """Win rates with Wilson intervals per entrant (``by="agent"``) or per seat (``by="seat"``).

    Columns: ``games``, ``wins`` (a shared win counts for each winner),
    ``win_rate``, ``win_low``, ``win_high`` (the ``confidence`` Wilson
    interval), ``mean_place``, ``capped`` (games -- or, in matches, rounds --
    stopped by the Liar safety cap, which count as no win), and
    ``mean_points`` or ``mean_lives`` when the games record them; sorted by
    win rate, best first.
    """
    import pandas as pd

    from cardgames.analysis.simulate import wilson_interval

    if by not in ("agent", "seat"):
        raise ValueError(f"by must be 'agent' or 'seat', not {by!r}")
    long = long_form(df)
    grouped = long.groupby(by, sort=True)
    out = pd.DataFrame({
        "games": grouped.size(),
        "wins": grouped["won"].sum().astype("int64"),
    })
    out["win_rate"] = out["wins"] / out["games"]
    ci = [wilson_interval(int(w), int(g), confidence) for w, g in zip(out["wins"], out["games"])]
    out["win_low"] = [lo for lo, _ in ci]
    out["win_high"] = [hi for _, hi in ci]
    out["mean_place"] = grouped["place"].mean()
    if "capped" in long.columns:
        out["capped"] = grouped["capped"].sum().astype("int64")
    for name in ("points", "lives"):
        if name in long.columns:
            out[f"mean_{name}"] = grouped[name].mean()
    out = out.sort_values(["win_rate", "wins"], ascending=False)
    out.index.name = by
    out.attrs.update(df.attrs)
    out.attrs["confidence"] = confidence
    return out

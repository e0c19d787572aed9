"""Plot style for the lessons: big fonts and thick lines, readable on a projector.

Independent of ``cardgames``.  Figures are PNG (nbval does not compare PNG
bytes, which differ between matplotlib versions); every number a figure shows
is also printed in a cell of its own, and those are compared.
"""

from __future__ import annotations

__all__ = ["projector", "half_up", "rounded"]


def projector() -> None:
    """Set matplotlib's defaults for the classroom projector."""
    import matplotlib

    matplotlib.rcParams.update({
        "figure.figsize": (10, 5.5),
        "figure.dpi": 72,
        "savefig.dpi": 72,
        "font.size": 18,
        "axes.titlesize": 22,
        "axes.labelsize": 20,
        "xtick.labelsize": 17,
        "ytick.labelsize": 17,
        "legend.fontsize": 17,
        "lines.linewidth": 3,
        "lines.markersize": 9,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "svg.hashsalt": "cardgames-lessons",
    })


def half_up(x: float, places: int = 3) -> float:
    """``x`` rounded to ``places`` decimals with halves up, as schools round: the decimal
    that ``x`` prints as is rounded, not its binary value (numpy's ``round`` rounds 0.2625 to
    0.262 and 0.4425 to 0.442; this gives 0.263 and 0.443).

    >>> half_up(0.2625), half_up(0.4425), half_up(0.0625), half_up(-0.0125, 2)
    (0.263, 0.443, 0.063, -0.01)
    """
    from decimal import ROUND_HALF_UP, Decimal

    if x != x or x in (float("inf"), float("-inf")):
        return x
    return float(Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-places),
                                                   rounding=ROUND_HALF_UP))


def rounded(frame, places: int = 3):
    """A copy of a DataFrame or Series with every float rounded by :func:`half_up`."""
    import pandas as pd

    if isinstance(frame, pd.Series):
        return frame.map(lambda v: half_up(v, places)) if frame.dtype.kind == "f" else frame
    out = frame.copy()
    for col in out.columns:
        if out[col].dtype.kind == "f":
            out[col] = out[col].map(lambda v: half_up(v, places))
    return out

"""Plot style for the lessons: big fonts and thick lines, readable on a projector.

Independent of ``cardgames``.  Figures are PNG (nbval does not compare PNG
bytes, which differ between matplotlib versions); every number a figure shows
is also printed in a cell of its own, and those are compared.
"""

from __future__ import annotations

__all__ = ["projector"]


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

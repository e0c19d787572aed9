"""Figures with a text alternative: a matplotlib figure as an image that says what it shows.

JupyterLab and Voila draw a figure's PNG as an ``<img>`` without ``alt``: a screen
reader says "image" and nothing else (WCAG 1.1.1; axe ``image-alt``, critical).
:func:`show` displays the figure as a ``<figure>`` whose image carries ``alt`` (what
the figure shows, in a sentence) and, if given, a visible caption; every number of
the figure should also be printed or tabled in the lesson, as the lessons already do.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots(); _ = ax.bar(["0", "1"], [0.25, 0.75])
>>> html = figure_html(fig, alt="P(0 sevens) 0.25, P(1 seven) 0.75", caption="Two bars")
>>> html.startswith('<figure class="cg-figure"') and 'alt="P(0 sevens) 0.25' in html
True
>>> "<figcaption" in html and "data:image/png;base64," in html
True
>>> figure_html(fig, alt="  ")
Traceback (most recent call last):
...
ValueError: a figure needs alt text that says what it shows (WCAG 1.1.1), not '  '
>>> plt.close(fig)
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

__all__ = ["figure_html", "show"]


def figure_html(fig: Any, *, alt: str, caption: str | None = None, dpi: int | None = None,
                ) -> str:
    """The figure as HTML: ``<figure>`` with a PNG ``<img alt=...>`` and an optional
    ``<figcaption>``; the image narrows to the page on a phone (``max-width:100%``)."""
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError("a figure needs alt text that says what it shows (WCAG 1.1.1), "
                         f"not {alt!r}")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight")
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    cap = (f'<figcaption style="font-size:1.05em;margin-top:4px">{html.escape(caption)}'
           "</figcaption>" if caption else "")
    return (f'<figure class="cg-figure" style="margin:0 0 8px 0">'
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt.strip())}" '
            f'style="max-width:100%;height:auto">{cap}</figure>')


def show(fig: Any, *, alt: str, caption: str | None = None, dpi: int | None = None) -> None:
    """Display ``fig`` with its text alternative and close it (so the notebook's inline
    backend does not draw it a second time).  In a lesson::

        fig, ax = plt.subplots()
        ax.bar(...)
        figures.show(fig, alt="Bars: the chance of 0-4 sevens in the other hands; "
                              "1 seven is the most likely, at 0.42.")
    """
    from IPython.display import HTML, display

    text = figure_html(fig, alt=alt, caption=caption, dpi=dpi)
    display(HTML(text), metadata={"alt": alt})
    import matplotlib.pyplot as plt

    plt.close(fig)

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

__all__ = ["figure_html", "local_ticks", "show"]


def local_ticks(fig: Any) -> None:
    """Number the axes of ``fig`` in the current language: in Croatian and German the
    numeric tick labels (and their offset) get a decimal comma (``0,2``).  Category and
    fixed labels are the lesson's own texts and stay as they are.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from cardgames.i18n import language
    >>> fig, ax = plt.subplots(); _ = ax.plot([0, 1], [0.1, 0.3])
    >>> with language("hr"):
    ...     local_ticks(fig); fig.canvas.draw()
    >>> [t.get_text() for t in ax.get_yticklabels()][:3]
    ['0,075', '0,100', '0,125']
    >>> plt.close(fig)
    """
    from matplotlib.ticker import Formatter, ScalarFormatter

    from cardgames.i18n import get_language

    if get_language() == "en":
        return
    swap = str.maketrans(",.", ".,")

    class LocalFormatter(Formatter):  # type: ignore[misc]
        """The axis' own formatter, its points and commas swapped."""

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def set_axis(self, axis: Any) -> None:
            super().set_axis(axis)
            self.inner.set_axis(axis)

        def set_locs(self, locs: Any) -> None:
            self.inner.set_locs(locs)

        def __call__(self, x: Any, pos: Any = None) -> str:
            return str(self.inner(x, pos)).translate(swap)

        def format_ticks(self, values: Any) -> list[str]:
            return [str(t).translate(swap) for t in self.inner.format_ticks(values)]

        def get_offset(self) -> str:
            return str(self.inner.get_offset()).translate(swap)

    for ax in fig.get_axes():
        for axis in (ax.xaxis, ax.yaxis):
            inner = axis.get_major_formatter()
            if isinstance(inner, ScalarFormatter):
                axis.set_major_formatter(LocalFormatter(inner))


def figure_html(fig: Any, *, alt: str, caption: str | None = None, dpi: int | None = None,
                ) -> str:
    """The figure as HTML: ``<figure>`` with a PNG ``<img alt=...>`` and an optional
    ``<figcaption>``; the image narrows to the page on a phone (``max-width:100%``)."""
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError("a figure needs alt text that says what it shows (WCAG 1.1.1), "
                         f"not {alt!r}")
    local_ticks(fig)
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

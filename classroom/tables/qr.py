"""QR codes of the join links, as SVG (library ``segno``; no image files, no network).

A phone's camera opens the link: black on white with a quiet zone (ISO 18004 asks for
four modules), error correction M (15 %: a projector's glare or a smudge still reads),
scaled with the page (``viewBox``), and named for a screen reader.

>>> svg = qr_svg("http://192.168.1.5:8866/tables/join/K7QX3M", label="Join K7QX3M")
>>> svg.startswith("<svg") and 'role="img"' in svg and 'aria-label="Join K7QX3M"' in svg
True
>>> qr_svg("x" * 2000)
Traceback (most recent call last):
...
ValueError: a join link is at most 1000 characters, not 2000
"""

from __future__ import annotations

from html import escape

__all__ = ["qr_svg"]

_MAX = 1000


def qr_svg(url: str, *, label: str = "") -> str:
    """The QR code of ``url`` as an inline SVG element (scalable: width 100 %)."""
    import segno

    if not isinstance(url, str) or not 0 < len(url) <= _MAX:
        raise ValueError(f"a join link is at most {_MAX} characters, not {len(str(url))}")
    code = segno.make(url, error="m")
    size = code.symbol_size(scale=1, border=4)[0]
    svg = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", svgclass="qr",
                          lineclass=None, omitsize=True)
    name = escape(label or url, quote=True)
    head = (f'<svg viewBox="0 0 {size} {size}" role="img" aria-label="{name}" '
            'preserveAspectRatio="xMidYMid meet" shape-rendering="crispEdges"')
    return head + svg[len("<svg"):].replace(f' viewBox="0 0 {size} {size}"', "", 1)

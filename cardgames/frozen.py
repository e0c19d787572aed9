"""A faster ``__init__`` for the engines' small frozen value types (events, pile entries).

``@dataclass(frozen=True, slots=True)`` makes ``__init__`` set each field with
``object.__setattr__(self, name, value)``, the slow generic path, because the
class's own ``__setattr__`` refuses.  :func:`fast_init` replaces it with one
that calls each slot's descriptor directly: the same fields, defaults, checks
and result (a frozen instance; assigning a field still raises
``FrozenInstanceError``), in about half the time.  The engines build one or
more events per move, so this is on the hot path of every game.

>>> from dataclasses import FrozenInstanceError, dataclass
>>> @fast_init
... @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int = 0
>>> p = Point(1)
>>> p, p == Point(1, 0)
(Point(x=1, y=0), True)
>>> try:
...     p.x = 2
... except FrozenInstanceError:
...     print("frozen")
frozen
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["fast_init"]

T = TypeVar("T")


def fast_init(cls: type[T]) -> type[T]:
    """Give the frozen, slotted dataclass ``cls`` an ``__init__`` that sets its slots directly.

    Classes it cannot speed up safely (a ``__post_init__``, ``init=False``,
    keyword-only or factory-default fields, no slots) are returned unchanged.
    """
    if not dataclasses.is_dataclass(cls):
        return cls
    fields = dataclasses.fields(cls)
    if (hasattr(cls, "__post_init__")
            or any(not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING
                   or not hasattr(cls.__dict__.get(f.name), "__set__") for f in fields)):
        return cls
    ns: dict[str, Any] = {}
    params = []
    body = []
    for i, f in enumerate(fields):
        ns[f"_set{i}"] = cls.__dict__[f.name].__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            ns[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        body.append(f"    _set{i}(self, {f.name})\n")
    source = f"def __init__(self, {', '.join(params)}):\n{''.join(body) or '    pass'}\n"
    exec(source, ns)  # noqa: S102 - built from the field names above only
    init = ns["__init__"]
    old = cls.__dict__["__init__"]
    init.__qualname__ = old.__qualname__
    init.__module__ = old.__module__
    init.__annotations__ = dict(old.__annotations__)
    init.__doc__ = old.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls

"""``random.Random``'s ``shuffle``, ``sample`` and ``randrange``, with the same draws, faster.

The engines' hot paths (a Thirty-One deal, a Liar play picked at random) call
these instead of the generator's methods.  For a plain ``random.Random`` they
run CPython's own algorithms inline (no argument checks, no ``_randbelow``
call per card), so they consume exactly the numbers the methods would and a
seed gives the same game as before; this is checked once at import against
the running Python's ``random`` module, and if it ever differs (or ``rng`` is
a subclass, which may override the methods) the methods themselves are used.

>>> import random
>>> a, b = random.Random(3), random.Random(3)
>>> deck, same = list(range(32)), list(range(32))
>>> shuffle(a, deck); b.shuffle(same); deck == same
True
>>> sample(a, tuple(range(30)), 3) == b.sample(tuple(range(30)), 3)
True
>>> randbelow(a)(10) == b.randrange(10)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["randbelow", "sample", "shuffle"]

T = TypeVar("T")
_Random = random.Random
# bit lengths of 0..64 (the deck sizes the games shuffle), looked up instead of int.bit_length()
_BITS = tuple(n.bit_length() for n in range(65))


def randbelow(rng: random.Random) -> Callable[[int], int]:
    """A function ``f(n)`` drawing what ``rng.randrange(n)`` draws (``n >= 1``)."""
    if _EXACT and type(rng) is _Random:
        return rng._randbelow  # type: ignore[attr-defined, no-any-return]  # randrange's own
    return rng.randrange


def shuffle(rng: random.Random, x: list[T]) -> None:
    """``rng.shuffle(x)``: the same permutation from the same draws."""
    if not _EXACT or type(rng) is not _Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1                      # _randbelow_with_getrandbits(n), inline
        k = bits[n] if n < 65 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` for ``0 <= k <= 5`` (CPython's small-``k`` algorithm:
    a pool when the population has at most 21 items, else a set of chosen indices)."""
    if not _EXACT or type(rng) is not _Random or k > 5:
        return rng.sample(population, k)
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError("Sample larger than population or is negative")
    result = []
    if n <= 21:
        pool = list(population)
        for i in range(k):
            j = randbelow(n - i)
            result.append(pool[j])
            pool[j] = pool[n - i - 1]
    else:
        selected: set[int] = set()
        for _ in range(k):
            j = randbelow(n)
            while j in selected:
                j = randbelow(n)
            selected.add(j)
            result.append(population[j])
    return result


def _check() -> bool:
    """Whether the inline algorithms draw as this Python's ``random.Random`` does."""
    global _EXACT
    _EXACT = True
    try:
        for seed in range(6):
            a, b = _Random(seed), _Random(seed)
            for n in (1, 2, 5, 21, 22, 33, 40, 64, 70):
                x, y = list(range(n)), list(range(n))
                shuffle(a, x)
                b.shuffle(y)
                if x != y:
                    return False
                for k in range(min(n, 5) + 1):
                    if sample(a, tuple(x), k) != b.sample(tuple(x), k):
                        return False
                if randbelow(a)(n) != b.randrange(n):
                    return False
            if a.random() != b.random():
                return False
        return True
    finally:
        _EXACT = False


_EXACT = False
_EXACT = _check()

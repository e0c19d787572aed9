"""The one guarded callback of the widgets: a click or a slider never raises into the browser.

The play tables (:meth:`widgets.tables.table_base.PlayTable._guarded`) and the explainers
(:mod:`widgets.explainers`) wrap every callback with :func:`guarded`, so an error shows the
same way everywhere:

- an *expected* error (the explainers pass ``ValueError``, which every
  :class:`~cardgames.errors.CardgamesError` is) is the engine's or the input check's own
  words, naming the rule: shown as it is;
- anything else is a bug, not the student's doing: the traceback goes to the Python log
  (the widget's logger) and the page shows a fixed line saying so, never the exception's
  text; then ``after_failure`` (e.g. a redraw) runs, guarded too.

>>> shown = []
>>> def refuse(): raise ValueError("a claim is 1-4 cards (R-L4)")
>>> def crash(): raise KeyError("internal")
>>> guarded(refuse, show=shown.append, where="demo", expected=(ValueError,))()
>>> guarded(crash, show=shown.append, where="demo", expected=(ValueError,))()
>>> shown[0]
'a claim is 1-4 cards (R-L4)'
>>> shown[1] == FAILED and "internal" not in shown[1]
True
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

from cardgames.i18n import N_
from cardgames.i18n import gettext as _

__all__ = ["FAILED", "guarded"]

log = logging.getLogger(__name__)

#: What an explainer shows when one of its callbacks fails (a bug; details in the log).
FAILED = N_("Something went wrong here; it was not your choice that caused it. "
            "The details are in the Python log.")


def guarded(fn: Callable[..., Any], *, show: Callable[[str], None], where: str,
            expected: tuple[type[BaseException], ...] = (),
            explain: Callable[[BaseException], str] = str, failed: str = FAILED,
            logger: logging.Logger | None = None, closed: Callable[[], bool] | None = None,
            after_failure: Callable[[], None] | None = None) -> Callable[..., None]:
    """``fn`` as a callback (any arguments: a button, a trait change) that never raises.

    ``show(text)`` puts a line on the widget: an ``expected`` error's own text (or
    ``explain(error)``, a wording around it), else
    ``failed`` (translated when shown) after logging the traceback to ``logger`` as
    "``where``: a callback failed".  Once ``closed()`` is true the callback does nothing.
    """
    out = logger or log

    @functools.wraps(fn)
    def handler(*args: Any, **kwargs: Any) -> None:
        if closed is not None and closed():
            return
        try:
            fn(*args, **kwargs)
        except expected as err:
            show(explain(err))
        except Exception:
            out.exception("%s: a callback failed", where)
            show(_(failed))
            if after_failure is not None:
                try:
                    after_failure()
                except Exception:
                    out.exception("%s: drawing after a failure failed", where)
    return handler

"""Widget tests run without a kernel: ipywidgets (comm>=0.2) uses a dummy comm."""

import json

import pytest
from ipywidgets.widgets.widget import Widget, _instances


def live_state_text() -> str:
    """Every synced trait of every live widget, as the browser would receive it."""
    states = []
    for widget in list(_instances.values()):
        state = widget.get_state()
        states.append(json.dumps(state, default=str))
    return "\n".join(states)


@pytest.fixture
def live_widgets():
    """The ids of live widgets created during the test (closed ones leave ``_instances``)."""
    before = set(_instances)
    yield lambda: set(_instances) - before
    # close whatever the test left open, so tests do not see each other's widgets
    for key in set(_instances) - before:
        w = _instances.get(key)
        if isinstance(w, Widget):
            w.close()


@pytest.fixture
def synced_text():
    return live_state_text

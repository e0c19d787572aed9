"""Serving the lessons and apps to a class with Voila 0.5 (``make serve``).

Not part of the ``cardgames`` engine (which never imports Jupyter): ``launch`` checks
the settings and starts :class:`classroom.app.ClassroomVoila`; ``catalog`` and
``startpage`` make the start page; ``kernels`` holds the kernel cap and the reaper;
``guard`` and ``pagefilter`` what a page may reach and send (issue 18); ``tables`` the
online tables (issue 21: the one authority of every table, its seat websocket and pages).
``extension`` serves the start page, also in a Jupyter server (a student's own server
on JupyterHub: ``--ServerApp.jpserver_extensions=classroom=True``).  See docs/serving.md.

>>> [point["module"] for point in _jupyter_server_extension_points()]
['classroom.extension']
"""


def _jupyter_server_extension_points() -> list[dict]:
    """The Jupyter server extension of this package: the start page at
    ``<base_url>cardgames/`` (``classroom.extension``); nothing is imported here."""
    return [{"module": "classroom.extension"}]

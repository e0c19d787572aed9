"""Serving the lessons and apps to a class with Voila 0.5 (``make serve``).

Not part of the ``cardgames`` engine (which never imports Jupyter): ``launch`` checks
the settings and starts :class:`classroom.app.ClassroomVoila`; ``catalog`` and
``startpage`` make the start page; ``kernels`` holds the kernel cap and the reaper.
See docs/serving.md.
"""

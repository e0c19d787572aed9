"""The lessons' exercises in a notebook: ``exercise`` is the one small widget that asks a
question, ``report`` sends each check to the teacher's class view (issue 22), and
``progress`` asks it back for a reloaded page (issue 31).  The exercises' content (the
questions, answers, hints, variants, the reading of a student's number and the texts)
is :mod:`cardgames.courseware`, which imports no ipywidgets (issue 32)."""

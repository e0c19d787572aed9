"""The lessons' exercises: lesson content, not widgets.  ``exercise_data`` holds every
question and its answer (one module per lesson), ``answers`` and ``answer_numbers`` read and
judge a student's answer (no ipywidgets), and ``exercise`` is the one small widget that asks
a question in a notebook.  The worksheets and the answer key (``tools/handouts.py``) and
``tests/lessons`` read the same data.  ``report`` sends each check to the teacher's
class view (issue 22)."""

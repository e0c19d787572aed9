"""The lessons' exercises: lesson content, not widgets.  ``exercise_data`` holds every
question and its answer (one module per lesson), ``answers`` judges a student's answer,
read by ``answer_forms`` (the kinds of answer, their readers and printing) and
``answer_numbers`` (no ipywidgets), and ``exercise`` is the one small widget that asks
a question in a notebook.  ``texts`` keeps every text a msgid with its parameters, translated
when shown (English, Croatian, German); ``key_words`` holds the printed key's own words.  The
worksheets and the answer key (``classroom/handouts.py``) and ``tests/lessons`` read the same
data.  ``report`` sends each check to the teacher's class view (issue 22), and ``progress``
asks it back for a reloaded page (issue 31)."""

"""The lessons' exercises as content (issue 32): no ipywidgets, no pandas, numpy or
matplotlib at import time, so the class server (the teacher's class view, the answer key)
reads them without loading a widget.

``exercise_data`` holds every question and its answer (one module per lesson; the answers
are computed by the engine when first needed), ``answers`` judges a student's answer,
read by ``answer_forms`` (the kinds of answer, their readers and printing) and
``answer_numbers`` (a number as the student writes it, with Babel); ``texts`` keeps every
text a msgid with its parameters, translated when shown (English, Croatian, German), and
``key_words`` the printed key's own words.  The widget that asks a question in a notebook
(:mod:`widgets.exercises.exercise`) renders this content; the worksheets and the answer
key (``classroom/handouts.py``), the class view (``classroom/tables/classview.py``) and
``tests/lessons`` read the same data.

>>> from cardgames.courseware.exercise_data import get
>>> get("03-count-31").lesson
'03'
"""

"""The words of the printed answer key and worksheets (``tools/handouts.py``), as msgids.

``tools/`` is not read by ``make i18n``; the key's words live here, beside the exercises
they frame, and the handouts translate them when they print a language.  Markdown ``**``
(bold) is rendered by :func:`widgets.exercises.exercise.inline_html`.
"""

from __future__ import annotations

from cardgames.i18n import N_

__all__ = ["WORDS"]

WORDS = {
    "key": N_("Answer key"),
    "key title": N_("Answer key — {title}"),
    "sheets": N_("Worksheets"),
    "sheet title": N_("{title} — exercises"),
    "answer": N_("Answer: {answer}"),
    "solution": N_("**Worked solution.** {solution}"),
    "why": N_("**Why, in one line:** {why}"),
    "method": N_("**General method** (every student's variant; the numbers above are the "
                 "default's): {method}"),
    "mistakes": N_("**Typical mistakes and their hints:**"),
    "name": N_("Name: ______________________________ &nbsp; Date: ______________"),
    "answer line": N_("Answer: ____________________________"),
    "variants": N_("Answers by variant code"),
    "variants title": N_("Answers by variant code — {title}"),
    "variants lead": N_("Each student's page shows its **variant code** beside the "
                        "exercise's number; the row of that code holds its answers. The "
                        "general method and a worked solution are in the answer key."),
    "code": N_("Code"),
}

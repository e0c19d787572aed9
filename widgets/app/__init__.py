"""What makes a widget an app of ``lessons/app_*.ipynb``: the six apps (``apps``), the page's
language (``i18n``: ``?lang=``, the picker, ``LocalizedApp``), the page's URL query
(``request``) and unpredictable seeds for served tables (``seeding``)."""

"""The pieces every widget is built from: card views (``cardview``, ``card_palette``),
the play tables' shared HTML and words (``table_html``), the one guarded callback of the
tables and the explainers (``guard``), the one responsive CSS block (``responsive``), rule
citations as links (``rule_links``), figures with alt text (``figures``), charts drawn once
in a helper process (``chart_cache``) and the lessons' projector plot style
(``plot_style``); the kernel's link to the class server, which sends the exercises'
checks to the teacher's class view (``classlink``), and the same link from the static
site's pages, whose Python runs in the browser (``classlink_browser``)."""

# Quick start:
#   make serve   -- set up a virtual environment and serve the apps and lessons (Voila, http://localhost:8866)
#   make test    -- set up a virtual environment and run every test (engine, widgets, lessons, browser, hub)
#   make lab     -- set up a virtual environment and open the lessons in JupyterLab (for teachers)
#   make lessons -- the lessons in Croatian and German (lessons/hr, lessons/de) from the translations
#   make site    -- the apps and exercises as a static site for homework (site/, any web host, no server)
#   make handouts -- the teacher's kit as PDFs in handouts/ (answer key, worksheets, rules cards in en, hr, de)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv lint test test-fast serve lab bench bench-apps clean lessons rules handouts i18n axe site bench-site

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

# axe-core (npm) for the accessibility tests (tests/browser/test_accessibility.py),
# into the project: .cache/npm/node_modules/axe-core (.ci/run runs it in CI)
AXE := .cache/npm/node_modules/axe-core/axe.min.js
$(AXE):
	npm install --prefix .cache/npm --no-audit --no-fund --silent axe-core@4

axe: $(AXE)

# ruff and mypy (strict on the engine); configured in pyproject.toml
lint: $(STAMP)
	$(BIN)/python -m ruff check cardgames widgets
	$(BIN)/python -m mypy --strict cardgames
	$(BIN)/python -m mypy widgets

# every test: axe-core comes first when npm is there (without it the accessibility
# tests skip here and fail in CI, where .ci/run installs npm).
# Two runs (docs/testing.md, issue 34): every test but those marked `alone`, on
# TEST_WORKERS processes (pytest-xdist; a whole module to one worker, so its servers start
# once), then the `alone` ones (load and memory measurements) by themselves.  Each prints
# its 30 slowest tests, its wall time and the load (tests/conftest.py); then the total.
# A test over 120 s fails unless marked slow with a reason (tests/timelimit.py).
TEST_WORKERS ?= 2
PYTEST_XDIST := -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder
test: lint
	@if command -v npm >/dev/null 2>&1; then $(MAKE) --no-print-directory axe; fi
	@t0=$$(date +%s); \
	$(BIN)/python -m pytest tests $(PYTEST_XDIST) -m "not alone" --durations=30; a=$$?; \
	$(BIN)/python -m pytest tests -m alone --durations=30; b=$$?; [ $$b -ne 5 ] || b=0; \
	echo "make test: wall time $$(( $$(date +%s) - t0 )) s for both runs (pytest exit codes $$a, $$b)"; \
	[ $$a -eq 0 ] && [ $$b -eq 0 ]

# under 5 minutes (issue 34): no browser, hub, slow or alone test
test-fast: $(STAMP)
	$(BIN)/python -m pytest tests $(PYTEST_XDIST) -m "not browser and not slow and not hub and not alone"

# `cardgames serve` (classroom/commands.py, the same command a teacher runs after pip install):
# Voila standalone (not a Jupyter server extension: no code can be run from the page),
# through classroom/ (start page, kernel cap, warm pools; docs/serving.md), with the page
# template share/jupyter/voila/templates/cardgames and the settings of voila.json.
# To serve a classroom network: make serve VOILA_IP=0.0.0.0   (see docs/serving.md)
VOILA_IP   ?= 127.0.0.1
VOILA_PORT ?= 8866

# Warm by default: a kernel ready for every page the start page offers (within a memory
# budget it prints). A class: make serve STUDENTS=30 NOTEBOOKS="04_how_likely_is_a_lie app_call_odds"
# keeps 30 warm kernels of each; MAX_KERNELS caps the kernels pages use (default: from memory).
STUDENTS    ?=
NOTEBOOKS   ?=
MAX_KERNELS ?=
# the static site whose exercise pages may send checks here (make site CLASS_SERVER=...):
# make serve VOILA_IP=0.0.0.0 ALLOW_ORIGIN=https://school.example
ALLOW_ORIGIN ?=

serve: $(STAMP)
	$(BIN)/python -m cardgames serve lessons --students='$(STUDENTS)' --notebooks='$(NOTEBOOKS)' \
	    --max-kernels='$(MAX_KERNELS)' --ip=$(VOILA_IP) --port=$(VOILA_PORT) \
	    $(foreach o,$(ALLOW_ORIGIN),--allow-origin $(o))

# `cardgames lab`: JupyterLab on this computer only, in the lessons folder, with JupyterLab's
# own token protection left on: open the printed http://127.0.0.1:<port>/lab?token=... address.
# (make lab LAB_ARGS=--allow-root as root, e.g. in a container)
LAB_PORT ?= 8888
LAB_ARGS ?=

lab: $(STAMP)
	$(BIN)/python -m cardgames lab lessons --port=$(LAB_PORT) $(LAB_ARGS)

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

# the Voila apps in headless Chromium: load to first usable widget, click to updated view
bench-apps: $(STAMP)
	$(BIN)/python benchmarks/apps.py

# Message catalogs (Croatian, German): extract the English msgids of cardgames/ and widgets/,
# merge them into the .po files (new ones untranslated, never fuzzy-guessed), compile the .mo
# that ship in the package.  tests/test_i18n.py fails until every msgid is translated.
LOCALE := cardgames/locale
i18n: $(STAMP)
	$(BIN)/python tools/startpage_words.py
	$(BIN)/pybabel extract -F babel.cfg --project=cardgames --version=0.1.0 \
	    -k N_plural:1,2 -k NP_:1c,2 --msgid-bugs-address="" --width=100 --sort-by-file -o $(LOCALE)/cardgames.pot .
	$(BIN)/pybabel update -i $(LOCALE)/cardgames.pot -d $(LOCALE) -D cardgames \
	    --no-fuzzy-matching --ignore-obsolete --width=100
	$(BIN)/pybabel compile -d $(LOCALE) -D cardgames --statistics

# The lessons in Croatian and German (docs/translating.md): the English lessons' texts into
# translations/lessons/NN_*.pot, merged into translations/lessons/{hr,de}/NN_*.po (new ones
# untranslated), then lessons/{hr,de}/NN_*.ipynb built from them and executed (those that
# changed; make lessons ALL=1 re-executes every one, e.g. after the engine's output changed).
# tests/lessons/test_lesson_translations.py fails while any message is untranslated or fuzzy.
ALL ?=
lessons: $(STAMP)
	$(BIN)/python tools/lesson_i18n.py extract
	$(BIN)/python tools/lesson_i18n.py update
	$(BIN)/python tools/lesson_i18n.py build $(if $(ALL),--all)

# the rules pages the apps open: docs/rules/<lang>.md -> lessons/rules/<lang>.html
# (committed; tests/test_rules_docs.py fails while they are out of date)
rules: $(STAMP)
	$(BIN)/python tools/rules_html.py

# the teacher's kit as PDFs in handouts/ (answer key, worksheets, rules cards, teacher
# pages), printed by headless Chromium; not served by Voila (outside lessons/):
# `cardgames handouts` (classroom/handouts.py)
handouts: $(STAMP)
	$(BIN)/python -m cardgames handouts --out handouts

# The static site for homework (docs/serving.md): Voici pages whose Python (Pyodide) runs in
# the student's browser; any static host serves the folder.  From this checkout, PyPI and npm
# (tools/static_site_npm/), downloads kept in .cache/site/.  `cardgames site` (tools/static_site.py):
# make site SITE=/some/folder SITE_LANG="hr de" CLASS_SERVER=http://192.168.1.20:8866
SITE ?= site
SITE_LANG ?=
CLASS_SERVER ?=
site: $(STAMP)
	nice -n 10 $(BIN)/python -m cardgames site --out $(SITE) $(if $(SITE_LANG),--lang $(SITE_LANG)) \
	    $(if $(CLASS_SERVER),--class-server $(CLASS_SERVER))

# the static site in headless Chromium: first paint and first usable widget, cold and warm
bench-site: $(STAMP)
	$(BIN)/python benchmarks/static_site.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

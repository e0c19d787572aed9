# Quick start:
#   make serve   -- set up a virtual environment and serve the apps and lessons (Voila, http://localhost:8866)
#   make test    -- set up a virtual environment and run every test (engine, widgets, lessons, browser)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv test test-fast serve bench bench-apps clean lessons

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest tests

test-fast: $(STAMP)
	$(BIN)/python -m pytest tests -m "not browser and not slow"

# Voila standalone (not a Jupyter server extension: no code can be run from the page),
# through classroom/ (start page, kernel cap, warm pools; docs/serving.md).
# Settings in voila.json (kernel culling, no tracebacks, no code shown); to serve
# a classroom network: make serve VOILA_IP=0.0.0.0   (see docs/serving.md)
VOILA_IP   ?= 127.0.0.1
VOILA_PORT ?= 8866

# A class: make serve STUDENTS=30 NOTEBOOKS="04_how_likely_is_a_lie app_call_odds"
# keeps 30 warm kernels of each; MAX_KERNELS caps the kernels pages use (default: from memory).
STUDENTS    ?=
NOTEBOOKS   ?=
MAX_KERNELS ?=

serve: $(STAMP)
	$(BIN)/python -m classroom lessons --students='$(STUDENTS)' --notebooks='$(NOTEBOOKS)' \
	    --max-kernels='$(MAX_KERNELS)' --Voila.ip=$(VOILA_IP) --port=$(VOILA_PORT) --no-browser

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

# the Voila apps in headless Chromium: load to first usable widget, click to updated view
bench-apps: $(STAMP)
	$(BIN)/python benchmarks/apps.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

# Quick start:
#   make serve   -- set up a virtual environment and serve the apps and lessons (Voila, http://localhost:8866)
#   make test    -- set up a virtual environment and run every test (engine, widgets, lessons, browser)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv test test-fast serve bench clean lessons

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

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis

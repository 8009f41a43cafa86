# Piquet Academy — build and test entry points.
#   make run    install the runtime requirements into .venv and start the app on localhost
#   make test   install dev requirements, Debian's chromium + postgresql; ruff, mypy, pytest
#   make lint   ruff + mypy only
#   make catalogs  extract the text layer's messages, update the .po catalogs, compile the .mo
#   make bench  run every bench/*.py script
#   make soak   the model-based page tests run long (thousands of random steps a page),
#               tests/test_exercises_sound.py with 500 seeds a kind (docs/exercises.md),
#               every puzzle re-verified (tests/test_puzzles_sound.py, docs/puzzles.md),
#               axe-core after opening each tab, expander and popover (docs/accessibility.md)
#   make clean  remove .venv and caches
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Stamp files live inside the venv: deleting .venv also forgets what was installed.
RUN_STAMP := $(VENV)/.stamp-requirements
DEV_STAMP := $(VENV)/.stamp-requirements-dev
PORT ?= 8501

.PHONY: help run test lint bench soak clean chromium catalogs

help:
	@echo "make run    - install requirements.txt into .venv and start the app (http://127.0.0.1:$(PORT))"
	@echo "make test   - install requirements-dev.txt + Debian chromium and postgresql, then ruff, mypy --strict, pytest"
	@echo "make lint   - ruff check + mypy --strict piquet piquet_cli academy ui words store"
	@echo "make catalogs - extract messages into locales/messages.pot, update the .po, compile the .mo"
	@echo "make bench  - run every bench/*.py script"
	@echo "make soak   - the model-based page tests, thousands of random steps a page; the exercises, 500 seeds a kind; every puzzle re-verified; axe after each tab, expander, popover"
	@echo "make clean  - remove .venv and caches"

$(PY):
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(PY)
	$(PY) -m pip install -r requirements.txt
	touch $@

$(DEV_STAMP): requirements-dev.txt requirements.txt | $(PY)
	$(PY) -m pip install -r requirements-dev.txt
	touch $@

# FORWARDED_ALLOW_IPS empty: no proxy in front, so uvicorn applies no client's X-Forwarded-For
# (its default trusts any peer on 127.0.0.1 or ::1: docs/security.md).
run: $(RUN_STAMP)
	FORWARDED_ALLOW_IPS= $(PY) -m streamlit run app.py --server.address=127.0.0.1 --server.port=$(PORT) \
		--browser.gatherUsageStats=false

chromium:
	bash scripts/install-chromium.sh

test: $(DEV_STAMP)
	bash scripts/install-chromium.sh
	bash scripts/postgres.sh install
	bash scripts/topology.sh install
	$(PY) -m ruff check .
	$(PY) -m mypy --strict piquet piquet_cli academy ui words store
	$(PY) -m pytest

lint: $(DEV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy --strict piquet piquet_cli academy ui words store

catalogs: $(RUN_STAMP)
	$(PY) scripts/catalogs.py

bench: $(RUN_STAMP)
	@shopt -s nullglob; scripts=(bench/*.py); failed=(); \
	if (( $${#scripts[@]} == 0 )); then echo "bench: no bench/*.py scripts"; exit 0; fi; \
	for f in "$${scripts[@]}"; do \
		echo "=== $$f"; \
		PYTHONPATH="$(CURDIR)$${PYTHONPATH:+:$$PYTHONPATH}" $(PY) "$$f" || failed+=("$$f"); \
	done; \
	if (( $${#failed[@]} > 0 )); then echo "bench: FAILED: $${failed[*]}" >&2; exit 1; fi

soak: $(DEV_STAMP)
	$(PY) scripts/soak.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-results
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

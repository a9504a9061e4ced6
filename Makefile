# Every target does its own set-up on a fresh machine: it creates .venv and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: run test lint typecheck unit bench questions clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $@

run: $(STAMP)
	$(BIN)/pokerhall play quizpoker --bots 3

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts bench
	$(BIN)/ruff format --check src tests scripts bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck unit

bench: $(BENCH_STAMP)
	$(BIN)/python bench/run.py

# Rebuilds the generated question pack from data shipped in Python packages.
questions: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,questions]'
	$(BIN)/python scripts/build_questions.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis

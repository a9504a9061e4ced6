# Every target does its own set-up on a fresh machine: it creates .venv and installs what it needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
CHROMIUM := /usr/bin/chromium
CZECH_DIC := /usr/share/hunspell/cs_CZ.dic
# The JavaScript checkers (TypeScript, ESLint), pinned in package-lock.json; reinstalled when it changes.
JS_STAMP := node_modules/.installed-js

.PHONY: run play test lint typecheck unit bench soak questions browser lexicon js clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl]'
	touch $@

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,bench]'
	touch $@

# The main job: the web server (SQLite file, nothing else to install). Open the printed address.
# Another port: make run PORT=8080 (a port already in use is refused with a clear message).
PORT ?= 8000
run: $(STAMP)
	$(BIN)/pokerhall serve --port $(PORT)

# QuizPoker in the terminal against three bots.
play: $(STAMP)
	$(BIN)/pokerhall play quizpoker --bots 3

# The browser tests drive the system Chromium (Debian package); install it when missing.
browser:
	@test -x $(CHROMIUM) || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
		else echo "browser tests need Chromium: sudo apt-get install -y chromium"; fi; }

# Slovní poker's lexicon is expanded from Debian's Czech hunspell dictionary (GPL data, installed
# here and never shipped with pokerhall: see NOTICE); its tests compare with the hunspell command.
lexicon:
	@{ test -f $(CZECH_DIC) && command -v hunspell >/dev/null; } || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq hunspell-cs hunspell; \
		else echo "Slovní poker's lexicon tests need the Czech dictionary: sudo apt-get install -y hunspell-cs hunspell"; fi; }

# The browser modules are plain ES modules (no build step): tsc only type-checks them (checkJs,
# JSDoc types) and ESLint looks for mistakes. Node.js and npm come from Debian when missing.
js: $(JS_STAMP)

$(JS_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nodejs npm; \
		else echo "the JavaScript checks need Node.js and npm: sudo apt-get install -y nodejs npm"; exit 1; fi; }
	@echo "installing the JavaScript checkers pinned in package-lock.json (npm ci)"
	npm ci --no-audit --no-fund
	touch $@

lint: $(STAMP) $(JS_STAMP)
	$(BIN)/ruff check src tests scripts bench examples
	$(BIN)/ruff format --check src tests scripts bench examples
	npx --no-install tsc -p tsconfig.json
	npx --no-install eslint src/pokerhall/web/js

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP) browser lexicon
	$(BIN)/pytest -n 2

test: lint typecheck unit

bench: $(BENCH_STAMP) lexicon
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/palace_eval.py
	$(BIN)/python bench/ladder.py
	$(BIN)/python bench/secret_flood.py
	$(BIN)/python bench/wordpoker_best.py
	$(BIN)/python bench/bot_cpu.py
	$(BIN)/python bench/server_load.py --tables 100
	$(BIN)/python bench/server_floor.py --tables 100
	$(BIN)/python bench/table_setup.py
	$(BIN)/python bench/server_load.py --tables 1000 --think-between 2 5 --seconds 40 --warmup 5
	$(BIN)/python bench/cluster_load.py --processes 3 --tables 30
	$(BIN)/python bench/history_replay.py --runs 3
	$(BIN)/python bench/lexicon_build.py
	$(BIN)/python bench/rl_throughput.py

# Half an hour at 200 tables at a human pace: does the server's memory stay flat? (Not in bench.)
soak: $(BENCH_STAMP)
	$(BIN)/python bench/server_load.py --tables 200 --think-between 2 5 --warmup 30 \
		--seconds 1800 --memory-every 60

# Rebuilds the generated question pack from data shipped in Python packages.
questions: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,questions]'
	$(BIN)/python scripts/build_questions.py
	$(BIN)/python scripts/build_estimates.py

clean:
	rm -rf $(VENV) node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis

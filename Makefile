# Every target bootstraps .venv from a bare machine (python3 + make only).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 3000
DATA ?=
AWS_PORT ?=
AWS_HOST ?=
PYTEST_ARGS ?=

BROWSER_STAMP := $(VENV)/.browser

.PHONY: setup browser test lint docs unit quick bench bench-full serve demo clean openapi

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# A headless Chromium for tests/browser, once: the system's if there is one; Debian's package as root (as CI
# runs), with a Korean font so that the ko screenshots are legible; else Playwright's own download (under
# ~/.cache/ms-playwright, for this venv's Playwright).
browser: $(BROWSER_STAMP)

$(BROWSER_STAMP): $(STAMP)
	if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-nanum; \
	else $(BIN)/python -m playwright install chromium; fi
	touch $(BROWSER_STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m devtools.import_graph

# The docs as a site in .site/ (git ignores it): every page, link and anchor must resolve (mkdocs.yml; no network).
# tests/docs/ checks the rest: README.md and CONTRIBUTING.md's links, placeholders, the API pages against the code.
docs: $(STAMP)
	$(BIN)/mkdocs build --strict --quiet

unit: $(STAMP) $(BROWSER_STAMP)
	$(BIN)/pytest --durations=30 $(PYTEST_ARGS)

test: lint docs unit

# Every test that starts no server and no browser and is not slow (the tiers: pyproject.toml's markers, put on
# by tests/conftest.py); `make test` runs them all, `pytest -m domain` the rules engine's alone.
quick: $(STAMP)
	$(BIN)/pytest -m "not (slow or local or e2e or browser)" $(PYTEST_ARGS)

bench: $(STAMP)  # the short runs (minutes on 2 cores): every figure, fewer samples
	$(BIN)/python -m bench

bench-full: $(STAMP)  # the long runs too (the local server's 500 games, more rounds): the better part of an hour
	BENCH_FULL=1 $(BIN)/python -m bench

serve: $(STAMP)
	$(BIN)/distilled serve --port $(PORT) $(if $(DATA),--data $(DATA)) \
		$(if $(AWS_PORT),--aws-port $(AWS_PORT)) $(if $(AWS_HOST),--aws-host $(AWS_HOST))

demo: $(STAMP)
	$(BIN)/distilled demo

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .site

openapi: $(STAMP)
	$(BIN)/python -m functions.openapi > openapi.json

# --- Lambda artifacts (`sam build`: Metadata BuildMethod makefile; it sets ARTIFACTS_DIR) --------------------
# The shared dependencies are one layer, built once; each function gets only our packages. Both ship
# bytecode compiled by the runtime's own Python (/var/task is read-only: Lambda cannot write a .pyc there), with
# unchecked-hash .pycs so the zip's mtimes do not matter. boto3 is not shipped: the Lambda runtime has it.
# template.yaml's Architectures: arm64.
LAYER_PLATFORM ?= manylinux2014_aarch64
FUNCTION_PACKAGES := domain service infra functions web
# Shipped packages' modules Lambda never runs: `make openapi`'s, and the one writing web/static/catalogue.json.
NOT_RUN_BY_LAMBDA := functions/openapi.py web/catalogue.py
COMPILE = -m compileall -q --invalidation-mode unchecked-hash
# python3.12 like `sam build` itself wants it: on PATH (if it runs: a pyenv shim may not), else pyenv's.
# Looked up once, on first use, and only by the targets below.
PYENV_PYTHONS = $(wildcard $(or $(PYENV_ROOT),$(HOME)/.pyenv)/versions/3.12*/bin/python3.12)
IS_312 := -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))'
ifndef LAMBDA_PYTHON
LAMBDA_PYTHON = $(eval LAMBDA_PYTHON := $(firstword $(foreach p,python3.12 $(PYENV_PYTHONS),\
	$(shell $(p) $(IS_312) >/dev/null 2>&1 && command -v $(p)))))$(LAMBDA_PYTHON)
endif

.PHONY: lambda-python
lambda-python:  # prints the python3.12 it found (devtools/artifacts.py reads it)
	@test -n "$(LAMBDA_PYTHON)" && $(LAMBDA_PYTHON) $(IS_312) 2>/dev/null || \
		{ echo "make: no python3.12 (Lambda's runtime): put it on PATH or set LAMBDA_PYTHON=/path/to/python3.12" >&2; \
		  exit 1; }
	@echo "$(LAMBDA_PYTHON)"

# The layer: requirements.txt for Lambda (arm64, CPython 3.12) under python/, where Lambda looks for a layer's
# packages (/opt/python). The bench builds it with LAYER_PLATFORM=manylinux2014_x86_64 to run it here.
build-DependenciesLayer: lambda-python
	$(LAMBDA_PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-compile --target "$(ARTIFACTS_DIR)/python" \
		--platform $(LAYER_PLATFORM) --implementation cp --python-version 3.12 --only-binary=:all: -r requirements.txt
	rm -rf "$(ARTIFACTS_DIR)/python/bin"  # console scripts: Lambda runs none
	$(LAMBDA_PYTHON) $(COMPILE) "$(ARTIFACTS_DIR)/python"

# Each function: our packages (web with the page's files), never devtools/ or tests/ (Lambda runs none of it).
build-%: lambda-python
	mkdir -p "$(ARTIFACTS_DIR)"
	cp -R $(FUNCTION_PACKAGES) "$(ARTIFACTS_DIR)/"
	find "$(ARTIFACTS_DIR)" -name __pycache__ -prune -exec rm -rf {} +
	cd "$(ARTIFACTS_DIR)" && rm -f $(NOT_RUN_BY_LAMBDA)
	$(LAMBDA_PYTHON) $(COMPILE) "$(ARTIFACTS_DIR)"

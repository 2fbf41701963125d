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

.PHONY: setup test lint unit quick bench serve demo clean openapi

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS)

test: lint unit

quick: $(STAMP)  # the rules engine's tests alone: seconds, no servers
	$(BIN)/pytest -m domain

bench: $(STAMP)
	$(BIN)/python -m bench

serve: $(STAMP)
	$(BIN)/distilled serve --port $(PORT) $(if $(DATA),--data $(DATA)) \
		$(if $(AWS_PORT),--aws-port $(AWS_PORT)) $(if $(AWS_HOST),--aws-host $(AWS_HOST))

demo: $(STAMP)
	$(BIN)/distilled demo

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

openapi: $(STAMP)
	$(BIN)/python -m functions.openapi > openapi.json

# `sam build` calls `make build-<FunctionLogicalId>` with ARTIFACTS_DIR set (Metadata BuildMethod: makefile):
# each function gets our three packages and the runtime dependencies built for Lambda (arm64, Python 3.12).
build-%:
	$(PYTHON) -m pip install --quiet --target "$(ARTIFACTS_DIR)" --platform manylinux2014_aarch64 \
		--implementation cp --python-version 3.12 --only-binary=:all: -r requirements.txt
	cp -R domain service infra functions "$(ARTIFACTS_DIR)/"  # never devtools/: Lambda runs none of it
	find "$(ARTIFACTS_DIR)" -name __pycache__ -prune -exec rm -rf {} +

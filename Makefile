# Every target bootstraps .venv from a bare machine (python3 + make only).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 3000

.PHONY: setup test lint unit bench serve demo clean

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
	$(BIN)/pytest

test: lint unit

bench: $(STAMP)
	$(BIN)/python -m bench

serve: $(STAMP)
	$(BIN)/distilled serve --port $(PORT)

demo: $(STAMP)
	$(BIN)/distilled demo

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

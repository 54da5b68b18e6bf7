# Two entry points for a fresh machine: `make demo` and `make test`.
# Both create .venv/ when it is missing and install system packages the project needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup system demo test lint bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

system:
	bash scripts/setup_system.sh

setup: system $(STAMP)

demo: setup
	$(BIN)/python scripts/demo.py

test: setup
	$(BIN)/python -m ruff check shared devstack functions infra scripts tests
	$(BIN)/python -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(BIN)/python -m ruff check shared devstack functions infra scripts tests

clean:
	rm -rf $(VENV) build *.egg-info

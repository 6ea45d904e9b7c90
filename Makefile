# zoosim: `make demo` simulates a default study and writes its report; `make test` runs the tests.
# Both create a virtual environment in .venv on first use.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install demo test bench lint example clean

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(PY) -m zoosim study analyses/player-counts.toml
	@echo "report: reports/player-counts/index.html"

# two workers (pytest-xdist), each test file whole on one of them: a file's numba compile is paid once
test: $(STAMP)
	$(PY) -m pytest -q -n 2 --dist loadfile

bench: $(STAMP)
	$(PY) benchmarks/bench_zooloretto.py
	$(PY) benchmarks/bench_sim.py --games 1000000 --policy uniform
	$(PY) benchmarks/bench_analysis.py

# ruff, then the import contracts of pyproject.toml (the layers; no game imports another; no cycles)
lint: $(STAMP)
	$(VENV)/bin/ruff check --select E,F,W --ignore E501 zoosim tests benchmarks
	$(VENV)/bin/lint-imports

# The small committed example report (README shows one of its charts).
example: $(STAMP)
	$(PY) -m zoosim study analyses/player-counts.toml --scale 0.1 --reports-dir reports/.example-build --force
	rm -rf reports/example && mv reports/.example-build/player-counts reports/example && rmdir reports/.example-build

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
	rm -rf "$${XDG_CACHE_HOME:-$$HOME/.cache}/zoosim/numba"
	find . -name __pycache__ -prune -exec rm -rf {} +

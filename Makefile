# zoosim: `make demo` simulates a default study and writes its report; `make test` runs the tests.
# Both create a virtual environment in .venv on first use.
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: install demo test bench lint example check-report clean mutation

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

# Mutation testing of the references against `pytest -m rules` (not in CI: minutes per game). GAME=castles for one.
mutation: $(STAMP)
	$(PY) tools/mutation.py $(if $(GAME),--game $(GAME))

# The small committed example report (README shows one of its charts).
example: $(STAMP)
	$(PY) -m zoosim study analyses/player-counts.toml --scale 0.1 --reports-dir reports/.example-build --force
	rm -rf reports/example && mv reports/.example-build/player-counts reports/example && rmdir reports/.example-build

# Look at the reports as a reader does: the example and a multi-variant study (Castles, --scale 0.02) in headless
# Chromium. Needs Debian's chromium (not installed by `make install`; CI does not run this). Each page is shot whole
# in a tall window and cut into screens: reports/screenshots/<report>.png is the first (committed; README shows one),
# reports/.check/shots/<report>-NN.png all of them.
CHROMIUM ?= chromium
SHOTS := reports/screenshots
CHECK := reports/.check
define CUT_SCREENS
import sys
from PIL import Image
whole, name = Image.open(sys.argv[1]).convert("RGB"), sys.argv[2]
ink = [y for y in range(whole.height - 1, -1, -8) if whole.crop((0, y, whole.width, y + 1)).getextrema() != ((255, 255), (255, 255), (255, 255))]
bottom = min(whole.height, (ink[0] if ink else 0) + 40)
if bottom >= whole.height:
    print(f"check-report: {name} is longer than the screenshot; its end is cut", file=sys.stderr)
screens = [whole.crop((0, top, whole.width, min(bottom, top + 1500))) for top in range(0, bottom, 1500)]
for k, screen in enumerate(screens, 1):
    screen.save(f"$(CHECK)/shots/{name}-{k:02d}.png", optimize=True)
screens[0].save(f"$(SHOTS)/{name}.png", optimize=True)
print(f"screenshots: $(SHOTS)/{name}.png and {len(screens)} screens in $(CHECK)/shots/{name}-NN.png")
endef
export CUT_SCREENS
check-report: $(STAMP)
	@command -v $(CHROMIUM) >/dev/null 2>&1 || { echo "make check-report needs Debian's chromium: apt-get install -y chromium (or CHROMIUM=/path/to/chromium)" >&2; exit 2; }
	@test -f reports/example/index.html || $(MAKE) example
	$(PY) -m zoosim study analyses/castles.toml --scale 0.02 --reports-dir $(CHECK)
	@mkdir -p $(SHOTS) $(CHECK)/shots && rm -f $(CHECK)/shots/*.png
	@set -e; for page in example=reports/example/index.html castles=$(CHECK)/castles/index.html; do \
	  name=$${page%%=*}; profile=$$(mktemp -d); \
	  $(CHROMIUM) --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
	    --user-data-dir=$$profile --screenshot=$(CHECK)/$$name-whole.png --window-size=1200,24000 \
	    "file://$$(realpath $${page#*=})" >/dev/null 2>&1; \
	  rm -rf $$profile; test -s $(CHECK)/$$name-whole.png; \
	  $(PY) -c "$$CUT_SCREENS" $(CHECK)/$$name-whole.png $$name; \
	done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
	rm -rf "$${XDG_CACHE_HOME:-$$HOME/.cache}/zoosim/numba"
	find . -name __pycache__ -prune -exec rm -rf {} +

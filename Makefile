# Two commands on a fresh machine: `make play` and `make test` (README).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
HEADLESS := QT_QPA_PLATFORM=offscreen SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# setuptools notes every editable install of a project with mapped folders (art/, layouts/)
# with an "Editable installation." warning that no configuration turns off: only that one
# is silenced; any other warning or error still shows.
PIP_INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet

.PHONY: play test stress bench clean screenshots

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e ".[test]"
	touch $(STAMP) $@

play: $(STAMP)
	$(BIN)/tabletop

# Tests spread over every core (pytest-xdist): 2 on CI.
test: $(TEST_STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -q -n auto --dist worksteal

# Fault injection and long random play (stress/README.md); not part of `make test`.
stress: $(TEST_STAMP)
	$(HEADLESS) $(BIN)/python stress/save_fuzz.py
	$(HEADLESS) $(BIN)/python stress/autosave_kill.py
	$(HEADLESS) $(BIN)/python stress/worker_faults.py
	$(HEADLESS) $(BIN)/python stress/random_play.py
	$(HEADLESS) $(BIN)/python stress/hostile.py

bench: $(STAMP)
	$(HEADLESS) $(BIN)/tabletop bench paargus

screenshots: $(STAMP)
	mkdir -p docs/screenshots
	$(HEADLESS) $(BIN)/tabletop screenshot paargus --out docs/screenshots/paargus.png --moves 40
	$(HEADLESS) $(BIN)/tabletop screenshot pariah --out docs/screenshots/pariah.png --moves 60

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache

# --- installers (packaging/README.md) ---------------------------------------------
# `make package`: PyInstaller one-folder app in build/app/tabletop, then dist/*.deb and
# dist/*.tar.xz. `make package-test`: the packaging tests against the built .deb.
PYINSTALLER := pyinstaller>=6.10,<7
PKG_STAMP := $(VENV)/.installed-packaging

.PHONY: package package-test

$(PKG_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet "$(PYINSTALLER)"
	touch $@

package: $(PKG_STAMP)
	$(BIN)/python packaging/build.py all

package-test: $(TEST_STAMP) $(PKG_STAMP)
	$(HEADLESS) TABLETOP_PACKAGING=1 $(BIN)/python -m pytest -q -m packaging tests/test_packaging.py

# Measure the bots (arena, seats alternating, fixed seeds) and rewrite docs/BOTS.md: every
# game (long: tens of minutes a game), or one with `make bots-report GAME=pariah`; the other
# games keep their last figures (docs/bots/GAME.json). MATCHUP=2 measures only the plan's
# second matchup (MATCHUP="1 2": the first two) and keeps the game's others. Finished batches
# of games are kept in build/bots-runs: stopped and started again, a run plays only the rest.
.PHONY: bots-report
bots-report: $(STAMP)
	$(HEADLESS) $(BIN)/python -m tabletop.lab.report $(if $(GAME),--game $(GAME)) $(foreach m,$(MATCHUP),--matchup $(m))

# Ticket to Ride teaching notebooks: developer entry points.
#   make lab        JupyterLab on the start-here notebook
#   make lab-ko     the same on the Korean start page (notebooks/ko/00_start_here.ipynb)
#   make test       every test (unit, property, notebooks, browser)
#   make classroom  the Voila classroom app
#   make play       the Voila app: a game against the bots, with a rules coach
#   make scoresheet the Voila app: score a real game by clicks
#   make play-ko, make scoresheet-ko  the same two apps in Korean (notebooks/ko/, kernel ttr-ko)
#   make lint       ruff (lint and format check) and mypy
#   make book       the static site of every notebook and the docs, in _build/html
#   make messages   the Korean message catalogue in step with the code (ttr/locale), compiled
# The venv is .venv; it is created and (re)installed automatically when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

START_NOTEBOOK := notebooks/00_start_here.ipynb
LAB_TARGET     := $(or $(wildcard $(START_NOTEBOOK)),$(wildcard notebooks/))
LAB_TARGET_KO  := $(or $(wildcard notebooks/ko/00_start_here.ipynb),$(LAB_TARGET))
# The Korean notebooks' kernel (named in their metadata): this venv's Python with TTR_LANG=ko,
# so that the engine speaks Korean in them without a code cell of their own.
KO_KERNEL      := $(VENV)/share/jupyter/kernels/ttr-ko/kernel.json
ROOT_FLAG      := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_OVERRIDES  := $(VENV)/share/jupyter/lab/settings/overrides.json
LINT_PATHS     := $(wildcard conftest.py ttr tests benchmarks docs)

.PHONY: venv lab lab-ko test classroom play scoresheet play-ko scoresheet-ko lint book messages clean distclean

venv: $(STAMP) $(KO_KERNEL)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Editable, so that the checkout is what runs; the notebooks and tests also read data/
# (scenarios and positions) from it. `pip install .` or a wheel works anywhere too.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -e '.[dev,book]'
	touch $@

# A target of its own (after the install), so that a venv made before it gets the kernel too.
$(KO_KERNEL): $(STAMP)
	$(BIN)/python -m ipykernel install --sys-prefix --name ttr-ko \
		--display-name "Python 3 (ttr, 한국어)" --env TTR_LANG ko

# $(1): the notebook to open.
define open_lab
	mkdir -p $(dir $(LAB_OVERRIDES))
	printf '%s\n' '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}' > $(LAB_OVERRIDES)
	$(BIN)/jupyter lab $(ROOT_FLAG) $(1)
endef

lab: venv
	$(call open_lab,$(LAB_TARGET))

# A target, not `make lab LANG=ko`: LANG (and LANGUAGE) are the shell's locale variables, and a
# TTR_LANG given to make would reach every kernel of the server, the English notebooks' too.
# The Korean notebooks speak Korean through their kernel (ttr-ko), whichever way Lab starts.
lab-ko: venv
	$(call open_lab,$(LAB_TARGET_KO))

# Two workers (CI has two cores); --dist loadscope in pyproject keeps each notebook on one worker.
test: venv
	$(BIN)/python -m pytest -n 2

classroom: venv
	$(BIN)/voila --no-browser notebooks/classroom_app.ipynb

play: venv
	$(BIN)/voila --no-browser notebooks/play.ipynb

scoresheet: venv
	$(BIN)/voila --no-browser notebooks/score_sheet.ipynb

# Voila starts the kernel the notebook names: ttr-ko, so the engine speaks Korean there.
play-ko: venv
	$(BIN)/voila --no-browser notebooks/ko/play.ipynb

scoresheet-ko: venv
	$(BIN)/voila --no-browser notebooks/ko/score_sheet.ipynb

# Renders the committed outputs (no notebook is executed); see docs/conf.py.
book: venv
	$(BIN)/python -m sphinx -E -W --keep-going -b html -d _build/doctrees -c docs . _build/html

# New messages get an empty translation in ttr/locale/ko/LC_MESSAGES/ttr.po, stale ones go;
# the .mo is compiled beside it (tests/test_i18n.py checks both).
messages: venv
	$(BIN)/python tests/catalogue.py

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/mypy

clean:
	rm -rf build dist _build *.egg-info .pytest_cache .hypothesis .ruff_cache test-artifacts
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

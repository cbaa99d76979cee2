# Ticket to Ride teaching notebooks: developer entry points.
#   make lab        JupyterLab on the start-here notebook
#   make lab-ko     the same on the Korean start page (notebooks/ko/00_start_here.ipynb)
#   make test       the main suite (unit, property, notebooks, browser); not the long, book,
#                   course, browser-edition or compiled tiers below (docs/testing.md)
#   make test-long  the long checks: random playouts, brute-force move counts
#   make test-book  the book built as `make book` builds it, every page opened in Chromium
#   make test-engine  every test but the notebooks' and the browser's (CI, Python 3.12, 3.13)
#   make classroom  the Voila classroom app
#   make play       the Voila app: a game against the bots, with a rules coach
#   make scoresheet the Voila app: score a real game by clicks
#   make play-ko, make scoresheet-ko  the same two apps in Korean (notebooks/ko/, kernel ttr-ko)
#   make lab-zh, make play-zh, make scoresheet-zh  中文版: the same in Chinese (notebooks/zh/, ttr-zh)
#   make lint       ruff (lint and format check) and mypy
#   make book       the static site of every notebook and the docs, in _build/html
#   make course     the course kit: _build/course/student/ (a notebook per lesson from 10) and
#                   _build/course/autograder/ (otter-grader's zip per lesson), see docs/teaching
#   make grade SUBMISSIONS=DIR  grade DIR/*.ipynb into DIR/grades.csv (no Docker)
#   make slides     each lesson's core as a reveal.js deck in _build/slides/
#   make test-course  the course kit's tests (tests/test_course.py) and the lessons' run times
#   make messages   the Korean and Chinese message catalogues in step with the code (ttr/locale)
#   make sync-translations  the English notebooks' code cells copied into notebooks/ko/ and zh/
#   make lite       the browser edition (JupyterLite, Pyodide): a static site in _build/lite
#   make test-lite  its offline browser tests (builds it first; docs/lite.md)
#   make compiled   the optional compiled build (mypyc) in .venv-compiled; .venv stays pure Python
#   make test-compiled  the engine tests and the identity test against the compiled build
# The venv is .venv; it is created and (re)installed automatically when pyproject.toml changes.

PYTHON ?= python3
VENV   := .venv
# Processes write their bytecode (to __pycache__, git-ignored) even where the shell sets
# PYTHONDONTWRITEBYTECODE: a test run starts a hundred Python processes (workers, kernels,
# servers), and without it each one compiles the package afresh.
unexport PYTHONDONTWRITEBYTECODE
# xdist workers of `make test`: three on two cores, since the browser tests wait on their
# servers and kernels and a third worker fills that time (docs/testing.md has the times).
JOBS ?= 3
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

START_NOTEBOOK := notebooks/00_start_here.ipynb
LAB_TARGET     := $(or $(wildcard $(START_NOTEBOOK)),$(wildcard notebooks/))
LAB_TARGET_KO  := $(or $(wildcard notebooks/ko/00_start_here.ipynb),$(LAB_TARGET))
LAB_TARGET_ZH  := $(or $(wildcard notebooks/zh/00_start_here.ipynb),$(LAB_TARGET))
# The Korean notebooks' kernel (named in their metadata): this venv's Python with TTR_LANG=ko,
# so that the engine speaks Korean in them without a code cell of their own.
KO_KERNEL      := $(VENV)/share/jupyter/kernels/ttr-ko/kernel.json
# The Chinese notebooks' kernel, the same with TTR_LANG=zh.
ZH_KERNEL      := $(VENV)/share/jupyter/kernels/ttr-zh/kernel.json
ROOT_FLAG      := $(if $(filter 0,$(shell id -u)),--allow-root,)
LAB_OVERRIDES  := $(VENV)/share/jupyter/lab/settings/overrides.json
LINT_PATHS     := $(wildcard conftest.py setup.py build_support ttr tests benchmarks docs)

.PHONY: venv lab lab-ko lab-zh test test-long test-book test-engine classroom play scoresheet play-ko \
	scoresheet-ko play-zh scoresheet-zh lint book messages sync-translations course grade slides \
	test-course compiled test-compiled lite test-lite clean distclean

venv: $(STAMP) $(KO_KERNEL) $(ZH_KERNEL)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Editable, so that the checkout is what runs; the notebooks and tests also read data/
# (scenarios and positions) from it. `pip install .` or a wheel works anywhere too.
# TTR_COMPILE is dropped: this venv is always the pure-Python one (see `make compiled`).
$(STAMP): pyproject.toml | $(BIN)/python
	env -u TTR_COMPILE $(BIN)/python -m pip install --disable-pip-version-check -e '.[dev,book]'
	touch $@

# A target of its own (after the install), so that a venv made before it gets the kernel too.
$(KO_KERNEL): $(STAMP)
	$(BIN)/python -m ipykernel install --sys-prefix --name ttr-ko \
		--display-name "Python 3 (ttr, 한국어)" --env TTR_LANG ko

$(ZH_KERNEL): $(STAMP)
	$(BIN)/python -m ipykernel install --sys-prefix --name ttr-zh \
		--display-name "Python 3 (ttr, 中文)" --env TTR_LANG zh

# Every server takes PORT (`make lab PORT=8890`); without it, Jupyter's and Voila's defaults.
PORT       ?=
PORT_FLAG  := $(if $(PORT),--port=$(PORT),)
VOILA_URL  := http://localhost:$(or $(PORT),8866)/voila/render

# $(1): the notebook to open.
define open_lab
	mkdir -p $(dir $(LAB_OVERRIDES))
	printf '%s\n' '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}' > $(LAB_OVERRIDES)
	$(BIN)/jupyter lab $(ROOT_FLAG) $(PORT_FLAG) $(1)
endef

# The apps are served with their folder, so that the coach's "Learn it" links open the lesson
# notebooks in a new tab; each app is at the address printed first. $(1): the app's path
# under notebooks/, $(2): what to call it.
define open_app
	@echo "$(2): $(VOILA_URL)/$(1)"
	$(BIN)/voila --no-browser $(PORT_FLAG) notebooks/
endef

lab: venv
	$(call open_lab,$(LAB_TARGET))

# A target, not `make lab LANG=ko`: LANG (and LANGUAGE) are the shell's locale variables, and a
# TTR_LANG given to make would reach every kernel of the server, the English notebooks' too.
# The Korean and Chinese notebooks speak their language through their kernel (ttr-ko, ttr-zh),
# whichever way Lab starts.
lab-ko: venv
	$(call open_lab,$(LAB_TARGET_KO))

lab-zh: venv
	$(call open_lab,$(LAB_TARGET_ZH))

# JOBS workers; --dist loadscope in pyproject keeps each notebook on one worker, the slowest
# modules first (conftest.py).
# The long checks (marked `long`: the 1,600 random playouts, the brute-force move counts) are
# `make test-long`, which CI runs after the main suite, as it runs `make test-book` (the book's
# build and pages); docs/testing.md has the times.
# The course kit's tests grade notebooks for minutes: `make test-course` runs them.
test: venv
	$(BIN)/python -m pytest -n $(JOBS) -m "not long and not book" --ignore=tests/test_course.py

test-long: venv
	$(BIN)/python -m pytest -n 2 -m long tests --ignore=tests/test_course.py

# The book's tier (the static site is a build of its own, as the browser edition's is): Sphinx
# builds it as `make book` does, into a temporary folder, and Chromium opens every page.
test-book: venv
	$(BIN)/python -m pytest -n 0 -m book tests/browser/test_book.py

# Every test but the notebooks' (nbval, the exercises) and the browser's, the long ones neither:
# the tier CI runs on the other Pythons (3.12, 3.13).
test-engine: venv
	$(BIN)/python -m pytest -n 2 -m "not long and not browser" -o addopts="-ra --dist loadscope" \
		tests --ignore=tests/browser --ignore=tests/test_exercises.py --ignore=tests/test_course.py

classroom: venv
	$(BIN)/voila --no-browser $(PORT_FLAG) notebooks/classroom_app.ipynb

play: venv
	$(call open_app,play.ipynb,The play table)

scoresheet: venv
	$(call open_app,score_sheet.ipynb,The score sheet)

# Voila starts the kernel the notebook names (ttr-ko, ttr-zh), so the engine speaks its language.
play-ko: venv
	$(call open_app,ko/play.ipynb,게임 테이블)

scoresheet-ko: venv
	$(call open_app,ko/score_sheet.ipynb,점수표)

play-zh: venv
	$(call open_app,zh/play.ipynb,游戏桌)

scoresheet-zh: venv
	$(call open_app,zh/score_sheet.ipynb,计分表)

# Renders the committed outputs (no notebook is executed); see docs/conf.py.
book: venv
	$(BIN)/python -m sphinx -E -W --keep-going -b html -d _build/doctrees -c docs . _build/html

# The course kit (#29, build_support/course.py): otter-grader and nbconvert's slides, the
# [course] extra, installed into .venv on first use.
COURSE_STAMP := $(VENV)/.course-installed

$(COURSE_STAMP): $(STAMP)
	env -u TTR_COMPILE $(BIN)/python -m pip install --disable-pip-version-check -e '.[course]'
	touch $@

course: $(COURSE_STAMP)
	$(BIN)/python -m build_support.course build

# Grades locally, without Docker (otter.api.grade_submission): each notebook runs in this venv.
grade: course
	@test -n "$(SUBMISSIONS)" || { echo "usage: make grade SUBMISSIONS=DIR" >&2; exit 2; }
	$(BIN)/python -m build_support.course grade $(SUBMISSIONS)

slides: $(COURSE_STAMP)
	$(BIN)/python -m build_support.course slides

# Grading runs every lesson three times (a few minutes): a step of its own in .ci/run. Then the
# lessons' run times (at most 30 s each, measured, not asserted) and core sizes, as a report.
test-course: $(COURSE_STAMP)
	$(BIN)/python -m pytest -n 2 --dist load tests/test_course.py
	$(BIN)/python benchmarks/bench_notebooks.py $(wildcard notebooks/[1-9][0-9]_*.ipynb)
	$(BIN)/python -m build_support.course sizes

# The browser edition (#27, docs/lite.md): build_support/lite/build.py in a venv of its own with
# the pinned build tools (requirements.txt); it fetches the Pyodide core from npm and the wheels
# from PyPI, pinned, and builds the static site into _build/lite.
LITE_VENV := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed

$(LITE_STAMP): build_support/lite/requirements.txt
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --disable-pip-version-check -r $<
	touch $@

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python -m build_support.lite.build --out _build/lite

# Its browser tests, offline (tests/browser/test_lite.py): one worker, a Pyodide kernel is heavy;
# -s: each test prints its times (the kernel's start, the cells, the clicks of the game).
test-lite: venv lite
	TTR_LITE_TEST=1 $(BIN)/python -m pytest -n 0 -s tests/browser/test_lite.py

# New messages get an empty translation in ttr/locale/{ko,zh}/LC_MESSAGES/ttr.po, stale ones go;
# the .mo is compiled beside it (tests/test_i18n.py checks both).
messages: venv
	$(BIN)/python tests/catalogue.py

# The code cells of notebooks/NN_*.ipynb copied into notebooks/ko/ and notebooks/zh/ (their text
# cells kept); each twin changed is then re-executed in its kernel (ttr-ko, ttr-zh).
sync-translations: venv
	$(BIN)/python build_support/sync_cells.py --execute

lint: venv
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)
	$(BIN)/mypy

# The compiled build (#13, docs/performance.md): `TTR_COMPILE=1 pip install .` into a venv of its
# own, which compiles the modules listed in pyproject.toml ([tool.ttr.compiled]) with mypyc
# (setup.py); rebuilt when the engine's source changes. Not editable: the checkout stays pure.
COMPILED_VENV  := .venv-compiled
COMPILED_STAMP := $(COMPILED_VENV)/.installed
COMPILED_TOOLS := pytest pytest-xdist hypothesis
# The engine tests that exercise the compiled modules (turns, legal actions, refusals, undo, save
# and load, staging), and the identity test. Run from tests/ with PYTHONSAFEPATH, so that the
# checkout's pure `ttr` is never on sys.path; test_compiled.py fails if the build is not compiled.
COMPILED_TESTS := test_compiled.py test_claim.py test_draw.py test_end.py test_events.py \
	test_notation.py test_perft.py test_persist.py test_properties.py test_random_play.py \
	test_refusals.py test_setup.py test_staging.py test_stations.py test_tickets.py \
	test_turns.py test_undo.py test_worked_examples.py test_hostile_input.py
# The every-invariant random games at 3 and 5 players (half of the run's time) stay in `make test`.
COMPILED_SKIP  := $(foreach case,usa-3 usa-5 europe-3 europe-5,\
	'--deselect=tests/test_random_play.py::test_random_games_keep_every_invariant[$(case)]')

compiled: $(COMPILED_STAMP)

$(COMPILED_VENV)/bin/python:
	$(PYTHON) -m venv $(COMPILED_VENV)
	$@ -m pip install --disable-pip-version-check $(COMPILED_TOOLS)

$(COMPILED_STAMP): pyproject.toml setup.py build_support/mypyc_option.py $(wildcard ttr/*.py ttr/*/*.py) | $(COMPILED_VENV)/bin/python
	$(COMPILED_VENV)/bin/python -m pip uninstall --disable-pip-version-check -y -q ttr-teach
	TTR_COMPILE=1 $(COMPILED_VENV)/bin/python -m pip install --disable-pip-version-check .
	touch $@

test-compiled: $(COMPILED_STAMP)
	cd tests && TTR_EXPECT_COMPILED=1 PYTHONSAFEPATH=1 PYTHONPATH=$(CURDIR)/tests \
		../$(COMPILED_VENV)/bin/python -m pytest -n 2 -p no:cacheprovider -o addopts=-ra \
		--import-mode=importlib $(COMPILED_SKIP) $(COMPILED_TESTS)

clean:
	rm -rf build dist _build *.egg-info .pytest_cache .hypothesis .ruff_cache test-artifacts
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(COMPILED_VENV) $(LITE_VENV)

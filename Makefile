# Gridline — the two quick-start commands are `make run` and `make test`.
# Both install what the machine lacks (as root on Debian) before building.

SWIFT ?= swift

.PHONY: run test check-exports lsp-client browser browser-screenshot deps bench record lint format fuzz fuzz-build fuzz-run sanitize

# The main job: build gl (release) and take the tour of the examples.
run: deps
	$(SWIFT) build -c release --product gl
	.build/release/gl run examples/tour.gl

# Every test, after a build that rejects imports the manifest does not declare; then the
# examples and the course's solutions run as specs through `gl test`, as a user's would,
# and the project's own scripts are checked to be in `gl fmt`'s layout.
test: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build
	.build/debug/gl test examples docs/tutorial/solutions
	.build/debug/gl fmt --check examples docs/tutorial
	$(MAKE) check-exports
	$(MAKE) lsp-client
	$(MAKE) browser

# `gl lsp` as an editor meets it: a separate process under pygls's LanguageClient (a client
# nobody here wrote), from PyPI into a virtual environment of its own.
LSP_CLIENT_ENV = .build-lsp-client
$(LSP_CLIENT_ENV)/bin/pytest:
	python3 -m venv $(LSP_CLIENT_ENV)
	$(LSP_CLIENT_ENV)/bin/pip install --quiet --disable-pip-version-check \
		pygls==2.1.1 lsprotocol==2025.0.0 pytest==9.0.3

lsp-client: $(LSP_CLIENT_ENV)/bin/pytest
	$(SWIFT) build --product gl
	GL=.build/debug/gl PYTHONDONTWRITEBYTECODE=1 $(LSP_CLIENT_ENV)/bin/pytest -q -p no:cacheprovider \
		Tests/GridlineLSPTests/Client

# `gl serve`'s playground as a person meets it: the page in headless Chromium (Debian's
# chromium and chromium-driver, installed by `make deps`) driven through WebDriver with real
# input events, and its protocol's guards through a WebSocket client; from PyPI into a
# virtual environment of its own. Screenshots land in .build-browser-client/screenshots/.
BROWSER_CLIENT_ENV = .build-browser-client
$(BROWSER_CLIENT_ENV)/bin/pytest:
	python3 -m venv $(BROWSER_CLIENT_ENV)
	$(BROWSER_CLIENT_ENV)/bin/pip install --quiet --disable-pip-version-check \
		selenium==4.38.0 websocket-client==1.9.2 pytest==9.0.3

browser: $(BROWSER_CLIENT_ENV)/bin/pytest
	$(SWIFT) build --product gl
	GL=.build/debug/gl PYTHONDONTWRITEBYTECODE=1 timeout 900 $(BROWSER_CLIENT_ENV)/bin/pytest -q -rA \
		-p no:cacheprovider Tests/GridlineServeTests/Browser

# Writes docs/playground.png, the README's picture of the playground.
browser-screenshot: $(BROWSER_CLIENT_ENV)/bin/pytest
	$(SWIFT) build --product gl
	GL=.build/debug/gl PYTHONDONTWRITEBYTECODE=1 $(BROWSER_CLIENT_ENV)/bin/pytest -q -p no:cacheprovider \
		--docs-screenshot -k readme_screenshot Tests/GridlineServeTests/Browser

# `gl export swift` proven: every example's exported Swift, compiled against LayoutEngine
# under UIKit's names, lays out the frames the script does.
check-exports:
	$(SWIFT) build --product gl
	.ci/check-exports .build/debug/gl

# The full benchmark (release build); pass ARGS="--json" or a case-name filter.
bench: deps
	$(SWIFT) build -c release --product gl
	$(SWIFT) build -c release --product gridline-bench
	.build/release/gridline-bench $(ARGS)

# Rewrites the golden files (examples/*.out, the diagnostics corpus) from the current
# output; review the diff before committing.
record:
	GRIDLINE_RECORD=1 $(SWIFT) test --filter "Golden|Corpus|BadInputCatalogue" || true

# Coverage-guided fuzzing of the lexer, parser, checker and interpreter (libFuzzer and
# AddressSanitizer; Fuzz/FuzzTarget.swift) for FUZZ_SECONDS, or FUZZ_RUNS executions when
# given: `make fuzz FUZZ_RUNS=1000000`. Findings land in .build-fuzz/findings/; keep each
# in Tests/GridlineLanguageTests/FuzzRegressions/ with its fix.
FUZZ_SECONDS ?= 120
FUZZ_RUNS ?=
fuzz: fuzz-build fuzz-run

# The run alone (on a shared machine: the build under the build lock, the run outside it).
fuzz-run:
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) nice -n 19 Fuzz/run

fuzz-build: deps
	SWIFT=$(SWIFT) Fuzz/build

# Every test under AddressSanitizer, then the REPL's (its signal handling) under
# ThreadSanitizer; each sanitizer builds in a folder of its own. Leak checking is off:
# LeakSanitizer cannot follow the pointers Swift keeps with an enum's tag in their spare
# bits, so a live syntax tree at exit (the REPL's session) reads as leaked, and XCTest
# leaks its own suite objects.
sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --scratch-path .build-asan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SWIFT) test --skip-build --scratch-path .build-tsan --filter GridlineREPLTests

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

# System packages the build needs: libedit (the REPL's line editor) and pkg-config.
# Installed with apt when missing (as root, or through sudo).
deps:
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH"; exit 1; }
	@.ci/install-deps

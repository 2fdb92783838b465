# Gridline — the two quick-start commands are `make run` and `make test`.
# Both install what the machine lacks (as root on Debian) before building.

SWIFT ?= swift

.PHONY: run test deps bench lint format

# The main job: for now the benchmark's short mode (the tour of examples arrives with gl).
run: deps
	$(SWIFT) build -c release --product gridline-bench
	.build/release/gridline-bench --short

# Every test, after a build that rejects imports the manifest does not declare.
test: deps
	$(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	$(SWIFT) test --skip-build

# The full benchmark (release build); pass ARGS="--json" or a case-name filter.
bench: deps
	$(SWIFT) build -c release --product gridline-bench
	.build/release/gridline-bench $(ARGS)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

format:
	$(SWIFT) format format -i -r Sources Tests Package.swift

# System packages the build needs; none yet beyond the Swift toolchain.
deps:
	@command -v $(SWIFT) >/dev/null || { echo "swift is not on PATH"; exit 1; }

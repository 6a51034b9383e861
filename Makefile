# EduJam: the two commands a fresh machine needs are `make play` and `make test` (README.md).
# Both install the Debian packages the build needs first (as root, or through sudo).

PACKAGES := liblua5.4-dev libsqlite3-dev lua5.4 pkg-config
# Only the tests need these: a real browser for the HTML report.
TEST_PACKAGES := chromium
SWIFT ?= swift
EDUJAM := .build/debug/edujam

.PHONY: all deps test-deps build play test test-swift test-games bench example-report clean

all: build

## deps: install the system libraries (Lua 5.4, SQLite) if any is missing
deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES)"

## test-deps: also what the tests use (headless Chromium for the HTML report)
test-deps: deps
	@$(MAKE) --no-print-directory install-packages WANTED="$(TEST_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(WANTED); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

## play: the main job, a student plays Math Jam in this terminal
play: build
	$(EDUJAM) play games/math-jam

## test: every test: Swift unit and end-to-end tests, the pattern matcher against stock Lua,
## and the games' own checks and playthrough tests
test: test-swift test-patterns test-games

test-swift: build test-deps
	$(SWIFT) test

test-games: build
	$(EDUJAM) check games
	$(EDUJAM) test games

## bench: release build of the benchmark; prints the table (bench/README.md)
bench: deps
	$(SWIFT) build -c release --product edujam-bench
	$(SWIFT) build -c release --product edujam
	.build/release/edujam-bench

## example-report: rebuild docs/examples/class-report.html and .png from a demo class
example-report: build test-deps
	python3 docs/examples/make-class-report.py $(EDUJAM)

clean:
	rm -rf .build

include Tests/PatternsDifferential/rules.mk

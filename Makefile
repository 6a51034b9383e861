# EduJam: the two commands a fresh machine needs are `make play` and `make test` (README.md).
# Both install the Debian packages the build needs first (as root, or through sudo).

PACKAGES := liblua5.4-dev libsqlite3-dev lua5.4 pkg-config
SWIFT ?= swift
EDUJAM := .build/debug/edujam

.PHONY: all deps build play test test-swift test-games bench clean

all: build

## deps: install the system libraries (Lua 5.4, SQLite) if any is missing
deps:
	@missing=""; \
	for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
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

## test: every test: Swift unit and end-to-end tests, the pattern matcher and every other
## replaced library function against stock Lua, and the games' own checks and playthrough tests
test: test-swift test-patterns test-differential test-games

test-swift: build
	$(SWIFT) test

test-games: build
	$(EDUJAM) check games
	$(EDUJAM) test games

## bench: release build of the benchmark; prints the table (bench/README.md)
bench: deps
	$(SWIFT) build -c release --product edujam-bench
	$(SWIFT) build -c release --product edujam
	.build/release/edujam-bench

clean:
	rm -rf .build

include Tests/PatternsDifferential/rules.mk
include Tests/SandboxDifferential/rules.mk

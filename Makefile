# EduJam: the two commands a fresh machine needs are `make play` and `make test` (README.md).
# Both install the Debian packages the build needs first (as root, or through sudo).

# libcurl's development files: the release link (`make install`, --static-swift-stdlib) links
# FoundationNetworking (the LRS push) statically, and it needs libcurl's own link files.
PACKAGES := liblua5.4-dev libsqlite3-dev libpq-dev libcurl4-openssl-dev lua5.4 pkg-config
# Only the tests need these: a throwaway PostgreSQL server (Tests/TrackingTestSupport/PostgresServer.swift),
# a real browser for the HTML report, and zsh and fish to try the completions `make install` installs.
TEST_PACKAGES := chromium postgresql zsh fish
SWIFT ?= swift
EDUJAM := .build/debug/edujam
# make install: PREFIX/bin/edujam, PREFIX/share/edujam/games, PREFIX/share/doc/edujam, the bash, zsh
# and fish completions and the man page (made by the program from its commands' declarations).
# DESTDIR stages the tree for a package; EDUJAM_BINARY picks the program install-files copies.
PREFIX ?= /usr/local
DESTDIR ?=
EDUJAM_BINARY ?= .build/release/edujam
# Ralph LRS, for the tests that push to a real LRS (docs/interop.md): `make ralph` installs it here.
RALPH_VENV := .build/ralph-venv
# Before every Swift tool the Makefile runs (build, test, the symbol graphs): the run's scratch
# (stores, game folders, the throwaway PostgreSQL server's data, the programs the tests start)
# goes in a folder of its own, exported as TMPDIR and removed when the recipe's shell ends, pass
# or fail. `make test` left some 300 files and 10 MB in /tmp a run (and SwiftPM a few empty
# folders a build), which a machine that runs it every day never got back. Mode 711: as root, the
# server runs as `postgres` and must reach its own folder inside. Used as `$(IN_SCRATCH) COMMAND`.
IN_SCRATCH = scratch="$$(mktemp -d)" && chmod 711 "$$scratch" && trap 'rm -rf "$$scratch"' EXIT && export TMPDIR="$$scratch" &&

.PHONY: all deps test-deps build play test test-quick lint format test-swift test-postgresql test-asan test-games docs-check bench example-report clean install install-files uninstall ralph docs deb

all: build

## deps: install the system libraries (Lua 5.4, SQLite, libpq) if any is missing
deps:
	@$(MAKE) --no-print-directory install-packages WANTED="$(PACKAGES)"

## test-deps: also what the tests use (headless Chromium for the HTML report, a PostgreSQL server)
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
	$(IN_SCRATCH) $(SWIFT) build

## play: the main job, a student plays Math Jam in this terminal
play: build
	$(EDUJAM) play games/math-jam

## test: the style lint, every test: Swift unit and end-to-end tests, the sandbox's tests again
## under AddressSanitizer, the pattern matcher and every other replaced library function against
## stock Lua, Lua's own test files in a game, the games' own checks and playthrough tests, and
## the doc comments' symbol links
test: lint test-swift test-postgresql test-asan test-patterns test-differential test-lua-suite test-third-party test-games docs-check

## lint: swift format lint --strict with the root .swift-format, over every Swift file of the
## package (run `make format` to rewrite them in the house style before committing).
FORMATTED := Sources Tests Package.swift
lint:
	$(SWIFT) format lint --strict --parallel --recursive $(FORMATTED)

## format: rewrite every Swift file of the package in the house style
format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

# The LRS tests use EDUJAM_RALPH_VENV, else .build/ralph-venv (made by the ralph target), else
# /opt/ralph-venv; with none of them they are skipped and say so.
test-swift: build test-deps ralph
	@if [ -z "$$EDUJAM_RALPH_VENV" ] && [ -x $(RALPH_VENV)/bin/ralph ]; then \
		export EDUJAM_RALPH_VENV="$(CURDIR)/$(RALPH_VENV)"; fi; \
	$(IN_SCRATCH) $(SWIFT) test

## test-postgresql: the Tracking and Classroom suites again, on PostgreSQL (a throwaway server per
## run, Tests/TrackingTestSupport/PostgresServer.swift); SQLite's own tests are skipped there
test-postgresql: build test-deps
	$(IN_SCRATCH) EDUJAM_TEST_ENGINE=postgresql $(SWIFT) test --filter 'TrackingTests|ClassroomTests'

## ralph: Ralph LRS (PyPI ralph-malph) in a virtual environment, for the LRS tests. Optional and
## fail-safe: if it cannot be installed (no python3-venv, no network), those tests are skipped.
ralph:
	@if $(RALPH_VENV)/bin/python -c 'import ralph.cli, requests' 2>/dev/null; then \
		echo "Ralph LRS is installed in $(RALPH_VENV)"; \
	else \
		python3 -m venv $(RALPH_VENV) \
		&& $(RALPH_VENV)/bin/pip install -q --disable-pip-version-check --timeout 30 --retries 1 'ralph-malph[cli,lrs]' requests \
		&& echo "Ralph LRS installed in $(RALPH_VENV)" \
		|| echo "Ralph LRS could not be installed: the LRS tests will be skipped"; \
	fi

## test-asan: the sandbox's tests with AddressSanitizer on the C shim and Swift alike, in a
## build folder of their own (a read of freed memory fails the run, docs/sandbox.md).
## EDUJAM_ONLY_TESTS (Package.swift) builds only SandboxTests and the modules it imports:
## building the whole package a second time under ASan was a third of `make test` (README).
test-asan: deps
	$(IN_SCRATCH) EDUJAM_ONLY_TESTS=SandboxTests LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --sanitize=address --scratch-path .build/asan --filter SandboxTests

## test-quick: the inner loop for a change to one module: its own test suite, in the debug build,
## with no lint, sanitizer, second engine or games run (`make test-quick MODULE=Tracking`; MODULE
## is a folder of Tests/ without `Tests`, several joined by `|`). `make test` before committing.
MODULE ?= Sandbox
test-quick: build
	$(IN_SCRATCH) $(SWIFT) test --filter '^($(MODULE))Tests\.'

## docs-check: every ``Symbol/path`` a doc comment (Sources, Tests) or a doc links and every `Type.member` a doc
## names exists. The symbol graphs of the built modules (swift-symbolgraph-extract, every access
## level, one module per core at a time: each extraction is one thread), then Tests/DocsTests
## against them (DocLinkTests): 10 s of CPU once the tests are built.
SYMBOL_GRAPHS := .build/symbol-graphs
docs-check: build
	@rm -rf $(SYMBOL_GRAPHS) && mkdir -p $(SYMBOL_GRAPHS)
	@$(IN_SCRATCH) debug="$$(realpath .build/debug)"; \
	triple="$$($(SWIFT) -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"; \
	maps="$$(for map in $(CURDIR)/Sources/*/module.modulemap "$$debug"/*.build/module.modulemap; do echo -Xcc -fmodule-map-file=$$map; done)"; \
	for target in Sources/*/ Tests/*/; do \
		module="$$(basename $$target | tr - _)"; \
		if [ -f "$$debug/Modules/$$module.swiftmodule" ]; then echo "$$module"; fi; \
	done | xargs -P "$$(nproc)" -I '{}' $(SWIFT) symbolgraph-extract -module-name '{}' -target "$$triple" \
		-I "$$debug/Modules" -module-cache-path "$$debug/ModuleCache" $$maps \
		-Xcc -I -Xcc $(CURDIR)/Sources/LuaShim/include $$(pkg-config --cflags-only-I libpq) \
		-minimum-access-level private -skip-synthesized-members -output-dir $(SYMBOL_GRAPHS)
	$(IN_SCRATCH) EDUJAM_SYMBOL_GRAPHS="$(CURDIR)/$(SYMBOL_GRAPHS)" $(SWIFT) test --filter DocsTests

test-games: build
	$(EDUJAM) check games
	$(EDUJAM) test games

## bench: release build of the benchmark; prints the table and writes it to bench/RESULTS.md,
## replacing the last run's (what each row measures and its target: bench/README.md)
bench: deps
	$(IN_SCRATCH) $(SWIFT) build -c release --product edujam-bench
	$(IN_SCRATCH) $(SWIFT) build -c release --product edujam
	.build/release/edujam-bench --results bench/RESULTS.md

## example-report: rebuild docs/examples/class-report.html and .png from a demo class
example-report: build test-deps
	python3 docs/examples/make-class-report.py $(EDUJAM)

## docs: rewrite docs/cli.md's generated blocks (the command and option tables) from the commands'
## declarations (Sources/EdujamCommandLine); CommandDeclarationTests fails while they differ
docs: build
	$(EDUJAM) __docs docs/cli.md

## install: a release build of edujam (the Swift libraries linked in, so it runs without the
## toolchain) with the games and the docs, under PREFIX (default /usr/local; README.md)
install: deps
	$(IN_SCRATCH) $(SWIFT) build -c release --product edujam --static-swift-stdlib
	$(MAKE) --no-print-directory install-files EDUJAM_BINARY=.build/release/edujam

BASH_COMPLETION := share/bash-completion/completions/edujam
ZSH_COMPLETION := share/zsh/site-functions/_edujam
FISH_COMPLETION := share/fish/vendor_completions.d/edujam.fish
MAN_PAGE := share/man/man1/edujam.1

## install-files: copy EDUJAM_BINARY, games/ and the docs under DESTDIR/PREFIX, readable by everyone,
## with the completions and the man page EDUJAM_BINARY makes, and the Ralph LRS launcher of
## docs/interop.md's recipe (PREFIX/share/edujam/ralph_launcher.py, the one the tests use)
RALPH_LAUNCHER := Tests/CLITests/Fixtures/lrs/ralph_launcher.py
install-files:
	install -d -m 755 $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/edujam $(DESTDIR)$(PREFIX)/share/doc/edujam
	install -m 755 $(EDUJAM_BINARY) $(DESTDIR)$(PREFIX)/bin/edujam
	for made in "__completions bash:$(BASH_COMPLETION)" "__completions zsh:$(ZSH_COMPLETION)" \
		"__completions fish:$(FISH_COMPLETION)" "__man:$(MAN_PAGE)"; do \
		file="$(DESTDIR)$(PREFIX)/$${made#*:}"; \
		install -d -m 755 "$$(dirname "$$file")" && $(EDUJAM_BINARY) $${made%%:*} > "$$file.tmp" \
			&& chmod 644 "$$file.tmp" && mv "$$file.tmp" "$$file" || { rm -f "$$file.tmp"; exit 1; }; \
	done
	rm -rf $(DESTDIR)$(PREFIX)/share/edujam/games
	cp -R games $(DESTDIR)$(PREFIX)/share/edujam/games
	cp -R docs/. README.md $(DESTDIR)$(PREFIX)/share/doc/edujam/
	install -m 644 $(RALPH_LAUNCHER) $(DESTDIR)$(PREFIX)/share/edujam/ralph_launcher.py
	chmod -R u=rwX,go=rX $(DESTDIR)$(PREFIX)/share/edujam $(DESTDIR)$(PREFIX)/share/doc/edujam

## deb: edujam_VERSION_ARCH.deb for a school's Debian server (README.md, "Installing it"): `make
## install` staged under /usr, with a DEBIAN/control whose Depends dpkg-shlibdeps computes from the
## libraries the binary links (a minimal debian/ tree is all it needs), and Recommends postgresql.
## VERSION is the program's (Sources/EdujamCommandLine/Version.swift). .ci/deb-check installs it on a clean
## Debian root.
VERSION := $(shell sed -n 's/^public let edujamVersion = "\(.*\)"$$/\1/p' Sources/EdujamCommandLine/Version.swift)
ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB := edujam_$(VERSION)_$(ARCH).deb
DEB_ROOT := .build/deb/root
# The package's Maintainer field: set it for a school's own build (make deb DEB_MAINTAINER=...).
DEB_MAINTAINER ?= EduJam maintainers <edujam@localhost>
deb: deps
	rm -rf .build/deb && mkdir -p $(DEB_ROOT)/DEBIAN .build/deb/debian
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/$(DEB_ROOT) PREFIX=/usr
	strip --strip-unneeded $(DEB_ROOT)/usr/bin/edujam
	printf 'Source: edujam\n\nPackage: edujam\nArchitecture: any\n' > .build/deb/debian/control
	cd .build/deb && dpkg-shlibdeps -O root/usr/bin/edujam | sed -n 's/^shlibs:Depends=//p' > depends
	test -s .build/deb/depends
	{ echo "Package: edujam"; echo "Version: $(VERSION)"; echo "Architecture: $(ARCH)"; \
	  echo "Maintainer: $(DEB_MAINTAINER)"; echo "Section: education"; echo "Priority: optional"; \
	  echo "Installed-Size: $$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1)"; \
	  echo "Depends: $$(cat .build/deb/depends)"; echo "Recommends: postgresql"; \
	  echo "Description: Lua mini-games for learning, tracked for teachers"; \
	  echo " Students play small Lua games in a terminal; teachers publish, assign and review them;"; \
	  echo " a school shares one PostgreSQL store (edujam server setup)."; \
	} > $(DEB_ROOT)/DEBIAN/control
	chmod -R u=rwX,go=rX $(DEB_ROOT)
	dpkg-deb --root-owner-group --build $(DEB_ROOT) $(DEB)
	@echo "Built $(DEB)"

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/edujam $(DESTDIR)$(PREFIX)/share/edujam $(DESTDIR)$(PREFIX)/share/doc/edujam
	rm -f $(DESTDIR)$(PREFIX)/$(BASH_COMPLETION) $(DESTDIR)$(PREFIX)/$(ZSH_COMPLETION) \
		$(DESTDIR)$(PREFIX)/$(FISH_COMPLETION) $(DESTDIR)$(PREFIX)/$(MAN_PAGE)

clean:
	rm -rf .build

include Tests/PatternsDifferential/rules.mk
include Tests/SandboxDifferential/rules.mk
include Tests/LuaSuite/rules.mk
include Tests/ThirdPartySuites/rules.mk

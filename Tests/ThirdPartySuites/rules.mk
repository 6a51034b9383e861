# Tests/ThirdPartySuites/rules.mk: included by the main Makefile. `make test-third-party` runs
# the test suites of 15 Lua libraries as teachers find them (their public repositories,
# unchanged) under stock lua5.4 and as games played by `edujam play` (run.sh, which prints a
# line per library and fails when one that passes under stock fails as a game for a cause
# other than a withheld function it lists). The libraries are not ours, so they are not in the
# repository: LUA_LIBS names a folder of their checkouts, one per repository named as
# GitHub names it (`make lua-libs` clones them there). Without it the target says so and passes.

LUA_LIBS ?= .build/lua-libs
THIRD_PARTY_REPOS := rxi/json.lua rxi/lume kikito/middleclass kikito/inspect.lua \
	pkulchenko/serpent kikito/semver.lua kikito/tween.lua kikito/i18n.lua \
	kyleconroy/lua-state-machine Yonaba/Moses Yonaba/30log kikito/bump.lua Stepets/utf8.lua \
	bakpakin/binser lunarmodules/Penlight

.PHONY: test-third-party lua-libs
test-third-party:
	@if [ ! -d "$(LUA_LIBS)/json.lua" ]; then \
		echo "test-third-party: skipped: no library checkouts in $(LUA_LIBS) (set LUA_LIBS, or make lua-libs)"; exit 0; fi; \
	$(IN_SCRATCH) $(SWIFT) build --product edujam && \
	Tests/ThirdPartySuites/run.sh "$(LUA_LIBS)" $(EDUJAM) .build/third-party

lua-libs:
	@mkdir -p $(LUA_LIBS) && for repo in $(THIRD_PARTY_REPOS); do \
		[ -d "$(LUA_LIBS)/$${repo#*/}" ] || git clone --quiet https://github.com/$$repo "$(LUA_LIBS)/$${repo#*/}" || exit 1; done

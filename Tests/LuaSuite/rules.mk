# Tests/LuaSuite/rules.mk: included by the main Makefile. `make test-lua-suite` plays Lua
# 5.4.4's own test files that a sandbox can run (game.lua lists them) as one game with
# `edujam play`: each must pass as it does under stock lua5.4. The files are Lua's, not
# ours, so they are not in the repository: LUA_TESTS names the folder of lua-5.4.4-tests
# (the `testes` folder of Lua's sources at tag v5.4.4). Without it the target says so and
# passes.

LUA_TESTS ?= .build/lua-5.4.4-tests
LUA_SUITE_GAME := .build/lua-suite

.PHONY: test-lua-suite
test-lua-suite:
	@if [ ! -f "$(LUA_TESTS)/strings.lua" ]; then \
		echo "test-lua-suite: skipped: no Lua 5.4.4 test files in $(LUA_TESTS) (set LUA_TESTS)"; exit 0; fi; \
	$(IN_SCRATCH) $(SWIFT) build --product edujam && \
	rm -rf $(LUA_SUITE_GAME) .build/lua-suite.sqlite && mkdir -p $(LUA_SUITE_GAME)/testes && \
	cp Tests/LuaSuite/game.lua $(LUA_SUITE_GAME)/ && \
	for name in $$(sed -n 's/^local FILES = { \(.*\) }$$/\1/p' Tests/LuaSuite/game.lua | tr -d '",'); do \
		cp "$(LUA_TESTS)/$$name.lua" $(LUA_SUITE_GAME)/testes/ || exit 1; done && \
	$(EDUJAM) play $(LUA_SUITE_GAME) --seed 1 --store .build/lua-suite.sqlite < /dev/null

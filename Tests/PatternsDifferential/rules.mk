# Tests/PatternsDifferential/rules.mk: included by the main Makefile (make runs at the
# repository root). `make test-patterns` builds the differential test of
# Sources/LuaShim/libraries/patterns.c against the stock string library and runs it.

PATTERNS_DIFF_BIN := .build/patterns-differential
PATTERNS_DIFF_SRC := Tests/PatternsDifferential/differential.c Sources/LuaShim/libraries/patterns.c

.PHONY: test-patterns
test-patterns: $(PATTERNS_DIFF_BIN)
	./$(PATTERNS_DIFF_BIN) Tests/PatternsDifferential/cases.lua

$(PATTERNS_DIFF_BIN): $(PATTERNS_DIFF_SRC) Sources/LuaShim/include/edujam_shim.h
	@mkdir -p $(dir $@)
	cc -O2 -Wall -Wextra -I Sources/LuaShim/include -o $@ $(PATTERNS_DIFF_SRC) -llua5.4 -lm

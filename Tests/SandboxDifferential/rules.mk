# Tests/SandboxDifferential/rules.mk: included by the main Makefile (make runs at the
# repository root). `make test-differential` runs cases.lua under stock lua5.4 and inside
# an EduJam sandbox (driver.c linked with the whole shim), then compares the two outputs
# line by line (compare.lua): every function the sandbox replaces must answer as stock does.
# Then the library suite (libraries/run.lua: JSON, classes, inspect, strict mode, require
# with '/' and init.lua, os, package, collectgarbage ...) under stock lua5.4 from its folder
# and as a game played by `edujam play`, with the game runtime's require: identical output.

SANDBOX_DIFF_DIR := Tests/SandboxDifferential
SANDBOX_DIFF_BIN := .build/sandbox-differential
SANDBOX_DIFF_LIBS := $(SANDBOX_DIFF_DIR)/libraries
SANDBOX_DIFF_SRC := $(SANDBOX_DIFF_DIR)/driver.c $(wildcard Sources/LuaShim/*.c Sources/LuaShim/libraries/*.c)

.PHONY: test-differential
test-differential: $(SANDBOX_DIFF_BIN)
	lua5.4 $(SANDBOX_DIFF_DIR)/cases.lua > .build/sandbox-differential.stock.txt
	./$(SANDBOX_DIFF_BIN) $(SANDBOX_DIFF_DIR)/cases.lua > .build/sandbox-differential.edujam.txt
	lua5.4 $(SANDBOX_DIFF_DIR)/compare.lua .build/sandbox-differential.stock.txt .build/sandbox-differential.edujam.txt
	$(IN_SCRATCH) $(SWIFT) build --product edujam
	cd $(SANDBOX_DIFF_LIBS) && LUA_PATH='./?.lua;./?/init.lua' LUA_INIT= lua5.4 run.lua > $(CURDIR)/.build/sandbox-libraries.stock.txt
	rm -f .build/sandbox-libraries.sqlite
	$(EDUJAM) play $(SANDBOX_DIFF_LIBS) --seed 1 --store .build/sandbox-libraries.sqlite < /dev/null > .build/sandbox-libraries.edujam.txt
	lua5.4 $(SANDBOX_DIFF_DIR)/compare.lua .build/sandbox-libraries.stock.txt .build/sandbox-libraries.edujam.txt

$(SANDBOX_DIFF_BIN): $(SANDBOX_DIFF_SRC) $(wildcard Sources/LuaShim/*.h Sources/LuaShim/include/*.h)
	@mkdir -p $(dir $@)
	cc -O2 -Wall -Wextra -I Sources/LuaShim/include -o $@ $(SANDBOX_DIFF_SRC) -llua5.4 -lm -pthread

/*
 * LuaShim: the C half of the EduJam sandbox.
 *
 * What lives here, and why it must be C (docs/ARCHITECTURE.md):
 *   - the counting allocator and the limit hook (Lua calls them from C);
 *   - the trampoline that calls Swift host functions and raises their errors
 *     with lua_error only after Swift has returned (a longjmp must never cross
 *     a Swift frame);
 *   - replacements for library functions that either loop in C where no hook
 *     can fire (string.rep, table.move, the pattern matcher) or must not let a
 *     limit error be caught (pcall, xpcall, coroutine.resume);
 *   - the watchdog that stops a call whose time is up, and ends the process
 *     when a call does not stop (edujam_set_last_resort).
 * Every exported symbol starts with edujam_. The sandbox struct is opaque to
 * Swift: it holds atomics that Swift cannot import.
 */
#ifndef EDUJAM_SHIM_H
#define EDUJAM_SHIM_H

#include <lua5.4/lua.h>
#include <stddef.h>
#include <stdint.h>

typedef struct edujam_sandbox edujam_sandbox;

/* Instructions between two calls of the count hook when an instruction limit is on. */
#define EDUJAM_HOOK_STRIDE 1000

/* Why a state was stopped. Once set on a sandbox it stays set: the state is finished. */
enum {
    EDUJAM_LIMIT_NONE = 0,
    EDUJAM_LIMIT_MEMORY = 1,
    EDUJAM_LIMIT_TIME = 2,
    EDUJAM_LIMIT_INSTRUCTIONS = 3,
    EDUJAM_LIMIT_OUTPUT = 4,
};

/* What a Swift host function returns besides a result count (>= 0: that many results,
 * pushed by the host, are on top of the stack). */
#define EDUJAM_HOST_ERROR (-1)   /* an error message is on top of the stack: raise it */
#define EDUJAM_HOST_LIMIT (-2)   /* the host hit a limit (edujam_set_limit was called): raise it */

/* Swift's side of a host call: run `function` (a Swift object the host keeps alive) for `host`.
 * None is ever NULL. */
typedef int (*edujam_host_dispatch)(lua_State *L, void *host, void *function);
/* Swift's side of print: write one line, `len` bytes without its newline. Returns 0, or 1 if
 * the host refuses (limit). */
typedef int (*edujam_output_sink)(void *host, const char *bytes, size_t len);

/* The run's clock, for os.time, os.date and os.clock: `now` in seconds since the epoch,
 * `elapsed` in seconds since the run began. Returns 0. */
typedef int (*edujam_clock_source)(void *host, double *now, double *elapsed);

/* Life cycle. Returns NULL when the state cannot be created. */
edujam_sandbox *edujam_new(size_t memory_limit, void *host,
                           edujam_host_dispatch dispatch, edujam_output_sink output);
void edujam_close(edujam_sandbox *sb);
/* The host pointer handed to dispatch and output (set once the host object exists). */
void edujam_set_host(edujam_sandbox *sb, void *host);
lua_State *edujam_state(edujam_sandbox *sb);

/* Opens the allow-listed libraries into the global table. Run protected: 0 or a Lua status.
 * `seed` also seeds the string hashes (so `pairs` replays) and the addresses `tostring`
 * shows; a Lua whose private layout is not Debian's 5.4.4 fails here (docs/sandbox.md). */
int edujam_open_sandbox_libs(edujam_sandbox *sb, lua_Integer seed);

/* Where os.time, os.date and os.clock read the time; without one, the system clock and
 * the process's CPU time, as stock Lua. Set before any call. */
void edujam_set_clock(edujam_sandbox *sb, edujam_clock_source clock);

/* Limits. */
void edujam_set_memory_limit(edujam_sandbox *sb, size_t bytes);
size_t edujam_memory_used(edujam_sandbox *sb);
void edujam_set_output_limit(edujam_sandbox *sb, size_t bytes);
size_t edujam_output_used(edujam_sandbox *sb);
/* Counts `len` bytes shown for the script (print, or a host function's prompt or menu)
 * against the output budget. 0 when they fit; 1 when they do not: nothing is counted
 * and the state is stopped with EDUJAM_LIMIT_OUTPUT. */
int edujam_spend_output(edujam_sandbox *sb, size_t len);
/* 0 turns the instruction limit off (and the always-on count hook with it). */
void edujam_set_instruction_limit(edujam_sandbox *sb, long long instructions);
/* Marks the state as stopped by `reason`; the next Lua instruction raises. */
void edujam_set_limit(edujam_sandbox *sb, int reason);
int edujam_limit(edujam_sandbox *sb);
/* Whether the last call touched something the sandbox withholds (io, os, dofile, ...). */
int edujam_forbidden(edujam_sandbox *sb);

/* Host allocations (pushing results, marshalling) are never refused: while relaxed,
 * the cap is lifted so an m-function cannot raise through Swift. Nests. */
void edujam_relax(edujam_sandbox *sb, int on);

/* A call, from the host's first push to its last read of the results: resets the
 * per-call instruction budget, interrupt flag and forbidden mark, records this thread
 * as the one running the sandbox (unblocking the watchdog's signal), and arms a
 * deadline timeout_ns from now (0 = none). Marshalling is inside it, so that a
 * collector step the host's own pushes set off is watched too. Pairs with end_call. */
void edujam_begin_call(edujam_sandbox *sb, uint64_t timeout_ns);
void edujam_end_call(edujam_sandbox *sb);

/* The protected call itself, between begin_call and end_call: function and args on
 * the stack as for lua_pcall. Installs the traceback handler. Returns a Lua status; on
 * error the message (with "\nstack traceback:" appended where there is one) is on top. */
int edujam_pcall(edujam_sandbox *sb, int nargs, int nresults);

/* Loads a text chunk (never binary) with the global table as _ENV. A Lua status. */
int edujam_load(edujam_sandbox *sb, const char *source, size_t len, const char *chunkname);

/* The function on top of the stack as a binary chunk, with debug information, in a
 * buffer the caller frees with free(). 0 on success. For the host's cache of chunks
 * it compiled itself from text: scripts never see or supply bytecode. */
int edujam_dump(edujam_sandbox *sb, unsigned char **bytes, size_t *len);
/* Loads a binary chunk that edujam_dump produced. A Lua status. */
int edujam_load_binary(edujam_sandbox *sb, const unsigned char *bytes, size_t len, const char *chunkname);

/* How many host functions one sandbox can have. */
#define EDUJAM_HOST_FUNCTIONS 128

/* Pushes a function that dispatches to the Swift host function `function`: a pointer the
 * host keeps valid for the state's life, kept in the next of the sandbox's slots (each
 * slot is its own light C function). Returns 0, or 1 (nothing pushed) when every one of
 * the EDUJAM_HOST_FUNCTIONS slots is taken. */
int edujam_push_host_function(lua_State *L, void *function);

/* Sets the global `require` to the game's (libraries/require.c), which finds modules with
 * the host function on top of the stack (popped): given a name, it returns the module's
 * chunk and its file, or nil and a message. Allocates: call it with the limits relaxed. */
void edujam_install_require(lua_State *L);

/* Sets the globals `loadfile` and `dofile` (libraries/require.c) to stock's over the host
 * function on top of the stack (popped), which, given a file name, returns its compiled
 * chunk and the file, or nil and a message. Allocates: call it with the limits relaxed. */
void edujam_install_loadfile(lua_State *L);

/* Makes the host function on top of the stack (popped) what io.read, io.lines and
 * io.stdin read from (libraries/io.c): given the prompt (the line io.write left open, or
 * ""), it returns the student's next line, or nil at the end of input. Allocates nothing. */
void edujam_install_input(lua_State *L);

/* Makes the host function on top of the stack (popped) what io.lines reads a file of the
 * game with (libraries/io.c): given the file's name and the source of the function that
 * called io.lines, it returns the file's bytes, or nil and a message. Allocates nothing. */
void edujam_install_files(lua_State *L);

/* Pushes the source of the Lua function `level` levels up the stack of L (as
 * `debug.getinfo(level, "S").source`), or "" when there is none: a game's file functions
 * read a path beginning with ".." from the folder of the file that calls them. */
void edujam_push_caller_source(lua_State *L, int level);

/* Shows the line io.write left unfinished, if any (its bytes were counted when written):
 * before other output and at the end of a call. Allocates nothing, cannot raise. */
void edujam_flush_output(edujam_sandbox *sb);

/* The last line of defence. If a call has not returned `grace_ns` after its deadline
 * fired (stuck in C that neither runs a Lua instruction nor polls the limit: a
 * collector step, a bug), the watchdog thread calls the host's handler with the
 * sandbox's host pointer, then ends the process with _exit(status). The handler runs
 * on the watchdog thread while the stuck thread still holds the state: it must not
 * touch the state; it may report, and record what it can elsewhere. Without a
 * handler a fixed line goes to stderr. Set once, before any call. */
typedef void (*edujam_last_resort_handler)(void *host, int limit);
void edujam_set_last_resort(edujam_last_resort_handler handler, int status);
#define EDUJAM_DEFAULT_GRACE_NS 2000000000u   /* 2 s */
void edujam_set_grace(edujam_sandbox *sb, uint64_t grace_ns);

/* The deadline stops while the host waits (for a student's answer, say). */
void edujam_pause_clock(edujam_sandbox *sb);
void edujam_resume_clock(edujam_sandbox *sb);

/* For C library code that loops where no hook fires: call every few thousand
 * steps. Raises the limit error if the deadline has passed or a limit was hit. */
void edujam_check_interrupt(lua_State *L);

/* Pattern matching with a step budget (libraries/patterns.c): Lua 5.4's semantics,
 * interruptible by the deadline. Registered over the string library's own. */
int edujam_str_find(lua_State *L);
int edujam_str_match(lua_State *L);
int edujam_str_gmatch(lua_State *L);
int edujam_str_gsub(lua_State *L);

/* table.sort and table.concat with a work budget (libraries/tables.c): stock Lua 5.4's
 * results and errors, interruptible by the deadline. */
int edujam_tab_sort(lua_State *L);
int edujam_tab_concat(lua_State *L);

#endif

/*
 * sandbox.c: the state, its counting allocator, the limit hook, the
 * protected entry point and the host-function trampoline.
 */
#include "internal.h"
#include <stdlib.h>
#include <string.h>

/* {====================================================================
 * Allocator
 * ===================================================================== */

/* AddressSanitizer must see every Lua object as its own malloc block to catch a use
 * after free, so a sanitized build leaves the slabs out. */
#if defined(__SANITIZE_ADDRESS__)
#define EDUJAM_USE_SLABS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EDUJAM_USE_SLABS 0
#endif
#endif
#ifndef EDUJAM_USE_SLABS
#define EDUJAM_USE_SLABS 1
#endif

static size_t size_class(size_t size) { return (size + EDUJAM_GRAIN - 1) / EDUJAM_GRAIN; }
static int is_small(size_t size) { return EDUJAM_USE_SLABS && size <= EDUJAM_SMALL_MAX; }

/* A block of class `c` (c * EDUJAM_GRAIN bytes): a freed one, else carved from the newest slab. */
static void *small_alloc(edujam_sandbox *sb, size_t c) {
    void *block = sb->free_blocks[c];
    if (block != NULL) {
        sb->free_blocks[c] = *(void **)block;
        return block;
    }
    size_t bytes = c * EDUJAM_GRAIN;
    if ((size_t)(sb->slab_end - sb->slab_next) < bytes) {
        /* The old slab's unused rest (less than one block) is left: at most 1 KiB a slab. */
        edujam_slab *slab = malloc(EDUJAM_SLAB_BYTES);
        if (slab == NULL) return NULL;
        slab->next = sb->slabs;
        sb->slabs = slab;
        sb->slab_next = (char *)slab + EDUJAM_GRAIN;  /* keeps blocks 16-byte aligned, as malloc's are */
        sb->slab_end = (char *)slab + EDUJAM_SLAB_BYTES;
    }
    block = sb->slab_next;
    sb->slab_next += bytes;
    return block;
}

static void small_free(edujam_sandbox *sb, void *block, size_t size) {
    size_t c = size_class(size);
    *(void **)block = sb->free_blocks[c];
    sb->free_blocks[c] = block;
}

/* A large block (malloc's) starts with its links in the sandbox's list of them, so that
 * closing can free every block without Lua's walk over its objects (edujam_close). */
static void *large_alloc(edujam_sandbox *sb, size_t size) {
    if (size > SIZE_MAX - sizeof(edujam_large)) return NULL;
    edujam_large *h = malloc(sizeof *h + size);
    if (h == NULL) return NULL;
    h->prev = NULL;
    h->next = sb->large;
    if (sb->large != NULL) sb->large->prev = h;
    sb->large = h;
    return h + 1;
}

static void large_free(edujam_sandbox *sb, void *block) {
    edujam_large *h = (edujam_large *)block - 1;
    if (h->prev != NULL) h->prev->next = h->next; else sb->large = h->next;
    if (h->next != NULL) h->next->prev = h->prev;
    free(h);
}

/* realloc copies the links with the block; its neighbours are pointed at where it went. */
static void *large_realloc(edujam_sandbox *sb, void *block, size_t old, size_t size) {
    if (size > SIZE_MAX - sizeof(edujam_large)) return NULL;
    edujam_large *h = realloc((edujam_large *)block - 1, sizeof *h + size);
    if (h == NULL) return size < old ? block : NULL;  /* shrinking must not fail: keep the block */
    if (h->prev != NULL) h->prev->next = h; else sb->large = h;
    if (h->next != NULL) h->next->prev = h;
    return h + 1;
}

/* Lua's realloc contract on the two kinds of blocks; `old` is 0 for a new block. */
static void *sb_realloc(edujam_sandbox *sb, void *ptr, size_t old, size_t nsize) {
    if (ptr == NULL) return is_small(nsize) ? small_alloc(sb, size_class(nsize)) : large_alloc(sb, nsize);
    if (!is_small(old) && !is_small(nsize)) return large_realloc(sb, ptr, old, nsize);
    if (is_small(old) && is_small(nsize) && size_class(old) == size_class(nsize)) return ptr;
    void *block = is_small(nsize) ? small_alloc(sb, size_class(nsize)) : large_alloc(sb, nsize);
    if (block == NULL) {
        /* Lua requires that shrinking never fails: keep the larger block. Freed later as
         * the smaller size, it joins that size's list (a slab block), or, a large one (only
         * when the process is out of memory), stays on the large list until the state closes. */
        return nsize < old ? ptr : NULL;
    }
    memcpy(block, ptr, old < nsize ? old : nsize);
    if (is_small(old)) small_free(sb, ptr, old); else large_free(sb, ptr);
    return block;
}

/* Counts every byte Lua holds. Refuses growth past the cap unless the host
 * is marshalling (relaxed) or a limit has already stopped the state (it only
 * unwinds then, and is discarded); shrinking and freeing never fail. The ledger
 * counts the sizes Lua asks for: a small block's rounding up to its class (under
 * 16 bytes) and the slabs' free blocks are the host's, not the script's. */
static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    edujam_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;       /* osize is a type tag when ptr is NULL */
    if (nsize == 0) {
        if (ptr != NULL) {
            if (is_small(old)) small_free(sb, ptr, old); else large_free(sb, ptr);
        }
        sb->memory_used -= old;
        return NULL;
    }
    if (nsize > old && !sb->relaxed && sb->limit == EDUJAM_LIMIT_NONE && sb->memory_limit > 0) {
        size_t grow = nsize - old;
        if (grow > sb->memory_limit || sb->memory_used > sb->memory_limit - grow)
            return NULL;                 /* Lua turns this into LUA_ERRMEM */
    }
    void *block = sb_realloc(sb, ptr, old, nsize);
    if (block == NULL) return NULL;
    sb->memory_used = sb->memory_used - old + nsize;
    return block;
}

static void free_slabs(edujam_sandbox *sb) {
    while (sb->slabs != NULL) {
        edujam_slab *next = sb->slabs->next;
        free(sb->slabs);
        sb->slabs = next;
    }
}

static void free_large(edujam_sandbox *sb) {
    while (sb->large != NULL) {
        edujam_large *next = sb->large->next;
        free(sb->large);
        sb->large = next;
    }
}

/* }==================================================================== */

static const char *limit_message(int limit) {
    switch (limit) {
        case EDUJAM_LIMIT_MEMORY: return "memory limit exceeded";
        case EDUJAM_LIMIT_TIME: return "time limit exceeded";
        case EDUJAM_LIMIT_INSTRUCTIONS: return "instruction limit exceeded";
        case EDUJAM_LIMIT_OUTPUT: return "output limit exceeded";
        default: return "sandbox stopped";
    }
}

/* {====================================================================
 * The limit hook
 * ===================================================================== */

static void sb_hook(lua_State *L, lua_Debug *ar);

void edujam_escalate(lua_State *L) {
    lua_sethook(L, sb_hook, LUA_MASKCOUNT | LUA_MASKLINE, 1);  /* no call mask: the message handler must run */
}

/* Raises the limit error located at `level` (0 in a hook: the running Lua
 * function; 1 in a C function: its Lua caller). */
static int raise_limit_at(lua_State *L, edujam_sandbox *sb, int level) {
    edujam_escalate(L);  /* every later instruction raises again: pcall loops cannot outlive it */
    luaL_where(L, level);
    lua_pushstring(L, limit_message(sb->limit));
    lua_concat(L, 2);
    return lua_error(L);
}

int edujam_raise_limit(lua_State *L, edujam_sandbox *sb) {
    return raise_limit_at(L, sb, 1);
}

/* Set on demand only (a count hook slows every instruction): by the watchdog
 * when the deadline passes, or always when an instruction limit is on. */
static void sb_hook(lua_State *L, lua_Debug *ar) {
    edujam_sandbox *sb = edujam_of(L);
    if (ar->event == LUA_HOOKCOUNT && sb->instruction_limit > 0 && sb->limit == EDUJAM_LIMIT_NONE) {
        sb->instructions_left -= EDUJAM_HOOK_STRIDE;
        if (sb->instructions_left <= 0) sb->limit = EDUJAM_LIMIT_INSTRUCTIONS;
    }
    int pending = atomic_load(&sb->interrupt);
    if (pending && sb->limit == EDUJAM_LIMIT_NONE) sb->limit = pending;
    if (sb->limit != EDUJAM_LIMIT_NONE) raise_limit_at(L, sb, 0);
}

void edujam_check_interrupt(lua_State *L) {
    edujam_sandbox *sb = edujam_of(L);
    int pending = atomic_load(&sb->interrupt);
    if (pending && sb->limit == EDUJAM_LIMIT_NONE) sb->limit = pending;
    if (sb->limit != EDUJAM_LIMIT_NONE) edujam_raise_limit(L, sb);
}

void edujam_note_status(edujam_sandbox *sb, int status) {
    if (status == LUA_ERRMEM && sb->limit == EDUJAM_LIMIT_NONE) sb->limit = EDUJAM_LIMIT_MEMORY;
}

/* }==================================================================== */

edujam_sandbox *edujam_new(size_t memory_limit, void *host,
                           edujam_host_dispatch dispatch, edujam_output_sink output) {
    edujam_sandbox *sb = calloc(1, sizeof *sb);
    if (sb == NULL) return NULL;
    sb->memory_limit = memory_limit;
    sb->host = host;
    sb->dispatch = dispatch;
    sb->output = output;
    sb->relaxed = 1;                 /* opening the libraries is the host's work */
    sb->grace_ns = EDUJAM_DEFAULT_GRACE_NS;
    sb->L = lua_newstate(sb_alloc, sb);
    if (sb->L == NULL) { free_large(sb); free_slabs(sb); free(sb); return NULL; }
    *(edujam_sandbox **)lua_getextraspace(sb->L) = sb;  /* copied into every new coroutine */
    atomic_store(&sb->running, sb->L);
    lua_atpanic(sb->L, NULL);
    return sb;
}

/* Frees the state's memory without lua_close when the slabs are on. lua_close would walk
 * every object to free it (5% of a playthrough, bench/README.md), and then run what else it
 * runs, none of which this state can need: finalizers (a script's never run when a run
 * ends, finalizers.c; the objects Lua marks are finalizers.c's sentinels, which only queue,
 * and lauxlib's buffer boxes, which free memory through this allocator) and the main thread's pending to-be-closed variables (none outside a call: a
 * call that ends, by an error too, has closed its own). Every byte the state holds is in a
 * slab or on the large list. A sanitized build (no slabs) closes the state, so that the
 * sanitizer sees every object freed. */
void edujam_close(edujam_sandbox *sb) {
    if (sb == NULL) return;
    edujam_disarm(sb);
#if EDUJAM_USE_SLABS
    free_large(sb);
    free_slabs(sb);
#else
    sb->relaxed = 1;
    lua_close(sb->L);
#endif
    free(sb);
}

void edujam_push_registry_table(lua_State *L, const void *key, const char *mode) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_newtable(L);
    if (mode != NULL) {
        lua_createtable(L, 0, 1);
        lua_pushstring(L, mode);
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
    }
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

lua_State *edujam_state(edujam_sandbox *sb) { return sb->L; }
void edujam_set_host(edujam_sandbox *sb, void *host) { sb->host = host; }

void edujam_set_memory_limit(edujam_sandbox *sb, size_t bytes) { sb->memory_limit = bytes; }
size_t edujam_memory_used(edujam_sandbox *sb) { return sb->memory_used; }
void edujam_set_output_limit(edujam_sandbox *sb, size_t bytes) { sb->output_limit = bytes; }
size_t edujam_output_used(edujam_sandbox *sb) { return sb->output_used; }
int edujam_spend_output(edujam_sandbox *sb, size_t len) {
    if (sb->output_limit > 0 && len > sb->output_limit - sb->output_used) {
        edujam_set_limit(sb, EDUJAM_LIMIT_OUTPUT);
        return 1;
    }
    sb->output_used += len;
    return 0;
}
void edujam_set_limit(edujam_sandbox *sb, int reason) {
    if (sb->limit == EDUJAM_LIMIT_NONE) sb->limit = reason;
}
int edujam_limit(edujam_sandbox *sb) { return sb->limit; }
int edujam_forbidden(edujam_sandbox *sb) { return sb->forbidden; }
void edujam_relax(edujam_sandbox *sb, int on) { sb->relaxed += on ? 1 : -1; }

void edujam_set_instruction_limit(edujam_sandbox *sb, long long instructions) {
    sb->instruction_limit = instructions;
    /* Set before any script runs, so every coroutine inherits it at creation. */
    if (instructions > 0) lua_sethook(sb->L, sb_hook, LUA_MASKCOUNT, EDUJAM_HOOK_STRIDE);
    else lua_sethook(sb->L, NULL, 0, 0);
}

/* {====================================================================
 * Protected entry
 * ===================================================================== */

/* Message handler: the error as text plus a traceback. While a limit is
 * being raised it touches no metamethod (hooks are off in here then).
 * Entering it means the call has failed: nothing can catch the error now. */
static int sb_traceback(lua_State *L) {
    edujam_sandbox *sb = edujam_of(L);
    sb->failed = 1;  /* from here the host ignores the script (see the trampoline) */
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (sb->limit == EDUJAM_LIMIT_NONE && luaL_callmeta(L, 1, "__tostring") &&
            lua_type(L, -1) == LUA_TSTRING)
            msg = lua_tostring(L, -1);
        else
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

void edujam_begin_call(edujam_sandbox *sb, uint64_t timeout_ns) {
    sb->instructions_left = sb->instruction_limit;
    atomic_store(&sb->interrupt, EDUJAM_LIMIT_NONE);
    sb->forbidden = 0;
    if (lua_gethookmask(sb->L) & LUA_MASKLINE)  /* escalated by a signal that came as the last call ended */
        edujam_set_instruction_limit(sb, sb->instruction_limit);
    edujam_enter_thread(sb);
    if (timeout_ns > 0) edujam_arm(sb, edujam_now_ns() + timeout_ns);
}

void edujam_end_call(edujam_sandbox *sb) {
    edujam_flush_output(sb);  /* a line io.write left open is shown when the call ends */
    edujam_disarm(sb);
    edujam_leave_thread(sb);
}

int edujam_pcall(edujam_sandbox *sb, int nargs, int nresults) {
    lua_State *L = sb->L;
    if (sb->limit != EDUJAM_LIMIT_NONE) {
        lua_pop(L, nargs + 1);
        lua_pushstring(L, limit_message(sb->limit));
        return LUA_ERRRUN;
    }
    int base = lua_gettop(L) - nargs;  /* the function's index */
    lua_pushcfunction(L, sb_traceback);
    lua_insert(L, base);
    int outer_failed = sb->failed;  /* a call nested in a host function fails on its own */
    sb->failed = 0;
    int outer_relaxed = sb->relaxed;
    sb->relaxed = 0;
    int outer_in_lua = sb->in_lua;
    sb->in_lua = 1;
    int status = lua_pcall(L, nargs, nresults, base);
    sb->in_lua = outer_in_lua;
    sb->relaxed = outer_relaxed;
    sb->failed = outer_failed;
    lua_remove(L, base);
    edujam_note_status(sb, status);
    if (status != LUA_OK) {
        int pending = atomic_load(&sb->interrupt);
        if (pending && sb->limit == EDUJAM_LIMIT_NONE) sb->limit = pending;
    }
    return status;
}

int edujam_load(edujam_sandbox *sb, const char *source, size_t len, const char *chunkname) {
    sb->relaxed++;  /* compiling is host work; the code's own growth is capped once it runs */
    int status = luaL_loadbufferx(sb->L, source, len, chunkname, "t");
    sb->relaxed--;
    return status;
}

/* }==================================================================== */

/* {====================================================================
 * Compiled chunks: the host compiles a game once and loads the result into
 * each new sandbox (compiling is most of a sandbox's start-up)
 * ===================================================================== */

typedef struct { unsigned char *bytes; size_t len, cap; int failed; } dump_buffer;

static int dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    dump_buffer *b = ud;
    if (b->len + size > b->cap) {
        size_t cap = (b->len + size) * 2;
        unsigned char *grown = realloc(b->bytes, cap);
        if (grown == NULL) { b->failed = 1; return 1; }
        b->bytes = grown;
        b->cap = cap;
    }
    memcpy(b->bytes + b->len, p, size);
    b->len += size;
    return 0;
}

int edujam_dump(edujam_sandbox *sb, unsigned char **bytes, size_t *len) {
    dump_buffer b = {NULL, 0, 0, 0};
    sb->relaxed++;
    int status = lua_dump(sb->L, dump_writer, &b, 0);  /* keep line info: errors must point at lines */
    sb->relaxed--;
    if (status != 0 || b.failed) { free(b.bytes); return 1; }
    *bytes = b.bytes;
    *len = b.len;
    return 0;
}

int edujam_load_binary(edujam_sandbox *sb, const unsigned char *bytes, size_t len, const char *chunkname) {
    sb->relaxed++;
    int status = luaL_loadbufferx(sb->L, (const char *)bytes, len, chunkname, "b");
    sb->relaxed--;
    return status;
}

/* }==================================================================== */

/* {====================================================================
 * Host functions
 * ===================================================================== */

/* Pushes "chunk:line: " of the nearest Lua function calling in: a host function
 * called through a C function (string.gsub, table.sort) is blamed on the script
 * line that made that call, where luaL_where(L, 1) would name no line at all. */
static void where_script_from(lua_State *L, int first) {
    lua_Debug ar;
    for (int level = first; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

static void where_script(lua_State *L) { where_script_from(L, 1); }

/* The time limit error, raised from the watchdog's signal handler where the thread was
 * caught in Lua's __call resolution (watchdog.c): located at the script's line like the
 * hook's. The state is consistent there; the stack has the room (lua_checkstack). */
int edujam_raise_time_limit_now(lua_State *L) {
    edujam_sandbox *sb = edujam_of(L);
    if (sb->limit == EDUJAM_LIMIT_NONE) sb->limit = EDUJAM_LIMIT_TIME;
    where_script_from(L, 0);
    lua_pushstring(L, limit_message(sb->limit));
    lua_concat(L, 2);
    return lua_error(L);
}

/* Why a host call did not run or what it asked for, raised now that Swift has returned.
 * Out of the trampoline (noinline): its frame (where_script's lua_Debug) and saved
 * registers would otherwise be paid on every call. */
static __attribute__((noinline)) int host_call_refused(lua_State *L, edujam_sandbox *sb) {
    if (sb->limit != EDUJAM_LIMIT_NONE) return edujam_raise_limit(L, sb);
    /* The call has failed: script code still running (an error object's __tostring, a
     * __close) must not change what the host recorded. Ignored, not raised, so the
     * author still sees the first error rather than this one. */
    return 0;
}

static __attribute__((noinline)) int host_call_raise(lua_State *L, edujam_sandbox *sb, int n) {
    if (n == EDUJAM_HOST_ERROR) {
        where_script(L);              /* "game.lua:12: " of the Lua caller */
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n == EDUJAM_HOST_LIMIT || sb->limit != EDUJAM_LIMIT_NONE) return edujam_raise_limit(L, sb);
    sb->limit = EDUJAM_LIMIT_MEMORY;  /* the host's results pushed the state over its cap */
    return edujam_raise_limit(L, sb);
}

/* Calls Swift for the host function in `slot`, then raises for it: a longjmp must never
 * cross a Swift frame. Inlined into each slot's function (below), so a call is one C frame
 * with its slot a constant; what the call saves and restores is changed in place (relaxed,
 * in_lua), so the frame keeps only L and sb across the call into Swift. */
static inline __attribute__((always_inline)) int host_call(lua_State *L, int slot) {
    edujam_sandbox *sb = edujam_of(L);
    if (sb->limit != EDUJAM_LIMIT_NONE || sb->failed) return host_call_refused(L, sb);
    sb->relaxed++;
    sb->in_lua--;                    /* Swift frames now (1 -> 0): the watchdog's escape must not raise */
    int n = sb->dispatch(L, sb->host, sb->host_functions[slot]);
    sb->in_lua++;
    sb->relaxed--;
    if (n < 0 || sb->limit != EDUJAM_LIMIT_NONE || (sb->memory_limit > 0 && sb->memory_used > sb->memory_limit))
        return host_call_raise(L, sb, n);
    return n;
}

/* One light C function per slot: the function a script calls names its slot by being
 * that function, so a call reads no upvalue (lua_touserdata on an upvalue index was 29
 * instructions of a host call's ~480; a light function's call is also a little cheaper). */
#define HOST_SLOT(h, l) \
    static int host_slot_##h##_##l(lua_State *L) { return host_call(L, h * 16 + l); }
#define HOST_SLOTS_ROW(h) \
    HOST_SLOT(h, 0) HOST_SLOT(h, 1) HOST_SLOT(h, 2) HOST_SLOT(h, 3) HOST_SLOT(h, 4) HOST_SLOT(h, 5) \
    HOST_SLOT(h, 6) HOST_SLOT(h, 7) HOST_SLOT(h, 8) HOST_SLOT(h, 9) HOST_SLOT(h, 10) HOST_SLOT(h, 11) \
    HOST_SLOT(h, 12) HOST_SLOT(h, 13) HOST_SLOT(h, 14) HOST_SLOT(h, 15)
#define HOST_SLOTS_NAMES(h) \
    host_slot_##h##_0, host_slot_##h##_1, host_slot_##h##_2, host_slot_##h##_3, host_slot_##h##_4, \
    host_slot_##h##_5, host_slot_##h##_6, host_slot_##h##_7, host_slot_##h##_8, host_slot_##h##_9, \
    host_slot_##h##_10, host_slot_##h##_11, host_slot_##h##_12, host_slot_##h##_13, \
    host_slot_##h##_14, host_slot_##h##_15
HOST_SLOTS_ROW(0) HOST_SLOTS_ROW(1) HOST_SLOTS_ROW(2) HOST_SLOTS_ROW(3)
HOST_SLOTS_ROW(4) HOST_SLOTS_ROW(5) HOST_SLOTS_ROW(6) HOST_SLOTS_ROW(7)
static const lua_CFunction host_slots[] = {
    HOST_SLOTS_NAMES(0), HOST_SLOTS_NAMES(1), HOST_SLOTS_NAMES(2), HOST_SLOTS_NAMES(3),
    HOST_SLOTS_NAMES(4), HOST_SLOTS_NAMES(5), HOST_SLOTS_NAMES(6), HOST_SLOTS_NAMES(7),
};
_Static_assert(sizeof host_slots / sizeof host_slots[0] == EDUJAM_HOST_FUNCTIONS, "a slot function per host function");

int edujam_push_host_function(lua_State *L, void *function) {
    edujam_sandbox *sb = edujam_of(L);
    if (sb->host_count == EDUJAM_HOST_FUNCTIONS) return 1;
    sb->host_functions[sb->host_count] = function;
    lua_pushcfunction(L, host_slots[sb->host_count]);
    sb->host_count++;
    return 0;
}

/* }==================================================================== */

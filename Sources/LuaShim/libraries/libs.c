/*
 * libs.c: the standard libraries a script gets, and the few functions in
 * them replaced because they loop in C where no hook fires (string.rep,
 * table.insert/remove/move, and table.sort/concat from tables.c), let a limit error
 * be caught or escape the hook (coroutine.resume/wrap/close), or would make
 * runs unrepeatable (math.randomseed with no seed, string.format's %p).
 */
#include "../internal.h"
#include <limits.h>
#include <string.h>

#define LIBS_POLL_EVERY 4096  /* C loop iterations between two interrupt checks */

/* {====================================================================
 * coroutine: the hook must reach the thread that runs
 * ===================================================================== */

/* Publishes the running thread for the watchdog's signal handler. The handler runs
 * on this same OS thread, so ordering against it needs only a compiler fence, not
 * a full barrier on every resume. */
static void co_set_running(edujam_sandbox *sb, lua_State *co) {
    atomic_store_explicit(&sb->running, co, memory_order_relaxed);
    atomic_signal_fence(memory_order_seq_cst);
}

/* Whether a limit is pending (the watchdog's flag) or has stopped the state: one branch on
 * the common path, where two took two. */
static int co_limit_pending(edujam_sandbox *sb) {
    return (atomic_load(&sb->interrupt) | sb->limit) != EDUJAM_LIMIT_NONE;
}

/* Resumes co with narg values from L. Returns the number of values pushed on L: the
 * results, after a `true` when `lead` is set (coroutine.resume's shape, pushed first so that
 * no lua_insert has to rotate the results under it: 84 instructions, about 4% of a resume);
 * or -1 with the error on top of L. A limit is re-raised in L.
 * Inlined into its two callers, so `lead` is a constant in each and no frame is set up twice:
 * a resume is the hot path of every coroutine loop (bench cpu/coroutines). */
static inline __attribute__((always_inline)) int co_resume(lua_State *L, lua_State *co, int narg, int lead) {
    edujam_sandbox *sb = edujam_of(L);
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    co_set_running(sb, co);               /* first publish, then look at the flag */
    if (co_limit_pending(sb)) edujam_escalate(co);
    int nres;
    int status = lua_resume(co, L, narg, &nres);
    /* L runs again: it is the thread that called this C function, whichever thread the
     * watchdog saw before (no load of the old value to keep across the resume). */
    co_set_running(sb, L);
    /* Only an error or a pending limit needs the two calls: kept off the common path
     * (a yield or a return), where they cost about 5% of a resume (bench cpu/coroutines). */
    if (status > LUA_YIELD || co_limit_pending(sb)) {
        edujam_note_status(sb, status);
        edujam_check_interrupt(L);        /* raises in L if a limit stopped co */
    }
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        if (lead) lua_pushboolean(L, 1);
        lua_xmove(co, L, nres);
        return nres + lead;
    }
    lua_xmove(co, L, 1);
    return -1;
}

static lua_State *co_check(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "thread");  /* Lua 5.4.4's word */
    return co;
}

static int co_lib_resume(lua_State *L) {
    lua_State *co = co_check(L);
    int n = co_resume(L, co, lua_gettop(L) - 1, 1);
    if (n < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    return n;                             /* true and the results */
}

/* Closes co (running its pending __close handlers) as the running thread. Out of line: it is
 * the wrapper's error path, whose registers every call would otherwise save. */
static __attribute__((noinline)) int co_close_thread(lua_State *L, lua_State *co) {
    edujam_sandbox *sb = edujam_of(L);
    co_set_running(sb, co);
    if (co_limit_pending(sb)) edujam_escalate(co);
    int status = lua_resetthread(co);
    co_set_running(sb, L);
    edujam_note_status(sb, status);
    edujam_check_interrupt(L);
    return status;
}

/* lcorolib.c's auxwrap: an error that killed the coroutine closes it (its __close
 * handlers may replace the error), and a string error gets the caller's position. */
static int co_wrapped(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int n = co_resume(L, co, lua_gettop(L), 0);
    if (n >= 0) return n;
    int status = lua_status(co);
    if (status != LUA_OK && status != LUA_YIELD) {
        status = co_close_thread(L, co);
        lua_xmove(co, L, 1);                        /* the error after closing */
    }
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int co_lib_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, co_wrapped, 1);
    return 1;
}

/* What coroutine.status would say, for coroutine.close's check. */
static const char *co_state(lua_State *L, lua_State *co) {
    if (L == co) return "running";
    switch (lua_status(co)) {
        case LUA_YIELD: return "suspended";
        case LUA_OK: {
            lua_Debug ar;
            if (lua_getstack(co, 0, &ar)) return "normal";  /* it resumed another */
            return lua_gettop(co) == 0 ? "dead" : "suspended";
        }
        default: return "dead";                             /* stopped by an error */
    }
}

static int co_lib_close(lua_State *L) {
    lua_State *co = co_check(L);
    const char *state = co_state(L, co);
    if (strcmp(state, "suspended") != 0 && strcmp(state, "dead") != 0)
        return luaL_error(L, "cannot close a %s coroutine", state);
    if (co_close_thread(L, co) == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

/* }==================================================================== */

/* {====================================================================
 * string.rep: sized before it is built
 * ===================================================================== */

/* Lua's own bound on a string.rep result (lstrlib.c's MAXSIZE where size_t is wider than int). */
#define REP_MAXSIZE ((size_t)INT_MAX)

/* Stock Lua's checks and messages, in its order: a count of 0 or less gives "", a result
 * no Lua string can hold raises the catchable "resulting string too large"; then a result
 * that cannot fit in what is left of the memory cap is the memory limit, raised before a
 * byte is allocated. Stock copies `n` times even when the copies are empty; this returns
 * "" at once (rep("", 1e9) would otherwise run a billion steps no hook can stop). */
static int str_rep(lua_State *L) {
    size_t len, seplen;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &seplen);
    if (n <= 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    size_t unit = len + seplen;
    if (unit < len || unit > REP_MAXSIZE / (lua_Unsigned)n)
        return luaL_error(L, "resulting string too large");
    size_t total = (size_t)n * len + (size_t)(n - 1) * seplen;
    if (total == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    edujam_sandbox *sb = edujam_of(L);
    if (sb->memory_limit > 0 &&
        (sb->memory_used > sb->memory_limit || total > sb->memory_limit - sb->memory_used)) {
        sb->limit = EDUJAM_LIMIT_MEMORY;
        return edujam_raise_limit(L, sb);
    }
    luaL_Buffer b;
    char *out = luaL_buffinitsize(L, &b, total);
    for (lua_Integer i = 0; i < n; i++) {
        memcpy(out, s, len);
        out += len;
        if (seplen > 0 && i + 1 < n) {
            memcpy(out, sep, seplen);
            out += seplen;
        }
        if ((i & (LIBS_POLL_EVERY - 1)) == 0) edujam_check_interrupt(L);
    }
    luaL_pushresultsize(&b, total);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * table.insert, table.remove, table.move: they shift by #t, which __len
 * can make as large as it likes
 * ===================================================================== */

/* t[to] = t[from] for each step, in the given direction, polling the deadline. */
static void tab_shift(lua_State *L, int src, int dst, lua_Integer from, lua_Integer to,
                      lua_Integer count, int step) {
    for (lua_Integer i = 0; i < count; i++) {
        lua_geti(L, src, from + i * step);
        lua_seti(L, dst, to + i * step);
        if ((i & (LIBS_POLL_EVERY - 1)) == LIBS_POLL_EVERY - 1) edujam_check_interrupt(L);
    }
}

static int tab_insert(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer end = luaL_intop(+, luaL_len(L, 1), 1);  /* first empty slot; wraps as stock's does */
    lua_Integer pos;
    switch (lua_gettop(L)) {
        case 2:
            pos = end;
            break;
        case 3:
            pos = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
            if (end > pos) tab_shift(L, 1, 1, end - 1, end, end - pos, -1);  /* open a gap at pos, top first */
            break;
        default:
            return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int tab_remove(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer size = luaL_len(L, 1);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size)  /* argument #1 in the message, as Lua 5.4.4 says (5.4.5 says #2) */
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
    lua_geti(L, 1, pos);                    /* the result */
    if (pos < size) tab_shift(L, 1, 1, pos + 1, pos, size - pos, 1);
    lua_pushnil(L);
    lua_seti(L, 1, pos < size ? size : pos);
    return 1;
}

static int tab_move(lua_State *L) {
    lua_Integer first = luaL_checkinteger(L, 2);  /* stock checks the numbers before the tables */
    lua_Integer last = luaL_checkinteger(L, 3);
    lua_Integer target = luaL_checkinteger(L, 4);
    int dst = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, dst, LUA_TTABLE);
    if (last >= first) {
        luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
        lua_Integer count = last - first + 1;
        luaL_argcheck(L, target <= LUA_MAXINTEGER - count + 1, 4, "destination wrap around");
        int overlaps_upward = target > first && target <= last && lua_compare(L, 1, dst, LUA_OPEQ);
        if (overlaps_upward)
            tab_shift(L, 1, dst, last, target + count - 1, count, -1);
        else
            tab_shift(L, 1, dst, first, target, count, 1);
    }
    lua_pushvalue(L, dst);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * string.dump, and which binary chunks load may load
 * ===================================================================== */

static const char dumps_key = 0;  /* registry: the set of chunks string.dump made in this state */

typedef struct {
    int started;
    luaL_Buffer chunk;
} dump_writer_state;

/* lstrlib.c's writer: the buffer starts with the first piece, once the function is on top. */
static int dump_writer(lua_State *L, const void *piece, size_t size, void *ud) {
    dump_writer_state *state = ud;
    if (!state->started) {
        state->started = 1;
        luaL_buffinit(L, &state->chunk);
    }
    luaL_addlstring(&state->chunk, piece, size);
    return 0;
}

/* string.dump(f [, strip]): stock's, and the chunk is remembered as this state's own, the one
 * kind of binary chunk load takes: Lua does not verify bytecode, but what lua_dump wrote of
 * a function Lua compiled here is bytecode Lua itself made. */
static int str_dump(lua_State *L) {
    dump_writer_state state = {0};
    int strip = lua_toboolean(L, 2);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_settop(L, 1);
    if (lua_dump(L, dump_writer, &state, strip) != 0) return luaL_error(L, "unable to dump given function");
    luaL_pushresult(&state.chunk);
    edujam_push_registry_table(L, &dumps_key, NULL);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    return 1;
}

/* Whether the string at idx is a chunk string.dump made in this state. */
int edujam_is_own_dump(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &dumps_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushvalue(L, idx);
    int own = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return own;
}

/* }==================================================================== */

/* math.randomseed() without an argument would seed from the clock and an address: it
 * seeds from the host's seed instead, so runs replay. Otherwise it is stock's, and like
 * stock's returns the two seed components. */
static int math_randomseed(lua_State *L) {
    if (lua_isnone(L, 1)) {
        lua_pushinteger(L, edujam_of(L)->seed);
    } else {  /* checked here, so a bad argument names math.randomseed, not an upvalue */
        luaL_checkinteger(L, 1);
        luaL_optinteger(L, 2, 0);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* The stock base library, the library tables, the withheld names and a game's host
 * functions come to about 50 globals. */
#define EDUJAM_GLOBALS_PRESIZE 64

static void libs_set(lua_State *L, const char *name, lua_CFunction fn) {
    lua_pushcfunction(L, fn);
    lua_setfield(L, -2, name);
}

/* The size of a new state's string table once the libraries are open: lua_newstate's 128
 * buckets were doubled twice while their names were interned, rehashing every string each
 * time (tablerehash was 1.7% of a playthrough's time: bench/README.md, playthroughs). */
#define EDUJAM_STRINGS_PRESIZE 512

/* Lua's own (lstring.c, internal, linked in from liblua5.4.a); weak, so a Lua without it
 * links and keeps its own growth. In 5.4.4 a failed allocation leaves the table as it was. */
extern void luaS_resize(lua_State *L, int nsize) __attribute__((weak));

/* Runs under lua_pcall from edujam_open_sandbox_libs: anything here may raise. */
static int libs_open_all(lua_State *L) {
    if (luaS_resize != NULL) luaS_resize(L, EDUJAM_STRINGS_PRESIZE);
    /* First, before any table has a string key: `pairs` order then replays from the seed. */
    if (edujam_seed_string_hash(L, edujam_of(L)->seed) != 0)
        return luaL_error(L, "this Lua is not Debian's 5.4.4: its string hashes cannot be seeded");
    /* A global table sized for the libraries and host functions: lua_newstate's empty one
     * was rehashed seven times while they were set, for every sandbox (bench/README.md,
     * playthroughs). Nothing refers to the old one yet: chunks take _ENV from this slot. */
    lua_createtable(L, 0, EDUJAM_GLOBALS_PRESIZE);
    lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    edujam_open_base(L);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    libs_set(L, "resume", co_lib_resume);
    libs_set(L, "wrap", co_lib_wrap);
    libs_set(L, "close", co_lib_close);
    lua_settop(L, 0);

    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    libs_set(L, "insert", tab_insert);
    libs_set(L, "remove", tab_remove);
    libs_set(L, "move", tab_move);
    libs_set(L, "sort", edujam_tab_sort);
    libs_set(L, "concat", edujam_tab_concat);
    lua_settop(L, 0);

    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    libs_set(L, "rep", str_rep);
    libs_set(L, "find", edujam_str_find);
    libs_set(L, "match", edujam_str_match);
    libs_set(L, "gmatch", edujam_str_gmatch);
    libs_set(L, "gsub", edujam_str_gsub);
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, edujam_str_format, 1);
    lua_setfield(L, -2, "format");
    libs_set(L, "dump", str_dump);  /* remembers what it made: load takes no other bytecode */
    lua_settop(L, 0);

    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    lua_getfield(L, -1, "randomseed");
    lua_pushcclosure(L, math_randomseed, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "randomseed");
    lua_call(L, 0, 0);                     /* seed from the host, so runs replay */
    lua_settop(L, 0);

    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_settop(L, 0);

    edujam_open_io(L);
    edujam_open_debug(L);
    edujam_open_system(L);  /* os and package, last: package.loaded lists every library */
    /* The string metatable and the globals' are the script's to change, as in stock: each
     * sandbox is its own state, and the host reads globals raw (docs/sandbox.md). */
    return 0;
}

/* What a sandbox may allocate before its collector's first cycle begins, in KiB. A new
 * state's collector starts with no credit: its first allocation begins a cycle, and one
 * cycle after another then walks the libraries and strings being set up, every one of
 * them live until the state closes. A playthrough, a fuzz run or a replay allocates
 * 45-80 KiB in all and is closed after, so it now never collects (3% of a playthrough's
 * instructions were the collector's: bench/README.md). The memory limit does not depend
 * on it: the allocator refuses growth past the cap whatever the pacing, and Lua answers a
 * refusal with a full emergency collection before it gives up. A game that runs long pays
 * this once: its first cycle ends in the usual pause, and the pacing is stock's after. */
#define EDUJAM_GC_FIRST_CREDIT_KB 256

int edujam_open_sandbox_libs(edujam_sandbox *sb, lua_Integer seed) {
    sb->seed = seed;
    lua_gc(sb->L, LUA_GCSTOP);  /* nothing the libraries make is garbage */
    lua_pushcfunction(sb->L, libs_open_all);
    int status = lua_pcall(sb->L, 0, 0, 0);
    if (status != LUA_OK) lua_pop(sb->L, 1);
    lua_gc(sb->L, LUA_GCRESTART);  /* running, no debt: as lua_newstate leaves a state */
    /* A negative step takes that many KiB off the debt and runs nothing (lapi.c, 5.4.4: the
     * debt becomes data * 1024 + GCdebt, and the collector steps only once it is positive).
     * SandboxTests' GCPacingTests pin what a script sees of it. */
    lua_gc(sb->L, LUA_GCSTEP, -EDUJAM_GC_FIRST_CREDIT_KB);
    return status;
}

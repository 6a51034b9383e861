/*
 * Shared by the shim's C files, never by Swift: the sandbox struct itself.
 */
#ifndef EDUJAM_INTERNAL_H
#define EDUJAM_INTERNAL_H

#include "edujam_shim.h"
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#include <pthread.h>
#include <stdatomic.h>

/* Small blocks (most Lua objects: strings, tables, closures, call frames) come from
 * the sandbox's own slabs, in size classes of EDUJAM_GRAIN bytes, and go back to a free
 * list per class; larger ones from malloc, on a list. A sandbox runs on one thread at a
 * time, so the lists need no lock, where malloc in a threaded process takes one, and
 * closing frees a few slabs and the large list instead of every object. */
#define EDUJAM_GRAIN 16
#define EDUJAM_SMALL_MAX 1024                      /* bytes; larger blocks use malloc */
#define EDUJAM_CLASSES (EDUJAM_SMALL_MAX / EDUJAM_GRAIN)
#define EDUJAM_SLAB_BYTES (32 * 1024)

typedef struct edujam_slab { struct edujam_slab *next; } edujam_slab;
/* The links a large block starts with: 16 bytes, so the block stays 16-byte aligned. */
typedef struct edujam_large { struct edujam_large *prev, *next; } edujam_large;
_Static_assert(sizeof(edujam_large) == 16, "a large block's links keep it 16-byte aligned");

struct edujam_sandbox {
    lua_State *L;
    /* memory: the allocator's ledger */
    size_t memory_used, memory_limit;
    /* the small-block slabs (sandbox.c) */
    void *free_blocks[EDUJAM_CLASSES + 1];   /* per class (1..EDUJAM_CLASSES), linked through their first word */
    char *slab_next, *slab_end;              /* the unused rest of the newest slab */
    edujam_slab *slabs;                      /* every slab, freed on close */
    edujam_large *large;                     /* every large block, freed on close */
    int relaxed;                    /* > 0 while the host marshals: never refuse */
    /* limits */
    int limit;                      /* EDUJAM_LIMIT_*: sticky once set */
    _Atomic int interrupt;          /* set by the watchdog thread */
    long long instruction_limit;    /* 0 = off */
    long long instructions_left;
    size_t output_used, output_limit;
    int forbidden;                  /* a withheld function was called during this call */
    /* a script's finalizers (finalizers.c) */
    lua_Integer finalizer_serial;   /* objects given a finalizer so far: the order they run in */
    lua_Integer finalizers_watched; /* objects watched and not yet finalized */
    lua_Integer finalizers_since;   /* objects given a finalizer since the last full collection */
    lua_Integer finalizers_batch;   /* how many more before the next one (0: FINALIZER_BATCH) */
    int failed;                     /* this call's error reached the host's message handler */
    lua_Integer seed;               /* math.random's seed, the string hashes' and addresses', so runs replay */
    edujam_clock_source clock;      /* what os.time, os.clock and os.date read; NULL: the system's */
    /* the thread that runs Lua now (coroutines included), for the limit hook */
    lua_State *_Atomic running;
    /* the deadline, owned by watchdog.c */
    uint64_t deadline_ns;           /* absolute, CLOCK_MONOTONIC; 0 = unarmed */
    uint64_t grace_ns;              /* after the deadline fires, how long until the last resort */
    uint64_t last_resort_ns;        /* 0 until the deadline fired; then when the process ends */
    uint64_t remaining_ns;          /* while paused */
    int paused;
    /* the escape from a __call chain (watchdog.c): after the deadline, the watchdog signals
     * again every EDUJAM_ESCAPE_PERIOD; the handler raises the limit error itself when it finds
     * the thread inside Lua's __call resolution on every visit, the stack growing */
    uint64_t escape_from_ns;        /* 0 until the deadline fired */
    int escape_top;                 /* and the running coroutine's stack top then */
    int escape_visits;              /* consecutive visits that matched */
    int in_lua;                     /* > 0 inside lua_pcall, but not in a host function (a host call takes 1 off) */
    pthread_t thread;               /* the OS thread inside a call (begin_call) */
    int signal_was_blocked;         /* restore the thread's mask on leaving */
    struct edujam_sandbox *next_armed;
    struct edujam_sandbox *outer;   /* per-thread stack of sandboxes in a call */
    /* the host */
    void *host_functions[EDUJAM_HOST_FUNCTIONS];  /* by slot (edujam_push_host_function) */
    int host_count;
    void *host;
    edujam_host_dispatch dispatch;
    edujam_output_sink output;
};

/* The sandbox a state (or any of its coroutines) belongs to: kept in the extra space. */
static inline edujam_sandbox *edujam_of(lua_State *L) {
    return *(edujam_sandbox **)lua_getextraspace(L);
}

/* Pushes the registry's table under `key`, made the first time (with `__mode` set to `mode`
 * unless it is NULL): each C file's own state kept in the registry (sandbox.c). May raise. */
void edujam_push_registry_table(lua_State *L, const void *key, const char *mode);

/* Raises the limit error for sb->limit; never returns. */
int edujam_raise_limit(lua_State *L, edujam_sandbox *sb);
/* Raises the time limit error located at the script's line; never returns (sandbox.c). */
int edujam_raise_time_limit_now(lua_State *L);
/* Turns on the every-instruction hook on L so the limit error is raised at once. */
void edujam_escalate(lua_State *L);
/* Marks a limit reached by a Lua status (memory errors are final). */
void edujam_note_status(edujam_sandbox *sb, int status);

/* watchdog.c */
uint64_t edujam_now_ns(void);
void edujam_arm(edujam_sandbox *sb, uint64_t deadline_ns);
void edujam_disarm(edujam_sandbox *sb);
void edujam_enter_thread(edujam_sandbox *sb);
void edujam_leave_thread(edujam_sandbox *sb);

/* baselib.c, libraries/libs.c, libraries/system.c */
void edujam_open_base(lua_State *L);
void edujam_open_system(lua_State *L);
int edujam_withheld(lua_State *L, const char *what);
/* print's cleaning (baselib.c): each terminal control becomes one '?'. */
size_t edujam_cleaned_length(const char *s, size_t len);
char *edujam_copy_clean(char *out, const char *s, size_t len);

/* libraries/libs.c: whether the string at idx is a chunk string.dump made in this state. */
int edujam_is_own_dump(lua_State *L, int idx);

/* finalizers.c: a script's __gc, run with hooks on (setmetatable and collectgarbage). */
void edujam_watch_finalizer(lua_State *L, int idx);
void edujam_run_finalizers(lua_State *L);

/* libraries/io.c: the game's terminal as `io`. */
void edujam_open_io(lua_State *L);
/* libraries/debug.c: debug.traceback and a read-only debug.getinfo. */
void edujam_open_debug(lua_State *L);

/* hashseed.c: sets L's string-hash seed from the run's seed. Call before any table has
 * a string key. Returns 1, changing nothing, if Lua's private layout is not 5.4.4's. */
int edujam_seed_string_hash(lua_State *L, lua_Integer seed);

/* identity.c: luaL_tolstring with addresses made from the seed; string.format likewise. */
const char *edujam_tolstring(lua_State *L, int idx, size_t *len);
void edujam_push_address(lua_State *L, int idx);
int edujam_str_format(lua_State *L);

#endif

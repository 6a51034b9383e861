/*
 * hashseed.c: a state's string hashes come from the run's seed, so that `pairs`
 * over string keys walks them in the same order in every process.
 *
 * Lua 5.4.4 seeds its string hash in lua_newstate (luai_makeseed: the time and
 * three addresses) and gives no API to change it. So, right after the state is
 * made and before any table holds a string key, this sets the state's seed and
 * rehashes the strings lua_newstate interned (reserved words, metamethod names).
 * That needs three fields of Lua's private structures; they are declared here,
 * as Debian's 5.4.4 lays them out (lstate.h, lobject.h), and every assumption is
 * checked on the live state before anything is written: a Lua whose layout
 * differs makes the sandbox fail to open, never a silently wrong state.
 */
#include "internal.h"
#include <stddef.h>
#include <string.h>

#if LUA_VERSION_RELEASE_NUM != 50404
#error "hashseed.c declares Lua 5.4.4's private layout: check it against the new version's lstate.h and lobject.h"
#endif

/* lobject.h's TString. */
typedef struct seed_string {
    void *next;
    unsigned char tt, marked, extra, shrlen;
    unsigned int hash;
    union {
        size_t lnglen;
        struct seed_string *hnext;  /* the next string in the same bucket */
    } u;
    char contents[1];
} seed_string;

/* lobject.h's TValue: an 8-byte value and a type tag. */
typedef struct {
    void *value;
    unsigned char tt;
} seed_value;

/* lstate.h's global_State, up to the seed. */
typedef struct {
    lua_Alloc frealloc;
    void *ud;
    ptrdiff_t totalbytes, gc_debt;
    size_t gc_estimate, last_atomic;
    struct {
        seed_string **hash;
        int nuse, size;
    } strings;
    seed_value registry, nil_value;
    unsigned int seed;
} seed_global;

/* lstate.h's lua_State, up to its global state. */
typedef struct {
    void *next;
    unsigned char tt, marked, status, allowhook;
    unsigned short nci;
    void *top;
    seed_global *global;
} seed_state;

#define SEED_VSHRSTR 4      /* LUA_VSHRSTR */
#define SEED_VTABLE 0x45    /* ctb(LUA_VTABLE): a collectable table */
#define SEED_PROBE "edujam"

/* lstring.c's luaS_hash, as 5.4.4 has it. */
static unsigned int seed_hash(const char *s, size_t len, unsigned int seed) {
    unsigned int h = seed ^ (unsigned int)len;
    for (; len > 0; len--) h ^= ((h << 5) + (h >> 2) + (unsigned char)s[len - 1]);
    return h;
}

static seed_string *seed_string_of(const char *contents) {
    return (seed_string *)(void *)(contents - offsetof(seed_string, contents));
}

/* The 32-bit hash seed a run's seed stands for (SplitMix64's finalizer: nearby seeds
 * give unrelated hashes). */
static unsigned int seed_from(lua_Integer seed) {
    uint64_t z = (uint64_t)seed + 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return (unsigned int)(z >> 32);
}

/* Whether L's private layout is the one declared above: every field read or written is
 * compared with what the public API says it must be. The probe string is on the stack. */
static int seed_layout_holds(lua_State *L, const seed_global *g, const char *probe) {
    void *ud;
    lua_Alloc alloc = lua_getallocf(L, &ud);
    if (g->frealloc != alloc || g->ud != ud) return 0;
    if (g->registry.tt != SEED_VTABLE || g->registry.value != lua_topointer(L, LUA_REGISTRYINDEX)) return 0;
    int size = g->strings.size;
    if (size < 1 || (size & (size - 1)) != 0 || g->strings.nuse < 1 || g->strings.nuse > 4 * size) return 0;
    const seed_string *ts = seed_string_of(probe);
    return ts->tt == SEED_VSHRSTR && ts->shrlen == strlen(SEED_PROBE) &&
           ts->hash == seed_hash(probe, strlen(SEED_PROBE), g->seed);
}

/* Recomputes every interned string's hash under the global seed and puts it in its new
 * bucket (lstring.c's tablerehash, with the hash recomputed). */
static void seed_rehash(seed_global *g) {
    int size = g->strings.size;
    seed_string *all = NULL;
    for (int i = 0; i < size; i++) {  /* every bucket's chain onto one list */
        seed_string *p = g->strings.hash[i];
        g->strings.hash[i] = NULL;
        while (p != NULL) {
            seed_string *hnext = p->u.hnext;
            p->u.hnext = all;
            all = p;
            p = hnext;
        }
    }
    while (all != NULL) {
        seed_string *hnext = all->u.hnext;
        all->hash = seed_hash(all->contents, all->shrlen, g->seed);
        unsigned int bucket = all->hash & (unsigned int)(size - 1);
        all->u.hnext = g->strings.hash[bucket];
        g->strings.hash[bucket] = all;
        all = hnext;
    }
}

/* Called first thing while the libraries open (under lua_pcall: pushing may raise). */
int edujam_seed_string_hash(lua_State *L, lua_Integer seed) {
    luaL_checkstack(L, 2, NULL);
    seed_global *g = ((seed_state *)(void *)L)->global;
    const char *probe = lua_pushstring(L, SEED_PROBE);
    int holds = seed_layout_holds(L, g, probe);
    if (holds) {
        g->seed = seed_from(seed);
        seed_rehash(g);
        /* Interning finds the probe again in its new bucket, under its new hash. */
        const char *again = lua_pushstring(L, SEED_PROBE);
        holds = again == probe && seed_string_of(again)->hash == seed_hash(SEED_PROBE, strlen(SEED_PROBE), g->seed);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return holds ? 0 : 1;
}

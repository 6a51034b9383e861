/*
 * tables.c: table.sort and table.concat, with Lua 5.4's observable behaviour, that a
 * deadline can stop.
 *
 * Why concat: it loops from i to j in C, and each element may come from an __index
 * that is a C function (table.concat itself returns "" for a table with no length):
 * table.concat(setmetatable({}, {__index = table.concat}), "", 1, 1e12) allocates
 * nothing and runs no Lua instruction, for days. Each element's bytes count as work.
 *
 * Why sort: the stock sort runs in C, where no hook fires, and one comparison of two
 * long strings is a strcoll over all of them: 20,000 references to one 8 MiB string
 * sort for minutes. Here every comparison is counted by what it costs (a fixed
 * amount, plus the shorter string's length when the default comparison meets two
 * strings), and edujam_check_interrupt runs whenever SORT_WORK_PER_CHECK has
 * accumulated: at once after each comparison of long strings, every few thousand
 * comparisons of numbers. A comparison function written in Lua is stopped by the
 * hook as any Lua code is.
 *
 * Same behaviour as stock Lua 5.4 (`make test-differential` compares them, with
 * Tests/SandboxDifferential/cases.lua): the same quicksort (median of three, the
 * same partition), so the same
 * comparisons in the same order, hence the same result for equal elements and the
 * same "invalid order function for sorting" for inconsistent comparators, and the
 * same argument errors. One difference: where stock Lua re-randomises the pivot
 * after a badly unbalanced partition, it seeds from the clock (a result that differs
 * from run to run for equal elements); we use a fixed sequence, so runs replay.
 */
#include <limits.h>

#include <lua5.4/lauxlib.h>

#include "../internal.h"

#define SORT_COMPARE_COST 16              /* a comparison, apart from the bytes it reads */
#define CONCAT_ELEMENT_COST 16            /* an element, apart from its bytes */
#define TAB_WORK_PER_CHECK (64u * 1024u)  /* about a few hundred microseconds of work */
#define SORT_RANDOM_ABOVE 100u            /* intervals this long may get a random pivot */
#define SORT_SEED 0x9E3779B97F4A7C15u     /* the pivot sequence's start: any constant */

/* What stock table functions accept as argument 1: a table, or a value whose
 * metatable has the metamethods the function uses (__index to read, __newindex to
 * write, __len for the length); else "table expected". */
static void tab_check(lua_State *L, int writes) {
    if (lua_type(L, 1) == LUA_TTABLE) return;
    static const char *const needed[] = {"__index", "__len", "__newindex"};
    int count = writes ? 3 : 2;
    int pushed = 1;
    if (!lua_getmetatable(L, 1)) luaL_checktype(L, 1, LUA_TTABLE);
    for (int k = 0; k < count; k++, pushed++) {
        lua_pushstring(L, needed[k]);
        if (lua_rawget(L, -pushed - 1) == LUA_TNIL) luaL_checktype(L, 1, LUA_TTABLE);
    }
    lua_pop(L, pushed);
}

typedef unsigned int sort_index;          /* 1 .. INT_MAX - 1, as stock Lua */

typedef struct tab_state {
    lua_State *L;
    size_t work;                          /* since the last interrupt check */
    lua_Unsigned seed;                    /* sort: a new pivot after an unbalanced partition */
    int by_function;                      /* sort: argument 2 is a comparison function */
} tab_state;

/* Counts work; checks the deadline once enough has accumulated. */
static void tab_tick(tab_state *st, size_t work) {
    st->work += work;
    if (st->work >= TAB_WORK_PER_CHECK) {
        st->work = 0;
        edujam_check_interrupt(st->L);
    }
}

/* Bytes the default comparison of the values at a and b reads: two strings are
 * compared with strcoll up to the shorter one's end. */
static size_t sort_compare_bytes(lua_State *L, int a, int b) {
    if (lua_type(L, a) != LUA_TSTRING || lua_type(L, b) != LUA_TSTRING) return 0;
    size_t la = lua_rawlen(L, a), lb = lua_rawlen(L, b);
    return la < lb ? la : lb;
}

/* Is the value at a less than the value at b, by the comparison function
 * (argument 2) or by Lua's `<`? */
static int sort_less(tab_state *st, int a, int b) {
    lua_State *L = st->L;
    int less;
    if (!st->by_function) {               /* decided once per sort: a check per comparison cost 4% */
        size_t bytes = sort_compare_bytes(L, a, b);
        less = lua_compare(L, a, b, LUA_OPLT);
        tab_tick(st, SORT_COMPARE_COST + bytes);
        return less;
    }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);              /* the indices moved by the function just pushed */
    lua_pushvalue(L, b - 2);              /* ... and by a */
    lua_call(L, 2, 1);
    less = lua_toboolean(L, -1);
    lua_pop(L, 1);
    tab_tick(st, SORT_COMPARE_COST);
    return less;
}

/* t[i] = top value, t[j] = the one below it; pops both. */
static void sort_set2(lua_State *L, sort_index i, sort_index j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

/* The pivot P is on top of the stack, and a[lo] <= P == a[up - 1] <= a[up].
 * Moves what is less than P below it and the rest above; returns P's place. */
static sort_index sort_partition(tab_state *st, sort_index lo, sort_index up) {
    lua_State *L = st->L;
    sort_index i = lo, j = up - 1;
    for (;;) {
        while ((void)lua_geti(L, 1, ++i), sort_less(st, -1, -2)) {   /* skip a[i] < P */
            if (i == up - 1)              /* a[up - 1] is P itself: P < P */
                luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        while ((void)lua_geti(L, 1, --j), sort_less(st, -3, -1)) {   /* skip P < a[j] */
            if (j < i)                    /* a[j] < P was seen on the way up */
                luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        if (j < i) {                      /* crossed: P goes to i */
            lua_pop(L, 1);
            sort_set2(L, up - 1, i);
            return i;
        }
        sort_set2(L, i, j);               /* a[i] and a[j] are both on the wrong side */
    }
}

/* A pivot in the middle half of lo..up, picked by rnd. */
static sort_index sort_random_pivot(sort_index lo, sort_index up, unsigned rnd) {
    sort_index quarter = (up - lo) / 4;
    return rnd % (quarter * 2) + (lo + quarter);
}

/* The next pseudo-random pivot seed: deterministic, so a run replays. */
static unsigned sort_next_random(tab_state *st) {
    st->seed = st->seed * 6364136223846793005u + 1442695040888963407u;
    return (unsigned)(st->seed >> 33) | 1u;
}

/* Sorts a[lo .. up]: orders a[lo], the pivot and a[up], partitions, recurses into the
 * smaller side and loops on the larger (so the C stack stays logarithmic). */
static void sort_range(tab_state *st, sort_index lo, sort_index up, unsigned rnd) {
    lua_State *L = st->L;
    while (lo < up) {
        sort_index p, smaller;
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (sort_less(st, -1, -2)) sort_set2(L, lo, up);
        else lua_pop(L, 2);
        if (up - lo == 1) break;
        p = (up - lo < SORT_RANDOM_ABOVE || rnd == 0) ? (lo + up) / 2 : sort_random_pivot(lo, up, rnd);
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (sort_less(st, -2, -1)) {
            sort_set2(L, p, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (sort_less(st, -1, -2)) sort_set2(L, p, up);
            else lua_pop(L, 2);
        }
        if (up - lo == 2) break;
        lua_geti(L, 1, p);                /* the pivot ... */
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        sort_set2(L, p, up - 1);          /* ... swapped into a[up - 1] */
        p = sort_partition(st, lo, up);
        if (p - lo < up - p) {
            sort_range(st, lo, p - 1, rnd);
            smaller = p - lo;
            lo = p + 1;
        } else {
            sort_range(st, p + 1, up, rnd);
            smaller = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > smaller)    /* badly unbalanced: pick pivots at random */
            rnd = sort_next_random(st);
    }
}

/*
 * Plain numbers: a table with no metatable whose elements 1..n are all integers, or all
 * floats none of which is NaN, sorted by `<`. Nothing the script wrote can run during
 * such a sort (no metamethod, no comparison function) and `<` is a total order on them,
 * so the same quicksort over a C array of the values makes the same comparisons, the same
 * swaps and the same table as the general one above, without a stack push, pop and
 * API call for each: the sort most games do (scores, times) costs a third of stock's.
 * The general one stays for everything else; both count each comparison's work the same.
 */
typedef union sort_number { lua_Integer i; lua_Number f; } sort_number;

typedef struct number_sort {
    tab_state *st;
    sort_number *a;                       /* a[k - 1] is t[k] */
    int floats;                           /* all floats, else all integers */
} number_sort;

static inline int number_less(const number_sort *ns, sort_number x, sort_number y) {
    tab_tick(ns->st, SORT_COMPARE_COST);
    return ns->floats ? x.f < y.f : x.i < y.i;
}

static inline void number_swap(sort_number *a, sort_index i, sort_index j) {
    sort_number t = a[i - 1];
    a[i - 1] = a[j - 1];
    a[j - 1] = t;
}

/* sort_partition over the array; the pivot P is in a[up - 1]. A total order never
 * meets the errors, but the checks stay, so a slip here is an error and not a read
 * outside the array. */
static sort_index number_partition(number_sort *ns, sort_index lo, sort_index up) {
    sort_number *a = ns->a, pivot = a[up - 2];
    sort_index i = lo, j = up - 1;
    for (;;) {
        while (number_less(ns, a[++i - 1], pivot))
            if (i == up - 1) luaL_error(ns->st->L, "invalid order function for sorting");
        while (j > lo && number_less(ns, pivot, a[--j - 1]))
            if (j < i) luaL_error(ns->st->L, "invalid order function for sorting");
        if (j < i) {
            a[up - 2] = a[i - 1];
            a[i - 1] = pivot;
            return i;
        }
        number_swap(a, i, j);
    }
}

/* sort_range over the array: the same comparisons in the same order. */
static void number_range(number_sort *ns, sort_index lo, sort_index up, unsigned rnd) {
    sort_number *a = ns->a;
    while (lo < up) {
        sort_index p, smaller;
        if (number_less(ns, a[up - 1], a[lo - 1])) number_swap(a, lo, up);
        if (up - lo == 1) break;
        p = (up - lo < SORT_RANDOM_ABOVE || rnd == 0) ? (lo + up) / 2 : sort_random_pivot(lo, up, rnd);
        if (number_less(ns, a[p - 1], a[lo - 1])) number_swap(a, p, lo);
        else if (number_less(ns, a[up - 1], a[p - 1])) number_swap(a, p, up);
        if (up - lo == 2) break;
        number_swap(a, p, up - 1);
        p = number_partition(ns, lo, up);
        if (p - lo < up - p) {
            number_range(ns, lo, p - 1, rnd);
            smaller = p - lo;
            lo = p + 1;
        } else {
            number_range(ns, p + 1, up, rnd);
            smaller = up - p;
            up = p - 1;
        }
        if ((up - lo) / 128 > smaller)
            rnd = sort_next_random(ns->st);
    }
}

/* Sorts t[1..n] as plain numbers when it is such a table and the copy fits well within
 * the memory limit (a sort stock Lua finishes must not fail here for want of memory);
 * returns 0, having read but changed nothing, when it is not. */
static int sort_numbers(tab_state *st, lua_Integer n) {
    lua_State *L = st->L;
    edujam_sandbox *sb = edujam_of(L);
    size_t bytes = (size_t)n * sizeof(sort_number);
    if (lua_getmetatable(L, 1)) { lua_pop(L, 1); return 0; }
    if (sb->memory_limit > 0
        && (sb->memory_used > sb->memory_limit || bytes > (sb->memory_limit - sb->memory_used) / 4))
        return 0;
    int first = lua_rawgeti(L, 1, 1);
    int floats = first == LUA_TNUMBER && !lua_isinteger(L, -1);
    lua_pop(L, 1);
    if (first != LUA_TNUMBER) return 0;
    number_sort ns = {st, lua_newuserdatauv(L, bytes, 0), floats};
    for (lua_Integer k = 1; k <= n; k++) {
        /* a number of the same kind: not a string that converts, not NaN */
        int plain = lua_rawgeti(L, 1, k) == LUA_TNUMBER && lua_isinteger(L, -1) != floats;
        if (!plain) { lua_pop(L, 2); return 0; }
        if (floats) {
            ns.a[k - 1].f = lua_tonumber(L, -1);
            plain = ns.a[k - 1].f == ns.a[k - 1].f;
        } else {
            ns.a[k - 1].i = lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
        if (!plain) { lua_pop(L, 1); return 0; }
    }
    number_range(&ns, 1, (sort_index)n, 0);
    for (lua_Integer k = 1; k <= n; k++) {
        if (floats) lua_pushnumber(L, ns.a[k - 1].f);
        else lua_pushinteger(L, ns.a[k - 1].i);
        lua_rawseti(L, 1, k);
    }
    lua_pop(L, 1);
    return 1;
}

int edujam_tab_sort(lua_State *L) {
    tab_check(L, 1);
    lua_Integer n = luaL_len(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        tab_state st = {L, 0, SORT_SEED, !lua_isnil(L, 2)};
        if (st.by_function || !sort_numbers(&st, n)) sort_range(&st, 1, (sort_index)n, 0);
    }
    return 0;
}

/* Appends t[i] to the line, as stock concat does: strings and numbers only. */
static size_t concat_add(lua_State *L, luaL_Buffer *line, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1))
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
                   (LUAI_UACINT)i);
    size_t len = lua_rawlen(L, -1);     /* a number counts as its few digits: 0 here */
    luaL_addvalue(line);
    return len;
}

int edujam_tab_concat(lua_State *L) {
    tab_check(L, 0);
    lua_Integer last = luaL_len(L, 1);
    size_t seplen;
    const char *sep = luaL_optlstring(L, 2, "", &seplen);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    tab_state st = {L, 0, 0, 0};
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (; i < last; i++) {
        size_t len = concat_add(L, &line, i);
        luaL_addlstring(&line, sep, seplen);
        tab_tick(&st, CONCAT_ELEMENT_COST + len + seplen);
    }
    if (i == last) concat_add(L, &line, i);
    luaL_pushresult(&line);
    return 1;
}

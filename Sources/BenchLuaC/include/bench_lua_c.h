/*
 * BenchLuaC: C functions the bench compares EduJam with. Not product code: only
 * edujam-bench links this target.
 */
#ifndef BENCH_LUA_C_H
#define BENCH_LUA_C_H

#include <lua5.4/lua.h>

/* What bench_quantity saw last: whether its first argument was "score", and its second. */
typedef struct bench_quantity_seen {
    int is_score;
    double value;
} bench_quantity_seen;

/* `quantity(id, value)` written in C: the bridge row's reference. It does what the bench's
 * Swift host function does, with the Lua API calls that host function makes (the string's
 * type and bytes, compared in place with "score"; the number read as an integer first),
 * records them (bench_quantity_last) and returns nothing. */
int bench_quantity(lua_State *L);

/* What bench_quantity saw in its last call (for the bench to check it ran). */
bench_quantity_seen bench_quantity_last(void);

#endif

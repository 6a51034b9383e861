/*
 * differential.c: runs cases.lua, which compares EduJam's pattern functions
 * (Sources/LuaShim/libraries/patterns.c, exposed as ej.find, ej.match, ej.gmatch,
 * ej.gsub) with the stock string library of the same Lua 5.4.
 *
 * patterns.c calls edujam_check_interrupt, which the sandbox normally
 * provides. Here it counts its calls and, when armed, raises like a passed
 * deadline would, so the script can prove a runaway match is stopped.
 *
 * Usage: patterns-differential [cases.lua]. Exit status 0 only if every case passed.
 */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

#include "edujam_shim.h"

#define INTERRUPT_MESSAGE "EDUJAM_TEST_INTERRUPT"

static long long interrupt_calls;       /* every call since the program started */
static long long calls_until_raise;     /* 0: not armed by count */
static double raise_at;                 /* 0: not armed by time */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The test double: disarms itself before raising, as the sandbox's error is final. */
void edujam_check_interrupt(lua_State *L) {
    int due = 0;
    interrupt_calls++;
    if (calls_until_raise > 0 && --calls_until_raise == 0)
        due = 1;
    if (raise_at > 0 && now_seconds() >= raise_at)
        due = 1;
    if (due) {
        calls_until_raise = 0;
        raise_at = 0;
        luaL_error(L, INTERRUPT_MESSAGE);
    }
}

static int t_interrupts(lua_State *L) {
    lua_pushinteger(L, interrupt_calls);
    return 1;
}

/* ej.arm_calls(n): raise at the n-th check from now (0 disarms). */
static int t_arm_calls(lua_State *L) {
    calls_until_raise = luaL_checkinteger(L, 1);
    return 0;
}

/* ej.arm_deadline(seconds): raise at the first check after that much time (0 disarms). */
static int t_arm_deadline(lua_State *L) {
    lua_Number after = luaL_checknumber(L, 1);
    raise_at = (after > 0) ? now_seconds() + after : 0;
    return 0;
}

static int t_now(lua_State *L) {
    lua_pushnumber(L, now_seconds());
    return 1;
}

static const luaL_Reg ej_funcs[] = {
    {"find", edujam_str_find},
    {"match", edujam_str_match},
    {"gmatch", edujam_str_gmatch},
    {"gsub", edujam_str_gsub},
    {"interrupts", t_interrupts},
    {"arm_calls", t_arm_calls},
    {"arm_deadline", t_arm_deadline},
    {"now", t_now},
    {"interrupt_message", NULL},
    {NULL, NULL}
};

static int traceback(lua_State *L) {
    luaL_traceback(L, L, lua_tostring(L, 1), 1);
    return 1;
}

int main(int argc, char **argv) {
    const char *script = (argc > 1) ? argv[1] : "Tests/PatternsDifferential/cases.lua";
    int failed;
    lua_State *L = luaL_newstate();
    if (L == NULL) {
        fprintf(stderr, "cannot create a Lua state\n");
        return 2;
    }
    luaL_openlibs(L);
    luaL_newlib(L, ej_funcs);
    lua_pushliteral(L, INTERRUPT_MESSAGE);
    lua_setfield(L, -2, "interrupt_message");
    lua_setglobal(L, "ej");
    lua_pushcfunction(L, traceback);
    if (luaL_loadfile(L, script) != LUA_OK || lua_pcall(L, 0, 1, -2) != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1));
        lua_close(L);
        return 2;
    }
    failed = (int)lua_tointeger(L, -1);  /* the script returns its failure count */
    lua_close(L);
    return failed == 0 ? 0 : 1;
}

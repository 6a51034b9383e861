/*
 * system.c: the parts of `os` and `package` a script may see. `os` keeps what
 * reads the time (from the run's clock, so a replayed run reads the same time)
 * and nothing that reaches files, processes or the environment. `package` holds
 * the facts libraries read: the module cache (`loaded`), the loaders a script
 * registers (`preload`, which the game's `require` consults first), the search
 * path and the separators. `io` and `debug` are libraries/io.c and debug.c.
 */
#include "../internal.h"
#include <math.h>
#include <string.h>
#include <time.h>

/* What the game's `require` searches, relative to the game's folder (Sources/Runtime). */
#define SYSTEM_PATH "./?.lua;./?/init.lua"
/* Stock's package.config: directory separator, path separator, substitution mark,
 * executable-directory mark, ignore mark. */
#define SYSTEM_CONFIG "/\n;\n?\n!\n-\n"

/* The run's clock, or the system's when the host gave none (as stock Lua reads it). */
static void system_time(lua_State *L, double *now, double *elapsed) {
    edujam_sandbox *sb = edujam_of(L);
    if (sb->clock != NULL && sb->clock(sb->host, now, elapsed) == 0) return;
    *now = (double)time(NULL);
    *elapsed = (double)clock() / (double)CLOCKS_PER_SEC;
}

/* The run's time in whole seconds since the epoch; 0 for a clock outside Lua's integers. */
static lua_Integer system_now(lua_State *L) {
    double now, elapsed;
    system_time(L, &now, &elapsed);
    now = floor(now);
    return now >= -9.0e18 && now <= 9.0e18 ? (lua_Integer)now : 0;
}

/* Stock's function for this one (upvalue 1), run in this frame so its errors name ours. */
static int system_stock(lua_State *L) {
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* os.time(): the run's clock; os.time(t): stock's (a date to seconds, in the local zone). */
static int system_os_time(lua_State *L) {
    if (!lua_isnoneornil(L, 1)) return system_stock(L);
    lua_pushinteger(L, system_now(L));
    return 1;
}

/* os.clock(): seconds since the run began, on its clock (stock: the process's CPU time). */
static int system_os_clock(lua_State *L) {
    double now, elapsed;
    system_time(L, &now, &elapsed);
    lua_pushnumber(L, elapsed);
    return 1;
}

/* os.date(format [, t]): stock's, with t the run's time when it is not given. */
static int system_os_date(lua_State *L) {
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_pushinteger(L, system_now(L));
    }
    return system_stock(L);
}

/* os.setlocale([locale [, category]]): a game runs in the C locale, always. The locale is
 * the whole process's, the host's included, and numbers and patterns must read the same on
 * every machine a run is replayed on. A query, "C", "POSIX" or "" (the default, C here)
 * answers "C"; any other locale is one this system does not have: fail, as stock answers. */
static int system_setlocale(lua_State *L) {
    static const char *const categories[] = {"all", "collate", "ctype", "monetary", "numeric", "time", NULL};
    const char *locale = luaL_optstring(L, 1, NULL);
    luaL_checkoption(L, 2, "all", categories);
    if (locale == NULL || *locale == '\0' || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0)
        lua_pushliteral(L, "C");
    else
        luaL_pushfail(L);
    return 1;
}

/* What would act outside the game (run a process, end the program, change files) raises,
 * naming itself; what only reads the machine (getenv) is absent, so a library's feature
 * test (`os.getenv and os.getenv("HOME")`) falls back. */
static int system_execute(lua_State *L) { return edujam_withheld(L, "os.execute"); }
static int system_exit(lua_State *L) { return edujam_withheld(L, "os.exit"); }
static int system_remove(lua_State *L) { return edujam_withheld(L, "os.remove"); }
static int system_rename(lua_State *L) { return edujam_withheld(L, "os.rename"); }
static int system_tmpname(lua_State *L) { return edujam_withheld(L, "os.tmpname"); }

static const luaL_Reg system_refusing[] = {
    {"execute", system_execute}, {"exit", system_exit}, {"remove", system_remove},
    {"rename", system_rename}, {"tmpname", system_tmpname}, {NULL, NULL}
};

/* Sets field `name` of the table on top to fn with stock's os.<name> (in the table at
 * `stock`) as its upvalue. */
static void system_wrap(lua_State *L, int stock, const char *name, lua_CFunction fn) {
    lua_getfield(L, stock, name);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
}

/* Opens `os` and `package` as globals and in package.loaded (registry._LOADED, which also
 * holds the libraries opened before: require("string") finds them there). */
void edujam_open_system(lua_State *L) {
    luaopen_os(L);  /* stock's table: only the functions are taken from it */
    int stock = lua_gettop(L);
    lua_createtable(L, 0, 10);
    luaL_setfuncs(L, system_refusing, 0);
    system_wrap(L, stock, "time", system_os_time);
    system_wrap(L, stock, "date", system_os_date);
    lua_pushcfunction(L, system_os_clock);
    lua_setfield(L, -2, "clock");
    lua_pushcfunction(L, system_setlocale);
    lua_setfield(L, -2, "setlocale");
    lua_getfield(L, stock, "difftime");
    lua_setfield(L, -2, "difftime");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, LUA_OSLIBNAME);
    lua_pushvalue(L, -2);
    lua_setglobal(L, LUA_OSLIBNAME);
    int loaded = lua_gettop(L);

    lua_createtable(L, 0, 4);
    lua_pushvalue(L, loaded);
    lua_setfield(L, -2, "loaded");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);  /* loaders a script registers itself */
    lua_setfield(L, -2, "preload");
    lua_pushliteral(L, SYSTEM_PATH);
    lua_setfield(L, -2, "path");
    lua_pushliteral(L, SYSTEM_CONFIG);
    lua_setfield(L, -2, "config");
    lua_pushvalue(L, -1);
    lua_setfield(L, loaded, LUA_LOADLIBNAME);
    lua_setglobal(L, LUA_LOADLIBNAME);
    lua_settop(L, stock - 1);
}

void edujam_set_clock(edujam_sandbox *sb, edujam_clock_source clock) { sb->clock = clock; }

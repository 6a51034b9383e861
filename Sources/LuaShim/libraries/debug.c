/*
 * debug.c: the read-only part of Lua's debug library a game may use, for loggers and
 * error reports: `traceback`, `getinfo` with where a function is (source, lines), its
 * name and how it was called, and `getmetatable`, which class libraries use to see past
 * their own __metatable field, for a table only. Nothing that reads or writes locals,
 * upvalues, the registry, hooks or the metatables of other types: those functions are
 * absent, as in a Lua built without them. traceback and getinfo are stock's own functions,
 * run in this frame, so levels count as in stock.
 */
#include "../internal.h"
#include <string.h>

#define DEBUG_OPTIONS "Slntu"  /* getinfo's options that tell where and what, not values */

/* Stock's function (upvalue 1), called in this frame: its levels and messages are stock's. */
static int debug_stock(lua_State *L) {
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* debug.getinfo([thread,] f [, what]): stock's, but the options that hand out values (the
 * function itself 'f', its lines as a table 'L', transferred values 'r') are refused. */
static int debug_getinfo(lua_State *L) {
    int arg = lua_type(L, 1) == LUA_TTHREAD ? 2 : 1;
    if (lua_isnoneornil(L, arg + 1)) {
        lua_settop(L, arg);
        lua_pushliteral(L, DEBUG_OPTIONS);  /* stock's default, less f, L and r */
    }
    const char *what = luaL_checkstring(L, arg + 1);
    for (const char *c = what; *c != '\0'; c++) {
        if (*c == '>') return luaL_argerror(L, arg + 1, "invalid option");
        if (strchr(DEBUG_OPTIONS, *c) == NULL && strchr("fLr", *c) != NULL)
            return luaL_argerror(L, arg + 1, lua_pushfstring(L, "option '%c' is not available to games", *c));
    }
    return debug_stock(L);
}

/* debug.getmetatable(v): a table's metatable, its __metatable field notwithstanding (a
 * script's own tables hold nothing of the host's); for any other value, what getmetatable
 * shows, so the metatables of strings and files stay as protected as they are there. */
static int debug_getmetatable(lua_State *L) {
    luaL_checkany(L, 1);
    if (lua_type(L, 1) == LUA_TTABLE) {
        if (!lua_getmetatable(L, 1)) lua_pushnil(L);
        return 1;
    }
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    luaL_getmetafield(L, 1, "__metatable");  /* pushes nothing when there is none */
    return 1;
}

/* Under lua_pcall (libs_open_all): may raise. Sets the global debug and package.loaded.debug. */
void edujam_open_debug(lua_State *L) {
    luaopen_debug(L);  /* stock's table, from which two functions are taken */
    int stock = lua_gettop(L);
    lua_createtable(L, 0, 3);
    lua_getfield(L, stock, "traceback");
    lua_pushcclosure(L, debug_stock, 1);
    lua_setfield(L, -2, "traceback");
    lua_getfield(L, stock, "getinfo");
    lua_pushcclosure(L, debug_getinfo, 1);
    lua_setfield(L, -2, "getinfo");
    lua_pushcfunction(L, debug_getmetatable);
    lua_setfield(L, -2, "getmetatable");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, LUA_DBLIBNAME);
    lua_pop(L, 1);
    lua_setglobal(L, LUA_DBLIBNAME);
    lua_settop(L, stock - 1);
}

/*
 * CLua: Debian's Lua 5.4 (liblua5.4-dev) as a Swift module.
 *
 * Lua's function-like macros cannot be imported into Swift, so each one the
 * Swift side uses is re-declared here as a static inline function under the
 * manual's own name, prefixed clua_ so nobody mistakes it for the real macro.
 * Nothing here may raise a Lua error on its own account: the callers decide
 * which calls run under protection (docs/ARCHITECTURE.md, "How a call crosses Swift → C → Lua and back").
 */
#ifndef CLUA_H
#define CLUA_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *clua_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number clua_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer clua_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline int clua_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline void clua_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void clua_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void clua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}

#endif

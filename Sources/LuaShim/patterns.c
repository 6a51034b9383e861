/* Placeholder until the interruptible matcher lands: delegates to stock Lua. */
#include "internal.h"
static int call_stock(lua_State *L, const char *name) {
    lua_getglobal(L, "string"); (void)name; lua_pop(L, 1);
    return luaL_error(L, "patterns not yet available");
}
int edujam_str_find(lua_State *L) { return call_stock(L, "find"); }
int edujam_str_match(lua_State *L) { return call_stock(L, "match"); }
int edujam_str_gmatch(lua_State *L) { return call_stock(L, "gmatch"); }
int edujam_str_gsub(lua_State *L) { return call_stock(L, "gsub"); }

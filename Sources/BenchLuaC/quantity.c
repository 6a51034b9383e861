#include "bench_lua_c.h"

#include <lua5.4/lauxlib.h>
#include <string.h>

static bench_quantity_seen last;

bench_quantity_seen bench_quantity_last(void) { return last; }

int bench_quantity(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) return luaL_typeerror(L, 1, "string");
    size_t length;
    const char *id = lua_tolstring(L, 1, &length);  /* a string already: no conversion */
    last.is_score = length == 5 && memcmp(id, "score", 5) == 0;
    if (lua_isinteger(L, 2)) {
        last.value = (double)lua_tointegerx(L, 2, NULL);
    } else {
        if (lua_type(L, 2) != LUA_TNUMBER) return luaL_typeerror(L, 2, "number");
        last.value = lua_tonumberx(L, 2, NULL);
    }
    return 0;
}

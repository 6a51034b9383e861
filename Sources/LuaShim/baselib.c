/*
 * baselib.c: the base library a script sees. Lua's own base library is
 * opened and then cut down: what could reach outside the sandbox, load
 * bytecode, stop the collector or catch a limit error is replaced here.
 */
#include "internal.h"
#include <string.h>

/* {====================================================================
 * Withheld names
 * ===================================================================== */

int edujam_forbid(lua_State *L, const char *what) {
    edujam_of(L)->forbidden = 1;
    return luaL_error(L, "%s is not available in the sandbox", what);
}

int edujam_withheld(lua_State *L) {
    return edujam_forbid(L, lua_tostring(L, lua_upvalueindex(1)));
}

static void set_withheld(lua_State *L, int table, const char *field, const char *shown) {
    lua_pushfstring(L, "'%s'", shown);
    lua_pushcclosure(L, edujam_withheld, 1);
    lua_setfield(L, table, field);
}

/* __index / __newindex of a withheld library: io.write -> "'io.write' is not available" */
static int base_withheld_member(lua_State *L) {
    const char *library = lua_tostring(L, lua_upvalueindex(1));
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    lua_pushfstring(L, "'%s.%s'", library, key);
    return edujam_forbid(L, lua_tostring(L, -1));
}

/* A table that names the library in its errors, so authors learn why, not "index a nil value". */
static void set_withheld_library(lua_State *L, const char *name) {
    lua_newtable(L);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, name);
    lua_pushcclosure(L, base_withheld_member, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__index");
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_setglobal(L, name);
}

/* }==================================================================== */

/* {====================================================================
 * pcall and xpcall: a limit error passes through them
 * ===================================================================== */

/* Shared ending: on a limit, re-raise (the hook is escalated, so nothing
 * the script does next can run); on another error, return false, error. */
static int base_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        edujam_sandbox *sb = edujam_of(L);
        edujam_note_status(sb, status);
        if (sb->limit != EDUJAM_LIMIT_NONE) {
            edujam_escalate(L);
            return lua_error(L);
        }
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

static int base_pcall(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);  /* the first result on success */
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, base_finish_pcall);
    return base_finish_pcall(L, status, 0);
}

/* Runs the script's message handler (upvalue 1), except for a limit error:
 * Lua calls handlers with hooks off when the error came from a hook. */
static int base_handler(lua_State *L) {
    if (edujam_of(L)->limit != EDUJAM_LIMIT_NONE) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int base_xpcall(lua_State *L) {
    int nargs = lua_gettop(L) - 2;
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, base_handler, 1);
    lua_replace(L, 2);                  /* stack: f, handler, args... */
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);                /* ..., true, f */
    lua_rotate(L, 3, 2);                /* f, handler, true, f, args... */
    int status = lua_pcallk(L, nargs, LUA_MULTRET, 2, 2, base_finish_pcall);
    return base_finish_pcall(L, status, 2);
}

/* }==================================================================== */

/* Refuses __gc: Lua runs finalizers with hooks off, so a looping one could
 * never be stopped. The check is on the raw key at setmetatable time, the
 * only time Lua marks an object for finalization. */
static int base_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int mt = lua_type(L, 2);
    luaL_argexpected(L, mt == LUA_TNIL || mt == LUA_TTABLE, 2, "nil or table");
    if (mt == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) return edujam_forbid(L, "a __gc metamethod");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* load(chunk [, chunkname]): text only, always with the sandbox's globals. */
static int base_load(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) return edujam_forbid(L, "load of a non-string chunk");
    size_t len;
    const char *source = lua_tolstring(L, 1, &len);
    const char *name = luaL_optstring(L, 2, "=(load)");
    const char *mode = luaL_optstring(L, 3, "t");
    if (strcmp(mode, "t") != 0) return edujam_forbid(L, "load of binary chunks");
    if (!lua_isnoneornil(L, 4)) return edujam_forbid(L, "load's env argument");
    int status = luaL_loadbufferx(L, source, len, name, "t");
    if (status == LUA_OK) return 1;
    edujam_sandbox *sb = edujam_of(L);
    edujam_note_status(sb, status);
    if (sb->limit != EDUJAM_LIMIT_NONE) return edujam_raise_limit(L, sb);
    lua_pushnil(L);  /* a syntax error is a result, as in stock Lua */
    lua_insert(L, -2);
    return 2;
}

static int base_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    if (strcmp(option, "count") != 0) {
        lua_pushfstring(L, "collectgarbage('%s')", option);
        return edujam_forbid(L, lua_tostring(L, -1));
    }
    int kb = lua_gc(L, LUA_GCCOUNT, 0);
    int rest = lua_gc(L, LUA_GCCOUNTB, 0);
    lua_pushnumber(L, (lua_Number)kb + ((lua_Number)rest / 1024));
    return 1;
}

/* {====================================================================
 * print: to the host, within the output budget, with no terminal control
 * ===================================================================== */

/* Copies s, replacing control characters (C0 but tab and newline, DEL, and
 * the UTF-8 encoded C1 range, which holds CSI) with '?': no escape sequence
 * can reach the student's terminal. */
static void print_add_clean(luaL_Buffer *b, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9F) {
            luaL_addchar(b, '?');
            i++;
        } else if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F) {
            luaL_addchar(b, '?');
        } else {
            luaL_addchar(b, (char)c);
        }
    }
}

/* Arguments are joined by one space (not Lua's tab): output is for a student's eyes. */
static int base_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer line;
    luaL_buffinit(L, &line);
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = luaL_tolstring(L, i, &len);
        lua_pop(L, 1);  /* the buffer may sit on the stack: keep s alive through argument i */
        if (i > 1) luaL_addchar(&line, ' ');
        print_add_clean(&line, s, len);
    }
    luaL_addchar(&line, '\n');
    luaL_pushresult(&line);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    edujam_sandbox *sb = edujam_of(L);
    if (edujam_spend_output(sb, len)) return edujam_raise_limit(L, sb);
    if (sb->output != NULL && sb->output(sb->host, text, len) != 0) {
        sb->limit = EDUJAM_LIMIT_OUTPUT;
        return edujam_raise_limit(L, sb);
    }
    return 0;
}

/* }==================================================================== */

static const luaL_Reg base_replacements[] = {
    {"pcall", base_pcall},
    {"xpcall", base_xpcall},
    {"setmetatable", base_setmetatable},
    {"load", base_load},
    {"collectgarbage", base_collectgarbage},
    {"print", base_print},
    {NULL, NULL}
};

void edujam_open_base(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_setfuncs(L, base_replacements, 0);
    int globals = lua_gettop(L);
    set_withheld(L, globals, "dofile", "dofile");
    set_withheld(L, globals, "loadfile", "loadfile");
    set_withheld(L, globals, "warn", "warn");
    set_withheld(L, globals, "require", "require");
    set_withheld_library(L, "io");
    set_withheld_library(L, "os");
    set_withheld_library(L, "debug");
    set_withheld_library(L, "package");
    lua_pop(L, 1);
}

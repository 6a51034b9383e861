/*
 * require.c: the game's `require`, with the host's module finder.
 *
 * Stock's require as a module sees it (cached in package.loaded, a loader in
 * package.preload tried first, the chunk called with the name and its file, two
 * results the first time), but the search is the host's: `find` (upvalue 1) is a
 * host function that, given a name, returns the compiled chunk and its file, or
 * nil and the message that says why not. A module whose chunk raised is not marked
 * as loading any more, so requiring it again raises its error again; a module that
 * requires itself is reported as a loop instead of overflowing the stack.
 *
 * It is C rather than a Lua wrapper so that a run spends nothing on it until a game
 * requires something: the wrapper was compiled, loaded and called in every run,
 * about 4% of a playthrough and one of its protected calls (bench/README.md).
 */
#include "../internal.h"
#include <string.h>

enum { REQ_FIND = 1, REQ_LOADED, REQ_PRELOAD, REQ_LOADING };

/* error(message, 2) from Lua: the message with the position of require's caller. */
static int req_error(lua_State *L) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
}

/* The loading mark's __close: loading[name] = nil (the mark's upvalues). */
static int req_unmark(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushnil(L);
    lua_rawset(L, lua_upvalueindex(1));
    return 0;
}

/* Marks `name` (at `name`) as loading and pushes the to-be-closed value that unmarks it,
 * on return or on error. */
static void req_mark(lua_State *L, int name) {
    lua_pushvalue(L, name);
    lua_pushboolean(L, 1);
    lua_rawset(L, lua_upvalueindex(REQ_LOADING));
    lua_createtable(L, 0, 0);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, lua_upvalueindex(REQ_LOADING));
    lua_pushvalue(L, name);
    lua_pushcclosure(L, req_unmark, 2);
    lua_setfield(L, -2, "__close");
    lua_setmetatable(L, -2);
    lua_toclose(L, -1);
}

/* t[name] as Lua reads it (metamethods included), the name at index 1: a name is any
 * string, embedded zeros too, so never a C string. Pushes the value and returns its type. */
static int req_get(lua_State *L, int t) {
    lua_pushvalue(L, 1);
    return lua_gettable(L, t);
}

/* t[name] = the value on top (popped), as Lua assigns it. */
static void req_set(lua_State *L, int t) {
    lua_pushvalue(L, 1);
    lua_insert(L, -2);
    lua_settable(L, t);
}

static int req_require(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) {
        int type = lua_type(L, 1);
        return luaL_error(L, "bad argument #1 to 'require' (string expected, got %s)",
                          lua_typename(L, type == LUA_TNONE ? LUA_TNIL : type));
    }
    lua_settop(L, 1);
    req_get(L, lua_upvalueindex(REQ_LOADED));
    if (lua_toboolean(L, -1)) return 1;  /* cached */
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(REQ_LOADING)) != LUA_TNIL) {
        lua_pushliteral(L, "require: module '");
        lua_pushvalue(L, 1);
        lua_pushliteral(L, "' requires itself (a loop)");
        lua_concat(L, 3);
        return req_error(L);
    }
    lua_pop(L, 1);
    /* 2: the chunk, 3: its file (or the message) */
    req_get(L, lua_upvalueindex(REQ_PRELOAD));
    if (lua_toboolean(L, -1)) {
        lua_pushliteral(L, ":preload:");
    } else {
        lua_pop(L, 1);
        lua_pushvalue(L, lua_upvalueindex(REQ_FIND));
        lua_pushvalue(L, 1);
        lua_call(L, 1, 2);
        if (!lua_toboolean(L, 2)) {
            lua_settop(L, 3);
            return req_error(L);
        }
    }
    req_mark(L, 1);  /* 4 */
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_call(L, 2, 1);
    if (!lua_isnil(L, -1)) req_set(L, lua_upvalueindex(REQ_LOADED));
    /* The mark (4) is closed by lua_closeslot, never by a lua_settop below it: 5.4.4's
     * lua_settop keeps a stack pointer across the __close call, which may move the stack
     * (fixed in 5.4.5); lua_closeslot finds the slot again. The library suite of `make
     * test-differential` failed, and once crashed, with lua_settop here. */
    lua_settop(L, 4);
    lua_closeslot(L, 4);
    lua_settop(L, 3);
    if (req_get(L, lua_upvalueindex(REQ_LOADED)) == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
        req_set(L, lua_upvalueindex(REQ_LOADED));
        req_get(L, lua_upvalueindex(REQ_LOADED));
    }
    lua_pushvalue(L, 3);
    return 2;
}

void edujam_install_require(lua_State *L) {
    luaL_checkstack(L, 4, NULL);
    /* the finder is on top */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_createtable(L, 0, 0);  /* the names being loaded */
    lua_pushcclosure(L, req_require, 4);
    lua_setglobal(L, "require");
}

/* {====================================================================
 * loadfile and dofile: stock's, over the host's finder (upvalue 1)
 * ===================================================================== */

/* Pushes the chunk of the file named at index 1 (by the finder), or nil and the message. */
static int req_find_file(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING) {  /* stock would read stdin */
        lua_pushnil(L);
        lua_pushliteral(L, "reading standard input as a chunk is not available to games: name a file");
        return 0;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    edujam_push_caller_source(L, 1);  /* a path from ".." starts at the caller's file */
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 0;
    lua_pop(L, 1);  /* the chunk alone */
    return 1;
}

/* loadfile([filename [, mode [, env]]]): the chunk, or fail and the message (never raises
 * for a file). Every file a game can load is text. */
static int req_loadfile(lua_State *L) {
    const char *mode = luaL_optstring(L, 2, "bt");
    int env = !lua_isnone(L, 3) ? 3 : 0;
    lua_settop(L, 3);
    if (strchr(mode, 't') == NULL) {
        luaL_pushfail(L);
        lua_pushfstring(L, "attempt to load a text chunk (mode is '%s')", mode);
        return 2;
    }
    if (!req_find_file(L)) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {  /* as stock's load: the environment is the chunk's first upvalue */
        lua_pushvalue(L, env);
        if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
    }
    return 1;
}

static int req_dofile_done(lua_State *L, int status, lua_KContext extra) {
    (void)status;
    (void)extra;
    return lua_gettop(L) - 1;
}

/* dofile([filename]): runs the file's chunk and returns what it returns; an error in
 * finding or compiling it is raised, as stock's. */
static int req_dofile(lua_State *L) {
    lua_settop(L, 1);
    if (!req_find_file(L)) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, req_dofile_done);
    return req_dofile_done(L, 0, 0);
}

void edujam_push_caller_source(lua_State *L, int level) {
    lua_Debug ar;
    if (lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar)) lua_pushstring(L, ar.source);
    else lua_pushliteral(L, "");
}

void edujam_install_loadfile(lua_State *L) {
    luaL_checkstack(L, 2, NULL);
    /* the finder is on top */
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, req_loadfile, 1);
    lua_setglobal(L, "loadfile");
    lua_pushcclosure(L, req_dofile, 1);
    lua_setglobal(L, "dofile");
}

/* }==================================================================== */

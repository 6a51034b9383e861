/*
 * files.c: the files a game reads and writes. Reading, a name is first a file the run wrote
 * (io.open), then a file of the game (the host's file function finds it, as loadfile's finds
 * a chunk: a file the published game holds), read from memory. Writing, a file is the run's
 * own, in memory: io.open(name, "w") never touches a disk, the bytes count against the
 * memory cap like any string, another io.open of the name in the same run reads them, and
 * they are gone when the run ends. So a game that writes a file replays exactly, and a game
 * folder is never changed by a game.
 */
#include "files.h"
#include <ctype.h>
#include <string.h>

static const char io_files_key = 0;   /* registry: the host's file function, given a name */
static const char io_memory_key = 0;  /* registry: the run's own files, name -> contents */

/* A memory file's contents: a table of pieces 1..n in order (writes at the end add one;
 * anything else first joins them into one) and its size at key 0. */

/* {====================================================================
 * Reading bytes, as stock reads a file
 * ===================================================================== */

/* The numeral being read by io_file_number, as stock's RN: it takes a byte only when it fits. */
typedef struct {
    const char *s;
    size_t len, at, n;
    char buff[200 + 1];  /* L_MAXLENNUM, stock's longest numeral */
} io_numeral;

static int io_numeral_take(io_numeral *rn, const char *set) {
    if (rn->at >= rn->len || (rn->s[rn->at] != set[0] && rn->s[rn->at] != set[1])) return 0;
    if (rn->n >= 200) return rn->buff[0] = '\0', 0;  /* too long: invalid, as stock's nextc */
    rn->buff[rn->n++] = rn->s[rn->at++];
    return 1;
}

static int io_numeral_digits(io_numeral *rn, int hex) {
    int count = 0;
    while (rn->at < rn->len &&
           (hex ? isxdigit((unsigned char)rn->s[rn->at]) : isdigit((unsigned char)rn->s[rn->at]))) {
        if (rn->n >= 200) return rn->buff[0] = '\0', count;  /* too long: invalid, as stock's */
        rn->buff[rn->n++] = rn->s[rn->at++];
        count++;
    }
    return count;
}

/* Stock's read_number over bytes: blanks, a sign, "0x", digits, a point, an exponent, each
 * taken only when it fits; pushes the number and returns 1, or returns 0. *pos moves past
 * what was taken, as stock leaves the file after the bytes it read. */
static int io_file_number(lua_State *L, const char *s, size_t len, size_t *pos) {
    io_numeral rn = {s, len, *pos, 0, {0}};
    int count = 0, hex = 0;
    while (rn.at < len && (s[rn.at] == ' ' || (s[rn.at] >= '\t' && s[rn.at] <= '\r'))) rn.at++;  /* C's isspace */
    io_numeral_take(&rn, "-+");
    if (io_numeral_take(&rn, "00")) {
        if (io_numeral_take(&rn, "xX")) hex = 1;
        else count = 1;
    }
    count += io_numeral_digits(&rn, hex);
    if (io_numeral_take(&rn, "..")) count += io_numeral_digits(&rn, hex);
    if (count > 0 && io_numeral_take(&rn, hex ? "pP" : "eE")) {
        io_numeral_take(&rn, "-+");
        io_numeral_digits(&rn, 0);
    }
    rn.buff[rn.n] = '\0';
    *pos = rn.at;
    return lua_stringtonumber(L, rn.buff) != 0;
}

/* Reads by one format from the bytes s[0..len) at *pos (files.h). */
int edujam_read_bytes(lua_State *L, int arg, const char *s, size_t len, size_t *pos) {
    size_t at = *pos < len ? *pos : len, end = at;  /* past the end (a seek): at the end */
    if (lua_type(L, arg) == LUA_TNUMBER) {
        lua_Integer count = luaL_checkinteger(L, arg);
        if (count <= 0 || at >= len) {  /* 0 bytes: "" unless at the end, as stock's test_eof */
            if (at >= len) { luaL_pushfail(L); return 0; }
            lua_pushliteral(L, "");
            return 1;
        }
        end = (size_t)count < len - at ? at + (size_t)count : len;
        lua_pushlstring(L, s + at, end - at);
        *pos = end;
        return 1;
    }
    const char *format = luaL_checkstring(L, arg);
    if (*format == '*') format++;
    switch (*format) {
        case 'l': case 'L': {
            if (at >= len) { luaL_pushfail(L); return 0; }
            while (end < len && s[end] != '\n') end++;
            size_t next = end < len ? end + 1 : end;
            lua_pushlstring(L, s + at, (*format == 'L' ? next : end) - at);
            *pos = next;
            return 1;
        }
        case 'n':
            if (io_file_number(L, s, len, pos)) return 1;
            luaL_pushfail(L);
            return 0;
        case 'a':
            lua_pushlstring(L, s + at, len - at);
            *pos = len;
            return 1;
        default: return luaL_argerror(L, arg, "invalid format");
    }
}

/* }==================================================================== */

/* {====================================================================
 * The run's own files
 * ===================================================================== */

static void memory_push_files(lua_State *L) {
    edujam_push_registry_table(L, &io_memory_key, NULL);
}

static size_t memory_size(lua_State *L, int contents) {
    lua_rawgeti(L, contents, 0);
    size_t size = (size_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return size;
}

/* Pushes new contents holding the string on top (popped), or nothing when there is none. */
static void memory_new_contents(lua_State *L, int with_bytes) {
    size_t len = 0;
    if (with_bytes) lua_tolstring(L, -1, &len);
    lua_createtable(L, 1, 1);
    if (with_bytes) {
        lua_rotate(L, -2, 1);
        lua_rawseti(L, -2, 1);
    }
    lua_pushinteger(L, (lua_Integer)len);
    lua_rawseti(L, -2, 0);
}

/* Joins the pieces of the contents at `contents` into one, and pushes it. */
static const char *memory_join(lua_State *L, int contents, size_t *len) {
    lua_Integer pieces = (lua_Integer)lua_rawlen(L, contents);
    if (pieces == 0) {
        lua_pushliteral(L, "");
    } else if (pieces == 1) {
        lua_rawgeti(L, contents, 1);
    } else {
        luaL_Buffer joined;
        luaL_buffinit(L, &joined);
        for (lua_Integer i = 1; i <= pieces; i++) {
            lua_rawgeti(L, contents, i);
            luaL_addvalue(&joined);
        }
        luaL_pushresult(&joined);
        for (lua_Integer i = pieces; i > 1; i--) {
            lua_pushnil(L);
            lua_rawseti(L, contents, i);
        }
        lua_pushvalue(L, -1);
        lua_rawseti(L, contents, 1);
    }
    return lua_tolstring(L, -1, len);
}

/* Writes the string on top (popped) at `at` of the contents: at the end, a piece more;
 * elsewhere the pieces become one, past the end filled with zero bytes, as a file is. */
static void memory_put(lua_State *L, int contents, size_t at) {
    size_t len, size = memory_size(L, contents);
    lua_tolstring(L, -1, &len);
    if (at == size) {
        lua_rawseti(L, contents, (lua_Integer)lua_rawlen(L, contents) + 1);
    } else {
        size_t old_len;
        const char *old = memory_join(L, contents, &old_len);
        luaL_Buffer joined;
        luaL_buffinit(L, &joined);
        luaL_addlstring(&joined, old, at < old_len ? at : old_len);
        for (size_t i = old_len; i < at; i++) luaL_addchar(&joined, '\0');
        lua_pushvalue(L, -3);  /* what is written */
        luaL_addvalue(&joined);
        if (at + len < old_len) luaL_addlstring(&joined, old + at + len, old_len - at - len);
        luaL_pushresult(&joined);
        lua_rawseti(L, contents, 1);
        lua_pop(L, 2);  /* the joined old bytes, what is written */
    }
    lua_pushinteger(L, (lua_Integer)(at + len > size ? at + len : size));
    lua_rawseti(L, contents, 0);
}

/* Whether `mode` is one stock's io.open takes: [rwa]%+?b* */
static int memory_mode_is_valid(const char *mode) {
    if (*mode == '\0' || strchr("rwa", *mode++) == NULL) return 0;
    if (*mode == '+') mode++;
    return strspn(mode, "b") == strlen(mode);
}

/* Pushes the bytes of the game's file `name` (arg 1), or nil and why not. */
static void game_file_bytes(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_files_key) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        lua_pushnil(L);
        lua_pushliteral(L, "this game has no files to read");
        return;
    }
    lua_pushvalue(L, 1);
    edujam_push_caller_source(L, 1);
    lua_call(L, 2, 2);
}

/* io.open(name [, mode]): a file the run wrote, or one of the game's to read; "w" and "a"
 * make or extend the run's own file. As stock, a file that cannot be opened is
 * fail, a message and an error number, not an error. */
int edujam_io_open(lua_State *L) {
    luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    luaL_argcheck(L, memory_mode_is_valid(mode), 2, "invalid mode");
    int plus = strchr(mode, '+') != NULL;
    lua_settop(L, 2);
    memory_push_files(L);                                   /* 3 */
    lua_pushvalue(L, 1);
    int found = lua_rawget(L, 3) == LUA_TTABLE;             /* 4: the contents, or nil */
    if (*mode == 'w' || (*mode == 'a' && !found)) {
        lua_pop(L, 1);
        memory_new_contents(L, 0);
        found = 1;
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 4);
        lua_rawset(L, 3);
    } else if (!found) {
        lua_pop(L, 1);
        game_file_bytes(L);
        if (lua_type(L, -2) != LUA_TSTRING) {
            if (lua_type(L, -1) != LUA_TSTRING) {
                lua_pop(L, 1);
                lua_pushliteral(L, "No such file or directory");
            }
            luaL_pushfail(L);
            lua_insert(L, -2);
            lua_pushinteger(L, 2);  /* ENOENT */
            return 3;
        }
        lua_pop(L, 1);
        memory_new_contents(L, 1);
        if (plus) {  /* "r+": the game's file stays as published; the run changes its own copy */
            lua_pushvalue(L, 1);
            lua_pushvalue(L, 4);
            lua_rawset(L, 3);
        }
    }
    io_handle *h = edujam_new_handle(L, IO_MEMORY);
    h->readable = *mode == 'r' || plus;
    h->writable = *mode != 'r' || plus;
    h->append = *mode == 'a';
    lua_pushvalue(L, 4);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* file:write(...) on a memory file: each argument at the position (the end, appending). */
int edujam_memory_write(lua_State *L, io_handle *h, int first) {
    int top = lua_gettop(L);
    if (!h->writable) {
        luaL_pushfail(L);
        lua_pushliteral(L, "Bad file descriptor");
        lua_pushinteger(L, 9);
        return 3;
    }
    lua_getiuservalue(L, first - 1, 1);
    int contents = lua_gettop(L);
    for (int i = first; i <= top; i++) {
        if (h->append) h->pos = memory_size(L, contents);
        edujam_push_written(L, i);
        size_t len;
        lua_tolstring(L, -1, &len);
        memory_put(L, contents, h->pos);
        h->pos += len;
    }
    lua_settop(L, first - 1);
    return 1;  /* the file, so writes chain */
}

/* file:read(...) on a memory file: as stock's g_read, a result per format up to the first
 * that finds nothing (a line by default). */
int edujam_memory_read(lua_State *L, io_handle *h, int first) {
    if (!h->readable) {
        luaL_pushfail(L);
        lua_pushliteral(L, "Bad file descriptor");
        lua_pushinteger(L, 9);
        return 3;
    }
    int top = lua_gettop(L);
    if (top < first) {
        lua_pushliteral(L, "l");
        top = first;
    }
    luaL_checkstack(L, top - first + LUA_MINSTACK, "too many arguments");
    lua_getiuservalue(L, first - 1, 1);
    size_t len;
    const char *s = memory_join(L, lua_gettop(L), &len);
    lua_remove(L, -2);  /* the joined bytes stay, below the results */
    int n = first;
    while (n <= top && edujam_read_bytes(L, n, s, len, &h->pos)) n++;
    return n - first + (n <= top);
}

/* The iterator file:lines returns for a memory file; upvalues: the file, the count of
 * formats, the formats. Unlike io.lines(name), it leaves the file open at the end. */
int edujam_memory_lines(lua_State *L) {
    io_handle *h = (io_handle *)lua_touserdata(L, lua_upvalueindex(1));
    if (h->closed) return luaL_error(L, "file is already closed");
    int n = (int)lua_tointeger(L, lua_upvalueindex(2));
    lua_settop(L, 0);
    luaL_checkstack(L, n + 1 + LUA_MINSTACK, "too many arguments");
    lua_pushvalue(L, lua_upvalueindex(1));
    for (int i = 1; i <= n; i++) lua_pushvalue(L, lua_upvalueindex(2 + i));
    return edujam_memory_read(L, h, 2);
}

/* file:seek([whence [, offset]]) on a memory file: the new position, as stock's. */
int edujam_memory_seek(lua_State *L, io_handle *h) {
    static const char *const whences[] = {"set", "cur", "end", NULL};
    int whence = luaL_checkoption(L, 2, "cur", whences);
    lua_Integer offset = luaL_optinteger(L, 3, 0);
    lua_getiuservalue(L, 1, 1);
    lua_Integer base = whence == 0 ? 0 : whence == 1 ? (lua_Integer)h->pos : (lua_Integer)memory_size(L, lua_gettop(L));
    if ((offset < 0 && base + offset < 0) || (offset > 0 && base > LUA_MAXINTEGER - offset)) {
        luaL_pushfail(L);
        lua_pushliteral(L, "Invalid argument");
        lua_pushinteger(L, 22);  /* EINVAL */
        return 3;
    }
    h->pos = (size_t)(base + offset);
    lua_pushinteger(L, (lua_Integer)h->pos);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * io.lines(name, ...): a file the run wrote, or one of the game's, read from its bytes in
 * memory. The iterator's upvalues: the bytes (1), the position (2; -1 once the end was
 * reached and the file closed, as stock closes it), the count of formats (3), the formats.
 * ===================================================================== */

/* As stock's io_readline: the first result nil means the end, which closes the file. */
static int io_file_next(lua_State *L) {
    size_t len;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &len);
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(2));
    if (at < 0) return luaL_error(L, "file is already closed");
    int n = (int)lua_tointeger(L, lua_upvalueindex(3));
    lua_settop(L, 0);
    luaL_checkstack(L, 2 * n + LUA_MINSTACK, "too many arguments");
    if (n == 0) {
        lua_pushliteral(L, "l");  /* stock's default format */
        n = 1;
    } else {
        for (int k = 1; k <= n; k++) lua_pushvalue(L, lua_upvalueindex(3 + k));
    }
    size_t pos = (size_t)at;
    for (int i = 1; i <= n && edujam_read_bytes(L, i, s, len, &pos); i++) {}
    int ended = !lua_toboolean(L, n + 1);
    lua_pushinteger(L, ended ? -1 : (lua_Integer)pos);
    lua_replace(L, lua_upvalueindex(2));
    return ended ? 0 : lua_gettop(L) - n;
}

/* io.lines(name, ...): finds the file, the run's own or the game's with the host's function
 * (nil and a message: raised, as stock raises for a file it cannot open), and returns an
 * iterator over its bytes as they are now. */
int edujam_io_lines_file(lua_State *L) {
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n <= 250, 252, "too many arguments");
    luaL_checkstack(L, 4, NULL);
    memory_push_files(L);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) == LUA_TTABLE) {
        size_t len;
        memory_join(L, lua_gettop(L), &len);
        lua_replace(L, -3);
        lua_pop(L, 1);
        lua_pushnil(L);  /* as the host's: the bytes, then nothing */
    } else {
        lua_pop(L, 2);
        if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_files_key) != LUA_TFUNCTION)
            return edujam_withheld(L, "io.lines with a file name");
        lua_pop(L, 1);
        game_file_bytes(L);
    }
    if (lua_type(L, -2) != LUA_TSTRING) return luaL_error(L, "%s", luaL_optstring(L, -1, "cannot open file"));
    lua_pop(L, 1);
    lua_replace(L, 1);  /* the bytes, then the formats */
    lua_pushinteger(L, 0);
    lua_insert(L, 2);
    lua_pushinteger(L, n);
    lua_insert(L, 3);
    lua_pushcclosure(L, io_file_next, 3 + n);
    return 1;
}

void edujam_install_files(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &io_files_key);
}

/* }==================================================================== */

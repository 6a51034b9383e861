/*
 * io.c: `io` as a game sees it: the game's own terminal. io.write and the standard files'
 * write go where print goes (the host's output sink, the same budget and cleaning), a line
 * at a time: the part after the last newline waits for the rest of its line, and is shown
 * when a read asks (as its prompt) or when the call ends. io.read and io.lines read the
 * student's lines through the host's input function (the runtime's, the one `ask` uses, so
 * a run reading through io replays as one asking); a sandbox without one reads end of input.
 * Files by name, the game's and the run's own in memory, are files.c's; processes, temporary
 * files and a named default input or output are not there: they raise, naming themselves.
 */
#include "files.h"
#include <stdio.h>
#include <string.h>

#define IO_NUMBER_TEXT 64  /* room for any number in stock's formats */

static const char io_pending_key = 0;  /* registry: the cleaned text of the unfinished line */
static const char io_input_key = 0;    /* registry: the host's input function, given a prompt */

/* {====================================================================
 * Writing
 * ===================================================================== */

/* Hands one finished line (cleaned, without its newline) to the host, as print does. */
static int io_show(lua_State *L, edujam_sandbox *sb, const char *s, size_t len) {
    if (sb->output != NULL && sb->output(sb->host, s, len) != 0) {
        sb->limit = EDUJAM_LIMIT_OUTPUT;
        return edujam_raise_limit(L, sb);
    }
    return 0;
}

/* Pushes argument i as the text stock's io.write writes: a string, or a number in its
 * format (integers as such, floats as "%.14g"). */
void edujam_push_written(lua_State *L, int i) {
    if (lua_type(L, i) == LUA_TNUMBER) {
        char text[IO_NUMBER_TEXT];
        int len = lua_isinteger(L, i)
            ? snprintf(text, sizeof text, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, i))
            : snprintf(text, sizeof text, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, i));
        lua_pushlstring(L, text, (size_t)len);
    } else {
        luaL_checkstring(L, i);
        lua_pushvalue(L, i);
    }
}

/* Writes arguments first..top: spends the budget for their cleaned bytes, shows every line
 * they finish, keeps the rest as the unfinished line. Every text stays on the stack while
 * anything allocates. */
static int io_write_args(lua_State *L, int first) {
    edujam_sandbox *sb = edujam_of(L);
    int top = lua_gettop(L);
    if (sb->failed) return 0;  /* the call has failed: nothing more reaches the student */
    size_t spend = 0;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &io_pending_key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushliteral(L, "");
    }
    for (int i = first; i <= top; i++) {
        edujam_push_written(L, i);
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        spend += edujam_cleaned_length(s, len);
    }
    if (edujam_spend_output(sb, spend)) return edujam_raise_limit(L, sb);
    lua_concat(L, top - first + 2);
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    luaL_Buffer clean;
    char *out = luaL_buffinitsize(L, &clean, len);  /* may collect: text is on the stack */
    size_t cleaned = (size_t)(edujam_copy_clean(out, text, len) - out);
    luaL_pushresultsize(&clean, cleaned);
    text = lua_tolstring(L, -1, &len);
    const char *end = text + len, *line = text, *newline;
    while ((newline = memchr(line, '\n', (size_t)(end - line))) != NULL) {
        io_show(L, sb, line, (size_t)(newline - line));
        line = newline + 1;
    }
    if (line < end) lua_pushlstring(L, line, (size_t)(end - line));
    else lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &io_pending_key);
    return 0;
}

/* Shows the unfinished line, before other output (print, a prompt) and at the end of a
 * call. Allocates nothing and cannot raise. */
void edujam_flush_output(edujam_sandbox *sb) {
    lua_State *L = atomic_load(&sb->running);
    if (L == NULL) L = sb->L;
    if (!lua_checkstack(L, 2)) return;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_pending_key) == LUA_TSTRING) {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        if (sb->output != NULL) sb->output(sb->host, s, len);
        lua_pushnil(L);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &io_pending_key);  /* the key exists: no allocation */
    }
    lua_pop(L, 1);
}

/* }==================================================================== */

/* {====================================================================
 * Reading
 * ===================================================================== */

/* Pushes the student's next line, or nil at the end of input; the unfinished line written
 * before is its prompt. */
static void io_read_line(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_input_key) != LUA_TFUNCTION) return;  /* nil: no input */
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_pending_key) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushliteral(L, "");
    }
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &io_pending_key);
    lua_call(L, 1, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 1);
        lua_pushnil(L);
    }
}

/* Reads by one format ("l", "L", "n", "a", with or without '*'); pushes the result (nil at
 * the end of input; "" for "a"). Returns 0 when it pushed nil. */
static int io_read_format(lua_State *L, int arg) {
    if (lua_type(L, arg) == LUA_TNUMBER)
        return luaL_argerror(L, arg, "reading a count of bytes is not available to games (read a line)");
    const char *format = luaL_checkstring(L, arg);
    if (*format == '*') format++;
    switch (*format) {
        case 'l': io_read_line(L); break;
        case 'L':
            io_read_line(L);
            if (!lua_isnil(L, -1)) {
                lua_pushliteral(L, "\n");
                lua_concat(L, 2);
            }
            break;
        case 'n':
            io_read_line(L);
            if (!lua_isnil(L, -1) && lua_stringtonumber(L, lua_tostring(L, -1)) != 0) lua_remove(L, -2);
            else lua_pop(L, 1), lua_pushnil(L);
            break;
        case 'a': {
            luaL_Buffer all;
            luaL_buffinit(L, &all);
            for (io_read_line(L); !lua_isnil(L, -1); io_read_line(L)) {
                luaL_addvalue(&all);
                luaL_addchar(&all, '\n');
            }
            lua_pop(L, 1);
            luaL_pushresult(&all);
            return 1;
        }
        default: return luaL_argerror(L, arg, "invalid format");
    }
    return !lua_isnil(L, -1);
}

/* Reads by the formats first..top (or a line): as stock, a result per format, up to the
 * first that finds nothing. */
static int io_read_formats(lua_State *L, int first) {
    int top = lua_gettop(L);
    if (first > top) {
        io_read_line(L);
        return 1;
    }
    luaL_checkstack(L, top - first + LUA_MINSTACK, "too many arguments");
    int n = first;
    while (n <= top && io_read_format(L, n)) n++;
    return n - first + (n <= top);
}

/* The iterator io.lines returns: reads by its formats (upvalues) each time. */
static int io_lines_next(lua_State *L) {
    int n = (int)lua_tointeger(L, lua_upvalueindex(1));
    lua_settop(L, 0);
    for (int i = 1; i <= n; i++) lua_pushvalue(L, lua_upvalueindex(1 + i));
    return io_read_formats(L, 1);
}

static int io_push_lines(lua_State *L, int first) {
    int n = lua_gettop(L) - first + 1;
    if (n < 0) n = 0;
    luaL_argcheck(L, n <= 250, first + 250, "too many arguments");
    lua_pushinteger(L, n);
    lua_insert(L, first);
    lua_pushcclosure(L, io_lines_next, n + 1);
    return 1;
}

/* }==================================================================== */

/* {====================================================================
 * The file objects and the library
 * ===================================================================== */

io_handle *edujam_new_handle(lua_State *L, int kind) {
    io_handle *h = lua_newuserdatauv(L, sizeof(io_handle), kind == IO_MEMORY ? 1 : 0);
    memset(h, 0, sizeof *h);
    h->kind = kind;
    luaL_setmetatable(L, IO_FILE);
    return h;
}

/* The open file at idx, or stock's error for a closed one. */
static io_handle *io_file(lua_State *L, int idx) {
    io_handle *h = luaL_checkudata(L, idx, IO_FILE);
    if (h->closed) luaL_error(L, "attempt to use a closed file");
    return h;
}

/* Stock's answer for a file used the wrong way: fail, message, errno. */
static int io_fail(lua_State *L, const char *message, int errnum) {
    luaL_pushfail(L);
    lua_pushstring(L, message);
    lua_pushinteger(L, errnum);
    return 3;
}

static int f_write(lua_State *L) {
    io_handle *h = io_file(L, 1);
    if (h->kind == IO_MEMORY) return edujam_memory_write(L, h, 2);
    if (h->kind == IO_STDIN) return io_fail(L, "Bad file descriptor", 9);
    io_write_args(L, 2);
    lua_settop(L, 1);
    return 1;  /* the file, so writes chain */
}

static int f_read(lua_State *L) {
    io_handle *h = io_file(L, 1);
    if (h->kind == IO_MEMORY) return edujam_memory_read(L, h, 2);
    if (h->kind != IO_STDIN) return io_fail(L, "Bad file descriptor", 9);
    return io_read_formats(L, 2);
}

static int f_lines(lua_State *L) {
    io_handle *h = io_file(L, 1);
    if (h->kind != IO_MEMORY) return io_push_lines(L, 2);
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n <= 250, 252, "too many arguments");
    lua_pushinteger(L, n);
    lua_insert(L, 2);
    lua_pushcclosure(L, edujam_memory_lines, n + 2);
    return 1;
}

/* Closes a memory file; a standard one stays open, as stock's answer says. */
static int io_close_file(lua_State *L, io_handle *h) {
    if (h->kind == IO_MEMORY) {
        h->closed = 1;
        lua_pushboolean(L, 1);
        return 1;
    }
    luaL_pushfail(L);
    lua_pushliteral(L, "cannot close standard file");
    return 2;
}

static int f_close(lua_State *L) {
    return io_close_file(L, io_file(L, 1));
}

/* __close: a to-be-closed file is closed as the variable leaves scope; closed twice is fine. */
static int f_to_be_closed(lua_State *L) {
    io_handle *h = luaL_checkudata(L, 1, IO_FILE);
    if (h->kind == IO_MEMORY) h->closed = 1;
    return 0;
}

static int f_flush(lua_State *L) {
    io_file(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}

static int f_setvbuf(lua_State *L) {
    io_file(L, 1);
    static const char *const modes[] = {"no", "full", "line", NULL};
    luaL_checkoption(L, 2, NULL, modes);
    lua_pushboolean(L, 1);
    return 1;
}

static int f_seek(lua_State *L) {
    io_handle *h = io_file(L, 1);
    if (h->kind == IO_MEMORY) return edujam_memory_seek(L, h);
    return io_fail(L, "Illegal seek", 29);
}

/* "file (0x...)", at an address made from the seed as every shown address is. */
static int f_tostring(lua_State *L) {
    io_handle *h = luaL_checkudata(L, 1, IO_FILE);
    if (h->closed) {
        lua_pushliteral(L, "file (closed)");
        return 1;
    }
    edujam_push_address(L, 1);
    lua_pushfstring(L, "file (%s)", lua_tostring(L, -1));
    return 1;
}

static int io_write(lua_State *L) {
    io_write_args(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "stdout");
    return 1;
}

static int io_read(lua_State *L) {
    return io_read_formats(L, 1);
}

static int io_lines(lua_State *L) {
    if (!lua_isnoneornil(L, 1)) return edujam_io_lines_file(L);
    return io_push_lines(L, 2);
}

static int io_type(lua_State *L) {
    luaL_checkany(L, 1);
    io_handle *h = luaL_testudata(L, 1, IO_FILE);
    if (h == NULL) luaL_pushfail(L);
    else if (h->closed) lua_pushliteral(L, "closed file");
    else lua_pushliteral(L, "file");
    return 1;
}

/* io.input() and io.output(): the standard file, or a standard file given; a name is not. */
static int io_default(lua_State *L, const char *std, const char *what) {
    if (lua_isstring(L, 1)) return edujam_withheld(L, what);
    if (!lua_isnoneornil(L, 1)) {
        io_handle *h = io_file(L, 1);
        if (h->kind == IO_MEMORY) return edujam_withheld(L, what);
    }
    lua_getfield(L, lua_upvalueindex(1), std);
    return 1;
}

static int io_input(lua_State *L) { return io_default(L, "stdin", "io.input with a file other than io.stdin"); }
static int io_output(lua_State *L) { return io_default(L, "stdout", "io.output with a file other than io.stdout"); }

static int io_close(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        lua_settop(L, 0);
        lua_getfield(L, lua_upvalueindex(1), "stdout");
    }
    return io_close_file(L, io_file(L, 1));
}

static int io_flush(lua_State *L) {
    lua_pushboolean(L, 1);
    return 1;
}

static int io_popen(lua_State *L) { return edujam_withheld(L, "io.popen"); }
static int io_tmpfile(lua_State *L) { return edujam_withheld(L, "io.tmpfile"); }

static const luaL_Reg io_file_methods[] = {
    {"write", f_write}, {"read", f_read}, {"lines", f_lines}, {"close", f_close},
    {"flush", f_flush}, {"setvbuf", f_setvbuf}, {"seek", f_seek}, {NULL, NULL}
};

/* Functions that take the io table as upvalue 1 (to return its standard files). */
static const luaL_Reg io_functions[] = {
    {"write", io_write}, {"read", io_read}, {"lines", io_lines}, {"type", io_type},
    {"input", io_input}, {"output", io_output}, {"close", io_close}, {"flush", io_flush},
    {"open", edujam_io_open}, {"popen", io_popen}, {"tmpfile", io_tmpfile}, {NULL, NULL}
};

static void io_new_file(lua_State *L, int kind, const char *name) {
    edujam_new_handle(L, kind);
    lua_setfield(L, -2, name);
}

/* Under lua_pcall (libs_open_all): may raise. Leaves io in the globals and package.loaded. */
void edujam_open_io(lua_State *L) {
    luaL_newmetatable(L, IO_FILE);
    luaL_newlib(L, io_file_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, f_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, f_to_be_closed);
    lua_setfield(L, -2, "__close");
    lua_pop(L, 1);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_createtable(L, 0, 14);
    lua_pushvalue(L, -1);
    luaL_setfuncs(L, io_functions, 1);
    io_new_file(L, IO_STDIN, "stdin");
    io_new_file(L, IO_STDOUT, "stdout");
    io_new_file(L, IO_STDERR, "stderr");
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, LUA_IOLIBNAME);
    lua_setglobal(L, LUA_IOLIBNAME);
    lua_pop(L, 1);
}

/* The host's input function (on top) becomes what io reads from; pops it. */
void edujam_install_input(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &io_input_key);
}

/* }==================================================================== */

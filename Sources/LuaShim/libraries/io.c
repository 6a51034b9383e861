/*
 * io.c: `io` as a game sees it: the game's own terminal. io.write and the standard files'
 * write go where print goes (the host's output sink, the same budget and cleaning), a line
 * at a time: the part after the last newline waits for the rest of its line, and is shown
 * when a read asks (as its prompt) or when the call ends. io.read and io.lines read the
 * student's lines through the host's input function (the runtime's, the one `ask` uses, so
 * a run reading through io replays as one asking); a sandbox without one reads end of input.
 * io.lines with a file name reads a file of the game (the host's file function finds it, as
 * loadfile's finds a chunk: a file the published game holds), from memory; every other file
 * function and processes are not there: they raise, naming themselves.
 */
#include "../internal.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define IO_NUMBER_TEXT 64  /* room for any number in stock's formats */

static const char io_pending_key = 0;  /* registry: the cleaned text of the unfinished line */
static const char io_input_key = 0;    /* registry: the host's input function, given a prompt */
static const char io_files_key = 0;    /* registry: the host's file function, given a name */

#define IO_FILE "FILE*"                /* stock's name: its messages say "FILE* expected" */
enum { IO_STDIN, IO_STDOUT, IO_STDERR };

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
static void io_push_text(lua_State *L, int i) {
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
        io_push_text(L, i);
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
 * io.lines(name, ...): a file of the game, read from its bytes in memory. The iterator's
 * upvalues: the bytes (1), the position (2; -1 once the end was reached and the file
 * closed, as stock closes it), the count of formats (3), the formats.
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

/* Reads by one format from the bytes s[0..len) at *pos; pushes the result and returns 0 when
 * it pushed nil (the end of the file), as stock's g_read does for each format. */
static int io_file_format(lua_State *L, int arg, const char *s, size_t len, size_t *pos) {
    size_t at = *pos, end = at;
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
    for (int i = 1; i <= n && io_file_format(L, i, s, len, &pos); i++) {}
    int ended = !lua_toboolean(L, n + 1);
    lua_pushinteger(L, ended ? -1 : (lua_Integer)pos);
    lua_replace(L, lua_upvalueindex(2));
    return ended ? 0 : lua_gettop(L) - n;
}

/* io.lines(name, ...): finds the file with the host's function (nil and a message: raised,
 * as stock raises for a file it cannot open), and returns an iterator over its bytes. */
static int io_file_lines(lua_State *L) {
    int n = lua_gettop(L) - 1;
    luaL_argcheck(L, n <= 250, 252, "too many arguments");
    luaL_checkstack(L, 4, NULL);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &io_files_key) != LUA_TFUNCTION)
        return edujam_withheld(L, "io.lines with a file name");
    lua_pushvalue(L, 1);
    edujam_push_caller_source(L, 1);
    lua_call(L, 2, 2);
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

/* {====================================================================
 * The standard files and the library
 * ===================================================================== */

static int io_kind(lua_State *L, int idx) {
    return *(int *)luaL_checkudata(L, idx, IO_FILE);
}

/* Stock's answer for a standard file used the wrong way: fail, message, errno. */
static int io_fail(lua_State *L, const char *message, int errnum) {
    luaL_pushfail(L);
    lua_pushstring(L, message);
    lua_pushinteger(L, errnum);
    return 3;
}

static int f_write(lua_State *L) {
    if (io_kind(L, 1) == IO_STDIN) return io_fail(L, "Bad file descriptor", 9);
    io_write_args(L, 2);
    lua_settop(L, 1);
    return 1;  /* the file, so writes chain */
}

static int f_read(lua_State *L) {
    if (io_kind(L, 1) != IO_STDIN) return io_fail(L, "Bad file descriptor", 9);
    return io_read_formats(L, 2);
}

static int f_lines(lua_State *L) {
    io_kind(L, 1);
    return io_push_lines(L, 2);
}

/* Stock's answer for closing a standard file. */
static int io_cannot_close(lua_State *L) {
    luaL_pushfail(L);
    lua_pushliteral(L, "cannot close standard file");
    return 2;
}

static int f_close(lua_State *L) {
    io_kind(L, 1);
    return io_cannot_close(L);
}

static int f_flush(lua_State *L) {
    io_kind(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}

static int f_setvbuf(lua_State *L) {
    io_kind(L, 1);
    static const char *const modes[] = {"no", "full", "line", NULL};
    luaL_checkoption(L, 2, NULL, modes);
    lua_pushboolean(L, 1);
    return 1;
}

static int f_seek(lua_State *L) {
    io_kind(L, 1);
    return io_fail(L, "Illegal seek", 29);
}

/* "file (0x...)", at an address made from the seed as every shown address is. */
static int f_tostring(lua_State *L) {
    io_kind(L, 1);
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
    if (!lua_isnoneornil(L, 1)) return io_file_lines(L);
    return io_push_lines(L, 2);
}

static int io_type(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_testudata(L, 1, IO_FILE) == NULL) luaL_pushfail(L);
    else lua_pushliteral(L, "file");
    return 1;
}

/* io.input() and io.output(): the standard file, or a standard file given; a name is a file. */
static int io_default(lua_State *L, const char *std, const char *what) {
    if (lua_isstring(L, 1)) return edujam_withheld(L, what);
    if (!lua_isnoneornil(L, 1)) io_kind(L, 1);
    lua_getfield(L, lua_upvalueindex(1), std);
    return 1;
}

static int io_input(lua_State *L) { return io_default(L, "stdin", "io.input with a file name"); }
static int io_output(lua_State *L) { return io_default(L, "stdout", "io.output with a file name"); }

static int io_close(lua_State *L) {
    if (!lua_isnoneornil(L, 1)) io_kind(L, 1);
    return io_cannot_close(L);
}

static int io_flush(lua_State *L) {
    lua_pushboolean(L, 1);
    return 1;
}

static int io_open(lua_State *L) { return edujam_withheld(L, "io.open"); }
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
    {"open", io_open}, {"popen", io_popen}, {"tmpfile", io_tmpfile}, {NULL, NULL}
};

static void io_new_file(lua_State *L, int kind, const char *name) {
    *(int *)lua_newuserdatauv(L, sizeof(int), 0) = kind;
    luaL_setmetatable(L, IO_FILE);
    lua_setfield(L, -2, name);
}

/* Under lua_pcall (libs_open_all): may raise. Leaves io in the globals and package.loaded. */
void edujam_open_io(lua_State *L) {
    luaL_newmetatable(L, IO_FILE);
    luaL_newlib(L, io_file_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, f_tostring);
    lua_setfield(L, -2, "__tostring");
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

/*
 * baselib.c: the base library a script sees. Lua's own base library is
 * opened and then cut down: what could reach outside the sandbox is left
 * out; what could load bytecode, change the collector's pacing, run a finalizer
 * with hooks off, catch a limit error or show an address is replaced here.
 */
#include "internal.h"
#include <string.h>

/* {====================================================================
 * Refusals
 * ===================================================================== */

/* What a script may not do even though stock Lua has it (a binary chunk Lua did not make,
 * the collector's mode), and the functions games do not have (files, processes, bytecode): a Lua
 * error at the calling line that names it, which pcall may catch. */
int edujam_withheld(lua_State *L, const char *what) {
    edujam_of(L)->forbidden = 1;
    return luaL_error(L, "%s is not available to games", what);
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

/* Stock's setmetatable, but Lua never sees __gc: Lua runs finalizers with hooks off, so a
 * looping one could never be stopped. Lua marks an object for finalization only here, when
 * the metatable it gets has __gc; the field is hidden from Lua for that moment, and the
 * script still reads its metatable's __gc as it set it. finalizers.c watches the object
 * instead and runs its __gc where the script's code may run. */
static int base_setmetatable(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    int mt = lua_type(L, 2);
    luaL_argexpected(L, mt == LUA_TNIL || mt == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_pushliteral(L, "__gc");
    int gc = mt == LUA_TTABLE ? lua_rawget(L, 2) : LUA_TNIL;  /* slot 3: the __gc value */
    if (gc != LUA_TNIL) {
        lua_pushliteral(L, "__gc");
        lua_pushnil(L);
        lua_rawset(L, 2);
    }
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);
    if (gc != LUA_TNIL) {
        lua_pushliteral(L, "__gc");
        lua_pushvalue(L, 3);
        lua_rawset(L, 2);  /* the key's slot is still in the table: nothing to allocate */
        edujam_watch_finalizer(L, 1);
    }
    lua_settop(L, 1);
    return 1;
}

/* {====================================================================
 * load: stock Lua's, except that the only binary chunks it loads are string.dump's
 * ===================================================================== */

#define LOAD_RESERVED_SLOT 5  /* keeps the reader's last piece alive (lbaselib.c's RESERVEDSLOT) */

/* Whether Lua would load a chunk that starts with byte `first` as binary under `mode`:
 * Lua decides by the first byte alone (lundump.c's signature). Bytecode is not verified
 * by Lua, so a crafted chunk could break out of the sandbox. */
static int load_is_binary(const char *first, size_t len, const char *mode) {
    return len > 0 && first[0] == LUA_SIGNATURE[0] && strchr(mode, 'b') != NULL;
}

static int load_refuse_binary(lua_State *L) {
    return edujam_withheld(L, "loading a binary chunk that string.dump did not make");
}

typedef struct {
    const char *mode;
    int started;    /* a non-empty piece has been read */
    int refused;    /* that first piece began a binary chunk */
} load_reader_state;

/* lbaselib.c's generic_reader, which also looks at the first byte of the chunk: a
 * binary one ends the stream there, and base_load raises once lua_load has returned. */
static const char *load_reader(lua_State *L, void *ud, size_t *size) {
    load_reader_state *state = ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);  /* the reader runs as Lua code: the time limit reaches it */
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, LOAD_RESERVED_SLOT);
    const char *piece = lua_tolstring(L, LOAD_RESERVED_SLOT, size);
    if (!state->started && *size > 0) {
        state->started = 1;
        if (load_is_binary(piece, *size, state->mode)) {
            state->refused = 1;
            *size = 0;
            return NULL;
        }
    }
    return piece;
}

/* lbaselib.c's load_aux; a limit reached while loading stays a limit. */
static int load_finish(lua_State *L, int status, int env) {
    if (status == LUA_OK) {
        if (env != 0) {  /* the env argument becomes the chunk's _ENV, its first upvalue */
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    edujam_sandbox *sb = edujam_of(L);
    edujam_note_status(sb, status);
    if (sb->limit != EDUJAM_LIMIT_NONE) return edujam_raise_limit(L, sb);
    luaL_pushfail(L);  /* a syntax error is a result, as in stock Lua */
    lua_insert(L, -2);
    return 2;
}

/* load(chunk [, chunkname [, mode [, env]]]): a string or a reader function, as in stock
 * Lua. The chunk is compiled within the memory cap, and a reader function is Lua code
 * the time limit stops. A chunk that Lua would load as binary raises the forbidden error,
 * unless it is a string string.dump made in this state (libs.c): Lua's own bytecode. */
static int base_load(lua_State *L) {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    int status;
    if (s != NULL) {
        const char *chunkname = luaL_optstring(L, 2, s);
        if (load_is_binary(s, len, mode) && !edujam_is_own_dump(L, 1)) return load_refuse_binary(L);
        status = luaL_loadbufferx(L, s, len, chunkname, mode);
    } else {
        const char *chunkname = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, LOAD_RESERVED_SLOT);
        load_reader_state state = {mode, 0, 0};
        status = lua_load(L, load_reader, &state, chunkname, mode);
        if (state.refused) return load_refuse_binary(L);
    }
    return load_finish(L, status, env);
}

/* }==================================================================== */

/* collectgarbage: stock's (upvalue 1), but for what would change the collector's pacing.
 * "collect" and "step" are work like any other: a full collection costs time in
 * proportion to the heap, within the memory cap, and the time limit stops the script
 * between two calls; after a full collection the finalizers due run (finalizers.c). "stop"
 * is stock's: the allocator still refuses growth past the cap, and Lua answers a refusal
 * with a full collection, stopped or not. The mode and its parameters would change what
 * every later allocation costs. */
static int base_collectgarbage(lua_State *L) {
    static const char *const refused[] = {"incremental", "generational", "setpause", "setstepmul", NULL};
    const char *option = luaL_optstring(L, 1, "collect");
    for (int i = 0; refused[i] != NULL; i++) {
        if (strcmp(option, refused[i]) == 0) {
            lua_pushfstring(L, "collectgarbage('%s')", option);
            return edujam_withheld(L, lua_tostring(L, -1));
        }
    }
    int results = lua_tocfunction(L, lua_upvalueindex(1))(L);  /* in this frame: errors name 'collectgarbage' */
    if (strcmp(option, "collect") == 0) edujam_run_finalizers(L);  /* balanced */
    return results;
}

/* tostring: stock's, but a table, function or coroutine is shown by an address made from
 * the run's seed (identity.c), not its place in memory. */
static int base_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    edujam_tolstring(L, 1, NULL);
    return 1;
}

/* {====================================================================
 * print: to the host, within the output budget, with no terminal control
 * ===================================================================== */

/* Whether s[i] starts a character print replaces: C0 but tab and newline, DEL, or
 * the UTF-8 encoding of a C1 control (0xC2 0x80-0x9F, which holds CSI). Sets
 * *width to the bytes it covers. No escape sequence can reach the terminal. */
static int print_is_control(const char *s, size_t len, size_t i, size_t *width) {
    unsigned char c = (unsigned char)s[i];
    *width = 1;
    if (c == 0xC2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 && (unsigned char)s[i + 1] <= 0x9F) {
        *width = 2;
        return 1;
    }
    return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7F;
}

/* How many bytes from s[i] on need no cleaning: printable ASCII, tab, newline, and every
 * byte from 0x80 but 0xC2 (the lead byte of a C1 control). One compare or two per byte:
 * print_is_control on every byte was most of print's own cost (bench/README.md). */
static size_t print_plain_run(const char *s, size_t len, size_t i) {
    size_t start = i;
    for (; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 ? (c == 0x7F || c == 0xC2) : (c != '\t' && c != '\n')) break;
    }
    return i - start;
}

/* Bytes s takes once cleaned: each control character becomes one '?'. Also io.write's. */
size_t edujam_cleaned_length(const char *s, size_t len) {
    size_t out = 0, width;
    for (size_t i = 0; i < len; i += width) {
        size_t plain = print_plain_run(s, len, i);
        out += plain;
        i += plain;
        if (i == len) break;
        print_is_control(s, len, i, &width);
        out++;
    }
    return out;
}

/* Writes s cleaned at out; returns the end of what it wrote. Also io.write's. */
char *edujam_copy_clean(char *out, const char *s, size_t len) {
    size_t width;
    for (size_t i = 0; i < len; i += width) {
        size_t plain = print_plain_run(s, len, i);
        memcpy(out, s + i, plain);
        out += plain;
        i += plain;
        if (i == len) break;
        *out++ = print_is_control(s, len, i, &width) ? '?' : s[i];
    }
    return out;
}

/* a + b, or SIZE_MAX when that overflows (then no budget can hold it). */
static size_t print_add(size_t a, size_t b) {
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* Arguments are joined by one space (not Lua's tab): output is for a student's eyes.
 *
 * Memory safety: every argument's text replaces the argument on the stack before
 * anything is copied, so each text stays alive until print returns. Allocating the
 * line can run a collection (an emergency one when the state is at its cap), and a
 * string that had left the stack would be freed under our feet: a __tostring result
 * is referenced by nothing else. The line is sized in advance, so it is checked
 * against the output budget before it is built and allocated once. The host gets it
 * without the newline, which counts against the budget all the same. */
static int print_lines(lua_State *L, int n) {
    size_t total = 1;                              /* the newline */
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = edujam_tolstring(L, i, &len);
        lua_replace(L, i);                         /* keeps the text alive in the argument's slot */
        total = print_add(total, print_add(edujam_cleaned_length(s, len), i > 1));
    }
    edujam_sandbox *sb = edujam_of(L);
    if (edujam_spend_output(sb, total)) return edujam_raise_limit(L, sb);  /* before building it */
    luaL_Buffer line;
    char *out = luaL_buffinitsize(L, &line, total);  /* may collect: every text is on the stack */
    for (int i = 1; i <= n; i++) {
        size_t len;
        const char *s = lua_tolstring(L, i, &len);   /* a string already: cannot allocate */
        if (i > 1) *out++ = ' ';
        out = edujam_copy_clean(out, s, len);
    }
    *out = '\n';
    luaL_pushresultsize(&line, total);
    const char *text = lua_tostring(L, -1);
    if (sb->output != NULL && sb->output(sb->host, text, total - 1) != 0) {
        sb->limit = EDUJAM_LIMIT_OUTPUT;
        return edujam_raise_limit(L, sb);
    }
    return 0;
}

/* print(s) of one string that needs no cleaning, the common case (every line of Math Jam):
 * the host gets the argument's own bytes. Building the line in a Lua buffer and interning it
 * as a new string, only for the host to copy it, was most of print's instructions. A string
 * whose metatable has a __tostring (the script's to set, as in stock) prints what that gives,
 * so it takes the general way, as does one with a character to clean. The budget counts the
 * newline as for any line; s stays on the stack while the host reads it. */
static int print_plain_string(lua_State *L) {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);  /* a string: no conversion, no allocation */
    if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        return print_lines(L, 1);
    }
    if (print_plain_run(s, len, 0) != len) return print_lines(L, 1);  /* needs cleaning */
    edujam_sandbox *sb = edujam_of(L);
    if (edujam_spend_output(sb, print_add(len, 1))) return edujam_raise_limit(L, sb);
    if (sb->output != NULL && sb->output(sb->host, s, len) != 0) {
        sb->limit = EDUJAM_LIMIT_OUTPUT;
        return edujam_raise_limit(L, sb);
    }
    return 0;
}

static int base_print(lua_State *L) {
    if (edujam_of(L)->failed) return 0;  /* the call has failed: nothing more reaches the student */
    edujam_flush_output(edujam_of(L));    /* a line io.write left open comes first */
    int n = lua_gettop(L);
    if (n == 1 && lua_type(L, 1) == LUA_TSTRING) return print_plain_string(L);
    return print_lines(L, n);
}

/* }==================================================================== */

static const luaL_Reg base_replacements[] = {
    {"pcall", base_pcall},
    {"xpcall", base_xpcall},
    {"setmetatable", base_setmetatable},
    {"load", base_load},
    {"tostring", base_tostring},
    {"print", base_print},
    {NULL, NULL}
};

/* Stock's base library with the replacements above. dofile, loadfile (files) and warn
 * (writes to stderr) are absent, as in an embedded Lua that leaves them out: a library's
 * feature test (`if warn then ...`) finds nothing, a call fails at its line. */
void edujam_open_base(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_setfuncs(L, base_replacements, 0);
    lua_getfield(L, -1, "collectgarbage");
    lua_pushcclosure(L, base_collectgarbage, 1);
    lua_setfield(L, -2, "collectgarbage");
    static const char *const absent[] = {"dofile", "loadfile", "warn", NULL};
    for (int i = 0; absent[i] != NULL; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, absent[i]);
    }
    lua_pop(L, 1);
}

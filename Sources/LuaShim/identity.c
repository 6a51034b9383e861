/*
 * identity.c: how a script sees where a value lives. Stock Lua shows a table,
 * function or coroutine by its memory address (`tostring({})`, print, `%s` and
 * `%p` of string.format), which changes from process to process. Here each such
 * value gets an address made from the run's seed and the order in which values
 * were first shown, so a run that prints one replays byte for byte.
 */
#include "internal.h"
#include <stdio.h>
#include <string.h>

/* The registry key of the table value -> number, weak in its keys: a value's number
 * goes when the value does. Its entry 1 holds the last number given. A long string is
 * keyed by its object's pointer, and held at the negative of its number (below). */
static const char identity_key = 0;

#define IDENTITY_NEXT 1                 /* the counter's key in the table */
#define IDENTITY_SPACING 0x40           /* between two numbered values, as tables lie in memory */
#define IDENTITY_STRINGS 0x8000000000u  /* short strings (%p only) lie apart from numbered values */
#define IDENTITY_SHORT_MAX 40           /* LUAI_MAXSHORTLEN of 5.4.4's llimits.h: longer strings are not interned */
#define FORMAT_FLAGS "-+#0 123456789."  /* what str_format spans before a conversion */
#define FORMAT_MAX_SPEC 21              /* from this many bytes a specification is stock's error */

/* Whether stock Lua shows a value of type t by its address. */
static int identity_has_address(int t) {
    return t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TTHREAD || t == LUA_TUSERDATA ||
           t == LUA_TLIGHTUSERDATA;
}

static uint64_t identity_mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Where this run's addresses start: like a heap address, 12 hex digits, from the seed. */
static uint64_t identity_base(lua_State *L) {
    uint64_t mixed = identity_mix((uint64_t)edujam_of(L)->seed);
    return 0x550000000000u + ((mixed >> 36) << 12);
}

/* Pushes the key the value at idx is numbered under: itself, but a long string's pointer,
 * since two long strings with the same bytes are two objects (and equal as keys). */
static void identity_push_key(lua_State *L, int idx) {
    if (lua_type(L, idx) == LUA_TSTRING) lua_pushlightuserdata(L, (void *)lua_topointer(L, idx));
    else lua_pushvalue(L, idx);
}

/* The number of the value at idx, given on first sight. */
static lua_Integer identity_number(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    edujam_push_registry_table(L, &identity_key, "k");
    identity_push_key(L, idx);
    if (lua_rawget(L, -2) == LUA_TNUMBER) {
        lua_Integer number = lua_tointeger(L, -1);
        lua_pop(L, 2);
        return number;
    }
    lua_pop(L, 1);
    lua_rawgeti(L, -1, IDENTITY_NEXT);
    lua_Integer number = lua_tointeger(L, -1) + 1;  /* 0 from nil: the first is 1 */
    lua_pop(L, 1);
    lua_pushinteger(L, number);
    lua_rawseti(L, -2, IDENTITY_NEXT);
    identity_push_key(L, idx);
    lua_pushinteger(L, number);
    lua_rawset(L, -3);
    if (lua_type(L, idx) == LUA_TSTRING) {  /* a string cannot be a weak key: held, so its pointer is never reused */
        lua_pushvalue(L, idx);
        lua_rawseti(L, -2, -number);
    }
    lua_pop(L, 1);
    return number;
}

/* The address a string is shown at by %p. A short one's is made from its bytes, as equal
 * short strings are one object in stock Lua; not numbered, since numbering holds the string
 * for the state's life. A long one is an object of its own, numbered as tables are. */
static uint64_t identity_string_offset(lua_State *L, int idx) {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (len > IDENTITY_SHORT_MAX) return (uint64_t)identity_number(L, idx) * IDENTITY_SPACING;
    uint64_t h = 0xCBF29CE484222325u;  /* FNV-1a */
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 0x100000001B3u;
    return IDENTITY_STRINGS + (h % 0x10000000u) * 0x10;
}

/* Pushes "0x..." for the value at idx, which has an address (a string included). */
void edujam_push_address(lua_State *L, int idx) {
    uint64_t offset = lua_type(L, idx) == LUA_TSTRING
        ? identity_string_offset(L, idx)
        : (uint64_t)identity_number(L, idx) * IDENTITY_SPACING;
    char text[24];
    snprintf(text, sizeof text, "0x%012llx", (unsigned long long)(identity_base(L) + offset));
    lua_pushstring(L, text);
}

/* Whether stock would show the value at idx by its address: it has one and no __tostring. */
static int identity_shown_by_address(lua_State *L, int idx) {
    if (!identity_has_address(lua_type(L, idx))) return 0;
    if (luaL_getmetafield(L, idx, "__tostring") == LUA_TNIL) return 1;
    lua_pop(L, 1);
    return 0;
}

/* luaL_tolstring, but for the address: "table: 0x55...". __tostring and __name work as
 * in stock. */
const char *edujam_tolstring(lua_State *L, int idx, size_t *len) {
    idx = lua_absindex(L, idx);
    if (!identity_shown_by_address(L, idx)) return luaL_tolstring(L, idx, len);
    int name = luaL_getmetafield(L, idx, "__name");
    const char *kind = name == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, idx);
    edujam_push_address(L, idx);
    lua_pushfstring(L, "%s: %s", kind, lua_tostring(L, -1));
    lua_remove(L, -2);
    if (name != LUA_TNIL) lua_remove(L, -2);
    return lua_tolstring(L, -1, len);
}

/* Whether spec (after '%', `span` bytes before the conversion) passes stock's check for
 * %p (lstrlib.c's checkformat with flags "-" and no precision). */
static int format_valid_p(const char *spec, size_t span) {
    size_t i = strspn(spec, "-");
    if (i < span && spec[i] != '0') {
        for (int digits = 0; digits < 2 && i < span && spec[i] >= '0' && spec[i] <= '9'; digits++) i++;
    }
    return i == span;
}

/* Walks fmt's conversions as stock's str_format does, up to where it would stop (a
 * missing argument, a specification too long). Each valid %p is rewritten as %s in
 * `out` when it is given (its argument has become text); returns how many there are. */
static int format_walk(lua_State *L, const char *fmt, size_t len, int top, luaL_Buffer *out) {
    int arg = 1, p_count = 0;
    size_t i = 0;
    while (i < len) {
        if (fmt[i] != '%' || (i + 1 < len && fmt[i + 1] == '%')) {
            size_t n = fmt[i] == '%' ? 2 : 1;
            if (out != NULL) luaL_addlstring(out, fmt + i, n);
            i += n;
            continue;
        }
        size_t span = strspn(fmt + i + 1, FORMAT_FLAGS);
        if (++arg > top || span >= FORMAT_MAX_SPEC || i + 1 + span >= len) break;
        char conversion = fmt[i + 1 + span];
        if (conversion == 's') {
            if (out == NULL && identity_shown_by_address(L, arg)) {  /* a __tostring runs once, in stock's pass */
                edujam_tolstring(L, arg, NULL);
                lua_replace(L, arg);
            }
        } else if (conversion == 'p' && format_valid_p(fmt + i + 1, span)) {
            p_count++;
            if (out == NULL) {
                int t = lua_type(L, arg);
                if (identity_has_address(t) || t == LUA_TSTRING) edujam_push_address(L, arg);
                else lua_pushliteral(L, "(null)");  /* stock's text for a value with no address */
                lua_replace(L, arg);
            } else {
                conversion = 's';
            }
        }
        if (out != NULL) {
            luaL_addlstring(out, fmt + i, span + 1);
            luaL_addchar(out, conversion);
        }
        i += span + 2;
    }
    if (out != NULL && i < len) luaL_addlstring(out, fmt + i, len - i);
    return p_count;
}

/* string.format: stock's (upvalue 1), called in this frame so its errors name 'format',
 * after the arguments it would show by address have been replaced by their text. */
int edujam_str_format(lua_State *L) {
    size_t len;
    const char *fmt = luaL_checklstring(L, 1, &len);
    int top = lua_gettop(L);
    if (format_walk(L, fmt, len, top, NULL) > 0) {
        luaL_Buffer rewritten;
        luaL_buffinit(L, &rewritten);
        format_walk(L, fmt, len, top, &rewritten);
        luaL_pushresult(&rewritten);
        lua_replace(L, 1);
    }
    return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

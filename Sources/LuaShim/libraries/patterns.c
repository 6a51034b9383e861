/*
 * patterns.c: string.find, match, gmatch and gsub with Lua 5.4's semantics,
 * written so that a deadline can stop them.
 *
 * Why: the stock matcher runs entirely in C, where no debug hook fires, and a
 * pattern such as ".-.-.-.-b" is polynomial of high degree in the subject's
 * length. Here every attempt to match one pattern item at one subject
 * position is a step; every PM_STEPS_PER_CHECK steps we call
 * edujam_check_interrupt, which raises once the call's time is up. Plain
 * searches and the gsub loop count their work the same way.
 *
 * The semantics (and every error message) are those of the Lua 5.4 manual,
 * section 6.4.1, checked against lua5.4 by Tests/PatternsDifferential.
 * Malformed patterns are reported lazily, when the matcher reaches the bad
 * item, because that is what stock Lua does: string.find("abc", "x[") is
 * nil, not an error.
 */

#include <ctype.h>
#include <string.h>

#include <lua5.4/lauxlib.h>

#include "edujam_shim.h"

#define PM_ESC '%'
#define PM_MAXCAPTURES 32      /* as LUA_MAXCAPTURES */
#define PM_MAXDEPTH 200        /* nested matches before "pattern too complex" */
#define PM_STEPS_PER_CHECK 4096

/* Capture lengths that are not lengths. */
#define PM_OPEN (-1)           /* '(' seen, ')' not yet */
#define PM_POSITION (-2)       /* '()' */

#define pm_byte(c) ((unsigned char)(c))
/* For the few helpers of the matcher's inner loop: clang leaves them out of line otherwise,
 * a call per subject byte (bench/README.md, cpu/patterns). */
#define PM_INLINE static inline __attribute__((always_inline))

typedef struct pm_capture {
    const char *start;
    ptrdiff_t len;             /* a length, PM_OPEN or PM_POSITION */
} pm_capture;

typedef struct pm_state {
    lua_State *L;
    const char *subject;
    const char *subject_end;
    const char *pattern_end;
    int depth_left;            /* nested pm_match calls still allowed */
    int ncaptures;
    unsigned steps_left;       /* steps until the next interrupt check */
    pm_capture captures[PM_MAXCAPTURES];
} pm_state;


/*
** {======================================================
** Bookkeeping: state, steps, interrupt
** =======================================================
*/

static void pm_init(pm_state *ms, lua_State *L, const char *s, size_t ls,
                    const char *p, size_t lp) {
    ms->L = L;
    ms->subject = s;
    ms->subject_end = s + ls;
    ms->pattern_end = p + lp;
    ms->steps_left = PM_STEPS_PER_CHECK;
}

/* Before each new attempt: no captures, full depth. */
static void pm_restart(pm_state *ms) {
    ms->ncaptures = 0;
    ms->depth_left = PM_MAXDEPTH;
}

/* Checks the deadline every PM_STEPS_PER_CHECK steps. A countdown: on every step it is a
 * decrement and a branch, where a running total also needed a compare and a store. */
PM_INLINE void pm_tick(pm_state *ms) {
    if (--ms->steps_left == 0) {
        ms->steps_left = PM_STEPS_PER_CHECK;
        edujam_check_interrupt(ms->L);
    }
}

/* Counts `work` steps at once (a backreference's comparison). */
static void pm_tick_n(pm_state *ms, size_t work) {
    if (work < ms->steps_left) {
        ms->steps_left -= (unsigned)work;
        return;
    }
    ms->steps_left = PM_STEPS_PER_CHECK;
    edujam_check_interrupt(ms->L);
}

/* }====================================================== */


/*
** {======================================================
** Single-character items: '.', '%x', '[set]', literal
** =======================================================
*/

/* Does byte c belong to class letter cl (%a, %D, ...)? Unknown letters stand for themselves.
 * The classes are the C locale's, by arithmetic on the byte: what stock Lua's ctype calls
 * answer in a process that never calls setlocale (EduJam's), without a call per byte, and
 * the same whatever locale a host sets, so that a run replays. */
PM_INLINE int pm_class_has(int c, int cl) {
    int alpha = (unsigned)((c | 0x20) - 'a') < 26;
    int digit = (unsigned)(c - '0') < 10;
    int yes;
    switch (cl | 0x20) {  /* lower case for ASCII letters; other bytes fall to the default */
    case 'a': yes = alpha; break;
    case 'c': yes = c < 0x20 || c == 0x7f; break;
    case 'd': yes = digit; break;
    case 'g': yes = (unsigned)(c - 0x21) < 94; break;   /* '!' to '~' */
    case 'l': yes = (unsigned)(c - 'a') < 26; break;
    case 'p': yes = (unsigned)(c - 0x21) < 94 && !alpha && !digit; break;
    case 's': yes = c == ' ' || (unsigned)(c - '\t') < 5; break;  /* \t \n \v \f \r */
    case 'u': yes = (unsigned)(c - 'A') < 26; break;
    case 'w': yes = alpha || digit; break;
    case 'x': yes = digit || (unsigned)((c | 0x20) - 'a') < 6; break;
    case 'z': yes = (c == 0); break;   /* deprecated since 5.2, still accepted */
    default: return cl == c;
    }
    if (cl >= 'A' && cl <= 'Z')    /* upper-case letter: the complement */
        yes = !yes;
    return yes;
}

/* Is c in the set whose body runs from `p` (just after '[') to `close` (its ']')? */
static int pm_set_has(int c, const char *p, const char *close) {
    int inside = 1;
    if (*p == '^') {
        inside = 0;
        p++;
    }
    while (p < close) {
        if (*p == PM_ESC) {        /* a class or an escaped byte; never a range end */
            if (pm_class_has(c, pm_byte(p[1])))
                return inside;
            p += 2;
        } else if (p[1] == '-' && p + 2 < close) {
            if (pm_byte(p[0]) <= c && c <= pm_byte(p[2]))
                return inside;
            p += 3;
        } else {
            if (pm_byte(*p) == c)
                return inside;
            p++;
        }
    }
    return !inside;
}

/* End of a set starting at `p` (just after '['). The first byte (after an optional '^')
 * is always a member, so "[]]" is the set of ']'. */
static const char *pm_set_end(pm_state *ms, const char *p) {
    if (p < ms->pattern_end && *p == '^')
        p++;
    for (;;) {
        if (p >= ms->pattern_end)
            luaL_error(ms->L, "malformed pattern (missing ']')");
        if (*p++ == PM_ESC && p < ms->pattern_end)
            p++;                   /* '%]' does not close the set */
        if (p < ms->pattern_end && *p == ']')
            return p + 1;
    }
}

static void pm_ends_with_escape(pm_state *ms) {
    luaL_error(ms->L, "malformed pattern (ends with '%%')");
}

/* Where the single-character item at `p` ends (its quantifier, if any, is there).
 * Inline: it runs for every item the matcher tries; its errors are out of line. */
PM_INLINE const char *pm_item_end(pm_state *ms, const char *p) {
    if (*p == PM_ESC) {
        if (p + 1 >= ms->pattern_end)
            pm_ends_with_escape(ms);
        return p + 2;
    }
    if (*p == '[')
        return pm_set_end(ms, p + 1);
    return p + 1;
}

/* Does the item p..ep accept the subject byte at s? Its caller counts the step. */
PM_INLINE int pm_item_accepts(pm_state *ms, const char *s, const char *p, const char *ep) {
    int c;
    if (s >= ms->subject_end)
        return 0;
    c = pm_byte(*s);
    switch (*p) {
    case '.': return 1;
    case PM_ESC: return pm_class_has(c, pm_byte(p[1]));
    case '[': return pm_set_has(c, p + 1, ep - 1);
    default: return pm_byte(*p) == c;
    }
}

/* }====================================================== */


/*
** {======================================================
** The matcher
** =======================================================
*/

static const char *pm_match(pm_state *ms, const char *s, const char *p);

/* Item p..ep repeated as often as possible, then fewer until the rest (ep+1) matches. */
static const char *pm_longest(pm_state *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t n = 0;
    while (pm_item_accepts(ms, s + n, p, ep)) {
        pm_tick(ms);
        n++;
    }
    for (; n >= 0; n--) {
        const char *end = pm_match(ms, s + n, ep + 1);
        if (end != NULL)
            return end;
    }
    return NULL;
}

/* Item p..ep repeated as rarely as possible: try the rest first, then one more. */
static const char *pm_shortest(pm_state *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = pm_match(ms, s, ep + 1);
        if (end != NULL)
            return end;
        if (!pm_item_accepts(ms, s, p, ep))
            return NULL;
        s++;
    }
}

static const char *pm_open_capture(pm_state *ms, const char *s, const char *p, ptrdiff_t kind) {
    const char *end;
    if (ms->ncaptures >= PM_MAXCAPTURES)
        luaL_error(ms->L, "too many captures");
    ms->captures[ms->ncaptures].start = s;
    ms->captures[ms->ncaptures].len = kind;
    ms->ncaptures++;
    end = pm_match(ms, s, p);
    if (end == NULL)
        ms->ncaptures--;           /* this attempt failed: forget the capture */
    return end;
}

/* ')' closes the innermost capture still open. */
static const char *pm_close_capture(pm_state *ms, const char *s, const char *p) {
    const char *end;
    int i = ms->ncaptures - 1;
    while (i >= 0 && ms->captures[i].len != PM_OPEN)
        i--;
    if (i < 0)
        luaL_error(ms->L, "invalid pattern capture");
    ms->captures[i].len = s - ms->captures[i].start;
    end = pm_match(ms, s, p);
    if (end == NULL)
        ms->captures[i].len = PM_OPEN;
    return end;
}

/* %bxy at s: x, then anything balanced, up to the matching y. `p` points at x. */
static const char *pm_balanced(pm_state *ms, const char *s, const char *p) {
    int open = 1;
    if (p + 2 > ms->pattern_end)
        luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= ms->subject_end || *s != p[0])
        return NULL;
    while (++s < ms->subject_end) {
        pm_tick(ms);
        if (*s == p[1]) {
            if (--open == 0)
                return s + 1;
        } else if (*s == p[0]) {
            open++;
        }
    }
    return NULL;
}

/* %f[set] at s: the byte before s is outside the set, the byte at s inside.
 * The subject's edges count as '\0'. Returns the pattern after the set, or NULL. */
static const char *pm_frontier(pm_state *ms, const char *s, const char *p) {
    const char *ep;
    int before, here;
    if (p >= ms->pattern_end || *p != '[')
        luaL_error(ms->L, "missing '[' after '%%f' in pattern");
    ep = pm_item_end(ms, p);
    before = (s == ms->subject) ? 0 : pm_byte(s[-1]);
    here = (s < ms->subject_end) ? pm_byte(*s) : 0;
    if (!pm_set_has(before, p + 1, ep - 1) && pm_set_has(here, p + 1, ep - 1))
        return ep;
    return NULL;
}

/* %1-%9 at s: the same bytes as a closed capture. A position capture never matches. */
static const char *pm_backref(pm_state *ms, const char *s, int digit) {
    int i = digit - '1';
    ptrdiff_t len;
    if (i < 0 || i >= ms->ncaptures || ms->captures[i].len == PM_OPEN)
        luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    len = ms->captures[i].len;
    if (len < 0 || ms->subject_end - s < len)
        return NULL;
    pm_tick_n(ms, 1 + (size_t)len / 64);
    if (memcmp(ms->captures[i].start, s, (size_t)len) != 0)
        return NULL;
    return s + len;
}

/* Matches pattern p at subject s; returns where the match ends, or NULL. One loop over
 * the items, as stock Lua's: an item that needs no backtracking goes on in place, and
 * only a quantifier, a capture or a '?' that matched recurses, so the depth limit counts
 * exactly what Lua 5.4 counts. Each turn of the loop is a step. */
static const char *pm_match(pm_state *ms, const char *s, const char *p) {
    if (ms->depth_left-- == 0)
        luaL_error(ms->L, "pattern too complex");
    for (;;) {
        const char *ep;
        int accepted;
        pm_tick(ms);
        if (p >= ms->pattern_end)
            break;                 /* the whole pattern matched: s is the end */
        switch (*p) {
        case '(':
            if (p + 1 < ms->pattern_end && p[1] == ')')
                s = pm_open_capture(ms, s, p + 2, PM_POSITION);
            else
                s = pm_open_capture(ms, s, p + 1, PM_OPEN);
            goto done;
        case ')':
            s = pm_close_capture(ms, s, p + 1);
            goto done;
        case '$':
            if (p + 1 == ms->pattern_end) {  /* an anchor only at the very end */
                if (s != ms->subject_end)
                    s = NULL;
                goto done;
            }
            break;                 /* a '$' elsewhere is a literal item */
        case PM_ESC: {
            int what = (p + 1 < ms->pattern_end) ? p[1] : 0;
            if (what == 'b') {
                s = pm_balanced(ms, s, p + 2);
                if (s == NULL)
                    goto done;
                p += 4;
                continue;
            }
            if (what == 'f') {
                p = pm_frontier(ms, s, p + 2);
                if (p == NULL) {
                    s = NULL;
                    goto done;
                }
                continue;
            }
            if (what >= '0' && what <= '9') {
                s = pm_backref(ms, s, what);
                if (s == NULL)
                    goto done;
                p += 2;
                continue;
            }
            break;                 /* a class such as %d: a single-character item */
        }
        default:
            break;
        }
        /* A single-character item with an optional quantifier. */
        ep = pm_item_end(ms, p);
        accepted = pm_item_accepts(ms, s, p, ep);
        switch (ep < ms->pattern_end ? *ep : 0) {
        case '?':
            if (accepted) {
                const char *end = pm_match(ms, s + 1, ep + 1);
                if (end != NULL) {
                    s = end;
                    goto done;
                }
            }
            p = ep + 1;
            continue;
        case '+':
            s = accepted ? pm_longest(ms, s + 1, p, ep) : NULL;
            goto done;
        case '*':
            if (accepted) {
                s = pm_longest(ms, s, p, ep);
                goto done;
            }
            p = ep + 1;
            continue;
        case '-':
            if (accepted) {
                s = pm_shortest(ms, s, p, ep);
                goto done;
            }
            p = ep + 1;
            continue;
        default:
            if (!accepted) {
                s = NULL;
                goto done;
            }
            s++;
            p = ep;
            continue;
        }
    }
done:
    ms->depth_left++;
    return s;
}

/* }====================================================== */


/*
** {======================================================
** Results: captures onto the stack
** =======================================================
*/

/* Pushes capture i; with no captures at all, "capture 0" is the whole match s..e. */
static void pm_push_capture(pm_state *ms, int i, const char *s, const char *e) {
    const pm_capture *cap;
    if (i >= ms->ncaptures) {
        if (i != 0)
            luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(ms->L, s, (size_t)(e - s));
        return;
    }
    cap = &ms->captures[i];
    if (cap->len == PM_OPEN)
        luaL_error(ms->L, "unfinished capture");
    if (cap->len == PM_POSITION)
        lua_pushinteger(ms->L, (cap->start - ms->subject) + 1);
    else
        lua_pushlstring(ms->L, cap->start, (size_t)cap->len);
}

/* Pushes all captures (or the whole match when there are none and s is given). */
static int pm_push_captures(pm_state *ms, const char *s, const char *e) {
    int n = (ms->ncaptures == 0 && s != NULL) ? 1 : ms->ncaptures;
    int i;
    luaL_checkstack(ms->L, n, "too many captures");
    for (i = 0; i < n; i++)
        pm_push_capture(ms, i, s, e);
    return n;
}

/* }====================================================== */


/*
** {======================================================
** find and match
** =======================================================
*/

/* A relative start position (negative counts from the end) as a 0-based offset;
 * may exceed len, which callers treat as "nothing to find". */
static size_t pm_start_offset(lua_Integer pos, size_t len) {
    if (pos > 0)
        return (size_t)pos - 1;
    if (pos == 0 || pos < -(lua_Integer)len)
        return 0;
    return (size_t)((lua_Integer)len + pos);
}

/* Bytes that make find use the matcher rather than a plain search. Not ')': find
 * treats "a)" as plain text, although match calls it an invalid capture. */
static const char pm_specials[] = "^$*+?.([%-";

static int pm_is_plain(const char *p, size_t lp) {
    size_t i;
    for (i = 0; i < lp; i++)
        if (memchr(pm_specials, p[i], sizeof pm_specials - 1) != NULL)
            return 0;
    return 1;
}

/* First occurrence of needle in haystack, or NULL. memchr and memcmp do the work;
 * we count it so that a long search can still be stopped. */
static const char *pm_plain_find(lua_State *L, const char *h, size_t lh,
                                 const char *needle, size_t ln) {
    const char *last;
    size_t work = 0;
    if (ln == 0)
        return h;
    if (ln > lh)
        return NULL;
    last = h + (lh - ln);          /* last possible start */
    while (h <= last) {
        size_t window = (size_t)(last - h) + 1;
        const char *hit;
        if (window > 65536)        /* bound each memchr, so we check between them */
            window = 65536;
        hit = memchr(h, needle[0], window);
        work += (hit ? (size_t)(hit - h) : window) / 16 + 1;
        if (hit != NULL) {
            if (memcmp(hit + 1, needle + 1, ln - 1) == 0)
                return hit;
            work += ln / 16 + 1;
            h = hit + 1;
        } else {
            h += window;
        }
        if (work >= PM_STEPS_PER_CHECK) {
            work = 0;
            edujam_check_interrupt(L);
        }
    }
    return NULL;
}

static int pm_find_plain(lua_State *L, const char *s, size_t ls, size_t init,
                         const char *p, size_t lp) {
    const char *hit = pm_plain_find(L, s + init, ls - init, p, lp);
    if (hit == NULL) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (hit - s) + 1);
    lua_pushinteger(L, (lua_Integer)((size_t)(hit - s) + lp));
    return 2;
}

/* The matcher for find (want_positions) and match. */
static int pm_find_pattern(lua_State *L, const char *s, size_t ls, size_t init,
                           const char *p, size_t lp, int want_positions) {
    pm_state ms;
    const char *start = s + init;
    int anchored = (lp > 0 && *p == '^');
    if (anchored) {
        p++;
        lp--;
    }
    pm_init(&ms, L, s, ls, p, lp);
    for (;;) {
        const char *end;
        pm_restart(&ms);
        end = pm_match(&ms, start, p);
        if (end != NULL) {
            if (!want_positions)
                return pm_push_captures(&ms, start, end);
            lua_pushinteger(L, (start - s) + 1);
            lua_pushinteger(L, end - s);
            return 2 + pm_push_captures(&ms, NULL, NULL);
        }
        if (anchored || start >= ms.subject_end)
            break;
        start++;
    }
    luaL_pushfail(L);
    return 1;
}

static int pm_find_or_match(lua_State *L, int is_find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = pm_start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) {               /* starts after the end: nothing, not even "" */
        luaL_pushfail(L);
        return 1;
    }
    if (is_find && (lua_toboolean(L, 4) || pm_is_plain(p, lp)))
        return pm_find_plain(L, s, ls, init, p, lp);
    return pm_find_pattern(L, s, ls, init, p, lp, is_find);
}

int edujam_str_find(lua_State *L) {
    return pm_find_or_match(L, 1);
}

int edujam_str_match(lua_State *L) {
    return pm_find_or_match(L, 0);
}

/* }====================================================== */


/*
** {======================================================
** gmatch
** =======================================================
*/

/* The iterator's state, a userdata kept as its third upvalue. Offsets, not pointers,
 * so that a start beyond the end needs no out-of-range pointer. */
typedef struct pm_iterator {
    pm_state ms;
    const char *pattern;
    size_t next;               /* where the next attempt starts */
    size_t last_end;           /* end of the previous match, if have_last */
    int have_last;
} pm_iterator;

/* An empty match right where the previous match ended does not count (Lua 5.4). */
static int pm_gmatch_step(lua_State *L) {
    pm_iterator *it = (pm_iterator *)lua_touserdata(L, lua_upvalueindex(3));
    size_t len = (size_t)(it->ms.subject_end - it->ms.subject);
    size_t at;
    it->ms.L = L;                  /* the iterator may run in another coroutine */
    for (at = it->next; at <= len; at++) {
        const char *start = it->ms.subject + at;
        const char *end;
        pm_restart(&it->ms);
        end = pm_match(&it->ms, start, it->pattern);
        if (end != NULL && !(it->have_last && (size_t)(end - it->ms.subject) == it->last_end)) {
            it->next = it->last_end = (size_t)(end - it->ms.subject);
            it->have_last = 1;
            return pm_push_captures(&it->ms, start, end);
        }
    }
    return 0;
}

int edujam_str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = pm_start_offset(luaL_optinteger(L, 3, 1), ls);
    pm_iterator *it;
    lua_settop(L, 2);              /* subject and pattern stay alive as upvalues */
    it = (pm_iterator *)lua_newuserdatauv(L, sizeof(pm_iterator), 0);
    pm_init(&it->ms, L, s, ls, p, lp);
    it->pattern = p;
    it->next = (init > ls) ? ls + 1 : init;
    it->last_end = 0;
    it->have_last = 0;
    lua_pushcclosure(L, pm_gmatch_step, 3);
    return 1;
}

/* }====================================================== */


/*
** {======================================================
** gsub
** =======================================================
*/

/* Appends the replacement template (argument 3) for match s..e: %0-%9 and %%. */
static void pm_add_template(pm_state *ms, luaL_Buffer *b, const char *s, const char *e) {
    size_t lr;
    const char *r = lua_tolstring(ms->L, 3, &lr);
    const char *r_end = r + lr;
    for (;;) {
        const char *esc = memchr(r, PM_ESC, (size_t)(r_end - r));
        int what;
        if (esc == NULL)
            break;
        luaL_addlstring(b, r, (size_t)(esc - r));
        what = (esc + 1 < r_end) ? pm_byte(esc[1]) : 0;
        if (what == PM_ESC) {
            luaL_addchar(b, PM_ESC);
        } else if (what == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(what)) {
            pm_push_capture(ms, what - '1', s, e);
            luaL_addvalue(b);      /* a position capture is added as its number */
        } else {
            luaL_error(ms->L, "invalid use of '%c' in replacement string", PM_ESC);
        }
        r = esc + 2;
    }
    luaL_addlstring(b, r, (size_t)(r_end - r));
}

/* Appends the replacement for match s..e. Returns 0 when the match is kept as it was
 * (a table or function gave nil or false). */
static int pm_add_replacement(pm_state *ms, luaL_Buffer *b, const char *s, const char *e,
                              int repl_type) {
    lua_State *L = ms->L;
    if (repl_type == LUA_TFUNCTION) {
        int n;
        lua_pushvalue(L, 3);
        n = pm_push_captures(ms, s, e);
        lua_call(L, n, 1);
    } else if (repl_type == LUA_TTABLE) {
        pm_push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    } else {
        pm_add_template(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

int edujam_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int repl_type = lua_type(L, 3);
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchored = (lp > 0 && *p == '^');
    const char *at = s;
    const char *last_end = NULL;   /* an empty match here does not count */
    lua_Integer n = 0;
    int changed = 0;
    pm_state ms;
    luaL_Buffer b;
    luaL_argexpected(L, repl_type == LUA_TNUMBER || repl_type == LUA_TSTRING ||
                        repl_type == LUA_TFUNCTION || repl_type == LUA_TTABLE,
                     3, "string/function/table");
    luaL_buffinit(L, &b);
    if (anchored) {
        p++;
        lp--;
    }
    pm_init(&ms, L, s, ls, p, lp);
    while (n < max_n) {
        const char *end;
        pm_restart(&ms);
        end = pm_match(&ms, at, p);
        if (end != NULL && end != last_end) {
            n++;
            changed |= pm_add_replacement(&ms, &b, at, end, repl_type);
            at = last_end = end;
        } else if (at < ms.subject_end) {
            luaL_addchar(&b, *at++);
        } else {
            break;
        }
        if (anchored)
            break;
    }
    if (changed) {
        luaL_addlstring(&b, at, (size_t)(ms.subject_end - at));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1);       /* nothing replaced: the subject itself */
    }
    lua_pushinteger(L, n);
    return 2;
}

/* }====================================================== */

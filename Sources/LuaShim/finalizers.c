/*
 * finalizers.c: a script's __gc, run where its code may run. Lua calls a finalizer from
 * inside the collector with hooks off, so a looping one could never be stopped; so Lua
 * never sees a script's __gc (setmetatable hides the field while it sets the metatable,
 * baselib.c). An object given a metatable with __gc gets a sentinel instead: a table of
 * ours, with our own C finalizer, that holds the object and is held by it alone (an
 * ephemeron). When both are garbage, Lua runs the sentinel's finalizer, which only puts
 * the object, resurrected, in a queue.
 *
 * The queue is run, with hooks on and under every limit, after a full collection only: when
 * the script calls collectgarbage() ("collect"), and when it has given as many objects a
 * finalizer since the last full collection as were watched after it (at least
 * FINALIZER_BATCH), which keeps the queue within the garbage of one such span and the cost of
 * those collections in proportion to the objects watched. A full collection finds every watched
 * object that is garbage, however the collector's own cycles fell before it, and those run
 * last marked first (stock's order within a cycle): so what runs, and in what order, depends
 * on what the script did alone, and a replay finalizes as the run did. (With the sentinels'
 * table keyed by objects, whose places are addresses, the collector's own cycles ended at
 * places that moved from process to process.) An object is finalized once unless it is given a
 * metatable with __gc again. Objects still alive, or not yet collected, when a run ends are
 * never finalized.
 */
#include "internal.h"
#include <stdlib.h>

#define FINALIZER_BATCH 1024  /* objects given a finalizer between two full collections, at least */

static const char sentinels_key = 0;    /* registry: object -> its sentinel, weak keys */
static const char queue_key = 0;        /* registry: object, serial, object, serial ... */
static const char sentinel_meta_key = 0;

/* The sentinel's __gc, run by the collector with hooks off: our code only. A failure to
 * queue (memory) loses that one finalizer, as Lua turns an error here into a warning. */
static int sentinel_gc(lua_State *L) {
    if (!lua_checkstack(L, 3)) return 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &queue_key) != LUA_TTABLE) return 0;
    lua_Integer end = (lua_Integer)lua_rawlen(L, -1);
    lua_rawgeti(L, 1, 1);
    lua_rawseti(L, -2, end + 1);
    lua_rawgeti(L, 1, 2);
    lua_rawseti(L, -2, end + 2);
    return 0;
}

/* Pushes the sentinels' metatable, made (with the queue) the first time. */
static void push_sentinel_meta(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &sentinel_meta_key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, sentinel_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &sentinel_meta_key);
    edujam_push_registry_table(L, &queue_key, NULL);  /* made now, so the collector never has to */
    lua_pop(L, 1);
}

/* Watches the table at idx for finalization, once: a sentinel it alone holds. After as many
 * new watches as there are objects watched (FINALIZER_BATCH at least), collects in full and
 * runs what is due. */
void edujam_watch_finalizer(lua_State *L, int idx) {
    edujam_sandbox *sb = edujam_of(L);
    idx = lua_absindex(L, idx);
    luaL_checkstack(L, 5, NULL);
    edujam_push_registry_table(L, &sentinels_key, "k");
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) != LUA_TNIL) {  /* watched already: one finalizer per object */
        lua_pop(L, 2);
        return;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_createtable(L, 2, 0);  /* the sentinel: the object and its serial */
    lua_pushvalue(L, idx);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, ++sb->finalizer_serial);
    lua_rawseti(L, -2, 2);
    push_sentinel_meta(L);
    lua_setmetatable(L, -2);  /* marks the sentinel: its metatable has __gc */
    lua_rawset(L, -3);
    lua_pop(L, 1);
    sb->finalizers_watched++;
    if (++sb->finalizers_since >= (sb->finalizers_batch > 0 ? sb->finalizers_batch : FINALIZER_BATCH)) {
        lua_gc(L, LUA_GCCOLLECT);
        edujam_run_finalizers(L);
    }
}

/* Calls the object's __gc (on top; popped) as stock would: whatever its metatable holds
 * now; an error is dropped, as stock turns it into a warning, but a limit stops the run. */
static void finalize(lua_State *L) {
    if (!lua_getmetatable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pop(L, 3);
        return;
    }
    lua_remove(L, -2);   /* object, __gc */
    lua_insert(L, -2);   /* __gc, object */
    int status = lua_pcall(L, 1, 0, 0);
    if (status == LUA_OK) return;
    edujam_sandbox *sb = edujam_of(L);
    edujam_note_status(sb, status);
    if (sb->limit != EDUJAM_LIMIT_NONE) {
        edujam_escalate(L);
        lua_error(L);
    }
    lua_pop(L, 1);
}

typedef struct { lua_Integer serial, slot; } due_entry;

static int due_later_first(const void *a, const void *b) {
    lua_Integer x = ((const due_entry *)a)->serial, y = ((const due_entry *)b)->serial;
    return (x < y) - (x > y);
}

/* Runs the finalizers due, last marked first, and then those their finalizers make due. To be
 * called after a full collection: what is due then is all the watched garbage. */
void edujam_run_finalizers(lua_State *L) {
    edujam_sandbox *sb = edujam_of(L);
    luaL_checkstack(L, 8, NULL);
    sb->finalizers_since = 0;
    for (;;) {
        if (lua_rawgetp(L, LUA_REGISTRYINDEX, &queue_key) != LUA_TTABLE || lua_rawlen(L, -1) == 0) {
            lua_pop(L, 1);
            sb->finalizers_batch = sb->finalizers_watched > FINALIZER_BATCH ? sb->finalizers_watched : FINALIZER_BATCH;
            return;
        }
        int queue = lua_gettop(L);
        lua_newtable(L);  /* what is found while these run waits in a queue of its own */
        lua_rawsetp(L, LUA_REGISTRYINDEX, &queue_key);
        lua_Integer count = (lua_Integer)lua_rawlen(L, queue) / 2;
        due_entry *due = lua_newuserdatauv(L, (size_t)count * sizeof(due_entry), 0);
        for (lua_Integer i = 0; i < count; i++) {
            lua_rawgeti(L, queue, 2 * i + 2);
            due[i].serial = lua_tointeger(L, -1);
            due[i].slot = 2 * i + 1;
            lua_pop(L, 1);
        }
        qsort(due, (size_t)count, sizeof(due_entry), due_later_first);
        edujam_push_registry_table(L, &sentinels_key, "k");
        for (lua_Integer i = 0; i < count; i++) {
            lua_rawgeti(L, queue, due[i].slot);
            lua_pushvalue(L, -1);
            lua_pushnil(L);
            lua_rawset(L, -4);  /* unwatched: a new metatable with __gc watches it again */
            sb->finalizers_watched--;
            finalize(L);
        }
        lua_settop(L, queue - 1);
    }
}

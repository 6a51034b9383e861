/*
 * files.h: what io.c (the terminal) and files.c (the game's files and the run's own) share:
 * one kind of file object, as stock has one, so `getmetatable(io.open(...))` is
 * `getmetatable(io.stdout)`.
 */
#ifndef EDUJAM_FILES_H
#define EDUJAM_FILES_H

#include "../internal.h"

#define IO_FILE "FILE*"  /* stock's name: its messages say "FILE* expected" */

enum { IO_STDIN, IO_STDOUT, IO_STDERR, IO_MEMORY };

/* A file object. A memory file's contents are its user value: a table of pieces (files.c). */
typedef struct {
    int kind;
    int closed;
    int readable, writable, append;
    size_t pos;
} io_handle;

/* io.c: pushes argument i as the text io.write writes (a string, or a number in stock's format). */
void edujam_push_written(lua_State *L, int i);

/* io.c: pushes a new file object of `kind`. */
io_handle *edujam_new_handle(lua_State *L, int kind);

/* Reads by one format from s[0..len) at *pos; pushes the result and returns 0 when it
 * pushed nil (the end), as stock's g_read does for each format. */
int edujam_read_bytes(lua_State *L, int arg, const char *s, size_t len, size_t *pos);

/* files.c: io.open, io.lines(name), and a memory file's methods. */
int edujam_io_open(lua_State *L);
int edujam_io_lines_file(lua_State *L);
int edujam_memory_write(lua_State *L, io_handle *h, int first);
int edujam_memory_read(lua_State *L, io_handle *h, int first);
int edujam_memory_lines(lua_State *L);
int edujam_memory_seek(lua_State *L, io_handle *h);

#endif

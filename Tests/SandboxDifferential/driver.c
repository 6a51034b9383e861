/*
 * driver.c: runs a Lua file inside an EduJam sandbox, as a game would run:
 * the same state, libraries and limits that Sources/Sandbox opens
 * (edujam_new, edujam_open_sandbox_libs, the default memory cap and time
 * limit). What the script prints goes to stdout, so the output can be
 * compared with stock `lua5.4` running the same file (compare.lua).
 *
 * Usage: sandbox-differential FILE.lua. Exit status 0 if the file ran to its
 * end, 2 (with the error on stderr) if it raised.
 */

#include <stdio.h>
#include <stdlib.h>

#include "edujam_shim.h"

#define MEMORY_LIMIT (32u << 20)           /* SandboxLimits' default */
#define TIME_LIMIT_NS (60ull * 1000000000)  /* generous: the cases take well under a second */

/* One print's line: the sandbox hands it over without its newline. */
static int write_stdout(void *host, const char *bytes, size_t len) {
    (void)host;
    return fwrite(bytes, 1, len, stdout) == len && putchar('\n') != EOF ? 0 : 1;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) return NULL;
    size_t cap = 1 << 16, used = 0;
    char *bytes = malloc(cap);
    size_t got;
    while (bytes != NULL && (got = fread(bytes + used, 1, cap - used, f)) > 0) {
        used += got;
        if (used == cap) {
            char *grown = realloc(bytes, cap *= 2);
            if (grown == NULL) free(bytes);
            bytes = grown;
        }
    }
    fclose(f);
    *len = used;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE.lua\n", argv[0]);
        return 64;
    }
    size_t len;
    char *source = read_file(argv[1], &len);
    if (source == NULL) {
        fprintf(stderr, "%s: cannot be read\n", argv[1]);
        return 2;
    }
    edujam_sandbox *sb = edujam_new(0, NULL, NULL, write_stdout);
    if (sb == NULL || edujam_open_sandbox_libs(sb, 0) != LUA_OK) {
        fprintf(stderr, "cannot create a sandbox\n");
        return 2;
    }
    edujam_set_memory_limit(sb, MEMORY_LIMIT);
    edujam_set_output_limit(sb, 0);  /* no output budget: the case file prints a lot */
    lua_State *L = edujam_state(sb);
    char chunkname[4096];
    snprintf(chunkname, sizeof chunkname, "@%s", argv[1]);  /* as lua5.4 names a script */
    int status = edujam_load(sb, source, len, chunkname);
    free(source);
    if (status == LUA_OK) {
        edujam_begin_call(sb, TIME_LIMIT_NS);
        status = edujam_pcall(sb, 0, 0);
        edujam_end_call(sb);
    }
    fflush(stdout);
    if (status != LUA_OK) fprintf(stderr, "%s\n", lua_tostring(L, -1));
    edujam_close(sb);
    return status == LUA_OK ? 0 : 2;
}

/* Debian's libpq-dev: the PostgreSQL client library (headers in /usr/include/postgresql). */
#include <libpq-fe.h>

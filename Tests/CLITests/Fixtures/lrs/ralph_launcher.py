"""Starts Ralph LRS for EduJam's tests: filesystem backend, statements appended.

Usage: python ralph_launcher.py PORT DATA_DIR

Listens on 127.0.0.1:PORT (0: a free port) and prints "port N" on stdout as soon as the socket
is bound, before the slow imports; the server answers GET /__heartbeat__ once it is ready.

Ralph's filesystem backend writes with operation type CREATE by default, so only the first
POST of a server's life succeeds; every later one answers 500 ("already exists and overwrite
is not allowed"). Setting the default to APPEND before the app is imported makes it behave as
an LRS should. Credentials come from RALPH_AUTH_FILE (written by `ralph auth`).

Two switches let a test break the server on purpose, to see what the client does:
- EDUJAM_TEST_LRS_EXIT_AFTER_POSTS=N: the process exits right after the Nth POST of statements
  has been written, before the answer is sent (the worst moment for a client).
- EDUJAM_TEST_LRS_POST_DELAY=SECONDS: every POST of statements waits this long first.
"""

import asyncio
import os
import signal
import socket
import sys


def main() -> None:
    # A parent that blocks signals (a test runner's worker thread) hands its mask down:
    # without this, SIGTERM and SIGINT would stay pending and never stop the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    # The same port again after a kill (a test restarts "the same LRS"), despite TIME_WAIT.
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", int(sys.argv[1])))
    print(f"port {listener.getsockname()[1]}", flush=True)
    data = sys.argv[2]
    os.environ["RALPH_RUNSERVER_BACKEND"] = "fs"
    os.environ["RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH"] = data

    from ralph.backends.data.base import BaseOperationType
    from ralph.backends.data.fs import FSDataBackend

    FSDataBackend.default_operation_type = BaseOperationType.APPEND

    import uvicorn
    from ralph.api import app

    server = uvicorn.Server(uvicorn.Config(breakable(app), log_level="warning"))
    server.run(sockets=[listener])


def breakable(app):
    """The app, wrapped by the switches described above (unchanged when none is set)."""
    exit_after = int(os.environ.get("EDUJAM_TEST_LRS_EXIT_AFTER_POSTS", "0"))
    delay = float(os.environ.get("EDUJAM_TEST_LRS_POST_DELAY", "0"))
    if not exit_after and not delay:
        return app
    posts = 0

    async def wrapped(scope, receive, send):
        nonlocal posts
        is_post = (scope["type"] == "http" and scope["method"] == "POST"
                   and scope["path"].rstrip("/").endswith("/statements"))
        if not is_post:
            return await app(scope, receive, send)
        posts += 1
        number = posts
        if delay:
            await asyncio.sleep(delay)

        async def answer(message):
            if exit_after and number >= exit_after and message["type"] == "http.response.start":
                sys.stderr.write(f"ralph_launcher: exiting after POST {number}, before answering\n")
                sys.stderr.flush()
                os._exit(3)
            await send(message)

        await app(scope, receive, answer)

    return wrapped


if __name__ == "__main__":
    main()

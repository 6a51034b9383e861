"""A hostile LRS for the tests: loopback only, bounded, one behaviour per run.

    python3 hostile_lrs.py MODE

Listens on 127.0.0.1 on a free port, prints "port N" on stdout, and answers every POST (after
reading the request whole) the way MODE says:

- trickle: the status line and headers of a 200 at once, then one byte of body a second (at most
  600 bytes, so it ends by itself within ten minutes);
- huge: 200 with a JSON body of 64 MiB (a Content-Length of 64 MiB, sent as fast as the client reads);
- portal: a captive portal's login page: 200 text/html.

Each request is counted on stderr ("request N"). The test kills the process when it is done.
"""

import socket
import sys
import threading
import time

MODE = sys.argv[1]
PORTAL = b"<!DOCTYPE html><html><body><h1>Wi-Fi login</h1><form action='/login'>" \
    b"<input name=user></form></body></html>"
HUGE = 64 * 1024 * 1024


def read_request(conn):
    """Reads the headers and the body (Content-Length bytes, at most 64 MiB)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return False
        data += chunk
        if len(data) > 1 << 20:
            return False
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = min(int(value.strip()), HUGE)
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return False
        body += chunk
    return True


def answer(conn):
    if MODE == "trickle":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 600\r\n\r\n")
        for _ in range(600):
            conn.sendall(b" ")
            time.sleep(1)
    elif MODE == "huge":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % HUGE)
        block = b"[" + b" " * 65534 + b" "
        sent = 0
        while sent < HUGE:
            conn.sendall(block)
            sent += len(block)
    else:
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n"
                     b"Connection: close\r\n\r\n%s" % (len(PORTAL), PORTAL))


count = 0
lock = threading.Lock()


def serve(conn):
    global count
    try:
        with conn:
            if read_request(conn):
                with lock:
                    count += 1
                    print("request %d" % count, file=sys.stderr, flush=True)
                answer(conn)
    except OSError:
        pass  # the client gave up: what the test wants


listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print("port %d" % listener.getsockname()[1], flush=True)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()

"""The server closes a connection that sends nothing (or too little) before its first request, and
refuses connections past its bound, saying so. uvicorn runs here as `companion` runs it
(companion/serving.py), only with small limits, over a tiny app."""
import socket
import threading

import pytest
import uvicorn

from companion import serving
from companion.connections import ConnectionLimits

LIMITS = ConnectionLimits(connections=4, header_seconds=1, header_bytes=1024)


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while (message := await receive())["type"] != "lifespan.shutdown":
            await send({"type": message["type"] + ".complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@pytest.fixture(scope="module")
def port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    server = uvicorn.Server(serving.config(app, "127.0.0.1", free, LIMITS))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        thread.join(0.01)
    yield free
    server.should_exit = True
    thread.join(10)


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(20)  # a bound on a broken test, never reached when the server behaves
    return s


def answer(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := s.recv(4096):
        data += chunk
    return data


def get(port: int) -> bytes:
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return answer(s)


def test_a_connection_that_never_sends_a_byte_is_closed(port):
    """Closed without an answer: a browser's spare connection must not find a stray one on it."""
    with connect(port) as s:
        assert answer(s) == b""
    assert get(port).endswith(b"ok")


def test_a_header_that_never_ends_is_closed_with_a_reason(port):
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and then nothing: a slow-loris
        reply = answer(s)
    assert reply.startswith(b"HTTP/1.1 408")
    assert "No whole request arrived within 1 seconds".encode() in reply and "Nenhum pedido completo".encode() in reply


def test_a_header_past_its_bound_is_refused(port):
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nX-Pad: " + b"a" * 2000)
        assert answer(s).startswith(b"HTTP/1.1 431")


def test_past_the_connection_bound_the_server_says_it_is_busy_and_serves_again_after(port):
    idle = [connect(port) for _ in range(LIMITS.connections)]
    try:
        with connect(port) as extra:
            reply = answer(extra)
        assert reply.startswith(b"HTTP/1.1 503")
        assert b"keeps 4 connections at once" in reply and "mantém 4 conexões".encode() in reply
    finally:
        for s in idle:
            s.close()
    replies = [get(port)]  # the server frees them as they close; a new one is served once it has
    while not replies[-1].endswith(b"ok") and len(replies) < 1000:
        replies.append(get(port))
    assert replies[-1].endswith(b"ok")


def test_the_websocket_bounds_are_uvicorns_own_settings():
    config = serving.config(app, "127.0.0.1", 1, LIMITS)
    assert config.ws_max_size == serving.WS_MAX_BYTES == 64 * 1024
    assert config.ws_per_message_deflate and config.timeout_keep_alive == serving.KEEP_ALIVE_SECONDS


def test_the_connection_bound_leaves_room_in_the_open_file_limit():
    import resource
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert ConnectionLimits.within_open_files(wanted=10**6, reserve=128).connections == soft - 128

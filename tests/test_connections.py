"""The server closes a connection that sends nothing (or too little) before its first request, and
refuses connections past its bound, saying so. uvicorn runs here as `companion` runs it
(companion/server/serving.py), only with small limits, over a tiny app."""
import contextlib
import socket
import threading

import pytest
import uvicorn

from companion.server import serving
from companion.server.connections import ConnectionLimits

LIMITS = ConnectionLimits(connections=4, header_seconds=1, header_bytes=1024)


async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while (message := await receive())["type"] != "lifespan.shutdown":
            await send({"type": message["type"] + ".complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


@contextlib.contextmanager
def serving_on(limits: ConnectionLimits, served=app):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        free = s.getsockname()[1]
    server = uvicorn.Server(serving.config(served, "127.0.0.1", free, limits))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        thread.join(0.01)
    try:
        yield free
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def port():
    with serving_on(LIMITS) as free:
        yield free


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


def test_a_later_request_on_a_kept_alive_connection_is_timed_too(port):
    """The first request is answered; the second stalls half-way through its header."""
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        first = b""
        while not first.endswith(b"ok"):
            first += s.recv(4096)
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and then nothing
        reply = answer(s)
    assert first.startswith(b"HTTP/1.1 200")
    assert reply.startswith(b"HTTP/1.1 408") and b"within 1 seconds" in reply


def test_requests_that_keep_coming_on_one_connection_are_all_served(port):
    """Each request's header is timed from its own first byte: a busy keep-alive connection lives on."""
    with connect(port) as s:
        for _ in range(3):
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            reply = b""
            while not reply.endswith(b"ok"):
                reply += s.recv(4096)
            assert reply.startswith(b"HTTP/1.1 200")


def test_one_address_keeps_only_so_many_connections_waiting_and_the_oldest_go():
    limits = ConnectionLimits(connections=50, header_seconds=60, header_bytes=1024, waiting_per_address=3)
    with serving_on(limits) as free:
        quiet = connect(free)
        talking = connect(free)
        talking.sendall(b"GET / HTTP/1.1\r\n")  # a header begun, then nothing
        assert get(free).endswith(b"ok")  # answered after the server has read what came before it
        newer = [connect(free) for _ in range(3)]
        try:
            assert answer(quiet) == b""  # a spare connection that sent nothing: closed without a word
            reply = answer(talking)
            assert reply.startswith(b"HTTP/1.1 503")
            assert b"(at most 3)" in reply and "no máximo 3".encode() in reply
            newer[-1].sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert answer(newer[-1]).endswith(b"ok")  # the newest were kept, and answer
        finally:
            for s in [quiet, talking, *newer]:
                s.close()


def test_a_body_that_stalls_half_way_is_answered_408_and_closed(hub, monkeypatch):
    """The header arrived whole; the JSON API times the body it then reads."""
    from api_app import ADMIN, api_app

    from companion import api

    monkeypatch.setattr(api, "BODY_SECONDS", 1)
    with serving_on(LIMITS, api_app(hub)) as free, connect(free) as s:
        s.sendall(f"POST /api/tables?admin={ADMIN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Content-Length: 100\r\n\r\n{\"game\": ".encode())  # and the other 90 bytes never come
        reply = answer(s)
    assert reply.startswith(b"HTTP/1.1 408") and b"within 1 seconds" in reply
    assert hub.store.table_ids() == []

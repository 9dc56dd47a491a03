"""Known names only (issue #43): a page that rebinds its own name to this server is refused."""
from __future__ import annotations

import base64
import os
import socket

import pytest
from drive import Server

from companion.server.known_hosts import KnownHosts, machine_names


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Started as the browser tests start theirs: with `--allow-host tablet.lan` (drive.py)."""
    srv = Server(tmp_path_factory.mktemp("hosts") / "data", args=["--url", "http://phones.example:8550"])
    srv.start()
    yield srv
    srv.stop()


def _status(port: int, request: str) -> tuple[int, bytes]:
    """The status and body of one raw request to 127.0.0.1, whatever its `Host` says."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(request.encode())
        reply = b""
        while chunk := conn.recv(65536):
            reply += chunk
            if b"\r\n\r\n" in reply and not reply.startswith(b"HTTP/1.1 421"):
                break
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def _get(port: int, host: str, path: str = "/api/health") -> tuple[int, bytes]:
    return _status(port, f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")


def _handshake(port: int, host: str) -> int:
    key = base64.b64encode(os.urandom(16)).decode()
    return _status(port, f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                         f"Origin: http://{host}\r\n\r\n")[0]


@pytest.mark.parametrize("host", ["rebind.example", "rebind.example:{port}", "127.0.0.1.rebind.example",
                                  "localhost.rebind.example", "evil@127.0.0.1"])
def test_a_made_up_name_is_refused_over_http_and_websocket(server, host):
    host = host.format(port=server.port)
    status, body = _get(server.port, host)
    assert status == 421
    text = body.decode()
    assert "does not answer to the name" in text and "não responde ao nome" in text
    assert _handshake(server.port, host) == 403
    assert _get(server.port, host, "/")[0] == 421  # the page itself too, not only the API


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}", "tablet.lan:{port}",
                                  "phones.example:8550", "TABLET.LAN"])
def test_addresses_localhost_the_url_host_and_allowed_names_are_served(server, host):
    host = host.format(port=server.port)
    assert _get(server.port, host)[0] == 200
    assert _handshake(server.port, host) == 101


def test_the_machines_own_names_are_known():
    hosts = KnownHosts.for_server(None)
    for name in machine_names():
        assert hosts.admits(f"{name}:8550")
    assert not hosts.admits("rebind.example")
    assert KnownHosts.for_server(None, ["tablet.lan"]).admits("tablet.lan.")

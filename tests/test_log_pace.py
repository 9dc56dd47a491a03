"""Logs a stranger cannot fill (issue #43): each malformed request wrote a line, 300 KB a second."""
from __future__ import annotations

import logging
import socket

from drive import Server

from companion.server.log_pace import Paced


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def _record(msg: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, msg, args, None)


def test_one_line_per_kind_per_interval_and_the_next_one_counts_the_rest():
    clock = Clock()
    paced = Paced(every=10.0, clock=clock)
    passed = [paced.filter(_record("Invalid HTTP request received.")) for _ in range(1000)]
    assert passed.count(True) == 1
    assert paced.filter(_record("refused a %s for the unknown host name %r", "http", "x"))  # another kind
    clock.now += 10.0
    counted = _record("Invalid HTTP request received.")
    assert paced.filter(counted)
    assert counted.getMessage() == "Invalid HTTP request received. (and 999 more like it in the last 10 s)"
    assert not paced.filter(_record("Invalid HTTP request received."))


def test_a_flood_of_malformed_requests_writes_a_line_or_two(tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    try:
        for _ in range(100):
            with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
                conn.sendall(b"GARBAGE \x00 nonsense\r\n\r\n")
                conn.recv(1000)
        for _ in range(100):
            with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
                conn.sendall(b"GET /api/health HTTP/1.1\r\nHost: rebind.example\r\n\r\n")
                conn.recv(1000)
        server.api("GET", "/api/health")  # still answering
    finally:
        server.stop()
    log = server.log.read_text().splitlines()
    assert sum("Invalid HTTP request" in line for line in log) == 1, log[-5:]
    assert sum("unknown host name" in line for line in log) == 1, log[-5:]

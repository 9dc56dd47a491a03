"""Logs a stranger cannot fill (issue #43): each malformed request wrote a line, 300 KB a second."""
from __future__ import annotations

import asyncio
import logging
import re
import signal
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


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def _paced_logger(paced: Paced, name: str) -> tuple[logging.Logger, Lines]:
    logger, lines = logging.getLogger(name), Lines()
    logger.propagate = False
    logger.addHandler(lines)
    logger.addFilter(paced)
    return logger, lines


def test_a_burst_that_is_the_last_thing_logged_is_counted_when_its_interval_closes():
    """The count line used to wait for the next line of its kind, which may never come."""
    clock, timers = Clock(), []
    paced = Paced(every=10.0, clock=clock, later=lambda delay, close: timers.append((delay, close)) or True)
    logger, lines = _paced_logger(paced, "test.log_pace.burst")
    clock.now += 1.0
    for n in range(100):
        logger.warning("refused a %s for the unknown host name %r", "http", f"x{n}")
    assert lines.lines == ["refused a http for the unknown host name 'x0'"]
    assert [delay for delay, _ in timers] == [10.0]  # one timer for the burst, when its interval ends
    clock.now += 10.0
    timers[0][1]()
    assert lines.lines[1:] == ["refused a http for the unknown host name 'x99' (99 like it held back in the last 10 s)"]
    timers[0][1]()  # nothing more held: nothing more written
    assert len(lines.lines) == 2
    logger.warning("refused a %s for the unknown host name %r", "http", "y")  # within the new interval
    assert len(lines.lines) == 2 and len(timers) == 2


def test_the_count_is_written_at_shutdown_if_the_interval_has_not_closed():
    paced = Paced(every=10.0, clock=Clock(), later=lambda delay, close: False)  # no loop to wait on
    logger, lines = _paced_logger(paced, "test.log_pace.shutdown")
    for _ in range(5):
        logger.warning("Invalid HTTP request received.")
    paced.flush()
    assert lines.lines == ["Invalid HTTP request received.", "Invalid HTTP request received. (4 like it held back in the last 0 s)"]


def test_on_the_event_loop_the_interval_closes_on_a_timer():
    paced = Paced(every=0.05)
    logger, lines = _paced_logger(paced, "test.log_pace.loop")

    async def burst() -> None:
        for _ in range(30):
            logger.warning("Invalid HTTP request received.")
        for _ in range(200):  # the loop idles: only its timer can write the count
            if len(lines.lines) > 1:
                return
            await asyncio.sleep(0.01)

    asyncio.run(burst())
    assert len(lines.lines) == 2 and lines.lines[1].startswith("Invalid HTTP request received. (29 like it held back")


def _accounted(log: list[str], text: str) -> int:
    """How many lines of a kind the log accounts for: one written, plus those counted."""
    total = 0
    for line in log:
        if text in line:
            counted = re.search(r"\((and )?(\d+) (more )?like it", line)
            total += (1 if counted is None or counted[1] else 0) + (int(counted[2]) if counted else 0)
    return total


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
        server.proc.send_signal(signal.SIGTERM)  # a shutdown writes what is still held back
        server.proc.wait(timeout=60)
    log = server.log.read_text().splitlines()
    assert 1 <= sum("Invalid HTTP request" in line for line in log) <= 4, log[-5:]
    assert 1 <= sum("unknown host name" in line for line in log) <= 4, log[-5:]
    assert _accounted(log, "Invalid HTTP request") == 100, log[-5:]  # every one counted, none lost
    assert _accounted(log, "unknown host name") == 100, log[-5:]

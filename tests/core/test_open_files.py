"""Open files stay bounded whatever the number of saved tables (issue 29)."""
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from companion.core import append_storage
from companion.core.hub import Hub
from companion.core.append_storage import OPEN_FILES
from companion.server.fdlimit import limit_line
from companion.games.registry import GAMES


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.fixture
def quick_dir(tmp_path):
    """A folder in memory where there is one: this test counts files, and 4,000 fsyncs on a
    busy disk would only make it slow."""
    if not os.path.isdir("/dev/shm") or not os.access("/dev/shm", os.W_OK):
        yield tmp_path
        return
    path = Path(tempfile.mkdtemp(dir="/dev/shm", prefix="companion-test-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_two_thousand_tables_opened_and_closed_keep_the_open_files_bounded(quick_dir):
    clock = Clock()
    hub = Hub(quick_dir, GAMES, idle_seconds=60, clock=clock)
    before = open_fds()
    ids = []
    for n in range(2000):
        live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
        host = hub.join(live.table.id, live.table.host_token)[1]
        live.dispatch({"type": "points.add", "player": "ana", "amount": n % 100 + 1}, host)
        ids.append(live.table.id)
        assert open_fds() - before <= OPEN_FILES + 2  # the index's WAL may open on the way
        clock.now += 1
    for table_id in ids[:50]:  # opened again from the file: still the same bound
        live = hub.get(table_id)
        live.dispatch({"type": "points.add", "player": "bia", "amount": 1},
                      hub.join(table_id, live.table.host_token)[1])
        assert open_fds() - before <= OPEN_FILES + 2
    assert hub.in_use() <= 61 + 50  # only the tables used in the last idle_seconds are held
    clock.now += 120
    hub.sweep(force=True)
    assert hub.in_use() == 0
    assert sum(1 for t in ids if hub._live.get(t) is not None and hub._live[t].store.is_open) == 0
    assert hub.get(ids[0]).state["scores"]["bia"] == 1  # reopening reads it back


def test_an_idle_table_still_watched_keeps_its_one_writer(tmp_path):
    clock = Clock()
    hub = Hub(tmp_path, GAMES, idle_seconds=60, clock=clock)
    live = hub.create("scorepad", {"players": ["Ana"]})
    stop = live.subscribe(lambda: None)
    clock.now += 600
    hub.sweep(force=True)
    assert hub.get(live.table.id) is live  # watched: never let go
    stop()
    held = live  # a phone asleep on the table still holds it
    clock.now += 600
    hub.sweep(force=True)
    assert not held.store.is_open
    assert hub.get(live.table.id) is held  # asked again: the same object, not a second writer


def test_a_low_open_file_limit_is_said_in_one_line():
    assert limit_line(1 << 16) is None
    line = limit_line(256)
    assert "256" in line and "\n" not in line and str(append_storage.OPEN_FILES) in line

"""A table file broken in the middle (core/store.py `broken`): read up to the break, read-only,
the file never written, mended or compacted; a break on the first line is still Damaged."""
import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.append_storage import BrokenFile
from companion.core.store import TableStore
from companion.core.table_file import Damaged, FileLog, inspect
from companion.games.registry import GAMES

HOST = Access("host")


def broken_table(hub, line=4, events=5):
    """A Score pad with `events` changes (one line each after the table's), then line `line` broken
    half-way, whole lines after it. The hub is let go of, as after a restart."""
    live = hub.create("scorepad", {"players": ["Ana", "Bia"]})
    for amount in range(1, events + 1):
        live.dispatch({"type": "points.add", "player": "ana", "amount": amount}, HOST)
    hub.index.flush()
    live.store.close()
    path = hub.store.path(live.table.id)
    lines = path.read_bytes().split(b"\n")
    lines[line - 1] = lines[line - 1][: len(lines[line - 1]) // 2]
    path.write_bytes(b"\n".join(lines))
    return live.table.id, path


def test_the_file_reads_up_to_the_break_and_is_never_written(hub):
    table_id, path = broken_table(hub, line=4)
    before = path.read_bytes()
    store = TableStore(path)
    assert store.broken == 4
    assert [e["amount"] for e in store.events()] == [1, 2]  # lines 2 and 3: the events before the break
    with pytest.raises(BrokenFile) as err:
        store.append({"type": "points.add", "player": "ana", "amount": 9})
    assert "line 4" in err.value.text("en") and "linha 4" in err.value.text("pt")
    with pytest.raises(BrokenFile):
        store.save_table(store.table())
    store.close()
    assert path.read_bytes() == before
    assert FileLog(before).broken == 4 and len(FileLog(before).events()) == 2
    assert len(inspect(before)[0]["events"]) == 2


def test_a_long_broken_file_is_not_compacted_and_a_torn_tail_after_the_break_is_not_cut(hub):
    table_id, path = broken_table(hub, line=50, events=120)
    before = path.read_bytes() + b'{"events":{"999":{"ty'  # an unterminated tail too
    path.write_bytes(before)
    store = TableStore(path)
    assert store.broken == 50 and len(store.events()) == 48
    store.close()
    assert path.read_bytes() == before


def test_the_hub_opens_it_read_only_and_refuses_every_change(tmp_path, hub):
    table_id, path = broken_table(hub, line=5)
    before = path.read_bytes()
    again = Hub(hub.store.data_dir, GAMES)
    live = again.get(table_id)
    assert live.state["scores"]["ana"] == 1 + 2 + 3
    snap = live.snapshot(HOST, "pt")
    assert "linha 5" in snap["read_only"] and not snap["can_undo"] and not snap["can_redo"]
    assert "line 5" in live.snapshot(HOST, "en")["read_only"]
    for change in (lambda: live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, HOST),
                   lambda: live.dispatch({"type": "clock.start"}, HOST),
                   lambda: live.undo(HOST), lambda: live.redo(HOST),
                   lambda: live.claim(live.table.seats[0].token, "d" * 20)):
        with pytest.raises(RuleError) as err:
            change()
        assert err.value.key == "store.read_only"
    assert live.spend_host_link() is False
    assert [t.id for t in again.saved()[0]] == [table_id]  # listed, so the tablet can open it
    again.sweep(force=True)
    assert path.read_bytes() == before


def test_a_break_on_the_first_line_is_still_damaged(hub):
    table_id, path = broken_table(hub, line=1)
    with pytest.raises(Damaged):
        TableStore(path).table()

"""The saved-tables index (issue 29): up to date on every change, rebuilt when missing or damaged."""
import json
import sqlite3
import shutil

from companion.core.hub import Hub
from companion.core.index import FILE
from companion.games.registry import GAMES


def _pad(hub, *players):
    live = hub.create("scorepad", {"players": list(players)})
    return live, hub.join(live.table.id, live.table.host_token)[1]


def _listed(hub):
    return {s.id: s for s in hub.saved()[0]}


def test_a_new_table_and_its_changes_and_its_end_appear_in_the_index_at_once(hub):
    live, host = _pad(hub, "Ana", "Bia")
    row = _listed(hub)[live.table.id]
    assert (row.game, row.players, row.events, row.finished) == ("scorepad", ["Ana", "Bia"], 0, False)
    live.dispatch({"type": "points.add", "player": "bia", "amount": 7}, host)
    assert _listed(hub)[live.table.id].events == 1
    live.dispatch({"type": "game.end", "from_step": live.step}, host)
    row = _listed(hub)[live.table.id]
    assert row.finished and row.winners == ["Bia"] and row.events == 2
    live.undo(host)  # the end taken back: no longer finished
    row = _listed(hub)[live.table.id]
    assert not row.finished and row.winners == [] and row.events == 3


def test_a_missing_index_is_rebuilt_from_the_files_with_finished_tables_and_winners(tmp_path):
    hub = Hub(tmp_path, GAMES)
    open_one, host = _pad(hub, "Ana", "Bia")
    open_one.dispatch({"type": "points.add", "player": "ana", "amount": 2}, host)
    done, host = _pad(hub, "Caio", "Dora")
    done.dispatch({"type": "points.add", "player": "dora", "amount": 3}, host)
    done.dispatch({"type": "game.end", "from_step": done.step}, host)
    before = _listed(hub)
    hub.index.close()
    for path in tmp_path.glob(f"{FILE}*"):
        path.unlink()
    again = Hub(tmp_path, GAMES)
    after = _listed(again)
    assert after == before
    assert after[done.table.id].winners == ["Dora"] and not after[open_one.table.id].finished


def test_a_damaged_index_is_rebuilt_and_a_stale_one_catches_up_with_the_files(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live, host = _pad(hub, "Ana")
    hub.index.close()
    (tmp_path / FILE).write_bytes(b"this is not a database at all" * 100)
    for path in tmp_path.glob(f"{FILE}-*"):
        path.unlink()
    again = Hub(tmp_path, GAMES)
    assert list(_listed(again)) == [live.table.id]
    # A change the index missed (a crash between the table's append and the index's update):
    # the file's size and time no longer match the row, so the next start reads it again.
    other = Hub(tmp_path, GAMES)
    other.index.put = lambda summary, new=False: None
    other.get(live.table.id).dispatch({"type": "points.add", "player": "ana", "amount": 1},
                                      other.join(live.table.id, live.table.host_token)[1])
    assert _listed(again)[live.table.id].events == 0
    assert _listed(Hub(tmp_path, GAMES))[live.table.id].events == 1


def test_pages_and_search_read_the_index_newest_change_first(hub):
    made = [_pad(hub, f"Player{n}", "Common")[0] for n in range(12)]
    for n, live in enumerate(made[:3]):
        live.dispatch({"type": "points.add", "player": "common", "amount": 1},
                      hub.join(live.table.id, live.table.host_token)[1])
    page, total = hub.saved("", 0, 5)
    assert total == 12 and len(page) == 5
    assert [s.id for s in hub.saved("", 10, 5)[0]] == [s.id for s in hub.saved()[0][10:]]
    assert [s.id for s in hub.saved("player7")[0]] == [made[7].table.id]
    assert hub.saved("COMMON player1")[1] == 3  # Player1, Player10, Player11
    assert hub.saved("100%_")[1] == 0


def _stop_replaying(hub, table_id):
    """An event that the rules cannot even read (no type): the file is whole JSON, but the table
    no longer opens, as when a newer version cannot replay an old log."""
    with hub.store.path(table_id).open("a", encoding="utf-8") as f:
        f.write(json.dumps({"events": {"9": {"by": "host", "at": 1.0}}}) + "\n")


def test_a_table_that_stops_replaying_is_listed_damaged_at_start_before_anyone_opens_it(tmp_path):
    hub = Hub(tmp_path, GAMES)
    good, host = _pad(hub, "Ana")
    good.dispatch({"type": "points.add", "player": "ana", "amount": 2}, host)
    bad, _ = _pad(hub, "Bia")
    _stop_replaying(hub, bad.table.id)
    saved = hub.store.path(bad.table.id).read_bytes()
    again = Hub(tmp_path, GAMES)
    assert again.index.wait_checked(timeout=60)
    assert list(again.damaged()) == [bad.table.id]
    assert again.damaged()[bad.table.id].key == "store.replay"
    assert list(_listed(again)) == [good.table.id] and again.index.counts() == (2, 1)
    assert again.in_use() == 0  # found by the index's check, not by opening the table
    assert hub.store.path(bad.table.id).read_bytes() == saved  # the check only reads
    # Checked once: the next start trusts the row (same file), and still lists it damaged.
    third = Hub(tmp_path, GAMES)
    assert third.index.wait_checked(timeout=60) and list(third.damaged()) == [bad.table.id]


def test_a_file_that_appears_while_the_server_runs_is_replayed_and_marked(tmp_path):
    hub = Hub(tmp_path, GAMES)
    live, _ = _pad(hub, "Ana")
    other = Hub(tmp_path / "elsewhere", GAMES)
    bad, _ = _pad(other, "Bia")
    _stop_replaying(other, bad.table.id)
    shutil.copy(other.store.path(bad.table.id), hub.store.path(bad.table.id))  # restored from a backup, say
    hub.saved()  # the next read sees the folder changed, reads the new file and starts its check
    assert hub.index.wait_checked(timeout=60)
    assert list(hub.damaged()) == [bad.table.id] and list(_listed(hub)) == [live.table.id]


def test_a_change_writes_no_row_until_the_index_is_read_or_swept(hub):
    """The answer to a change waits for no database write (issue #26): the row is written from
    the table as it is when the index is next read, once for a burst of changes."""
    live, host = _pad(hub, "Ana", "Bia")
    db = sqlite3.connect(hub.index.path)  # what is on disk, read beside the server's connection
    events = lambda: db.execute("SELECT events FROM tables WHERE id = ?", (live.table.id,)).fetchone()[0]  # noqa: E731
    for amount in (1, 2, 3):
        live.dispatch({"type": "points.add", "player": "bia", "amount": amount}, host)
    assert events() == 0
    assert _listed(hub)[live.table.id].events == 3 and events() == 3
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, host)
    hub.sweep(force=True)
    assert events() == 4


def test_a_deleted_table_leaves_no_row_behind_a_pending_change(hub):
    live, host = _pad(hub, "Ana")
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, host)
    hub.delete(live.table.id)
    hub.index.flush()
    assert live.table.id not in _listed(hub)


def test_a_table_the_hub_opened_is_not_replayed_again_by_the_index_after_its_file_was_compacted(tmp_path, monkeypatch):
    """Opening a table whose file grew a line per change rewrites it compacted (a new file in the
    folder). The hub has just replayed it: the index must not read and replay it a second time in
    the background, beside the event loop (a 40k-event table: a second replay of a second or more)."""
    writer = Hub(tmp_path, GAMES)
    live, host = _pad(writer, "Ana", "Bia")
    for _ in range(600):  # more changes than one compacted line holds: the next open rewrites the file
        live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, host)
    table_id, key = live.table.id, live.table.host_token
    writer.index.close()
    replays = []
    replayed = Hub._replays
    monkeypatch.setattr(Hub, "_replays", lambda self, raw: replays.append(len(raw)) or replayed(self, raw))
    hub = Hub(tmp_path, GAMES)  # a restart: the index checks the file once
    assert hub.index.wait_checked(60)
    checked = len(replays)
    size = (tmp_path / "tables" / f"{table_id}.json").stat().st_size
    hub.join(table_id, key)
    assert (tmp_path / "tables" / f"{table_id}.json").stat().st_size < size  # compacted as it opened
    assert _listed(hub)[table_id].events == 600
    assert hub.index.wait_checked(60)
    assert len(replays) == checked

import json
import threading

from companion.core.model import Seat, Table
from companion.core.store import AtomicJSONStorage, Store, TableStore


def _table(table_id="t1"):
    return Table(id=table_id, game="scorepad", options={}, seats=[Seat("a", "A", "tok")],
                 host_token="h", spectator_token="s", created=1.0, initial_state={"x": 1})


def test_table_round_trips_and_events_get_sequence_numbers(tmp_path):
    store = Store(tmp_path)
    ts = store.new(_table())
    assert ts.append({"type": "a"}) == 1
    assert ts.append({"type": "b", "seq": 99}) == 2  # a stale seq is never trusted
    reopened = store.open("t1")
    assert reopened.table() == _table()
    assert [(e["seq"], e["type"]) for e in reopened.events()] == [(1, "a"), (2, "b")]


def test_atomic_write_leaves_no_temp_files_and_valid_json(tmp_path):
    storage = AtomicJSONStorage(tmp_path / "x.json")
    storage.write({"a": 1})
    storage.write({"a": 2})
    assert json.loads((tmp_path / "x.json").read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_delete_moves_to_trash_not_oblivion(tmp_path):
    store = Store(tmp_path)
    store.new(_table("gone"))
    store.delete("gone")
    assert store.table_ids() == []
    assert len(list((tmp_path / "deleted").glob("gone-*.json"))) == 1


def test_concurrent_appends_from_8_threads_are_all_kept(tmp_path):
    ts = Store(tmp_path).new(_table())

    def work(n):
        for i in range(100):
            ts.append({"type": "x", "thread": n, "i": i})

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = TableStore(tmp_path / "tables" / "t1.json").events()
    assert len(events) == 800
    assert sorted(e["seq"] for e in events) == list(range(1, 801))
    json.loads((tmp_path / "tables" / "t1.json").read_text())


def test_admin_secret_survives_restart(tmp_path):
    first = Store(tmp_path).secret("admin", lambda: "abc")
    assert first == "abc"
    assert Store(tmp_path).secret("admin", lambda: "other") == "abc"

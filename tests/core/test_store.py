import json
import threading

from companion.core.model import Seat, Table
from companion.core.append_storage import AppendJSONStorage
from companion.core.store import Store, TableStore


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


def test_a_claimed_seat_is_saved_and_survives_a_restart_among_the_events(tmp_path):
    store = Store(tmp_path)
    ts = store.new(_table())
    ts.append({"type": "a"})
    table = ts.table()
    table.seats[0].key = "device-key"
    ts.save_table(table)
    ts.append({"type": "b"})
    reopened = Store(tmp_path).open("t1")  # a new server process reading the file
    assert reopened.table().seats[0].key == "device-key"
    assert [e["type"] for e in reopened.events()] == ["a", "b"]
    assert len((tmp_path / "tables" / "t1.json").read_text().splitlines()) == 4  # appended, not rewritten


def _lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_new_documents_are_appended_as_one_line_each_and_leave_no_temp_files(tmp_path):
    storage = AppendJSONStorage(tmp_path / "x.json")
    storage.write({"t": {"1": {"a": 1}}})
    storage.write({"t": {"1": {"a": 1}, "2": {"a": 2}}})
    storage.write({"t": {"1": {"a": 1}, "2": {"a": 2}}, "u": {"1": {"b": 1}}})
    assert _lines(tmp_path / "x.json") == [{"t": {"1": {"a": 1}}}, {"t": {"2": {"a": 2}}}, {"u": {"1": {"b": 1}}}]
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert AppendJSONStorage(tmp_path / "x.json").read() == {"t": {"1": {"a": 1}, "2": {"a": 2}}, "u": {"1": {"b": 1}}}


def test_a_removed_document_rewrites_the_file_whole(tmp_path):
    storage = AppendJSONStorage(tmp_path / "x.json")
    storage.write({"t": {"1": {"a": 1}, "2": {"a": 2}}})
    storage.write({"t": {"2": {"a": 2}}})
    assert _lines(tmp_path / "x.json") == [{"t": {"2": {"a": 2}}}]


def test_a_file_of_the_one_line_format_still_opens_and_takes_appends(tmp_path):
    path = tmp_path / "tables" / "t1.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"table": {"1": _table().to_dict()}, "events": {"1": {"type": "a"}}}))
    ts = Store(tmp_path).open("t1")
    assert ts.append({"type": "b"}) == 2
    assert [e["type"] for e in Store(tmp_path).open("t1").events()] == ["a", "b"]


def test_an_append_cut_by_a_crash_is_dropped_and_the_next_one_is_kept(tmp_path):
    ts = Store(tmp_path).new(_table())
    ts.append({"type": "a"})
    path = tmp_path / "tables" / "t1.json"
    with open(path, "ab") as f:
        f.write(b'{"events":{"2":{"type":"b"')  # the kill came mid-write: never acknowledged
    reopened = Store(tmp_path).open("t1")
    assert reopened.append({"type": "c"}) == 2
    assert [(e["seq"], e["type"]) for e in Store(tmp_path).open("t1").events()] == [(1, "a"), (2, "c")]


def test_opening_a_long_file_compacts_it_to_one_line(tmp_path):
    ts = Store(tmp_path).new(_table())
    for i in range(150):
        ts.append({"type": "x", "i": i})
    path = tmp_path / "tables" / "t1.json"
    assert len(path.read_text().splitlines()) == 151
    events = Store(tmp_path).open("t1").events()
    assert len(path.read_text().splitlines()) == 1
    assert [e["i"] for e in events] == list(range(150))


def test_leftover_temp_files_are_cleaned_at_start(tmp_path):
    Store(tmp_path).new(_table())
    leftover = tmp_path / "tables" / ".t1.json.abc123.tmp"
    leftover.write_text("{half")
    Store(tmp_path)
    assert not leftover.exists()
    assert Store(tmp_path).table_ids() == ["t1"]


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
    _lines(tmp_path / "tables" / "t1.json")


def test_admin_secret_survives_restart(tmp_path):
    first = Store(tmp_path).secret("admin", lambda: "abc")
    assert first == "abc"
    assert Store(tmp_path).secret("admin", lambda: "other") == "abc"


def test_a_large_table_is_compacted_to_lines_of_bounded_size_and_stays_so(tmp_path):
    """Each line is parsed in one go, holding every other thread: a large table's lines stay short."""
    ts = Store(tmp_path).new(_table())
    for i in range(1200):
        ts.append({"type": "x", "i": i})
    path = tmp_path / "tables" / "t1.json"
    assert [e["i"] for e in Store(tmp_path).open("t1").events()] == list(range(1200))
    lines = _lines(path)
    assert len(lines) == 3
    assert all(sum(len(docs) for docs in line.values()) <= 501 for line in lines)  # 500 events (+ the table)
    compacted = path.stat().st_mtime_ns
    assert [e["i"] for e in Store(tmp_path).open("t1").events()] == list(range(1200))
    assert path.stat().st_mtime_ns == compacted  # read again, not rewritten

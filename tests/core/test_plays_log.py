"""The plays log is appended to, never rewritten (issue 29), and an old plays.json is folded in without loss."""
import json

from companion.core.plays import FILE, Plays, compact


def _summary(table: str, winner: str = "Ana", finished: bool = True, started: float = 1.0) -> dict:
    return {"table": table, "game": "scorepad", "title": "Score pad", "date": "2026-12-01",
            "started_at": started, "duration_min": 30, "finished": finished,
            "players": [{"name": "Ana", "score": 3, "winner": winner == "Ana"},
                        {"name": "Bia", "score": 2, "winner": winner == "Bia"}]}


def _compact(table: str, winner: str) -> dict:
    return compact(_summary(table, winner))


def _winners(plays: Plays) -> dict[str, str]:
    return {p["table"]: next(x["name"] for x in p["players"] if x["winner"]) for p in plays.all()}


def test_each_finished_play_appends_a_line_and_leaves_the_earlier_bytes_alone(tmp_path):
    plays = Plays(tmp_path)
    plays.record(_summary("t1"))
    first = (tmp_path / FILE).read_bytes()
    plays.record(_summary("t2", "Bia", started=2.0))
    plays.record(_summary("t2", "Bia", started=2.0))  # the same play again: nothing to write
    plays.alias("Bea", "Bia")
    plays.record(_summary("t1", finished=False))  # an undo took t1's end back
    after = (tmp_path / FILE).read_bytes()
    assert after.startswith(first)
    assert [next(iter(json.loads(line))) for line in after.splitlines()] == ["play", "play", "alias", "forget"]
    again = Plays(tmp_path)
    assert _winners(again) == {"t2": "Bia"} and again.aliases() == {"bea": "Bia"}
    assert (tmp_path / FILE).read_bytes() == after  # reading never rewrites


def test_an_old_plays_json_is_folded_in_once_and_kept_aside(tmp_path):
    old = {"plays": {"t1": _compact("t1", "Ana"), "t2": _compact("t2", "Bia")},
           "aliases": {"bea": "Bia"}}
    (tmp_path / "plays.json").write_text(json.dumps(old), encoding="utf-8")
    plays = Plays(tmp_path)
    assert _winners(plays) == {"t1": "Ana", "t2": "Bia"} and plays.aliases() == {"bea": "Bia"}
    assert not (tmp_path / "plays.json").exists()
    assert json.loads((tmp_path / "plays.json.migrated").read_text(encoding="utf-8")) == old
    plays.record(_summary("t3", "Bia", started=3.0))
    again = Plays(tmp_path)
    assert _winners(again) == {"t1": "Ana", "t2": "Bia", "t3": "Bia"} and again.aliases() == {"bea": "Bia"}


def test_a_crash_between_folding_and_setting_the_old_file_aside_loses_and_doubles_nothing(tmp_path):
    old = {"plays": {"t1": _compact("t1", "Ana")}, "aliases": {}}
    (tmp_path / "plays.json").write_text(json.dumps(old), encoding="utf-8")
    Plays(tmp_path).record(_summary("t2", "Bia", started=2.0))
    # As if the rename had not happened: the old file is back beside the lines made from it.
    (tmp_path / "plays.json.migrated").rename(tmp_path / "plays.json")
    plays = Plays(tmp_path)
    assert _winners(plays) == {"t1": "Ana", "t2": "Bia"} and len(plays.all()) == 2


def test_a_torn_last_line_is_cut_off_and_an_unreadable_line_is_skipped_with_a_copy_kept(tmp_path):
    plays = Plays(tmp_path)
    plays.record(_summary("t1"))
    path = tmp_path / FILE
    with path.open("ab") as f:
        f.write(b'{"play": {"table": "t9", "ga')  # a crash in the middle of an append
    plays = Plays(tmp_path)
    assert _winners(plays) == {"t1": "Ana"}
    plays.record(_summary("t2", "Bia", started=2.0))
    assert _winners(Plays(tmp_path)) == {"t1": "Ana", "t2": "Bia"}
    lines = path.read_bytes().splitlines()
    path.write_bytes(b"\n".join([lines[0], b"not json at all", lines[1]]) + b"\n")
    broken = path.read_bytes()
    plays = Plays(tmp_path)
    assert _winners(plays) == {"t1": "Ana", "t2": "Bia"}
    [aside] = tmp_path.glob("plays-unreadable-*.jsonl")
    assert aside.read_bytes() == broken == path.read_bytes()


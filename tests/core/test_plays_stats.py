"""Finished plays are kept in the data folder; stats over three scripted plays give the expected counts."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.stats import game_stats, names
from companion.games.registry import GAMES

TEMPLES = {2: ("H1", "H5"), 3: ("H1", "H3", "H5")}


def kleos_play(script, to_last_dusk, clock, names_by_god: dict, glory: dict, minutes: float) -> None:
    s = script("kleos", {"players": list(names_by_god), "names": names_by_god,
                         "temples": dict(zip(names_by_god, TEMPLES[len(names_by_god)]))})
    to_last_dusk(s, glory, minutes_per_step=minutes)
    s.do("dusk.score", board={})
    s.do("phase.next")
    clock.tick(3600)


def three_plays(script, to_last_dusk, clock) -> None:
    kleos_play(script, to_last_dusk, clock, {"ares": "Ana", "athena": "Bia"}, {"ares": 12, "athena": 9}, 1)
    kleos_play(script, to_last_dusk, clock, {"ares": "bia ", "athena": "Ana"}, {"ares": 20, "athena": 8}, 2)
    kleos_play(script, to_last_dusk, clock, {"ares": "Ana", "athena": "Bea", "hermes": "Caio"},
               {"ares": 5, "athena": 7, "hermes": 1}, 3)


def test_stats_over_three_plays(script, to_last_dusk, clock, timed_hub):
    assert game_stats(timed_hub.plays.all(), "kleos", {})["plays"] == 0
    three_plays(script, to_last_dusk, clock)
    plays = timed_hub.plays.all()
    assert len(plays) == 3 and timed_hub.plays.path.exists()
    stats = game_stats(plays, "kleos", timed_hub.plays.aliases())
    assert stats["plays"] == 3
    by_name = {p["name"]: p for p in stats["players"]}
    assert set(by_name) == {"Ana", "Bia", "Bea", "Caio"}, "same name in another case is the same player"
    assert (by_name["Ana"]["plays"], by_name["Ana"]["wins"], by_name["Ana"]["best"]) == (3, 1, 12)
    assert (by_name["Bia"]["plays"], by_name["Bia"]["wins"], by_name["Bia"]["average"]) == (2, 1, 14.5)
    assert by_name["Bea"]["wins"] == 1
    assert {r["role"]: (r["plays"], r["wins"]) for r in stats["roles"]} == {
        "Ares": (3, 2), "Athena": (3, 1), "Hermes": (1, 0)}
    assert stats["best"]["name"] == "Bia" and stats["best"]["score"] == 20
    lengths = [p["duration_min"] for p in plays]
    assert stats["average_minutes"] == round(sum(lengths) / 3) and lengths[0] < lengths[1] < lengths[2]


def test_an_alias_folds_another_spelling_in_and_survives_a_restart(script, to_last_dusk, clock, timed_hub):
    three_plays(script, to_last_dusk, clock)
    timed_hub.plays.alias("Bea", "Bia")
    again = Hub(timed_hub.store.data_dir, GAMES)
    stats = game_stats(again.plays.all(), "kleos", again.plays.aliases())
    by_name = {p["name"]: p for p in stats["players"]}
    assert set(by_name) == {"Ana", "Bia", "Caio"} and (by_name["Bia"]["plays"], by_name["Bia"]["wins"]) == (3, 2)
    assert names(again.plays.all(), {}) == ["Ana", "Bea", "Bia", "Caio"]
    with pytest.raises(RuleError):
        again.plays.alias("  ", "Bia")
    again.plays.alias("bea", "Bea")  # naming a player as themself undoes the match
    assert again.plays.aliases() == {}


def test_undoing_the_end_forgets_the_play_and_unfinished_tables_are_not_kept(script, to_last_dusk, timed_hub):
    s = script("kleos", {"players": ["ares", "athena"], "temples": {"ares": "H1", "athena": "H5"}})
    to_last_dusk(s, {"ares": 1})
    s.do("dusk.score", board={})
    assert timed_hub.plays.all() == []
    s.do("phase.next")
    assert [p["table"] for p in timed_hub.plays.all()] == [s.live.table.id]
    s.live.undo(s.host)
    assert timed_hub.plays.all() == []


def test_an_unreadable_plays_file_is_set_aside_not_overwritten(tmp_path):
    (tmp_path / "plays.json").write_text("{half a file", encoding="utf-8")
    hub = Hub(tmp_path, GAMES)
    assert hub.plays.all() == []
    [aside] = tmp_path.glob("plays-unreadable-*.json")
    assert aside.read_text(encoding="utf-8") == "{half a file"

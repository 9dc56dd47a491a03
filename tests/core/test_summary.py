"""The end-of-game summary: ranking with each tie broken in words, score over time, sources, length."""
from __future__ import annotations

import json
import time

import pytest

from companion.core.model import RuleError
from companion.core.summary import missing_text, tie_text

KLEOS = {"players": ["ares", "athena", "hermes"], "names": {"ares": "Rui", "athena": "Bia", "hermes": "Caio"},
         "temples": {"ares": "H3", "athena": "H1", "hermes": "H5"}}


def test_a_kleos_glory_tie_names_the_patron_and_the_rule_that_decided(script, to_last_dusk):
    # 14-14: Ares earns 2 of his at the last Dusk (the Port), Athena only 1 (the Market).
    s = script("kleos", KLEOS)
    to_last_dusk(s, {"ares": 12, "athena": 13, "hermes": 5})
    s.do("glory.add", player="ares", reason="kill", amount=2)
    s.do("glory.add", player="athena", reason="recruit", amount=1)
    s.score_dusk({"port": {"ares": [1, False]}, "market": {"athena": [1, False]}})
    s.do("phase.next")
    out = s.live.summary()
    assert out["finished"] and out["missing"] == []
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in out["players"]] == [
        ("Rui", 16, 1, True), ("Bia", 15, 2, False), ("Caio", 5, 3, False)]
    # 16-15 is no tie; now make it one: the same story one Glory lower for Ares.
    s.live.undo(s.host)
    s.live.undo(s.host)
    s.do("glory.add", player="ares", reason="correction", amount=-1)
    s.score_dusk({"port": {"ares": [1, False]}, "market": {"athena": [1, False]}})
    s.do("phase.next")
    out = s.live.summary()
    assert [p["id"] for p in out["players"]] == ["ares", "athena", "hermes"]
    assert [p["rank"] for p in out["players"]] == [1, 2, 3]
    assert out["players"][0]["score"] == out["players"][1]["score"] == 15
    assert out["ties"] == [{"players": ["ares", "athena"], "winner": "ares", "decided_by": "control"}]
    assert tie_text(out, out["ties"][0], "en") == "Rui wins the tie with Bia: more Glory from the last Dusk."
    assert tie_text(out, out["ties"][0], "pt") == "Rui vence o empate com Bia: mais Glória do último Crepúsculo."


def test_kleos_ties_go_through_the_board_questions_and_can_stay_shared(script, to_last_dusk):
    s = script("kleos", KLEOS)
    to_last_dusk(s, {"ares": 4, "athena": 4, "hermes": 4})
    s.score_dusk({})
    s.do("phase.next")
    assert s.live.summary()["finished"] is False
    assert missing_text(s.live.summary(), "en") == ["the tie-break still needs each tied Champion's location."]
    s.do("tiebreak.answer", criterion="champion", values={"ares": "market", "athena": "port", "hermes": "arena"})
    out = s.live.summary()
    assert [p["id"] for p in out["players"]] == ["athena", "ares", "hermes"]
    assert [p["rank"] for p in out["players"]] == [1, 2, 2]
    assert out["ties"][0] == {"players": ["ares", "athena", "hermes"], "winner": "athena", "decided_by": "champion"}
    assert out["ties"][1] == {"players": ["ares", "hermes"], "winner": None, "decided_by": "shared"}
    assert tie_text(out, out["ties"][1], "en") == "Rui, Caio stay level: no rule separates them, so they share the place."


def test_kleos_summary_has_score_over_time_sources_length_and_start_player(script, to_last_dusk, clock):
    s = script("kleos", {**KLEOS, "players": ["ares", "athena"], "names": {"ares": "Rui", "athena": "Bia"},
                         "temples": {"ares": "H5", "athena": "H1"}})
    started = clock.now
    to_last_dusk(s, {"ares": 3})
    s.do("glory.add", player="athena", reason="kill", amount=2)
    s.do("glory.add", player="athena", reason="slaughter", amount=1)
    s.score_dusk({"port": {"ares": [1, False]}})
    s.do("phase.next", after=120)
    out = s.live.summary()
    assert out["series"]["points"] == {"ares": [0, 0, 0, 0, 5], "athena": [0, 0, 0, 0, 3]}
    assert out["sources"] == {"ares": {"correction": 3, "control": 2}, "athena": {"kill": 2, "slaughter": 1}}
    assert out["start_player"] == "athena" and [p["start_player"] for p in out["players"]] == [False, True]
    assert out["date"] == time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started + 60))
    assert out["duration_min"] == round((clock.now - started - 60) / 60)
    assert [p["role"] for p in out["players"]] == ["Ares", "Athena"]


def test_a_summary_asked_before_the_end_says_what_is_missing_in_both_languages(script):
    s = script("kleos", KLEOS)
    s.do("phase.next")
    out = s.live.summary()
    assert out["finished"] is False and all(p["rank"] is None and not p["winner"] for p in out["players"])
    assert missing_text(out, "en") == ["the Contest ends after Dusk of day 5; the table is on day 1."]
    assert missing_text(out, "pt") == ["o Concurso termina após o Crepúsculo do dia 5; a mesa está no dia 1."]


def test_cyclades_gold_stays_secret_until_the_end_then_breaks_the_tie(script):
    s = script("cyclades", {"players": ["red", "blue", "green"]})
    s.do("start", order=["blue", "red", "green"], gods=["ares", "athena"])
    s.do("phase.next")
    for p, n in zip(["red", "blue", "green"], (10, 9, 0)):
        s.do("income", player=p, prosperity=n)
    out = s.live.summary()
    assert out["missing"][0]["key"] == "summary.missing_cyclades"
    assert "gold" not in json.dumps(out), "purses are secret while the game runs"
    assert out["start_player"] == "blue"
    s.do("phase.next")
    s.do("offering.bid", faction="blue", god="athena", amount=1)
    s.do("offering.bid", faction="red", god="ares", amount=1)
    s.do("offering.bid", faction="green", god="apollo")
    s.do("offering.pay")
    s.do("phase.next")
    for p in ["red", "blue"]:
        s.do("tracker.adjust", player=p, item="metropolises", delta=3)
    while s.state["actions"]["current"] < len(s.state["actions"]["order"]):
        s.do("action.done", faction=s.state["actions"]["order"][s.state["actions"]["current"]][0])
    s.do("phase.next")
    out = s.live.summary()
    assert out["finished"] and [(p["id"], p["score"], p["rank"]) for p in out["players"]] == [
        ("red", 3, 1), ("blue", 3, 2), ("green", 0, 3)]
    assert tie_text(out, out["ties"][0], "en") == "Red wins the tie with Blue: more gold left."


def test_lords_of_hellas_names_the_victory_condition_and_has_no_points(script):
    s = script("lords_of_hellas", {"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}})
    s.do("tracker.set", player="bia", field="lands", value=2)
    out = s.live.summary()
    assert out["finished"] and out["no_points"]
    assert [(p["name"], p["rank"], p["winner"], p["score"]) for p in out["players"]] == [
        ("Bia", 1, True, None), ("Ana", 2, False, None)]
    assert out["notes"][0]["key"] == "summary.won_warlord" and out["start_player"] == "ana"


def test_fleecing_olympus_extra_turns_decide_a_tie_for_first(script):
    s = script("fleecing_olympus", {"players": ["ana", "bia", "caio"],
                                    "deities": {"ana": "athena", "bia": "hades", "caio": "poseidon"}})
    ana, bia, caio = (s.seat(p) for p in ("ana", "bia", "caio"))
    s.do("opening_roll", by=ana, rounds=[{"ana": [6, 6], "bia": [6, 5], "caio": [1, 1]}])
    assert s.live.summary()["missing"][0]["key"] == "summary.missing_fo"
    assert s.live.summary()["start_player"] == "ana"
    s.do("deck_out", by=caio)
    s.do("end", by=caio)
    assert s.live.summary()["missing"][0]["key"] == "summary.missing_fo_tiebreak"
    s.do("power", by=ana, side="even")
    s.do("roll", by=ana, target="caio", dice=[6, 4])
    s.do("resolve", by=ana)
    out = s.live.summary()
    assert out["finished"]
    assert [(p["id"], p["rank"], p["winner"], p["role"]) for p in out["players"]][0] == ("ana", 1, True, "Athena")
    assert out["ties"][0] == {"players": ["ana", "bia", "caio"], "winner": "ana", "decided_by": "extra_turns"}


@pytest.mark.parametrize("points, ranks, ties", [
    ({"ana": 5, "bia": 3}, [1, 2], []),
    ({"ana": 4, "bia": 4}, [1, 1], [{"players": ["ana", "bia"], "winner": None, "decided_by": "shared"}]),
])
def test_score_pad_ranks_and_shares(script, points, ranks, ties):
    s = script("scorepad", {"players": ["Ana", "Bia"]})
    assert s.live.summary()["missing"][0]["key"] == "summary.missing_scorepad"
    for player, amount in points.items():
        s.do("points.add", player=player, amount=amount)
    assert s.live.summary()["finished"] is False
    s.do("game.end")
    with pytest.raises(RuleError, match="ask the tablet: its Undo takes back the end"):
        s.do("points.add", player="ana", amount=1)
    out = s.live.summary()
    assert [p["rank"] for p in out["players"]] == ranks and out["ties"] == ties
    assert [p["winner"] for p in out["players"]] == [r == 1 for r in ranks]

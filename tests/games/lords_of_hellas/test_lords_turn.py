"""Turn helper: Regular Actions once per type, one Special Action locked until a Monument build."""
from __future__ import annotations

from companion.games.lords_of_hellas.game import GAME


def test_each_regular_type_once_per_turn_any_number_of_types(table):
    table.set("red", "artifacts", 2)
    table.set("red", "charged", 2)
    table.set("red", "priests", 1)
    table.do("turn.regular", action="move")
    table.do("turn.regular", action="artifacts", count=1)
    table.do("turn.regular", action="priests", monument="hermes", count=1)
    assert table.state["turn"]["regular"] == ["move", "artifacts", "priests"]
    assert table.state["tracks"]["red"]["charged"] == 1
    assert table.state["monuments"]["hermes"]["priests"] == {"red": 1}
    table.refused("turn.regular", action="move")
    table.refused("turn.regular", action="artifacts", count=1)


def test_regular_actions_come_before_the_special_one(table):
    table.do("turn.special", action="hunt")
    table.refused("turn.regular", action="move")


def test_regular_action_inputs_are_checked(table):
    table.refused("turn.regular", action="fly")
    table.refused("turn.regular", action="artifacts", count=1)  # nothing charged
    table.set("red", "priests", 2)
    table.refused("turn.regular", action="priests", monument="zeus", count=3)
    table.refused("turn.regular", action="priests", monument="ares", count=1)
    table.refused("turn.regular", action="priests", monument="zeus", count=0)


def test_exactly_one_special_action_and_the_turn_needs_it(table):
    table.refused("turn.end")
    table.do("turn.special", action="usurp")
    table.refused("turn.special", action="march")
    table.refused("turn.special", action="juggle")
    table.do("turn.end")
    assert table.current == "blue"


def test_only_the_current_player_or_the_host_acts_for_the_turn(table):
    error = table.refused("turn.special", by="blue", action="march")
    assert "Red" in error.message
    table.do("turn.special", by="host", action="march")
    assert table.state["used"]["red"] == ["march"]


def test_used_special_action_stays_blocked_on_later_turns(table):
    table.do("turn.special", action="prepare")
    table.do("turn.end")
    table.finish_turn()
    assert table.current == "red"
    table.refused("turn.special", action="prepare")
    table.do("turn.special", action="march")
    assert table.state["used"]["red"] == ["prepare", "march"]


def test_build_monument_releases_every_marker_and_recharges_artifacts(table):
    table.do("turn.special", action="prepare")
    table.do("turn.end")
    table.set("blue", "artifacts", 3)
    table.do("turn.special", action="hunt")
    table.do("turn.end")
    table.set("red", "artifacts", 2)
    table.set("red", "charged", 2)
    table.do("turn.regular", action="artifacts", count=2)
    table.do("monument.build", monument="athena")
    state = table.state
    assert state["used"] == {"red": [], "blue": []}
    assert state["tracks"]["red"]["charged"] == 2 and state["tracks"]["blue"]["charged"] == 3
    assert state["round"] == 2
    assert state["monuments"]["athena"]["level"] == 1
    table.do("turn.step", step="monster_phase")
    table.do("turn.step", step="event_phase")
    table.do("turn.end")
    table.do("turn.special", action="hunt")  # blue's marker came off with the build
    assert table.state["used"]["blue"] == ["hunt"]


def test_build_returns_priests_and_pays_the_builder_per_temple(table):
    table.set("red", "priests", 3)
    table.set("red", "temples", 2)
    table.set("blue", "priests", 4)
    table.do("turn.regular", action="priests", monument="zeus", count=2)
    table.finish_turn()
    table.do("turn.regular", action="priests", monument="athena", count=4)
    table.do("monument.build", monument="zeus")  # blue builds, holding no Temples
    tracks = table.state["tracks"]
    assert all(m["priests"] == {} for m in table.state["monuments"].values())
    assert tracks["red"]["priests"] == 3
    assert tracks["blue"]["priests"] == 4


def test_builder_gains_priests_equal_to_temples(table):
    table.set("red", "temples", 3)
    table.do("monument.build", monument="hermes")
    assert table.state["tracks"]["red"]["priests"] == 3


def test_build_is_the_turns_special_action(table):
    table.do("turn.special", action="march")
    table.refused("monument.build", monument="zeus")
    table.refused("turn.special", action="build_monument")


def test_monster_then_event_phase_must_be_resolved_before_the_turn_ends(table):
    table.refused("turn.step", step="monster_phase")
    table.do("monument.build", monument="zeus")
    table.refused("turn.end")
    table.refused("turn.step", step="event_phase")
    table.do("turn.step", step="monster_phase")
    table.refused("turn.end")
    table.do("turn.step", step="event_phase")
    table.do("turn.end")
    assert table.state["turn"] == {"player": "blue", "number": 2, "regular": [], "special": None, "steps": []}


def test_turns_go_round_the_table_in_seat_order(make_table):
    table = make_table(players=["a", "b", "c"])
    order = []
    for _ in range(4):
        order.append(table.current)
        table.finish_turn()
    assert order == ["a", "b", "c", "a"]


def test_tracker_keeps_charged_within_artifacts(table):
    table.set("red", "artifacts", 3)
    table.set("red", "charged", 3)
    table.refused("tracker.set", by="host", player="red", field="charged", value=4)
    table.set("red", "artifacts", 1)
    assert table.state["tracks"]["red"]["charged"] == 1
    table.refused("tracker.set", by="host", player="red", field="gold", value=1)
    table.refused("tracker.set", by="host", player="red", field="lands", value=-1)
    table.refused("tracker.set", by="host", player="red", field="lands", value=True)


def test_a_group_renames_a_special_action_and_adds_its_own(table):
    """lords-of-hellas-summary-pt.txt 5 asks for one Special Action a turn and names only Build Monument; the other
    names come from outside our source, so a group can call them what its board prints, or add one."""
    from companion.games.lords_of_hellas.specials import actions, custom_name

    table.do("special.name", by="host", action="usurp", name="  Tomar o trono ")
    assert custom_name(table.state, "usurp") == "Tomar o trono"
    table.do("special.add", by="blue", name="Oracle")
    assert actions(table.state)[-1] == "custom_1" and custom_name(table.state, "custom_1") == "Oracle"
    table.do("turn.special", action="custom_1")
    assert table.state["used"]["red"] == ["custom_1"]
    assert "Oracle" in GAME.describe(table.last, None, "en")
    table.refused("special.name", by="host", action="build_monument", name="Wonder")
    table.refused("special.name", by="host", action="juggle", name="Juggle")
    table.refused("special.add", by="host", name="   ")
    table.refused("special.add", by="host", name="x" * 31)


def test_moving_hero_or_hoplites_is_one_regular_type_and_the_rules_entry_says_so(table):
    """lords-of-hellas-summary-pt.txt 5 lists "mover o Herói/Hoplitas" as one Regular Action type; the app
    follows it literally, and the rules entry tells the players that it does."""
    from companion.rules.library import entry

    table.do("turn.regular", action="move")
    table.refused("turn.regular", action="move")
    assert "same type" in entry("lords_of_hellas", "move-hero-and-hoplites", "en").detail
    assert "mesmo tipo" in entry("lords_of_hellas", "move-hero-and-hoplites", "pt").detail

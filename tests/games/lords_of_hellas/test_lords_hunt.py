"""Hunt helper: a wound per attack or the hunt fails; a failed hunter may claim one symbol reward."""
from __future__ import annotations

from companion.games.lords_of_hellas.game import GAME


def start(table, slots=("none", "artifact", "priest", "none")):
    table.do("hunt.start", monster="Hydra", slots=list(slots))


def test_wounds_accumulate_until_the_tray_is_full(table):
    start(table)
    table.do("hunt.attack", wounds=[0, 2])
    assert table.state["hunt"]["wounded"] == [True, False, True, False]
    table.do("hunt.attack", wounds=[1, 3])
    assert table.state["hunt"]["status"] == "defeated"
    assert table.state["tracks"]["red"]["monsters"] == 1
    assert GAME.view(table.state, None)["claimable"] == []


def test_an_attack_with_no_wound_ends_the_hunt(table):
    start(table)
    table.do("hunt.attack", wounds=[3])
    table.do("hunt.attack", wounds=[])
    assert table.state["hunt"]["status"] == "failed"
    assert table.state["hunt"]["attacks"] == 2
    table.refused("hunt.attack", wounds=[0])


def test_failed_hunt_lists_only_placed_wounds_with_a_symbol(table):
    start(table)
    table.do("hunt.attack", wounds=[0, 2])
    table.do("hunt.attack", wounds=[])
    assert GAME.view(table.state, None)["claimable"] == [2]
    table.refused("hunt.claim", slot=1)  # an Artifact, but never wounded
    table.refused("hunt.claim", slot=0)  # wounded, but no symbol
    table.do("hunt.claim", slot=2)
    assert table.state["hunt"]["claimed"] == 2
    assert GAME.view(table.state, None)["claimable"] == []
    table.refused("hunt.claim", slot=2)
    assert "Sacerdote" in GAME.describe(table.last, None, "pt")


def test_defeating_the_third_monster_wins(table):
    table.set("red", "monsters", 2)
    start(table, ["priest"])
    table.do("hunt.attack", wounds=[0])
    assert table.state["winner"] == {"player": "red", "condition": "slayer"}


def test_hunt_inputs_are_checked(table):
    table.refused("hunt.attack", wounds=[0])  # no hunt yet
    table.refused("hunt.start", monster="", slots=["none"])
    table.refused("hunt.start", monster="Hydra", slots=[])
    table.refused("hunt.start", monster="Hydra", slots=["gold"])
    start(table)
    table.refused("hunt.start", monster="Medusa", slots=["none"])
    table.refused("hunt.attack", wounds=[4])
    table.refused("hunt.attack", wounds=[1, 1])
    table.refused("hunt.attack", wounds=[True])
    table.refused("hunt.attack", wounds="all")
    table.do("hunt.attack", wounds=[1])
    table.refused("hunt.attack", wounds=[1])


def test_the_turn_cannot_end_or_build_mid_hunt(table):
    start(table)
    table.refused("monument.build", monument="zeus")
    table.do("turn.special", action="hunt")
    table.refused("turn.end")
    table.do("hunt.attack", wounds=[])
    table.do("turn.end")
    assert table.current == "blue"


def test_only_the_hunter_or_host_attacks(table):
    start(table)
    table.refused("hunt.attack", by="blue", wounds=[0])
    table.do("hunt.attack", by="host", wounds=[0])


def test_beating_a_monster_collects_the_reward_of_every_wound(table):
    """The published rulebook: a beaten Monster gives every wound's reward; they land on the counts kept."""
    table.set("red", "priests", 1)
    start(table, ("none", "artifact", "priest", "priest"))
    table.do("hunt.attack", wounds=[0, 2])
    assert table.state["tracks"]["red"]["priests"] == 1  # nothing is collected while the Monster stands
    table.do("hunt.attack", wounds=[1, 3])
    assert table.state["hunt"]["collected"] == [1, 2, 3]
    assert table.state["tracks"]["red"]["priests"] == 3
    assert table.state["tracks"]["red"]["artifacts"] == 1
    assert table.state["tracks"]["blue"] == {**table.state["tracks"]["blue"], "priests": 0, "artifacts": 0}
    assert GAME.describe(table.last, None, "en") == "Red has beaten Hydra and collects 2 Priests and 1 Artifact."
    assert GAME.describe(table.last, None, "pt") == "Red venceu Hydra e recebe 2 Sacerdotes e 1 Artefato."


def test_a_monster_with_no_reward_symbol_gives_none(table):
    start(table, ("none", "none"))
    table.do("hunt.attack", wounds=[0, 1])
    assert table.state["hunt"]["collected"] == []
    assert (table.state["tracks"]["red"]["priests"], table.state["tracks"]["red"]["artifacts"]) == (0, 0)
    assert GAME.describe(table.last, None, "en") == "Red has beaten Hydra."


def test_a_failed_hunters_claim_goes_onto_the_counts(table):
    start(table, ("artifact", "priest", "none"))
    table.do("hunt.attack", wounds=[0, 1])
    table.do("hunt.attack", wounds=[])
    assert (table.state["tracks"]["red"]["priests"], table.state["tracks"]["red"]["artifacts"]) == (0, 0)
    table.do("hunt.claim", slot=0)
    assert table.state["hunt"]["collected"] == [0]
    assert (table.state["tracks"]["red"]["priests"], table.state["tracks"]["red"]["artifacts"]) == (0, 1)
    assert table.state["tracks"]["red"]["charged"] == 0  # gained, not charged: the round's end charges it

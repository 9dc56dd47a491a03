"""Kleos behind the real hub: seeded deal, stored events, undo and a replay after reopening."""
import pytest

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.games.kleos.game import GAME

HOST = Access("host")


@pytest.fixture
def kleos_hub(tmp_path):
    return Hub(tmp_path / "data", {"kleos": GAME})


def test_a_table_plays_a_day_undoes_and_replays_from_disk(kleos_hub, tmp_path):
    live = kleos_hub.create("kleos", {"players": ["ares", "athena"], "names": {"athena": "Bia"}})
    assert live.table.options["seed"] is not None
    assert [(s.id, s.name, s.colour) for s in live.table.seats] == [("ares", "Ares", "red"),
                                                                    ("athena", "Bia", "green")]
    first = live.state["first_player"]
    assert live.state["temples"][first] == "H1"
    for _ in range(3):
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    assert live.state["turn"] == first
    live.dispatch({"type": "glory.add", "player": "athena", "reason": "kill"}, Access("seat", "ares"))
    live.dispatch({"type": "glory.add", "player": "athena", "reason": "champion"}, HOST)
    live.undo(HOST)
    assert live.state["glory"]["athena"] == 1
    while live.state["phase"] != "dusk":
        live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    for god, count in (("ares", [1, True]), ("athena", [1, False])):
        live.dispatch({"type": "draft.set", "draft": "dusk", "path": f"port.{god}", "value": count}, HOST)
    live.dispatch({"type": "dusk.score", "from_step": live.step, "from_draft": live.state["drafts"]["dusk"]["version"]}, HOST)
    live.dispatch({"type": "phase.next", "from_step": live.step}, HOST)
    assert (live.state["day"], live.state["glory"]) == (2, {"ares": 2, "athena": 1})
    assert live.state["first_player"] != first

    reopened = Hub(tmp_path / "data", {"kleos": GAME}).get(live.table.id)
    assert reopened.state == live.state
    texts = [row["text"] for row in reopened.history(HOST, "pt")]
    assert texts[:2] == ["Dia 2: Alvorada", "Pontuação do Crepúsculo: Ares +2"]
    assert "Atena +1 de Glória (abate)" in texts


def test_a_refused_command_stores_nothing(kleos_hub):
    live = kleos_hub.create("kleos", {"players": ["hermes", "dionysus", "artemis"]})
    before = live.state
    with pytest.raises(RuleError, match="still being set up"):
        live.dispatch({"type": "favor.give", "player": "hermes"}, HOST)
    assert live.state == before and live.events() == []


def test_bad_gods_never_make_a_table(kleos_hub):
    with pytest.raises(RuleError, match="chosen twice"):
        kleos_hub.create("kleos", {"players": ["ares", "ares"]})

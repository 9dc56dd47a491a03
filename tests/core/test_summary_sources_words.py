"""Where a Fleecing Olympus count came from adds up to it (issue #42): "Felipe: gems +30" was
said of a player who started with 20 gems and ended with 30."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.games.fleecing_olympus.setup import START_GEMS
from companion.games.fleecing_olympus.summary import summary
from companion.ui.context import UI
from companion.ui.widgets.summary import _sources

STATE = {
    "phase": "over", "players": ["felipe", "gabi", "hana"], "tiebreak": False,
    "gems": {"felipe": 30, "gabi": 20, "hana": 10},
    "deities": {"felipe": "athena", "gabi": "hades", "hana": "zeus"},
    "opening": {"decided": ["gabi"]},
    "result": {"scores": {"felipe": 32, "gabi": 20, "hana": 10}, "ranking": ["felipe", "gabi", "hana"],
               "winner": "felipe", "hera_bonus": "felipe"},
}
LINE = {"en": "Felipe: gems at the start +20 · gems won or lost +10 · Hera's Judgment token +2",
        "pt": "Felipe: gemas do início +20 · gemas ganhas ou perdidas +10 · ficha de Julgamento de Hera +2"}


def test_the_parts_add_up_to_each_players_count():
    out = summary(STATE, None, [])
    assert START_GEMS == 20
    assert out["sources"]["felipe"] == {"start": 20, "gems": 10, "hera": 2}
    for player in out["players"]:
        assert sum(out["sources"][player["id"]].values()) == player["score"]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_summary_says_ten_gems_won_not_thirty(lang):
    ui = UI(page=SimpleNamespace(), server=SimpleNamespace())
    ui.lang = lang
    data = {**summary(STATE, None, []), "game": "fleecing_olympus"}
    data["players"] = [{**p, "name": p["id"].title()} for p in data["players"]]
    shown = _sources(ui, data)
    texts = [c.content.value for c in shown.controls[1:]]
    assert texts[0] == LINE[lang]
    assert "Hana: " + ("gems at the start +20 · gems won or lost -10" if lang == "en"
                      else "gemas do início +20 · gemas ganhas ou perdidas -10") == texts[2]

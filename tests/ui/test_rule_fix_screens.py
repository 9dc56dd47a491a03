"""The screens of the issue #18 fixes, built without a browser and driven through the real reducers."""
from __future__ import annotations

import asyncio
import random
import re
from types import SimpleNamespace

import pytest

from companion.core.model import RuleError
from companion.ui.context import UI
from live_device import find, spoken, words


class Table:
    """One game's state behind a stand-in hub: prepare, apply, and refusals kept in both languages."""

    def __init__(self, game, state: dict) -> None:
        self.game, self.state, self.refusals = game, state, []

    async def send(self, command: dict) -> bool:
        event = self.game.prepare(self.state, {"by": "host", "at": 0, **command}, random.Random(0))
        try:
            self.state = self.game.apply(self.state, event)
        except RuleError as err:
            self.refusals.append(err)
            return False
        return True


def device(table: Table, lang: str = "en") -> UI:
    ui = UI(page=SimpleNamespace(width=1280), server=None, lang=lang)
    ui.send = table.send
    ui.snap = {"seats": ()}  # no seat names: ids are shown

    async def refresh() -> None:
        return None
    ui.refresh = refresh
    return ui


def press(root, ident: str) -> None:
    control = find(root, ident)
    assert control is not None, ident
    asyncio.run(control.content.on_click(None))


def test_the_kleos_end_screen_says_which_tie_breaker_decided_and_lists_the_order():
    """kleos-rulebook.txt 327-330: the end screen names the deciding tie-breaker and the tie-break order."""
    from companion.games.kleos.game import GAME
    from companion.ui.games.kleos.end import end_panel
    from tests.games.kleos.test_kleos_tiebreak import act, final

    state = act(final({"ares": 3, "athena": 3, "hermes": 3}, {}), "tiebreak.answer", criterion="champion",
                values={"ares": "none", "athena": "market", "hermes": "port"})
    for lang, expected, order in (("en", "Tie broken by where the Champions stand", "1. Hermes, 2. Athena, 3. Ares"),
                                  ("pt", "Desempate pelo critério: local onde está cada Campeão",
                                   "1. Hermes, 2. Atena, 3. Ares")):
        snap = {"role": "host", "seat": None, "state": GAME.view(state, None)}
        text = spoken(find(end_panel(device(Table(GAME, state), lang), snap)[1], "kleos-tiebreak-result"))
        assert text.startswith(expected)
        assert text.endswith(order), text


@pytest.mark.parametrize("criterion", ["control", "champion", "epics", "city_minions"])
def test_the_portuguese_tie_break_sentence_reads_right_for_every_criterion(criterion: str):
    """kleos-rulebook.txt 327-330: each of the four tie-breakers can decide; the Portuguese sentence must not
    glue a preposition to an article ("por a Glória", "por os Lacaios") whichever one it names."""
    from companion.i18n import t

    text = t("kleos.end.decided_by", "pt", criterion=t(f"kleos.end.criterion_{criterion}", "pt"))
    assert not re.search(r"\b(?:por|de|em) (?:o|a|os|as)\b", text), text
    assert t(f"kleos.end.criterion_{criterion}", "pt") in text


def test_the_fleecing_table_shows_the_reshuffle_reminder():
    """fleecing-olympus-rulebook.txt 128: with five players the first run-out means a reshuffle."""
    from companion.games.fleecing_olympus.game import GAME
    from companion.ui.games.fleecing_olympus.table import Status

    players = ["ana", "bia", "caio", "dora", "eva"]
    state = GAME.setup({"players": players, "seed": 1})
    state = {**state, "deck_outs": 1, "ran_out_in": state["turn_no"]}
    shown = words(Status(GAME.view(state, "bia"), host=False).build(device(Table(GAME, state))))
    assert "shuffle the discard pile to make the new deck" in shown
    quiet = words(Status(GAME.view({**state, "deck_outs": 0}, "bia"), host=False).build(device(Table(GAME, state))))
    assert "shuffle" not in quiet
    later = {**state, "turn_no": state["turn_no"] + 1}  # the next turn: the pile has been reshuffled
    assert "shuffle" not in words(Status(GAME.view(later, "bia"), host=False).build(device(Table(GAME, later))))


def test_lords_of_hellas_special_actions_carry_the_note_and_take_the_groups_names():
    """lords-of-hellas-summary-pt.txt 5: only Build Monument is named by our source; the rest are flagged."""
    from companion.games.lords_of_hellas.game import GAME
    from companion.ui.games.lords_of_hellas.turn import panel

    table = Table(GAME, GAME.setup({"players": ["red", "blue"]}))
    ui = device(table)

    def render():
        return panel(ui, {"role": "host", "seat": None, "state": GAME.view(table.state, None)})

    root = render()
    assert spoken(find(root, "loh-unsourced-special-march")) == "Not from our source: check your rulebook."
    assert find(root, "loh-unsourced-special-build_monument") is None
    ui.local.inputs["lords_of_hellas.special.name"] = "Marcha forçada"
    root = render()
    # a finger's size, as every other button: these were 40 px high
    assert min(find(root, i).content.height for i in ("loh-special-add", "loh-special-rename-march")) >= 48
    press(root, "loh-special-rename-march")
    root = render()
    assert "Marcha forçada" in words(find(root, "loh-special-march"))
    assert find(root, "loh-unsourced-special-march") is None  # the group has named it from its own board
    ui.local.inputs["lords_of_hellas.special.name"] = "Oracle"
    press(root, "loh-special-add")
    assert "Oracle" in words(find(render(), "loh-special-custom_1"))


def test_the_cyclades_purse_prices_the_picked_heros_next_heroic_move():
    """cyclades-rules.txt 296-298 and 328: the button shows the picked hero's own next price; Pericles pays 1."""
    from companion.games.cyclades.game import GAME
    from companion.ui.games.cyclades.purse import HERO, TURN, Spending
    from companion.ui.games.cyclades.slices import local
    from tests.games.cyclades.test_cyclades_round import act, at_actions

    state = act(at_actions(), type="action.done", faction="red")
    state = act(state, by="blue", type="gold.spend", player="blue", item="heroic_move", hero="ajax", count=2)
    table = Table(GAME, state)
    ui = device(table)
    view = GAME.view(state, "blue")  # the screen draws the view, with what blue may do in it
    ui.local.inputs[HERO] = "ajax"
    assert "3" in words(find(Spending(view, "blue", local(ui, TURN)).build(ui), "cyc-buy-heroic_move"))
    ui.local.inputs[HERO] = "pericles"
    root = Spending(view, "blue", local(ui, TURN)).build(ui)
    assert "1" in words(find(root, "cyc-buy-heroic_move"))
    press(root, "cyc-buy-heroic_move")
    assert table.state["gold"]["blue"] == state["gold"]["blue"] - 1

"""Through the JSON API: an action that shows or moves a rival's secret needs what the board game
needs, its victim is told on its own phone, and only the tablet can take a reveal back.

The Griffin (Cyclades) and the short wager payment (Fleecing Olympus) are the two actions of
the registered games that show one seat's hidden count to another; the Fleecing Olympus powers
that move another player's gems (Ares' tribute, Hera's card costs, Zeus borrowing them) move a
public, fixed amount, so they need their power but reveal nothing and stay undoable by their sender.
"""
from __future__ import annotations

import json

import pytest

from api_app import ADMIN
from companion.core.access import Access
from companion.core.model import RuleError
from companion.i18n import t


class Table:
    """One table over the API: each seat's phone key, the tablet's, and a helper per door."""

    def __init__(self, client, game: str, players: list[str], **options) -> None:
        r = client.post("/api/tables", params={"admin": ADMIN},
                        json={"game": game, "options": {"players": players, **options}})
        assert r.status_code == 201, r.text
        made = r.json()
        self.client, self.id = client, made["id"]
        self.keys = {s: client.post(f"/api/tables/{self.id}/claim", params={"k": v["token"]}).json()["key"]
                     for s, v in made["seats"].items()}
        self.keys[None] = made["host_token"]

    def send(self, who: str | None, lang: str = "en", **command):
        """As a screen does: every command names the step the device last read (core/steps.py)."""
        command.setdefault("from_step", self.read(None)["step"])
        return self.client.post(f"/api/tables/{self.id}/events", params={"k": self.keys[who], "lang": lang},
                                json=command)

    def ok(self, who: str | None, **command) -> dict:
        r = self.send(who, **command)
        assert r.status_code == 200, r.text
        return r.json()

    def refused(self, who: str | None, key: str, **command) -> dict:
        before = self.read(None)
        r = self.send(who, **command)
        assert r.status_code == 422 and r.json()["key"] == key, r.text
        pt = self.send(who, lang="pt", **command).json()
        assert pt["key"] == key and pt["error"] != r.json()["error"]  # worded in each language
        assert self.read(None) == before  # nothing saved
        return r.json()

    def read(self, who: str | None, lang: str = "en") -> dict:
        return self.client.get(f"/api/tables/{self.id}", params={"k": self.keys[who], "lang": lang}).json()

    def undo(self, who: str | None, lang: str = "en"):
        return self.client.post(f"/api/tables/{self.id}/undo", params={"k": self.keys[who], "lang": lang})

    def redo(self, who: str | None, lang: str = "en"):
        return self.client.post(f"/api/tables/{self.id}/redo", params={"k": self.keys[who], "lang": lang})

    def history(self, hub, who: str | None) -> str:
        """Every history line this device reads, both languages (the API has no history route)."""
        access = Access("seat", who, self.keys[who]) if who else Access("host")
        # The rows' words only: a row's time stamp could hold any digits by chance.
        return json.dumps([[row["text"] for row in hub.get(self.id).history(access, lang)] for lang in ("en", "pt")],
                          ensure_ascii=False)


# -- Cyclades: the Griffin ---------------------------------------------------------------------

BLUE_GOLD = 983


def cyclades_at_reds_turn(client) -> Table:
    """Round 1, actions: red has Ares (first), blue Athena, green Apollo; blue's purse is 983."""
    table = Table(client, "cyclades", ["red", "blue", "green"])
    table.ok(None, type="start", order=["red", "blue", "green"], gods=["ares", "athena"])
    table.ok(None, type="phase.next")
    for player, prosperity in (("red", 1), ("blue", BLUE_GOLD - 5 + 1), ("green", 3)):
        table.ok(None, type="income", player=player, prosperity=prosperity)
    table.ok(None, type="phase.next")
    table.ok(None, type="offering.bid", faction="red", god="ares", amount=1)
    table.ok(None, type="offering.bid", faction="blue", god="athena", amount=1)
    table.ok(None, type="offering.bid", faction="green", god="apollo")
    table.ok(None, type="offering.pay")
    table.ok(None, type="phase.next")
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD}
    return table


def test_the_griffin_is_refused_without_a_griffin_bought_this_turn(client):
    table = cyclades_at_reds_turn(client)
    red = table.read("red")["state"]
    assert red["allowed"]["griffin"] == "cyclades.why_buy_griffin"
    table.refused("red", "cyclades.err.griffin_not_bought", type="gold.griffin", player="red", victim="blue")
    table.refused(None, "cyclades.err.griffin_not_bought", type="gold.griffin", player="red", victim="blue")
    # A standee creature is no Griffin, and the purchase is not carried into the next player's turn.
    table.ok("red", type="gold.creature", player="red", price=2, standee="Hydra")
    table.refused("red", "cyclades.err.griffin_not_bought", type="gold.griffin", player="red", victim="blue")
    table.ok("red", type="gold.creature", player="red", price=1, creature="griffin")
    table.ok("red", type="action.done", faction="red")
    table.refused("blue", "cyclades.err.griffin_not_bought", type="gold.griffin", player="blue", victim="red")
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD}


def test_after_buying_the_griffin_it_acts_once_and_its_victim_is_told(client, hub):
    table = cyclades_at_reds_turn(client)
    purse = table.read("red")["state"]["gold"]["red"]
    table.ok("red", type="gold.creature", player="red", price=2, creature="griffin")
    assert table.read("red")["state"]["allowed"]["griffin"] is None
    table.ok("red", type="gold.griffin", player="red", victim="blue")
    taken = BLUE_GOLD // 2
    assert table.read("red")["state"]["gold"] == {"red": purse - 2 + taken}
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD - taken}
    # One card, one use.
    table.refused("red", "cyclades.err.griffin_not_bought", type="gold.griffin", player="red", victim="green")

    for lang in ("en", "pt"):
        told = table.read("blue", lang)["told"]
        assert len(told) == 1 and told[0]["by"] == "Red" and told[0]["amount"] == taken
        assert told[0]["text"] == t("cyclades.told_griffin", lang, learner="Red", amount=taken)
    for other in ("red", "green", None):
        assert table.read(other)["told"] == []
    assert str(taken) in table.history(hub, "blue") and str(taken) in table.history(hub, "red")
    assert str(taken) not in table.history(hub, "green") and str(taken) not in table.history(hub, None)


def test_reds_undo_of_the_griffin_is_refused_with_the_reason_and_the_tablet_may(client, hub):
    table = cyclades_at_reds_turn(client)
    table.ok("red", type="gold.creature", player="red", price=2, creature="griffin")
    table.ok("red", type="gold.griffin", player="red", victim="blue")
    stolen = table.read("blue")["state"]["gold"]
    r = table.undo("red")
    assert r.status_code == 422 and r.json()["key"] == "seats.undo_reveal_tablet_only"
    assert r.json()["error"] == t("seats.undo_reveal_tablet_only", "en", victim="Blue", learner="Red")
    assert "tablet" in table.undo("red", "pt").json()["error"]
    assert table.read("blue")["state"]["gold"] == stolen  # nothing taken back
    live = hub.get(table.id)
    assert live.snapshot(Access("seat", "red", table.keys["red"]))["can_undo"] is False  # the button says so
    assert table.undo(None).status_code == 200
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD}
    assert len(table.read("blue")["told"]) == 1  # what was seen cannot be unseen: the notice stays
    # The purchase under it was no reveal: red's own phone may still take it back.
    assert table.undo("red").status_code == 200


def test_a_griffin_the_tablet_took_back_is_redone_from_the_tablet_only(client, hub):
    """Issue 41: after the tablet undid red's Griffin in front of everyone, red's phone offered
    "Redo: ... took 491 gold from Blue" and redid it alone. Redo follows its undo's rule."""
    table = cyclades_at_reds_turn(client)
    table.ok("red", type="gold.creature", player="red", price=2, creature="griffin")
    table.ok("red", type="gold.griffin", player="red", victim="blue")
    assert table.undo(None).status_code == 200
    live = hub.get(table.id)
    red = Access("seat", "red", table.keys["red"])
    snap = live.snapshot(red)
    assert snap["can_redo"] is False and snap["redo"] is None  # no button offers it
    r = table.redo("red")
    assert r.status_code == 422 and r.json()["key"] == "seats.redo_reveal_tablet_only"
    assert r.json()["error"] == t("seats.redo_reveal_tablet_only", "en", victim="Blue", learner="Red")
    assert "tablet" in table.redo("red", "pt").json()["error"]
    with pytest.raises(RuleError) as core:  # the hub itself, not only the route
        live.redo(red)
    assert core.value.key == "seats.redo_reveal_tablet_only"
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD}  # nothing redone
    assert live.snapshot(Access("host"))["can_redo"] is True
    assert table.redo(None).status_code == 200
    assert table.read("blue")["state"]["gold"] == {"blue": BLUE_GOLD - BLUE_GOLD // 2}


# -- Fleecing Olympus ----------------------------------------------------------------------------

PLAYERS = ["ana", "bia", "caio"]


def olympus(client, deities: dict[str, str]) -> Table:
    """Ana opens (12), Caio holds Judgment (11); it is Ana's power step."""
    table = Table(client, "fleecing_olympus", PLAYERS, deities=deities)
    table.ok(None, type="opening_roll", rounds=[{"ana": [6, 6], "bia": [1, 1], "caio": [6, 5]}])
    return table


def gems(table: Table, seat: str) -> int:
    return table.read(seat)["state"]["gems"][seat]


def short_payment_table(client) -> Table:
    """Ana's turn, cards step: Bia owes Ana 6 and has given all but 2 of her gems to Caio."""
    table = olympus(client, {"ana": "hades", "bia": "poseidon", "caio": "athena"})
    table.refused("ana", "fleecing_olympus.err.phase_power", type="resolve")  # no wager yet
    table.ok("ana", type="power", side="even")
    table.ok("ana", type="roll", target="bia", dice=[6, 4])  # even total, even token: Bia owes 6
    table.ok("bia", type="give", to="caio", amount=18)
    return table


def test_a_short_payment_is_settled_only_at_its_step_and_the_payer_is_told(client):
    table = short_payment_table(client)
    table.refused("caio", "fleecing_olympus.err.tablet_do", type="resolve")  # not the Active player's phone
    table.ok("ana", type="resolve")
    assert gems(table, "bia") == 0 and gems(table, "ana") == 20 + 2
    for lang in ("en", "pt"):
        told = table.read("bia", lang)["told"]
        assert [(n["by"], n["amount"]) for n in told] == [("Ana", 2)]
        assert told[0]["text"] == t("fleecing_olympus.told_short", lang, learner="Ana", amount=2)
    for other in ("ana", "caio", None):
        assert table.read(other)["told"] == []
    caio = table.read("caio")["state"]
    assert "paid" not in caio["last"] and "bia" not in caio["gems"]


def test_the_winners_undo_of_a_short_payment_is_refused_and_the_tablets_is_not(client):
    table = short_payment_table(client)
    table.ok("ana", type="resolve")
    r = table.undo("ana")
    assert r.status_code == 422 and r.json()["key"] == "seats.undo_reveal_tablet_only"
    assert "Bia" in r.json()["error"] and "Ana" in r.json()["error"]
    assert gems(table, "bia") == 0
    assert table.undo(None).status_code == 200 and gems(table, "bia") == 2
    assert len(table.read("bia")["told"]) == 1
    r = table.redo("ana")  # the winner's phone cannot pay itself again what the tablet took back
    assert r.status_code == 422 and r.json()["key"] == "seats.redo_reveal_tablet_only"
    assert gems(table, "bia") == 2
    assert table.redo(None).status_code == 200 and gems(table, "bia") == 0


def test_a_payment_in_full_shows_no_count_and_stays_its_senders_to_undo(client):
    table = olympus(client, {"ana": "hades", "bia": "poseidon", "caio": "athena"})
    table.ok("ana", type="power", side="even")
    table.ok("ana", type="roll", target="bia", dice=[6, 4])
    table.ok("ana", type="resolve")
    assert table.read("bia")["told"] == []
    assert table.undo("ana").status_code == 200


def test_ares_tribute_needs_ares_odd_power_this_turn_and_reveals_nothing(client):
    table = olympus(client, {"ana": "ares", "bia": "poseidon", "caio": "athena"})
    table.refused("bia", "fleecing_olympus.err.phase_power", type="tribute", pay=True)
    table.ok("ana", type="power", side="odd")
    table.refused("caio", "fleecing_olympus.err.tablet_do", type="tribute", seat="bia", pay=True)
    table.ok("bia", type="tribute", pay=True)
    assert gems(table, "ana") == 21 and gems(table, "bia") == 19
    table.refused("bia", "fleecing_olympus.err.player_tribute_answer_turn", type="tribute", pay=True)  # once
    assert table.read("bia")["told"] == []  # one gem handed over in the open: no count shown
    assert table.undo("bia").status_code == 200 and gems(table, "ana") == 20


def test_zeus_takes_tribute_only_by_borrowing_ares_odd_power(client):
    table = olympus(client, {"ana": "zeus", "bia": "ares", "caio": "athena"})  # Bia is on Ana's left
    table.ok("ana", type="power", side="odd", neighbour="left", borrow="odd")
    assert gems(table, "ana") == 19 and gems(table, "bia") == 21  # Zeus pays his lender one gem
    table.ok("caio", type="tribute", pay=True)
    assert gems(table, "ana") == 20 and gems(table, "caio") == 19


@pytest.mark.parametrize("power, to", [({"side": "odd"}, "bank"), ({"side": "even", "pick": "bia"}, "hera")])
def test_card_costs_go_to_hera_only_after_her_even_power_this_turn(client, power, to):
    table = olympus(client, {"ana": "hera", "bia": "poseidon", "caio": "athena"})
    table.ok("ana", **{"type": "power", **power})
    table.ok("ana", type="roll", target="caio", dice=[1, 2])
    table.ok("bia", type="card", kind="legend", wager=1)  # first card: free
    table.ok("bia", type="card", kind="legend", wager=1)  # second: one gem
    bank = table.read(None)["state"]["bank"]
    assert gems(table, "bia") == 19
    assert (gems(table, "ana"), bank) == ((21, 0) if to == "hera" else (20, 1))


def test_a_phone_that_ends_the_play_cannot_take_the_final_count_back(client):
    """The screens came down for everyone: only the tablet may raise them again."""
    table = olympus(client, {"ana": "hades", "bia": "poseidon", "caio": "athena"})
    table.ok(None, type="deck_out")
    table.ok("ana", type="end")
    assert set(table.read("ana")["state"]["gems"]) == set(PLAYERS)  # every count on every screen
    r = table.undo("ana")
    assert r.status_code == 422 and r.json()["key"] == "seats.undo_reveal_all_tablet_only"
    assert all(table.read(seat)["told"] == [] for seat in PLAYERS)  # each saw it on its own screen
    assert table.undo(None).status_code == 200
    assert set(table.read("ana")["state"]["gems"]) == {"ana"}

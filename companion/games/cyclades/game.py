"""Cyclades as a table-server plugin: hidden gold, the auction and the round.

The app never models the map. It keeps what the table would otherwise track
on paper or behind screens: each purse, the offerings, the turn, the cards,
buildings and metropolises, and it runs the phases in order.
"""
from __future__ import annotations

from typing import Any

from companion.core.model import RuleError
from companion.core.game import GameBase
from companion.games.cyclades.drafts import FORMS
from companion.games.cyclades import auction, gods, gold, schemas
from companion.games.cyclades import summary as play_summary
from companion.games.cyclades.allowed import allowed
from companion.games.cyclades.setup import initial_state
from companion.games.cyclades.upgrade import per_faction
from companion.games.cyclades.moves import MOVES, SECRETS, describe

class Cyclades(GameBase):
    id = "cyclades"
    secrets = SECRETS
    title = "Cyclades"
    min_seats = 2
    max_seats = 5
    moves = MOVES  # handlers, schemas, steps and the drafts' confirms are derived from it
    summaries = play_summary
    forms = FORMS  # the bid, the god turned up, what each keeps: one form on every device
    options_schema = schemas.Options

    def setup(self, options: dict) -> dict:
        return initial_state(options)

    def apply(self, state: dict, event: dict) -> dict:
        return super().apply(per_faction(state), event)

    def summary(self, state: dict, table: Any, events: list[dict]) -> dict:
        return super().summary(per_faction(state), table, events)

    def prepare(self, state: dict, event: dict, rng: Any) -> dict:
        """Draw what the table left to chance, then note the public outcome for the history line."""
        kind = event.get("type")
        if kind == "start":
            order = event.get("order") or rng.sample(list(state["factions"]), len(state["factions"]))
            face_up = event.get("gods") or rng.sample(list(gods.TILES), gods.face_up_count(len(state["players"])))
            return {**event, "order": order, "gods": face_up}
        if kind == "offering.pay" and state["phase"] == "offerings":
            return {**event, "fined": auction.unable(state)}
        if kind == "phase.next":
            return self._with_destination(state, event, rng)
        if kind == "gold.griffin":
            return gold.with_taken(state, event)
        return event

    def _with_destination(self, state: dict, event: dict, rng: Any) -> dict:
        board = state.get("gods")
        if state["phase"] == "actions" and "revealed" not in event and board and gods.needs_reveal(board):
            event = {**event, "revealed": rng.choice(board["down_unknown"])}
        try:
            after = self.apply(state, event)
        except RuleError:
            return event
        to = {"phase": after["phase"], "round": after["round"]}
        if after["phase"] == "over":
            to["winners"] = after["result"]["winners"]
        elif after["phase"] == "round_init":
            to["revealed"] = after["gods"]["up"][-1]
        return {**event, "to": to}

    def view(self, state: dict, seat: str | None) -> dict:
        """The state with the purses cut down to the viewer's own, until the end reveals them all, and
        what this viewer may do now (`allowed`, worked out from that cut-down view only).

        A new dict over the state, as every game's view: the hub cuts every secret out of it on a
        copy of its own (`secrets.cut_view`) before a device gets it, once per kind of device and
        change. A deep copy here too cost each kind of device a second copy of the whole state."""
        state = per_faction(state)
        out = dict(state)
        if state["phase"] != "over":
            out["gold"] = {seat: state["gold"][seat]} if seat in state["gold"] else {}
        if isinstance(state.get("offerings"), dict):  # whether a purse covers its bids is that purse's secret
            can_pay = state["offerings"].get("can_pay") or {}
            out["offerings"] = {**state["offerings"], "can_pay": {seat: can_pay[seat]} if seat in can_pay else {}}
        out["allowed"] = allowed(out, seat)
        return out

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        return describe(event, seat, lang)


GAME = Cyclades()

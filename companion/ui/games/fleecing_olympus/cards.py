"""Step 4: entering a played card by its type and what it does to what the app tracks.

The app does not know the 66 cards, so a card is described by its effects,
offered only where its type allows them (the game's own table of what each
type may do). The cost shown is the one the game will charge.
"""
from __future__ import annotations

import flet as ft

from companion.games.fleecing_olympus import ALLOWED, KINDS, MAX_WAGER_CHANGE, OTHER
from companion.games.fleecing_olympus import MAX_AMOUNT
from companion.games.fleecing_olympus import WAGER_KINDS, costs_gem
from companion.ui.context import UI
from companion.ui.games.fleecing_olympus.parts import LOCAL, choice_row, die_picker, local_setter, name, player_row, sender, t, turn_local
from companion.ui.live import Inputs, inputs
from companion.ui.widgets.controls import button, card, heading, note, stepper, tagged

CARD = LOCAL + "card"
CARD_START = {"kind": None, "seat": None, "on": [], "wager": 1, "resist": "legend", "reroll": "0", "manual": False,
              "values": {}, "take": 1, "share": {}}
ORDER = ("wager", "resist", "cancel", "flip", "reroll", "target", "judgment", "take", "share")
REROLLS = {"0": [0], "1": [1], "01": [0, 1]}
# A resist card turns cards down rather than changing the wager, so picking one drops the other.
EXCLUSIVE = {"wager": "resist", "resist": "wager"}


@inputs
class CardForm(Inputs):
    """The tablet picks whose card it is; a phone always plays its own."""

    part = "fo-card"
    state: dict
    who: str | None
    # A copy of the half-entered form (device-local) that only tells the part when to redraw: the
    # panel itself reads and edits the live values in `ui.local`.
    form: dict | None

    def build(self, ui: UI) -> ft.Control:
        state, who = self.state, self.who
        turn = state["turn"]
        data = turn_local(ui, CARD, state, CARD_START)
        seat = who or data.get("seat")
        parts: list[ft.Control] = [heading(t(ui, "ui_card_title"), 20)]
        if who is None:
            parts += [note(t(ui, "ui_card_who")),
                      player_row(ui, state["players"], seat, local_setter(ui, data, "seat"), "fo-card-seat")]

        async def pick_kind(kind: object) -> None:
            data["kind"] = kind
            data["on"] = ["wager"] if kind in WAGER_KINDS else []
            await ui.refresh()

        kind = data["kind"]
        parts.append(choice_row([(k, t(ui, "kind_" + k)) for k in KINDS], kind, pick_kind, "fo-card-kind"))
        blocked = [k for k in WAGER_KINDS if state["allowed"][f"kind.{k}"]]
        if blocked:
            parts.append(note(t(ui, "ui_card_blocked", kind=t(ui, "kind_" + blocked[0]),
                                other=t(ui, "kind_" + OTHER[blocked[0]]))))
        if kind is None:
            return card(*parts, ident="fo-card-form")
        parts.append(_toggles(ui, data, kind))
        parts += [_input(ui, state, data, effect) for effect in ORDER if effect in data["on"]]
        event, ready = _event(data, seat, who)
        cost = _cost(ui, turn, seat) if seat else ""
        # Whether this player may play (and pay for) a card is the game's answer, not this screen's.
        refused = state["allowed"][f"card.{seat}"] if seat else None
        parts += [note(cost or "—", "fo-card-cost", size=16),
                  button(t(ui, "ui_card_play", kind=t(ui, "kind_" + kind)), sender(ui, event, CARD), "fo-card-play",
                         icon=ft.Icons.STYLE, disabled=not ready or refused is not None)]
        if refused:
            parts.append(note(ui.t(refused), "fo-card-why"))
        return card(*parts, ident="fo-card-form")


def _toggles(ui: UI, data: dict, kind: str) -> ft.Control:
    def toggle(effect: str):
        async def handler(e) -> None:
            on = [x for x in data["on"] if x != effect]
            data["on"] = on if effect in data["on"] else [x for x in on if x != EXCLUSIVE.get(effect)] + [effect]
            await ui.refresh()
        return handler

    chips = [tagged(ft.Chip(ft.Text(t(ui, "ui_eff_" + effect), size=16), selected=effect in data["on"],
                            on_click=toggle(effect), height=48), f"fo-card-eff-{effect}")
             for effect in ORDER if effect in ALLOWED[kind]]
    return ft.Row(chips, wrap=True, spacing=8, run_spacing=8)


def _input(ui: UI, state: dict, data: dict, effect: str) -> ft.Control:
    players = state["players"]
    if effect == "wager":
        return stepper(t(ui, "ui_eff_wager"), data["wager"], local_setter(ui, data, "wager"), "fo-card-wager",
                       minimum=-MAX_WAGER_CHANGE, maximum=MAX_WAGER_CHANGE)
    if effect == "resist":
        return choice_row([(k, t(ui, "ui_resist_kind", kind=t(ui, "kind_" + k))) for k in WAGER_KINDS],
                          data["resist"], local_setter(ui, data, "resist"), "fo-card-resist")
    if effect == "reroll":
        return _reroll(ui, data)
    if effect in ("target", "judgment"):
        allowed = [p for p in players if effect == "judgment" or p != state["turn"]["active"]]
        return ft.Column([note(t(ui, "ui_eff_" + effect)), player_row(
            ui, allowed, data.get(effect), local_setter(ui, data, effect), f"fo-card-{effect}")], spacing=4)
    if effect == "take":
        return stepper(t(ui, "ui_eff_take"), data["take"], local_setter(ui, data, "take"), "fo-card-take",
                       minimum=1, maximum=MAX_AMOUNT)
    if effect == "share":
        return ft.Column([note(t(ui, "ui_share_help", bank=state["bank"]))] + [
            stepper(name(ui, p), data["share"].get(p, 0), local_setter(ui, data["share"], p), f"fo-card-share-{p}",
                    minimum=0, maximum=state["bank"]) for p in players], spacing=4)
    return note(t(ui, "ui_eff_" + effect + "_help"))


def _reroll(ui: UI, data: dict) -> ft.Control:
    """The card's player names the die; the Active player rolls it, or the app does."""
    dice = [(k, t(ui, "ui_reroll_" + k)) for k in REROLLS]
    modes = [(False, t(ui, "ui_reroll_app")), (True, t(ui, "ui_reroll_manual"))]
    parts = [choice_row(dice, data["reroll"], local_setter(ui, data, "reroll"), "fo-card-reroll"),
             choice_row(modes, data["manual"], local_setter(ui, data, "manual"), "fo-card-reroll-manual")]
    if data["manual"]:
        parts += [die_picker(data["values"].get(str(i)), local_setter(ui, data["values"], str(i)), f"fo-card-new{i}")
                  for i in REROLLS[data["reroll"]]]
    return ft.Column(parts, spacing=8)


def _event(data: dict, seat: str | None, who: str | None) -> tuple[dict, bool]:
    """The card event as the form stands, and whether everything it needs is filled in."""
    event: dict = {"type": "card", "kind": data["kind"], **({"seat": seat} if who is None else {})}
    ready = seat is not None
    for effect in (e for e in ORDER if e in data["on"]):
        if effect in ("cancel", "flip"):
            event[effect] = True
        elif effect == "reroll":
            event["reroll"] = REROLLS[data["reroll"]]
            if data["manual"]:
                event["values"] = [data["values"].get(str(i)) for i in event["reroll"]]
                ready = ready and None not in event["values"]
        elif effect == "share":
            event["share"] = {p: n for p, n in data["share"].items() if n}
            ready = ready and bool(event["share"])
        else:
            event[effect] = data.get(effect)
            ready = ready and event[effect] is not None
    return event, ready


def _cost(ui: UI, turn: dict, seat: str) -> str:
    if not costs_gem(turn, seat):
        return t(ui, "ui_cost_free", player=name(ui, seat))
    to = turn["cost_to"].get(seat)
    return t(ui, "ui_cost_player", player=name(ui, seat), to=name(ui, to)) if to else t(
        ui, "ui_cost_bank", player=name(ui, seat))

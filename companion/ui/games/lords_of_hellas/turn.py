"""The turn helper: each Regular Action kind at most once, then one Special Action, then end.

Every button mirrors a rule the game enforces, so what is greyed here is what
the game would refuse; the reason is written beside it rather than left to a
refusal message.
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import UNSOURCED, actions, custom_name
from companion.games.lords_of_hellas import MONUMENTS
from companion.games.lords_of_hellas import COUNTS, REGULAR_ACTIONS
from companion.ui import draft as shared
from companion.ui.context import UI
from companion.ui.games.lords_of_hellas.monuments import build_buttons, build_steps
from companion.ui.games.lords_of_hellas.parts import action_row, choice_row, name, t, why
from companion.ui.games.lords_of_hellas.specials import naming, special_label, typed_name, unsourced
from companion.ui.live import Inputs, group, inputs, show
from companion.ui.widgets.controls import button, card, heading, note, stepper


def panel(ui: UI, snap: dict) -> ft.Control:
    """The Regular and the Special Actions are parts of their own, each given only what it reads: a
    Regular Action rebuilds the Regular card, not the Special one (whose answers it does not move)."""
    state = snap["state"]
    turn = state["turn"]
    player = turn["player"]
    regular = show(ui, Regular(_regular_view(snap), shared.shared(ui, state, COUNTS)))
    special = show(ui, Special(_special_view(snap), typed_name(ui)))
    parts: list[ft.Control] = [show(ui, Title())]
    if snap["role"] == "seat" and snap["seat"] != player:
        parts.append(show(ui, Wait(name(state, player))))
    parts += [regular, special] if ui.is_phone else [show(ui, Columns((regular, special)))]
    if turn["special"] == "build_monument":
        parts.append(show(ui, BuildSteps(snap)))
    # Its own part, keyed: the wait note that comes and goes above it when the turn passes does not
    # make a new button of it, so a tap aimed at it before the phone drew the next turn still
    # reaches the server (which answers "Already moved on") instead of being dropped unanswered.
    parts.append(show(ui, End(state["allowed"]["end"])))
    return group(ui, "loh-section-turn", ft.Column, parts, spacing=12)


@inputs
class Title(Inputs):
    """The section's heading."""

    part = "loh-turn-title"

    def build(self, ui: UI) -> ft.Control:
        return heading(t(ui, "turn_title"))


@inputs
class BuildSteps(Inputs):
    """What the table does on the board after a Monument is built (the Monuments section shows it too)."""

    part = "loh-turn-build-steps"
    snap: dict

    def build(self, ui: UI) -> ft.Control:
        return build_steps(ui, self.snap)


@inputs
class Wait(Inputs):
    """On a seat's phone while another player's turn runs: whose it is."""

    part = "loh-turn-wait"
    player_name: str

    def build(self, ui: UI) -> ft.Control:
        return note(t(ui, "err_not_your_turn", name=self.player_name), "loh-wait", 17)


@inputs
class Columns(Inputs):
    """A tablet's two cards side by side."""

    part = "loh-turn-columns"
    columns: tuple

    def build(self, ui: UI) -> ft.Control:
        return ft.Row([ft.Container(c, expand=True) for c in self.columns], spacing=12,
                      vertical_alignment=ft.CrossAxisAlignment.START)


def _regular_view(snap: dict) -> dict:
    """What the Regular card reads: the current player's done actions and the counts they spend."""
    state = snap["state"]
    player = state["turn"]["player"]
    track = state["tracks"][player]
    return {"role": snap["role"], "seat": snap["seat"], "state": {
        "turn": {"player": player, "regular": state["turn"]["regular"]},
        "tracks": {player: {"charged": track["charged"], "priests": track["priests"]}},
        "allowed": {k: v for k, v in state["allowed"].items() if k.startswith("regular.")}}}


def _special_view(snap: dict) -> dict:
    """What the Special card reads: the turn's Special Action, the player's used markers, the actions'
    names, their answers and the Monuments' levels (Build Monument's buttons), and whether anyone won."""
    state = snap["state"]
    player = state["turn"]["player"]
    return {"role": snap["role"], "seat": snap["seat"], "state": {
        "turn": {"player": player, "special": state["turn"]["special"]},
        "used": {player: state["used"][player]}, "winner": state["winner"],
        "special_names": state.get("special_names", {}), "special_added": state.get("special_added", []),
        "monuments": {m: {"level": state["monuments"][m]["level"]} for m in MONUMENTS},
        "allowed": {k: v for k, v in state["allowed"].items() if k.startswith(("special.", "build."))}}}


@inputs
class Regular(Inputs):
    """`saved`: how many to use, agreed on any device (the table's draft)."""

    part = "loh-turn-regular"
    snap: dict
    saved: tuple

    def build(self, ui: UI) -> ft.Control:
        snap, saved = self.snap, self.saved
        state = snap["state"]
        turn = state["turn"]
        track = state["tracks"][turn["player"]]
        rows: list[ft.Control] = [heading(t(ui, "turn_regular_title"), 20), note(t(ui, "turn_regular_hint"))]
        for action in REGULAR_ACTIONS:
            done = action in turn["regular"]
            reason = state["allowed"][f"regular.{action}"]
            ready = reason is None
            extra: list[ft.Control] = []
            if action == "artifacts":
                extra.append(_amount(ui, saved, "artifacts", t(ui, "field_charged"), track["charged"], ready))
            elif action == "priests":
                extra.append(_amount(ui, saved, "priests", t(ui, "field_priests"), track["priests"], ready))
                if ready:
                    extra.append(_monument_choice(ui, saved))
            status = t(ui, "turn_done") if done else t(ui, "turn_available") if ready else ""
            action_button = shared.drawn(ui, f"loh-regular-{action}", saved[1], why(
                ui, button(t(ui, f"regular_{action}"), _regular_send(ui, action, saved, track), f"loh-regular-{action}",
                           filled=False, disabled=not ready), reason))
            rows.append(ft.Column([action_row(action_button, status, f"loh-regular-status-{action}", done), *extra],
                                  spacing=4))
        if saved[0]:
            rows.append(shared.entered_by(ui, saved, "loh-counts-by"))
        return card(*rows, ident="loh-regular")


def _used(saved: tuple, action: str, have: int) -> int:
    """How many the action uses: the shared count, kept within what the player holds."""
    return max(1, min(shared.value(saved, action, 1), have))


def _amount(ui: UI, saved: tuple, action: str, label: str, have: int, ready: bool) -> ft.Control:
    if not ready:
        return note(f"{label}: {have}")

    async def change(new: int) -> None:
        await shared.put(ui, COUNTS, action, new)

    return stepper(f"{t(ui, 'regular_count')} ({label}: {have})", _used(saved, action, have), change,
                   f"loh-count-{action}", minimum=1, maximum=have)


def _monument_choice(ui: UI, saved: tuple) -> ft.Control:
    async def pick(monument: object) -> None:
        await shared.put(ui, COUNTS, "monument", monument)

    return ft.Column([note(t(ui, "regular_which_monument")),
                      choice_row([(m, t(ui, f"monument_short_{m}")) for m in MONUMENTS],
                                 shared.value(saved, "monument", MONUMENTS[0]), pick, "loh-priests-to")], spacing=4)


def _regular_send(ui: UI, action: str, saved: tuple, track: dict):
    """The action with the counts its screen showed, naming them (a count changed since is refused)."""
    async def handler(e) -> None:
        command: dict = {"type": "turn.regular", "action": action}
        if action == "artifacts":
            command["count"] = _used(saved, "artifacts", track["charged"])
        elif action == "priests":
            command["count"] = _used(saved, "priests", track["priests"])
            command["monument"] = shared.value(saved, "monument", MONUMENTS[0])
        await ui.send(shared.confirmed(command, saved))
    return handler


@inputs
class Special(Inputs):
    """Each Special Action and whether it is still open this turn, then the group's own names for them
    (`named`: this device has a name typed, so the rename and add buttons show)."""

    part = "loh-turn-special"
    snap: dict
    named: bool

    def build(self, ui: UI) -> ft.Control:
        snap, named = self.snap, self.named
        state = snap["state"]
        turn = state["turn"]
        used = state["used"][turn["player"]]
        rows: list[ft.Control] = [heading(t(ui, "turn_special_title"), 20), note(t(ui, "turn_special_hint"))]
        for action in actions(state):
            if action == turn["special"]:
                status = t(ui, "turn_used")
            elif action in used:
                status = t(ui, "turn_blocked")
            else:
                status = t(ui, "turn_available") if state["allowed"][f"special.{action}"] is None else ""
            label = special_label(ui, state, action)
            if action == "build_monument":
                control: ft.Control = ft.Column([ft.Text(label, size=18, weight=ft.FontWeight.W_600),
                                                 note(t(ui, "monument_pick")), build_buttons(ui, snap, "loh-build")],
                                                spacing=4)
            else:
                reason = state["allowed"][f"special.{action}"]
                control = why(ui, button(label, _special_send(ui, action), f"loh-special-{action}",
                                         filled=False, disabled=reason is not None), reason)
            rows.append(action_row(control, status, f"loh-special-status-{action}", action in used))
            if action in UNSOURCED and not custom_name(state, action):
                rows.append(unsourced(ui, f"loh-unsourced-special-{action}"))
        return card(*rows, *naming(ui, snap, named), ident="loh-special")


def _special_send(ui: UI, action: str):
    async def handler(e) -> None:
        await ui.send({"type": "turn.special", "action": action})
    return handler


@inputs
class End(Inputs):
    """The end-of-turn button, greyed with the game's reason while the turn may not end."""

    part = "loh-end-turn"
    reason: str | None

    def build(self, ui: UI) -> ft.Control:
        reason = self.reason

        async def end(e) -> None:
            await ui.send({"type": "turn.end"})

        return ft.Column([
            why(ui, button(t(ui, "turn_end"), end, "loh-end-turn", icon=ft.Icons.SKIP_NEXT, height=64,
                           disabled=reason is not None), reason),
            note(ui.t(reason) if reason else t(ui, "turn_can_end"), "loh-end-hint"),
        ], spacing=4)

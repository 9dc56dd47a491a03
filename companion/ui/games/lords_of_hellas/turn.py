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
from companion.ui.games.lords_of_hellas.specials import naming, special_label, unsourced
from companion.ui.live import part
from companion.ui.widgets.controls import button, card, heading, note, stepper


def panel(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    turn = state["turn"]
    columns = [_regular(ui, snap), _special(ui, snap)]
    parts: list[ft.Control] = [heading(t(ui, "turn_title"))]
    if snap["role"] == "seat" and snap["seat"] != turn["player"]:
        parts.append(note(t(ui, "err_not_your_turn", name=name(state, turn["player"])), "loh-wait", 17))
    if ui.is_phone:
        parts += columns
    else:
        parts.append(ft.Row([ft.Container(c, expand=True) for c in columns], spacing=12,
                            vertical_alignment=ft.CrossAxisAlignment.START))
    if turn["special"] == "build_monument":
        parts.append(build_steps(ui, snap))
    # Its own part, keyed: the wait note that comes and goes above it when the turn passes does not
    # make a new button of it, so a tap aimed at it before the phone drew the next turn still
    # reaches the server (which answers "Already moved on") instead of being dropped unanswered.
    parts.append(part(ui, "loh-end-turn", _end, state["allowed"]["end"]))
    return ft.Column(parts, spacing=12)


def _regular(ui: UI, snap: dict) -> ft.Control:
    state = snap["state"]
    turn = state["turn"]
    track = state["tracks"][turn["player"]]
    rows: list[ft.Control] = [heading(t(ui, "turn_regular_title"), 20), note(t(ui, "turn_regular_hint"))]
    saved = shared.shared(ui, state, COUNTS)  # how many to use, agreed on any device
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
        action_button = why(ui, button(t(ui, f"regular_{action}"), _regular_send(ui, action, saved, track),
                                       f"loh-regular-{action}",
                                       filled=False, disabled=not ready), reason)
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


def _special(ui: UI, snap: dict) -> ft.Control:
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
    return card(*rows, *naming(ui, snap), ident="loh-special")


def _special_send(ui: UI, action: str):
    async def handler(e) -> None:
        await ui.send({"type": "turn.special", "action": action})
    return handler


def _end(ui: UI, reason: str | None) -> ft.Control:
    async def end(e) -> None:
        await ui.send({"type": "turn.end"})

    return ft.Column([
        why(ui, button(t(ui, "turn_end"), end, "loh-end-turn", icon=ft.Icons.SKIP_NEXT, height=64,
                       disabled=reason is not None), reason),
        note(ui.t(reason) if reason else t(ui, "turn_can_end"), "loh-end-hint"),
    ], spacing=4)

"""Special Actions under the group's own names, and the note on what our source does not cover.

The names beside Build Monument come from outside our source, so each carries a
small "check your rulebook" note, and a group can rename them or add its own.
"""
from __future__ import annotations

import flet as ft

from companion.games.lords_of_hellas import SPECIAL_MAX_NAME as MAX_NAME, FIXED, actions, custom_name
from companion.ui.context import UI
from companion.ui.widgets.local_text import local_text
from companion.ui.games.lords_of_hellas.parts import can_write, t
from companion.ui.widgets.controls import button, note

TYPED = "lords_of_hellas.special.name"
# Whether a name is typed (the prefix the turn section's memo reads): the buttons that take it come
# and go with it, without the section being described again on every key.
NAMED = "lords_of_hellas.special_named"


def unsourced(ui: UI, ident: str) -> ft.Control:
    """The small flag on anything our source does not say."""
    return note(t(ui, "check_rulebook"), ident, 13)


def special_label(ui: UI, state: dict, action: str) -> str:
    return custom_name(state, action) or t(ui, f"special_{action}")


def typed_name(ui: UI) -> bool:
    return bool(ui.local.inputs.get(TYPED, "").strip())


async def _typed(ui: UI) -> None:
    """A key in the name field: redraw only when a name appears or goes."""
    if typed_name(ui) != ui.local.inputs.get(NAMED, False):
        ui.local.inputs[NAMED] = typed_name(ui)
        await ui.refresh()


def naming(ui: UI, snap: dict, named: bool) -> list[ft.Control]:
    """A name typed once, then 'rename' beside each renamable action or 'add' for a new one: those
    buttons show only once there is a name (`named`) to give, since without one they would only be refused."""
    if not can_write(snap):
        return []
    state = snap["state"]

    def send(command: dict):
        async def handler(e) -> None:
            await ui.send({**command, "name": ui.local.inputs.get(TYPED, "")})
        return handler

    rows = [
        note(t(ui, "special_names_hint")),
        local_text(ui, TYPED, "loh-special-name", t(ui, "special_new_name"), changed=_typed, max_length=MAX_NAME),
    ]
    if named:
        renames = [button(t(ui, "special_rename", action=special_label(ui, state, a)),
                          send({"type": "special.name", "action": a}), f"loh-special-rename-{a}", filled=False)
                   for a in actions(state) if a != FIXED]
        rows.append(ft.Row([button(t(ui, "special_add"), send({"type": "special.add"}), "loh-special-add",
                                   filled=False), *renames], wrap=True, spacing=6, run_spacing=6))
    return rows

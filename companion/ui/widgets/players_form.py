"""A list of player names for games whose seats are just people (Score pad and friends)."""
from __future__ import annotations

from typing import Any, Callable

import flet as ft

from companion.core.access import is_role_id
from companion.core.schema import NAME_MAX
from companion.ui.context import UI
from companion.ui.widgets.local_text import local_text
from companion.ui.widgets.controls import button


def names_form(ui: UI, key: str, default: int, minimum: int, maximum: int
               ) -> tuple[list[ft.Control], Callable[[], list[str]]]:
    count: list[str] = ui.local.inputs.setdefault(key, [""] * default)  # one entry per name field

    async def add(e) -> None:
        if len(count) < maximum:
            count.append("")
            await ui.refresh()

    async def remove(e) -> None:
        if len(count) > minimum:
            count.pop()
            forget_name(ui, key, len(count))
            await ui.refresh()

    fields = [name_field(ui, key, i, f"player-{i}", ui.t("ui.player_name", n=i + 1), text_size=18, width=320)
              for i in range(len(count))]
    buttons = ft.Row([
        button(ui.t("ui.add_player"), add, "add-player", icon=ft.Icons.PERSON_ADD, filled=False,
               disabled=len(count) >= maximum),
        button(ui.t("ui.remove_player"), remove, "remove-player", icon=ft.Icons.PERSON_REMOVE, filled=False,
               disabled=len(count) <= minimum),
    ], wrap=True)

    def read() -> list[str]:
        return [n.strip() for n in typed_names(ui, key, len(count)) if n.strip()]

    return [*fields, buttons], read


def name_field(ui: UI, form: str, slot: int | str, ident: str, label: str, **options: Any) -> ft.Control:
    """A new-table form's name field for `slot` (a place, or a seat): its text stays on this
    device, in a field built once (widgets/local_text.py). A form is drawn again by other taps and by the saved tables' list arriving,
    and a field drawn again from what the server had seen of it put its older text back over a
    name just typed, when that render fell between the browser's text and its change event (CI
    lost a Lords of Hellas name so; tests/ui/test_typed_name_kept.py). Every game's name takes
    the one limit the core holds (schema.NAME_MAX): 40 on one form and 24 on another confused."""
    return local_text(ui, f"{form}.name.{slot}", ident, label, max_length=NAME_MAX, **options)


def typed_name(ui: UI, form: str, slot: int | str) -> str:
    return ui.local.inputs.get(f"{form}.name.{slot}", "")


def typed_names(ui: UI, form: str, count: int) -> list[str]:
    """The names typed in a form's first `count` places, in order."""
    return [typed_name(ui, form, i) for i in range(count)]


def forget_name(ui: UI, form: str, slot: int | str) -> None:
    """A field taken off the form: added again, it starts empty."""
    ui.local.inputs.pop(f"{form}.name.{slot}", None)


def player_ids(names: list[str]) -> list[str]:
    """Ids from typed names, so links and history read naturally; a blank, repeated or
    reserved ("host") name falls back to its seat number."""
    ids: list[str] = []
    for i, text in enumerate(names):
        slug = "".join(c if c.isalnum() else "_" for c in text.lower()).strip("_")
        ids.append(slug if slug and not is_role_id(slug) and slug not in ids else f"p{i + 1}")
    return ids

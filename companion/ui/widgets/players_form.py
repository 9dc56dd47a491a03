"""A list of player names for games whose seats are just people (Score pad and friends)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.core.access import is_role_id
from companion.core.schema import NAME_MAX
from companion.ui.context import UI
from companion.ui.widgets.controls import button, tagged


def names_form(ui: UI, key: str, default: int, minimum: int, maximum: int
               ) -> tuple[list[ft.Control], Callable[[], list[str]]]:
    names: list[str] = ui.local.setdefault(key, [""] * default)

    def on_name(i: int):
        async def handler(e: ft.Event) -> None:
            names[i] = e.control.value
        return handler

    async def add(e) -> None:
        if len(names) < maximum:
            names.append("")
            await ui.refresh()

    async def remove(e) -> None:
        if len(names) > minimum:
            names.pop()
            await ui.refresh()

    fields = [tagged(ft.TextField(value=n, label=ui.t("ui.player_name", n=i + 1), on_change=on_name(i),
                                  text_size=18, width=320, max_length=NAME_MAX), f"player-{i}")
              for i, n in enumerate(names)]
    buttons = ft.Row([
        button(ui.t("ui.add_player"), add, "add-player", icon=ft.Icons.PERSON_ADD, filled=False,
               disabled=len(names) >= maximum),
        button(ui.t("ui.remove_player"), remove, "remove-player", icon=ft.Icons.PERSON_REMOVE, filled=False,
               disabled=len(names) <= minimum),
    ], wrap=True)

    def read() -> list[str]:
        return [n.strip() for n in names if n.strip()]

    return [*fields, buttons], read


def player_ids(names: list[str]) -> list[str]:
    """Ids from typed names, so links and history read naturally; a blank, repeated or
    reserved ("host") name falls back to its seat number."""
    ids: list[str] = []
    for i, text in enumerate(names):
        slug = "".join(c if c.isalnum() else "_" for c in text.lower()).strip("_")
        ids.append(slug if slug and not is_role_id(slug) and slug not in ids else f"p{i + 1}")
    return ids

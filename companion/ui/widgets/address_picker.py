"""Which address this tablet's QR codes carry, and the "Phones can't connect?" picker that changes it.

The address the tablet itself opened is one the room's network reaches, so it beats
detection; `--url` beats both; a choice made here beats everything, for this tablet only.
"""
from __future__ import annotations

from urllib.parse import urlsplit

import flet as ft

from companion.server.net import is_local_host, page_base
from companion.ui.context import UI
from companion.ui.widgets.controls import button, tagged


def phone_base(ui: UI) -> str:
    """The base URL for this tablet's join links."""
    if ui.picked_base:
        return ui.picked_base
    if ui.server.fixed:
        return ui.server.base_url
    return page_base(_page_url(ui.page)) or ui.server.base_url


def other_bases(ui: UI) -> list[str]:
    """Addresses the host may switch to: the tablet's own, `--url` or the detected one, then every
    other detected address; never localhost, which no phone reaches."""
    current = phone_base(ui)
    found = [page_base(_page_url(ui.page)), ui.server.base_url, *ui.server.addresses]
    others: list[str] = []
    for url in found:
        if url and url != current and url not in others and not _local(url):
            others.append(url)
    return others


TROUBLE_OPEN = "join.trouble_open"


def address_picker(ui: UI, opened: bool) -> ft.Control:
    """A small link that opens the list of other addresses; picking one redraws the codes."""
    others = other_bases(ui)
    choices: list[ft.Control] = [
        button(url, _pick(ui, url), f"join-address-{i}", filled=False, height=48)
        for i, url in enumerate(others)
    ]
    help_key = "ui.join_trouble_help" if others else "ui.join_trouble_none"
    panel = ft.Column([ft.Text(ui.t(help_key, url=phone_base(ui)), size=14), *choices], spacing=8, tight=True)

    async def toggle(e: ft.Event) -> None:
        ui.local[TROUBLE_OPEN] = not opened
        await ui.refresh()

    link = tagged(ft.TextButton(ui.t("ui.join_trouble"), icon=ft.Icons.HELP_OUTLINE, on_click=toggle, height=48),
                  "join-trouble")
    # Folded, the list is left out (not hidden): Flutter draws an error box for a Semantics
    # wrapper around an invisible control.
    return ft.Column([link, *([tagged(panel, "join-addresses")] if opened else [])], spacing=4, tight=True)


def _pick(ui: UI, url: str):
    async def handler(e: object) -> None:
        ui.picked_base = url
        ui.local[TROUBLE_OPEN] = False  # the list folds away: the codes below are the news
        await ui.refresh()
    return handler


def _page_url(page: object) -> str | None:
    try:
        return page.url
    except (AttributeError, RuntimeError):  # the tab went away: no connection, or no session
        return None


def _local(url: str) -> bool:
    return is_local_host(urlsplit(url).hostname or "")

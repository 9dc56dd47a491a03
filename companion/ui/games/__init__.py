"""Per-game panels: one package per game, named by its plugin record in the registry."""
from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Callable, Protocol

import flet as ft

from companion.games.registry import PLUGINS
from companion.ui.context import UI


class GameUI(Protocol):
    def setup_form(self, ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
        """Controls for the new-table form and a function that reads them into options."""

    def board(self, ui: UI, snap: dict) -> ft.Control:
        """The game's panel for this device's snapshot."""


@cache
def game_uis() -> dict[str, GameUI]:
    """Each registered game's UI, imported on first use so the core never loads Flet."""
    return {game_id: import_module(p.ui).UI_ for game_id, p in PLUGINS.items()}

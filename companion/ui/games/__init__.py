"""Per-game panels. A game's UI is one module here and one line in `GAME_UIS`."""
from __future__ import annotations

from typing import Callable, Protocol

import flet as ft

from companion.ui.context import UI


class GameUI(Protocol):
    def setup_form(self, ui: UI) -> tuple[list[ft.Control], Callable[[], dict]]:
        """Controls for the new-table form and a function that reads them into options."""

    def board(self, ui: UI, snap: dict) -> ft.Control:
        """The game's panel for this device's snapshot."""


def game_uis() -> dict[str, GameUI]:
    from companion.ui.games import cyclades, fleecing_olympus, kleos, lords_of_hellas, scorepad

    return {"scorepad": scorepad.UI_, "cyclades": cyclades.UI_, "lords_of_hellas": lords_of_hellas.UI_,
            "kleos": kleos.UI_, "fleecing_olympus": fleecing_olympus.UI_}

"""The record that makes a game a plugin: everything the server needs, found in one place.

Each game package builds its own record (`companion/games/<game>/__init__.py`) and the
registry lists the records, one line each. The UI is named, not imported, so the core
and the pure games never load Flet.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.core.game import Game
from companion.core.secrets import Secrets


@dataclass(frozen=True)
class Plugin:
    game: Game
    ui: str
    """Dotted name of the game's Flet package under `companion.ui.games`."""
    strings: tuple[str, ...]
    """Its string catalogues (`companion/games/<game>/strings/<name>.yaml`), looked up as `<name>.<key>`."""
    rules: str | None
    """Its folder under `rules_data/`, or None for a game without a rules look-up."""

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> str:
        return self.game.title

    @property
    def secrets(self) -> Secrets:
        """What of its state and events belongs to one seat: every door out of the server cuts by it."""
        return self.game.secrets

    @property
    def player_counts(self) -> range:
        return range(self.game.min_seats, self.game.max_seats + 1)

"""Score pad: the smallest real game, so the table server is usable before any board game lands.

This module is the package's public face: the UI and the hub import only what it
names; every other module here is private.
"""
from __future__ import annotations

from companion.core.plugin import Plugin
from companion.games.scorepad.game import GAME

PLUGIN = Plugin(game=GAME, ui="companion.ui.games.scorepad", strings=("scorepad",), rules=None)

__all__ = ["GAME", "PLUGIN"]

"""Which games this server can host. Adding a game is one line in `PLUGINS`.

Everything else (the hub, the API, the start screen, the UI, the rules look-up,
the contract tests) finds games here.
"""
from __future__ import annotations

from companion.core.game import Game
from companion.core.plugin import Plugin
from companion.games import cyclades, fleecing_olympus, kleos, lords_of_hellas, scorepad

PLUGINS: dict[str, Plugin] = {
    p.id: p for p in (kleos.PLUGIN, cyclades.PLUGIN, lords_of_hellas.PLUGIN, fleecing_olympus.PLUGIN, scorepad.PLUGIN)
}

GAMES: dict[str, Game] = {game_id: p.game for game_id, p in PLUGINS.items()}

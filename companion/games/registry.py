"""Which games this server can host. Adding a game is one line here."""
from __future__ import annotations

from companion.games.base import Game
from companion.games.cyclades.game import GAME as CYCLADES
from companion.games.fleecing_olympus.game import GAME as FLEECING_OLYMPUS
from companion.games.kleos.game import GAME as KLEOS
from companion.games.lords_of_hellas.game import GAME as LORDS_OF_HELLAS
from companion.games.scorepad.game import GAME as SCOREPAD

GAMES: dict[str, Game] = {g.id: g for g in (KLEOS, CYCLADES, LORDS_OF_HELLAS, FLEECING_OLYMPUS, SCOREPAD)}

# Shown on the start screen as "coming" until their plugin lands, so nobody meets an error.
COMING: dict[str, str] = {
    "kleos": "Kleos",
    "cyclades": "Cyclades",
    "lords_of_hellas": "Lords of Hellas",
    "fleecing_olympus": "Fleecing Olympus",
}

"""Kleos: Glory, days and phases, Olympus' Favor, Dusk scoring, dice and combat odds.

This module is the package's public face: the UI and the hub import only what it
names; every other module here is private.
"""
from __future__ import annotations

from companion.core.plugin import Plugin
from companion.games.kleos.drafts import DUSK_SHEET, TIEBREAK, answers as tiebreak_answers, sheet as dusk_draft
from companion.games.kleos.dice import GODLY, MAX_DICE, count_successes, pool, roll
from companion.games.kleos.odds import Fighter, combat, competing, recruit
from companion.games.kleos.phases import scored
from companion.games.kleos.rules import FREE_REASONS, MAX_STEP, MAX_TEXT, STEPPED_REASONS
from companion.games.kleos.scoring import LOCATION_GLORY, MAX_IN_PLAY, controller, dusk_glory, read_board
from companion.games.kleos.setup import CHECKLIST, FIRST_TEMPLE, GODS, GOD_COLOURS, TEMPLES_BY_COUNT
from companion.games.kleos.state import LAST_DAY
from companion.games.kleos.tiebreak import CHAMPION, EPICS, MAX_EPICS, NOWHERE
from companion.games.kleos.odds import Hunter, MAX_SIDES, MINOTAUR, alone, competing_many
from companion.games.kleos.game import GAME
from companion.games.kleos.moves import ACTIONS, allowed

PLUGIN = Plugin(game=GAME, ui="companion.ui.games.kleos", strings=("kleos", "kleos_tools"), rules="kleos")

__all__ = ["ACTIONS", "CHAMPION", "CHECKLIST", "DUSK_SHEET", "EPICS", "FIRST_TEMPLE", "FREE_REASONS", "Fighter", "GAME", "GODLY", "GODS", "GOD_COLOURS", "Hunter", "LAST_DAY", "LOCATION_GLORY", "MAX_DICE", "MAX_EPICS", "MAX_IN_PLAY", "MAX_SIDES", "MAX_STEP", "MAX_TEXT", "MINOTAUR", "NOWHERE", "PLUGIN", "STEPPED_REASONS", "TEMPLES_BY_COUNT", "TIEBREAK", "allowed", "alone", "combat", "competing", "competing_many", "controller", "count_successes", "dusk_draft", "dusk_glory", "pool", "read_board", "recruit", "roll", "scored", "tiebreak_answers"]

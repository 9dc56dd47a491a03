"""Cyclades: hidden gold, the offering auction, metropolises and battle odds.

This module is the package's public face: the UI and the hub import only what it
names; every other module here is private.
"""
from __future__ import annotations

from companion.core.plugin import Plugin
from companion.games.cyclades.allowed import allowed, offer_limit, shop
from companion.games.cyclades.auction import dues, next_bidder
from companion.games.cyclades.gods import APOLLO, TILES, face_up_count, needs_reveal
from companion.games.cyclades.gold import ITEMS, temple_discount
from companion.games.cyclades.odds import MAX_REROLLS, BattleOdds, HERO_STRENGTH, Side, retreat_table
from companion.games.cyclades.setup import BUILDINGS
from companion.games.cyclades.tracker import COUNTS, creatures_of, factions_of, is_out, total
from companion.games.cyclades.gold import GRIFFIN, HEROIC, TOP_CREATURE, next_heroic_price
from companion.games.cyclades.heroes import movers
from companion.games.cyclades.odds import opening
from companion.games.cyclades.game import GAME

PLUGIN = Plugin(game=GAME, ui="companion.ui.games.cyclades", strings=("cyclades",), rules="cyclades")

__all__ = ["APOLLO", "BUILDINGS", "BattleOdds", "COUNTS", "GAME", "GRIFFIN", "HEROIC", "HERO_STRENGTH", "ITEMS", "MAX_REROLLS", "PLUGIN", "Side", "TILES", "TOP_CREATURE", "allowed", "creatures_of", "dues", "face_up_count", "factions_of", "is_out", "movers", "needs_reveal", "next_bidder", "next_heroic_price", "offer_limit", "opening", "retreat_table", "shop", "temple_discount", "total"]

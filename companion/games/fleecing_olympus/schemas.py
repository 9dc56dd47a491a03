"""The shape of every Fleecing Olympus request; whose turn it is and what gems allow stay in the handlers."""
from __future__ import annotations

from companion.core.schema import EventSchema, OptionsSchema, Word, few, table_of, whole
from companion.games.fleecing_olympus.cards import MAX_WAGER_CHANGE
from companion.games.fleecing_olympus.rules import MAX_AMOUNT
from companion.games.fleecing_olympus.setup import MAX_PLAYERS

Die = whole(1, 6)
Gems = whole(1, MAX_AMOUNT)


class Options(OptionsSchema):
    players: few(Word, MAX_PLAYERS, 1)
    deities: few(Word | None, MAX_PLAYERS) | table_of(Word, Word) | None = None


class OpeningRoll(EventSchema):
    # Rounds of 2d6 per player still tied; the app rolls them when they are left out.
    rounds: few(table_of(Word, few(Die, 2, 2), MAX_PLAYERS), 32, 1) | None = None


class Power(EventSchema):
    side: Word
    to: Word | None = None
    pick: Word | None = None
    pay: whole(0, MAX_AMOUNT) | None = None
    discard: bool = True
    neighbour: Word | None = None
    borrow: Word | None = None


class Tribute(EventSchema):
    pay: bool
    seat: Word | None = None


class Roll(EventSchema):
    target: Word | None = None
    dice: few(Die, 2, 2) | None = None


class Card(EventSchema):
    kind: Word
    seat: Word | None = None
    wager: whole(-MAX_WAGER_CHANGE, MAX_WAGER_CHANGE) | None = None
    resist: Word | None = None
    cancel: bool | None = None
    flip: bool | None = None
    reroll: few(whole(0, 1), 2, 1) | None = None
    values: few(Die, 2) | None = None
    target: Word | None = None
    judgment: Word | None = None
    take: Gems | None = None
    share: table_of(Word, Gems, MAX_PLAYERS) | None = None


class Give(EventSchema):
    to: Word | None = None
    amount: Gems
    seat: Word | None = None


class Reveal(EventSchema):
    open: bool = True


class Bare(EventSchema):
    """stop, resolve, deck_out, end: the sender is all they need."""

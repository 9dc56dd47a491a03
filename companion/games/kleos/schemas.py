"""The shape of every Kleos request; the rules (phase, steps, who holds what) stay in `rules.py`."""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

from companion.core.schema import EventSchema, Name, OptionsSchema, Word, table_of, whole
from companion.games.kleos.dice import MAX_DICE
from companion.games.kleos.rules import MAX_STEP

# One player's count at one location: [minions, champion there?].
Entry = Annotated[list[int | bool], Field(min_length=2, max_length=2)]


class Options(OptionsSchema):
    temples: table_of(Word, Word) | None = None


class SetupCheck(EventSchema):
    item: Word
    done: bool


class SetupTemples(EventSchema):
    temples: table_of(Word, Word)


class FirstPlayerSet(EventSchema):
    player: Word


class PhaseNext(EventSchema):
    pass


class GloryAdd(EventSchema):
    player: Word
    reason: Word
    amount: whole(-MAX_STEP, MAX_STEP) | None = None
    note: Name | None = None
    also: Word | None = None  # a second stepped reason in the same change (a kill that Slaughters)


class DiceRoll(EventSchema):
    dice: whole(0, MAX_DICE)
    godly: bool = False


class FavorGive(EventSchema):
    player: Word
    minion: Name | None = None


class FavorClear(EventSchema):
    pass


class DuskScore(EventSchema):
    # Left out, the table's Dusk sheet is scored; sent, it must be that sheet (drafts.confirmed).
    board: table_of(Word, table_of(Word, Entry)) | None = None


class TiebreakAnswer(EventSchema):
    criterion: Word
    values: table_of(Word, whole(0, 999) | Word)

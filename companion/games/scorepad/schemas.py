"""The shape of every Score pad request; the reducer then checks the players exist."""
from __future__ import annotations

from companion.core.schema import EventSchema, Name, Note, OptionsSchema, Reason, Word, few, table_of, whole

MAX_POINTS = 10_000


class Options(OptionsSchema):
    players: few(Name, 12, 1)
    names: table_of(Word, Name) | None = None


class PointsAdd(EventSchema):
    player: Word
    amount: whole(-MAX_POINTS, MAX_POINTS)
    reason: Reason | None = None


class NoteSet(EventSchema):
    player: Word
    text: Note


class GameEnd(EventSchema):
    pass

"""The building blocks every game's `schemas.py` declares its events and options with.

A schema says only what shape a request may have (types, required fields,
lengths, ranges); whether the rules allow it right now stays the reducer's
question. Each bound is generous for real play and small enough that no
handler can be made to loop, store or send something huge.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationInfo

from companion.core import names

NAME_MAX = 40
REASON_MAX = 200
NOTE_MAX = 500
# Bounds a list or mapping that names players, dice or slots: no table comes near it.
ITEMS_MAX = 16



def _name(text: str, info: ValidationInfo) -> str:
    return names.isolated(text, info.field_name or "name")


def _word(text: str, info: ValidationInfo) -> str:
    return names.plain(text, info.field_name or "id")


# A name a person typed: no control characters, right-to-left text isolated (core/names.py).
Name = Annotated[str, StringConstraints(max_length=NAME_MAX), AfterValidator(_name)]
Reason = Annotated[str, StringConstraints(max_length=REASON_MAX)]
Note = Annotated[str, StringConstraints(max_length=NOTE_MAX)]
# A player, faction, item or location id: the reducer checks it exists; the schema only bounds it
# (and refuses control characters: an id stands for a name where none was given).
Word = Annotated[str, StringConstraints(max_length=NAME_MAX), AfterValidator(_word)]


def whole(low: int, high: int) -> Any:
    """An int from `low` to `high`: strict, so true, 1.0 or "1" are refused, not read as 1."""
    return Annotated[int, Field(ge=low, le=high)]


def few(item: Any, most: int = ITEMS_MAX, least: int = 0) -> Any:
    """A list of at most `most` items: no request can make a handler walk a long one."""
    return Annotated[list[item], Field(min_length=least, max_length=most)]


def table_of(key: Any, value: Any, most: int = ITEMS_MAX) -> Any:
    """A mapping of at most `most` entries, for the same reason."""
    return Annotated[dict[key, value], Field(max_length=most)]


class Part(BaseModel):
    """A declared object: strict types, and any field not declared is refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class EventSchema(Part):
    """One event type's fields. `type` is checked by the hub; every other field is declared."""

    type: Word


class OptionsSchema(Part):
    """What every game's options share: players in seat order, their names and colours, the seed."""

    players: few(Word, ITEMS_MAX, 1)
    names: table_of(Word, Name) | few(Name) | None = None
    colours: table_of(Word, Word) | None = None
    seed: whole(0, 2**63) | None = None

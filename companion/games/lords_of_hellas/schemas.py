"""The shape of every Lords of Hellas request; `guards.py` and the handlers keep the rules."""
from __future__ import annotations

from companion.core.schema import EventSchema, Name, OptionsSchema, Part, Word, few, table_of, whole
from companion.games.lords_of_hellas.hunt import MAX_SLOTS
from companion.games.lords_of_hellas.options import MAX_SEATS

MAX_COUNT = 999
Count = whole(0, MAX_COUNT)


class Options(OptionsSchema):
    players: few(Word, MAX_SEATS, 1)  # type: ignore[valid-type]
    conditions: table_of(Word, bool) | None = None  # type: ignore[valid-type]
    thresholds: table_of(Word, whole(1, MAX_COUNT)) | None = None  # type: ignore[valid-type]


class TrackerSet(EventSchema):
    player: Word
    field: Word
    value: Count  # type: ignore[valid-type]


class TurnRegular(EventSchema):
    action: Word
    count: Count | None = None  # type: ignore[valid-type]
    monument: Word | None = None


class TurnSpecial(EventSchema):
    action: Word


class TurnStep(EventSchema):
    step: Word


class TurnEnd(EventSchema):
    pass


class MonumentBuild(EventSchema):
    monument: Word


class MonumentControl(EventSchema):
    monument: Word
    player: Word | None = None


class CombatCard(Part):
    strength: Count = 0  # type: ignore[valid-type]
    casualties: Count = 0  # type: ignore[valid-type]


class Side(Part):
    player: Word
    base: Count = 0  # type: ignore[valid-type]
    hoplites: Count = 0  # type: ignore[valid-type]
    fortified: Count = 0  # type: ignore[valid-type]
    can_retreat: bool = True
    cards: few(CombatCard, 32) = []  # type: ignore[valid-type]


class BattleResolve(EventSchema):
    attacker: Side
    defender: Side


class HuntStart(EventSchema):
    monster: Name
    slots: few(Word, MAX_SLOTS, 1)  # type: ignore[valid-type]


class HuntAttack(EventSchema):
    wounds: few(whole(0, MAX_SLOTS - 1), MAX_SLOTS)  # type: ignore[valid-type]


class HuntClaim(EventSchema):
    slot: whole(0, MAX_SLOTS - 1)  # type: ignore[valid-type]


EVENTS = {
    "tracker.set": TrackerSet,
    "turn.regular": TurnRegular,
    "turn.special": TurnSpecial,
    "turn.step": TurnStep,
    "turn.end": TurnEnd,
    "monument.build": MonumentBuild,
    "monument.control": MonumentControl,
    "battle.resolve": BattleResolve,
    "hunt.start": HuntStart,
    "hunt.attack": HuntAttack,
    "hunt.claim": HuntClaim,
}

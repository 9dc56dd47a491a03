"""The shape of every Lords of Hellas request; `guards.py` and the handlers keep the rules."""
from __future__ import annotations

from companion.core.schema import EventSchema, Name, OptionsSchema, Part, Word, few, table_of, whole
from companion.games.lords_of_hellas.hunt import MAX_SLOTS
from companion.games.lords_of_hellas.options import MAX_SEATS

MAX_COUNT = 999
Count = whole(0, MAX_COUNT)


class Options(OptionsSchema):
    players: few(Word, MAX_SEATS, 1)
    conditions: table_of(Word, bool) | None = None
    thresholds: table_of(Word, whole(1, MAX_COUNT)) | None = None


class TrackerSet(EventSchema):
    player: Word
    field: Word
    value: Count


class TurnRegular(EventSchema):
    action: Word
    count: Count | None = None
    monument: Word | None = None


class TurnSpecial(EventSchema):
    action: Word


class TurnStep(EventSchema):
    step: Word


class TurnEnd(EventSchema):
    pass


class SpecialName(EventSchema):
    action: Word
    name: Name


class SpecialAdd(EventSchema):
    name: Name


class MonumentBuild(EventSchema):
    monument: Word


class MonumentControl(EventSchema):
    monument: Word
    player: Word | None = None


class CombatCard(Part):
    strength: Count = 0
    casualties: Count = 0


class Side(Part):
    player: Word
    base: Count = 0  # Army Strength beyond the Hoplites and the cards (a card's text, an ability, a Blessing)
    hoplites: Count = 0
    fortified: Count = 0
    can_retreat: bool = True
    cards: few(CombatCard, 32) = []


class BattleResolve(EventSchema):
    attacker: Side
    defender: Side


class HuntStart(EventSchema):
    monster: Name
    slots: few(Word, MAX_SLOTS, 1)


class HuntAttack(EventSchema):
    wounds: few(whole(0, MAX_SLOTS - 1), MAX_SLOTS)


class HuntClaim(EventSchema):
    slot: whole(0, MAX_SLOTS - 1)

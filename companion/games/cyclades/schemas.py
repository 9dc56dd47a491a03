"""The shape of every Cyclades request. Amounts are bounded far above any real game's gold,
so no purchase, bid or correction can be made to loop or overflow."""
from __future__ import annotations

from companion.core.schema import EventSchema, Name, OptionsSchema, Reason, Word, few, table_of, whole

MAX_GOLD = 999
MAX_DELTA = 99
MAX_COUNT = 20


class Options(OptionsSchema):
    players: few(Word, 5, 1)
    factions: table_of(Word, few(Word, 2)) | None = None


class Start(EventSchema):
    order: few(Word, 10) | None = None
    gods: few(Word, 5) | None = None


class ChecklistTick(EventSchema):
    step: Word
    done: bool = True


class PhaseNext(EventSchema):
    revealed: Word | None = None


class Income(EventSchema):
    player: Word
    prosperity: whole(0, MAX_GOLD)


class OfferingBid(EventSchema):
    faction: Word
    god: Word
    amount: whole(1, MAX_GOLD) | None = None


class OfferingPay(EventSchema):
    pass


class MaintenanceKeep(EventSchema):
    player: Word
    keep: few(Name, 32)


class ActionDone(EventSchema):
    faction: Word


class GoldSpend(EventSchema):
    player: Word
    item: Word
    count: whole(1, MAX_COUNT) = 1
    creature: Word | None = None  # the top card Zeus played, when it is one whose effect the app applies


class GoldCreature(EventSchema):
    player: Word
    price: whole(1, MAX_GOLD)
    standee: Name | None = None
    creature: Word | None = None  # a one-shot creature whose effect the app applies (the Griffin)


class GoldGain(EventSchema):
    player: Word
    amount: whole(1, MAX_GOLD)
    reason: Reason | None = None


class GoldGriffin(EventSchema):
    player: Word
    victim: Word


class TrackerAdjust(EventSchema):
    player: Word
    faction: Word | None = None
    item: Word
    delta: whole(-MAX_DELTA, MAX_DELTA)


class TrackerCreature(EventSchema):
    player: Word
    faction: Word | None = None
    creature: Name
    delta: whole(-1, 1)


class PlayerEliminate(EventSchema):
    player: Word

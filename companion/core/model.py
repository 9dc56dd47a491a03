"""Plain data shared by the store, the hub, the API and the views.

State and events are JSON-able dicts so they store in TinyDB and travel to the
browser unchanged; only the table's identity gets a dataclass.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from companion.i18n import catalogue, t


class RuleError(Exception):
    """A refusal the player should read: the rules (or the input) forbid this.

    It carries a message key and its values, not a sentence, because the game does not
    know who will read it: each device words it in its own language with `text(lang)`.
    A value that is itself a message key (a role, a phase, a card type) is worded too, and a
    list of them is joined, so no English word leaks into a Portuguese sentence. `message` is the English text,
    for logs and for API clients that read only "error".
    """

    def __init__(self, key: str, /, **values: object) -> None:
        self.key = key
        self.values = values
        self.message = self.text("en")
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        return worded(self.key, lang, self.values)


def worded(key: str, lang: str, values: dict[str, object]) -> str:
    """A refusal's text in `lang`, each of its values worded there too (see RuleError)."""
    return t(key, lang, **{name: _word(value, lang) for name, value in values.items()})


def _word(value: object, lang: str) -> object:
    """A value as it reads in `lang`: a message key worded, a list of choices joined, a text
    already worded in each language (`{"en": ..., "pt": ...}`) taken in `lang`."""
    if isinstance(value, dict) and lang in value:
        return value[lang]
    if isinstance(value, (list, tuple)):
        return " / ".join(str(_word(v, lang)) for v in value)
    if isinstance(value, str) and value in catalogue():
        return t(value, lang)
    return value


@dataclass
class Seat:
    """One place at the table: a player id (a god, a colour, a name), its invitation and key.

    `token` is the invitation a QR code carries, spent once a device claimed the
    seat; `key` is what that device keeps; `moved` holds the keys of devices the
    seat was taken from, so such a device can be told why it no longer opens it.
    `device` marks the device that claimed it (a hash of the id its browser keeps),
    so that device alone gets the key again if it asks again (its answer was lost).
    `tablet`: the player has no phone and plays on the tablet, which then may open
    this seat's private screen (kept by the table: it survives a tablet reload).
    """

    id: str
    name: str
    token: str
    colour: str | None = None
    key: str | None = None
    moved: list[str] = field(default_factory=list)
    device: str | None = None
    tablet: bool = False

    @property
    def joined(self) -> bool:
        return bool(self.key)


@dataclass
class Table:
    """What a table is before any event: its game, options, seats and tokens."""

    id: str
    game: str
    options: dict
    seats: list[Seat]
    host_token: str
    spectator_token: str
    created: float
    initial_state: dict = field(default_factory=dict)
    # The tablet's link (host_token) was opened by a device, which keeps it: a photo or a
    # typed copy of that link no longer gives another device the tablet's powers.
    host_link_used: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "Table":
        seats = [Seat(**s) for s in data["seats"]]
        return cls(**{**data, "seats": seats})

    def seat(self, seat_id: str) -> Seat | None:
        return next((s for s in self.seats if s.id == seat_id), None)

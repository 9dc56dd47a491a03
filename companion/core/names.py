"""Names people type (players, seats, what a game lets them name), made safe to show in any label.

A name sits inside other words on every screen ("Undo: Ana +1"), so it may hold neither a
character that breaks a line or a tile (NUL, ESC, newline: any control character) nor one that
reorders the text around it. Explicit direction marks and overrides are refused like controls;
a name written in a right-to-left script is kept, wrapped in a first-strong isolate (U+2068 …
U+2069), so it reads right to left inside itself and cannot move the label's other words.

The schema types (core/schema.py: `Name`, `Word`) call these, so every request that carries a
name, from a screen's form or from the API, passes here, and nowhere else.

A table saved before this rule can hold such names. They are cleaned as the table is read
(`saved_record`, `saved_event`: what the rule would have let in, never a refusal, since the
table is already there), and its file is left as it was: the names under a `name` or `names`
key, which is where a seat, a game's list of players and a change's line keep them.
"""
from __future__ import annotations

import unicodedata
from typing import Any

from companion.core.model import RuleError

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate and its end
# Format characters a name may need: joiners inside emoji and some scripts' words, and the
# tags that spell a subdivision flag (🏴 + tags). Every other format character is refused.
KEPT_FORMAT = frozenset({"\u200c", "\u200d"}) | frozenset(map(chr, range(0xE0020, 0xE0080)))
_BREAKS = frozenset({"Cc", "Zl", "Zp"})
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})
NAME_KEYS = ("name", "names")


def _refused(char: str) -> bool:
    kind = unicodedata.category(char)
    return kind in _BREAKS or (kind == "Cf" and char not in KEPT_FORMAT)


def plain(text: str, field: str = "name") -> str:
    """`text` unchanged; RuleError if it holds a control or formatting character."""
    if text.isascii() and text.isprintable():  # the usual case, checked at C speed
        return text
    for char in text:
        if _refused(char):
            raise RuleError("names.control", field=field, code=f"U+{ord(char):04X}")
    return text


def isolated(text: str, field: str = "name") -> str:
    """`text` as it may be shown: checked as `plain`, and wrapped in an isolate when it holds
    right-to-left text. A name already wrapped so (read back, sent again) comes out the same."""
    if len(text) >= 2 and text[0] == FSI and text[-1] == PDI:
        text = text[1:-1]
    plain(text, field)
    if text.isascii() or not any(unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in text):
        return text
    return FSI + text + PDI


def cleaned(text: str) -> str:
    """A saved name as `isolated` would have let it in: control and formatting characters
    dropped, right-to-left text isolated. A name `isolated` keeps comes out the same."""
    if text.isascii() and text.isprintable():
        return text
    if len(text) >= 2 and text[0] == FSI and text[-1] == PDI:
        text = text[1:-1]
    return isolated("".join(char for char in text if not _refused(char)))


def _names_in(value: Any) -> Any:
    """The value of a `name` or `names` key with its texts cleaned (a text, a list or a mapping of them)."""
    if isinstance(value, str):
        return cleaned(value)
    if isinstance(value, list):
        return [cleaned(v) if isinstance(v, str) else v for v in value]
    if isinstance(value, dict):
        return {k: cleaned(v) if isinstance(v, str) else v for k, v in value.items()}
    return value


def saved_event(event: dict) -> dict:
    """A change read from a table's file, its names cleaned: `event` itself when they are clean
    (two lookups for most changes, which carry no name, so a large table opens no slower)."""
    name = event.get("name")
    if "names" not in event and (name is None or (type(name) is str and name.isascii() and name.isprintable())):
        return event
    found = {key: new for key in NAME_KEYS if key in event and (new := _names_in(event[key])) != event[key]}
    return {**event, **found} if found else event


def saved_record(record: Any) -> Any:
    """A table's own record read from its file (seats, options, the game's first state), its names
    cleaned at any depth; the same object when nothing changes."""
    if isinstance(record, list):
        items = [saved_record(v) for v in record]
        return items if any(a is not b for a, b in zip(items, record)) else record
    if not isinstance(record, dict):
        return record
    out = {k: _names_in(v) if k in NAME_KEYS else saved_record(v) for k, v in record.items()}
    return out if any(out[k] is not record[k] and out[k] != record[k] for k in record) else record

"""Names people type (players, seats, what a game lets them name), made safe to show in any label.

A name sits inside other words on every screen ("Undo: Ana +1"), so it may hold neither a
character that breaks a line or a tile (NUL, ESC, newline: any control character) nor one that
reorders the text around it. Explicit direction marks and overrides are refused like controls;
a name written in a right-to-left script is kept, wrapped in a first-strong isolate (U+2068 …
U+2069), so it reads right to left inside itself and cannot move the label's other words.

The schema types (core/schema.py: `Name`, `Word`) call these, so every request that carries a
name, from a screen's form or from the API, passes here, and nowhere else.
"""
from __future__ import annotations

import unicodedata

from companion.core.model import RuleError

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate and its end
# Format characters a name may need: joiners inside emoji and some scripts' words, and the
# tags that spell a subdivision flag (🏴 + tags). Every other format character is refused.
KEPT_FORMAT = frozenset({"\u200c", "\u200d"}) | frozenset(map(chr, range(0xE0020, 0xE0080)))
_BREAKS = frozenset({"Cc", "Zl", "Zp"})
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})


def plain(text: str, field: str = "name") -> str:
    """`text` unchanged; RuleError if it holds a control or formatting character."""
    if text.isascii() and text.isprintable():  # the usual case, checked at C speed
        return text
    for char in text:
        kind = unicodedata.category(char)
        if kind in _BREAKS or (kind == "Cf" and char not in KEPT_FORMAT):
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

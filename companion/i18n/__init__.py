"""UI strings in English and Portuguese.

Shared strings live in `strings/<name>.yaml` here; each game keeps its own in
`companion/games/<game>/strings/<name>.yaml`, so a game stays in its folders. Every
file holds `key: {en: "...", pt: "..."}`, both languages side by side so a missing
translation is visible in review and caught by a test. A key is looked up as
`"<name>.<key>"`, e.g. `t("kleos.next_phase", "pt")`.

A text that counts something is worded for its number: beside `key` (the plural, "{n} gems")
stands `key_one` ("{n} gem"), and `t(key, lang, n=3)` picks the form CLDR gives 3 in `lang`
(numbers.count); a hand-written "gem(s)" is never needed.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

LANGS = ("en", "pt")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent / "strings"
_GAMES_DIR = Path(__file__).parents[1] / "games"


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """Every string, keyed "<module>.<key>"; loaded once per process."""
    out: dict[str, dict[str, str]] = {}
    for path in [*sorted(_DIR.glob("*.yaml")), *sorted(_GAMES_DIR.glob("*/strings/*.yaml"))]:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key, texts in data.items():
            out[f"{path.stem}.{key}"] = texts
    return out


def t(key: str, lang: str = DEFAULT_LANG, **values: object) -> str:
    """The text for `key` in `lang`, English if that language lacks it, the key if both do."""
    texts = catalogue().get(key)
    if texts is None:
        return key
    if not isinstance(values.get("n"), bool) and isinstance(values.get("n"), (int, float)) \
            and f"{key}_one" in catalogue():
        from companion.i18n.numbers import count  # numbers builds on this module
        return count(key, values.pop("n"), lang, **values)
    text = texts.get(lang) or texts.get(DEFAULT_LANG) or key
    if not values:
        return text
    text = _one_stop(text, values).format(**values)
    return _POSSESSIVE.sub("'", text) if lang == "en" else text


def _one_stop(text: str, values: dict) -> str:
    """A value that is a whole sentence already ends itself ("Ana goes to Apollo."): the
    template's own full stop after it would read "Apollo..", so it is left out."""
    for name, value in values.items():
        if isinstance(value, str) and value.rstrip().endswith(_ENDS):
            text = text.replace("{" + name + "}.", "{" + name + "}")
    return text


_ENDS = (".", "!", "?", "…")


# One English possessive rule: a name ending in s takes the apostrophe alone, as the game's
# own "Olympus' Favor" and "Zeus' Pity" do, so "Hermes' turn" sits beside them (not "Hermes's").
_POSSESSIVE = re.compile(r"(?<=s)'s\b")


def missing(lang: str) -> list[str]:
    """Keys with no text in `lang`; the completeness test wants this empty."""
    return [k for k, v in catalogue().items() if not v.get(lang)]

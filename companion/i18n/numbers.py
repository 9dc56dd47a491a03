"""Numbers, percentages and plurals in the device's language, by Babel's CLDR data.

Hand formatting gave "média 17.0" on a Portuguese screen beside "25,9%", and
"1 plays"; CLDR knows each language's decimal mark and plural rules (Portuguese
counts 0 and 1 as singular, English only 1), so no screen decides them itself.
A plural string is two catalogue keys, `<key>_one` and `<key>_other` (the CLDR
categories our two languages use); the count is passed to it as `{n}`, already
formatted.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache

from babel import Locale
from babel.numbers import format_decimal, format_percent

from companion.i18n import DEFAULT_LANG, catalogue, t

# Our languages as CLDR locales: the Portuguese of the tables we play at is Brazil's.
LOCALES = {"en": "en", "pt": "pt_BR"}

Number = int | float | Fraction | Decimal


@cache
def locale(lang: str) -> Locale:
    return Locale.parse(LOCALES.get(lang, LOCALES[DEFAULT_LANG]))


def _plain(value: Number) -> float | int | Decimal:
    return float(value) if isinstance(value, Fraction) else value


def number(value: Number, lang: str, digits: int = 0) -> str:
    """`value` with exactly `digits` decimals ("17,0" in Portuguese, "17.0" in English)."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(_plain(value), format=pattern, locale=locale(lang))


def percent(value: Number, lang: str, digits: int = 1) -> str:
    """A chance (0..1) as a percentage: "25,9%" / "25.9%"."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "") + "%"
    return format_percent(_plain(value), format=pattern, locale=locale(lang))


def plural_form(n: Number, lang: str) -> str:
    """The CLDR plural category of `n` in `lang` ("one", "other", …)."""
    return locale(lang).plural_form(abs(_plain(n)))


def count(key: str, n: Number, lang: str, **values: object) -> str:
    """The catalogue text `<key>_<form>` for `n`, the count given to it as `{n}` in the
    language's digits; `<key>_other` (or `<key>` itself, for a text that is the plural) stands in
    for a form a language does not spell out."""
    form = f"{key}_{plural_form(n, lang)}"
    chosen = next((k for k in (form, f"{key}_other") if k in catalogue()), key)
    shown = number(n, lang) if isinstance(n, int) else number(n, lang, 1)
    return t(chosen, lang, n=shown, **values)

"""Moments in the device's language, by Babel's CLDR data.

The start screen read "07/12 13:22" for a saved table beside "2026-12-07 13:22" for a finished
play: each screen formatted its own. One form per language, from CLDR: the day with the month
in words (never a bare 07/12 that reads as July in English) and the time as that language
writes it.
"""
from __future__ import annotations

from datetime import datetime

from babel.dates import format_skeleton, format_time

from companion.i18n.numbers import locale

# How plays and summaries store a moment (core/summary.py DATE_FORMAT): local time.
STORED = "%Y-%m-%d %H:%M:%S"


def when(moment: float | str | datetime, lang: str) -> str:
    """A moment as `lang` writes it: "Dec 7, 2026, 1:22 PM" / "7 de dez. de 2026 13:22".

    `moment` is a Unix time, a stored date ("2026-12-07 13:22:05") or a datetime."""
    if isinstance(moment, (int, float)):
        moment = datetime.fromtimestamp(moment)
    elif isinstance(moment, str):
        try:
            moment = datetime.strptime(moment[:19], STORED)
        except ValueError:  # not a date we wrote: shown as it is rather than lost
            return moment
    where = locale(lang)
    day = format_skeleton("yMMMd", moment, locale=where)
    return where.datetime_formats["medium"].format(format_time(moment, "short", locale=where), day)

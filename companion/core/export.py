"""The summary as a download: one CSV row per player, the same figures as the JSON.

A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` (or a tab or a carriage return
before one) as a formula: a player named `=HYPERLINK(...)` would become a live link on the
computer that opens the file. Text cells that start so are written with a leading `'`, which
spreadsheets show as text (OWASP's rule for CSV injection). Numbers are written as they are, so a
negative score stays a number.
"""
from __future__ import annotations

import csv
import io

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
COLUMNS = ("date", "game", "player", "score", "winner", "rank", "start_player", "role", "duration_min",
           "clock_seconds")


def rows(summary: dict) -> list[dict]:
    return [{
        "date": summary["date"], "game": summary["title"], "player": p["name"], "score": p["score"],
        "winner": p["winner"], "rank": p["rank"], "start_player": p["start_player"], "role": p["role"],
        "duration_min": summary["duration_min"], "clock_seconds": p["clock_seconds"],
    } for p in summary["players"]]


def to_csv(summary: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows(summary):
        writer.writerow({k: _cell(v) for k, v in row.items()})
    return out.getvalue()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value

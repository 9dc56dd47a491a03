"""The summary as a download: one CSV row per player, the same figures as the JSON."""
from __future__ import annotations

import csv
import io

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
        writer.writerow({k: "" if v is None else str(v).lower() if isinstance(v, bool) else v for k, v in row.items()})
    return out.getvalue()

"""The end-of-game summary as plain data, for the screens, the API, BG Stats and the plays log.

The game-specific part comes from the game's own `summary(view, table, events)`
hook (ranking, ties and why they broke, score over time, where points came
from, who started); this module adds what every game shares: names, date,
length and the turn clock. Hooks always get the public view (seat None), so a
summary can never carry a seat's secret, whether the game is over or not.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from companion.core.model import Table
from companion.core.timeline import CONTROL_TYPES
from companion.i18n import DEFAULT_LANG, catalogue, t

DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def competition_ranks(order: list[str], key: Callable[[str], Any]) -> dict[str, int]:
    """1, 1, 3 ranking of `order` (already sorted best first): equal keys share a rank."""
    ranks: dict[str, int] = {}
    for i, player in enumerate(order):
        same = i and key(order[i - 1]) == key(player)
        ranks[player] = ranks[order[i - 1]] if same else i + 1
    return ranks


def build(game: Any, table: Table, state: dict, events: list[dict], clock: dict | None = None) -> dict:
    """The whole summary; `events` are those in effect (undone ones left out), oldest first."""
    part = game.summary(game.view(state, None), table, events)
    timed = [e["at"] for e in events if e.get("type") not in CONTROL_TYPES and isinstance(e.get("at"), (int, float))]
    started = timed[0] if timed else table.created
    ended = timed[-1] if timed else started
    names = {s.id: s.name for s in table.seats}
    ranks = {r["player"]: r for r in part.get("ranking", [])}
    winners = {p for p, r in ranks.items() if r["rank"] == 1} if part["finished"] else set()
    seconds = (clock or {}).get("seconds", {})
    players = [{
        "id": p["id"],
        "name": names.get(p["id"], p["id"]),
        "role": p.get("role"),
        "score": p.get("score"),
        "rank": ranks[p["id"]]["rank"] if p["id"] in ranks else None,
        "winner": p["id"] in winners,
        "start_player": p["id"] == part.get("start_player"),
        "clock_seconds": round(seconds[p["id"]]) if p["id"] in seconds else None,
    } for p in part["players"]]
    if part["finished"]:
        players.sort(key=lambda p: (p["rank"] if p["rank"] is not None else len(players) + 1))
    return {
        "table": table.id,
        "game": table.game,
        "title": game.title,
        "finished": part["finished"],
        "missing": part.get("missing", []),
        "date": time.strftime(DATE_FORMAT, time.localtime(started)),
        "started_at": started,
        "ended_at": ended,
        "duration_min": round((ended - started) / 60),
        "players": players,
        "start_player": part.get("start_player"),
        "ties": part.get("ties", []),
        "notes": part.get("notes", []),
        "series": part.get("series"),
        "sources": part.get("sources", {}),
        "highest_wins": part.get("highest_wins", True),
        "no_points": part.get("no_points", False),
        "clock": clock,
    }


def tie_text(summary: dict, tie: dict, lang: str) -> str:
    """One tie in words: who won it and which rule decided, or that they share the place."""
    names = {p["id"]: p["name"] for p in summary["players"]}
    reason = t(f"summary.by_{tie['decided_by']}", lang)
    if tie.get("winner") is None:
        listed = ", ".join(names.get(p, p) for p in tie["players"])
        return t("summary.tie_shared", lang, players=listed, reason=reason)
    others = ", ".join(names.get(p, p) for p in tie["players"] if p != tie["winner"])
    return t("summary.tie_won", lang, winner=names.get(tie["winner"], tie["winner"]), others=others, reason=reason)


ROLE_KEYS = ("god_", "deity_", "faction_")


def role_text(game: str, role: str | None, lang: str) -> str | None:
    """A role as the reader's language names it: summaries and plays keep the English name
    (BG Stats reads it), the screens show "Atena" beside a Portuguese tile's "Atena"."""
    if not role or lang == DEFAULT_LANG:
        return role
    for key, texts in catalogue().items():
        if key.startswith(f"{game}.") and key.split(".", 1)[1].startswith(ROLE_KEYS) and texts.get(DEFAULT_LANG) == role:
            return texts.get(lang) or role
    return role


def note_text(note: dict, lang: str) -> str:
    return t(note["key"], lang, **note.get("values", {}))


def missing_text(summary: dict, lang: str) -> list[str]:
    return [note_text(m, lang) for m in summary["missing"]]

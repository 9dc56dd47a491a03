"""Numbers across the plays kept on this tablet, per game: pure functions over plain records.

Players are matched by name: the same name in any case or spacing is the same
player, and the aliases (edited on the Stats page) fold other spellings in.
"""
from __future__ import annotations

import re


def player_key(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip().casefold()


def canonical(name: str, aliases: dict[str, str]) -> str:
    return aliases.get(player_key(name), re.sub(r"\s+", " ", name).strip())


def names(plays: list[dict], aliases: dict[str, str]) -> list[str]:
    """Every distinct player name as the plays spell it, once per matched player."""
    seen: dict[str, str] = {}
    for play in plays:
        for player in play["players"]:
            seen.setdefault(player_key(player["name"]), re.sub(r"\s+", " ", player["name"]).strip())
    return sorted(seen.values(), key=str.casefold)


def game_stats(plays: list[dict], game: str, aliases: dict[str, str]) -> dict:
    """Plays, wins per player and per role, average and best scores, average length for `game`."""
    rows = [p for p in plays if p["game"] == game]
    people: dict[str, dict] = {}
    roles: dict[str, dict] = {}
    best: dict | None = None
    for play in rows:
        for player in play["players"]:
            who = canonical(player["name"], aliases)
            entry = people.setdefault(player_key(who), {"name": who, "plays": 0, "wins": 0, "scores": []})
            entry["plays"] += 1
            entry["wins"] += bool(player["winner"])
            if isinstance(player.get("score"), (int, float)):
                entry["scores"].append(player["score"])
                if best is None or player["score"] > best["score"]:
                    best = {"name": entry["name"], "score": player["score"], "date": play["date"]}
            if player.get("role"):
                role = roles.setdefault(player["role"], {"role": player["role"], "plays": 0, "wins": 0})
                role["plays"] += 1
                role["wins"] += bool(player["winner"])
    players = [{
        "name": e["name"], "plays": e["plays"], "wins": e["wins"],
        "average": round(sum(e["scores"]) / len(e["scores"]), 1) if e["scores"] else None,
        "best": max(e["scores"]) if e["scores"] else None,
    } for e in people.values()]
    players.sort(key=lambda e: (-e["wins"], -e["plays"], e["name"].casefold()))
    return {
        "game": game,
        "plays": len(rows),
        "average_minutes": round(sum(p["duration_min"] for p in rows) / len(rows)) if rows else None,
        "players": players,
        "roles": sorted(roles.values(), key=lambda r: (-r["wins"], -r["plays"], r["role"])),
        "best": best,
    }

"""The BG Stats push link: a finished play, URL-encoded, that the BG Stats app opens filled in.

Format documented by BG Stats (createPlay.html?data=<url-encoded JSON>). Only
BoardGameGeek ids we could confirm are sent; BG Stats asks the player to pick
the game when `bggId` is missing, which beats logging the play to a wrong game.
"""
from __future__ import annotations

import json
from urllib.parse import quote

from companion.core.stats import canonical, player_key
from companion.core.summary import tie_text

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Companion"
# Confirmed from boardgamegeek.com/boardgame/54998/cyclades; the others could not be confirmed.
BGG_IDS: dict[str, int] = {"cyclades": 54998}


def person_id(player: dict, aliases: dict[str, str]) -> str | None:
    """A person's id for BG Stats, matched as the Stats page matches names (any case or
    spacing, aliases folded in), so the same person keeps one id across plays. A seat
    nobody named (its name is its god's or seat's) is nobody in particular: no id, or next
    week's Ares would be booked as this week's."""
    key = player_key(canonical(player["name"], aliases))
    if key in {player_key(player["id"]), player_key(player.get("role") or "")}:
        return None
    return f"companion:{key}"


def payload(summary: dict, location: str = "", aliases: dict[str, str] | None = None) -> dict:
    """The play in BG Stats' fields; the god, faction or deity goes in `role`, never in the id."""
    game = {"name": summary["title"], "highestWins": summary["highest_wins"],
            "noPoints": summary["no_points"], "sourceGameId": summary["game"]}
    if summary["game"] in BGG_IDS:
        game["bggId"] = BGG_IDS[summary["game"]]
    players = []
    for p in summary["players"]:
        row = {"name": p["name"], "winner": p["winner"], "rank": p["rank"], "startPlayer": p["start_player"]}
        person = person_id(p, aliases or {})
        if person:
            row["sourcePlayerId"] = person
        if not summary["no_points"] and p["score"] is not None:
            row["score"] = p["score"]
        if p["role"]:
            row["role"] = p["role"]
        players.append(row)
    comments = " ".join(tie_text(summary, tie, "en") for tie in summary["ties"])
    return {
        "sourceName": SOURCE,
        "sourcePlayId": summary["table"],
        "playDate": summary["date"],
        "durationMin": summary["duration_min"],
        "location": location,
        "comments": comments,
        "game": game,
        "players": players,
    }


def push_link(summary: dict, location: str = "", aliases: dict[str, str] | None = None) -> str:
    data = json.dumps(payload(summary, location, aliases), ensure_ascii=False, separators=(",", ":"))
    return BASE + quote(data, safe="")

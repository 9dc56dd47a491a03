"""The BG Stats push link: a finished play, URL-encoded, that the BG Stats app opens filled in.

Format documented by BG Stats (createPlay.html?data=<url-encoded JSON>). Only
BoardGameGeek ids we could confirm are sent; BG Stats asks the player to pick
the game when `bggId` is missing, which beats logging the play to a wrong game.
"""
from __future__ import annotations

import json
from urllib.parse import quote

from companion.core.summary import tie_text

BASE = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "Companion"
# Confirmed from boardgamegeek.com/boardgame/54998/cyclades; the others could not be confirmed.
BGG_IDS: dict[str, int] = {"cyclades": 54998}


def payload(summary: dict, location: str = "") -> dict:
    """The play in BG Stats' fields; the god, faction or deity goes in `role`."""
    game = {"name": summary["title"], "highestWins": summary["highest_wins"],
            "noPoints": summary["no_points"], "sourceGameId": summary["game"]}
    if summary["game"] in BGG_IDS:
        game["bggId"] = BGG_IDS[summary["game"]]
    players = []
    for p in summary["players"]:
        row = {"name": p["name"], "winner": p["winner"], "rank": p["rank"],
               "startPlayer": p["start_player"], "sourcePlayerId": p["id"]}
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


def push_link(summary: dict, location: str = "") -> str:
    data = json.dumps(payload(summary, location), ensure_ascii=False, separators=(",", ":"))
    return BASE + quote(data, safe="")

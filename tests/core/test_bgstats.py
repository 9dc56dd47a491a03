"""The BG Stats push link round-trips through the URL, with the right winners and ranks, and its QR scans."""
from __future__ import annotations

import json
import re
import subprocess
from urllib.parse import parse_qs, urlsplit

from companion.core.bgstats import BASE, push_link
from companion.qr import qr_svg

PLAY_FIELDS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "location", "comments", "game", "players"}
GAME_FIELDS = {"name", "highestWins", "noPoints", "sourceGameId"}
PLAYER_FIELDS = {"name", "score", "winner", "rank", "startPlayer", "role", "sourcePlayerId"}
KLEOS = {"players": ["ares", "athena", "hermes"], "names": {"ares": "Rui", "athena": "Bia", "hermes": "Caio"},
         "temples": {"ares": "H3", "athena": "H1", "hermes": "H5"}}


def decode(link: str) -> dict:
    assert link.startswith(BASE)
    query = parse_qs(urlsplit(link).query, strict_parsing=True)
    assert list(query) == ["data"]
    return json.loads(query["data"][0])


def kleos_tie(script, to_last_dusk) -> dict:
    """Rui and Bia end 15-15, Rui ahead on the last Dusk's Glory; Caio trails."""
    s = script("kleos", KLEOS)
    to_last_dusk(s, {"ares": 13, "athena": 14, "hermes": 5})
    s.score_dusk({"port": {"ares": [1, False]}, "market": {"athena": [1, False]}})
    s.do("phase.next")
    return s.live.summary()


def test_a_tied_kleos_play_round_trips_with_the_tie_winner_first(script, to_last_dusk):
    summary = kleos_tie(script, to_last_dusk)
    data = decode(push_link(summary, location="Sala"))
    assert set(data) == PLAY_FIELDS
    assert data["sourceName"] == "Companion" and data["sourcePlayId"] == summary["table"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"]) and data["location"] == "Sala"
    assert data["game"] == {"name": "Kleos", "highestWins": True, "noPoints": False, "sourceGameId": "kleos"}
    assert [set(p) for p in data["players"]] == [PLAYER_FIELDS] * 3
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["role"]) for p in data["players"]] == [
        ("Rui", 15, 1, True, "Ares"), ("Bia", 15, 2, False, "Athena"), ("Caio", 5, 3, False, "Hermes")]
    assert [p["startPlayer"] for p in data["players"]] == [False, True, False]
    # A person's id follows their name (as the Stats page matches it), never the god they played.
    assert [p["sourcePlayerId"] for p in data["players"]] == ["companion:rui", "companion:bia", "companion:caio"]
    assert "Rui wins the tie with Bia" in data["comments"]
    assert data["durationMin"] == summary["duration_min"]


def test_a_shared_first_place_gives_two_winners_of_rank_one(script):
    s = script("scorepad", {"players": ["Ana", "Bia", "Caio"]})
    s.do("points.add", player="ana", amount=7)
    s.do("points.add", player="bia", amount=7)
    s.do("points.add", player="caio", amount=2)
    s.do("game.end")
    data = decode(push_link(s.live.summary()))
    assert [(p["name"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Ana", 1, True), ("Bia", 1, True), ("Caio", 3, False)]
    assert "stay level" in data["comments"]


def test_cyclades_carries_its_boardgamegeek_id_and_lords_of_hellas_has_no_points(script):
    s = script("lords_of_hellas", {"players": ["ana", "bia"], "names": {"ana": "Ana", "bia": "Bia"}})
    s.do("tracker.set", player="ana", field="monsters", value=3)
    data = decode(push_link(s.live.summary()))
    assert data["game"]["noPoints"] is True and "bggId" not in data["game"]
    assert all("score" not in p for p in data["players"])
    assert [(p["name"], p["winner"], p["rank"]) for p in data["players"]] == [("Ana", True, 1), ("Bia", False, 2)]
    summary = {**s.live.summary(), "game": "cyclades", "title": "Cyclades"}
    assert decode(push_link(summary))["game"]["bggId"] == 54998


def scan(svg: str, path) -> str:
    """Rasterise the SVG's modules (4 px each) to a PGM and read it as a phone would, with zbarimg."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    dark = {(int(x), int(y)) for x, y in re.findall(r"M(\d+),(\d+)H", svg)}
    scale = 4
    pixels = b"".join(bytes(0 if (x // scale, y // scale) in dark else 255 for x in range(size * scale))
                      for y in range(size * scale))
    path.write_bytes(b"P5 %d %d 255\n" % (size * scale, size * scale) + pixels)
    result = subprocess.run(["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_qr_of_the_link_scans_back_to_the_link(script, to_last_dusk, tmp_path):
    link = push_link(kleos_tie(script, to_last_dusk))
    assert scan(qr_svg(link), tmp_path / "bgstats.pgm") == link


def test_a_persons_id_is_their_matched_name_and_an_unnamed_seat_has_none():
    from companion.core.bgstats import person_id
    assert person_id({"id": "ares", "name": "  RUI ", "role": "Ares"}, {}) == "companion:rui"
    assert person_id({"id": "ares", "name": "Ruizinho", "role": "Ares"}, {"ruizinho": "Rui"}) == "companion:rui"
    assert person_id({"id": "ares", "name": "Ares", "role": "Ares"}, {}) is None
    assert person_id({"id": "p1", "name": "p1", "role": None}, {}) is None

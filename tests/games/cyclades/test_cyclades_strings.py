"""Cyclades strings: both languages, matching placeholders, every key used exists, own words."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from companion.games.cyclades import history, moves
from companion.games.cyclades.gods import APOLLO, TILES
from companion.games.cyclades.gold import ITEMS
from companion.games.cyclades.setup import BUILDINGS, placement_steps, setup_steps
from companion.games.cyclades.tracker import COUNTS
from companion.i18n import t
from rulebooks import rulebooks

YAML = Path(history.__file__).parent / "strings" / "cyclades.yaml"
STRINGS = yaml.safe_load(YAML.read_text(encoding="utf-8"))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_each_string_has_both_languages_with_the_same_placeholders(key):
    texts = STRINGS[key]
    assert texts.get("en") and texts.get("pt")
    assert fields(texts["en"]) == fields(texts["pt"])


def test_every_key_the_code_builds_exists():
    keys = {f"god_{g}" for g in (*TILES, APOLLO)} | {f"item_{i}" for i in ITEMS}
    keys |= {f"track_{i}" for i in (*COUNTS, *BUILDINGS)}
    keys |= {f"phase_{p}" for p in ("setup", "placement", "round_init", "income", "offerings", "maintenance", "actions", "over")}
    for players in (2, 3):
        keys |= {s["text"] for s in setup_steps(players) + placement_steps(["a", "b", "c"], players == 2)}
    keys |= {"reminder_heroes", "reminder_creatures", "reminder_gods"}
    assert keys - set(STRINGS) == set()


SAMPLES = [
    {"type": "start", "order": ["a", "b"], "gods": ["zeus", "ares", "hera"]},
    {"type": "checklist.tick", "step": "map", "done": False},
    {"type": "phase.next", "to": {"phase": "offerings", "round": 2}},
    {"type": "phase.next", "to": {"phase": "over", "round": 4, "winners": ["a", "b"]}},
    {"type": "income", "player": "a", "prosperity": 4},
    {"type": "offering.bid", "faction": "a", "god": "athena", "amount": 2},
    {"type": "offering.bid", "faction": "a", "god": "apollo"},
    {"type": "offering.pay", "fined": []},
    {"type": "maintenance.keep", "player": "a", "keep": ["Kraken"]},
    {"type": "action.done", "faction": "a"},
    {"type": "gold.spend", "player": "a", "item": "sea_move", "count": 2},
    {"type": "gold.creature", "player": "a", "price": 2},
    {"type": "gold.gain", "player": "a", "amount": 3, "reason": "hero"},
    {"type": "gold.griffin", "player": "a", "victim": "b"},
    {"type": "tracker.adjust", "player": "a", "item": "port", "delta": -1},
    {"type": "tracker.creature", "player": "a", "creature": "Kraken", "delta": -1},
    {"type": "player.eliminate", "player": "b"},
]


@pytest.mark.parametrize("event", SAMPLES, ids=[e["type"] for e in SAMPLES])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_history_line_is_filled_in(event, lang):
    for seat in (None, "a"):
        line = moves.describe(event, seat, lang)
        assert "cyclades." not in line and "{" not in line and line != event["type"]


def test_portuguese_lines_are_translated():
    assert moves.describe(SAMPLES[5], None, "pt") == "a oferece 2 de ouro a Atena."
    assert t("cyclades.god_apollo", "pt") == "Apolo"


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_no_eight_word_run_is_copied_from_the_rulebook():
    [rulebook] = rulebooks("cyclades-*.txt")
    book = words(rulebook.read_text(encoding="utf-8"))
    grams = {tuple(book[i:i + 8]) for i in range(len(book) - 7)}
    for key, texts in STRINGS.items():
        mine = words(texts["en"])
        copied = [" ".join(mine[i:i + 8]) for i in range(len(mine) - 7) if tuple(mine[i:i + 8]) in grams]
        assert not copied, (key, copied)


def test_a_shared_form_makes_no_line_and_its_confirm_reads_in_a_players_words(tmp_path):
    """The history and the tablet's Undo name the confirmed bid as a player would, once: the bid's
    taps (the +/- of "Bid being set") are no moves and make no line (core/drafts.py)."""
    from companion.core.access import Access
    from companion.core.hub import Hub
    from companion.games.registry import GAMES

    host = Access("host")
    live = Hub(tmp_path, GAMES).create("cyclades", {"players": ["red", "blue", "green"]})

    def do(command: dict) -> None:
        live.dispatch({**command, "from_step": live.step}, host)

    do({"type": "start", "gods": ["athena", "ares"]})
    do({"type": "phase.next"})
    for player in ("red", "blue", "green"):
        do({"type": "income", "player": player, "prosperity": 0})
    do({"type": "phase.next"})
    before = [len(live.history(host, lang)) for lang in ("en", "pt")]
    for amount in (2, 3):
        live.dispatch({"type": "draft.set", "draft": "bid", "path": "amount", "value": amount}, host)
    assert [len(live.history(host, lang)) for lang in ("en", "pt")] == before
    bidder = live.state["turn_order"][0]
    do({"type": "offering.bid", "faction": bidder, "god": "athena", "amount": 3,
        "from_draft": live.state["drafts"]["bid"]["version"]})
    assert [live.history(host, lang)[0]["text"] for lang in ("en", "pt")] == [
        f"{bidder} offers 3 gold to Athena.", f"{bidder} oferece 3 de ouro a Atena."]
    assert live.snapshot(host)["undo"]["text"] == f"{bidder} offers 3 gold to Athena."

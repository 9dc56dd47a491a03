"""The module's UI strings: complete in English and Portuguese, and every key the code uses exists."""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import companion.games.lords_of_hellas as package
from companion.games.lords_of_hellas import hunt, monuments, tracker, turn, victory
from companion.games.lords_of_hellas.game import GAME
from companion.games.lords_of_hellas.markers import SPECIAL_ACTIONS
from companion.i18n import LANGS, catalogue

PREFIX = "lords_of_hellas."
OURS = {k[len(PREFIX):]: v for k, v in catalogue().items() if k.startswith(PREFIX)}
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in Path(package.__file__).parent.glob("*.py"))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_has_both_languages_and_nothing_else():
    assert OURS, "lords_of_hellas.yaml was not loaded"
    for key, texts in OURS.items():
        assert set(texts) == set(LANGS), key
        assert all(isinstance(texts[lang], str) and texts[lang].strip() for lang in LANGS), key


def test_both_languages_fill_the_same_blanks():
    for key, texts in OURS.items():
        assert fields(texts["en"]) == fields(texts["pt"]), key


def test_every_key_named_in_the_code_exists():
    used = set(re.findall(r'"lords_of_hellas\.(\w+)"', SOURCE))
    assert len(used) > 40
    assert sorted(used - set(OURS)) == []


@pytest.mark.parametrize(("family", "members"), [
    ("cond", victory.CONDITIONS),
    ("field", tracker.FIELDS),
    ("monument", monuments.MONUMENTS),
    ("reward", hunt.REWARDS),
    ("special", SPECIAL_ACTIONS),
    ("step", monuments.PHASE_STEPS),
    ("regular", turn.REGULAR_ACTIONS),
    ("threshold", victory.DEFAULT_THRESHOLDS),
    ("ui_count", victory.COUNTED.values()),  # a tile's line under its number
])
def test_every_named_thing_has_a_label(family, members):
    assert [m for m in members if f"{family}_{m}" not in OURS] == []


def test_every_event_type_gets_its_own_finished_line_in_both_languages(table):
    events = []

    def do(kind, by=None, **fields):
        table.do(kind, by, **fields)
        events.append(table.last)

    do("tracker.set", by="host", player="red", field="priests", value=2)
    do("tracker.set", by="host", player="red", field="artifacts", value=1)
    do("tracker.set", by="host", player="red", field="charged", value=1)
    do("hunt.start", monster="Chimera", slots=["priest", "none"])
    do("hunt.attack", wounds=[0])
    do("hunt.attack", wounds=[])
    do("hunt.claim", slot=0)
    do("turn.regular", action="artifacts", count=1)
    do("turn.regular", action="priests", monument="zeus", count=2)
    do("turn.regular", action="move")
    do("monument.build", monument="zeus")
    do("turn.step", step="monster_phase")
    do("turn.step", step="event_phase")
    do("turn.end")
    do("hunt.start", monster="Medusa", slots=["artifact"])
    do("hunt.attack", wounds=[0])
    do("monument.control", by="host", monument="zeus", player="blue")
    do("monument.control", by="host", monument="zeus", player=None)
    do("battle.resolve", by="host", attacker={"player": "blue", "base": 2, "hoplites": 2},
       defender={"player": "red", "base": 1, "hoplites": 1})
    do("battle.resolve", by="host", attacker={"player": "blue"}, defender={"player": "red"})
    do("special.name", action="march", name="Marcha")
    do("special.add", name="Oracle")
    do("turn.special", action="march")
    do("tracker.set", by="host", player="blue", field="lands", value=2)
    assert {e["type"] for e in events} == set(GAME.handlers)
    fallback = {GAME.describe({"type": "mystery"}, None, lang) for lang in LANGS}
    for event in events:
        lines = [GAME.describe(event, None, lang) for lang in LANGS]
        assert lines[0] != lines[1] or event["type"] == "tracker.set", lines
        for line in lines:
            assert line not in fallback and PREFIX not in line and "{" not in line, line
    assert "Blue" in GAME.describe(events[-1], None, "en") and "Senhor da Guerra" in GAME.describe(events[-1], None, "pt")


def test_an_event_without_its_stamp_still_reads_as_text():
    for event in ({"type": "turn.end", "by": "red"}, {"type": "hunt.attack", "wounds": []}, {"type": "mystery"}):
        for lang in LANGS:
            line = GAME.describe(event, None, lang)
            assert line and PREFIX not in line and "{" not in line, line


def test_a_shared_form_makes_no_line_and_its_confirm_reads_in_the_helpers_words(tmp_path):
    """The history and the tablet's Undo name each confirmed helper as a player would, once: the
    tray, the wounds and the counts typed on the forms are no moves and make no line (core/drafts.py)."""
    from companion.core.access import Access
    from companion.core.hub import Hub
    from companion.games.registry import GAMES

    host = Access("host")
    live = Hub(tmp_path, GAMES).create("lords_of_hellas", {"players": ["red", "blue"]})

    def formed(draft: str, entries: list[tuple[str, object]], command: dict) -> list[str]:
        before = len(live.history(host))
        for path, value in entries:
            live.dispatch({"type": "draft.set", "draft": draft, "path": path, "value": value}, host)
        assert len(live.history(host)) == before
        live.dispatch({**command, "from_draft": live.state["drafts"][draft]["version"], "from_step": live.step}, host)
        assert len(live.history(host)) == before + 1
        return [live.history(host, lang)[0]["text"] for lang in ("en", "pt")]

    tray = ["priest", "none", "artifact"]
    assert formed("hunt", [("slots", ["priest"]), ("slots", tray)], {"type": "hunt.start", "monster": "Hydra", "slots": tray}) == [
        "Red goes hunting: Hydra.", "Red sai para caçar: Hydra."]
    assert formed("wounds", [("chosen", [0]), ("chosen", [0, 2])], {"type": "hunt.attack", "wounds": [0, 2]}) == [
        "Red wounds Hydra (2).", "Red fere Hydra (2)."]
    live.dispatch({"type": "tracker.set", "player": "red", "field": "priests", "value": 3}, host)
    assert formed("counts", [("priests", 1), ("priests", 2), ("monument", "zeus")],
                  {"type": "turn.regular", "action": "priests", "count": 2, "monument": "zeus"}) == [
        "Red sent Priests to the Monument of Zeus (2).", "Red enviou Sacerdotes ao Monumento de Zeus (2)."]
    assert live.snapshot(host)["undo"]["text"] == "Red sent Priests to the Monument of Zeus (2)."

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


@pytest.mark.parametrize(("draft", "path", "value", "en", "pt"), [
    ("hunt", "slots", ["priest", "none", "artifact"], "Hunt tray: Priest, none, Artifact.",
     "Bandeja da caçada: Sacerdote, nenhuma, Artefato."),
    ("wounds", "chosen", [0, 2], "Wounds picked for this attack: 1, 3.", "Ferimentos escolhidos neste ataque: 1, 3."),
    ("wounds", "chosen", [], "Wounds picked for this attack: none.", "Ferimentos escolhidos neste ataque: nenhum."),
    ("counts", "priests", 2, "Regular Action: 2 Priests.", "Ação Regular: 2 Sacerdotes."),
    ("counts", "monument", "zeus", "Regular Action: Priests go to the Monument of Zeus.",
     "Ação Regular: os Sacerdotes vão ao Monumento de Zeus."),
    ("battle", "defender", {"player": "red"}, "Battle helper: the Defender's side changed.",
     "Ajuda de batalha: o lado do Defensor mudou."),
])
def test_a_shared_form_entry_reads_in_the_helpers_words(draft, path, value, en, pt):
    """The history and the tablet's Undo name the entry as the helper does, not a form's name and field."""
    from companion.core import drafts

    event = {"type": "draft.set", "draft": draft, "path": path, "value": value, "by": "red"}
    assert [drafts.describe(event, lang, GAME.drafts) for lang in ("en", "pt")] == [en, pt]

"""Kleos texts say what the rulebook says, and nothing it does not (issue #18)."""
from __future__ import annotations

import yaml

from companion.bundled import rules_dir
from companion.i18n import LANGS, catalogue

RULES = {lang: yaml.safe_load((rules_dir() / "kleos" / f"{lang}.yaml").read_text(encoding="utf-8"))
         for lang in LANGS}


def entry(lang: str, id: str) -> dict:
    data = RULES[lang]
    entries = data["entries"] if isinstance(data, dict) else data
    return next(e for e in entries if e["id"] == id)


def kleos_texts() -> list[str]:
    strings = [v for k, texts in catalogue().items() if k.startswith("kleos") for v in texts.values()]
    return strings + [(rules_dir() / "kleos" / f"{lang}.yaml").read_text(encoding="utf-8") for lang in LANGS]


def test_dusk_discards_go_in_turn_order_in_both_languages():
    """kleos-rulebook.txt 307: players discard and draw at Dusk in turn order, not all at once."""
    assert "turn order" in entry("en", "dusk")["answer"]
    assert "ordem de turno" in entry("pt", "dusk")["answer"]
    assert "all at once" not in entry("en", "dusk")["answer"] and "Todos juntos" not in entry("pt", "dusk")["answer"]


def test_zeus_cards_are_not_said_to_come_only_through_zeus_pity():
    """kleos-rulebook.txt 214: Zeus' Pity gives Zeus cards; the rulebook never says that is the only way."""
    assert "only" not in entry("en", "zeus-deck")["answer"].lower()


def test_the_godly_face_is_never_called_lightning():
    """kleos-rulebook.txt 53 and 346: the third face is the Godly face; no lightning in the rulebook."""
    texts = " ".join(kleos_texts()).lower()
    assert "lightning" not in texts and " raio" not in texts

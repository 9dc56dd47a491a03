import re
import string
from pathlib import Path

import pytest
import yaml

from companion.games.fleecing_olympus.game import GAME
from rulebooks import rulebooks

ROOT = Path(__file__).resolve().parents[3]
STRINGS = ROOT / "companion/games/fleecing_olympus/strings/fleecing_olympus.yaml"
CODE = sorted((ROOT / "companion/games/fleecing_olympus").glob("*.py"))


def grams(text: str, n: int = 8) -> set[tuple[str, ...]]:
    """Punctuation both dropped and read as a space, so "Zeus'" or "3-6" cannot hide a copy."""
    runs = [re.sub(r"[^\w\s]", sep, text.lower()).split() for sep in ("", " ")]
    return {tuple(words[i:i + n]) for words in runs for i in range(len(words) - n + 1)}


def catalogue() -> dict:
    return yaml.safe_load(STRINGS.read_text(encoding="utf-8"))


def test_every_string_has_english_and_portuguese_with_the_same_placeholders():
    for key, texts in catalogue().items():
        assert set(texts) == {"en", "pt"} and all(texts.values()), key
        fields = [{f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f} for lang in ("en", "pt")]
        assert fields[0] == fields[1], key


def test_no_sentence_is_copied_from_the_rulebook():
    source = set().union(*(grams(p.read_text(encoding="utf-8")) for p in rulebooks()))
    ours = [" ".join(t[lang] for t in catalogue().values()) for lang in ("en", "pt")]
    ours += [path.read_text(encoding="utf-8") for path in CODE]
    for text in ours:
        assert not grams(text) & source


def test_every_event_type_has_a_history_line():
    keys = set(catalogue())
    lines = {"opening_roll": "h_opening", "power": "h_power", "tribute": "h_tribute_gem", "roll": "h_roll",
             "card": "h_card", "stop": "h_stop", "resolve": "h_settle", "give": "h_give", "reveal": "h_reveal",
             "deck_out": "h_deck_out", "end": "h_end"}
    assert set(lines) == set(GAME.handlers)
    assert set(lines.values()) <= keys


def test_a_shared_form_makes_no_line_and_its_confirm_reads_in_a_players_words(tmp_path):
    """The history and the tablet's Undo name the confirmed roll as a player would, once: the totals
    typed on the form ("Opening total for Ana: 9") are no moves and make no line (core/drafts.py)."""
    from companion.core.access import Access
    from companion.core.hub import Hub
    from companion.games.registry import GAMES

    host = Access("host")
    live = Hub(tmp_path, GAMES).create("fleecing_olympus", {"players": ["ana", "bia", "caio"]})
    for player, total in (("ana", 8), ("ana", 9), ("bia", 11), ("caio", 4)):
        live.dispatch({"type": "draft.set", "draft": "opening", "path": player, "value": total}, host)
    assert live.history(host) == [] and live.snapshot(host)["undo"] is None
    live.dispatch({"type": "opening_roll", "rounds": [{"ana": [6, 3], "bia": [5, 6], "caio": [2, 2]}],
                   "from_draft": live.state["drafts"]["opening"]["version"], "from_step": live.step}, host)
    assert [[row["text"] for row in live.history(host, lang)] for lang in ("en", "pt")] == [
        ["Opening dice: Ana 9, Bia 11, Caio 4. Bia starts as Active player and Ana takes the Judgment token."],
        ["Dados iniciais: Ana 9, Bia 11, Caio 4. Bia começa como jogador Ativo e Ana fica com o marcador de Julgamento."]]

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


@pytest.mark.parametrize(("draft", "path", "value", "en", "pt"), [
    ("power", "neighbour", "left", "Power: borrow from the neighbour on the left.",
     "Poder: pegar emprestado do vizinho da esquerda."),
    ("power", "neighbour", "right", "Power: borrow from the neighbour on the right.",
     "Poder: pegar emprestado do vizinho da direita."),
    ("power", "borrow", "odd", "Power: borrow their Odd side.", "Poder: pegar emprestado o lado Ímpar dele."),
    ("power", "to", "caio_m", "Power: the Judgment token would go to Caio M.",
     "Poder: o marcador de Julgamento iria para Caio M."),
    ("power", "pick", "ana", "Power: Ana would pay card costs this turn.",
     "Poder: Ana pagaria os custos das cartas neste turno."),
    ("power", "pay", 2, "Power: 2 gems to put in the bank.", "Poder: 2 gemas para pôr no banco."),
    ("power", "discard", True, "Power: discard a card and play cards free.",
     "Poder: descartar uma carta e jogar cartas de graça."),
    ("power", "discard", False, "Power: discard nothing.", "Poder: não descartar nada."),
    ("power", "to", None, "Power: a choice changed.", "Poder: uma escolha mudou."),
    ("roll", "target", "ana", "Wager: the Target is Ana.", "Aposta: o Alvo é Ana."),
    ("roll", "target", None, "Wager: no Target picked.", "Aposta: nenhum Alvo escolhido."),
    ("roll", "d0", 4, "Wager: die 1 shows 4.", "Aposta: o dado 1 mostra 4."),
    ("roll", "d1", None, "Wager: die 2 cleared.", "Aposta: dado 2 apagado."),
    ("opening", "ana", 9, "Opening total for Ana: 9.", "Total inicial de Ana: 9."),
])
def test_a_shared_form_entry_reads_in_a_players_words(draft, path, value, en, pt):
    """The history and the tablet's Undo name the entry as a player would, not a form's name and field."""
    from companion.core import drafts

    event = {"type": "draft.set", "draft": draft, "path": path, "value": value, "by": "ana"}
    assert [drafts.describe(event, lang, GAME.drafts) for lang in ("en", "pt")] == [en, pt]

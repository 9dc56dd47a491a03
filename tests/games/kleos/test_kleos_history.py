"""History lines in both languages, built from the event alone."""
import random
import re

import pytest

from companion.games.kleos.game import GAME
from companion.i18n import catalogue



def line(event: dict, lang: str) -> str:
    return GAME.describe({"by": "host", "at": 0.0, **event}, None, lang)


@pytest.mark.parametrize("event, en, pt", [
    ({"type": "glory.add", "player": "ares", "amount": 2, "reason": "champion"},
     "Ares +2 Glory (defeated a Champion)", "Ares +2 de Glória (derrotou um Campeão)"),
    ({"type": "glory.add", "player": "dionysus", "amount": -1, "reason": "card", "note": "Trickster"},
     "Dionysus -1 Glory (card effect: Trickster)", "Dionísio -1 de Glória (efeito de carta: Trickster)"),
    ({"type": "glory.add", "player": "hermes", "reason": "champion"},
     "Hermes +2 Glory (defeated a Champion)", "Hermes +2 de Glória (derrotou um Campeão)"),
    ({"type": "favor.give", "player": "athena", "minion": "Medusa"},
     "Athena takes Olympus' Favor for Medusa", "Atena recebe o Favor do Olimpo para Medusa"),
    ({"type": "favor.clear"}, "Olympus' Favor is back with nobody", "O Favor do Olimpo fica sem dono"),
    ({"type": "dusk.score", "board": {"port": {"hermes": [1, False]}, "arena": {"ares": [1, True]}}},
     "Dusk scoring: Hermes +2, Ares +1", "Pontuação do Crepúsculo: Hermes +2, Ares +1"),
    ({"type": "dusk.score", "board": {}},
     "Dusk scoring: no location had a controller", "Pontuação do Crepúsculo: nenhum local teve dono"),
    ({"type": "first_player.set", "player": "artemis"},
     "Artemis takes the First Player token", "Ártemis pega o marcador de Primeiro Jogador"),
    ({"type": "setup.temples", "temples": {"ares": "H5", "hermes": "H1"}},
     "Temples placed by hand: Hermes H1, Ares H5", "Templos postos à mão: Hermes H1, Ares H5"),
    ({"type": "setup.check", "item": "isles", "done": True},
     "Setup done: One face-up Epic Minion on each of the five isles",
     "Preparação feita: Um Lacaio Épico virado para cima em cada uma das cinco ilhas"),
    ({"type": "tiebreak.answer", "criterion": "epics", "values": {"ares": 2, "athena": 1}},
     "Tie-break, Epic Minions: Ares 2, Athena 1", "Desempate, Lacaios Épicos: Ares 2, Atena 1"),
    ({"type": "tiebreak.answer", "criterion": "champion", "values": {"ares": "port", "athena": "none"}},
     "Tie-break, Champion's location: Ares Port, Athena outside the city",
     "Desempate, local do Campeão: Ares Porto, Atena fora da cidade"),
])
def test_lines_in_both_languages(event, en, pt):
    assert line(event, "en") == en
    assert line(event, "pt") == pt


def test_prepared_next_names_the_step_it_reached():
    rng = random.Random(0)
    state = GAME.setup({"players": ["ares", "hermes"], "temples": {"ares": "H5", "hermes": "H1"}})
    lines = []
    for _ in range(3):
        event = GAME.prepare(state, {"type": "phase.next", "by": "host", "at": 0.0}, rng)
        state = GAME.apply(state, event)
        lines.append(GAME.describe(event, "ares", "en"))
    assert lines == ["Day 1: Deployment", "Day 1: Daybreak", "Day 1: Play phase, Hermes to play"]
    assert line({"type": "phase.next"}, "pt") == "Avançou para a próxima etapa"


def test_prepared_end_names_the_winner():
    state = GAME.setup({"players": ["ares", "hermes"], "temples": {"ares": "H5", "hermes": "H1"}})
    while (state["phase"], state["day"]) != ("dusk", 5):
        unscored = state["phase"] == "dusk" and (state["dusk"] or {}).get("day") != state["day"]
        state = GAME.apply(state, {"type": "dusk.score", "board": {}} if unscored else {"type": "phase.next"})
    state = GAME.apply(state, {"type": "dusk.score", "board": {"port": {"ares": [1, False]}}})
    event = GAME.prepare(state, {"type": "phase.next"}, random.Random(0))
    assert GAME.describe(event, None, "en") == "The Contest is over: Ares wins"
    assert GAME.describe(event, None, "pt") == "A Disputa acabou: vitória de Ares"


def test_every_kleos_string_has_both_languages_and_the_same_fields():
    keys = [k for k in catalogue() if k.startswith("kleos.")]
    assert len(keys) > 50
    for key in keys:
        en, pt = catalogue()[key]["en"], catalogue()[key]["pt"]
        assert en and pt, key
        assert set(re.findall(r"{(\w+)}", en)) == set(re.findall(r"{(\w+)}", pt)), key

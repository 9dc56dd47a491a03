"""What a new table's form is told (issue #42): the game's own player range when no names were
given, and one name limit for every game (it was 40 on one form and 24 on another)."""
from __future__ import annotations

import pytest

from companion.core.hub import Hub
from companion.core.model import RuleError
from companion.core.schema import NAME_MAX
from companion.games.registry import GAMES

OPTIONS = {
    "kleos": {"players": ["ares", "athena"], "names": {"athena": "B"}},
    "cyclades": {"players": ["ana", "bia"], "names": {"bia": "B"}},
    "lords_of_hellas": {"players": ["red", "blue"], "names": {"blue": "B"}},
    "fleecing_olympus": {"players": ["ana", "bia", "caio"], "names": {"bia": "B"}},
    "scorepad": {"players": ["ana"], "names": {}},
}
RANGE = {"en": "{game} is played by {low} to {high} players.", "pt": "{game} é jogado por {low} a {high} jogadores."}


@pytest.fixture
def hub(tmp_path) -> Hub:
    return Hub(tmp_path / "data", GAMES)


@pytest.mark.parametrize("game", sorted(g for g in GAMES if GAMES[g].min_seats > 1))
def test_no_names_at_all_is_told_the_games_range(hub, game):
    """"Add at least one player" beside a hint of 2 to 5: the refusal says the range itself."""
    with pytest.raises(RuleError) as refused:
        hub.create(game, {"players": []})
    rules = GAMES[game]
    for lang, text in RANGE.items():
        assert refused.value.text(lang) == text.format(game=rules.title, low=rules.min_seats, high=rules.max_seats)


def test_a_game_for_one_player_and_up_still_asks_for_one(hub):
    with pytest.raises(RuleError) as refused:
        hub.create("scorepad", {"players": []})
    assert refused.value.text("en") == "Add at least one player."
    assert refused.value.text("pt") == "Adicione pelo menos um jogador."


@pytest.mark.parametrize("game", sorted(OPTIONS))
def test_every_game_takes_names_up_to_the_one_limit(hub, game):
    options = OPTIONS[game]
    first = options["players"][0]
    live = hub.create(game, {**options, "names": {**options["names"], first: "N" * NAME_MAX}})
    assert live.table.seats[0].name == "N" * NAME_MAX
    with pytest.raises(RuleError) as refused:
        hub.create(game, {**options, "names": {**options["names"], first: "N" * (NAME_MAX + 1)}})
    assert str(NAME_MAX) in refused.value.text("en") and str(NAME_MAX) in refused.value.text("pt")

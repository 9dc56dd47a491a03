"""Every registered game has all that its plugin record promises, so a half-added game fails in CI."""
from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

from companion.core.game import Game
from companion.core.secrets import Secrets
from companion.games.registry import GAMES, PLUGINS
from companion.i18n import LANGS, catalogue
from companion.rules import entry
from companion.rules.library import DATA_DIR, all_entries

ROOT = Path(__file__).resolve().parents[1] / "companion"


def _string_keys(folder: Path, prefixes: tuple[str, ...]) -> set[str]:
    """String constants in the game's code that look like its own catalogue keys."""
    keys = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                head, _, rest = node.value.partition(".")
                if head in prefixes and rest and rest.replace("_", "").replace(".", "").isalnum() and not rest.endswith("."):
                    keys.add(node.value)
    return keys


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_the_record_names_a_working_pure_game(game_id):
    plugin = PLUGINS[game_id]
    assert plugin.id == game_id and GAMES[game_id] is plugin.game
    assert isinstance(plugin.game, Game)
    assert plugin.title and len(plugin.player_counts) >= 1
    low = plugin.player_counts.start
    players = [f"p{i}" for i in range(max(low, 2))][: plugin.game.max_seats]
    seats = plugin.game.seats({"players": players})
    assert [s["id"] for s in seats] == players


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_the_record_names_a_ui_with_a_board_and_a_setup_form(game_id):
    ui = import_module(PLUGINS[game_id].ui).UI_
    assert callable(ui.board) and callable(ui.setup_form)


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_string_key_the_game_uses_exists_in_both_languages(game_id):
    plugin = PLUGINS[game_id]
    texts = catalogue()
    assert all(any(k.startswith(f"{name}.") for k in texts) for name in plugin.strings)
    folders = [ROOT / "games" / game_id, ROOT / "ui" / "games" / game_id]
    used = set().union(*(_string_keys(f, plugin.strings) for f in folders))
    missing = sorted(k for k in used if k in texts and not all(texts[k].get(lang) for lang in LANGS))
    assert not missing, f"{game_id}: keys without a text in every language: {missing}"


@pytest.mark.parametrize("game_id", sorted(p.id for p in PLUGINS.values() if p.rules))
def test_a_game_with_rules_has_entries_in_every_language(game_id):
    folder = PLUGINS[game_id].rules
    for lang in LANGS:
        assert (DATA_DIR / folder / f"{lang}.yaml").is_file()
        ids = [e.id for e in all_entries() if e.game == folder and e.lang == lang]
        assert ids, f"{game_id} has no rules entries in {lang}"
        assert entry(folder, ids[0], lang) is not None


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_every_game_declares_its_secrets_and_the_shape_of_every_request(game_id):
    plugin = PLUGINS[game_id]
    assert isinstance(plugin.secrets, Secrets)
    assert (ROOT / "games" / game_id / "secrets.py").is_file()
    assert set(plugin.game.handlers) <= set(plugin.game.event_schemas)
    assert plugin.game.options_schema is not None

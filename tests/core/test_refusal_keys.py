"""Every refusal is a message key worded in English and Portuguese (issue #13)."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import companion
from companion.core.model import RuleError
from companion.i18n import LANGS, catalogue
from rulebooks import rulebooks

PACKAGE = Path(companion.__file__).parent
ERROR_FILES = sorted([*(PACKAGE / "i18n" / "strings").glob("*.err.yaml"), *PACKAGE.glob("games/*/strings/*.err.yaml")])
REFUSERS = {"RuleError", "refuse"}
KEY = re.compile(r"^[a-z_]+\.[a-z_.0-9]+$")


def refusal_calls() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in REFUSERS and node.args:
                found.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node))
    return found


def keys_in(expr: ast.AST) -> list[str]:
    """The string constants an argument can evaluate to (a literal, either side of `if`, a dict of choices)."""
    return [n.value for n in ast.walk(expr) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_every_refusal_in_the_code_names_a_key_with_both_languages():
    calls = refusal_calls()
    assert len(calls) > 150  # the walk really found the refusals
    problems = []
    for where, call in calls:
        if call.func.id == "RuleError" and isinstance(call.args[0], ast.Name):
            continue  # `refuse(key, ...)` passing its own argument on; its callers are checked
        keys = [k for k in keys_in(call.args[0]) if KEY.match(k)]
        if not keys:
            problems.append(f"{where}: no message key")
        for key in keys:
            texts = catalogue().get(key, {})
            if not all(texts.get(lang) for lang in LANGS):
                problems.append(f"{where}: {key} lacks a language")
    assert problems == []


def test_every_key_like_value_passed_to_a_refusal_exists():
    """Phases, roles and terms ride along as keys, so they must be worded in both languages too."""
    missing = []
    for where, call in refusal_calls():
        for kw in call.keywords:
            if isinstance(kw.value, ast.JoinedStr):
                continue  # a key built from data (a god, an item); its family is checked by the screens' tests
            for key in keys_in(kw.value):
                if key.count(".") >= 1 and KEY.match(key) and key not in catalogue():
                    missing.append(f"{where}: {key}")
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    for key in set(re.findall(r'"((?:core|rules|scorepad|kleos|cyclades|fleecing_olympus)\.err\.\w+)"', source)):
        if key not in catalogue():
            missing.append(key)
    assert missing == []


@pytest.mark.parametrize("path", ERROR_FILES, ids=lambda p: p.name)
def test_both_languages_fill_the_same_blanks(path):
    prefix = path.name[: -len(".yaml")] + "."
    ours = {k: v for k, v in catalogue().items() if k.startswith(prefix)}
    assert ours
    for key, texts in ours.items():
        assert set(texts) == set(LANGS), key
        blanks = [{f for _, f, _, _ in string.Formatter().parse(texts[lang]) if f} for lang in LANGS]
        assert blanks[0] == blanks[1], key


def grams(text: str, n: int = 8) -> set[tuple[str, ...]]:
    words = re.sub(r"[^\w\s]", " ", text.lower()).split()
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_no_refusal_copies_a_rulebook_sentence():
    source = set().union(*(grams(p.read_text(encoding="utf-8")) for p in rulebooks()))
    assert source
    for path in ERROR_FILES:
        assert not grams(path.read_text(encoding="utf-8")) & source, path.name


def test_a_refusal_reads_in_the_device_language_with_its_terms_worded_too():
    err = RuleError("cyclades.err.needs_least_unit_fight", role="cyclades.err.role_defender")
    assert err.message == "The defender needs at least one unit to fight."
    assert err.text("pt") == "O defensor precisa de pelo menos uma unidade para lutar."
    phases = RuleError("kleos.err.now_belongs_table", allowed=["kleos.phase_play", "kleos.phase_action"],
                       phase="kleos.phase_dusk")
    assert phases.text("pt") == "Agora não: isso é de Fase de cartas / Fase de ações, e a mesa está em Crepúsculo."


def test_a_real_refusal_from_a_reducer_carries_its_key_and_values():
    from companion.games.scorepad.game import GAME
    state = GAME.setup({"players": ["ana", "bia"]})
    with pytest.raises(RuleError) as caught:
        GAME.apply(state, {"type": "points.add", "player": "zed", "amount": 1, "by": "host"})
    assert caught.value.key == "scorepad.err.player_table"
    assert caught.value.values == {"player": "zed"}
    assert caught.value.text("pt") == "Não há jogador 'zed' nesta mesa."


def test_keys_built_from_game_data_exist():
    """Refusals name gods, items, Glory reasons and card types by keys built from the data."""
    from companion.games.cyclades.gods import APOLLO, TILES
    from companion.games.cyclades.gold import ITEMS
    from companion.games.fleecing_olympus.cards import KINDS
    from companion.games.kleos.rules import FREE_REASONS, STEPPED_REASONS

    built = ([f"cyclades.god_{g}" for g in (*TILES, APOLLO)] + [f"cyclades.item_{i}" for i in ITEMS]
             + [f"kleos.reason_{r}" for r in (*STEPPED_REASONS, *FREE_REASONS)]
             + [f"fleecing_olympus.kind_{k}" for k in KINDS])
    assert [k for k in built if k not in catalogue()] == []


def test_a_device_shows_a_refusal_in_its_own_language():
    """The toast words the refusal with the device's language, not the server's English."""
    import asyncio
    from types import SimpleNamespace

    from companion.ui.context import UI

    shown = []

    def dispatch(command, access):
        raise RuleError("cyclades.err.needs_least_unit_fight", role="cyclades.err.role_attacker")

    from companion.core.access import Access
    from companion.core.pace import Pace

    page = SimpleNamespace(width=400, show_dialog=shown.append)
    from companion.core.tables import Tables

    hub = SimpleNamespace(pace=Pace())  # a screen spends its share first (core/pace.py)
    server = SimpleNamespace(hub=hub, tables=Tables(hub, "admin"))  # and sends through the service
    ui = UI(page=page, server=server, lang="pt", live=SimpleNamespace(dispatch=dispatch, table=SimpleNamespace(id="t1")),
            access=Access("host"))
    assert asyncio.run(ui.send({"type": "x"})) is False
    assert shown[0].content.label.endswith("O atacante precisa de pelo menos uma unidade para lutar.")

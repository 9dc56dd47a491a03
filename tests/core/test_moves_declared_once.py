"""Each event type is named once, in its game's list of moves (core/moves.py).

A move used to be spelled in five tables (schemas, handlers, the view's answers,
the history's lines, the steps set), and a move added to one and forgotten in
another was half made. Every table keyed by event type is now derived from the
list, so none may be written by hand again: this reads the source and fails on a
dict whose keys, or a set or frozenset whose members, are all event types of one
game, written outside a function (a module's or class's table) or, inside one,
naming two or more of them (a table built per call, as an `allowed` answer was).

The screens (companion/ui/) are left out: they draw the view's answers, they do not
dispatch moves; a dict there keyed by an answer's name is a button's look.
"""
from __future__ import annotations

import ast
from pathlib import Path

from companion.core import drafts
from companion.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2] / "companion"
SCANNED = [p for p in sorted(ROOT.rglob("*.py")) if (ROOT / "ui") not in p.parents]


def _event_types() -> dict[str, set[str]]:
    return {g.id: (set(g.event_schemas) | set(g.handlers) | set(g.retired)) - {drafts.TYPE} for g in GAMES.values()}


def _tables(tree: ast.AST) -> list[tuple[ast.AST, bool]]:
    """Every dict and set display (and frozenset/set call on one), with whether it sits inside a function."""
    found: list[tuple[ast.AST, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, (ast.Dict, ast.Set)):
            found.append((node, in_function))
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return found


def _keys(node: ast.AST) -> list[str]:
    elements = node.keys if isinstance(node, ast.Dict) else node.elts
    return [k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else "" for k in elements]


def offences() -> list[str]:
    types = _event_types()
    out = []
    for path in SCANNED:
        for node, in_function in _tables(ast.parse(path.read_text(encoding="utf-8"))):
            keys = _keys(node)
            if not keys or "" in keys:
                continue
            for game_id, names in types.items():
                if set(keys) <= names and (not in_function or len(keys) >= 2):
                    out.append(f"{path.relative_to(ROOT.parent)}:{node.lineno} {game_id} {sorted(keys)}")
    return out


def test_no_table_keyed_by_event_type_is_written_outside_the_moves():
    found = offences()
    assert not found, "event types named as keys outside their Move declarations:\n" + "\n".join(found)


def test_every_event_type_is_declared_by_one_move():
    for game in GAMES.values():
        declared = [m.name for m in game.moves]
        assert len(declared) == len(set(declared)), game.id
        assert set(declared) == set(game.handlers) | set(game.retired), game.id
        assert set(game.event_schemas) - {drafts.TYPE} == set(game.handlers), game.id


def test_the_scan_sees_a_table_written_by_hand():
    """The check can fail: a handler table like the ones the moves replaced is found."""
    kleos = _event_types()["kleos"]
    source = 'HANDLERS = {"glory.add": f, "phase.next": g}\nSTEPS = frozenset({"phase.next"})\n'
    tables = [_keys(n) for n, _ in _tables(ast.parse(source))]
    assert [k for k in tables if set(k) <= kleos] == [["glory.add", "phase.next"], ["phase.next"]]

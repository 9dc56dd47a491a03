"""The JSON API and the screens meet a refusal in one place each (core/tables.py's `Refusal`).

Both front doors once caught the hub's own exceptions themselves ("cannot open this table" was
KeyError, FileNotFoundError and Damaged, caught a dozen times), and a rule mapped twice drifted."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"
HUBS_OWN = {"Damaged", "FileNotFoundError", "ReadOnly", "NotSaved", "Stale", "BrokenFile"}


def _caught(path: Path) -> list[str]:
    """Every exception name an `except` of `path` names."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names += [n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)]
    return names


def _front_doors() -> dict[str, list[Path]]:
    return {"api": [ROOT / "api.py"], "ui": sorted((ROOT / "ui").rglob("*.py"))}


def test_no_front_door_catches_the_hubs_own_exceptions():
    found = {str(p.relative_to(ROOT)): sorted(set(_caught(p)) & HUBS_OWN)
             for paths in _front_doors().values() for p in paths}
    assert {p: names for p, names in found.items() if names} == {}


def test_each_front_door_maps_a_refusal_in_one_place():
    counts = {door: sum(_caught(p).count("Refusal") for p in paths) for door, paths in _front_doors().items()}
    assert counts == {"api": 1, "ui": 1}


def test_the_api_imports_nothing_of_the_screens():
    tree = ast.parse((ROOT / "api.py").read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not [m for m in modules if m.startswith("companion.ui")]

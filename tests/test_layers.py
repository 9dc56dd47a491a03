"""The packages stay layered: core knows no game, no two of core, games, rules and ui import each other in a
circle, and the server's edge (companion/server/) sits outside them all."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"
LAYERS = ("core", "games", "rules", "ui")


def _edges() -> set[tuple[str, str]]:
    edges = set()
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                for name in names:
                    parts = name.split(".")
                    if parts[0] == "companion" and len(parts) > 1 and parts[1] in LAYERS and parts[1] != layer:
                        edges.add((layer, parts[1]))
    return edges


def _reaches(edges: set[tuple[str, str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        here = todo.pop()
        for a, b in edges:
            if a == here and b not in seen:
                if b == goal:
                    return True
                seen.add(b)
                todo.append(b)
    return False


def test_no_cycle_between_the_layers():
    edges = _edges()
    cycles = [layer for layer in LAYERS if _reaches(edges, layer, layer)]
    assert not cycles, f"import cycle through {cycles}: {sorted(edges)}"


def test_core_imports_no_other_layer():
    assert not {b for a, b in _edges() if a == "core"}


def test_only_the_ui_imports_flet():
    for layer in ("core", "games", "rules"):
        for path in (ROOT / layer).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            mods = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
            mods |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
            assert not any(m.split(".")[0] in {"flet", "flet_charts", "flet_web"} for m in mods), path


def test_the_ui_uses_only_the_public_face_of_a_game():
    for path in (ROOT / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("companion.games."):
                parts = node.module.split(".")
                assert len(parts) == 3 or parts[2] == "registry", f"{path}: imports internals {node.module}"


def _imports(path: Path) -> set[str]:
    """Every module a file imports, `from package import module` included."""
    mods = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            mods |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            mods |= {a.name for a in node.names}
    return mods


def test_the_edge_knows_no_screen_game_or_api():
    """Only server/app.py, which assembles the whole server, reaches past the edge to what it serves."""
    inner = ("companion.ui", "companion.games", "companion.rules", "companion.api", "companion.web_shell")
    for path in (ROOT / "server").glob("*.py"):
        if path.name != "app.py":
            assert not {m for m in _imports(path) if m.startswith(inner)}, path


def test_no_layer_reaches_the_assembled_server():
    """core, games and rules never import the edge; the screens use its socket watch and addresses,
    never the app that assembles them (a circle)."""
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            edge = {m for m in _imports(path) if m.startswith("companion.server.")}
            if layer == "ui":
                edge = {m for m in edge if m.startswith("companion.server.app")}
            assert not edge, f"{path}: imports {sorted(edge)}"

"""Every third-party import of `companion/` is declared in pyproject.toml.

A package installed by hand on one machine once hid a missing declaration (brotli): the
README's first command then failed on every fresh machine. This walks the sources, so it
fails here even in a venv that happens to have the package."""
import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return {_normal(re.match(r"[A-Za-z0-9._-]+", req).group()) for req in project["dependencies"]}


def _imported() -> dict[str, str]:
    """Top-level module -> a file importing it, for every absolute import in companion/."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return found


def test_every_third_party_import_is_a_declared_dependency():
    declared = _declared()
    providers = packages_distributions()
    missing = []
    for module, where in _imported().items():
        if module in sys.stdlib_module_names or module in ("companion", "__future__"):
            continue
        distributions = {_normal(d) for d in providers.get(module, [])}
        if not distributions & declared:
            missing.append(f"{module} (imported in {where}; installed by {sorted(distributions) or 'nothing'})")
    assert not missing, "imports not declared in pyproject.toml: " + ", ".join(missing)


def test_the_walk_sees_the_imports_that_matter():
    """Guards the test above against walking nothing."""
    assert {"flet", "flet_web", "brotli", "starlette", "yaml"} <= set(_imported())

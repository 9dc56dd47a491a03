"""The source rulebooks, for the tests that prove our wording is not copied from them.

They are not in the repository (they are not ours to publish): CI and the development
machines keep them in `shared/seeds/` beside the clone, or beside the folder of worktrees.
In a clone without them those tests skip, naming the folder they looked for; every
other test runs the same.
"""
from __future__ import annotations

from pathlib import Path

import pytest

CLONE = Path(__file__).resolve().parents[1]
SEEDS = next((d / "shared" / "seeds" for d in CLONE.parents if (d / "shared" / "seeds").is_dir()),
             CLONE.parent / "shared" / "seeds")


def rulebooks(name: str = "*.txt") -> list[Path]:
    """The rulebook files matching `name`; skips the calling test when there are none."""
    found = sorted(SEEDS.glob(name))
    if not found:
        pytest.skip(f"needs the source rulebooks ({name}) in {SEEDS}, which sits outside the repository "
                    "and is missing beside this clone")
    return found

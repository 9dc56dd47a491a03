"""How fast the Kleos odds panel answers: 10,000 combat queries, cold then warm.

Run from the repo root: python -m bench.odds. Prints figures only; nothing here fails on speed.
"""
from __future__ import annotations

import random
import time

from companion.games.kleos import odds
from companion.games.kleos.odds import Fighter, combat

QUERIES = 10_000


def _queries(seed: int) -> list[tuple[Fighter, Fighter, bool]]:
    """Stats in the range real Minions reach, so cache hits resemble a real table."""
    rng = random.Random(seed)

    def fighter() -> Fighter:
        return Fighter(
            attack=rng.randint(0, 8),
            defense=rng.randint(0, 5),
            tactics=rng.randint(-3, 6),
            godly=rng.random() < 0.15,
            champion=rng.random() < 0.25,
        )

    return [(fighter(), fighter(), rng.random() < 0.2) for _ in range(QUERIES)]


def _clear() -> None:
    for cached in (odds._table, odds._at_least):
        cached.cache_clear()


def _time(queries: list[tuple[Fighter, Fighter, bool]], clear_each: bool = False) -> float:
    start = time.perf_counter()
    for attacker, defender, opportunity in queries:
        if clear_each:
            _clear()
        combat(attacker, defender, opportunity=opportunity)
    return time.perf_counter() - start


def main() -> None:
    queries = _queries(1)
    _clear()
    cold = _time(queries)
    warm = _time(queries)
    never = _time(queries, clear_each=True)
    print(f"{QUERIES} combat queries ({len(set(queries))} distinct)")
    print(f"  cold tables: {cold * 1000:7.1f} ms  ({cold / QUERIES * 1e6:5.1f} us/query)")
    print(f"  warm tables: {warm * 1000:7.1f} ms  ({warm / QUERIES * 1e6:5.1f} us/query)")
    print(f"  no caching:  {never * 1000:7.1f} ms  ({never / QUERIES * 1e6:5.1f} us/query)")


if __name__ == "__main__":
    main()

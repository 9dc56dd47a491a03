"""How fast the Cyclades battle panel answers: the exact retreat table by army size, cold then cached.

Run from the repo root: python -m bench.cyclades_odds. Prints figures only; nothing here fails on speed.
Every change at the table re-renders every screen, so the warm figure is what a redraw costs.
"""
from __future__ import annotations

import time

from companion.games.cyclades.odds import Side, retreat_table
from companion.ui.games.cyclades.battle import battle_grid

SIZES = (3, 8, 15, 20)
REPEAT = 20


def _ms(fn, repeat: int = REPEAT) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    print(f"{'units a side':>12} {'plain ms':>9} {'heroes ms':>10} {'cached ms':>10}")
    for n in SIZES:
        plain = (Side(n), Side(n, 2))
        heroes = (Side(n, 0, ("ajax", "helen", "odysseus")), Side(n, 2, ("penthesilea", "antigone")))
        cold_plain = _ms(lambda: retreat_table(*plain))
        cold_heroes = _ms(lambda: retreat_table(*heroes))
        battle_grid(*heroes, False)
        warm = _ms(lambda: battle_grid(*heroes, False), 1000)
        print(f"{n:>12} {cold_plain:>9.2f} {cold_heroes:>10.2f} {warm:>10.4f}")


if __name__ == "__main__":
    main()

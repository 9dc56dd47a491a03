"""How fast the rules look-up starts and answers, on this machine.

Prints the cold start (reading the YAML files, building the index) and the
query latency percentiles over questions players ask at the table. Run:
    python bench/rules_search.py
"""
from __future__ import annotations

import statistics
import time

from companion.rules.engine import search
from companion.rules.fts import Index
from companion.rules.library import all_entries

QUESTIONS = [
    ("can a champion be cursed", "kleos", "en"),
    ("oportunity atack", "kleos", "en"),
    ("how many minions can I have in play", "kleos", "en"),
    ("what does olympus favour do", "kleos", None),
    ("slaugter", "kleos", "en"),
    ("who controls the port on a tie", "kleos", "en"),
    ("zeus pity", None, None),
    ("hand limit at dusk", "kleos", "en"),
    ("campeão pode ser amaldiçoado", "kleos", "pt"),
    ("piedade de zeus", "kleos", "pt"),
    ("criterios de desempate", "kleos", "pt"),
    ("who gets paid when the dice total is odd", "fleecing_olympus", "en"),
    ("how much does a second card cost", "fleecing_olympus", "en"),
    ("shirt of nesus", "fleecing_olympus", "en"),
    ("hera odd power", "fleecing_olympus", None),
    ("aposta inicial", "fleecing_olympus", "pt"),
    ("how much gold do I start with", "cyclades", "en"),
    ("metropolis from philosophers", "cyclades", "en"),
    ("what does the kraken do", None, None),
    ("condicoes de vitoria", "lords_of_hellas", "pt"),
    ("caçada fracassada", "lords_of_hellas", "pt"),
    ("how many hoplites die after a battle", "lords_of_hellas", "en"),
    ("champ", "kleos", "en"),
    ("tie", None, None),
]
ROUNDS = 20


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f} ms"


def main() -> None:
    t0 = time.perf_counter()
    entries = all_entries()
    t1 = time.perf_counter()
    builds = []
    for _ in range(5):
        start = time.perf_counter()
        Index.build(entries)
        builds.append(time.perf_counter() - start)
    print(f"entries: {len(entries)} in {len({(e.game, e.lang) for e in entries})} files")
    print(f"read YAML:       {_ms(t1 - t0)}")
    print(f"build index:     {_ms(statistics.median(builds))} (median of {len(builds)})")

    start = time.perf_counter()
    search(*QUESTIONS[0][:1], game=QUESTIONS[0][1], lang=QUESTIONS[0][2])
    print(f"first query:     {_ms(time.perf_counter() - start)} (includes building the shared index)")

    times = []
    for _ in range(ROUNDS):
        for query, game, lang in QUESTIONS:
            start = time.perf_counter()
            search(query, game=game, lang=lang)
            times.append(time.perf_counter() - start)
    times.sort()
    print(f"queries:         {len(times)} ({len(QUESTIONS)} questions x {ROUNDS})")
    print(f"query p50:       {_ms(times[len(times) // 2])}")
    print(f"query p95:       {_ms(times[int(len(times) * 0.95)])}")
    print(f"query max:       {_ms(times[-1])}")


if __name__ == "__main__":
    main()

"""Random requests against the JSON API, every event type of every game (issue #15).

Draws commands from the same Hypothesis strategies as tests/test_api_fuzz.py
and sends them through the real router in-process. Prints, per game, how many
answered 500 (target 0) and the slowest answer (target under 1 s).
Run: python bench/api_fuzz.py [--requests 500]
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.test_api_fuzz import ADMIN, OPTIONS, commands  # noqa: E402

from companion.api import router  # noqa: E402
from companion.core.hub import Hub  # noqa: E402
from companion.games.registry import GAMES  # noqa: E402


def run(game_id: str, requests: int, folder: Path) -> tuple[int, float, dict[int, int]]:
    app = FastAPI()
    app.include_router(router(Hub(folder, GAMES), ADMIN))
    client = TestClient(app, raise_server_exceptions=False)
    table = client.post("/api/tables", params={"admin": ADMIN},
                        json={"game": game_id, "options": OPTIONS[game_id]}).json()
    tokens = [table["host_token"], *(s["token"] for s in table["seats"].values())]
    rng, strategy = random.Random(15), commands(game_id)
    errors, took, statuses = 0, [], {}
    client.get("/api/health")  # the test client's first request starts its event loop thread
    for _ in range(requests):
        raw = json.dumps(strategy.example()).encode("utf-8", "surrogatepass")
        path = rng.choice(["events"] * 8 + ["undo", "redo"])
        started = time.perf_counter()
        r = client.post(f"/api/tables/{table['id']}/{path}", params={"k": rng.choice(tokens)}, content=raw,
                        headers={"Content-Type": "application/json"})
        took.append(time.perf_counter() - started)
        errors += r.status_code >= 500
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
    return errors, took, statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=500)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # Hypothesis frowns on .example() outside tests; here it is the point
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in sorted(GAMES):
            errors, took, statuses = run(game_id, args.requests, Path(tmp) / game_id)
            over = sum(t > 1 for t in took)
            print(f"{game_id:18} requests {args.requests}  500s {errors}  over 1 s {over}  "
                  f"median {statistics.median(took) * 1000:.1f} ms  slowest {max(took) * 1000:.0f} ms  "
                  f"answers {dict(sorted(statuses.items()))}")


if __name__ == "__main__":
    main()

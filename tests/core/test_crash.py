"""Kill a writer with SIGKILL at random moments: every acknowledged event must survive."""
import os
import random
import signal
import subprocess
import sys
import textwrap

from companion.core.access import Access
from companion.core.hub import Hub
from companion.core.table_file import inspect
from companion.games.registry import GAMES

CHILD = textwrap.dedent("""
    import sys
    from pathlib import Path
    from companion.core.access import Access
    from companion.core.hub import Hub
    from companion.games.registry import GAMES
    live = Hub(Path(sys.argv[1]), GAMES).get(sys.argv[2])
    while True:
        event = live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, Access("host"))
        print(event["seq"], flush=True)
""")


def test_acknowledged_events_survive_sigkill(tmp_path):
    data = tmp_path / "data"
    table_id = Hub(data, GAMES).create("scorepad", {"players": ["Ana"]}).table.id
    rng = random.Random(7)
    acknowledged = 0
    for _ in range(10):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(data), table_id],
                                 stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        first = child.stdout.readline()  # the writer is under way (however slowly the machine starts it)
        for _ in range(rng.randint(0, 40)):  # killed after a random number of acknowledged appends
            first += child.stdout.readline()
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate()
        seqs = [int(line) for line in (first + out).split()]
        if seqs:
            acknowledged = max(acknowledged, seqs[-1])
        inspect((data / "tables" / f"{table_id}.json").read_bytes())  # at most a torn, unacknowledged last line
    live = Hub(data, GAMES).get(table_id)
    assert acknowledged > 0
    assert live.seq >= acknowledged
    assert live.state["scores"]["ana"] == live.seq  # every stored event applies, none twice
    assert [e["seq"] for e in live.events()] == list(range(1, live.seq + 1))
    live.dispatch({"type": "points.add", "player": "ana", "amount": 1}, Access("host"))

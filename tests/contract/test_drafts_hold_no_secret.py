"""Drafts (core/drafts.py) are public by declaration, so no game may put a seat's secret in one.

A draft is shown whole to every device: that is what makes it shared. So what a command
that takes a draft carries must not be a seat's secret (a Cyclades income, a Fleecing
Olympus short payment), and the declared state secrets must not live under the drafts.
The random play of test_no_secret_leaves_its_seat.py covers the doors; this covers the
declarations, for every registered game, and fails as soon as a game drafts a secret.
"""
from __future__ import annotations

import pytest

from companion.core import drafts
from companion.games.registry import GAMES


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_draft_is_confirmed_by_a_command_that_carries_a_seats_secret(game_id):
    game = GAMES[game_id]
    secret_types = set(game.secrets.events)
    for spec in game.drafts.values():
        carried = spec.confirms & secret_types
        assert not carried, f"{game_id}: draft {spec.name!r} is confirmed by {carried}, whose fields are secret"
    assert not [s.path for s in game.secrets.state if s.path.split(".")[0] == drafts.KEY]


# Games whose first draft's entries are checked as they are made (the Kleos Dusk sheet holds counts of
# real gods, from Deployment on): their table, how to reach a step that takes an entry, and one.
CHECKED = {"kleos": ({"players": ["ares", "athena", "hermes"], "temples": {"ares": "H1", "athena": "H3", "hermes": "H5"}},
                     1, "port.ares", [3, True]),
           # The opening roll's totals (the first of its drafts by name): a player rolling, a sum two dice show.
           "fleecing_olympus": ({"players": ["ana", "bia", "caio"]}, 0, "ana", 9),
           # The battle form (the first by name): one side every screen can count.
           "lords_of_hellas": ({"players": ["ana", "bia", "caio"]}, 0, "attacker",
                               {"player": "ana", "base": 0, "hoplites": 3, "fortified": 0, "can_retreat": True,
                                "cards": []})}


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if GAMES[g].drafts))
def test_every_device_reads_the_same_draft(game_id, tmp_path):
    """A seat's entry reaches every seat, the tablet and a spectator alike, and only through the view."""
    from companion.core.hub import Hub
    from companion.core.access import Access
    game = GAMES[game_id]
    hub = Hub(tmp_path, GAMES)
    options, steps, path, value = CHECKED.get(game_id, ({"players": ["ana", "bia", "caio"]}, 0, "zq", "secret-48271-zq"))
    live = hub.create(game_id, options)
    for _ in range(steps):
        live.dispatch({"type": "phase.next", "from_step": live.step}, Access("host"))
    seat = live.table.seats[0]
    key = live.claim(seat.token)[1]
    me = hub.join(live.table.id, key)[1]
    name = sorted(game.drafts)[0]
    live.dispatch({"type": drafts.TYPE, "draft": name, "path": path, "value": value}, me)
    views = [live.snapshot(access)["state"].get(drafts.KEY) for access in
             (me, Access("host"), Access("spectator"), *(Access("seat", s.id, None) for s in live.table.seats[1:]))]
    assert views[0][name]["entries"] == {path: value} and views[0][name]["by"] == {path: seat.id}
    assert all(v == views[0] for v in views)

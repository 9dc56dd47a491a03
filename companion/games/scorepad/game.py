"""Named seats, points with a reason, and a private note per seat.

The note exists to prove the hidden-information path end to end: it is the
one thing a seat sees that nobody else may receive.
"""
from __future__ import annotations

from companion.core.access import is_role_id
from companion.core.model import RuleError
from companion.core.game import GameBase
from companion.games.scorepad.moves import MOVES, SECRETS
from companion.games.scorepad.schemas import Options
from companion.games.scorepad import summary as play_summary


class ScorePad(GameBase):
    id = "scorepad"
    secrets = SECRETS
    title = "Score pad"
    min_seats = 1
    max_seats = 12
    moves = MOVES  # handlers, schemas and steps are derived from it
    summaries = play_summary
    options_schema = Options

    def seats(self, options: dict) -> list[dict]:
        players = options.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise RuleError("scorepad.err.list_players_name")
        return super().seats({**options, "players": [_slug(p) for p in players],
                              "names": {_slug(p): p.strip() for p in players} | dict(options.get("names") or {})})

    def setup(self, options: dict) -> dict:
        ids = [s["id"] for s in self.seats(options)]
        if len(set(ids)) != len(ids):
            raise RuleError("scorepad.err.two_players_have_same")
        names = {s["id"]: s["name"] for s in self.seats(options)}
        return {"players": ids, "names": names, "scores": {p: 0 for p in ids}, "notes": {p: "" for p in ids}}

    def prepare(self, state: dict, event: dict, rng: object) -> dict:
        """Carry the player's display name, so history lines read "Bia +5", not an id."""
        name = state.get("names", {}).get(event.get("player"))
        return {**event, "name": name} if name else event

    def view(self, state: dict, seat: str | None) -> dict:
        notes = {seat: state["notes"][seat]} if seat in state["notes"] else {}
        return {**state, "notes": notes}

    def describe(self, event: dict, seat: str | None, lang: str) -> str:
        words = MOVES.line(event)
        return words(event, seat, lang) if words else str(event.get("type"))


def _slug(name: str) -> str:
    """An id from a typed name; a name that spells a role ("Host") still gets a seat's id."""
    slug = "".join(c if c.isalnum() else "_" for c in name.strip().lower()).strip("_") or "player"
    return f"{slug}_player" if is_role_id(slug) else slug


GAME = ScorePad()

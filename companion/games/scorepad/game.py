"""Named seats, points with a reason, and a private note per seat.

The note exists to prove the hidden-information path end to end: it is the
one thing a seat sees that nobody else may receive.
"""
from __future__ import annotations

from companion.core.access import is_role_id
from companion.core.model import RuleError
from companion.core.game import GameBase
from companion.games.scorepad.schemas import EVENTS, MAX_POINTS, Options
from companion.games.scorepad import summary as play_summary
from companion.i18n import t
from companion.games.scorepad.secrets import SECRETS

MAX_NOTE = 500


def _player(state: dict, event: dict) -> str:
    player = event.get("player")
    if player not in state["scores"]:
        raise RuleError("scorepad.err.player_table", player=player)
    return player


def _amount(event: dict) -> int:
    amount = event.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise RuleError("scorepad.err.points_whole_number")
    if amount == 0 or abs(amount) > MAX_POINTS:
        raise RuleError("scorepad.err.points_between_zero", maximum=MAX_POINTS)
    return amount


def points_add(state: dict, event: dict) -> dict:
    if state.get("ended"):
        raise RuleError("scorepad.err.ended_no_points")
    player = _player(state, event)
    state["scores"][player] += _amount(event)
    return state


def game_end(state: dict, event: dict) -> dict:
    """The pad has no rule that ends it, so the table says when: the summary and the plays log wait for it."""
    if state.get("ended"):
        raise RuleError("scorepad.err.already_ended")
    state["ended"] = True
    return state


def note_set(state: dict, event: dict) -> dict:
    player = _player(state, event)
    if event.get("by") != player:
        raise RuleError("scorepad.err.player_own_phone_write")
    text = event.get("text")
    if not isinstance(text, str) or len(text) > MAX_NOTE:
        raise RuleError("scorepad.err.note_text_most_characters", MAX_NOTE=MAX_NOTE)
    state["notes"][player] = text
    return state


class ScorePad(GameBase):
    id = "scorepad"
    secrets = SECRETS
    # Ending the game settles it: a second tap or device must not end it twice.
    steps = frozenset({"game.end"})
    title = "Score pad"
    min_seats = 1
    max_seats = 12
    handlers = {"points.add": points_add, "note.set": note_set, "game.end": game_end}
    summaries = play_summary
    event_schemas = EVENTS
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
        if event["type"] == "game.end":
            return t("scorepad.ended", lang)
        if event["type"] == "points.add":
            return t("scorepad.points", lang, player=event.get("name", event["player"]),
                     amount=f"{event['amount']:+d}", reason=event.get("reason") or "—")
        if event.get("player") == seat:
            return t("scorepad.note_own", lang)
        return t("scorepad.note_other", lang, player=event.get("name", event.get("player")))


def _slug(name: str) -> str:
    """An id from a typed name; a name that spells a role ("Host") still gets a seat's id."""
    slug = "".join(c if c.isalnum() else "_" for c in name.strip().lower()).strip("_") or "player"
    return f"{slug}_player" if is_role_id(slug) else slug


GAME = ScorePad()

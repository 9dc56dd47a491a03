"""Every Score pad move, declared once: its request shape, handler, history line, step and secret.

The tables the server reads are derived from this list (core/moves.py).
"""
from __future__ import annotations

from companion.core.moves import Move, Moves
from companion.games.scorepad import history as line, rules, schemas, secrets

MOVES = Moves(
    Move("points.add", schemas.PointsAdd, rules.points_add, describe=line.points),
    Move("note.set", schemas.NoteSet, rules.note_set, describe=line.note, secret=secrets.NOTE),
    # Ending the game settles it: a second tap or device must not end it twice.
    Move("game.end", schemas.GameEnd, rules.game_end, describe=line.ended, step=True),
)
SECRETS = MOVES.secrets(secrets.NOTES)

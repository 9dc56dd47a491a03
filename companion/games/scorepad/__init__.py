"""Score pad: the smallest real game, so the table server is usable before any board game lands."""

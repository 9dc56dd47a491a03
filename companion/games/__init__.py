"""Game plugins. Each game is a folder here plus one line in `registry.py`."""

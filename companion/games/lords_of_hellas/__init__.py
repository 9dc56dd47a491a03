"""Lords of Hellas: victory watch, Monuments, turn markers, battle and hunt helpers."""

"""Thin Flet views: they render a table's view and send commands to the hub, nothing more."""

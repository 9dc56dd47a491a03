"""Cyclades: hidden gold, the offering auction, metropolises and battle odds."""

"""Kleos: Glory, days and phases, Olympus' Favor, Dusk scoring, dice and combat odds."""

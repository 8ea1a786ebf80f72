"""Tabletop's sounds: WAVs of our own, synthesised by make_sounds.py."""

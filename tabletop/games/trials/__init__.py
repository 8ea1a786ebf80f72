"""Paragon: Trials of the Chosen (engine, card pool, starter decks)."""

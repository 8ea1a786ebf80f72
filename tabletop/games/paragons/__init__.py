"""Paragons: Age of Champions: class choice, a draft of neutral mercenaries, deck building and
battles on a 4x2 board with reaction chains.

The engine is being built first; the plugin (PLUGIN) is declared once the game is playable at
the table, so the registry, the app and the shared tests do not list it before then.
"""

"""Champions' Brawl rules: arena, champions, cores, traps, challenges, turns. No Qt, no pygame."""

# effects declares the ops (steps.OPS) that content loading checks and writes text with:
# importing the engine declares them, whichever of its modules is imported first
from tabletop.games.brawl.engine import effects as _effects  # noqa: F401

"""The Paragons rules: cards, state, draft, chain, combat, flow. No Qt, no pygame."""

# effects declares the ops (steps.OPS) that card loading checks and writes text with: importing
# the engine declares them, whichever of its modules is imported first
from tabletop.games.paragons.engine import effects as _effects  # noqa: F401

"""The pariah rules: state, flow, cards. No Qt, no pygame."""

# abilities declares the ops (cards.OPS) that card loading checks and writes text with: importing
# the engine declares them, whichever of its modules is imported first
from tabletop.games.pariah.engine import abilities as _abilities  # noqa: F401

"""The trials rules: state, flow, cards. No Qt, no pygame."""

# effects declares the ops (cards.OPS) that card loading checks and writes text with: importing
# the engine declares them, whichever of its modules is imported first
from tabletop.games.trials.engine import effects as _effects  # noqa: F401

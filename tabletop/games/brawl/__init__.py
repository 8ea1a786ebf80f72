"""Champions' Brawl: three champions each on a hex arena, colour cores, traps, statues and the
challenge track; first to 5 VP.

The engine only, for now. `PLUGIN` is not declared yet: the shell asks every plugin for its
presentation (cover, options, rules page, table), and this game has no table yet, so declaring
it would break the home screen and the new-match dialog. The table adds the plugin.
"""

from tabletop.games.brawl.engine.content import card_pool
from tabletop.games.brawl.engine.rules import GAME

__all__ = ["GAME", "card_pool"]

"""Champions' Brawl: three champions each on a hex arena, colour cores, traps, statues and the
challenge track; first to 5 VP.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin, later
from tabletop.games.brawl.bot.policy import POLICY
from tabletop.games.brawl.engine.cards import card_pool
from tabletop.games.brawl.engine.rules import GAME


PLUGIN = Plugin(game=GAME, policy=POLICY, card_pool=card_pool,
                # the table, loaded only when the shell asks (the bots never load pygame)
                presentation=later("tabletop.games.brawl.presentation.presenter:PRESENTATION"),
                measured_options={"picks": "alternate"},
                lesson=later("tabletop.games.brawl.lessons.lesson:LESSON"))

__all__ = ["GAME", "PLUGIN", "card_pool"]

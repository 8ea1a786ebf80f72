"""Champions' Brawl: three champions each on a hex arena, colour cores, traps, statues and the
challenge track; first to 5 VP.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.brawl.engine.cards import card_pool
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.bot.policy import POLICY


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.brawl.presentation.presenter import PRESENTATION
    return PRESENTATION


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                measured_options={"picks": "alternate"})

__all__ = ["GAME", "PLUGIN", "card_pool"]

"""Paargus: two stargazers race to lay conjunctions of charts.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.paargus.engine.cards import card_pool
from tabletop.games.paargus.engine.rules import GAME
from tabletop.games.paargus.bot.policy import POLICY


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.paargus.presentation.presenter import PRESENTATION
    return PRESENTATION


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                measured_options={"hands": 1})

"""Paragons: Age of Champions: class choice, a draft of neutral mercenaries, deck building and
battles on a 4x2 board with reaction chains, best of three.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.paragons.engine.cards import card_pool
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.bot.policy import POLICY


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.paragons.presentation.presenter import PRESENTATION
    return PRESENTATION


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                measured_options={"variant": "preconstructed", "best_of": 1})

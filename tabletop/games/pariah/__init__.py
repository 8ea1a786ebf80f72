"""Pariah: hidden armies, priority activations, dice combat, relics and evolutions.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.pariah.engine.cards import faction_contents
from tabletop.games.pariah.engine.cards import card_pool
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.bot.policy import POLICY


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.pariah.presentation.presenter import PRESENTATION
    return PRESENTATION


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                choice_contents=faction_contents, measured_options={})

"""Pariah: hidden armies, priority activations, dice combat, relics and evolutions.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin, later
from tabletop.games.pariah.bot.policy import POLICY
from tabletop.games.pariah.engine.cards import card_pool, faction_contents
from tabletop.games.pariah.engine.rules import GAME


PLUGIN = Plugin(game=GAME, policy=POLICY, card_pool=card_pool,
                # the table, loaded only when the shell asks (the bots never load pygame)
                presentation=later("tabletop.games.pariah.presentation.presenter:PRESENTATION"),
                choice_contents=faction_contents, measured_options={},
                lesson=later("tabletop.games.pariah.lessons.lesson:LESSON"))

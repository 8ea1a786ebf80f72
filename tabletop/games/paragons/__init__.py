"""Paragons: Age of Champions: class choice, a draft of neutral mercenaries, deck building and
battles on a 4x2 board with reaction chains, best of three.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin, later
from tabletop.games.paragons.bot.policy import POLICY
from tabletop.games.paragons.engine.cards import card_pool
from tabletop.games.paragons.engine.rules import GAME


PLUGIN = Plugin(game=GAME, policy=POLICY, card_pool=card_pool,
                # the table, loaded only when the shell asks (the bots never load pygame)
                presentation=later("tabletop.games.paragons.presentation.presenter:PRESENTATION"),
                measured_options={"variant": "preconstructed", "best_of": 1},
                lesson=later("tabletop.games.paragons.lessons.lesson:LESSON"))

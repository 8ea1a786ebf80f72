"""Paargus: two stargazers race to lay conjunctions of charts.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin, later
from tabletop.games.paargus.bot.policy import POLICY
from tabletop.games.paargus.engine.cards import card_pool
from tabletop.games.paargus.engine.rules import GAME


PLUGIN = Plugin(game=GAME, policy=POLICY, card_pool=card_pool,
                # the table, loaded only when the shell asks (the bots never load pygame)
                presentation=later("tabletop.games.paargus.presentation.presenter:PRESENTATION"),
                measured_options={"hands": 1},
                lesson=later("tabletop.games.paargus.lessons.lesson:LESSON"))

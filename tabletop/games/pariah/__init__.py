"""Pariah: hidden armies, priority activations, dice combat, relics and evolutions.

The plugin: engine/ holds the rules (no Qt, no pygame), policy.py what the bots know,
presentation/ the table. The presentation is imported only when the shell asks for it,
so the bots and the command line never load pygame.
"""

from tabletop.core.plugin import Plugin
from tabletop.games.pariah.bots_plan import PLAN
from tabletop.games.pariah.engine.cards import card_pool
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.policy import POLICY


def _presentation():
    from tabletop.games.pariah.presentation.presenter import PRESENTATION
    return PRESENTATION


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                report_plan=PLAN)

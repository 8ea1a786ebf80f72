"""Paragon: Trials of the Chosen: two Avatars, twenty ordered cards, Instants on a stack.

The plugin: engine/ holds the rules (no Qt, no pygame), policy.py what the bots know,
presentation/ the table. The presentation is imported only when the shell asks for it,
so the bots and the command line never load pygame.
"""

from tabletop.core.plugin import Plugin
from tabletop.games.trials.bots_plan import PLAN
from tabletop.games.trials.engine.catalogue import card_pool
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.policy import POLICY


def _presentation():
    from tabletop.games.trials.presentation.presenter import PRESENTATION
    return PRESENTATION


def _deck_spec():
    from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
    return TrialsDeckSpec()


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                deck_spec=_deck_spec, report_plan=PLAN)

"""Paragon: Trials of the Chosen: two Avatars, twenty ordered cards, Instants on a stack.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.trials.balance_plan import PLAN as BALANCE_PLAN, ROYALE
from tabletop.games.trials.bots_plan import PLAN
from tabletop.games.trials.engine.catalogue import card_pool
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.policy import POLICY


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.trials.presentation.presenter import PRESENTATION
    return PRESENTATION


def _deck_spec():
    from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
    return TrialsDeckSpec()


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                deck_spec=_deck_spec, report_plan=PLAN,
                balance_plans=(BALANCE_PLAN, ROYALE))

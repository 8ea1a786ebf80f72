"""Paragon: Trials of the Chosen: two Avatars, twenty ordered cards, Instants on a stack.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin
from tabletop.games.trials.engine.decks import starter_contents
from tabletop.games.trials.engine.catalogue import card_pool
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.bot.deckcraft import choose_deck
from tabletop.games.trials.bot.policy import POLICY

GAME.bot_deck = choose_deck     # the engine plays the bots' deck choice from the seed


def _presentation():     # imported when the shell asks, so the bots never load pygame
    from tabletop.games.trials.presentation.presenter import PRESENTATION
    return PRESENTATION


def _deck_spec():
    from tabletop.games.trials.presentation.deckspec import TrialsDeckSpec
    return TrialsDeckSpec()


PLUGIN = Plugin(game=GAME, policy=POLICY, presentation=_presentation, card_pool=card_pool,
                deck_spec=_deck_spec, choice_contents=starter_contents, measured_options={"decks": ["bot", "bot"]})

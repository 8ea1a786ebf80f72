"""Paragon: Trials of the Chosen: two Avatars, twenty ordered cards, Instants on a stack.

The game's plugin (tabletop/core/plugin.py).
"""

from tabletop.core.plugin import Plugin, later
from tabletop.games.trials.bot.deckcraft import choose_deck
from tabletop.games.trials.bot.policy import POLICY
from tabletop.games.trials.engine.catalogue import card_pool
from tabletop.games.trials.engine.decks import starter_contents
from tabletop.games.trials.engine.rules import GAME

GAME.bot_deck = choose_deck     # the engine plays the bots' deck choice from the seed


PLUGIN = Plugin(game=GAME, policy=POLICY, card_pool=card_pool,
                # the table and the deck builder's rules, loaded only when the shell asks
                presentation=later("tabletop.games.trials.presentation.presenter:PRESENTATION"),
                deck_spec=later("tabletop.games.trials.presentation.deckspec:TrialsDeckSpec", call=True),
                choice_contents=starter_contents, measured_options={"decks": ["bot", "bot"]},
                lesson=later("tabletop.games.trials.lessons.lesson:LESSON"))

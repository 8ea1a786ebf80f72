"""Decks in the shell: a game's deck specification (from its plugin) and the saved decks
under the user data dir (the store), brought together for the new-match dialog and the
deck builder. Games describe decks; only the shell reads and writes them."""

from __future__ import annotations

from tabletop.games.registry import plugin
from tabletop.store.decks import DeckStore


def deck_spec(game_id: str):
    """The game's deck specification, or None for a game without decks."""
    factory = plugin(game_id).deck_spec
    return factory() if factory is not None else None


def saved_decks(spec, store: DeckStore | None = None) -> list[tuple[str, dict]]:
    """(name, deck) of every saved deck of the game that can be read."""
    store = store or DeckStore(spec.game_id)
    return [(f.name, f.deck) for f in store.list() if f.deck is not None]


def seat_choices(spec, players: int, store: DeckStore | None = None) -> list[tuple[str, object]]:
    return spec.seat_choices(players, saved_decks(spec, store))

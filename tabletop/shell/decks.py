"""Decks in the shell: a game's deck specification (from its plugin) and the saved decks
under the user data dir (the store), brought together for the new-match dialog and the
deck builder. Games describe decks; only the shell reads and writes them.

Every saved deck is checked against the game's spec as it is read: a deck whose cards are
not lists of the game's card ids (a hand-edited or foreign file) is listed with the reason
it cannot be used, never offered to a seat, and never handed to the builder."""

from __future__ import annotations

import logging
from dataclasses import replace

from tabletop.games.registry import plugin
from tabletop.store.decks import DeckFile, DeckStore

log = logging.getLogger(__name__)


def deck_spec(game_id: str):
    """The game's deck specification, or None for a game without decks."""
    factory = plugin(game_id).deck_spec
    return factory() if factory is not None else None


def unreadable(spec, deck) -> str:
    """Why the builder could not show `deck` (saved-deck form), in a sentence; "" when every
    leader and card is a card id of the game. Legality is the spec's `problems`, not this."""
    if not isinstance(deck, dict):
        return "the file holds no deck."
    try:
        leaders, cards = spec.from_deck(deck)
    except Exception:          # noqa: BLE001 - a hand-edited file may hold anything
        return "its cards are not lists of card names."
    for ids in (leaders, cards):
        if not isinstance(ids, list) or not all(isinstance(c, str) for c in ids):
            return "its cards are not lists of card names."
    for group, ids in (("leaders", leaders), ("cards", cards)):
        for cid in ids:
            try:
                spec.card(cid)
            except Exception:  # noqa: BLE001 - KeyError from a pool, or anything else
                return f"{cid[:40]!r} is not a card of this game."
    return ""


def deck_files(spec, store: DeckStore | None = None) -> list[DeckFile]:
    """Every saved deck file of the game, each checked against the spec: one that cannot be
    used has deck None and its reason. A folder that cannot be read lists nothing."""
    store = store or DeckStore(spec.game_id)
    try:
        files = store.list()
    except OSError as exc:
        log.warning("could not list the %s decks: %s", spec.game_id, exc)
        return []
    out = []
    for f in files:
        if f.deck is not None:
            why = unreadable(spec, f.deck)
            if why:
                f = replace(f, deck=None, problem=why)
        out.append(f)
    return out


def saved_decks(spec, store: DeckStore | None = None) -> list[tuple[str, dict]]:
    """(label, deck) of every saved deck of the game that can be read: the label is the
    deck's name, with its file when two could read alike."""
    return [(f.label, f.deck) for f in deck_files(spec, store) if f.deck is not None]


def seat_choices(spec, players: int, store: DeckStore | None = None) -> list[tuple[str, object]]:
    return spec.seat_choices(players, saved_decks(spec, store))

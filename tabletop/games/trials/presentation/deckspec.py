"""Trials decks as the shell sees them: the deck builder's filters, labels and faces, the
per-seat deck choice of the new-match dialog, and legality in the engine's words (decks.py).

The shell owns deck storage: it hands the saved decks in; nothing here reads or writes files.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Rng
from tabletop.games.trials.engine.cards import DISCIPLINES, Card, deck_cards, pool
from tabletop.games.trials.engine.decks import (ROYALE_SUFFIX, deck_problems,
                                                resolve_deck, starter_for_seat, starter_names,
                                                starters)
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.trials.presentation import faces

BOTS_CHOICE = "bot's choice"
TYPES = ("equipment", "ability")


def filtered(discipline: str | None = None, kind: str | None = None, cost: int | None = None,
             text: str = "", avatars: bool = False) -> list[Card]:
    """The pool cards matching every filter given (cost 5 means 5 or more)."""
    cards = [c for c in pool().values() if c.type == "avatar"] if avatars else deck_cards()
    out = []
    for c in cards:
        if discipline and discipline not in c.disciplines:
            continue
        if kind and c.type != kind:
            continue
        if cost is not None and (c.cost < 5 if cost >= 5 else c.cost != cost):
            continue
        if text and text.lower() not in (c.name + " " + c.text).lower():
            continue
        out.append(c)
    return out


class TrialsDeckSpec:
    """What the shell's deck builder and new-match dialog need to know about Trials decks."""

    game_id = "trials"
    title = "Paragon: Trials of the Chosen: deck builder"
    deck_size = 20
    leader_word = "Avatar"
    modes = (("Duel deck (2 Avatars)", False), ("Battle royale deck (1 Avatar)", True))
    ordered = True                  # a Trials deck is never shuffled: its order is the player's
    # the match option that holds one deck per seat, and its label in the new-match dialog
    seat_key = "decks"
    seat_label = "Deck"
    bots_choice = BOTS_CHOICE

    # --- the deck builder ----------------------------------------------------------------------
    @staticmethod
    def filters() -> list[tuple[str, str, list[tuple[str, object]]]]:
        return [("discipline", "Discipline", [("Any discipline", None)] +
                 [(d.capitalize(), d) for d in DISCIPLINES]),
                ("kind", "Type", [("Equipment and Abilities", None), ("Avatars", "avatar"),
                                  ("Equipment", "equipment"), ("Abilities", "ability")]),
                ("cost", "Cost", [("Any cost", None)] + [(str(n), n) for n in range(5)] + [("5+", 5)])]

    @staticmethod
    def cards(discipline=None, kind=None, cost=None, text: str = "") -> list[Card]:
        if kind == "avatar":
            return filtered(discipline, None, None, text, avatars=True)
        return filtered(discipline, kind, cost, text)

    @staticmethod
    def card(card_id: str) -> Card:
        return pool()[card_id]

    @staticmethod
    def is_leader(card_id: str) -> bool:
        return pool()[card_id].type == "avatar"

    @staticmethod
    def copies_allowed(card_id: str) -> int:
        return 1

    @staticmethod
    def mode_of(leaders: list[str], cards: list[str]) -> bool:
        """A deck with one Avatar is a battle royale deck."""
        return len(leaders) == 1

    @staticmethod
    def label(c: Card) -> str:
        if c.type == "avatar":
            return f"{c.name}\nAvatar · {c.hp} HP"
        return f"{c.name}\n{c.cost} energy · {c.type.capitalize()}"

    @staticmethod
    def face(card_id: str):
        return faces.face_key(card_id), partial(faces.compose_face, card_id)

    @staticmethod
    def problems(leaders: list[str], cards: list[str], royale: bool) -> list[str]:
        return deck_problems({"avatars": list(leaders), "cards": list(cards)}, royale)

    @staticmethod
    def starters(royale: bool) -> dict[str, dict]:
        return {n: d for n, d in starters().items() if (len(d["avatars"]) == 1) == royale}

    @staticmethod
    def as_deck(leaders: list[str], cards: list[str]) -> dict:
        return {"avatars": list(leaders), "cards": list(cards)}

    @staticmethod
    def from_deck(deck: dict) -> tuple[list[str], list[str]]:
        """The Avatars and cards of a saved deck; TypeError when they are not lists."""
        avatars, cards = deck.get("avatars") or [], deck.get("cards") or []
        if not isinstance(avatars, list) or not isinstance(cards, list):
            raise TypeError("a deck's avatars and cards are lists of card ids")
        return list(avatars), list(cards)

    # --- the new-match dialog --------------------------------------------------------------------
    @staticmethod
    def usable(deck: dict, players: int) -> bool:
        """A saved deck of the right shape (1 Avatar for the battle royale, 2 for a duel):
        lists of the pool's card ids (a hand-edited file may hold anything else), legal."""
        if not isinstance(deck, dict):
            return False
        avatars, cards = deck.get("avatars"), deck.get("cards")
        if not (isinstance(avatars, list) and isinstance(cards, list)
                and all(isinstance(c, str) for c in avatars + cards)):
            return False
        return not deck_problems(deck, players > 2)

    @staticmethod
    def seat_choices(players: int, saved: list[tuple[str, dict]]) -> list[tuple[str, object]]:
        """(label, value) per deck a seat can take: starters by name, the usable saved decks
        (handed in by the shell), bot's choice."""
        royale = players > 2
        # every starter offered at a royale table is a royale one: the name says the Avatar
        out: list[tuple[str, object]] = [(f"Starter: {n.removesuffix(ROYALE_SUFFIX)}", n)
                                         for n in starter_names(royale)]
        out += [(f"My deck: {name}", deck) for name, deck in saved
                if TrialsDeckSpec.usable(deck, players)]
        out.append(("Bot's choice (one of the starters it rates strongest)", BOTS_CHOICE))
        return out

    @staticmethod
    def seat_default(seat: int, players: int, is_bot: bool):
        """A starter for a person (so a match starts in two clicks), bot's choice for a bot."""
        return BOTS_CHOICE if is_bot else starter_for_seat(seat, players > 2)

    @staticmethod
    def finish_options(options: dict, seed: int, players: int) -> dict:
        """The engine's `decks` option, every seat's deck as a concrete list saved with the
        match: "bot's choice" is drawn, and a starter's name becomes its list as it is today,
        so that retuning a starter later (balance rounds do) cannot change a saved match."""
        out = dict(options)
        if out.get("decks"):
            royale = players > 2
            out["decks"] = [GAME.bot_deck(pool(), Rng(seed * 31 + seat), royale) if v == BOTS_CHOICE
                            else resolve_deck(v) if isinstance(v, str) else v
                            for seat, v in enumerate(out["decks"])]
        return out

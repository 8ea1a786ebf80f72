"""Trials decks for the app: the per-seat deck choices of the new-match dialog, resolving
"bot's choice", and the deck builder's filters and live legality (decks.py's messages)."""

from __future__ import annotations

from tabletop.core import Rng
from tabletop.games.trials.cards import DISCIPLINES, Card, deck_cards, pool
from tabletop.games.trials.decks import choose_deck, deck_problems, starter_for_seat, starter_names
from tabletop.store.decks import DeckStore

BOTS_CHOICE = "bot's choice"
GAME_ID = "trials"
TYPES = ("equipment", "ability")


def store() -> DeckStore:
    return DeckStore(GAME_ID)


def saved_decks(royale: bool) -> list[tuple[str, dict]]:
    """Usable saved decks of the right shape (1 Avatar for the battle royale, 2 for a duel)."""
    out = []
    for f in store().list():
        if f.deck is not None and not deck_problems(f.deck, royale):
            out.append((f.name, f.deck))
    return out


def deck_choices(players: int) -> list[tuple[str, object]]:
    """(label, value) per deck a seat can take: starters by name, saved decks, bot's choice."""
    royale = players > 2
    out: list[tuple[str, object]] = [(f"Starter: {n}", n) for n in starter_names(royale)]
    out += [(f"My deck: {name}", deck) for name, deck in saved_decks(royale)]
    out.append(("Bot's choice (a random legal deck)", BOTS_CHOICE))
    return out


def default_choice(seat: int, players: int, is_bot: bool):
    """A starter for a person (so a match starts in two clicks), bot's choice for a bot."""
    return BOTS_CHOICE if is_bot else starter_for_seat(seat, players > 2)


def resolve_choices(values: list, seed: int, players: int) -> list:
    """The engine's `decks` option: "bot's choice" becomes a concrete deck (saved with the match)."""
    royale = players > 2
    out = []
    for seat, v in enumerate(values):
        if v == BOTS_CHOICE:
            v = choose_deck(pool(), Rng(seed * 31 + seat), royale)
        out.append(v)
    return out


# --- the deck builder's view of the pool -------------------------------------------------------------
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


def problems(avatars: list[str], cards: list[str], royale: bool = False) -> list[str]:
    return deck_problems({"avatars": avatars, "cards": cards}, royale)


__all__ = ["BOTS_CHOICE", "DISCIPLINES", "TYPES", "deck_choices", "default_choice", "filtered",
           "problems", "resolve_choices", "saved_decks", "store"]


class TrialsDeckSpec:
    """What the shell's deck builder needs to know about Trials decks."""

    game_id = GAME_ID
    title = "Paragon: Trials of the Chosen: deck builder"
    deck_size = 20
    leader_word = "Avatar"
    modes = (("Duel deck (2 Avatars)", False), ("Battle royale deck (1 Avatar)", True))

    def __init__(self) -> None:
        self.store = store()

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
    def label(c: Card) -> str:
        if c.type == "avatar":
            return f"{c.name}\nAvatar · {c.hp} HP"
        return f"{c.name}\n{c.cost} energy · {c.type.capitalize()}"

    @staticmethod
    def face(card_id: str):
        from functools import partial
        from tabletop.games.trials import faces
        return faces.face_key(card_id), partial(faces.compose_face, card_id)

    @staticmethod
    def problems(leaders: list[str], cards: list[str], royale: bool) -> list[str]:
        return problems(leaders, cards, royale)

    @staticmethod
    def starters(royale: bool) -> dict[str, dict]:
        from tabletop.games.trials.decks import starters
        return {n: d for n, d in starters().items() if (len(d["avatars"]) == 1) == royale}

    @staticmethod
    def as_deck(leaders: list[str], cards: list[str]) -> dict:
        return {"avatars": list(leaders), "cards": list(cards)}

    @staticmethod
    def from_deck(deck: dict) -> tuple[list[str], list[str]]:
        return list(deck.get("avatars") or []), list(deck.get("cards") or [])

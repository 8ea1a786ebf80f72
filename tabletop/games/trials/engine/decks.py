"""Decks: the legality check and the ready-made starter decks (the bots' choice among them is
bot/deckcraft.py's).

A duel deck is 2 different Avatars and exactly 20 different Equipment and
Ability cards, each sharing a discipline with at least one of the Avatars, in
the order the player chose (never shuffled). A battle royale deck has 1 Avatar.
The duel starters are listed in data/starters.json, in the order they are drawn,
being tuned by self-play toward the balance bars (docs/BALANCE.md). So are the battle
royale starters (one per Avatar) that tuning has reached; an Avatar without a listed one
gets a deck built by one rule (the cheapest cards of its discipline, cheapest first). A
test keeps every starter legal.
"""

from __future__ import annotations

from functools import lru_cache

from tabletop.games.trials.engine.cards import SCHOOLS, Card, avatars, deck_cards, pool
from tabletop.games.trials.engine.state import DECK_SIZE
from tabletop.resources import read_json


def deck_problems(deck: dict, royale: bool = False) -> list[str]:
    """Every reason `deck` ({"avatars": [...], "cards": [...]}) is not legal; [] when it is."""
    out = []
    want = 1 if royale else 2
    avs = list(deck.get("avatars") or [])
    cards = list(deck.get("cards") or [])
    p = pool()
    if len(avs) != want:
        out.append(f"a {'battle royale' if royale else 'duel'} deck has {want} Avatar"
                   f"{'s' if want > 1 else ''}, this one has {len(avs)}.")
    if len(set(avs)) != len(avs):
        out.append("the two Avatars must be different.")
    for a in avs:
        if a not in p or p[a].type != "avatar":
            out.append(f"{a!r} is not an Avatar of the pool.")
    if len(cards) != DECK_SIZE:
        out.append(f"a deck holds exactly {DECK_SIZE} Equipment and Ability cards, this one {len(cards)}.")
    seen = set()
    discs = {d for a in avs if a in p for d in p[a].disciplines}
    for c in cards:
        if c not in p or p[c].type == "avatar":
            out.append(f"{c!r} is not an Equipment or Ability card of the pool.")
            continue
        if c in seen:
            out.append(f"{p[c].name} is in the deck twice: one copy of each card.")
        seen.add(c)
        if discs and not set(p[c].disciplines) & discs:
            out.append(f"{p[c].name} shares no discipline with the deck's Avatars.")
    return out


def _order(cards: list[Card]) -> list[str]:
    """Cheapest first (a beginner's order: the opening hand can be played early)."""
    return [c.id for c in sorted(cards, key=lambda c: (c.cost, c.type != "equipment", c.id))]


def build_deck(avatar_ids: list[str]) -> dict:
    """A legal deck for these Avatars: the cheapest cards of their disciplines, about 11
    Equipment and 9 Abilities."""
    p = pool()
    discs = [d for a in avatar_ids for d in p[a].disciplines]
    fits = [c for c in deck_cards() if set(c.disciplines) & set(discs)]
    fits.sort(key=lambda c: (c.cost, c.id))
    eq = [c for c in fits if c.type == "equipment"][:11]
    ab = [c for c in fits if c.type == "ability"][:DECK_SIZE - len(eq)]
    if len(eq) + len(ab) < DECK_SIZE:
        eq = [c for c in fits if c.type == "equipment"][:DECK_SIZE - len(ab)]
    return {"avatars": list(avatar_ids), "cards": _order(eq + ab)}


@lru_cache(maxsize=1)
def starters() -> dict[str, dict]:
    """Ready-made decks by name: the duel starters of data/starters.json (one per discipline,
    its two Avatars; one per school, an Avatar of each of its disciplines; cards in the order
    they are drawn), then one per Avatar for the battle royale, listed there or built."""
    listed = {name: {"avatars": list(d["avatars"]), "cards": list(d["cards"])}
              for name, d in read_json("tabletop.games.trials.engine", "data/starters.json").items()}
    out = {name: d for name, d in listed.items() if len(d["avatars"]) == 2}
    for a in avatars():
        name = a.name + ROYALE_SUFFIX
        out[name] = listed.get(name) or build_deck([a.id])
    return out


def starter_names(royale: bool = False) -> list[str]:
    return [n for n, d in starters().items() if (len(d["avatars"]) == 1) == royale]


def starter_for_seat(seat: int, royale: bool = False) -> str:
    names = starter_names(royale)
    return names[(seat * 3) % len(names)]


def resolve_deck(raw) -> dict:
    """A starter's name or a {"avatars", "cards"} dict -> a deck dict of its own (never the
    cached starter's: a match's options keep what this returns)."""
    if isinstance(raw, str):
        if raw not in starters():
            raise ValueError(f"There is no starter deck called {raw!r}.")
        raw = starters()[raw]
    if isinstance(raw, dict):
        return {"avatars": list(raw.get("avatars") or []), "cards": list(raw.get("cards") or [])}
    raise ValueError(f"A deck is a starter's name or a list of Avatars and cards, not {raw!r}.")


ROYALE_SUFFIX = " (battle royale)"     # a royale starter's name is its Avatar's and this
BOT_DECK = "bot"          # a seat's deck option meaning "let the bot choose" (bot/deckcraft.py)


def starter_contents(name: str) -> dict:
    """A starter as docs/BALANCE.md measured it: its list, in order, and every one of its
    cards' data (a starter retuned since then no longer shows the figures)."""
    deck = starters()[name]
    raw = {c["id"]: c for school in SCHOOLS
           for c in read_json("tabletop.games.trials.engine", f"data/{school}.json")}
    return {"deck": deck, "cards": [raw[c] for c in (*deck["avatars"], *deck["cards"])]}

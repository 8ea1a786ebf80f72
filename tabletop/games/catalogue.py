"""Each game's card pool as plain data, for `tabletop cards GAME --json`."""

from __future__ import annotations

from tabletop.core.registry import get_game


def _paargus() -> list[dict]:
    from tabletop.games.paargus.cards import QUADRANT_NAMES, cards, sigil_name
    return [{"id": c.id, "name": c.name, "type": "chart",
             "sigils": list(c.sigils),
             "sigil_names": [sigil_name(s) for s in c.sigils],
             "alignment": c.alignment,
             "alignment_quadrant": QUADRANT_NAMES.get(c.alignment)} for c in cards()]


def _pariah() -> list[dict]:
    from tabletop.games.pariah.cards import card_pool
    return card_pool()


_POOLS = {"paargus": _paargus, "pariah": _pariah}


def card_pool(game_id: str) -> list[dict]:
    get_game(game_id)                      # unknown ids fail with the list of known games
    return _POOLS[game_id]()

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


def _trials() -> list[dict]:
    from tabletop.games.trials.cards import pool, side_text
    from tabletop.games.trials.catalogue import card_json
    return [card_json(c, side_text) for c in pool().values()]


_POOLS = {"paargus": _paargus, "pariah": _pariah, "trials": _trials}
# Engines whose table is not built yet: listed here, not in the registry, until it is.
UNREGISTERED: dict[str, str] = {}


def card_pool(game_id: str) -> list[dict]:
    if game_id not in UNREGISTERED:
        get_game(game_id)                  # unknown ids fail with the list of known games
    return _POOLS[game_id]()

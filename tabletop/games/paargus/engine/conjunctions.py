"""Conjunctions: how a fan shows or hides alignment symbols, and what it scores.

The rulings (RULINGS.md, our rules page): in the fan of the first three cards,
every card but the top one (the last placed) shows only the half of the card
holding the matched quadrant; the top card shows whole. Symbols over the same
quadrant among the first three count once. Trailing cards lie apart from the
fan, each shown whole, and each of their symbols counts on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.paargus.engine.cards import POINTS, card, sky_of


@dataclass(frozen=True, slots=True)
class Conjunction:
    quadrant: int
    fan: tuple[int, ...]            # the first three cards, bottom first, top last
    trailing: tuple[int, ...] = ()  # East only: one card added per later turn

    @property
    def cards(self) -> tuple[int, ...]:
        return self.fan + self.trailing

    def to_json(self) -> list:
        return [self.quadrant, list(self.fan), list(self.trailing)]

    @classmethod
    def from_json(cls, data: list) -> "Conjunction":
        return cls(int(data[0]), tuple(data[1]), tuple(data[2]))


def symbol_shows(card_id: int, quadrant: int, on_top: bool) -> bool:
    """Does this card's alignment symbol show in a fan matched on `quadrant`?"""
    align = card(card_id).alignment
    if align is None:
        return False
    return on_top or sky_of(align) == sky_of(quadrant)


def showing_symbols(fan: tuple[int, ...] | list[int], quadrant: int) -> list[tuple[int, int]]:
    """(card, symbol quadrant) for each symbol that shows in this fan order."""
    last = len(fan) - 1
    return [(c, card(c).alignment) for i, c in enumerate(fan)
            if symbol_shows(c, quadrant, i == last)]


def fan_alignments(fan, quadrant: int) -> int:
    """Alignments of the first three cards: one per quadrant with a showing symbol."""
    return len({q for _, q in showing_symbols(fan, quadrant)})


def alignments(conj: Conjunction) -> int:
    trailing = sum(1 for c in conj.trailing if card(c).alignment is not None)
    return fan_alignments(conj.fan, conj.quadrant) + trailing


def points(conj: Conjunction) -> int:
    """Sigils in the matched quadrant times that quadrant's value."""
    return len(conj.cards) * POINTS[conj.quadrant]


def matches(card_ids, quadrant: int) -> bool:
    sigs = {card(c).sigil(quadrant) for c in card_ids}
    return len(sigs) == 1


def best_top(fan_cards, quadrant: int) -> tuple[int, ...]:
    """The order of three cards that shows the most alignments (for bots and hints)."""
    best = None
    for top in fan_cards:
        order = tuple(sorted(c for c in fan_cards if c != top)) + (top,)
        n = fan_alignments(order, quadrant)
        if best is None or n > best[0]:
            best = (n, order)
    return best[1]

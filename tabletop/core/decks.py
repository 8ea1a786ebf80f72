"""The deck specification: what the shell's deck builder and new-match dialog need to know about
a game's decks, as an explicit contract (a plugin's `deck_spec` factory returns one).

The builder decides nothing about legality: `problems` returns the engine's own sentences, and
a deck is legal when there are none. What the builder does itself (refusing a copy beyond
`copies_allowed`, offering to order the deck when `ordered`) follows the spec's answers.
Nothing here imports Qt: a spec is plain Python the engine side can provide and test.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Hashable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

# (key, label, [(choice label, value), ...]): one filter box of the builder; the chosen values
# are passed to `cards` by key, with the search box's text as `text`.
Filter = tuple[str, str, list[tuple[str, Any]]]


class DeckCard(Protocol):
    id: str
    name: str
    text: str


@runtime_checkable
class DeckSpec(Protocol):
    game_id: str
    title: str                                 # the builder's window title
    deck_size: int                             # cards a legal deck holds, leaders aside
    leader_word: str                           # "Avatar"; "" when decks have no leaders
    modes: Sequence[tuple[str, Hashable]]      # kinds of deck (label, value); at least one
    ordered: bool                              # the order is kept (never shuffled): the player sets it

    def filters(self) -> list[Filter]: ...

    def cards(self, **filters: Any) -> Sequence[DeckCard]:
        """The pool's cards matching the filters (leaders included when a filter asks)."""

    def card(self, card_id: str) -> DeckCard: ...

    def is_leader(self, card_id: str) -> bool: ...

    def copies_allowed(self, card_id: str) -> int:
        """How many copies of the card a deck may hold."""

    def label(self, card: DeckCard) -> str:
        """Two short lines under the card in the pool: its name, then its cost or type."""

    def face(self, card_id: str) -> tuple[str, Callable[[], Any]]:
        """(cache key, compose) of the card's face, as the table's face cache takes them."""

    def problems(self, leaders: list[str], cards: list[str], mode: Hashable) -> list[str]:
        """Every reason the deck is not legal, in the engine's words; [] when it is."""

    def starters(self, mode: Hashable) -> Mapping[str, dict]:
        """Ready decks of that kind by name (saved-deck form), to start from."""

    def as_deck(self, leaders: list[str], cards: list[str]) -> dict:
        """The saved-deck form (what the store writes and the engine's options take)."""

    def from_deck(self, deck: dict) -> tuple[list[str], list[str]]: ...

    def mode_of(self, leaders: list[str], cards: list[str]) -> Hashable:
        """The kind of deck these are (a loaded deck picks its mode)."""


@runtime_checkable
class SeatDecks(Protocol):
    """The new-match dialog's side of a deck specification: a deck chosen per seat."""

    seat_key: str                              # the match option holding one deck per seat
    seat_label: str
    bots_choice: Any                           # the value meaning "let the bot choose"

    def usable(self, deck: dict, players: int) -> bool: ...

    def seat_choices(self, players: int, saved: list[tuple[str, dict]]) -> list[tuple[str, Any]]: ...

    def seat_default(self, seat: int, players: int, is_bot: bool) -> Any: ...

    def finish_options(self, options: dict, seed: int, players: int) -> dict: ...


def over_limit(cards: Iterable[str], copies_allowed: Callable[[str], int]) -> dict[str, tuple[int, int]]:
    """{card id: (copies in the deck, copies allowed)} for every card above its limit."""
    counts = Counter(cards)
    return {c: (n, copies_allowed(c)) for c, n in counts.items() if n > copies_allowed(c)}


def can_add(cards: Iterable[str], card_id: str, copies_allowed: Callable[[str], int]) -> bool:
    """Whether one more copy of `card_id` stays within its limit."""
    return Counter(cards)[card_id] < copies_allowed(card_id)

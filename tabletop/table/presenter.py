"""What a game's table presentation provides, and the base its presenter extends.

A presenter turns a seat's view plus the engine's legal actions into sprites,
and the player's intents into candidate actions. It never decides legality:
glowing targets come from `legal_actions`, and every candidate goes to the
engine's `why_illegal` before it is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from tabletop.core import Action

LOCAL = "local"      # a UI-only change (arranging cards before confirming): redraw, no action
HINT = "hint"        # the player asked for a hint


@dataclass
class OptionField:
    """One option of the new-match dialog, as data."""
    key: str
    label: str
    choices: list[tuple[str, Any]]
    default: Any


@dataclass
class Presentation:
    game_id: str
    make_presenter: Callable[..., "Presenter"]
    cover: Callable[[int, int], Any]              # (w, h) -> PIL image for the home tile
    rules_markdown: Callable[[], str]
    options: list[OptionField] = field(default_factory=list)
    # a choice per seat (e.g. a deck): the option `seat_key` holds one value per seat
    seat_key: str = ""
    seat_label: str = ""
    seat_choices: Callable[[int], list[tuple[str, Any]]] | None = None      # players -> choices
    seat_default: Callable[[int, int, bool], Any] | None = None             # seat, players, is_bot
    finish_options: Callable[[dict, int, int], dict] | None = None          # options, seed, players
    deck_builder: Callable[..., Any] | None = None                          # (parent) -> a dialog


class Presenter:
    # actions that only pass: played for the player when they are all that is legal
    auto_pass_kinds: frozenset[str] = frozenset()
    # the zoomed card stays in the side panel when the pointer leaves (its glossary links work)
    sticky_zoom: bool = False

    def __init__(self, scene, faces, settings, seat_names: list[str]) -> None:
        self.scene = scene
        self.faces = faces
        self.settings = settings
        self.seat_names = seat_names

    # --- the table follows the view ------------------------------------------------
    def sync(self, view, legal: list[Action], my_turn: bool, events: list) -> None:
        raise NotImplementedError

    def prompt(self) -> str:
        """One sentence: what the player can do now."""
        return ""

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return []

    def summary(self, view, events: list) -> tuple[str, str] | None:
        """(title, html) when the events end a hand or the match, else None."""
        return None

    # --- input -------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        """Where the piece may legally go (these glow while it is dragged)."""
        return set()

    def drop(self, sprite_id: str, target: str | None) -> Action | str | None:
        """The candidate action of a drop (legal or not), LOCAL, or None for nothing."""
        return None

    def click(self, target: str | None) -> Action | str | None:
        return None

    def button(self, button_id: str) -> Action | str | None:
        return None

    def key(self, name: str) -> Action | str | None:
        return None

    def zoom(self, target: str | None):
        """(cache key, compose, caption) of the card under the pointer, or None."""
        return None

    def context(self, target: str | None) -> Action | str | None:
        """Right-click: an action or LOCAL (a menu opened), or None to show the card large."""
        return None

    def glossary(self, target: str | None) -> list[str]:
        """Rules-page glossary entries the card under the pointer uses (the zoom links them)."""
        return []

    def show_hint(self, action: Action | None) -> None:
        pass

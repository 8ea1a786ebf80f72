"""The Paragons draft room: the class choice, the draft, deck building and the reserve swap.

A mixin for the Paragons presenter: in these phases it alone draws the table.
(Skeleton: filled in on this branch.)
"""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.paragons.engine.state import BUILD, CLASS, DRAFT, SWAP

ROOM_PHASES = frozenset((CLASS, DRAFT, BUILD, SWAP))


class DraftRoomMixin:
    """The room's sprites and input; mixed into a tabletop.table.presenter.Presenter subclass."""

    def _in_room(self) -> bool:
        view = getattr(self, "view", None)
        return view is not None and view.phase in ROOM_PHASES

    def _sync_room(self, seen: set[str]) -> None:
        """Create or move every sprite of the room, adding their ids to `seen`."""

    def _room_click(self, target: str | None) -> Action | str | None:
        return None

    def _room_button(self, bid: str) -> Action | str | None:
        return None

    def _room_key(self, name: str) -> Action | str | None:
        return None

    def _room_drag_targets(self, sprite_id: str) -> set[str]:
        return set()

    def _room_drop(self, sprite_id: str, target: str | None) -> Action | str | None:
        return None

    def _room_prompt(self) -> str:
        return ""

"""Gestures to moves, headless: what the player's clicks, drags, keys and buttons on the table
mean, and what becomes of them.

The scene reports intents (table/intents.py); the game's presenter says what each one proposes
(a move for the engine, LOCAL for a change of the table alone, HINT, or nothing); the session
gives the scene its feedback (glowing targets, a refused drop put back with a sentence) and
hands moves to a `Mover`: the app's match controller, or a match in a test. The Qt page only
forwards input here and paints, so every game is driven the same way with or without a window.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from tabletop.core import Action
from tabletop.table import intents as it
from tabletop.table.ids import sprite_id
from tabletop.table.presenter import ADVICE, HINT, LOCAL

TOKENS = (LOCAL, HINT, ADVICE)       # answers that are no move of the engine's


class Mover(Protocol):
    """Where moves go: asked once about a dropped piece, then told to make the move."""

    def check(self, action: Action) -> Any:        # a core.match.Checked (its `reason`)
        ...

    def try_action(self, action: Any) -> str | None:    # the reason it was refused, or None
        ...

    def lift_curtain(self) -> None:
        ...


def _nothing(*_: Any) -> None:
    pass


class TableSession:
    """One table's input: the scene, its presenter and where moves go.

    `refresh()` redraws the table after a change of its own (LOCAL) or a refused move;
    `hint()` asks for the bots' advice; `advise()` lets them make the player's moves of the
    phase (ADVICE); `zoom(target)` shows a card large beside the table (the side panel in the
    app)."""

    def __init__(self, scene, presenter, mover: Mover, *, refresh: Callable[[], None] = _nothing,
                 hint: Callable[[], None] = _nothing, zoom: Callable[[str | None], None] = _nothing,
                 advise: Callable[[], None] = _nothing):
        self.scene, self.presenter, self.mover = scene, presenter, mover
        self.refresh, self.hint, self.zoom, self.advise = refresh, hint, zoom, advise

    # --- what a gesture proposes (no side effect beyond the presenter's own selection) ------
    def propose(self, intent) -> Action | str | None:
        """The presenter's answer to one intent, as the table would act on it."""
        p = self.presenter
        if isinstance(intent, it.Click):
            return p.mark(intent.target) if intent.mark else p.click(intent.target)
        if isinstance(intent, it.ButtonPress):
            return p.button(intent.button_id)
        if isinstance(intent, it.KeyPress):
            return p.key(intent.name)
        if isinstance(intent, it.RightClick):
            return p.context(intent.target)
        if isinstance(intent, it.Drop):
            zone = self.scene.layout.zone_at(intent.vx, intent.vy)
            return p.drop_on(intent.sprite_id, intent.target, zone.id if zone else None)
        raise TypeError(f"{intent!r} proposes nothing")

    # --- the whole of it, as the table does ---------------------------------------------------
    def handle(self, intents: list) -> None:
        for i in intents:
            if isinstance(i, it.ButtonPress) and i.button_id == "curtain":
                self.mover.lift_curtain()
            elif isinstance(i, it.DragStart):
                targets = self.presenter.drag_targets(i.sprite_id)
                self.scene.droppable(targets | self._drop_candidates())
                self.scene.set_glow(targets)
            elif isinstance(i, it.Drop):
                self._drop(i)
            elif isinstance(i, it.Hover):
                if self.presenter.zoom(i.target) is not None or not self.presenter.sticky_zoom:
                    self.zoom(i.target)
            elif isinstance(i, it.RightClick):
                menu = self.presenter.context(i.target)
                if menu is not None:
                    self.perform(menu)
                    self.zoom(i.target)             # the card beside the pointer makes way
                    continue
                z = self.presenter.zoom(i.target)
                if z is not None:
                    self.scene.overlay_card(z[0], z[1])
            else:
                self.perform(self.propose(i))

    def _drop(self, i: it.Drop) -> None:
        self.scene.set_glow(set())
        result = self.propose(i)
        if result is None:
            zone = self.scene.layout.zone_at(i.vx, i.vy)
            home = self.scene.drag_home(i.sprite_id)
            self.scene.cancel_drag(i.sprite_id)
            if i.target is not None and i.target != home and (zone is None or zone.id != home):
                self.scene.status = self.presenter.refused_drop(i.sprite_id, i.target)
            return                                  # (put back where it was: nothing to say)
        if result not in TOKENS:
            result = self.mover.check(result)       # asked once, carried to the engine
        if result not in TOKENS and result.reason:
            self.scene.cancel_drag(i.sprite_id)
        else:
            self.scene.accept_drag()
        self.perform(result)

    def perform(self, result) -> None:
        """A presenter's answer: a move for the engine (or its checked form), or a local change."""
        if result is None:
            return
        if result == LOCAL:
            self.refresh()
            return
        if result == HINT:
            self.hint()
            return
        if result == ADVICE:
            self.advise()
            return
        reason = self.mover.try_action(result)
        if reason:
            self.scene.status = reason
            self.refresh()
            self.scene.status = reason

    def _drop_candidates(self) -> set[str]:
        """Every card sprite is a drop candidate so an illegal drop can be explained."""
        return {s.id for s in self.scene.sprites() if sprite_id(s.id).kind == "card"}

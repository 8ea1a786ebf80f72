"""The table scene: sprites, zones, animation, input and rendering.

The host (the shell's table widget) feeds it window-pixel mouse and key
events and gets back intents (window pixels are the device's: `ratio` of them
to a logical pixel on a high-resolution screen); it calls update(dt) on a timer and render()
when `needs_redraw` says something changed. A render into the surface of the last one redraws
only the rectangles where the table changed (frame.py), and names them in `repainted`.
Rules never live here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import pygame

from . import chrome, textfloor
from .anim import Animator, ease_in_out
from .base import HIGHLIGHT_COLORS, Sprite, outline_ring
from .card import CardSprite
from .faces import Compose, FaceCache
from .frame import FrameCache, Recorder
from .intents import ButtonPress, Click, DragStart, Drop, Hover, KeyPress, RightClick
from .layout import VIRTUAL, Layout, Viewport, Zone
from .pgsetup import init_offscreen, make_target, opaque_pad
from .pieces import DieSprite
from .widgets import ButtonSprite

DRAG_THRESHOLD = 6  # logical pixels the pointer must travel before a press becomes a drag
FOCUS_COLOR = (236, 240, 246)
PEEK_DELAY = 0.3    # seconds the pointer rests on a small card before it is drawn large


@dataclass
class _Press:
    sprite_id: str | None
    window: tuple[float, float]
    virtual: tuple[float, float]


class Scene:
    def __init__(self, virtual: tuple[int, int] = VIRTUAL, layout: Layout | None = None,
                 faces: FaceCache | None = None, felt=chrome.FELT):
        init_offscreen()
        self.virtual = tuple(virtual)
        self.faces = faces if faces is not None else FaceCache()
        self.layout = layout if layout is not None else Layout(size=self.virtual)
        self._base_layout = self.layout           # as authored; `layout` is it fitted to the window
        self.on_refit = None                      # called when the window's shape re-lays the table
        self.felt = felt
        self._sprites: dict[str, Sprite] = {}
        self._seq: dict[str, int] = {}
        self._next_seq = 0
        self._order: list[Sprite] | None = None   # sprites(), until one is put, removed or lifted in z
        self.anim = Animator(self.get, lambda: self._sprites.values())
        self.viewport = Viewport(*self.virtual, virtual=self.virtual)
        self._dirty = True
        self._time = 0.0
        self._static: tuple[tuple, pygame.Surface] | None = None
        self._zones_of: tuple[Layout, tuple] | None = None     # see _zones_key
        self._glow: set[str] = set()
        self._droppable: set[str] = set()
        self._status = ""
        self._thinking: str | None = None
        # the virtual height of the "thinking" pill's centre; None: near the top (a presenter
        # whose heading is there, as a champion pick's, puts it under its words)
        self.thinking_at: float | None = None
        self._curtain: str | None = None
        self._spotlight: tuple[str, ...] = ()      # a lesson's pointers: the rest is dimmed
        self._spot_layer: dict = {}                # its veil, drawn once while the light stays
        self._overlay: tuple[str, Compose, str | None] | None = None
        # the hovered card drawn readable beside itself: (sprite id, face key, compose, since)
        self._peek: tuple[str, str, Compose, float] | None = None
        self.hover_id: str | None = None
        self.focus_id: str | None = None
        self._press: _Press | None = None
        self._drag: str | None = None
        self._grab = (0.0, 0.0)
        self._drop_hover: str | None = None
        self._origins: dict[str, tuple[float, float]] = {}
        self._pointer = (-1.0, -1.0)
        self.ratio = 1.0        # window pixels per logical pixel (2 on a 200% screen); the host sets it
        # a frame repaints only where what it draws differs from the last (frame.py); False:
        # every frame drawn whole (what the frame cache is checked against)
        self.frame_cache = True
        self._frames = FrameCache()
        self.repainted: list[pygame.Rect] = []   # the window rectangles the last render drew

    # -- redraw bookkeeping --------------------------------------------------
    @property
    def needs_redraw(self) -> bool:
        return self._dirty

    def invalidate(self) -> None:
        self._dirty = True

    @property
    def pace(self) -> float:
        return self.anim.pace

    @pace.setter
    def pace(self, value: float) -> None:
        self.anim.pace = max(0.0, float(value))

    @property
    def busy(self) -> bool:
        """True while pieces are moving (the presenter may wait before taking input)."""
        return self.anim.busy

    def update(self, dt: float) -> bool:
        """Advance animations by `dt` seconds; True while the table keeps changing."""
        self._time += dt
        moving = self.anim.update(dt)
        ambient = bool(self._thinking) or (bool(self._glow) and self._curtain is None)
        if self._peek is not None and 0 <= self._time - self._peek[3] - PEEK_DELAY < dt + 1e-6:
            self._dirty = True          # the peek's delay just ran out: draw it
        if moving or ambient:
            self._dirty = True
        return moving or ambient

    # -- sprites -------------------------------------------------------------
    def put(self, sprite: Sprite) -> Sprite:
        """Add a sprite, or replace the one with its id keeping where it is on the table."""
        old = self._sprites.get(sprite.id)
        if old is None:
            self._seq[sprite.id] = self._next_seq
            self._next_seq += 1
        self._sprites[sprite.id] = sprite
        sprite._owner = self
        self._order = None
        if old is not None:
            sprite.carry_over(old)
            old._owner = None
            if (isinstance(old, CardSprite) and isinstance(sprite, CardSprite)
                    and old.showing_face() != _settled_face(sprite)):
                sprite.flip = 0.0
                self.anim.tween(sprite.id, "flip", 1.0, 0.4, ease=ease_in_out)
        sprite.hovered = sprite.id == self.hover_id
        self._dirty = True
        return sprite

    def get(self, sprite_id: str) -> Sprite | None:
        return self._sprites.get(sprite_id)

    def __contains__(self, sprite_id: str) -> bool:
        return sprite_id in self._sprites

    def remove(self, sprite_id: str) -> None:
        sprite = self._sprites.pop(sprite_id, None)
        if sprite is None:
            return
        sprite._owner = None
        self.anim.cancel(sprite_id)
        self._seq.pop(sprite_id, None)
        self._origins.pop(sprite_id, None)
        self._order = None
        if self.hover_id == sprite_id:
            self.hover_id = None
        if self.focus_id == sprite_id:
            self.focus_id = None
        if self._drag == sprite_id:
            self._drag = None
        if self._press and self._press.sprite_id == sprite_id:
            self._press = None
        self._dirty = True

    def clear(self) -> None:
        for sid in list(self._sprites):
            self.remove(sid)

    def sprites(self) -> list[Sprite]:
        """All sprites, bottom to top (z, then the order they were first put)."""
        if self._order is None:
            self._order = sorted(self._sprites.values(), key=lambda s: (s.z, self._seq[s.id]))
        return list(self._order)

    def move(self, sprite_id: str, x: float, y: float, animate: bool = True,
             duration: float = 0.35, delay: float = 0.0) -> None:
        """Send a sprite to (x, y): a tween, or a jump when not animated."""
        sprite = self._sprites.get(sprite_id)
        if sprite is None:
            return
        if animate:
            self.anim.animate(sprite_id, duration, delay, x=x, y=y)
        else:
            self.anim.cancel(sprite_id, "x")
            self.anim.cancel(sprite_id, "y")
            sprite.x, sprite.y = x, y

    def flip(self, sprite_id: str, face_up: bool) -> None:
        """Turn a card over with the squash animation."""
        card = self._sprites.get(sprite_id)
        if isinstance(card, CardSprite) and card.face_up != face_up:
            shown = card.showing_face()
            card.face_up = face_up
            if shown != _settled_face(card):
                card.flip = 0.0
                self.anim.tween(sprite_id, "flip", 1.0, 0.4, ease=ease_in_out)

    def roll(self, sprite_id: str, value: int, duration: float = 0.9) -> None:
        """Tumble a die onto `value` (the duration follows the animation pace)."""
        die = self._sprites.get(sprite_id)
        if isinstance(die, DieSprite):
            die.roll(value, duration * self.pace)

    def pulse(self, sprite_id: str) -> None:
        """A brief ring around a sprite that just changed."""
        self.anim.pulse(sprite_id)
        self._dirty = True

    def sprite_at(self, vx: float, vy: float, exclude: str | None = None,
                  among: set[str] | None = None) -> Sprite | None:
        """The topmost visible sprite under a virtual point."""
        for sprite in reversed(self.sprites()):
            if sprite.id == exclude or (among is not None and sprite.id not in among):
                continue
            if sprite.visible and sprite.hit(vx, vy):
                return sprite
        return None

    # -- zones, glow and table-wide state ------------------------------------
    def set_layout(self, layout: Layout) -> None:
        """Lay the table out as `layout` says, fitted to the window's shape if it may stretch
        (the same layout again changes nothing)."""
        layout = layout.base or layout           # a fitted layout handed back: its authored one
        if layout is self._base_layout:
            return
        self._base_layout = layout
        self._fit(self.viewport.window)

    MAX_STRETCH = 1.4          # a table grows at most this much taller than authored

    @property
    def stretch(self) -> float:
        """How much taller than authored the table is now (1.0: as authored). A presenter may
        grow its cards by it, since its zones grew as much."""
        return self.layout.size[1] / self._base_layout.size[1]

    def _fit(self, window: tuple[int, int]) -> bool:
        """Fit the layout to a window of this shape: a stretchable table as tall as the window's
        shape allows, in steps of 8 virtual pixels (so a resize does not re-lay it out at every
        pixel). True when the table's shape changed."""
        base = self._base_layout
        layout, vp = self.fitted(base, window)
        changed = vp.virtual != tuple(self.virtual) or self.layout is not layout
        if changed or vp != self.viewport:      # else the felt and zones drawn stay good
            self.virtual = vp.virtual
            self.layout = layout
            self.viewport = vp
            self._static = None
            self._dirty = True
        return changed

    def fitted(self, layout: Layout, window: tuple[int, int]) -> tuple[Layout, Viewport]:
        """`layout` as this table lays it out in a window of `window` pixels, and its viewport
        (what set_layout makes of it; a later screen's pictures are drawn ahead by it)."""
        base = layout.base or layout
        w, h = base.size
        if base.stretch:
            tall = min(w * window[1] / max(1, window[0]), h * self.MAX_STRETCH)
            h = max(h, int(tall) // 8 * 8)
        return base.fitted(h), Viewport(*window, virtual=(w, h))

    def zone(self, zone_id: str) -> Zone | None:
        return self.layout.zones.get(zone_id)

    @property
    def glowing(self) -> frozenset[str]:
        """The pieces and zones that glow now (a dragged piece's legal places, a selection's)."""
        return frozenset(self._glow)

    def set_glow(self, target_ids: Iterable[str]) -> None:
        """Make these zones or sprites glow as legal destinations (empty: none)."""
        self._glow = set(target_ids)
        self._dirty = True

    def droppable(self, ids: Iterable[str]) -> None:
        """Which sprite ids a dragged piece may land on (zones are always candidates)."""
        self._droppable = set(ids)

    @property
    def status(self) -> str:
        return self._status

    @status.setter
    def status(self, text: str | None) -> None:
        self._status = text or ""
        self._dirty = True

    def set_thinking(self, text: str | None) -> None:
        self._thinking = text or None
        self._dirty = True

    def set_spotlight(self, targets: Iterable[str] | None) -> None:
        """Light the pieces or zones a lesson points at and dim the rest of the table; each is
        found afresh at every frame, so the light follows a piece that moves. None: no light."""
        targets = tuple(targets or ())
        if targets != self._spotlight:
            self._spotlight = targets
            self._dirty = True

    @property
    def spotlight(self) -> tuple[str, ...]:
        return self._spotlight

    # a menu of moves the player opened (table/actionmenu.py's panel) lies over the table: a
    # lesson's step may go through it (Trials activates effects there), so it is never dimmed
    ALWAYS_LIT = ("menu:back",)

    def spotlight_rects(self) -> list[pygame.Rect]:
        """The screen rectangles lit now (what the lesson points at that the table shows, and
        an open menu)."""
        rects = []
        for t in self._spotlight + (self.ALWAYS_LIT if self._spotlight else ()):
            sprite = self._sprites.get(t)
            if sprite is not None and sprite.visible:
                rects.append(sprite.screen_rect(self.viewport))
            elif sprite is None and t in self.layout.zones and not self.layout.zones[t].hidden:
                rects.append(self.viewport.rect_to_screen(self.layout.zones[t].rect))
        return rects

    def set_curtain(self, text: str | None) -> None:
        self._curtain = text or None
        self._dirty = True

    @property
    def curtain(self) -> str | None:
        return self._curtain

    def overlay_card(self, face_key: str | None, compose: Compose | None = None,
                     caption: str | None = None) -> None:
        """Show a card large in the centre (with optional text beside it) until the next click."""
        self._overlay = (face_key, compose, caption) if face_key and compose else None
        self._dirty = True

    def peek(self, sprite_id: str | None, face_key: str | None = None,
             compose: Compose | None = None) -> None:
        """While the pointer (or the keyboard focus) rests on `sprite_id`, draw its card large
        enough to read beside it, after a short delay so a sweep across the hand does not
        flash pictures. Cards already drawn large get none."""
        if sprite_id is None or not face_key or compose is None:
            self._peek = None
        elif self._peek is None or self._peek[:2] != (sprite_id, face_key):
            self._peek = (sprite_id, face_key, compose, self._time)
        self._dirty = True

    @property
    def peeking(self) -> str | None:
        """The sprite whose card is drawn large beside it now (None: no peek on the table)."""
        p = self._peek
        if (p is None or self._drag is not None or self._overlay is not None
                or self._curtain is not None or p[0] not in (self.hover_id, self.focus_id)
                or self._time - p[3] < PEEK_DELAY):
            return None
        sprite = self._sprites.get(p[0])
        if sprite is None or not sprite.visible:
            return None
        return p[0]

    @property
    def overlay(self) -> str | None:
        return self._overlay[0] if self._overlay else None

    # -- drag outcome --------------------------------------------------------
    def cancel_drag(self, sprite_id: str) -> None:
        """The drop was refused: the piece slides back to where the drag began."""
        if self._drag == sprite_id:
            self._end_drag()
        origin = self._origins.pop(sprite_id, None)
        if origin is not None and sprite_id in self._sprites:
            self.move(sprite_id, *origin, duration=0.3)
            self.anim.tween(sprite_id, "lift", 0.0, 0.25)

    def accept_drag(self, sprite_id: str | None = None) -> None:
        """The drop was accepted: the presenter repositions the piece (all pending when None)."""
        ids = [sprite_id] if sprite_id is not None else list(self._origins)
        for sid in ids:
            self._origins.pop(sid, None)
            if sid in self._sprites:
                self.anim.tween(sid, "lift", 0.0, 0.2, paced=False)

    def drag_home(self, sprite_id: str) -> str | None:
        """The zone a piece being dragged was picked up from (None: not dragged, or no zone)."""
        origin = self._origins.get(sprite_id)
        sprite = self._sprites.get(sprite_id)
        if origin is None or sprite is None:
            return None
        zone = self.layout.zone_at(origin[0] + sprite.w / 2, origin[1] + sprite.h / 2)
        return zone.id if zone else None

    @property
    def dragging(self) -> str | None:
        return self._drag

    @property
    def drop_hover(self) -> str | None:
        """Where the dragged piece would land if dropped now (a droppable sprite or a zone)."""
        return self._drop_hover

    # -- input (window pixels) -----------------------------------------------
    def resize(self, w: int, h: int) -> None:
        """Tell the scene the window size before the first render (input needs it). A table that
        may stretch takes the window's shape; `on_refit` is then told, so the presenter lays its
        pieces out again on the new zones."""
        if self._base_layout.stretch and self._fit((max(1, w), max(1, h))):
            if self.on_refit is not None:
                self.on_refit()
            return
        vp = Viewport(w, h, virtual=self.virtual)
        if vp != self.viewport:
            rescaled = vp.scale != self.viewport.scale
            self.viewport = vp
            self._static = None
            self._dirty = True
            if rescaled and self.on_refit is not None:
                self.on_refit()     # faces and text measured for the floor at the old scale

    def mouse_down(self, x: float, y: float, button: int = 1) -> list:
        vx, vy = self.viewport.to_virtual(x, y)
        if self._overlay is not None:  # a click only dismisses the zoom
            self.overlay_card(None)
            return []
        if self._curtain is not None:
            return [ButtonPress("curtain")] if button == 1 else []
        hit = self.sprite_at(vx, vy)
        if button == 3:
            return [RightClick(self._target_at(vx, vy, hit))]
        if button != 1:
            return []
        self._press = _Press(hit.id if hit else None, (x, y), (vx, vy))
        if isinstance(hit, ButtonSprite) and hit.enabled:
            hit.pressed = True
        return []

    def mouse_move(self, x: float, y: float) -> list:
        vx, vy = self.viewport.to_virtual(x, y)
        self._pointer = (vx, vy)
        if self._overlay is not None or self._curtain is not None:
            return []
        if self._drag is not None:
            sprite = self._sprites[self._drag]
            sprite.x, sprite.y = vx - self._grab[0], vy - self._grab[1]
            self._drop_hover = self._drop_target(vx, vy, self._drag)
            return []
        press = self._press
        if press is not None and press.sprite_id is not None:
            sprite = self._sprites.get(press.sprite_id)
            if isinstance(sprite, ButtonSprite):
                sprite.pressed = sprite.enabled and sprite.hit(vx, vy)
            elif (sprite is not None and sprite.draggable
                  and math.dist((x, y), press.window) > DRAG_THRESHOLD * self.ratio):
                return self._start_drag(sprite, vx, vy)
        return self._hover(self.sprite_at(vx, vy))

    def mouse_up(self, x: float, y: float, button: int = 1, mark: bool = False) -> list:
        vx, vy = self.viewport.to_virtual(x, y)
        if button != 1:
            return []
        if self._drag is not None:
            sid = self._drag
            target = self._drop_target(vx, vy, sid)
            self._end_drag()
            return [Drop(sid, target, vx, vy)]
        press, self._press = self._press, None
        if press is None:
            return []
        pressed = self._sprites.get(press.sprite_id) if press.sprite_id else None
        if pressed is not None:
            pressed.pressed = False
        hit = self.sprite_at(vx, vy)
        if press.sprite_id is None:
            return [] if hit else [Click(self._target_at(vx, vy, None))]
        if hit is None or hit.id != press.sprite_id:
            return []  # released somewhere else: the press is abandoned
        if isinstance(hit, ButtonSprite):
            return [ButtonPress(hit.id)] if hit.enabled else []
        return [Click(hit.id, mark)]

    def mouse_leave(self) -> list:
        """The pointer left the widget."""
        return self._hover(None)

    def key(self, name: str) -> list:
        """A key by name ("tab", "shift+tab", "left", "right", "return", "space", "escape", ...)."""
        name = name.lower()
        activate = name in ("return", "enter", "space")
        if self._overlay is not None and (activate or name == "escape"):
            self.overlay_card(None)
            return []
        if self._curtain is not None:
            return [ButtonPress("curtain")] if activate else []
        if name == "escape" and self._drag is not None:
            sid = self._drag
            self.cancel_drag(sid)
            return [Drop(sid, None, *self._pointer)]
        if name in ("tab", "right", "down", "shift+tab", "left", "up"):
            return self._move_focus(-1 if name in ("shift+tab", "left", "up") else 1)
        if activate and self.focus_id is not None:
            sprite = self._sprites.get(self.focus_id)
            if isinstance(sprite, ButtonSprite):
                return [ButtonPress(sprite.id)] if sprite.enabled else []
            return [Click(self.focus_id)]
        if name in ("ctrl+space", "ctrl+enter", "ctrl+return") and self.focus_id is not None \
                and not isinstance(self._sprites.get(self.focus_id), ButtonSprite):
            return [Click(self.focus_id, True)]        # the keyboard's Ctrl+click
        return [KeyPress(name)]

    def _target_at(self, vx, vy, hit: Sprite | None) -> str | None:
        if hit is not None:
            return hit.id
        zone = self.layout.zone_at(vx, vy)
        return zone.id if zone else None

    def _drop_target(self, vx: float, vy: float, dragged: str) -> str | None:
        sprite = self.sprite_at(vx, vy, exclude=dragged, among=self._droppable)
        if sprite is not None:
            return sprite.id
        zone = self.layout.zone_at(vx, vy)
        return zone.id if zone else None

    def _start_drag(self, sprite: Sprite, vx: float, vy: float) -> list:
        sid = sprite.id
        # A piece still sliding somewhere returns to where it was going, not where it was caught.
        ox = self.anim.target(sid, "x")
        oy = self.anim.target(sid, "y")
        self._origins.setdefault(sid, (sprite.x if ox is None else ox, sprite.y if oy is None else oy))
        self.anim.cancel(sid, "x")
        self.anim.cancel(sid, "y")
        px, py = self._press.virtual
        self._grab = (px - sprite.x, py - sprite.y)
        self._drag, self._press = sid, None
        sprite.x, sprite.y = vx - self._grab[0], vy - self._grab[1]
        self.anim.tween(sid, "lift", 1.0, 0.12, paced=False)
        self._drop_hover = self._drop_target(vx, vy, sid)
        out = self._hover(None)
        return out + [DragStart(sid)]

    def _end_drag(self) -> None:
        sid, self._drag, self._drop_hover = self._drag, None, None
        if sid in self._sprites:
            self.anim.tween(sid, "lift", 0.0, 0.2, paced=False)
        self._dirty = True

    def _hover(self, sprite: Sprite | None) -> list:
        new = sprite.id if sprite else None
        if new == self.hover_id:
            return []
        old = self._sprites.get(self.hover_id) if self.hover_id else None
        if old is not None:
            old.hovered = False
            if old.id != self._drag and old.id not in self._origins:
                self.anim.tween(old.id, "lift", 0.0, 0.15, paced=False)
        self.hover_id = new
        if sprite is not None:
            sprite.hovered = True
            if sprite.draggable and not isinstance(sprite, ButtonSprite):
                self.anim.tween(new, "lift", 0.45, 0.12, paced=False)
        self._dirty = True
        return [Hover(new)]

    def _focusables(self) -> list[str]:
        """Keyboard stops: glowing or droppable targets, draggable pieces, enabled buttons."""
        stops = []
        for s in self._sprites.values():
            if not s.visible:
                continue
            if (s.id in self._glow or s.id in self._droppable or s.draggable
                    or (isinstance(s, ButtonSprite) and s.enabled)):
                x, y, w, h = s.rect
                stops.append((round((y + h / 2) / 80), x + w / 2, s.id))
        for z in self.layout.zones.values():
            if z.id in self._glow:
                stops.append((round(z.center[1] / 80), z.center[0], z.id))
        return [sid for *_, sid in sorted(stops)]

    def _move_focus(self, step: int) -> list:
        stops = self._focusables()
        if not stops:
            return []
        i = stops.index(self.focus_id) + step if self.focus_id in stops else (0 if step > 0 else -1)
        self.focus_id = stops[i % len(stops)]
        self._dirty = True
        return [Hover(self.focus_id)]

    # -- rendering -----------------------------------------------------------
    def _zones_key(self, layout: Layout) -> tuple:
        """What the felt layer shows of a layout (equal layouts share one drawing)."""
        if self._zones_of is None or self._zones_of[0] is not layout:
            zones = tuple((z.id, tuple(z.rect), z.label, z.kind, z.spacing, z.hidden)
                          for z in layout.zones.values())
            self._zones_of = (layout, (tuple(layout.size), zones))
        return self._zones_of[1]

    def _felt_key(self, layout: Layout, vp: Viewport, like: pygame.Surface) -> tuple:
        return ("felt-layer", vp.window, self._zones_key(layout), tuple(self.felt), like.get_bitsize())

    def _felt_layer(self, layout: Layout, vp: Viewport, like: pygame.Surface) -> tuple[tuple, pygame.Surface]:
        """The felt with `layout`'s zones at `vp`, in `like`'s pixel format, and its key. Kept
        with the faces' layers: a game that switches layouts by phase (Pariah's shop) finds the
        felt of each drawn already, and so does the next match of the game."""
        key = self._felt_key(layout, vp, like)
        return key, self.faces.layer(key, lambda: chrome.build_static(
            vp.window, like, vp, self.faces, list(layout.zones.values()), self.felt))

    def felt_ahead(self, layout: Layout, window: tuple[int, int]) -> None:
        """Draw `layout`'s felt and zones for a table of `window` pixels into memory (a room's
        table, while the room is shown)."""
        fitted, vp = self.fitted(layout, window)
        self._felt_layer(fitted, vp, make_target(1, 1))

    def render(self, target: pygame.Surface, bare: bool = False) -> None:
        """Draw the whole table into `target` (any size: letterboxed virtual space). `bare`: the
        table alone, for a picture of the match (a Saved games thumbnail): no card drawn large
        over it, no status or thinking pill, no focus ring, no lesson's dimming."""
        self.resize(*target.get_size())
        vp, faces = self.viewport, self.faces
        if textfloor.set_ratio(self.ratio):
            faces.clear_memory()        # text drawn for the other ratio's floor (rare: a new screen)
        if self._static is None or self._static[0] != self._felt_key(self.layout, vp, target):
            self._static = self._felt_layer(self.layout, vp, target)
        if self._curtain is None and not bare and self.frame_cache:
            record = Recorder(target)
            self._draw_table(record)
            self.repainted = self._frames.paint(target, self._static[1], record.ops)
            opaque_pad(target, self.repainted)
        else:                       # drawn whole (the curtain is one picture over it all)
            target.blit(self._static[1], (0, 0))
            if self._curtain is not None:
                chrome.draw_curtain(target, self._curtain, vp, faces)
            else:
                self._draw_table(target, bare)
            opaque_pad(target)
            self._frames.forget(target)   # a frame drawn over outside the record
            self.repainted = [target.get_rect()]
        self._dirty = bare                    # after a bare picture the next paint draws it all

    def _draw_table(self, target: pygame.Surface, bare: bool = False) -> None:
        vp, faces = self.viewport, self.faces
        glow = 0.62 + 0.38 * math.sin(self._time * 2 * math.pi / 1.5)
        for zone in self.layout.zones.values():
            if zone.id in self._glow and not zone.hidden:
                chrome.draw_zone_glow(target, zone, vp, faces, glow, zone.id == self._drop_hover)
        dragged = None
        for sprite in self.sprites():
            if sprite.id == self._drag:
                dragged = sprite
                continue
            self._draw_sprite(target, sprite, glow)
        if dragged is not None and bare:
            dragged.draw(target, vp, faces)
        if bare:
            return
        self._draw_pulses(target)
        if self._spotlight:
            chrome.draw_spotlight(target, self.spotlight_rects(), self.viewport.scale, self._spot_layer)
        if self.focus_id is not None:
            self._draw_focus(target)
        if dragged is not None:
            dragged.draw(target, vp, faces)
        if self.peeking is not None:
            sid, key, compose, _ = self._peek
            chrome.draw_peek(target, self._sprites[sid].screen_rect(vp), key, compose, faces, self.ratio)
        if self._status:
            chrome.draw_status(target, self._status, vp, faces)
        if self._thinking:
            chrome.draw_thinking(target, self._thinking, vp, faces, self._time,
                                 44 if self.thinking_at is None else self.thinking_at)
        if self._overlay is not None:
            chrome.draw_overlay(target, *self._overlay, vp, faces, self.ratio)

    def _draw_sprite(self, target, sprite: Sprite, glow: float) -> None:
        sprite.draw(target, self.viewport, self.faces)
        if sprite.id in self._glow and sprite.visible:
            hot = sprite.id == self._drop_hover
            self._ring(target, sprite, HIGHLIGHT_COLORS["glow"], min(1.0, glow + (0.4 if hot else 0)))

    def _ring(self, target, sprite: Sprite, color, alpha: float, grow: float = 1.0) -> None:
        vp = self.viewport
        r = sprite.screen_rect(vp)
        if grow != 1.0:
            r = r.inflate(round(r.w * (grow - 1)), round(r.h * (grow - 1)))
        rad = sprite.corner_radius() * vp.scale * sprite.scale * grow
        ring = outline_ring(self.faces, r.size, rad, color, vp.scale, getattr(sprite, "angle", 0))
        ring.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
        target.blit(ring, ring.get_rect(center=r.center))
        ring.set_alpha(255)

    def _draw_pulses(self, target) -> None:
        for sid, p in self.anim.pulses().items():
            sprite = self._sprites.get(sid)
            if sprite is not None and sprite.visible:
                # Quantised growth keeps the number of distinct cached ring sizes small.
                grow = 1.0 + round(p * 12) / 12 * 0.22
                self._ring(target, sprite, (255, 244, 214), (1 - p) ** 1.5, grow)

    def _draw_focus(self, target) -> None:
        sprite = self._sprites.get(self.focus_id)
        if sprite is not None and sprite.visible:
            self._ring(target, sprite, FOCUS_COLOR, 0.9)
            return
        zone = self.layout.zones.get(self.focus_id)
        if zone is not None:
            r = self.viewport.rect_to_screen(zone.rect)
            ring = outline_ring(self.faces, r.size, 18 * self.viewport.scale, FOCUS_COLOR, self.viewport.scale)
            target.blit(ring, ring.get_rect(center=r.center))


def _settled_face(card: CardSprite) -> bool:
    """The side a card shows once any flip has finished."""
    return card.face_up and card.compose_face is not None

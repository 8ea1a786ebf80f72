"""What a game's table presentation provides, and the base its presenter extends.

A presenter turns a seat's view plus the engine's legal actions into sprites,
and the player's intents into candidate actions. It never decides legality:
glowing targets come from `legal_actions`, and every candidate goes to the
engine's `why_illegal` before it is played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from tabletop.core import Action
from tabletop.core.event import Event
from tabletop.table import cardfit, compact, textfloor
from tabletop.table.fonts import font
from tabletop.table.ids import SpriteId, number
from tabletop.table.ids import sprite_id as typed
from tabletop.table.narration import Narrator, Voice
from tabletop.table.part import Part
from tabletop.table.playback import Playback
from tabletop.table.sprites import ButtonSprite, CardSprite, DieSprite, LabelSprite, Panel, TokenSprite

# the colours every table writes its words in
GOLD = (240, 200, 110)     # titles, whose turn it is
INK = (236, 230, 218)      # plain text
MUTED = (165, 159, 148)    # hints and what does not count now
RED = (240, 120, 100)      # damage, a defeat

def short(text: str, n: int = 70) -> str:
    """`text` in at most `n` characters (a label that must stay on one line): cut between
    words, with an ellipsis, unless that would lose more than half of it."""
    if len(text) <= n:
        return text
    cut = text[:n - 1]
    space = cut.rfind(" ")
    if space >= n // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:·-—") + "…"


def wrap_words(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters (a longer word has its own line)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


LOCAL = "local"      # a UI-only change (arranging cards before confirming): redraw, no action
HINT = "hint"        # the player asked for a hint
ADVICE = "advice"    # the player asked the bots to make this phase's moves for them (advice_ends)


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
    # () -> what the cover shows, for its cache key (its drawing's number and its cards' face
    # keys): a changed cover is drawn afresh, never read stale from disk. None: not cached on disk
    cover_version: Callable[[], str] | None = None


def html_table(headers: list[str], rows: list[str]) -> str:
    """A summary table for the end-of-hand dialog; `rows` are ready `<tr>` strings."""
    head = "".join(f"<th align='left'>{h}</th>" for h in headers)
    return (f"<table cellspacing='0' cellpadding='5' width='100%'><tr>{head}</tr>"
            + "".join(rows) + "</table>")


KEEP = object()      # put_card: leave this attribute of an existing sprite as it is


class Presenter:
    # actions that only pass: played for the player when they are all that is legal
    auto_pass_kinds: frozenset[str] = frozenset()
    # a game with a response stack sets a FullControl part (table/fullcontrol.py): auto-pass
    # then lets the player's own item resolve unless they take full control
    full: Any = None
    # the zoomed card stays in the side panel when the pointer leaves (its glossary links work)
    sticky_zoom: bool = False
    # a button's height and depth when the presenter does not say
    button_h: float = 46
    button_z: float = 800
    # tells the game's events in the log (each game's presentation/narrate.py)
    narrator: Narrator = Narrator({})
    # event kinds the log shows in gold
    important_kinds: frozenset[str] = frozenset()
    # the sound each kind of event makes (each game's presentation/sounds.py; table/sound.py's
    # names): played as the event is shown
    sounds: dict[str, str] = {}

    def __init__(self, scene, faces, settings, seat_names: list[str]) -> None:
        self.scene = scene
        self.faces = faces
        self.settings = settings
        self.seat_names = seat_names
        self.players = max(2, len(seat_names))
        self.view: Any = None               # the seat's view the table shows (None: not yet)
        self.me = 0                         # whose view: the seat drawn at the bottom
        self.legal: list[Action] = []
        self.my_turn = False
        self.note = ""                      # a line the table shows until the next move
        # a game with a room before the table (a draft, a pick) sets both
        self.room_layout = self.table_layout = None
        self.hint: Action | None = None
        self.viewer: int | None = None      # whose eyes the log speaks for ("You")
        self.playback = Playback(scene, self.card_id, self.origin_of, self.floats_of)
        self.parts: list[Part] = []         # the game's table parts (part.py), in drawing order
        self._shortened: dict = {}          # (font, text, room) -> what `shorten` drew
        self.details_shown: set[str] = set()   # compact.detail_for's answers drawn so far

    @property
    def layout(self):
        """The table's zones as laid out now (fitted to the window's shape: read them afresh at
        every sync rather than keeping their rectangles)."""
        return self.scene.layout

    @layout.setter
    def layout(self, layout) -> None:
        self.scene.set_layout(layout)

    # --- card sizes from the zones (see cardfit.py) ----------------------------------------
    def hand_scale(self) -> float:
        """The player's card-size setting as a factor on the hand's fitted size."""
        return cardfit.HAND_SCALE.get(getattr(self.settings, "card_size", "medium"), 1.0)

    def hand_card(self, zone_id: str, n: int, aspect: float, largest: float, top: float = cardfit.LABEL_ROOM,
                  bottom: float = 0.0, visible: float = 0.35, left: float | None = None,
                  right: float | None = None) -> tuple[float, float]:
        """The size of the player's hand cards in `zone_id`: fitted to the zone as laid out now
        (its part `cardfit.room` gives for these margins), scaled by the card-size setting, and
        kept inside the zone (cards overlap rather than leave it). The one place every game's
        hand follows the "Large" setting."""
        rx, ry, rw, rh = cardfit.room(self.layout.zones[zone_id].rect, top=top, bottom=bottom, left=left,
                                      right=right)
        return cardfit.hand_size(self.hand_scale(), n, rw, rh, aspect, largest, visible)

    def voice(self) -> Voice:
        return Voice(tuple(self.seat_names), self.viewer)

    def tell(self, event: Event) -> str:
        """One event (as the viewer may see it) as a full sentence for the log."""
        return self.narrator(event, self.voice())

    def legal_of(self, kind: str) -> list[Action]:
        """The legal moves of one kind (a part asks its table for them)."""
        return [a for a in self.legal if a.kind == kind]

    def shown_px(self, width: float) -> float:
        """A virtual width as logical pixels on the table drawn now (what the text floor counts):
        in whole device pixels, as a sprite is drawn (at 200% a width a hair over its floor was
        drawn a hair under it)."""
        return round(width * self.scene.viewport.scale) / max(self.scene.ratio, 1e-6)

    def detail(self, width: float, name: str | None = None) -> str:
        """How much a card face `width` virtual px wide can say on the table drawn now (no word
        under the text floor): compact.detail_for; a short `name` reads on a narrower card."""
        shown = compact.detail_for(self.shown_px(width), name=name)
        self.details_shown.add(shown)
        return shown

    def table_detail(self, table: str | None, width: float, name: str | None = None) -> str:
        """The detail of a card's table face: `table` where the caller keeps one ("thumb": its
        picture only, "compact": the full face), else detail() by its width; noted as drawn
        (warm_details keeps these in memory)."""
        if not table:
            return self.detail(width, name)
        shown = {"thumb": "picture", "compact": "full"}.get(table, table)
        self.details_shown.add(shown)
        return shown

    def warm_details(self, ids, full_face, face) -> list:
        """faces_to_warm for cards whose table face comes in compact.detail_for's details
        (`face(c, table=detail)`): the details this table has drawn kept in memory, the others
        composed to disk only. Every detail of every known card would not fit the memory (a
        Paragons draft's: 290 MB) and the last read would push out the faces on the table,
        which the moves then read again from disk."""
        shown = [d for d in compact.DETAILS if d in self.details_shown] or [compact.DETAILS[0]]
        return self.warm_list(ids, full_face, *[partial(face, table=d) for d in shown],
                              disk=[partial(face, table=d) for d in compact.DETAILS if d not in shown])

    def text_size(self, size: float) -> float:
        """The virtual size table text of `size` takes on the table now (lifted to the floor)."""
        return textfloor.virtual_size(size, self.scene.viewport.scale, self.scene.ratio)

    def font(self, size: int, bold: bool = False):
        """The font to measure table text of virtual `size` with: the size it is drawn at on the
        table now, lifted to the text floor where the window is small."""
        return font(round(self.text_size(size)), bold)

    def elide(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """`text` cut short with an ellipsis to fit `width` virtual pixels at font `size` (a
        long seat name in a small box); unchanged when it fits."""
        measure = self.font(size, bold).size
        if measure(text)[0] <= width:
            return text
        while text and measure(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def wrap_to(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        """`text` in lines that each fit `width` virtual pixels at font `size`, broken between
        words (wrap_words counts characters; a banner's font is not monospaced)."""
        measure = self.font(size, bold).size
        lines, line = [], ""
        for word in text.split():
            longer = f"{line} {word}" if line else word
            if line and measure(longer)[0] > width:
                lines.append(line)
                line = word
            else:
                line = longer
        return lines + ([line] if line else [])

    def fit_lines(self, text: str, size: int, width: float, lines: int = 2, bold: bool = False) -> list[str]:
        """`text` wrapped between words into at most `lines` lines of `width` virtual px at the
        size it is drawn now; what does not fit ends the last line with an ellipsis, after a
        whole word (a single word wider than `width` stays whole)."""
        out = self.wrap_to(text, size, width, bold)
        if len(out) <= lines:
            return out
        head = out[:lines - 1]
        rest = " ".join(out[lines - 1:])
        return head + [self.shorten(rest, size, width, bold)]

    def name_lines(self, name: str, size: int, least: float, bold: bool = False) -> tuple[list[str], float]:
        """A card's name for a strip under a card too small to carry it: on one line, or two as
        even as they can be, at the size it is drawn now, and the width that takes (at least
        `least`, the card's own width). A name is never cut: a strip is as wide as its words."""
        measure = self.font(size, bold).size
        if measure(name)[0] <= least:
            return [name], least
        words = name.split()
        splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
        best = min(splits, key=lambda ls: max(measure(x)[0] for x in ls)) if splits else [name]
        one = measure(name)[0]
        two = max(measure(x)[0] for x in best)
        # two lines where they save width, else one
        lines, width = (best, two) if two < one else ([name], one)
        return lines, max(least, width)

    def put_name_strip(self, lid: str, lines: list[str], x: float, y: float, line_h: float, size: int,
                       color, seen: set, bold: bool = False) -> None:
        """A card's name on a strip under it (`name_lines`' lines), one label a line centred on
        `x`, ids `lid:0`, `lid:1` (never shortened: the strip is as wide as its words)."""
        for i, text in enumerate(lines):
            self.put_label(f"{lid}:{i}", text, x, y + i * line_h, size, color, seen, "midtop",
                           bold=bold, room=1e6)

    def shorten(self, text: str, size: int, width: float, bold: bool = False) -> str:
        """`text` on one line of `width` virtual px at the size it is drawn now: whole words from
        the start and an ellipsis (never a word cut; the first word stays whole)."""
        fnt = self.font(size, bold)
        key = (fnt, text, width)
        short = self._shortened.get(key)
        if short is None:
            # a table's labels are the same from move to move: measured once per font and room
            if len(self._shortened) > 4096:
                self._shortened.clear()
            short = self._shortened[key] = self._shorten(fnt.size, text, width)
        return short

    @staticmethod
    def _shorten(measure, text: str, width: float) -> str:
        if measure(text)[0] <= width:
            return text
        words = text.split()
        for n in range(len(words) - 1, 0, -1):
            trial = " ".join(words[:n]).rstrip(",;:·→-") + "…"
            if measure(trial)[0] <= width:
                return trial
        return words[0] + "…" if len(words) > 1 else text

    def _room(self, x: float, y: float, anchor: str) -> float | None:
        """The width a label anchored at (x, y) has before it leaves its zone (or the table)."""
        zone = next((z for z in reversed(list(self.scene.layout.zones.values()))
                     if not z.hidden and z.contains(x, y)), None)
        zx, zw = (zone.rect[0], zone.rect[2]) if zone is not None else (0.0, float(self.scene.virtual[0]))
        left, right = x - zx - 6, zx + zw - x - 6
        if anchor.endswith("left"):
            return right
        if anchor.endswith("right"):
            return left
        return 2 * min(left, right)

    # --- sprites that follow the view: made once, then updated in place -------------------
    def put_label(self, lid: str, text: str, x: float, y: float, size: int, color, seen: set,
                  anchor: str = "topleft", bold: bool = False, z: float = 700,
                  room: float | None = None) -> None:
        """A label at (x, y); longer than `room` virtual px (by default: its zone's width from
        there) at the size the floor lifts it to, it is shortened between words."""
        if room is None and text:
            room = self._room(x, y, anchor)
        if room is not None and room > 0:
            text = self.shorten(text, size, room, bold)
        sprite = self.scene.get(lid)
        if sprite is None:
            sprite = LabelSprite(lid, text=text, size=size, color=color, anchor=anchor, bold=bold,
                                 x=x, y=y, z=z)
            self.scene.put(sprite)
        else:
            sprite.text, sprite.color, sprite.x, sprite.y = text, color, x, y
            sprite.size, sprite.anchor, sprite.bold, sprite.z = size, anchor, bold, z
        seen.add(lid)

    def put_button(self, bid: str, text: str, x: float, y: float, w: float, enabled: bool,
                   primary: bool, seen: set, h: float | None = None, z: float | None = None) -> None:
        h = self.button_h if h is None else h
        z = self.button_z if z is None else z
        b = self.scene.get(bid)
        if b is None:
            b = ButtonSprite(bid, text=text, enabled=enabled, primary=primary, x=x, y=y, w=w, h=h, z=z)
            self.scene.put(b)
        else:
            b.text, b.enabled, b.primary, b.x, b.y, b.w, b.h, b.z = text, enabled, primary, x, y, w, h, z
        seen.add(bid)

    def put_panel(self, pid: str, x: float, y: float, w: float, h: float, seen: set, z: float,
                  fill=(16, 20, 26, 236), outline=(214, 178, 96, 255), radius: float = 14.0,
                  top=None, line: float = 2.0) -> Panel:
        """A rounded panel (by default dark with a gold edge, behind a menu, a banner or a pile
        being looked through), made once, then updated in place."""
        p = self.scene.get(pid)
        if type(p) is not Panel:
            p = Panel(pid, fill=fill, top=top, outline=outline, line=line, radius=radius,
                      x=x, y=y, w=w, h=h, z=z)
            self.scene.put(p)
        else:
            p.fill, p.top, p.outline, p.line, p.radius = fill, top, outline, line, radius
            p.x, p.y, p.w, p.h, p.z = x, y, w, h, z
        seen.add(pid)
        return p

    def put_card(self, sid: str, face: tuple, back: tuple, x: float, y: float, size, z: float,
                 seen: set, face_up: bool | None = None, draggable: bool = False,
                 angle: float | None = None, clip: Any = KEEP, spawn=None) -> CardSprite:
        """The card sprite `sid`, made (at `spawn` if given, so it glides in) or updated in
        place. `face` and `back` are (cache key, compose); a face key of None shows the back.
        `angle` and `clip` are left as they are unless given. The marks a sync sets afresh
        (dim, badge, tooltip) start clear."""
        key, compose = face
        bkey, bcompose = back
        up = key is not None if face_up is None else face_up
        sprite = self.scene.get(sid)
        if type(sprite) is not CardSprite:       # none yet, or another kind of sprite had the id
            sx, sy = spawn if spawn else (x, y)
            sprite = CardSprite(sid, face_key=key, compose_face=compose, back_key=bkey,
                                compose_back=bcompose, face_up=up, x=sx, y=sy, w=size[0],
                                h=size[1], z=z, draggable=draggable, angle=angle or 0.0,
                                clip=None if clip is KEEP else clip)
            self.scene.put(sprite)
        else:
            sprite.face_key, sprite.compose_face = key, compose
            sprite.back_key, sprite.compose_back = bkey, bcompose
            sprite.face_up, sprite.draggable, sprite.z = up, draggable, z
            if angle is not None and sprite.angle != angle:
                sprite.angle = angle
            if clip is not KEEP:
                sprite.clip = clip
            if (sprite.w, sprite.h) != tuple(size):
                sprite.w, sprite.h = size
        self.scene.move(sid, x, y)
        sprite.dim, sprite.badge, sprite.tooltip = False, None, None
        seen.add(sid)
        return sprite

    def put_token(self, tid: str, label: str, color, x: float, y: float, radius: float, z: float,
                  seen: set, shape: str = "chip", tooltip: str = "") -> None:
        t = self.scene.get(tid)
        if t is None:
            t = TokenSprite(tid, color=color, label=label, radius=radius, shape=shape, x=x, y=y, z=z)
            self.scene.put(t)
        else:
            t.color, t.label, t.x, t.y, t.z, t.shape = color, label, x, y, z, shape
            if t.radius != radius:
                t.radius = radius
                t.w = t.h = radius * 2
        t.tooltip = tooltip
        seen.add(tid)

    def put_die(self, sid: str, sides: int, value: int, color, x: float, y: float, size: float,
                seen: set, tooltip: str, roll: float = 0.6) -> None:
        """A die showing a number the view holds (energy, the round); it rolls when that changes."""
        die = self.scene.get(sid)
        if die is None or not isinstance(die, DieSprite):
            die = DieSprite(sid, sides=sides, value=value, color=color, x=x, y=y, w=size, h=size, z=300)
            self.scene.put(die)
        elif die.value != value:
            self.scene.roll(sid, value, roll)
        die.x, die.y, die.w, die.h = x, y, size, size
        die.color = color
        die.tooltip = tooltip
        seen.add(sid)

    def _settle(self, seen: set[str]) -> None:
        """The end of every sync: what the view no longer shows leaves, then highlights and prompt."""
        gone = {}
        for sprite in list(self.scene.sprites()):
            if sprite.id not in seen and typed(sprite.id).kind != "fx":   # effects leave by themselves
                gone[sprite.id] = (sprite.x, sprite.y)
                self.scene.remove(sprite.id)
        self.playback.settled(seen, gone)
        self._highlight()
        self.scene.status = self.prompt() if self.my_turn else ""

    # --- highlights ----------------------------------------------------------------------
    def _highlight(self) -> None:
        """Selection, glowing targets and the hint, redrawn after a sync or a local change."""

    def _hint_cards(self, action: Action) -> list[int]:
        """The cards the hinted action moves or aims at."""
        return []

    def _mark_hint(self) -> None:
        if self.hint is not None:
            for c in self._hint_cards(self.hint):
                s = self.scene.get(SpriteId("card", c))
                if s is not None:
                    s.highlight = "hint"

    # --- the table follows the view ------------------------------------------------
    def sync(self, view, legal: list[Action], my_turn: bool, events: list) -> None:
        """The one sync every table runs: take the view and the moves, let the game forget what
        no longer holds, choose the layout, draw every part, then settle (what the view no
        longer shows leaves; highlights and the prompt are redrawn)."""
        self.view, self.legal, self.my_turn = view, list(legal), my_turn
        seat = self.viewer_of(view)
        self.me = seat if seat is not None else 0
        self.took(events)
        self.forget_stale()
        layout = self.layout_for(view)
        if layout is not None:
            self.layout = layout             # the same layout again changes nothing
        seen: set[str] = set()
        self.scene.thinking_at = None        # a part whose heading is at the top moves it
        self.draw(seen, events)
        self._settle(seen)

    def viewer_of(self, view) -> int | None:
        """The seat whose view this is (None: a spectator, drawn from seat 0's side)."""
        return getattr(view, "viewer", None)

    def took(self, events: list) -> None:
        """The events that brought this view, before anything is drawn: a move clears the note."""
        if events:
            self.note = ""

    def forget_stale(self) -> None:
        """Drop the selections and half-made gestures the new view or moves no longer allow
        (each part's, then a game's own)."""
        for part in self.parts:
            part.forget_stale()

    def layout_for(self, view):
        """The layout this view is drawn on: the room's while `in_room()` (a game with one: a
        champion pick, a draft), else the table's; None: the one the table has."""
        if self.room_layout is None:
            return None
        return self.room_layout if self.in_room() else self.table_layout

    def in_room(self) -> bool:
        """Whether the view is drawn in the game's room (its set-up screen) instead of the table."""
        return False

    def draw(self, seen: set[str], events: list) -> None:
        """Every part of the table for the view, each sprite drawn added to `seen`."""
        raise NotImplementedError

    def animate(self, events: list[Event], cue: Callable[[str], None] | None = None) -> None:
        """After a sync: the events, in order, through the animation queue (see playback.py),
        each kind's sound given to `cue` as its event is shown."""
        self.playback.play(events, self.sounds, cue)

    def card_id(self, sprite_id: str) -> int | None:
        """The card a sprite shows, from ids like "card:12" or "stk:12:0" (None: not a card)."""
        return number(sprite_id, "card", "stk")

    def origin_of(self, event: Event, gone: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
        """Where a card an event brings to the table comes from when no sprite showed it before
        (an opponent's hidden hand card); None: where the presenter put it."""
        return None

    def floats_of(self, event: Event) -> list[tuple[str, str, tuple[int, int, int]]]:
        """Numbers an event floats on pieces other than its cards: (sprite id, text, colour)."""
        return []

    def menu_words(self, label: str) -> str:
        """A move's label as this table names things (a game turns card ids or "Player 2" into
        names): the table's menus, the side panel's moves and the hint line show it."""
        return label

    def prompt(self) -> str:
        """One sentence: what the player can do now."""
        return ""

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return []

    def summary(self, view, events: list) -> tuple[str, str] | None:
        """(title, html) when the events end a hand or the match, else None."""
        return None

    # --- input -------------------------------------------------------------------------
    def drag_targets(self, piece: str) -> set[str]:
        """Where the piece may legally go (these glow while it is dragged)."""
        return set()

    def drop(self, piece: str, target: str | None) -> Action | str | None:
        """The candidate action of a drop (legal or not), LOCAL, or None for nothing."""
        return None

    def advice_ends(self, action: Action) -> str | None:
        """Asked ADVICE, the table lets the hard bot make the player's moves, from the player's
        own view, until it proposes one that is the player's to make: then the sentence saying
        so (Paragons: the deck is built, Done is left to the player); None lets it go on."""
        return ""

    def auto_pass(self, legal: list[Action]) -> tuple[Action, str] | None:
        """The pass the table makes for the player when the auto-pass setting is on, and the
        status line that says so: by default only when a pass is all there is to do."""
        if len(legal) == 1 and legal[0].kind in self.auto_pass_kinds:
            return legal[0], "Nothing to play: passing…"
        if self.full is not None and self.view is not None and not self.answer_waits():
            return self.full.lets_resolve(legal)
        return None

    def answer_waits(self) -> bool:
        """Whether the player's own answer is waited for (a choice to make again), so no pass
        may be made for them however things stand on the stack."""
        return False

    def follow_up(self, legal: list[Action]) -> Action | None:
        """The next move of a gesture that takes several (a Brawl champion dragged to a far hex
        walks there one hex at a time): the table page makes it after a short pause, so each
        step is seen. None when the gesture is done."""
        return None

    def drop_on(self, piece: str, target: str | None, zone: str | None) -> Action | str | None:
        """A drop as the table page answers it. `target` is the card (or zone) under the pointer
        and `zone` the zone there: a card that gives the drop no meaning of its own passes it to
        its zone, so landing on the card already in a row counts as landing in that row."""
        piece, target, zone = typed(piece), typed(target), typed(zone)
        got = self.drop(piece, target)
        if got is None and zone is not None and zone != target:
            got = self.drop(piece, zone)
        return got

    def refused_drop(self, piece: str, target: str | None) -> str:
        """The status line after a drop that means nothing there (a game may say more)."""
        where = self.drag_targets(piece)
        if not where:
            return "That piece has no move to make now."
        names = sorted({z.label for z in self.scene.layout.zones.values() if z.id in where and z.label})
        if names:
            return f"That piece cannot go there. It can go to: {', '.join(names)} (they glow while you drag)."
        return "That piece cannot go there. The places it can go glow while you drag it."

    def click(self, target: str | None) -> Action | str | None:
        return None

    def mark(self, target: str | None) -> Action | str | None:
        """Ctrl+click (Ctrl+Space on the focused piece): a piece marked as one of several, where
        a game has such a choice (Paragons' swap of several cards); elsewhere a plain click."""
        return self.click(target)

    def button(self, button_id: str) -> Action | str | None:
        return None

    # keys that act whoever's turn it is (they change only the table, like Trials' full control)
    free_keys: frozenset[str] = frozenset()

    def key(self, name: str) -> Action | str | None:
        """The keyboard, the same at every table: Escape drops what is selected, H asks for a
        hint, Enter (or Space) confirms what is under way, other letters are the game's own
        shortcuts. (Tab and the arrows move the scene's focus ring before this is asked.)"""
        if name == "escape":
            return LOCAL if self.clear_selection() else None
        if self.view is None:
            return None
        if name in self.free_keys:
            return self.shortcut(name)
        if not self.my_turn:
            return None
        if name == "h":
            return HINT
        if name in ("enter", "return", "space"):
            return self.confirm()
        return self.shortcut(name)

    def clear_selection(self) -> bool:
        """Drop the selection and any half-made gesture (every part's); whether there was one."""
        return any([part.clear() for part in self.parts])

    def confirm(self) -> Action | str | None:
        """What Enter means now (ending a turn, committing what is selected), or None."""
        return None

    def shortcut(self, name: str) -> Action | str | None:
        """A letter key of the game's own (D: draw, P: pass...), or None."""
        return None

    def zoom(self, target: str | None):
        """(cache key, compose, caption) of the card under the pointer, or None."""
        return None

    def peeks(self, target) -> bool:
        """Whether the card under the pointer is also drawn large beside itself on the table
        (the side panel shows it anyway): not where the piece is a choice already drawn to be
        read, whose copy would cover the choices beside it (Brawl's champions to pick)."""
        return True

    def covered(self) -> bool:
        """Whether a part is drawn over the table now (a menu, a pile looked through): the table
        then draws no card large beside the pointer (it would hide the menu)."""
        return any(part.covers_table for part in self.parts)

    def prepare(self, window: tuple[int, int]) -> None:
        """Draw into memory, when a match opens, what a later screen of it shows in a table of
        `window` pixels: a room's table (its felt and zones; a game adds what takes long)."""
        if self.room_layout is not None and self.view is not None and self.in_room():
            self.scene.felt_ahead(self.table_layout, window)

    def faces_to_warm(self) -> list:
        """(key, compose) of the faces this match may show, the table's faces first, then the
        zoom's: the table page composes them off the UI thread when a match opens, so no move
        waits for a picture. Only what the view knows (hidden cards stay unnamed)."""
        return []

    def warm_list(self, ids, full_face, *table_faces, disk=()) -> list:
        """faces_to_warm's usual list: each of `table_faces(c)` of every card id, kept in
        memory, then each of `disk` and `full_face(c)` (the zoom's) composed to disk only;
        each key once."""
        ids = list(ids)
        out: dict[str, tuple] = {}
        for face, keep in ([(f, True) for f in table_faces] + [(f, False) for f in disk]
                           + [(full_face, False)]):
            for c in ids:
                key, compose = face(c)
                out.setdefault(key, (key, compose, keep))
        return list(out.values())

    def context(self, target: str | None) -> Action | str | None:
        """Right-click: an action or LOCAL (a menu opened), or None to show the card large."""
        return None

    def glossary(self, target: str | None) -> list[str]:
        """Rules-page glossary entries the card under the pointer uses (the zoom links them)."""
        return []

    def show_hint(self, action: Action | None) -> None:
        self.hint = action
        self._highlight()

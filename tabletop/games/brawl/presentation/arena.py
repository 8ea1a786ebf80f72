"""The arena on the table: the hex board (tabletop/table/hexzone.py) with the deployment areas,
the three named areas, statues and trap hexes; champion tokens (hit points left, levelled up,
rooted, bloodied), face-down trap tokens, and each side's gate, where champions wait out of
action. Your side is always at the bottom: for the second seat the board is turned half round
(a display hex is the engine's hex negated), so every hex id below is a display hex.

The `Arena` part draws all this and answers what is aimed at it: a champion dragged or clicked
to a hex, a hex clicked for a trap or a move. It keeps the champion clicked to deploy and the
rest of a walk dragged to a far hex, which the table then walks a step a move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame
from PIL import Image, ImageDraw

from tabletop.core import Action
from tabletop.core.hexgrid import Hex, HexMap
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.presentation.faces import CORE, PICTURES
from tabletop.games.brawl.presentation.legal import HEX_KINDS, aims, move_paths, next_step
from tabletop.games.brawl.presentation.words import champ_state
from tabletop.table import textfloor
from tabletop.table.base import Sprite
from tabletop.table.faces import pil_to_surface
from tabletop.table.frame import Recorder
from tabletop.table.hexzone import HexBoard
from tabletop.table.icons import paste_picture
from tabletop.table.ids import SpriteId, number
from tabletop.table.part import Part
from tabletop.table.pil_text import font
from tabletop.table.presenter import LOCAL
from tabletop.table.sprites import LabelSprite

MINE = (58, 150, 136)          # your team: sea green
THEIRS = (168, 84, 160)        # the other team: plum
TEAM = (MINE, THEIRS)
# the named areas: a light wash of their statue's colour (the board mixes it in by half)
AREA_TINT = {"centre": (214, 186, 110), "west": (150, 164, 190), "east": (206, 150, 124)}
TERRAIN = {"plain": (196, 176, 136), "statue": (112, 112, 120), "trap": (170, 140, 104)}


def team_colour(seat: int, me: int):
    return TEAM[0 if seat == me else 1]


@dataclass(eq=False)
class Deco(Sprite):
    """A picture on the board that takes no input (statues, trap tokens, gate plates): clicks
    fall through to the hex under it."""

    kind: str = "statue"          # statue | trap | gate
    color: tuple = (120, 120, 120)
    text: str = ""

    def hit(self, vx, vy) -> bool:
        return False

    def draw_body(self, target, vp, faces) -> None:
        size = self.pixel_size(vp)
        surf = faces.memo(("brawl-deco", self.kind, tuple(self.color), self.text, size),
                          lambda: pil_to_surface(_deco(self.kind, self.color, self.text, size)))
        self.blit(target, surf, self.screen_center(vp))


def _deco(kind: str, color, text: str, size) -> Image.Image:
    w, h = max(2, size[0]), max(2, size[1])
    k = 3
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    W, H = w * k, h * k
    if kind == "statue":
        d.ellipse((W * .08, H * .62, W * .92, H * .98), fill=(40, 36, 34, 120))
        paste_picture(img, PICTURES["statue"], (0, 0, W, H), color, tuple(round(c * .55) for c in color), scale=.96)
    elif kind == "trap":        # face down: a dark disc with a question mark, edged in brass
        d.ellipse((W * .04, H * .04, W * .96, H * .96), fill=(46, 36, 30, 255), outline=(196, 160, 90, 255),
                  width=max(2, W // 14))
        d.ellipse((W * .2, H * .2, W * .8, H * .8), outline=(120, 96, 60, 255), width=max(1, W // 30))
        textfloor.drawn(round(H * .48) / k, "?")
        d.text((W / 2, H / 2), "?", font=font(round(H * .48), True), fill=(226, 196, 120, 255), anchor="mm")
    elif kind == "gate":        # an empty place outside the arena, ringed in the team's colour
        d.ellipse((W * .06, H * .06, W * .94, H * .94), fill=(16, 18, 22, 170))
        r = W * .44
        for a in range(0, 360, 30):
            d.arc((W / 2 - r, H / 2 - r, W / 2 + r, H / 2 + r), a, a + 18, fill=color + (230,),
                  width=max(2, W // 24))
    return img.resize((w, h), Image.LANCZOS)


@dataclass(eq=False)
class Caption(LabelSprite):
    """A word on the board (an area's name) that takes no input."""

    def hit(self, vx, vy) -> bool:
        return False


@dataclass(eq=False)
class ChampionToken(Sprite):
    """A champion on the arena: its portrait in its team's ring, its hit points left below,
    a crown once levelled up, roots while rooted, a drop of blood while Bloodied."""

    champ: str = ""
    color: tuple = MINE
    hp: int = 0
    hp_max: int = 0
    levelled: bool = False
    rooted: bool = False
    bloodied: bool = False
    waiting: bool = False         # at its gate and not allowed back yet

    def corner_radius(self) -> float:
        return self.w / 2

    def hit(self, vx, vy) -> bool:
        if not self.visible:
            return False
        cx, cy = self.center
        return math.hypot(vx - cx, vy - cy) <= self.w * self.scale / 2

    def draw_body(self, target, vp, faces) -> None:
        size = self.pixel_size(vp)
        lifted = self.lift > 0.5
        key = ("brawl-champ", self.champ, tuple(self.color), self.hp, self.hp_max, self.levelled,
               self.rooted, self.bloodied, self.waiting, size, lifted)
        surf = faces.memo(key, lambda: pil_to_surface(_token(self, size, lifted)))
        cx, cy = self.screen_center(vp)
        self.blit(target, surf, (cx, cy - (round(3 * vp.scale) if lifted else 0)))


SUPER = 3           # tokens are drawn this many times larger, then reduced


def _token(t: ChampionToken, size, lifted: bool) -> Image.Image:
    w = max(8, size[0])
    img = _token_disc(t.champ, tuple(t.color), t.waiting, w).copy()
    d = ImageDraw.Draw(img)
    W = img.width
    c = W / 2
    r = W * .44
    # hit points left, on a pill across the bottom (red once Bloodied)
    # the numbers at least the text floor on the table (the pill grows round them)
    hp = f"{t.hp}/{t.hp_max}"
    fpx = max(round(r * .52 * .78), textfloor.floor_px() * SUPER)
    textfloor.drawn(fpx / SUPER, hp)
    fnt = font(fpx, True)
    ph = fpx / .78
    pw = max(r * 1.15, d.textlength(hp, font=fnt) + ph * .6)
    px0, py0 = c - pw / 2, min(c + r * .62, W - ph - 1)
    fill = (176, 34, 38) if t.bloodied else (24, 22, 20)
    d.rounded_rectangle((px0, py0, px0 + pw, py0 + ph), radius=ph / 2, fill=fill + (255,),
                        outline=(240, 228, 200, 255), width=max(1, W // 70))
    # damage shows in the numbers too: what is left in red (the pill is red itself once Bloodied)
    ink = (255, 250, 238) if t.hp >= t.hp_max or t.bloodied else (255, 120, 110)
    d.text((c, py0 + ph / 2), hp, font=fnt, fill=ink, anchor="mm")
    if t.levelled:
        s = r * .62
        paste_picture(img, PICTURES["crown"], (c - s / 2, c - r - s * .42, c + s / 2, c - r + s * .58),
                      (255, 226, 110), (210, 150, 40), scale=1.0)
    if t.rooted:                # roots: a green badge on the upper left
        s = r * .72
        bx, by = c - r * .7, c - r * .55
        d.ellipse((bx - s / 2, by - s / 2, bx + s / 2, by + s / 2), fill=(46, 104, 40, 255),
                  outline=(226, 244, 204, 255), width=max(2, W // 60))
        paste_picture(img, PICTURES["root"], (bx - s * .42, by - s * .42, bx + s * .42, by + s * .42),
                      (226, 250, 200), (150, 210, 110), scale=.95)
    return img.reduce(SUPER)            # drawn at SUPER times: a box filter is the anti-aliasing


@lru_cache(maxsize=16)
def _token_disc(champ: str, color: tuple, waiting: bool, w: int) -> Image.Image:
    """A champion's disc and picture at SUPER times `w`, without what changes in play (hit
    points, crown, roots): the picture is most of a token's cost, and hit points change often."""
    W = w * SUPER
    img = Image.new("RGBA", (W, W), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = W / 2
    r = W * .44
    d.ellipse((c - r + W * .03, c - r + W * .05, c + r + W * .03, c + r + W * .05), fill=(0, 0, 0, 110))
    ring = tuple(round(v * .6) for v in color)
    d.ellipse((c - r, c - r, c + r, c + r), fill=color + (255,), outline=(16, 14, 12, 255), width=max(2, W // 40))
    ri = r * .8
    face = (38, 34, 32) if not waiting else (70, 70, 70)
    d.ellipse((c - ri, c - ri, c + ri, c + ri), fill=face + (255,), outline=ring + (255,), width=max(1, W // 60))
    light = (250, 244, 226) if not waiting else (170, 170, 170)
    paste_picture(img, PICTURES[champ], (c - ri, c - ri * 1.05, c + ri, c + ri * .95), light,
                  tuple(round(v * .8 + 40) for v in color), scale=.8)
    return img


def champ_sid(c: int) -> SpriteId:
    """The sprite of champion c's token."""
    return SpriteId("champ", c)


class Arena(Part):
    """The board and what stands on it, synced from the view; the hexes a decision may take
    lit; the champions' drags and the hexes' clicks answered."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.board: HexBoard | None = None       # made afresh when the seat or the zone changes
        self._board_key = None
        self.chosen: int | None = None           # the champion clicked to deploy, its hex still to click
        self.route: list[int] = []               # a walk's remaining path, the engine's hexes

    def forget_stale(self) -> None:
        t, v = self.table, self.table.view
        if not (t.my_turn and any(A.DEPLOY.matches(a) and a.args[0] == self.chosen for a in t.legal)):
            self.chosen = None
        pd = v.pending[-1] if v.pending else None
        if self.route and (not t.my_turn or pd is None or pd.kind != "walk" or v.prio >= 0
                           or next_step(v, pd, self.route) is None):
            self.route = []

    def clear(self) -> bool:
        had = bool(self.route) or self.chosen is not None
        self.chosen, self.route = None, []
        return had

    # --- display hexes and engine hexes ----------------------------------------------------------
    def display(self, h: int) -> Hex:
        x = arena().hexes[h]
        return x if self.table.me == 0 else Hex(-x.q, -x.r)

    def engine_hex(self, target) -> int | None:
        """The engine's hex a cell of the board names, or None."""
        if self.board is None:
            return None
        h = self.board.hex_of(target)
        if h is None:
            return None
        if self.table.me == 1:
            h = Hex(-h.q, -h.r)
        return arena().index.get(h)

    def cell(self, h: int) -> SpriteId:
        """The board's cell sprite of the engine's hex h."""
        return self.board.sprite.cell_id(self.display(h))

    def _hexmap(self) -> HexMap:
        site = arena()
        me = self.table.me
        hexes = frozenset(self.display(i) for i in range(len(site.hexes)))
        terrain = {self.display(h): "statue" for h in site.statue_set}
        terrain.update({self.display(h): "trap" for h in site.trap_hexes})
        areas = {"deploy:mine": frozenset(self.display(h) for h in site.deploy[me]),
                 "deploy:theirs": frozenset(self.display(h) for h in site.deploy[1 - me])}
        for key, hs in site.areas.items():
            areas[key] = frozenset(self.display(h) for h in hs)
        return HexMap(hexes, areas, terrain)

    def _ensure_board(self) -> None:
        scene = self.table.scene
        zone = self.table.layout.zones["arena"]
        key = (self.table.me, zone.rect)
        if self.board is not None and self._board_key == key and scene.get(zone.id) is self.board.sprite:
            return
        if self.board is not None:
            for sid in [self.board.sprite.id, *self.board.cell_ids()]:
                scene.remove(sid)
        self.board = self._new_board(zone)
        self.board.put_into(scene)
        self._board_key = key

    def _new_board(self, zone) -> HexBoard:
        colours = {"deploy:mine": MINE, "deploy:theirs": THEIRS, **AREA_TINT}
        return HexBoard.in_zone(zone, self._hexmap(), terrain_colors=TERRAIN, areas=colours, margin=10)

    def draw_ahead(self, layout, vp) -> None:
        """The board's tiles of `layout` drawn into the faces' memory at viewport `vp` (the
        table's, once the room gives way to it), not put on the table."""
        board = self._new_board(layout.zones["arena"])
        rec, faces = Recorder(pygame.Surface((1, 1))), self.table.faces
        board.sprite.draw_body(rec, vp, faces)
        # and the statues and gates standing on it (as draw places them: 28 ms at ratio 2)
        s = board.pixels.size
        for colour in arena().statues:
            Deco("ahead", kind="statue", color=tuple(CORE[colour]), w=s * 1.24, h=s * 1.24).draw_body(rec, vp, faces)
        for seat in (0, 1):
            Deco("ahead", kind="gate", color=tuple(team_colour(seat, self.table.me)), w=s * 1.68,
                 h=s * 1.68).draw_body(rec, vp, faces)

    def put_away(self) -> None:
        """The room hides the table (its sprites leave at the settle): the board is made afresh
        when the table returns."""
        self.board = None

    def hex_size(self) -> float:
        return self.board.pixels.size

    def _centre(self, h: int) -> tuple[float, float]:
        return self.board.hex_center(self.display(h))

    # a gate's three places: the hexes just off the board beside its deployment row (display
    # coordinates, your side bottom left, the other side top right)
    GATE_HEXES = (Hex(-5, 4), Hex(-5, 3), Hex(-6, 4))

    def gate_spot(self, c: int) -> tuple[float, float]:
        """Where champion c waits at its gate: off the board, beside its side's deployment row."""
        seat, slot = divmod(c, 3)
        h = self.GATE_HEXES[slot]
        if seat != self.table.me:
            h = Hex(-h.q, -h.r)
        return self.board.sprite.pixels.center(h)

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, seen: set) -> None:
        t = self.table
        v = t.view
        self._ensure_board()
        seen |= {self.board.sprite.id, *self.board.cell_ids()}
        site = arena()
        s = self.hex_size()
        # statues in their core's colour
        for colour, h in site.statues.items():
            cx, cy = self._centre(h)
            self._deco(f"statue:{colour}", "statue", CORE[colour], cx - s * .62, cy - s * .78, s * 1.24, s * 1.24,
                       seen, z=5, tip=f"The {colour} statue: nothing stands on it or moves through it.")
        # the named areas, written under their statues (Control and the challenges name them)
        names = {"centre": "yellow", "west": "blue", "east": "red"}
        for key, colour in names.items():
            cx, cy = self._centre(site.statues[colour])
            sid = f"area:{key}"
            text = site.area_names[key].replace("the ", "").upper()
            cap = t.scene.get(sid)
            if type(cap) is not Caption:
                cap = Caption(sid, text=text, size=13, color=(252, 246, 232), anchor="midtop", bold=True, z=7)
                t.scene.put(cap)
            cap.text, cap.x, cap.y, cap.size = text, cx, cy + s * .5, max(11, round(s * .24))
            seen.add(sid)
        # the gates: a dark place per champion, ringed in its team's colour, and a caption
        for seat in (0, 1):
            mine = seat == t.me
            col = team_colour(seat, t.me)
            spots = [self.gate_spot(seat * 3 + i) for i in range(3)]
            for i, (gx, gy) in enumerate(spots):
                self._deco(f"gate:{seat}:{i}", "gate", col, gx - s * .84, gy - s * .84, s * 1.68, s * 1.68, seen,
                           z=2, tip="A gate: champions out of action wait here; a card with movement brings one "
                                    "back onto a free hex of its deployment area.")
            lx = sum(x for x, _ in spots) / 3
            ly = (max(y for _, y in spots) + s * 1.05) if mine else (min(y for _, y in spots) - s * 1.05)
            t.put_label(f"gate:lbl:{seat}", "YOUR GATE" if mine else "THEIR GATE", lx, ly, 15, col, seen,
                        anchor="midtop" if mine else "midbottom", bold=True, z=3)
        # face-down traps
        for h in sorted(v.traps):
            cx, cy = self._centre(h)
            r = s * .42
            self._deco(f"trap:{h}", "trap", (0, 0, 0), cx - r, cy - r, 2 * r, 2 * r, seen, z=6,
                       tip="A trap, face down: it springs on the champion that enters this hex.")
        # champions
        if not v.champs:
            return
        for c in range(6):              # before deployment, the teams wait at their gates
            self._put_champion(c, seen)

    def _deco(self, sid, kind, color, x, y, w, h, seen, z, text="", tip=None) -> None:
        scene = self.table.scene
        sp = scene.get(sid)
        if type(sp) is not Deco:
            sp = Deco(sid, kind=kind, color=tuple(color), text=text, x=x, y=y, w=w, h=h, z=z)
            scene.put(sp)
        sp.kind, sp.color, sp.text, sp.z = kind, tuple(color), text, z
        sp.w, sp.h = w, h
        sp.tooltip = tip
        scene.move(sid, x, y)
        seen.add(sid)

    def _put_champion(self, c: int, seen: set) -> None:
        t = self.table
        v = t.view
        s = self.hex_size()
        r = s * .8
        if v.pos[c] != GATE and v.deployed[c]:
            cx, cy = self._centre(v.pos[c])
        else:
            cx, cy = self.gate_spot(c)
        sid = champ_sid(c)
        sp = t.scene.get(sid)
        seat = c // 3
        if type(sp) is not ChampionToken:
            sp = ChampionToken(sid, champ=v.champs[c], x=cx - r, y=cy - r, w=2 * r, h=2 * r, z=20)
            t.scene.put(sp)
        sp.champ = v.champs[c]
        sp.color = team_colour(seat, t.me)
        sp.hp_max = B.hp(v, c)
        sp.hp = sp.hp_max - v.damage[c]
        sp.levelled = v.levelled[c]
        sp.rooted = B.rooted(v, c) and v.pos[c] != GATE
        sp.bloodied = B.bloodied(v, c)
        sp.waiting = (v.pos[c] == GATE and v.deployed[c] and v.back_on[c] > v.turn_no)
        sp.w = sp.h = 2 * r
        sp.z = 20
        sp.draggable = self._draggable(c)
        sp.dim = False
        sp.tooltip = f"{t.cname(c)}: {champ_state(v, c)}"
        t.scene.move(sid, cx - r, cy - r)
        seen.add(sid)

    def _draggable(self, c: int) -> bool:
        """A champion to deploy, or the one whose move the engine asks for."""
        t = self.table
        if not t.my_turn:
            return False
        v = t.view
        if v.phase == "deploy":
            return any(A.DEPLOY.matches(a) and a.args[0] == c for a in t.legal)
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            return pd.kind in HEX_KINDS and pd.kind != "trap" and pd.champ == c
        return False

    # --- what is lit ---------------------------------------------------------------------------------
    def unlight(self) -> None:
        if self.board is not None:
            self.board.clear_moves()

    def show_hexes(self, hexes: list[int], piece: str | None = None, origin: int | None = None,
                   paths: dict | None = None, reach: dict | None = None) -> None:
        """Light `hexes` (engine hexes; `paths` the way `piece`, standing on `origin`, gets to each;
        `reach` the hexes its attack would reach from each end, ringed as the pointer moves)."""
        if self.board is None:
            return
        if paths is None:
            paths = {h: [h] for h in hexes}
        disp = {self.display(h): [self.display(x) for x in p] for h, p in paths.items()}
        o = self.display(origin) if origin is not None and origin != GATE else None
        aimed = {self.display(h): [self.display(x) for x in ts] for h, ts in (reach or {}).items()}
        self.board.show_moves(piece, o, disp, aimed)
        if o is None:
            self.board.origin = None

    def show_path(self, hexes: list[int]) -> None:
        """Draw a path through engine hexes (the hint's hex, the rest of a walk)."""
        if self.board is not None:
            self.board.path = [self.display(h) for h in hexes]

    def light_deploy(self) -> set[str]:
        """The deployment: the champion chosen (or the only one left) rung, its hexes lit; the
        champions that may deploy glow."""
        t = self.table
        deploys = t.legal_of(A.DEPLOY.kind)
        champs = sorted({a.args[0] for a in deploys})
        sel = self._deployer(champs)
        if sel is not None:
            t.mark(champ_sid(sel), "select")
        self.show_hexes(sorted({a.args[1] for a in deploys if sel is None or a.args[0] == sel}),
                        champ_sid(sel) if sel is not None else None)
        return {champ_sid(c) for c in champs}

    def light_move(self, pd) -> None:
        """A decision on a hex: the hexes it may take lit (with the moving champion's paths)."""
        t = self.table
        if pd.kind == "trap":
            self.show_hexes([a.args[0] for a in t.legal_of(A.HEX.kind)])
            return
        paths = move_paths(t.view, pd)
        piece = champ_sid(pd.champ)
        t.mark(piece, "select")
        self.show_hexes(list(paths), piece, t.view.pos[pd.champ], paths, aims(t.view, pd, paths))
        if self.route:
            self.show_path(self.route)

    def keyboard_stops(self) -> None:
        """The lit hexes are keyboard stops (Tab reaches them, Enter clicks them, and a focused
        reachable hex shows the path), as glowing sprites are."""
        cells = set() if self.board is None else {self.board.sprite.cell_id(h) for h in self.board.reachable}
        self.table.scene.droppable(cells)

    # --- gestures ------------------------------------------------------------------------------------
    def drag_targets(self, ch: int) -> set[str]:
        """The cells champion `ch` may be dragged to."""
        t = self.table
        v = t.view
        if self.board is None:
            return set()
        if v.phase == "deploy":
            return {self.cell(a.args[1]) for a in t.legal_of(A.DEPLOY.kind) if a.args[0] == ch}
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            if pd.kind in HEX_KINDS and pd.kind != "trap" and pd.champ == ch:
                return {self.cell(h) for h in move_paths(v, pd)}
        return set()

    def _standing(self, ch: int | None) -> int | None:
        """The hex champion `ch` stands on in the arena (None: at its gate, or no champion)."""
        v = self.table.view
        if ch is not None and v.deployed[ch] and v.pos[ch] != GATE:
            return v.pos[ch]
        return None

    def champion_on(self, target) -> int | None:
        """The champion a sprite shows, or the one standing on the cell it names."""
        ch = number(target, "champ")
        if ch is None:
            h = self.engine_hex(target)
            v = self.table.view
            ch = next((x for x in range(6) if v.deployed[x] and v.pos[x] == h), None) if h is not None else None
        return ch

    def hex_under(self, piece, target) -> int | None:
        """The hex a piece was dropped on: the cell named, the hex under a champion dropped onto,
        or (dropped on the arena between glowing cells) the hex under the piece's centre."""
        h = self.engine_hex(target)
        if h is not None:
            return h
        h = self._standing(number(target, "champ"))
        if h is not None:
            return h
        sp = self.table.scene.get(piece)
        if sp is not None and self.board is not None:
            hx = self.board.hex_at(*sp.center)
            if hx is not None:
                return self.engine_hex(self.board.sprite.cell_id(hx))
        return None

    def move_to(self, ch: int, h: int) -> Action | None:
        """Champion `ch` sent to hex `h`: deployed there, or its pending move answered."""
        t = self.table
        v = t.view
        if v.phase == "deploy":
            self.chosen = None
            return A.DEPLOY(ch, h)
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            if pd.kind in HEX_KINDS and pd.champ == ch:
                return self.answer(pd, h)
        return None

    def answer(self, pd, h: int) -> Action:
        """The answer to a hex decision: a walk to a far hex takes its first step now and keeps
        the rest of the path for Enter (kept only if the step is legal: a refused drop leaves the
        path you had)."""
        act, rest = A.HEX(h), []
        if pd.kind in ("walk", "force"):
            path = move_paths(self.table.view, pd).get(h)
            if path and len(path) > 1:
                act, rest = A.HEX(path[0]), (path[1:] if pd.kind == "walk" else [])
        if act in self.table.legal:
            self.route = rest
        return act

    def walk_on(self) -> Action | str | None:
        """The next step of the walk under way (LOCAL when it can go no further)."""
        v = self.table.view
        if not self.route or not v.pending:
            return None
        h = next_step(v, v.pending[-1], self.route)
        if h is None:
            self.route = []
            return LOCAL
        self.route = self.route[1:]
        return A.HEX(h)

    def follow_up(self, legal: list[Action]) -> Action | None:
        v = self.table.view
        if not self.route or v is None or not v.pending or v.prio >= 0:
            return None
        act = self.walk_on()
        return act if act in legal else None

    def _deployer(self, mine: list[int]) -> int | None:
        """The champion to deploy: the one clicked, or the only one left."""
        if self.chosen is None and len(mine) == 1:
            return mine[0]
        return self.chosen

    def deploy_click(self, ch: int | None, h: int | None) -> Action | str | None:
        """The deployment by clicks: a champion at your gate, then its hex."""
        t = self.table
        mine = sorted({a.args[0] for a in t.legal_of(A.DEPLOY.kind)})
        if ch is not None and ch in mine:
            self.chosen = None if self.chosen == ch else ch
            return LOCAL
        sel = self._deployer(mine)
        if h is None:
            h = self._standing(ch)
        if h is not None:
            if sel is None:
                return t.say("First click the champion to deploy (at your gate), then its hex.")
            self.chosen = None
            return A.DEPLOY(sel, h)
        return None

    def hex_click(self, pd, ch: int | None, h: int | None) -> Action | None:
        """A hex decision by a click: on a hex, or on the champion standing there."""
        if h is None and ch is not None and ch != pd.champ:
            h = self._standing(ch)
        if h is None:
            return None
        return self.answer(pd, h)

"""The panels around the arena, a part each: each side's panel on the left (Victory Points, cores
ready or spent, champions, deck and discard), the challenge track, and the controls on the right
(the banner that says what you are asked, the buttons, the standard actions' cores among them,
and the card in play). They keep no state: the standard action chosen is the presenter's one
click-then-click selection.
"""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine.cards import challenges
from tabletop.games.brawl.engine.state import OVER, SLOT_VP
from tabletop.games.brawl.engine.steps import CORES, OPS
from tabletop.games.brawl.presentation import faces
from tabletop.games.brawl.presentation.arena import team_colour
from tabletop.games.brawl.presentation.words import champ_state, core_state, to_act
from tabletop.table.fonts import font
from tabletop.table.ids import SpriteId
from tabletop.table.part import Part
from tabletop.table.presenter import GOLD, INK, LOCAL, MUTED, RED, wrap_words

CORE_LABEL = {"red": "Red", "yellow": "Yellow", "blue": "Blue"}
STD_WORDS = {("red", "own"): "move 1, strike 1", ("yellow", "own"): "move 1, heal 1",
             ("blue", "own"): "move 1, Plan 1", ("red", "move"): "move 2", ("yellow", "move"): "move 2",
             ("blue", "move"): "move 2"}
STD_SHORT = {("red", "own"): "strike", ("yellow", "own"): "heal", ("blue", "own"): "plan",
             ("red", "move"): "move 2", ("yellow", "move"): "move 2", ("blue", "move"): "move 2"}
# the view spells the standard action in play "<core>:<option>"
STD_IN_PLAY = {f"{core}:{opt}": (core, opt) for core, opt in STD_WORDS}


def fit_px(text: str, px: int, width: float, floor: int = 16) -> int:
    """The largest bold size up to px at which text fits width (virtual pixels)."""
    while px > floor and font(px, True).size(text)[0] > width:
        px -= 1
    return px


def text_scale(scene) -> float:
    """How much larger the panels' words are drawn: a window narrower than 16:9 makes the
    table taller (and smaller on screen), and the panels have the room."""
    return min(1.25, scene.stretch)


def std_id(core: str, opt: str) -> SpriteId:
    """A standard action as the selection names it (its button is "btn:std:<core>:<opt>")."""
    return SpriteId("std", core, opt)


class Sides(Part):
    """Each side's panel: yours below, the other above."""

    def draw(self, seen: set) -> None:
        t = self.table
        for p in (t.me, 1 - t.me):
            zone = t.layout.zones["my_side" if p == t.me else "opp_side"]
            self._side(p, zone.rect, seen)

    def _side(self, p: int, rect, seen: set) -> None:
        t = self.table
        v = t.view
        x, y, w, h = rect
        col = team_colour(p, t.me)
        active = to_act(v) == p
        t.put_panel(f"side:{p}", x, y, w, h, seen, z=-60, fill=(14, 18, 22, 190),
                    outline=col + (255,) if active else (90, 96, 104, 255), radius=16, line=3 if active else 2)
        name = "You" if p == t.me else t.seat_names[p]
        t.put_label(f"side:name:{p}", name, x + 20, y + 14, 30, col, seen, bold=True)
        t.put_label(f"side:vp:{p}", f"{v.vp[p]}", x + w - 24, y + 6, 48, GOLD, seen, anchor="topright", bold=True)
        t.put_label(f"side:vpl:{p}", "VP", x + w - 84, y + 24, 20, GOLD, seen, anchor="topright", bold=True)
        # cores: a gem each, its state under it
        f = text_scale(t.scene)
        cy = y + 74
        t.put_label(f"side:cores:{p}", "CORES", x + 20, cy, 17, MUTED, seen, bold=True)
        for i, core in enumerate(CORES):
            cx = x + 20 + (w - 40) * (i + .5) / 3
            state = core_state(v, p, i) if v.champs else "ready"
            ready = state == "ready"
            colour = faces.CORE[core] if ready else tuple(round(c * .35 + 40) for c in faces.CORE[core])
            t.put_token(f"core:{p}:{core}", "" if ready else "✕", colour, cx - 18, cy + 22, 18, 40, seen,
                        tooltip=f"{CORE_LABEL[core]} core: {state}")
            words = {"ready": "ready", "spent": "spent", "spent through next turn": "till next turn"}[state]
            t.put_label(f"core:lbl:{p}:{core}", CORE_LABEL[core], cx, cy + 58, round(18 * f),
                        INK if ready else MUTED, seen, anchor="midtop", bold=True)
            t.put_label(f"core:st:{p}:{core}", words, cx, cy + 58 + 22 * f, round(17 * f),
                        INK if ready else (RED if "next" in state else MUTED), seen, anchor="midtop")
        # champions: name and hit points, then defence and where it is
        top = cy + 70 + 42 * f
        rowh = min(76.0 * f, (h - (top - y) - 140) / 3)
        if v.champs:
            for k, c in enumerate(range(p * 3, p * 3 + 3)):
                ry = top + k * rowh
                left = B.hp(v, c) - v.damage[c]
                name = t.cname(c) if f < 1.1 else t.short(c)      # big letters: the first name
                t.put_label(f"side:champ:{c}", name + ("  ♛" if v.levelled[c] else ""), x + 20, ry,
                            round(24 * f), INK, seen, bold=True)
                t.put_label(f"side:hp:{c}", f"{left}/{B.hp(v, c)} HP", x + w - 20, ry, round(24 * f),
                            RED if B.bloodied(v, c) else GOLD, seen, anchor="topright", bold=True)
                state = champ_state(v, c).split(", ")[1:]
                if len(state) == 1:
                    state.append("in the arena" if v.deployed[c] else "")
                t.put_label(f"side:st:{c}", " · ".join(s for s in state if s), x + 20, ry + 30 * f,
                            round(19 * f), MUTED, seen)
        else:
            t.put_label(f"side:champ:{p}", "Champions still to choose", x + 20, top, 20, MUTED, seen)
        # deck and discard
        py = y + h - 128
        size = (78, 110)
        n = len(v.decks[p])
        back = t.hand.back()
        t.put_card(f"pile:deck:{p}", (None, None), back, x + 20, py, size, 30, seen)
        t.scene.get(f"pile:deck:{p}").badge = str(n)
        t.put_label(f"pile:deckl:{p}", f"Deck {n}", x + 108, py + 26, round(21 * f), INK, seen)
        t.put_label(f"pile:handl:{p}", f"Hand {len(v.hands[p])}", x + 108, py + 60, round(21 * f), INK, seen)
        dx = x + w - 20 - size[0]
        if v.discards[p]:               # the top card face up, the count on its badge (the zoom shows it)
            top_card = v.discards[p][-1]
            sp = t.put_card(SpriteId("pile", "discard", p), t.hand.table_face(top_card, "picture"), back, dx, py,
                            size, 30, seen)
            sp.badge = str(len(v.discards[p]))
            sp.tooltip = f"Discard pile: {len(v.discards[p])} cards; on top {B.card_of(v, top_card).name}"
        else:
            t.put_panel(f"pile:empty:{p}", dx, py, size[0], size[1], seen, z=20, fill=(0, 0, 0, 60),
                        outline=(120, 126, 134, 200), radius=8)
        t.put_label(f"pile:discl:{p}", "Discard", dx + size[0] / 2, py + size[1] / 2 if not v.discards[p]
                    else py - 4, round(16 * f), MUTED, seen, anchor="center" if not v.discards[p] else "midbottom")


class ChallengeTrack(Part):
    """The four challenge slots, what each pays, and whether you meet it now."""

    def draw(self, seen: set) -> None:
        t = self.table
        v = t.view
        x, y, w, h = t.layout.zones["track"].rect
        t.put_panel("track:bg", x, y, w, h, seen, z=-60, fill=(14, 18, 22, 190), outline=(90, 96, 104, 255))
        t.put_label("track:title", "CHALLENGE TRACK", x + 20, y + 14, 20, GOLD, seen, bold=True)
        t.put_label("track:round", f"Round {v.round}", x + w - 20, y + 12, 22, INK, seen, anchor="topright", bold=True)
        f = text_scale(t.scene)
        top = y + 50
        slot_h = (h - 60) / 4
        for i in range(4):
            sy = top + i * slot_h
            ch = v.track[i]
            vp = SLOT_VP[i]
            t.put_panel(f"slot:{i}", x + 12, sy, w - 24, slot_h - 8, seen, z=-50,
                        fill=(34, 40, 48, 230) if vp else (26, 28, 32, 220),
                        outline=(214, 178, 96, 200) if vp == 2 else (110, 116, 124, 200), radius=12)
            t.put_token(f"slotvp:{i}", str(vp) if vp else "–", GOLD if vp else (90, 92, 96),
                        x + 26, sy + (slot_h - 8) / 2 - 22, 22, -40, seen,
                        tooltip=f"This slot pays {vp} VP" if vp else "Not yet scorable")
            if ch >= 0 and vp and v.champs and OPS.execute(challenges()[ch].check, v, t.me):
                # scored at the start of your next turn if it still holds then
                t.put_label(f"slot:meet:{i}", "✓ you", x + 48, sy + (slot_h - 8) / 2 + 4, round(16 * f),
                            (120, 220, 150), seen, anchor="midtop", bold=True)
            if ch >= 0:
                c = challenges()[ch]
                t.put_label(f"slot:name:{i}", c.name, x + 84, sy + 6, round(24 * f), INK, seen, bold=True)
                lines = wrap_words(c.text[0].upper() + c.text[1:] + ".", int(34 / f))
                for k in range(3):
                    t.put_label(f"slot:text:{i}:{k}", lines[k] if k < len(lines) else "", x + 84,
                                sy + 8 + 28 * f + k * 21 * f, round(18 * f), MUTED if not vp else INK, seen)
            else:
                t.put_label(f"slot:name:{i}", "empty", x + 84, sy + 26, 20, MUTED, seen)


class Controls(Part):
    """The banner, the buttons (the standard actions' cores two a row) and the card in play."""

    def draw(self, seen: set) -> None:
        t = self.table
        v = t.view
        x, y, w, h = t.layout.zones["controls"].rect
        title, line = t.banner()
        asked = t.my_turn and v.phase != OVER
        f = text_scale(t.scene)
        t.put_panel("pnl:banner", x, y, w, 150 * f, seen, z=-60, fill=(20, 24, 30, 220),
                    outline=GOLD + (255,) if asked else (90, 96, 104, 255), line=3 if asked else 2)
        t.put_label("lbl:banner", title, x + w / 2, y + 16, fit_px(title, round(32 * min(f, 1.1)), w - 36),
                    GOLD, seen, anchor="midtop", bold=True)
        words = wrap_words(line, int(40 / f))
        for i in range(3):
            t.put_label(f"lbl:bline:{i}", words[i] if i < len(words) else "", x + w / 2,
                        y + 28 + 36 * f + i * 26 * f, round(19 * f), INK, seen, anchor="midtop")
        by = y + 16 + 150 * f
        half = (w - 36) / 2
        row = 0
        std = 0
        for bid, text, primary in self._buttons():
            if bid.at(0) == "std":
                _, core, opt = bid.fields
                bx = x + 12 + (std % 2) * (half + 12)
                t.put_button(bid, text, bx, by + row * 54, half, True, primary, seen)
                t.scene.get(bid).tooltip = (f"Standard action: spend your {core} core (you hold no {core} card) "
                                            f"so that one champion may {STD_WORDS[core, opt]}.")
                std += 1
                if std % 2 == 0:
                    row += 1
                continue
            if std % 2:
                row, std = row + 1, 0
            t.put_button(bid, text, x + 12, by + row * 54, w - 24, True, primary, seen)
            row += 1
        self._in_play(x, y + h - 236, w, seen)

    def _in_play(self, x, y, w, seen: set) -> None:
        """The card being played (or the standard action), who plays it and whom it aims at."""
        t = self.table
        v = t.view
        p = v.play
        if p is None or v.phase == OVER:
            return
        t.put_panel("pnl:inplay", x, y, w, 226, seen, z=-60, fill=(20, 24, 30, 220), outline=(90, 96, 104, 255))
        lines = []
        who = "You" if p.seat == t.me else t.seat_names[p.seat]
        if p.card >= 0:
            cd = B.card_of(v, p.card)
            # 150 wide: the table face's name is 11 px at 1280x720
            sp = t.put_card(SpriteId("inplay", p.card), t.hand.table_face(p.card), t.hand.back(), x + 12, y + 12,
                            (150, 210), 50, seen)
            sp.tooltip = t.hand.tip(p.card)
            tx = x + 170
            lines.append((f"{who} {'play' if p.seat == t.me else 'plays'}", MUTED))
            lines.append((cd.name, GOLD))
            lines.append((f"with {t.short(p.champ)}", INK))
            if cd.type == "attack":
                lines.append((f"strength {cd.strength}", INK))
        else:
            tx = x + 20
            core, opt = STD_IN_PLAY[p.std]
            lines.append((f"{who}: {CORE_LABEL[core].lower()} core", MUTED))
            lines.append((STD_WORDS[core, opt], GOLD))
            lines.append((f"with {t.short(p.champ)}", INK))
        if p.targets:
            lines.append(("aims at " + ", ".join(t.short(c) for c in p.targets), RED))
        for i in range(6):
            text, col = lines[i] if i < len(lines) else ("", INK)
            t.put_label(f"inplay:l:{i}", text, tx, y + 22 + i * 32, 22 if i != 1 else 24, col, seen, bold=i == 1)

    def _buttons(self) -> list[tuple[SpriteId, str, bool]]:
        """(id, words, primary) of the buttons the decision asks for."""
        t = self.table
        v = t.view
        if not t.my_turn or v.phase == OVER:
            return []
        out = []
        if v.phase == "redraw":
            n = len(t.hand.marked)
            out.append((SpriteId("btn", "redraw"), f"Redraw {n} card{'s' * (n != 1)}" if n else "Keep this hand",
                        True))
            return out
        if v.phase != "play":
            return out
        if v.prio >= 0:
            return [(SpriteId("btn", "pass"), "Pass (no reaction)", True)]
        walking = bool(t.arena.route)
        if v.pending:
            pd = v.pending[-1]
            if walking:
                out.append((SpriteId("btn", "walkon"), "Walk on along the path", True))
            if t.legal_of(A.STOP.kind):
                out.append((SpriteId("btn", "stop"), "Stop here", not walking))
            if pd.kind == "plan":
                n = len(t.hand.marked)
                out.append((SpriteId("btn", "plan"), f"Put {n} on top of the deck" if n else "Plan nothing", True))
            return out
        pairs = []
        for a in t.legal_of(A.STANDARD.kind):
            pair = (a.args[0], a.args[1])
            if pair not in pairs:
                pairs.append(pair)
        for core, opt in pairs[:6]:
            chosen = t.selected == std_id(core, opt)
            out.append((SpriteId("btn", "std", core, opt), f"{CORE_LABEL[core]}: {STD_SHORT[core, opt]}", chosen))
        if t.selected:
            out.append((SpriteId("btn", "cancel"), "Cancel", False))
        if t.legal_of(A.END.kind):
            out.append((SpriteId("btn", "end"), "End turn", True))
        return out[:8]

    def press(self, bid: SpriteId) -> Action | str | None:
        """What a button of the controls means."""
        t = self.table
        if not bid.of("btn"):
            return None
        match bid.fields:
            case ("end",):
                t.selected = None
                return A.END()
            case ("pass",):
                return A.PASS()
            case ("stop",):
                t.arena.route = []
                return A.STOP()
            case ("walkon",):
                return t.arena.walk_on()
            case ("cancel",):
                t.selected = None
                return LOCAL
            case ("redraw",):
                return A.REDRAW(t.hand.chosen())
            case ("plan",):
                return A.PLAN(t.hand.chosen())
            case ("std", core, opt):
                return self._standard(core, opt)
        return None

    def _standard(self, core: str, opt: str) -> Action | str:
        """A standard action's button: made at once when one champion may take it, else chosen
        (or unchosen), its champion to click."""
        t = self.table
        who = [a for a in t.legal_of(A.STANDARD.kind) if a.args[:2] == (core, opt)]
        if len(who) == 1:
            t.selected = None
            return who[0]
        std = std_id(core, opt)
        t.selected = None if t.selected == std else std
        if t.selected:
            t.note = f"{CORE_LABEL[core]} core ({STD_WORDS[core, opt]}): click the champion to act."
        return LOCAL

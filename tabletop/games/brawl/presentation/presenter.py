"""The Champions' Brawl table: the hex arena in the middle (your side at the bottom), your hand
below it and the other hand as backs above; each side's panel on the left (Victory Points, cores
ready or spent, champions, deck and discard); the challenge track, the banner that says what you
are asked, and the buttons on the right. The champion choice has its own screen
(setup_screens.py); the redraw, the traps and the deployment happen on the table.

Drag a card onto its champion to play it; then the hexes it can reach glow, and dragging the
champion draws its path (the engine takes a walk one hex at a time: a drop on a far hex makes the
first step, and the table walks on along the path by itself, a step a move, through `follow_up`;
Enter or "Walk on" does it at once). Every choice the engine asks for (targets, hexes,
cards) glows and is made by clicking it; every gesture also works as click-then-click; Space or
Enter ends the turn or passes, Escape cancels. What glows comes from the legal actions only, and a
refused drop or click is answered with the engine's own sentence (`why_illegal`).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.core.event import Event
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine import flow
from tabletop.games.brawl.engine.arena import GATE
from tabletop.games.brawl.engine.cards import challenges, champions
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import HIDDEN, OVER, SLOT_VP
from tabletop.games.brawl.engine.steps import CORES, OPS
from tabletop.games.brawl.presentation import faces
from tabletop.games.brawl.presentation.arena import ArenaMixin, team_colour
from tabletop.games.brawl.presentation.cover import cover
from tabletop.games.brawl.presentation.legal import HEX_KINDS, move_paths, next_step
from tabletop.games.brawl.presentation.narrate import NARRATE
from tabletop.games.brawl.presentation.setup_screens import PickScreenMixin
from tabletop.games.brawl.presentation.words import WordsMixin, core_state
from tabletop.table.cover import rules_page
from tabletop.table.fonts import font
from tabletop.table.layout import Layout
from tabletop.table.playback import Playback
from tabletop.table.presenter import GOLD, INK, LOCAL, MUTED, RED, OptionField, Presentation, Presenter
from tabletop.table.ids import number

__all__ = ["PRESENTATION", "BrawlPresenter"]

# a card of the hand played: on your turn, or as a reaction to an attack
_CARD_PLAYS = kinds(A.PLAY, A.REACT)
STOPPABLE = ("walk", "force", "dash", "swoop", "jump")
CORE_LABEL = {"red": "Red", "yellow": "Yellow", "blue": "Blue"}
STD_WORDS = {("red", "own"): "move 1, strike 1", ("yellow", "own"): "move 1, heal 1",
             ("blue", "own"): "move 1, Plan 1", ("red", "move"): "move 2", ("yellow", "move"): "move 2",
             ("blue", "move"): "move 2"}
STD_SHORT = {("red", "own"): "strike", ("yellow", "own"): "heal", ("blue", "own"): "plan",
             ("red", "move"): "move 2", ("yellow", "move"): "move 2", ("blue", "move"): "move 2"}


class BrawlPlayback(Playback):
    """Playback of Brawl events: an event's "unit" is a champion (0..5), not a card, so only its
    "card" travels (a played card from the hand to the panel of the card in play); champions
    slide to their new hexes as the sync moves them, and their damage floats from the token
    (the presenter's floats_of)."""

    def plan(self, event: Event, claimed: set[str]):
        data = {k: v for k, v in event.data.items() if k not in ("unit", "cards")}
        step = super().plan(replace(event, data=data), claimed)
        step.floats = [f for f in self.extra(event) if self.scene.get(f[0]) is not None]
        return step


def fit_px(text: str, px: int, width: float, floor: int = 16) -> int:
    """The largest bold size up to px at which text fits width (virtual pixels)."""
    while px > floor and font(px, True).size(text)[0] > width:
        px -= 1
    return px


class BrawlPresenter(PickScreenMixin, ArenaMixin, WordsMixin, Presenter):
    narrator = NARRATE
    important_kinds = frozenset({"out", "level_up", "challenge", "game_over", "teams"})
    auto_pass_kinds = kinds(A.PASS)
    sticky_zoom = True
    button_h = 46

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        self.playback = BrawlPlayback(scene, self.card_id, self.origin_of, self.floats_of, floats={})
        self.table_layout = Layout.load("brawl", 2)
        self.room_layout = Layout(size=self.table_layout.size, stretch=True)
        self.layout = self.table_layout
        self.board = None
        self._board_key = None
        self.selected: str | None = None         # click-then-click: a hand card or a standard action
        self.marked: set[int] = set()            # the redraw and Plan: cards chosen
        self.route: list[int] = []               # a walk's remaining path, the engine's hexes
        self._names: list[str] = []              # the champions' names, from the teams' event

    # --- sync ------------------------------------------------------------------------------------------
    def draw(self, seen, events) -> None:
        if self.in_room():
            self.board = None
            self._sync_pick(seen)
        else:
            self._sync_arena(seen)
            self._sync_hands(seen)
            self._sync_sides(seen)
            self._sync_track(seen)
            self._sync_controls(seen)

    def forget_stale(self) -> None:
        v = self.view
        if not self.my_turn:
            self.selected, self.route = None, []
        pd = v.pending[-1] if v.pending else None
        if not (self.my_turn and ((v.phase == "redraw") or (pd is not None and pd.kind == "plan" and v.prio < 0))):
            self.marked = set()
        self.marked &= set(v.hands[self.me])
        if self.selected and not self._still_selectable(self.selected):
            self.selected = None
        if self.route and (pd is None or pd.kind != "walk" or v.prio >= 0 or next_step(v, pd, self.route) is None):
            self.route = []

    def _still_selectable(self, sid: str) -> bool:
        c = number(sid, "card")
        if c is not None:
            return any(A.PLAY.matches(a) and a.args[0] == c for a in self.legal)
        if sid.startswith("std:"):
            _, core, opt = sid.split(":")
            return any(A.STANDARD.matches(a) and a.args[:2] == (core, opt) for a in self.legal)
        ch = number(sid, "champ")
        if ch is not None:
            return any(A.DEPLOY.matches(a) and a.args[0] == ch for a in self.legal)
        return False

    def _to_act(self) -> int | None:
        v = self.view
        if v is None or v.phase == OVER:
            return None
        if v.phase != "play":
            return flow.deciding(v)
        if v.prio >= 0:
            return v.prio
        return v.pending[-1].seat if v.pending else v.active

    def tell(self, event: Event) -> str:
        """The event, with the champion names the table knows added (a card played names its
        champion; an aim names the aiming champion). The names come from the teams' event as the
        log is told (a resumed match is told before the table has a view), else from the view."""
        d = event.data
        if event.kind == "teams" and len(d.get("names") or ()) == 6:
            self._names = list(d["names"])
        names = self._names or ([self.cname_of(self.view, c) for c in range(6)]
                                if self.view is not None and self.view.champs else [])
        c = d.get("unit")
        if isinstance(c, int) and 0 <= c < len(names) and "unit_name" not in d:
            event = replace(event, data={**d, "unit_name": names[c]})
        return self.narrator(event, self.voice())

    # --- the hands -------------------------------------------------------------------------------------
    def _card_face(self, card: int):
        champ = self.view.champs[card // 6]
        c = champions()[champ].cards[card % 6]
        return faces.card_key(c), partial(faces.compose_card, champ, card % 6)

    def faces_to_warm(self) -> list:
        # every champion's cards are public (the choice screen shows them all): the chosen first
        order = list(self.view.champs) + [c for c in champions() if c not in self.view.champs]
        return ([(faces.champion_key(ch, lv), partial(faces.compose_champion, ch, lv), True)
                 for lv in (False, True) for ch in order]
                + [(faces.card_key(champions()[ch].cards[k]), partial(faces.compose_card, ch, k), True)
                   for ch in order for k in range(6)])

    def _back(self):
        return faces.back_key(), faces.compose_back

    def _sync_hands(self, seen: set) -> None:
        v = self.view
        z = self.layout.zones
        cw, chh = self.layout.card_size
        k = min(1.25, self.scene.stretch)
        size = (cw * k, chh * k)
        hand = sorted(v.hands[self.me]) if v.champs else []
        for i, (x, y) in enumerate(z["hand"].positions(len(hand), size, 12)):
            c = hand[i]
            if c == HIDDEN:              # a spectator's view: both hands are backs
                self.put_card(f"back:me:{i}", (None, None), self._back(), x, y, size, 100 + i, seen)
                continue
            sp = self.put_card(f"card:{c}", self._card_face(c), self._back(), x, y, size, 100 + i, seen,
                               draggable=self._card_draggable(c))
            sp.tooltip = self._card_tip(c)
            # on your own turn's main decision, what cannot be played now is dimmed
            sp.dim = (self.my_turn and v.phase == "play" and v.prio < 0 and not v.pending
                      and not sp.draggable)
        theirs = len(v.hands[1 - self.me])
        osize = (62, 87)
        for i, (x, y) in enumerate(z["opp_hand"].positions(theirs, osize, 8)):
            self.put_card(f"back:{i}", (None, None), self._back(), x, y, osize, 100 + i, seen)
        ox, oy, ow, oh = z["opp_hand"].rect
        if v.champs:
            self.put_label("lbl:opphand", f"{self.seat_names[1 - self.me]}'s hand: {theirs}", ox + 10, oy + oh / 2,
                           18, MUTED, seen, anchor="midleft")

    def _card_draggable(self, c: int) -> bool:
        """A card you may play now, or a reaction you may answer the attack with."""
        return self.my_turn and any(a.kind in _CARD_PLAYS and a.args[0] == c for a in self.legal)

    def _card_tip(self, c: int) -> str:
        cd = B.card_of(self.view, c)
        return f"{cd.name} ({self.short(c // 6)}, {cd.core}): {faces.stat_line(cd)}. {cd.text}".strip()

    def _champ_tip(self, c: int) -> str:
        return f"{self.cname(c)}: {self._champ_state(self.view, c)}"

    def _champ_draggable(self, c: int) -> bool:
        if not self.my_turn:
            return False
        v = self.view
        if v.phase == "deploy":
            return any(A.DEPLOY.matches(a) and a.args[0] == c for a in self.legal)
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            return pd.kind in HEX_KINDS and pd.kind != "trap" and pd.champ == c
        return False

    # --- the side panels ------------------------------------------------------------------------------
    def _sync_sides(self, seen: set) -> None:
        for p in (self.me, 1 - self.me):
            zone = self.layout.zones["my_side" if p == self.me else "opp_side"]
            self._sync_side(p, zone.rect, seen)

    def _sync_side(self, p: int, rect, seen: set) -> None:
        v = self.view
        x, y, w, h = rect
        col = team_colour(p, self.me)
        active = self._to_act() == p
        self.put_panel(f"side:{p}", x, y, w, h, seen, z=-60, fill=(14, 18, 22, 190),
                       outline=col + (255,) if active else (90, 96, 104, 255), radius=16, line=3 if active else 2)
        name = "You" if p == self.me else self.seat_names[p]
        self.put_label(f"side:name:{p}", name, x + 20, y + 14, 30, col, seen, bold=True)
        self.put_label(f"side:vp:{p}", f"{v.vp[p]}", x + w - 24, y + 6, 48, GOLD, seen, anchor="topright", bold=True)
        self.put_label(f"side:vpl:{p}", "VP", x + w - 84, y + 24, 20, GOLD, seen, anchor="topright", bold=True)
        # cores: a gem each, its state under it
        f = self._f()
        cy = y + 74
        self.put_label(f"side:cores:{p}", "CORES", x + 20, cy, 17, MUTED, seen, bold=True)
        for i, core in enumerate(CORES):
            cx = x + 20 + (w - 40) * (i + .5) / 3
            state = core_state(v, p, i) if v.champs else "ready"
            ready = state == "ready"
            colour = faces.CORE[core] if ready else tuple(round(c * .35 + 40) for c in faces.CORE[core])
            self.put_token(f"core:{p}:{core}", "" if ready else "✕", colour, cx - 18, cy + 22, 18, 40, seen,
                           tooltip=f"{CORE_LABEL[core]} core: {state}")
            words = {"ready": "ready", "spent": "spent", "spent through next turn": "till next turn"}[state]
            self.put_label(f"core:lbl:{p}:{core}", CORE_LABEL[core], cx, cy + 58, round(18 * f),
                           INK if ready else MUTED, seen, anchor="midtop", bold=True)
            self.put_label(f"core:st:{p}:{core}", words, cx, cy + 58 + 22 * f, round(17 * f),
                           INK if ready else (RED if "next" in state else MUTED), seen, anchor="midtop")
        # champions: name and hit points, then defence and where it is
        top = cy + 70 + 42 * f
        rowh = min(76.0 * f, (h - (top - y) - 140) / 3)
        if v.champs:
            for k, c in enumerate(range(p * 3, p * 3 + 3)):
                ry = top + k * rowh
                left = B.hp(v, c) - v.damage[c]
                name = self.cname(c) if f < 1.1 else self.short(c)      # big letters: the first name
                self.put_label(f"side:champ:{c}", name + ("  ♛" if v.levelled[c] else ""), x + 20, ry,
                               round(24 * f), INK, seen, bold=True)
                self.put_label(f"side:hp:{c}", f"{left}/{B.hp(v, c)} HP", x + w - 20, ry, round(24 * f),
                               RED if B.bloodied(v, c) else GOLD, seen, anchor="topright", bold=True)
                state = self._champ_state(v, c).split(", ")[1:]
                if len(state) == 1:
                    state.append("in the arena" if v.deployed[c] else "")
                self.put_label(f"side:st:{c}", " · ".join(x for x in state if x), x + 20, ry + 30 * f, round(19 * f),
                               MUTED, seen)
        else:
            self.put_label(f"side:champ:{p}", "Champions still to choose", x + 20, top, 20, MUTED, seen)
        # deck and discard
        py = y + h - 128
        size = (78, 110)
        n = len(v.decks[p])
        self.put_card(f"pile:deck:{p}", (None, None), self._back(), x + 20, py, size, 30, seen)
        self.scene.get(f"pile:deck:{p}").badge = str(n)
        self.put_label(f"pile:deckl:{p}", f"Deck {n}", x + 108, py + 26, round(21 * f), INK, seen)
        self.put_label(f"pile:handl:{p}", f"Hand {len(v.hands[p])}", x + 108, py + 60, round(21 * f), INK, seen)
        dx = x + w - 20 - size[0]
        if v.discards[p]:               # the top card face up, the count on its badge
            top_card = v.discards[p][-1]
            sp = self.put_card(f"pile:discard:{p}", self._card_face(top_card), self._back(), dx, py, size, 30, seen)
            sp.badge = str(len(v.discards[p]))
            sp.tooltip = f"Discard pile: {len(v.discards[p])} cards; on top {B.card_of(v, top_card).name}"
        else:
            self.put_panel(f"pile:empty:{p}", dx, py, size[0], size[1], seen, z=20, fill=(0, 0, 0, 60),
                           outline=(120, 126, 134, 200), radius=8)
        self.put_label(f"pile:discl:{p}", "Discard", dx + size[0] / 2, py + size[1] / 2 if not v.discards[p]
                       else py - 4, round(16 * f), MUTED, seen, anchor="center" if not v.discards[p] else "midbottom")

    # --- the challenge track ------------------------------------------------------------------------------
    def _sync_track(self, seen: set) -> None:
        v = self.view
        x, y, w, h = self.layout.zones["track"].rect
        self.put_panel("track:bg", x, y, w, h, seen, z=-60, fill=(14, 18, 22, 190), outline=(90, 96, 104, 255))
        self.put_label("track:title", "CHALLENGE TRACK", x + 20, y + 14, 20, GOLD, seen, bold=True)
        self.put_label("track:round", f"Round {v.round}", x + w - 20, y + 12, 22, INK, seen, anchor="topright", bold=True)
        f = self._f()
        top = y + 50
        slot_h = (h - 60) / 4
        for i in range(4):
            sy = top + i * slot_h
            ch = v.track[i]
            vp = SLOT_VP[i]
            self.put_panel(f"slot:{i}", x + 12, sy, w - 24, slot_h - 8, seen, z=-50,
                           fill=(34, 40, 48, 230) if vp else (26, 28, 32, 220),
                           outline=(214, 178, 96, 200) if vp == 2 else (110, 116, 124, 200), radius=12)
            self.put_token(f"slotvp:{i}", str(vp) if vp else "–", GOLD if vp else (90, 92, 96),
                           x + 26, sy + (slot_h - 8) / 2 - 22, 22, -40, seen,
                           tooltip=f"This slot pays {vp} VP" if vp else "Not yet scorable")
            if ch >= 0 and vp and v.champs and OPS.execute(challenges()[ch].check, v, self.me):
                # scored at the start of your next turn if it still holds then
                self.put_label(f"slot:meet:{i}", "✓ you", x + 48, sy + (slot_h - 8) / 2 + 4, round(16 * f),
                               (120, 220, 150), seen, anchor="midtop", bold=True)
            if ch >= 0:
                c = challenges()[ch]
                self.put_label(f"slot:name:{i}", c.name, x + 84, sy + 6, round(24 * f), INK, seen, bold=True)
                lines = self._wrap(c.text[0].upper() + c.text[1:] + ".", int(34 / f))
                for k in range(3):
                    self.put_label(f"slot:text:{i}:{k}", lines[k] if k < len(lines) else "", x + 84,
                                   sy + 8 + 28 * f + k * 21 * f, round(18 * f), MUTED if not vp else INK, seen)
            else:
                self.put_label(f"slot:name:{i}", "empty", x + 84, sy + 26, 20, MUTED, seen)

    # --- the controls: banner and buttons ----------------------------------------------------------------
    def _sync_controls(self, seen: set) -> None:
        v = self.view
        x, y, w, h = self.layout.zones["controls"].rect
        title, line = self.banner()
        asked = self.my_turn and v.phase != OVER
        f = self._f()
        self.put_panel("pnl:banner", x, y, w, 150 * f, seen, z=-60, fill=(20, 24, 30, 220),
                       outline=GOLD + (255,) if asked else (90, 96, 104, 255), line=3 if asked else 2)
        self.put_label("lbl:banner", title, x + w / 2, y + 16, fit_px(title, round(32 * min(f, 1.1)), w - 36),
                       GOLD, seen, anchor="midtop", bold=True)
        words = self._wrap(line, int(40 / f))
        for i in range(3):
            self.put_label(f"lbl:bline:{i}", words[i] if i < len(words) else "", x + w / 2,
                           y + 28 + 36 * f + i * 26 * f, round(19 * f), INK, seen, anchor="midtop")
        by = y + 16 + 150 * f
        half = (w - 36) / 2
        row = 0
        std = 0
        for bid, text, primary in self._buttons():
            if bid.startswith("btn:std:"):
                bx = x + 12 + (std % 2) * (half + 12)
                self.put_button(bid, text, bx, by + row * 54, half, True, primary, seen)
                _, _, core, opt = bid.split(":")
                self.scene.get(bid).tooltip = (f"Standard action: spend your {core} core (you hold no {core} card) "
                                               f"so that one champion may {STD_WORDS[core, opt]}.")
                std += 1
                if std % 2 == 0:
                    row += 1
                continue
            if std % 2:
                row, std = row + 1, 0
            self.put_button(bid, text, x + 12, by + row * 54, w - 24, True, primary, seen)
            row += 1
        self._sync_in_play(x, y + h - 236, w, seen)

    def _sync_in_play(self, x, y, w, seen: set) -> None:
        """The card being played (or the standard action), who plays it and whom it aims at."""
        v = self.view
        p = v.play
        if p is None or v.phase == OVER:
            return
        self.put_panel("pnl:inplay", x, y, w, 226, seen, z=-60, fill=(20, 24, 30, 220), outline=(90, 96, 104, 255))
        lines = []
        who = "You" if p.seat == self.me else self.seat_names[p.seat]
        if p.card >= 0:
            cd = B.card_of(v, p.card)
            sp = self.put_card(f"inplay:{p.card}", self._card_face(p.card), self._back(), x + 12, y + 12,
                               (144, 202), 50, seen)
            sp.tooltip = self._card_tip(p.card)
            tx = x + 170
            lines.append((f"{who} {'play' if p.seat == self.me else 'plays'}", MUTED))
            lines.append((cd.name, GOLD))
            lines.append((f"with {self.short(p.champ)}", INK))
            if cd.type == "attack":
                lines.append((f"strength {cd.strength}", INK))
        else:
            tx = x + 20
            core, opt = p.std.split(":")
            lines.append((f"{who}: {CORE_LABEL[core].lower()} core", MUTED))
            lines.append((STD_WORDS[core, opt], GOLD))
            lines.append((f"with {self.short(p.champ)}", INK))
        if p.targets:
            lines.append(("aims at " + ", ".join(self.short(t) for t in p.targets), RED))
        for i in range(6):
            text, col = lines[i] if i < len(lines) else ("", INK)
            self.put_label(f"inplay:l:{i}", text, tx, y + 22 + i * 32, 22 if i != 1 else 24, col, seen, bold=i == 1)

    def _f(self) -> float:
        """How much larger the panels' words are drawn: a window narrower than 16:9 makes the
        table taller (and smaller on screen), and the panels have the room."""
        return min(1.25, self.scene.stretch)

    @staticmethod
    def _wrap(text: str, n: int) -> list[str]:
        lines, cur = [], ""
        for word in text.split():
            if cur and len(cur) + 1 + len(word) > n:
                lines.append(cur)
                cur = word
            else:
                cur = f"{cur} {word}" if cur else word
        if cur:
            lines.append(cur)
        return lines

    def _buttons(self) -> list[tuple[str, str, bool]]:
        v = self.view
        if not self.my_turn or v.phase == OVER:
            return []
        out = []
        if v.phase == "redraw":
            n = len(self.marked)
            out.append(("btn:redraw", f"Redraw {n} card{'s' * (n != 1)}" if n else "Keep this hand", True))
            return out
        if v.phase != "play":
            return out
        if v.prio >= 0:
            return [("btn:pass", "Pass (no reaction)", True)]
        if v.pending:
            pd = v.pending[-1]
            if self.route:
                out.append(("btn:walkon", "Walk on along the path", True))
            if self._legal(A.STOP.kind):
                out.append(("btn:stop", "Stop here", not self.route))
            if pd.kind == "plan":
                n = len(self.marked)
                out.append(("btn:plan", f"Put {n} on top of the deck" if n else "Plan nothing", True))
            return out
        pairs = []
        for a in self._legal(A.STANDARD.kind):
            pair = (a.args[0], a.args[1])
            if pair not in pairs:
                pairs.append(pair)
        for core, opt in pairs[:6]:
            chosen = self.selected == f"std:{core}:{opt}"
            out.append((f"btn:std:{core}:{opt}", f"{CORE_LABEL[core]}: {STD_SHORT[core, opt]}", chosen))
        if self.selected:
            out.append(("btn:cancel", "Cancel", False))
        if self._legal(A.END.kind):
            out.append(("btn:end", "End turn", True))
        return out[:8]

    # --- highlights ----------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.highlight in ("select", "hint", "warn", "glow"):
                sprite.highlight = None
        v = self.view
        glow: set[str] = set()
        if self.board is not None:
            self.board.clear_moves()
        if v is not None and v.play is not None and v.phase != OVER:
            # the champion acting rings white, whom it aims at red, on both players' turns
            self._mark(f"champ:{v.play.champ}", "select")
            for t in v.play.targets:
                self._mark(f"champ:{t}", "warn")
        if v is None or not self.my_turn or v.phase == OVER:
            self.scene.set_glow(set())
            self._lit_cells_focusable()
            self._mark_hint()
            return
        if self.in_room():
            glow = {f"pick:{a.args[0]}" for a in self._legal(A.PICK.kind)}
        elif v.phase == "redraw":
            glow = {f"card:{c}" for c in v.hands[self.me] if c not in self.marked}
            for c in self.marked:
                self._mark(f"card:{c}", "warn")
        elif v.phase == "traps":
            self._show_hexes([a.args[0] for a in self._legal(A.TRAP.kind)])
        elif v.phase == "deploy":
            champs = sorted({a.args[0] for a in self._legal(A.DEPLOY.kind)})
            sel = number(self.selected, "champ")
            if sel is None and len(champs) == 1:
                sel = champs[0]
            if sel is not None:
                self._mark(f"champ:{sel}", "select")
            deploys = self._legal(A.DEPLOY.kind)
            self._show_hexes(sorted({a.args[1] for a in deploys if sel is None or a.args[0] == sel}),
                             f"champ:{sel}" if sel is not None else None)
            glow = {f"champ:{c}" for c in champs}
        elif v.prio >= 0:
            glow = {f"card:{a.args[0]}" for a in self._legal(A.REACT.kind)}
        elif v.pending:
            glow = self._pending_glow(v.pending[-1])
        else:
            if self.selected:
                self._mark(self.selected, "select")
                glow = self._selected_targets()
            else:
                glow = {f"card:{a.args[0]}" for a in self._legal(A.PLAY.kind)}
        self.scene.set_glow(glow)
        self._lit_cells_focusable()
        self._mark_hint()

    def _lit_cells_focusable(self) -> None:
        """The lit hexes are keyboard stops (Tab reaches them, Enter clicks them, and a focused
        reachable hex shows the path), as glowing sprites are."""
        cells = set() if self.board is None else {self.board.sprite.cell_id(h) for h in self.board.reachable}
        self.scene.droppable(cells)

    def _mark_hint(self) -> None:
        """The hinted move: its card or champion ringed, its hex drawn as a path."""
        a = self.hint
        if a is None or self.view is None:
            return
        k = a.kind
        ids = []
        if k in kinds(A.PLAY, A.REACT, A.DISCARD):
            ids.append(f"card:{a.args[0]}")
        elif k in kinds(A.TARGET, A.DEPLOY):
            ids.append(f"champ:{a.args[0]}")
        elif k == A.STANDARD.kind:
            ids += [f"champ:{a.args[2]}", f"btn:std:{a.args[0]}:{a.args[1]}"]
        elif k == A.PICK.kind:
            ids.append(f"pick:{a.args[0]}")
        elif k in kinds(A.REDRAW, A.PLAN):
            ids += [f"card:{c}" for c in a.args[0]]
        for sid in ids:
            self._mark(sid, "hint")
        h = a.args[1] if k == A.DEPLOY.kind else (a.args[0] if k in kinds(A.HEX, A.TRAP) else None)
        if h is not None and self.board is not None:
            self.board.path = [self._display(h)]

    def _mark(self, sid: str, how: str) -> None:
        s = self.scene.get(sid)
        if s is not None:
            s.highlight = how

    def _show_hexes(self, hexes: list[int], piece: str | None = None, origin: int | None = None,
                    paths: dict | None = None) -> None:
        if self.board is None:
            return
        if paths is None:
            paths = {h: [h] for h in hexes}
        disp = {self._display(h): [self._display(x) for x in p] for h, p in paths.items()}
        o = self._display(origin) if origin is not None and origin != GATE else None
        self.board.show_moves(piece, o, disp)
        if o is None:
            self.board.origin = None

    def _pending_glow(self, pd) -> set[str]:
        v = self.view
        k = pd.kind
        if k in HEX_KINDS:
            if k == "trap":
                self._show_hexes([a.args[0] for a in self._legal(A.HEX.kind)])
                return set()
            paths = move_paths(v, pd)
            piece = f"champ:{pd.champ}"
            self._mark(piece, "select")
            self._show_hexes(list(paths), piece, v.pos[pd.champ], paths)
            if self.route and self.board is not None:
                self.board.path = [self._display(h) for h in self.route]
            return set()
        if k == "target":
            return {f"champ:{a.args[0]}" for a in self._legal(A.TARGET.kind)}
        if k == "discard":
            return {f"card:{a.args[0]}" for a in self._legal(A.DISCARD.kind)}
        if k == "plan":
            for c in self.marked:
                self._mark(f"card:{c}", "warn")
            return {f"card:{c}" for c in v.hands[self.me] if c not in self.marked}
        return set()

    def _selected_targets(self) -> set[str]:
        sel = self.selected
        c = number(sel, "card")
        if c is not None:
            return {f"champ:{c // 6}"}
        if sel and sel.startswith("std:"):
            _, core, opt = sel.split(":")
            standards = self._legal(A.STANDARD.kind)
            return {f"champ:{a.args[2]}" for a in standards if a.args[:2] == (core, opt)}
        return set()

    # --- dragging ------------------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        v = self.view
        if v is None or not self.my_turn or self.in_room():
            return set()
        c = number(sprite_id, "card")
        if c is not None:
            if any(a.kind in _CARD_PLAYS and a.args[0] == c for a in self.legal):
                return {f"champ:{c // 6}"}      # onto its own champion (the one a reaction shields)
            return set()
        ch = number(sprite_id, "champ")
        if ch is None or self.board is None:
            return set()
        if v.phase == "deploy":
            return {self.cell(a.args[1]) for a in self._legal(A.DEPLOY.kind) if a.args[0] == ch}
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            if pd.kind in HEX_KINDS and pd.kind != "trap" and pd.champ == ch:
                return {self.cell(h) for h in move_paths(v, pd)}
        return set()

    def drop(self, sprite_id: str, target: str | None):
        v = self.view
        if v is None or target is None or target == sprite_id or self.in_room():
            return None
        c = number(sprite_id, "card")
        if c is not None:
            return self._drop_card(c, target)
        ch = number(sprite_id, "champ")
        if ch is not None:
            h = self._hex_under(sprite_id, target)
            if h is None:
                return None
            return self._champ_to(ch, h)
        return None

    def _hex_under(self, sprite_id: str, target: str) -> int | None:
        """The hex a piece was dropped on: the cell named, the hex under a champion dropped onto,
        or (dropped on the arena between glowing cells) the hex under the piece's centre."""
        h = self._engine_hex(target)
        if h is not None:
            return h
        t = number(target, "champ")
        if t is not None and self.view.pos[t] != GATE and self.view.deployed[t]:
            return self.view.pos[t]
        sp = self.scene.get(sprite_id)
        if sp is not None and self.board is not None:
            hx = self.board.hex_at(*sp.center)
            if hx is not None:
                return self._engine_hex(self.board.sprite.cell_id(hx))
        return None

    def _drop_card(self, c: int, target: str):
        v = self.view
        if c not in v.hands[self.me]:
            return None
        onto = number(target, "champ")
        if onto is None and target.startswith("arena:"):
            h = self._engine_hex(target)
            stand = [x for x in range(6) if v.deployed[x] and v.pos[x] == h] if h is not None else []
            onto = stand[0] if stand else None
        if onto is None:
            return None
        if v.phase == "play" and v.prio >= 0:
            return A.REACT(c)
        if onto != c // 6:
            return self._say(f"{B.card_of(v, c).name} is {self.cname(c // 6)}'s card: drop it on {self.cname(c // 6)}.")
        self.selected = None
        return A.PLAY(c)

    def _champ_to(self, ch: int, h: int):
        v = self.view
        if v.phase == "deploy":
            self.selected = None
            return A.DEPLOY(ch, h)
        if v.phase == "play" and v.prio < 0 and v.pending:
            pd = v.pending[-1]
            if pd.kind in HEX_KINDS and pd.champ == ch:
                return self._hex_answer(pd, h)
        return None

    def _hex_answer(self, pd, h: int):
        """The answer to a hex decision: a walk to a far hex takes its first step now and keeps
        the rest of the path for Enter (kept only if the step is legal: a refused drop leaves the
        path you had)."""
        act, rest = A.HEX(h), []
        if pd.kind in ("walk", "force"):
            path = move_paths(self.view, pd).get(h)
            if path and len(path) > 1:
                act, rest = A.HEX(path[0]), (path[1:] if pd.kind == "walk" else [])
        if act in self.legal:
            self.route = rest
        return act

    def _say(self, text: str):
        """A refusal the table words itself (a card dropped on another champion)."""
        self.note = text
        self.scene.status = text
        return LOCAL

    def refused_drop(self, sprite_id: str, target: str | None) -> str:
        c = number(sprite_id, "card")
        if c is not None and self.view is not None and c in self.view.hands[self.me]:
            why = self._why(A.PLAY(c))
            if why:
                return why
            return f"Drop {B.card_of(self.view, c).name} on {self.cname(c // 6)} to play it."
        ch = number(sprite_id, "champ")
        if ch is not None and self.view is not None and self.my_turn:
            h = self._hex_under(sprite_id, target) if target else None
            if h is not None:
                got = self._champ_to(ch, h)
                if isinstance(got, Action):
                    why = self._why(got)
                    if why:
                        return why
            return "That champion cannot go there: the hexes it can reach glow."
        return super().refused_drop(sprite_id, target)

    def _why(self, a: Action) -> str | None:
        try:
            return GAME.why_illegal(self.view, a)
        except Exception:          # a view lacks what a sentence needs: say nothing rather than fail
            return None

    # --- clicks, buttons, keys ---------------------------------------------------------------------------
    def click(self, target: str | None):
        v = self.view
        if v is None or not self.my_turn or v.phase == OVER:
            return None
        self.note = ""
        if self.in_room():
            cid = self._pick_of(target)
            return A.PICK(cid) if cid else None
        c = number(target, "card")
        ch = number(target, "champ")
        h = self._engine_hex(target)
        if v.phase == "redraw":
            if c is not None and c in v.hands[self.me]:
                self.marked ^= {c}
                return LOCAL
            return None
        if v.phase == "traps":
            if h is not None:
                return A.TRAP(h)
            return None
        if v.phase == "deploy":
            return self._deploy_click(ch, h)
        if v.prio >= 0:
            if c is not None and c in v.hands[self.me]:
                return A.REACT(c)
            return None
        if v.pending:
            return self._pending_click(v.pending[-1], c, ch, h)
        return self._main_click(target, c, ch)

    def _deploy_click(self, ch: int | None, h: int | None):
        v = self.view
        mine = sorted({a.args[0] for a in self._legal(A.DEPLOY.kind)})
        if ch is not None and ch in mine:
            self.selected = None if self.selected == f"champ:{ch}" else f"champ:{ch}"
            return LOCAL
        sel = number(self.selected, "champ")
        if sel is None and len(mine) == 1:
            sel = mine[0]
        if h is None and ch is not None and v.deployed[ch] and v.pos[ch] != GATE:
            h = v.pos[ch]
        if h is not None:
            if sel is None:
                return self._say("First click the champion to deploy (at your gate), then its hex.")
            self.selected = None
            return A.DEPLOY(sel, h)
        return None

    def _pending_click(self, pd, c, ch, h):
        v = self.view
        if pd.kind in HEX_KINDS:
            if h is None and ch is not None and v.deployed[ch] and v.pos[ch] != GATE:
                if ch == pd.champ:
                    return None
                h = v.pos[ch]
            if h is None:
                return None
            return self._hex_answer(pd, h)
        if pd.kind == "target":
            return A.TARGET(ch) if ch is not None else None
        if pd.kind == "discard":
            return A.DISCARD(c) if c is not None else None
        if pd.kind == "plan":
            if c is not None and c in v.hands[self.me]:
                if c not in self.marked and len(self.marked) >= pd.n:
                    return self._say(f"Plan {pd.n} puts at most {pd.n} card{'s' * (pd.n != 1)} on your deck.")
                self.marked ^= {c}
                return LOCAL
        return None

    def _main_click(self, target, c, ch):
        v = self.view
        sel = self.selected
        if sel is not None:
            if target == sel:
                self.selected = None
                return LOCAL
            sc = number(sel, "card")
            if sc is not None and ch is not None:
                return self._drop_card(sc, target)
            if sel.startswith("std:") and ch is not None:
                _, core, opt = sel.split(":")
                self.selected = None
                return A.STANDARD(core, opt, ch)
        if c is not None and c in v.hands[self.me]:
            if any(A.PLAY.matches(a) and a.args[0] == c for a in self.legal):
                self.selected = f"card:{c}"
                return LOCAL
            return A.PLAY(c)               # the engine says why it cannot be played
        return None

    def button(self, button_id: str):
        v = self.view
        if v is None:
            return None
        self.note = ""
        if button_id == "btn:end":
            self.selected = None
            return A.END()
        if button_id == "btn:pass":
            return A.PASS()
        if button_id == "btn:stop":
            self.route = []
            return A.STOP()
        if button_id == "btn:walkon":
            return self._walk_on()
        if button_id == "btn:cancel":
            self.selected = None
            return LOCAL
        if button_id == "btn:redraw":
            return A.REDRAW(tuple(sorted(self.marked)))
        if button_id == "btn:plan":
            return A.PLAN(tuple(sorted(self.marked)))
        if button_id.startswith("btn:std:"):
            _, _, core, opt = button_id.split(":")
            who = [a for a in self._legal(A.STANDARD.kind) if a.args[:2] == (core, opt)]
            if len(who) == 1:
                self.selected = None
                return who[0]
            self.selected = None if self.selected == f"std:{core}:{opt}" else f"std:{core}:{opt}"
            if self.selected:
                self.note = f"{CORE_LABEL[core]} core ({STD_WORDS[core, opt]}): click the champion to act."
            return LOCAL
        return None

    def follow_up(self, legal):
        """A champion dragged to a far hex walks on by itself, one step a move, until it is
        there or something stops it (a trap, a reaction: the path is then dropped)."""
        v = self.view
        if not self.route or v is None or not v.pending or v.prio >= 0:
            return None
        act = self._walk_on()
        return act if act in legal else None

    def _walk_on(self):
        v = self.view
        if not self.route or not v.pending:
            return None
        h = next_step(v, v.pending[-1], self.route)
        if h is None:
            self.route = []
            return LOCAL
        self.route = self.route[1:]
        return A.HEX(h)

    def clear_selection(self) -> bool:
        had = bool(self.selected or self.marked or self.route or self.note)
        self.selected, self.marked, self.route, self.note = None, set(), [], ""
        return had

    def confirm(self):
        v = self.view
        if v.phase == "redraw":
            return A.REDRAW(tuple(sorted(self.marked)))
        if v.phase != "play":
            return None
        if v.prio >= 0:
            return A.PASS()
        if v.pending:
            pd = v.pending[-1]
            if self.route:
                return self._walk_on()
            if pd.kind == "plan":
                return A.PLAN(tuple(sorted(self.marked)))
            if self._legal(A.STOP.kind):
                return A.STOP()
            return None
        if self._legal(A.END.kind):
            return A.END()
        return None

    def context(self, target: str | None):
        return None

    # --- the zoom ------------------------------------------------------------------------------------------
    def _face_at(self, target: str | None):
        """(key, compose, caption, text) of the card a sprite shows, or None."""
        v = self.view
        if v is None or not target:
            return None
        if target.startswith("pickcard:"):
            _, cid, k = target.split(":")
            card = champions()[cid].cards[int(k)]
            return (faces.card_key(card) + "/zoom", partial(faces.compose_card, cid, int(k)),
                    f"{card.name}\n{champions()[cid].name}: {faces.stat_line(card)}", card.text + " " + faces.stat_line(card))
        cid = self._pick_of(target)
        if cid:
            ch = champions()[cid]
            return (faces.champion_key(cid, False) + "/zoom", partial(faces.compose_champion, cid, False),
                    f"{ch.name}, {ch.title}\n{ch.hp} hit points, defence {ch.defence}. Level up: {ch.level_title}, "
                    f"{ch.level_text}.", "Levels up " + ch.level_text)
        c = number(target, "card")
        if c is None and target.startswith("pile:discard:"):
            p = int(target.rsplit(":", 1)[1])
            c = v.discards[p][-1] if v.discards[p] else None
        if c is not None and v.champs and c != HIDDEN:
            card = B.card_of(v, c)
            key, compose = self._card_face(c)
            return (key + "/zoom", compose, f"{card.name}\n{self.cname(c // 6)}'s card: {faces.stat_line(card)}",
                    card.text + " " + faces.stat_line(card) + (" Minimum" if card.min else ""))
        ch_ = number(target, "champ")
        if ch_ is not None and v.champs:
            cid = v.champs[ch_]
            lv = v.levelled[ch_]
            d = champions()[cid]
            return (faces.champion_key(cid, lv) + "/zoom", partial(faces.compose_champion, cid, lv),
                    f"{d.name}\n{self._champ_state(v, ch_)}", "Levels up Bloodied " + d.level_text)
        return None

    def zoom(self, target: str | None):
        got = self._face_at(target)
        return None if got is None else got[:3]

    def _text_at(self, target: str | None) -> str:
        got = self._face_at(target)
        return got[3] if got else ""

    def card_id(self, sprite_id: str) -> int | None:
        """Cards in the hand ("card:12") and the card in play ("inplay:12")."""
        head, _, rest = sprite_id.partition(":")
        if head not in ("card", "inplay"):
            return None
        try:
            return int(rest)
        except ValueError:
            return None

    def origin_of(self, event, gone):
        """A card the other seat plays or reacts with comes from its hidden hand, up top."""
        if event.kind in ("play", "react") and event.data.get("seat") != self.me:
            z = self.layout.zones["opp_hand"]
            return z.center
        return None

    def floats_of(self, event):
        d = event.data
        if not isinstance(d.get("unit"), int):
            return []
        if event.kind == "damage" and d.get("amount"):
            return [(f"champ:{d['unit']}", f"-{d['amount']}", RED)]
        if event.kind == "heal" and d.get("amount"):
            return [(f"champ:{d['unit']}", f"+{d['amount']}", (120, 220, 130))]
        if event.kind == "trap":          # the token turned face up shows what it was
            from_name = {"spikes": "Spike Pit!", "snare": "Snare!", "drop": "Tripwire!"}.get(d.get("trap"), "Trap!")
            return [(f"champ:{d['unit']}", from_name, (250, 200, 90))]
        if event.kind == "level_up":
            return [(f"champ:{d['unit']}", "Level up!", GOLD)]
        if event.kind == "shield" and d.get("amount"):
            return [(f"champ:{d['unit']}", f"shield {d['amount']}", (150, 190, 250))]
        return []


rules_text = rules_page("tabletop.games.brawl")

PRESENTATION = Presentation(
    game_id="brawl",
    make_presenter=BrawlPresenter,
    cover=cover,
    rules_markdown=rules_text,
    options=[OptionField("picks", "Champion choice",
                         [("Alternate picks (1-2-2-1)", "alternate"), ("Free choice, in secret", "free")],
                         "alternate")],
)

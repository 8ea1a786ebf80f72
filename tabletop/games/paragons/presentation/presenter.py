"""The Paragons battle table: each seat's 4x2 board (yours at the bottom), Life on a d20, the Mana
Total beside each seat and the Mana Threshold on a d10 in the middle, the Mercenary Pool and the
Neutral Mercenary Deck, hands, Hidden Piles, decks, discard and Reserve piles, the reaction chain
built link by link with arrows from attackers to their targets, and a banner that says what this
seat is asked ("Defend?", "React or pass", "Choose again", the mulligan).

In the class choice, the draft, deck building and the swap between games the draft room
(draftroom.py) alone draws the table and takes the input.

The presenter is composed of parts (tabletop.table.part): the draft room, the boards of the
seats with the hand (boards.py), the middle with its chain, banner and controls (chainbar.py),
the action menu and the pile browser (menus.py); words.py holds what the table says.

Drag a mercenary onto a space (an occupied one shows where its occupant would be pushed; when
several pushes are legal a small menu asks after the drop), a spell onto its target (or anywhere
on the board when it has none), an attacker onto a mercenary or a Life die; click the Pool to
Recruit; right-click a mercenary for its abilities, Caster shot and Garrison. Every gesture also
works as click-then-click, and Space/Enter ends the turn or passes. What glows and what a menu
lists come from the legal actions; a drop or a click only proposes a candidate, and the engine's
`why_illegal` says why a refused one is refused.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.core.event import Event
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine.cards import card
from tabletop.games.paragons.engine.state import BUILD, MULLIGAN, OVER, SPACES, SWAP
from tabletop.games.paragons.engine.targets import LINK_BASE, SPACE_BASE, is_merc_id, space_target
from tabletop.games.paragons.engine.views import UNKNOWN
from tabletop.games.paragons.presentation import faces
from tabletop.games.paragons.presentation import words as say
from tabletop.games.paragons.presentation.boards import Boards
from tabletop.games.paragons.presentation.chainbar import Chain
from tabletop.games.paragons.presentation.cover import cover, cover_version
from tabletop.games.paragons.presentation.draftroom import ROOM_PHASES, DraftRoom
from tabletop.games.paragons.presentation.menus import Browser, TableMenu
from tabletop.games.paragons.presentation.narrate import NARRATE
from tabletop.games.paragons.presentation.sounds import SOUNDS
from tabletop.games.paragons.presentation.style import RED, card_sid, cid
from tabletop.table.cover import rules_page
from tabletop.table.fullcontrol import FullControl
from tabletop.table.ids import SpriteId, number, sprite_id
from tabletop.table.layout import Layout
from tabletop.table.presenter import ADVICE, HINT, LOCAL, OptionField, Presentation, Presenter

__all__ = ["PRESENTATION", "ParagonsPresenter", "rules_text"]

rules_text = rules_page("tabletop.games.paragons")

# what a card can do, by the argument that names it
_SOURCE = {k.kind: 0 for k in (A.PLAY, A.CAST, A.HIDE, A.REVEAL, A.ATTACK, A.ABILITY, A.CASTER,
                               A.GARRISON, A.RECRUIT)} | {A.DEFEND.kind: 1}
# a mercenary put on a space (args: card, space, bump, targets); what a mercenary on the board
# aims (an ability, a Garrison counter); its moves in a fight
_ONTO_A_SPACE = kinds(A.PLAY, A.REVEAL)
_MERC_USES = kinds(A.ABILITY, A.GARRISON)
_FIGHTS = kinds(A.ATTACK, A.CASTER, A.DEFEND)


def source(a: Action) -> int | None:
    i = _SOURCE.get(a.kind)
    return None if i is None else a.args[i]


class ParagonsPresenter(Presenter):
    auto_pass_kinds = kinds(A.DECLINE)
    narrator = NARRATE
    sounds = SOUNDS
    important_kinds = frozenset({"game", "game_over", "over", "out", "class"})
    sticky_zoom = True
    button_h = 44

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        self.table_layout = Layout.load("paragons", self.players)
        # the draft room draws its own panels: no zone of the battle table may show through
        self.room_layout = Layout(size=self.table_layout.size)
        self.layout = self.table_layout
        # click-then-click: the card chosen first (shared: the pool, the controls, the browser and
        # the prompt show or drop it)
        self.selected: int | None = None
        # the mulligan: hand cards to send back (shared: the hand lifts them, the banner counts them)
        self.marked: set[int] = set()
        self.room = DraftRoom(self)
        self.boards = Boards(self)
        self.chain = Chain(self)
        self.menu = TableMenu(self)
        self.browser = Browser(self)
        self.full = FullControl(self, A.DECLINE)
        self.parts = [self.room, self.boards, self.chain, self.menu, self.browser, self.full]

    # --- names and faces ---------------------------------------------------------------------------
    def _seat_name(self, p: int) -> str:
        return self.seat_names[p] if p < len(self.seat_names) else f"Seat {p + 1}"

    def name(self, c: int) -> str:
        v = self.view
        d = v.designs.get(c, UNKNOWN) if v is not None else UNKNOWN
        return card(d).name if d else "a hidden card"

    def target_name(self, t: int | None) -> str:
        v = self.view
        if t is None:
            return ""
        if t < 0:
            return self._seat_name(-1 - t)
        if t >= LINK_BASE:
            return "a link of the chain"
        if t >= SPACE_BASE:
            q, i = divmod(t - SPACE_BASE, SPACES)
            return f"{self._seat_name(q)}'s {'Front' if i < 4 else 'Back'} Line, column {i % 4 + 1}"
        return self.name(t) if v is not None else ""

    def words(self, label: str) -> str:
        """An engine label with the seats' names for "Player N" ("your" and "you" for this seat)."""
        def seat(m):
            q = int(m.group(1)) - 1
            if q == self.me:
                return "your" if m.group(2) else "you"
            return self._seat_name(q) + (m.group(2) or "")
        return re.sub(r"Player (\d)('s)?", seat, label)

    def menu_words(self, label: str) -> str:
        return self.words(label)

    def _face(self, c: int, table: str | None = "full", now: tuple[int, int] | None = None):
        """(key, compose): the full face (`table` None: the zoom), or the face of a card on the
        table at a compact.detail_for detail ("thumb": its picture only), showing `now` (a
        mercenary's attack and health left in play)."""
        d = self.view.designs[c]
        if table is None:
            return faces.face_key(d), partial(faces.compose_face, d)
        table = {"thumb": "picture", "compact": "full"}.get(table, table)
        return faces.table_key(d, table, now), partial(faces.compose_table, d, table, now)

    def faces_to_warm(self) -> list:
        known = [c for c, d in self.view.designs.items() if d != UNKNOWN]
        # each detail a card's size on screen may ask for (compact.detail_for); a face with
        # numbers changed in play is composed when they change
        return self.warm_details(known, lambda c: self._face(c, None), self._face)

    def _card(self, sid: str, c: int | None, x, y, size, z, seen, face_up=True, draggable=False, angle=0.0,
              table: str | None = None, now: tuple[int, int] | None = None):
        """A card on the table; its face says as much as its size lets it (`table` a detail to
        keep, else by size) with `now` its numbers in play."""
        known = c is not None and self.view.designs.get(c, UNKNOWN) != UNKNOWN
        face = (self._face(c, self.table_detail(table, size[0], self.name(c)), now) if face_up and known
                else (None, None))
        sprite = self.put_card(sid, face, (faces.back_key(), faces.compose_back), x, y, size, z,
                               seen, draggable=draggable, angle=angle)
        sprite.alpha = 1.0
        return sprite

    # --- the log ---------------------------------------------------------------------------------
    def tell(self, event: Event) -> str:
        """The event, with the names of the cards it aims at that the table knows."""
        d = event.data
        t = d.get("target")
        # only a name the view knows (an id the view no longer knows stays unnamed, never misnamed)
        if isinstance(t, int) and is_merc_id(t) and "target_name" not in d and self.view is not None \
                and self.view.designs.get(t, UNKNOWN):
            d = dict(d)
            d["target_name"] = self.name(t)
            if t in self.view.owner:
                d["target_owner"] = self.view.owner[t]
            event = replace(event, data=d)
        return self.narrator(event, self.voice())

    # --- what the table says (words.py) ---------------------------------------------------------------
    def prompt(self) -> str:
        return say.prompt(self)

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return say.seat_rows(view, seat)

    def summary(self, view, events) -> tuple[str, str] | None:
        return say.summary(view, events, self.voice(), self._seat_name)

    def glossary(self, target: str | None) -> list[str]:
        return say.glossary(say.design_at(self.view, sprite_id(target)))

    # --- sync ----------------------------------------------------------------------------------------
    def in_room(self) -> bool:
        return self.view is not None and self.view.phase in ROOM_PHASES

    def draw(self, seen, events) -> None:
        if self.in_room():
            self.room.draw(seen)
        else:
            self._sync_table(seen)

    def _sync_table(self, seen) -> None:
        v = self.view
        zones = self.layout.zones
        opps = [(self.me + k) % v.players for k in range(1, v.players)]
        ox, oy, ow, oh = zones["opp_area"].rect
        w = ow / len(opps)
        for k, p in enumerate(opps):
            self.boards.draw_seat(p, (ox + k * w, oy, w - (12 if len(opps) > 1 else 0), oh), seen, mine=False)
        self.boards.draw_seat(self.me, zones["my_area"].rect, seen, mine=True)
        self.boards.draw_hand(seen)
        self.chain.draw_middle(seen)
        self.chain.draw_controls(seen)
        self.menu.draw(seen)
        self.chain.draw_arrows(seen)
        self.browser.draw(seen)

    def forget_stale(self) -> None:
        super().forget_stale()        # the menu drops entries no longer legal, the browser the room's
        v = self.view
        if not self.my_turn:
            self.selected = None
            self.menu.clear()
        if v.phase != MULLIGAN or not self.my_turn:
            self.marked = set()
        self.marked &= set(v.hands[self.me])
        if self.selected is not None and not self._acts_of(self.selected):
            self.selected = None

    def _to_act(self) -> int | None:
        v = self.view
        if v is None or v.phase == OVER:
            return None
        if v.phase != "play":
            return v.deciding
        if v.pending is not None:
            return v.pending.seat
        return v.prio if v.prio >= 0 else v.turn

    def origin_of(self, event, gone):
        """A card another seat plays from its hidden hand (or Hidden Pile) comes from that pile."""
        seat = event.data.get("seat")
        where = event.data.get("from")
        if seat is None or where not in ("hand", "hidden"):
            return None
        pile = SpriteId("pile", where, seat)
        if pile in gone:
            return gone[pile]
        s = self.scene.get(pile)
        return (s.x, s.y) if s is not None else None

    def floats_of(self, event):
        """Life lost or gained rises from the seat's d20."""
        d = event.data
        if event.kind == "life" and d.get("amount"):
            n = d["amount"]
            return [(SpriteId("life", d["seat"]), f"{n:+d}", RED if n < 0 else (120, 220, 130))]
        return []

    # --- what actions name on the table -------------------------------------------------------------
    def _acts_of(self, c: int) -> list[Action]:
        return [a for a in self.legal if source(a) == c]

    def target_sprite(self, t: int) -> SpriteId | None:
        """The sprite that stands for an encoded target (targets.py)."""
        v = self.view
        if t < 0:
            return SpriteId("life", -1 - t)
        if t >= LINK_BASE:
            i = t - LINK_BASE
            links = list(v.stack)
            if i < len(links):
                return self._link_sprite(links[i], i)
            return None
        if t >= SPACE_BASE:
            return SpriteId("space", *divmod(t - SPACE_BASE, SPACES))
        return card_sid(t)

    def _link_sprite(self, link, i: int) -> SpriteId:
        """A link of the chain: the card it holds, if the view knows it, else `lnk:{i}`."""
        return card_sid(link.card) if link.holds_card and link.card in self.view.designs else SpriteId("lnk", i)

    def _space_spots(self, q: int, i: int) -> set[str]:
        out = {SpriteId("space", q, i)}
        m = self.view.spaces[q][i]
        if m >= 0:
            out.add(card_sid(m))
        e = self.view.enchants[q][i]
        if e >= 0:
            out.add(card_sid(e))
        return out

    def action_spots(self, a: Action) -> set[str]:
        """Where a drop (or a click after choosing the card) makes this action."""
        v = self.view
        k = a.kind
        if k in _ONTO_A_SPACE and a.args[1] >= 0:
            return self._space_spots(self.me, a.args[1])
        if k in kinds(A.PLAY, A.REVEAL, A.CAST, A.ABILITY, A.RECHOOSE):
            ts = a.args[-1]
            if k == A.RECHOOSE.kind and a.args[0] >= 0:
                return self._space_spots(v.pending.seat, a.args[0])
            if not ts:
                return set()
            t = ts[0]
            if SPACE_BASE <= t < LINK_BASE:
                return self._space_spots(*divmod(t - SPACE_BASE, SPACES))
            s = self.target_sprite(t)
            return {s} if s else set()
        if k == A.ATTACK.kind:
            return {self.target_sprite(A.ATTACK.target(a))}
        if k == A.CASTER.kind:
            return {self.target_sprite(A.CASTER.target(a))}
        if k == A.DEFEND.kind:
            return {card_sid(A.DEFEND.attacker(a))}
        if k == A.HIDE.kind:
            return {SpriteId("pile", "hidden", self.me)} | {card_sid(h) for h in v.hidden[self.me]}
        if k == A.RECRUIT.kind:
            return {"hand"}
        return set()

    def _untargeted(self, a: Action) -> bool:
        """A spell (or a revealed Hidden spell) that aims at nothing: dropped anywhere on the table."""
        return (A.CAST.matches(a) or (A.REVEAL.matches(a) and a.args[1] < 0)) and not a.args[-1]

    # --- highlights ------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        if self.in_room():
            self.scene.set_glow(self.room.glow())
            self._mark_hint()
            return
        for sprite in self.scene.sprites():
            if sprite.highlight in ("select", "hint", "glow", "warn") and cid(sprite.id) is not None:
                sprite.highlight = None
        v = self.view
        glow: set[str] = set()
        if v is not None and self.my_turn:
            if self.selected is not None:
                s = self.scene.get(card_sid(self.selected))
                if s is not None:
                    s.highlight = "select"
                glow = self.drag_targets(card_sid(self.selected))
            elif self.menu.actions:
                glow = set(self.menu.targets())
            elif v.pending is not None:
                glow = set(self._answer_spots())
            elif v.phase == MULLIGAN:
                glow = {card_sid(c) for c in v.hands[self.me] if c not in self.marked}
                for c in self.marked:
                    s = self.scene.get(card_sid(c))
                    if s is not None:
                        s.highlight = "warn"
            elif self.legal_of(A.DEFEND.kind):
                glow = {card_sid(A.DEFEND.defender(a)) for a in self.legal_of(A.DEFEND.kind)}
            else:
                glow = {card_sid(source(a)) for a in self.legal if source(a) is not None}
        if v is not None:
            self._relink()              # the chain's last link keeps its ring
        self.scene.set_glow({g for g in glow if g})
        self._mark_hint()

    def _relink(self) -> None:
        v = self.view
        links = list(v.stack) + ([v.pending] if v.pending is not None else [])
        if links:
            s = self.scene.get(self._link_sprite(links[-1], len(links) - 1))
            if s is not None and s.highlight is None:
                s.highlight = "select"

    def _hint_cards(self, a: Action) -> list[int]:
        out = []
        c = source(a)
        if c is not None:
            out.append(c)
        for sid in self.action_spots(a):
            t = cid(sid)
            if t is not None:
                out.append(t)
        return out

    def _answer_spots(self) -> dict[str, Action]:
        """Places that answer a re-choice when clicked (named by one answer only)."""
        named: dict[str, list[Action]] = {}
        for a in self.legal_of(A.RECHOOSE.kind):
            for sid in self.action_spots(a):
                named.setdefault(sid, []).append(a)
        return {sid: acts[0] for sid, acts in named.items() if len(acts) == 1}

    # --- dragging -----------------------------------------------------------------------------------
    def _board_drags(self, m: int) -> list[Action]:
        return [a for a in self._acts_of(m) if a.kind in _FIGHTS]

    def drag_targets(self, piece: str) -> set[str]:
        piece = sprite_id(piece)
        if self.in_room():
            return self.room.drag_targets(piece)
        c = cid(piece)
        v = self.view
        if c is None or v is None or not self.my_turn or v.phase != "play" or v.pending is not None:
            return set()
        out: set[str] = set()
        for a in self._acts_of(c):
            if a.kind in _MERC_USES:
                continue
            if self._untargeted(a):
                out |= {"my_area", "middle", "opp_area"}
            out |= self.action_spots(a)
            if a.kind in _ONTO_A_SPACE and a.args[2] >= 0:
                dest = self.scene.get(SpriteId("space", self.me, a.args[2]))
                if dest is not None and hasattr(dest, "bump_from"):
                    dest.bump_from |= self._space_spots(self.me, a.args[1])
        out.discard(piece)
        return out

    def drop(self, piece: str, target: str | None):
        piece, target = sprite_id(piece), sprite_id(target)
        if self.in_room():
            return self._noted(self.room.drop(piece, target))
        c = cid(piece)
        v = self.view
        if c is None or v is None or target is None or target == piece:
            return None
        if not self.my_turn:
            return self._candidate(c, target)
        acts = self._drop_acts(c, target)
        if len(acts) == 1:
            self.selected = None
            return acts[0]
        if acts:
            return self._open_menu(acts, self._choice_title(c, acts), target)
        return self._candidate(c, target)

    def _open_menu(self, acts: list[Action], title: str, near: SpriteId) -> str:
        """The menu of `acts` beside the piece `near`; the card chosen first is let go."""
        self.selected = None
        return self.menu.open(acts, title, self.menu.near(near))

    def _drop_acts(self, c: int, target: str) -> list[Action]:
        out = []
        for a in self._acts_of(c):
            if a.kind in _MERC_USES and target != card_sid(c):
                continue
            if self._untargeted(a):
                # anywhere on the table but back in the hand
                if target != "hand" and cid(target) not in self.view.hands[self.me]:
                    out.append(a)
                continue
            if target in self.action_spots(a):
                out.append(a)
        return out

    def _choice_title(self, c: int, acts: list[Action]) -> str:
        nm = self.name(c)
        if all(a.kind in _ONTO_A_SPACE for a in acts):
            if len({a.args[2] for a in acts}) > 1:
                return f"{nm}: push the mercenary there to…"
            return f"{nm}: choose its target"
        return f"{nm}: choose"

    def _candidate(self, c: int, target: str):
        """The action a refused drop meant, for the engine to say why it is refused."""
        v = self.view
        t = self._encode(target)
        if c in v.hands[self.me] or c in v.hidden[self.me]:
            d = v.designs.get(c, UNKNOWN)
            if not d:
                return None
            k = card(d)
            space = -1
            if t is not None and SPACE_BASE <= t < LINK_BASE:
                q, space = divmod(t - SPACE_BASE, SPACES)
                if q != self.me:
                    space = -1
            if c in v.hidden[self.me]:
                return A.REVEAL(c, space, -1, () if t is None or k.is_merc else (t,))
            if target == SpriteId("pile", "hidden", self.me):
                return A.HIDE(c)
            if k.hidden:
                return A.HIDE(c) if v.phase == "play" else A.CAST(c, ())
            if k.is_merc:
                return A.PLAY(c, space, -1, ())
            return A.CAST(c, () if t is None else (t,))
        if c in v.pool:
            return A.RECRUIT(c)
        if c in v.at and v.board_of(c) == self.me:
            if t is None or t >= SPACE_BASE:
                return None
            attacks = [a for a in self.legal if A.DEFEND.matches(a) and A.DEFEND.attacker(a) == t]
            if attacks or any(l.kind == "attack" and l.card == t for l in v.stack):
                return A.DEFEND(t, c)
            return A.ATTACK(c, t)
        return None

    def _encode(self, target: str | None) -> int | None:
        """The engine's target for a sprite id (a card, a Life die, a space, a link)."""
        v = self.view
        if not target:
            return None
        target = sprite_id(target)
        c = cid(target)
        if c is not None:
            if c in v.at:
                return c
            for i, link in enumerate(v.stack):
                if link.holds_card and link.card == c:
                    return LINK_BASE + i
            return c if c in v.pool else None
        seat = number(target, "life")
        if seat is not None:
            return -1 - seat
        if target.of("space"):
            return space_target(*target.fields)
        i = number(target, "lnk")
        return None if i is None else LINK_BASE + i

    def _noted(self, result):
        """The room may answer with a sentence (a refusal): it goes to the status line."""
        if isinstance(result, str) and result not in (LOCAL, HINT, ADVICE):
            self.note = result
            self.scene.status = result
            return LOCAL
        return result

    # --- clicks, buttons, keys -----------------------------------------------------------------------
    def mark(self, target: str | None):
        if self.in_room():
            return self._noted(self.room.mark(sprite_id(target)))
        return self.click(target)

    def click(self, target: str | None):
        target = sprite_id(target)
        if self.in_room():
            return self._noted(self.room.click(target))
        v = self.view
        if v is None:
            return None
        if self.browser.pile:
            return None                       # the pile covers the table until it is closed
        opened = self.browser.click(target)   # a pile (or a discard pile's top card) opens
        if opened is not None:
            return opened
        if not self.my_turn or v.phase == OVER:
            return None
        self.note = ""
        c = cid(target)
        if v.phase == MULLIGAN:
            if c is not None and c in v.hands[self.me]:
                self.marked ^= {c}
                return LOCAL
            return None
        if v.pending is not None:
            return self._answer_spots().get(target)
        if self.menu.actions:
            pick = self.menu.targets().get(target)
            if pick is not None:
                self.menu.clear()
                return pick
            return None
        defends = [a for a in self.legal_of(A.DEFEND.kind) if A.DEFEND.defender(a) == c]
        if self.selected is None and len(defends) == 1:
            return defends[0]
        if self.selected is not None:
            if c == self.selected:
                self.selected = None
                return LOCAL
            act = self.drop(card_sid(self.selected), target)
            if act is not None and act != LOCAL:
                self.selected = None
                return act
            if act == LOCAL:
                return LOCAL
            if c is not None and self._acts_of(c):
                self.selected = c
                return LOCAL
            return None
        if c is not None and c in v.pool:
            recruits = [a for a in self.legal_of(A.RECRUIT.kind) if A.RECRUIT.card(a) == c]
            return recruits[0] if recruits else A.RECRUIT(c)
        if c is not None and self._acts_of(c):
            acts = self._acts_of(c)
            if all(a.kind in _MERC_USES for a in acts):
                return self.context(target)
            self.selected = c
            return LOCAL
        return self._idle_click(c)

    def _idle_click(self, c: int | None):
        """A card of yours that can do nothing now: the move it would make, for the engine to say
        why not (too dear, exhausted, arrived this turn...)."""
        v = self.view
        if c is None or v.phase != "play":
            return None
        if c in v.hands[self.me] or c in v.hidden[self.me]:
            return self._candidate(c, "hand")
        if c in v.at and v.board_of(c) == self.me:
            foe = next((q for q in v.live() if q != self.me), None)
            return A.ATTACK(c, -1 - foe) if foe is not None else None
        return None

    def context(self, target: str | None):
        """Right-click a card of yours: a menu of what it can do now."""
        if self.in_room():
            return None
        target = sprite_id(target)
        c = cid(target)
        v = self.view
        if c is None or v is None or not self.my_turn:
            return None
        acts = self._acts_of(c)
        if not acts:
            return None
        return self._open_menu(acts, self.name(c), target)

    def button(self, button_id: str):
        bid = sprite_id(button_id)
        if self.in_room():
            return self._noted(self.room.button(bid))
        v = self.view
        if v is None:
            return None
        for part in (self.browser, self.menu):
            got = part.button(bid)
            if got is not None:
                return got
        if bid == "btn:ans:more":
            self.chain.answer_page += 1
            return LOCAL
        if bid.of("btn") and bid.at(0) == "ans":
            i, answers = bid.at(1), self.legal_of(A.RECHOOSE.kind)
            return answers[i] if isinstance(i, int) and i < len(answers) else None
        if bid == "btn:cancel":
            self._let_go()
            return LOCAL
        if bid == "btn:control":
            return self.full.toggle()
        if bid == "btn:end":
            self._let_go()
            return A.END_TURN()
        if bid in ("btn:decline", "btn:nodef"):
            self._let_go()
            return A.DECLINE()
        if bid == "btn:keep":
            return A.MULLIGAN(())
        if bid == "btn:mull":
            return self._mulligan_action()
        return None

    def _let_go(self) -> None:
        """Drop the card chosen first and close the menu (a button that ends the gesture)."""
        self.selected = None
        self.menu.clear()

    def _mulligan_action(self) -> Action:
        want = set(self.marked)
        for a in self.legal_of(A.MULLIGAN.kind):
            if set(A.MULLIGAN.cards(a)) == want:
                return a
        return A.MULLIGAN(tuple(sorted(want)))

    free_keys = frozenset({"f"})        # full control, whoever's turn it is

    def key(self, name: str):
        if self.in_room():
            return self._noted(self.room.key(name))
        return super().key(name)

    def shortcut(self, name: str):
        return self.full.toggle() if name == "f" else None

    def advice_ends(self, action: Action):
        """Auto-build: the hard bot's deck steps are made for the player; Done is theirs."""
        if self.view is None or self.view.phase not in (BUILD, SWAP):
            return ""
        if A.DONE.matches(action):
            return "Your deck is built: look it over, swap what you like, then press Done."
        return None

    def answer_waits(self) -> bool:
        return self.view.pending is not None          # a link waits to be chosen again

    def clear_selection(self) -> bool:
        had = super().clear_selection()          # the menu, the pile looked through
        had |= self.selected is not None
        self.selected = None
        return had

    def confirm(self):
        v = self.view
        if v.phase == MULLIGAN:
            return self._mulligan_action() if self.marked else A.MULLIGAN(())
        if v.pending is not None:
            return None
        if self.legal_of(A.END_TURN.kind):
            return A.END_TURN()
        if self.legal_of(A.DECLINE.kind):
            return A.DECLINE()
        return None

    # --- the zoom ---------------------------------------------------------------------------------------
    def zoom(self, target: str | None):
        target = sprite_id(target)
        if self.in_room():
            z = self.room.zoom(target)
            if z is not None:
                return z
        design = say.design_at(self.view, target)
        if not design:
            return None
        caption = say.caption(self.view, cid(target), design)
        return faces.face_key(design) + "/zoom", partial(faces.compose_face, design), caption


PRESENTATION = Presentation(
    game_id="paragons",
    make_presenter=ParagonsPresenter,
    cover=cover,
    cover_version=cover_version,
    rules_markdown=rules_text,
    options=[OptionField("variant", "Decks", [("Draft and build your deck", "draft"),
                                              ("Pre-constructed decks", "preconstructed")], "draft"),
             OptionField("best_of", "Match", [("Best of 3 games", 3), ("A single game", 1)], 3)],
)

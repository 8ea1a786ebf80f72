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

The presenter is composed of parts, one a screen or a region: the champion choice (`PickScreen`,
setup_screens.py), the arena (`Arena`, arena.py), the hands (`Hand`, hand.py), and the side
panels, the challenge track and the controls (panels.py); words.py says what the table says.
It sends each gesture to the part it is aimed at, and lights what the decision may take.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.core.event import Event
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board as B
from tabletop.games.brawl.engine.cards import champions
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import HIDDEN, OVER
from tabletop.games.brawl.presentation import faces, words
from tabletop.games.brawl.presentation.arena import Arena, champ_sid
from tabletop.games.brawl.presentation.cover import cover, cover_version
from tabletop.games.brawl.presentation.hand import Hand, card_sid
from tabletop.games.brawl.presentation.legal import HEX_KINDS, reach_of_card
from tabletop.games.brawl.presentation.narrate import NARRATE
from tabletop.games.brawl.presentation.panels import ChallengeTrack, Controls, Sides
from tabletop.games.brawl.presentation.places import named_hexes
from tabletop.games.brawl.presentation.setup_screens import PickScreen
from tabletop.games.brawl.presentation.sounds import SOUNDS
from tabletop.table.cover import rules_page
from tabletop.table.ids import SpriteId, number, sprite_id
from tabletop.table.layout import Layout
from tabletop.table.playback import Playback
from tabletop.table.presenter import GOLD, LOCAL, RED, OptionField, Presentation, Presenter

__all__ = ["PRESENTATION", "BrawlPresenter"]


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


class BrawlPresenter(Presenter):
    narrator = NARRATE
    sounds = SOUNDS
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
        self.pick = PickScreen(self)
        self.arena = Arena(self)
        self.hand = Hand(self)
        self.sides = Sides(self)
        self.track = ChallengeTrack(self)
        self.controls = Controls(self)
        self.parts = [self.pick, self.arena, self.hand, self.sides, self.track, self.controls]
        # click-then-click: a hand card ("card:N") or a standard action ("std:<core>:<option>"),
        # shared because the hand and the controls choose it and a champion on the arena answers it
        self.selected: SpriteId | None = None
        self._names: list[str] = []              # the champions' names, from the teams' event

    # --- sync ------------------------------------------------------------------------------------------
    def in_room(self) -> bool:
        return self.pick.shown()

    def draw(self, seen, events) -> None:
        if self.in_room():
            self.arena.put_away()
            self.pick.draw(seen)
        else:
            self.arena.draw(seen)
            self.hand.draw(seen)
            self.sides.draw(seen)
            self.track.draw(seen)
            self.controls.draw(seen)

    def prepare(self, window: tuple[int, int]) -> None:
        # and the arena's board while the champions are chosen: the move that left the choice
        # drew it (140 ms at a ratio of 2)
        super().prepare(window)
        if self.view is not None and self.in_room():
            self.arena.draw_ahead(*self.scene.fitted(self.table_layout, window))

    def forget_stale(self) -> None:
        super().forget_stale()
        if self.selected and not (self.my_turn and self._selectable(self.selected)):
            self.selected = None

    def _selectable(self, sel: SpriteId) -> bool:
        c = number(sel, "card")
        if c is not None:
            return any(A.PLAY.matches(a) and a.args[0] == c for a in self.legal)
        if sel.of("std"):
            return any(A.STANDARD.matches(a) and a.args[:2] == sel.fields for a in self.legal)
        return False

    def tell(self, event: Event) -> str:
        """The event, with the champion names the table knows added (a card played names its
        champion; an aim names the aiming champion). The names come from the teams' event as the
        log is told (a resumed match is told before the table has a view), else from the view."""
        d = event.data
        if event.kind == "teams" and len(d.get("names") or ()) == 6:
            self._names = list(d["names"])
        names = self._names or ([words.cname_of(self.view, c) for c in range(6)]
                                if self.view is not None and self.view.champs else [])
        c = d.get("unit")
        if isinstance(c, int) and 0 <= c < len(names) and "unit_name" not in d:
            event = replace(event, data={**d, "unit_name": names[c]})
        return self.narrator(event, self.voice())

    def faces_to_warm(self) -> list:
        # every champion's cards are public (the choice screen shows them all): the chosen first
        order = list(self.view.champs) + [c for c in champions() if c not in self.view.champs]
        # the table faces at each detail a size may ask for (the full ones are the zoom's,
        # composed when asked for)
        out: dict[str, tuple] = {}
        for key, compose in ([(faces.champion_table_key(ch, False), partial(faces.compose_table_champion, ch, False))
                              for ch in order]
                             + [(faces.table_card_key(champions()[ch].cards[k], shows),
                                 partial(faces.compose_table_card, ch, k, shows))
                                for shows in ("name", "numbers", "picture") for ch in order for k in range(6)]):
            out.setdefault(key, (key, compose, True))
        return list(out.values())

    # --- what every part says: names, the banner, a refusal in the table's own words -----------------
    def cname(self, c: int) -> str:
        return words.cname_of(self.view, c)

    def short(self, c: int) -> str:
        return words.short_of(self.view, c)

    def banner(self) -> tuple[str, str]:
        """(title, one line under it): what the player is asked, or whom the table waits for."""
        return words.banner(self.view, self.me, self.seat_names, self.my_turn, bool(self.arena.route))

    def menu_words(self, label: str) -> str:
        """The engine's "hex 1,-2" as the hex is seen on the board ("the trap hex above the Heart")."""
        return named_hexes(label, self.voice().whose, self.me)

    def prompt(self) -> str:
        v = self.view
        if v is None:
            return ""
        return self.note or words.status(v, self.my_turn, *self.banner())

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return words.seat_rows(view, seat)

    def summary(self, view, events):
        if not any(e.kind == "game_over" for e in events):
            return None
        return words.summary(view, self.me, self.seat_names)

    def say(self, text: str) -> str:
        """A refusal the table words itself (a card dropped on another champion)."""
        self.note = text
        self.scene.status = text
        return LOCAL

    def mark(self, sid: str, how: str) -> None:
        s = self.scene.get(sid)
        if s is not None:
            s.highlight = how

    # --- highlights ----------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.highlight in ("select", "hint", "warn", "glow"):
                sprite.highlight = None
        v = self.view
        self.arena.unlight()
        if v is not None and v.play is not None and v.phase != OVER:
            # the champion acting rings white, whom it aims at red, on both players' turns
            self.mark(champ_sid(v.play.champ), "select")
            for t in v.play.targets:
                self.mark(champ_sid(t), "warn")
        glow = self._glow(v) if v is not None and self.my_turn and v.phase != OVER else set()
        self.scene.set_glow(glow)
        self.arena.keyboard_stops()
        self._mark_hint()

    def _glow(self, v) -> set[str]:
        """What glows for the decision asked of you (and the hexes it may take, lit)."""
        if self.in_room():
            return self.pick.glow()
        if v.phase == "redraw":
            return self.hand.light_marked()
        if v.phase == "traps":
            self.arena.show_hexes([a.args[0] for a in self.legal_of(A.TRAP.kind)])
            return set()
        if v.phase == "deploy":
            return self.arena.light_deploy()
        if v.prio >= 0:
            return {card_sid(a.args[0]) for a in self.legal_of(A.REACT.kind)}
        if v.pending:
            return self._pending_glow(v.pending[-1])
        if self.selected:
            self.mark(self.selected, "select")
            return self._selected_targets()
        return {card_sid(a.args[0]) for a in self.legal_of(A.PLAY.kind)}

    def _mark_hint(self) -> None:
        """The hinted move: its card or champion ringed, its hex drawn as a path."""
        a = self.hint
        if a is None or self.view is None:
            return
        k = a.kind
        ids = []
        if k in kinds(A.PLAY, A.REACT, A.DISCARD):
            ids.append(card_sid(a.args[0]))
        elif k in kinds(A.TARGET, A.DEPLOY):
            ids.append(champ_sid(a.args[0]))
        elif k == A.STANDARD.kind:
            ids += [champ_sid(a.args[2]), SpriteId("btn", "std", a.args[0], a.args[1])]
        elif k == A.PICK.kind:
            ids.append(SpriteId("pick", a.args[0]))
        elif k in kinds(A.REDRAW, A.PLAN):
            ids += [card_sid(c) for c in a.args[0]]
        for sid in ids:
            self.mark(sid, "hint")
        h = a.args[1] if k == A.DEPLOY.kind else (a.args[0] if k in kinds(A.HEX, A.TRAP) else None)
        if h is not None:
            self.arena.show_path([h])

    def _pending_glow(self, pd) -> set[str]:
        k = pd.kind
        if k in HEX_KINDS:
            self.arena.light_move(pd)
            return set()
        if k == "target":
            return {champ_sid(a.args[0]) for a in self.legal_of(A.TARGET.kind)}
        if k == "discard":
            return {card_sid(a.args[0]) for a in self.legal_of(A.DISCARD.kind)}
        if k == "plan":
            return self.hand.light_marked()
        return set()

    def _selected_targets(self) -> set[str]:
        sel = self.selected
        c = number(sel, "card")
        if c is not None:
            return {champ_sid(c // 6)}
        if sel.of("std"):
            return {champ_sid(a.args[2]) for a in self.legal_of(A.STANDARD.kind) if a.args[:2] == sel.fields}
        return set()

    # --- dragging ------------------------------------------------------------------------------------------
    def drag_targets(self, piece) -> set[str]:
        piece = sprite_id(piece)
        v = self.view
        if v is None or not self.my_turn or self.in_room():
            return set()
        c = number(piece, "card")
        if c is not None:
            return self.hand.drag_targets(c)
        ch = number(piece, "champ")
        return set() if ch is None else self.arena.drag_targets(ch)

    def drop(self, piece, target):
        piece, target = sprite_id(piece), sprite_id(target)
        v = self.view
        if v is None or target is None or target == piece or self.in_room():
            return None
        c = number(piece, "card")
        if c is not None:
            return self.hand.drop(c, target)
        ch = number(piece, "champ")
        if ch is not None:
            h = self.arena.hex_under(piece, target)
            return None if h is None else self.arena.move_to(ch, h)
        return None

    def refused_drop(self, piece, target) -> str:
        piece, target = sprite_id(piece), sprite_id(target)
        c = number(piece, "card")
        if c is not None and self.view is not None and self.hand.holds(c):
            why = self._why(A.PLAY(c))
            if why:
                return why
            return f"Drop {B.card_of(self.view, c).name} on {self.cname(c // 6)} to play it."
        ch = number(piece, "champ")
        if ch is not None and self.view is not None and self.my_turn:
            h = self.arena.hex_under(piece, target) if target else None
            if h is not None:
                got = self.arena.move_to(ch, h)
                if isinstance(got, Action):
                    why = self._why(got)
                    if why:
                        return why
            return "That champion cannot go there: the hexes it can reach glow."
        return super().refused_drop(piece, target)

    def _why(self, a: Action) -> str | None:
        try:
            return GAME.why_illegal(self.view, a)
        except Exception:          # a view lacks what a sentence needs: say nothing rather than fail
            return None

    # --- clicks, buttons, keys ---------------------------------------------------------------------------
    def click(self, target):
        target = sprite_id(target)
        v = self.view
        if v is None or not self.my_turn or v.phase == OVER:
            return None
        self.note = ""
        if self.in_room():
            return self.pick.click(target)
        c = number(target, "card")
        ch = number(target, "champ")
        h = self.arena.engine_hex(target)
        if v.phase == "redraw":
            return self.hand.mark(c) if self.hand.holds(c) else None
        if v.phase == "traps":
            return A.TRAP(h) if h is not None else None
        if v.phase == "deploy":
            return self.arena.deploy_click(ch, h)
        if v.prio >= 0:
            return A.REACT(c) if self.hand.holds(c) else None
        if v.pending:
            return self._pending_click(v.pending[-1], c, ch, h)
        return self._main_click(target, c, ch)

    def _pending_click(self, pd, c, ch, h):
        if pd.kind in HEX_KINDS:
            return self.arena.hex_click(pd, ch, h)
        if pd.kind == "target":
            return A.TARGET(ch) if ch is not None else None
        if pd.kind == "discard":
            return A.DISCARD(c) if c is not None else None
        if pd.kind == "plan" and self.hand.holds(c):
            return self.hand.mark(c, most=pd.n)
        return None

    def _main_click(self, target, c, ch):
        sel = self.selected
        if sel is not None:
            if target == sel:
                self.selected = None
                return LOCAL
            sc = number(sel, "card")
            if sc is not None and ch is not None:
                return self.hand.drop(sc, target)
            if sel.of("std") and ch is not None:
                self.selected = None
                return A.STANDARD(*sel.fields, ch)
        if self.hand.holds(c):
            if any(A.PLAY.matches(a) and a.args[0] == c for a in self.legal):
                self.selected = card_sid(c)
                return LOCAL
            return A.PLAY(c)               # the engine says why it cannot be played
        return None

    def button(self, button_id):
        if self.view is None:
            return None
        self.note = ""
        return self.controls.press(sprite_id(button_id))

    def follow_up(self, legal):
        """A champion dragged to a far hex walks on by itself, one step a move, until it is
        there or something stops it (a trap, a reaction: the path is then dropped)."""
        return self.arena.follow_up(legal)

    def clear_selection(self) -> bool:
        had = bool(self.selected or self.note)
        self.selected, self.note = None, ""
        return super().clear_selection() or had

    def confirm(self):
        v = self.view
        if v.phase == "redraw":
            return A.REDRAW(self.hand.chosen())
        if v.phase != "play":
            return None
        if v.prio >= 0:
            return A.PASS()
        if v.pending:
            pd = v.pending[-1]
            if self.arena.route:
                return self.arena.walk_on()
            if pd.kind == "plan":
                return A.PLAN(self.hand.chosen())
            if self.legal_of(A.STOP.kind):
                return A.STOP()
            return None
        if self.legal_of(A.END.kind):
            return A.END()
        return None

    # --- the zoom ------------------------------------------------------------------------------------------
    def _face_at(self, target):
        """(key, compose, caption, text) of the card a sprite shows, or None."""
        target = sprite_id(target) if target else None
        v = self.view
        if v is None or not target:
            return None
        got = self.pick.face_at(target)
        if got is not None:
            return got
        c = number(target, "card", "inplay")
        if c is None and target.of("pile") and target.at(0) == "discard":
            p = target.at(1)
            c = v.discards[p][-1] if v.discards[p] else None
        if c is not None and v.champs and c != HIDDEN:
            card = B.card_of(v, c)
            key, compose = self.hand.face(c)
            caption = f"{card.name}\n{self.cname(c // 6)}'s card: {faces.stat_line(card)}"
            if self.hand.holds(c):
                caption += self._reach_words(c)
            return (key + "/zoom", compose, caption,
                    card.text + " " + faces.stat_line(card) + (" Minimum" if card.min else ""))
        ch = number(target, "champ")
        if ch is not None and v.champs:
            cid = v.champs[ch]
            lv = v.levelled[ch]
            d = champions()[cid]
            return (faces.champion_key(cid, lv) + "/zoom", partial(faces.compose_champion, cid, lv),
                    f"{d.name}\n{words.champ_state(v, ch)}", "Levels up Bloodied " + d.level_text)
        return None

    def _reach_words(self, c: int) -> str:
        """Before a card of the hand is played: whom it could target once its champion moves,
        or that it would find no one (preview before commitment)."""
        got = reach_of_card(self.view, self.me, c)
        if got is None:
            return ""
        n, targets = got
        who = self.cname(c // 6)
        if targets:
            return f"\nIn reach{' once ' + who + ' moves' if n else ''}: {', '.join(self.cname(t) for t in targets)}."
        return f"\nNo target in reach{' even after ' + who + ' moves ' + str(n) if n else ''}: it would miss."

    def peeks(self, target) -> bool:
        return not self.pick.readable(target)

    def zoom(self, target):
        got = self._face_at(target)
        return None if got is None else got[:3]

    def glossary(self, target) -> list[str]:
        got = self._face_at(target)
        return words.terms_in(got[3]) if got else []

    def card_id(self, sprite_id: str) -> int | None:
        """Cards in the hand ("card:12") and the card in play ("inplay:12")."""
        return number(sprite_id, "card", "inplay")

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
        on = champ_sid(d["unit"])
        if event.kind == "damage" and d.get("amount"):
            return [(on, f"-{d['amount']}", RED)]
        if event.kind == "heal" and d.get("amount"):
            return [(on, f"+{d['amount']}", (120, 220, 130))]
        if event.kind == "trap":          # the token turned face up shows what it was
            from_name = {"spikes": "Spike Pit!", "snare": "Snare!", "drop": "Tripwire!"}.get(d.get("trap"), "Trap!")
            return [(on, from_name, (250, 200, 90))]
        if event.kind == "level_up":
            return [(on, "Level up!", GOLD)]
        if event.kind == "shield" and d.get("amount"):
            return [(on, f"shield {d['amount']}", (150, 190, 250))]
        return []


rules_text = rules_page("tabletop.games.brawl")

PRESENTATION = Presentation(
    game_id="brawl",
    make_presenter=BrawlPresenter,
    cover=cover,
    cover_version=cover_version,
    rules_markdown=rules_text,
    options=[OptionField("picks", "Champion choice",
                         [("Alternate picks (1-2-2-1)", "alternate"), ("Free choice, in secret", "free")],
                         "alternate")],
)

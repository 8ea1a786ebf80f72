"""The Trials table: every seat's Avatars with their attachments peeking out, HP
as heart tokens, shield and other counters, exhausted cards turned, energy and
the round as d10 dice, the stack in the middle with its items in order, hands
(yours face up, the others' backs), decks and discard piles you can look
through, and a priority banner that cannot be missed: "Respond or pass".

Drag a hand card onto one of your Avatars to play it, drag an attacker onto
its target, drag an Avatar onto your energy die to channel; right-click a card
in play for a menu of what it can do. A question asked while something
resolves (a scout, the card that makes room, the order of effects that trigger
together) takes the banner, with a button per answer and glowing cards to
click. Every rule decision is the engine's:
what glows and what a menu lists come from the legal actions, and a drop or
click only proposes a candidate for `why_illegal`.

This module holds the presenter: the selection, the sync, the highlights and the
input. Its parts, each with its own state, live in the modules next to it: the
seats and the hand (seats.py), the middle (stack.py), the pending question
(question.py), the controls (controls.py) and the pile browser (overlays.py, with
the table's ActionMenu); what the table says is words.py's functions.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.presentation import faces
from tabletop.games.trials.engine.cards import card, side_text
from tabletop.games.trials.engine.state import OVER, UNKNOWN
from tabletop.games.trials.presentation import words
from tabletop.games.trials.presentation.controls import Controls
from tabletop.games.trials.presentation.glossary import glossary_terms, rules_text, terms_on
from tabletop.games.trials.presentation.narrate import NARRATE
from tabletop.games.trials.presentation.overlays import Browser, menu_targets, target_of
from tabletop.games.trials.presentation.question import Question
from tabletop.games.trials.presentation.seats import Seats
from tabletop.games.trials.presentation.sounds import SOUNDS
from tabletop.games.trials.presentation.stack import Stack
from tabletop.games.trials.presentation.style import cid
from tabletop.table.actionmenu import ActionMenu
from tabletop.table.cover import fanned_cards
from tabletop.table.fullcontrol import FullControl
from tabletop.table.ids import SpriteId, number, sprite_id
from tabletop.table.layout import Layout
from tabletop.table.playback import GREEN
from tabletop.table.presenter import LOCAL, OptionField, Presentation, Presenter

__all__ = ["PRESENTATION", "TrialsPresenter", "cid", "glossary_terms", "terms_on"]

# the kinds that start from a card (actions.source), those a card already in play does, and
# those that may answer in a response window
_FROM_A_CARD = kinds(actions.PLAY, actions.ACTIVATE, actions.CHANNEL, actions.ATTACK)
_IN_PLAY = kinds(actions.ACTIVATE, actions.CHANNEL, actions.ATTACK)
_ANSWERING = kinds(actions.PLAY, actions.ACTIVATE)


class TrialsPresenter(Presenter):
    auto_pass_kinds = kinds(actions.DECLINE, actions.PASS)
    narrator = NARRATE
    sounds = SOUNDS
    important_kinds = frozenset({"round", "fall", "out", "over"})
    sticky_zoom = True
    button_h = 44

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        self.layout = Layout.load("trials", self.players)
        # click-and-click's card (in hand or in play): shared, as clicks on every part's cards make it
        self.selected: int | None = None
        self.seats = Seats(self)
        self.stack = Stack(self)
        self.question = Question(self)
        self.controls = Controls(self)
        self.full = FullControl(self, actions.DECLINE)
        self.menu = ActionMenu(self)              # a context menu or a choice after a drop
        self.browser = Browser(self)
        self.parts = [self.seats, self.stack, self.question, self.controls, self.full, self.menu,
                      self.browser]

    # --- names and faces -------------------------------------------------------------------
    def name(self, c: int) -> str:
        v = self.view
        if v is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return "a hidden card"
        return fx.name(v, c)

    def _face(self, c: int, table: str | None = "full", now: tuple[int, int] | None = None):
        """(key, compose): the full face (`table` None: the zoom, the full-size view), or the face
        of a card on the table at a compact.detail_for detail ("thumb": its picture only),
        showing `now` (an Avatar's attack and HP left)."""
        fallen = c in self.view.fallen
        d = self.view.designs[c]
        if table is None:
            return faces.face_key(d, fallen), partial(faces.compose_face, d, fallen)
        table = {"thumb": "picture", "compact": "full"}.get(table, table)
        return faces.table_key(d, fallen, table, now), partial(faces.compose_table, d, fallen, table, now)

    @staticmethod
    def _back():
        return faces.back_key(), faces.compose_back

    def _plays(self, c: int, avatar: int | None = None) -> list[Action]:
        return [a for a in self.legal_of(actions.PLAY.kind)
                if actions.PLAY.card(a) == c and (avatar is None or actions.PLAY.avatar(a) == avatar)]

    def _source_actions(self, c: int) -> list[Action]:
        """What a card in play can do now: its activated effects, channel, attacks."""
        return [a for a in self.legal
                if a.kind in _IN_PLAY and actions.source(a) == c]

    def _host(self, c: int) -> int | None:
        v = self.view
        if c in v.host:
            return v.host[c]
        if any(c in avs for avs in v.avatars):
            return c
        return None

    def _window(self) -> bool:
        """A response window: the stack holds something and no question is pending."""
        return bool(self.view and self.view.stack) and not self.question.pending

    def _to_act(self) -> int | None:
        """The seat the game waits for (to answer its question, to respond, to play); None once over."""
        v = self.view
        if v is None or v.phase == OVER:
            return None
        if v.waiting is not None:
            return v.waiting.seat
        return v.prio if v.prio >= 0 else v.turn

    # --- sync ----------------------------------------------------------------------------------------
    def draw(self, seen, events) -> None:
        self.seats.draw(seen)
        self.stack.draw(seen)              # its banner gives way to the question's
        self.controls.draw(seen)
        self.menu.draw(seen)
        self.browser.draw(seen)

    def origin_of(self, event, gone):
        """A card another seat plays from its hidden hand comes from that hand's last card back."""
        seat = event.data.get("seat")
        if event.data.get("from") != "hand" or seat is None:
            return None
        backs = sorted((sid for sid in map(sprite_id, gone) if sid.kind == "back" and sid.at(0) == seat),
                       key=lambda sid: sid.at(1))
        return gone[backs[-1]] if backs else None

    def floats_of(self, event):
        """Energy gained rises from the seat's energy die."""
        d = event.data
        if event.kind in ("energy", "channel") and d.get("amount"):
            return [(SpriteId("energy", d["seat"]), f"+{d['amount']}", GREEN)]
        return []

    def forget_stale(self) -> None:
        super().forget_stale()             # a menu of moves no longer legal, another seat's deck
        if not self.my_turn or self.question.pending:
            self.selected = None
            self.menu.clear()
        if self.selected is not None and self.selected not in self.view.hands[self.me] \
                and not self._source_actions(self.selected):
            self.selected = None

    # --- sprite helpers ----------------------------------------------------------------------------
    def faces_to_warm(self) -> list:
        known = [c for c, d in self.view.designs.items() if d != UNKNOWN]
        # each detail a card's size on screen may ask for (compact.detail_for); an Avatar's face
        # with its numbers in play is composed when they change
        return self.warm_details(known, lambda c: self._face(c, None), self._face)

    def _card(self, sid: str, c: int | None, x, y, size, z, seen, face_up=True, draggable=False,
              angle=0.0, table: str | None = None):
        """A card on the table; its face says as much as its size lets it (`table` a detail to
        keep, else by size), an Avatar's with its attack and HP as they stand."""
        known = c is not None and self.view.designs.get(c, UNKNOWN) != UNKNOWN
        now = None
        if known and c in self.view.damage or known and card(self.view.designs[c]).type == "avatar":
            now = (fx.attack(self.view, c), fx.hp_left(self.view, c))
        face = (self._face(c, self.table_detail(table, size[0], self.name(c)), now) if face_up and known
                else (None, None))
        return self.put_card(sid, face, self._back(), x, y, size, z, seen, draggable=draggable,
                             angle=angle)

    # --- highlights -------------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.highlight in ("select", "hint", "glow") and sprite_id(sprite.id).of("card"):
                sprite.highlight = None
        glow: set[str] = set()
        if self.selected is not None:
            selected = SpriteId("card", self.selected)
            s = self.scene.get(selected)
            if s is not None:
                s.highlight = "select"
            glow = self.drag_targets(selected)
        elif self.menu.actions:
            glow = {SpriteId("card", t) for t in menu_targets(self.menu.actions)}
        elif self.my_turn and self.question.pending:
            glow = {SpriteId("card", c) for c in self.question.answer_cards()}
        elif self.my_turn and self._window():
            glow = {SpriteId("card", actions.source(a)) for a in self.legal if a.kind in _ANSWERING}
        self.scene.set_glow(glow)
        self._mark_hint()

    def _hint_cards(self, a: Action) -> list[int]:
        if a.kind in _FROM_A_CARD:
            out = [actions.source(a)]
            t = target_of(a)
            return out + ([t] if t is not None and t >= 0 else [])
        if actions.IGNITE.matches(a):
            return [actions.IGNITE.target(a)]
        if a.kind in actions.ANSWERS:
            c = self.question.answer_card(a)
            return [] if c is None else [c]
        return []

    # --- input ----------------------------------------------------------------------------------------------------
    def drag_targets(self, piece) -> set[str]:
        piece = sprite_id(piece)
        c = number(piece, "card")
        v = self.view
        if c is None or not self.my_turn or v is None or self.question.pending:
            return set()
        if c in v.hands[self.me]:
            return {SpriteId("card", actions.PLAY.avatar(a)) for a in self._plays(c)}
        out = {SpriteId("card", actions.ATTACK.target(a)) for a in self.legal_of(actions.ATTACK.kind)
               if actions.ATTACK.attacker(a) == c}
        if actions.CHANNEL(c) in self.legal or any(actions.CHANNEL.avatar(a) == c
                                                   for a in self.legal_of(actions.CHANNEL.kind)):
            out.add(SpriteId("energy", self.me))
        return out

    def drop(self, piece, target):
        piece, target = sprite_id(piece), sprite_id(target)
        c = number(piece, "card")
        v = self.view
        if c is None or v is None or not self.my_turn or self.question.pending:
            return None
        t = cid(target)
        if c in v.hands[self.me]:
            if t is None:
                return None
            avatar = self._host(t)
            if avatar is None:
                return None
            plays = self._plays(c, avatar)
            if len(plays) == 1:
                return plays[0]
            if not plays:
                return actions.PLAY(c, avatar, -1, (), 0)      # the engine says why not
            self.selected = None
            k = card(v.designs[c])
            title = f"Play {k.name} on {self.name(avatar)}"
            return self.menu.open(plays, title, self.menu.near(target), strip=f"{title} ({k.cost} energy)")
        if target == SpriteId("energy", self.me):
            return actions.CHANNEL(c)
        if t is not None and t in v.designs and t != c:
            return actions.ATTACK(c, t)
        return None

    def click(self, target):
        target = sprite_id(target)
        v = self.view
        if v is None:
            return None
        if target is not None and target.of("deck", "discard"):
            if not self.browser.open(target.kind, target.at(0)):
                return None
            self.selected = None
            self.menu.clear()
            return LOCAL
        if self.browser.pile or not self.my_turn:
            return None
        c = cid(target)
        if self.question.pending:
            return self.question.answer_cards().get(c) if c is not None else None
        if self.menu.actions:
            pick = menu_targets(self.menu.actions).get(c) if c is not None else None
            if pick is not None:
                self.menu.clear()
            return pick
        if target == SpriteId("energy", self.me):
            return self.button("btn:channel")
        if c is not None and target.of("card"):
            if c in v.hands[self.me] or (self._source_actions(c) and self.selected is None):
                self.selected = None if self.selected == c else c
                return LOCAL
        if self.selected is not None:
            act = self.drop(SpriteId("card", self.selected), target)
            if act is not None:
                self.selected = None
            return act
        return None

    def menu_words(self, label: str) -> str:
        return words.seat_words(label, self.voice())

    def context(self, target):
        """Right-click: a menu of what this card of mine can do now."""
        target = sprite_id(target)
        c = number(target, "card")
        if c is None or not self.my_turn or self.view is None:
            return None
        acts = self._source_actions(c)
        if c in self.view.hands[self.me]:
            acts = self._plays(c)
        if not acts:
            return None
        self.selected = None
        return self.menu.open(acts, self.name(c), self.menu.near(target))

    def button(self, button_id):
        """The part whose button it is answers it: the browser's Close, a question's answer, the
        controls (and the banner's Pass), the menu's entries."""
        if self.view is None:
            return None
        button_id = sprite_id(button_id)
        for part in (self.browser, self.question, self.controls, self.menu):
            got = part.button(button_id)
            if got is not None:
                return got
        return None

    def answer_waits(self) -> bool:
        return self.view.waiting is not None

    free_keys = frozenset({"f"})        # full control, whoever's turn it is

    def clear_selection(self) -> bool:
        had, self.selected = self.selected is not None, None
        return super().clear_selection() or had          # the menu's and the browser's too

    def confirm(self):
        return actions.DECLINE() if self._window() else None

    def shortcut(self, name: str):
        if name == "f":
            return self.button("btn:control")
        if self.question.pending:       # answered with the banner's buttons or a glowing card
            return None
        if name == "p" and not self._window():
            return actions.PASS()
        if name == "c" and not self._window():
            return self.button("btn:channel")
        return None

    def zoom(self, target):
        target = sprite_id(target)
        v = self.view
        if v is None or not target:
            return None
        c = number(target, "card", "stk", "view")         # on the table, the stack or in the browser
        if target.of("discard"):
            pile = v.discards[target.at(0)]
            c = pile[-1] if pile else None
        if c is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return None
        key, compose = self._face(c, None)          # the full face, with its rules text
        return key + "/zoom", compose, self._caption(c)

    def _caption(self, c: int) -> str:
        v = self.view
        k = card(v.designs[c])
        parts = [fx.name(v, c)]
        if v.in_play(c):
            stats = [f"Attack {fx.attack(v, c)}"]
            if fx.max_hp(v, c):
                stats.append(f"HP {fx.hp_left(v, c)}/{fx.max_hp(v, c)}")
            if c in v.shields:
                stats.append("shielded")
            if c in v.exhausted:
                stats.append("exhausted")
            if fx.is_stealthy(v, c):
                stats.append("stealthy")
            elif hidden := fx.hidden_from(v, c):
                stats.append("stealthy to " + ", ".join(self.voice().whom(p) for p in hidden))
            parts.append(" · ".join(stats))
        elif k.type != "avatar":
            parts.append(f"{k.cost} energy · {k.type.capitalize()}")
        return "\n".join(parts)

    def glossary(self, target) -> list[str]:
        """Glossary entries for the card under the pointer (the zoom links to them)."""
        v = self.view
        c = number(sprite_id(target), "card", "stk", "view") if target else None
        if v is None or c is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return []
        side = fx.side(v, c)
        return terms_on(side_text(side), side.keywords)

    # --- words (words.py) -----------------------------------------------------------------------------
    def prompt(self) -> str:
        return words.prompt(self)

    def seat_rows(self, view, seat: int) -> list[tuple[str, str]]:
        return words.seat_rows(view, seat)

    def summary(self, view, events) -> tuple[str, str] | None:
        return words.summary(view, events, self.seat_names, self.voice())


COVER_CARDS = ("hourhand-rapier", "sir-alden-vow-sworn", "rewind-moment")


def _cover(w: int, h: int):
    """The home tile: an Avatar and two of its cards over a dusk sky."""
    cards = []
    for cid_ in COVER_CARDS:
        try:
            cards.append(faces.compose_face(cid_))
        except KeyError:
            cards.append(faces.compose_back())
    return fanned_cards(w, h, (26, 24, 56), (66, 34, 46), cards, spread=0.6, lift=8)


def _cover_version() -> str:
    """What the tile shows, for its cache key: this drawing (its number) and the cards' faces."""
    return "1/" + "/".join(faces.face_key(c) for c in COVER_CARDS)



PRESENTATION = Presentation(
    game_id="trials",
    make_presenter=TrialsPresenter,
    cover=_cover,
    cover_version=_cover_version,
    rules_markdown=rules_text,
    options=[OptionField("initiative", "First initiative",
                         [("Drawn by lot", None), ("Seat 1", 0), ("Seat 2", 1)], None)],
)

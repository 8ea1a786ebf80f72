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

This module holds the presenter's core: its state, the sync, the highlights and
the input. The seats, the middle, the menus and the words live in the `table_*`
modules next to it, one mixin each.
"""

from __future__ import annotations

from functools import partial

from tabletop.core import Action
from tabletop.core.action_kinds import kinds
from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.presentation import faces
from tabletop.games.trials.engine.cards import card, side_text
from tabletop.games.trials.engine.state import UNKNOWN
from tabletop.games.trials.presentation.narrate import NARRATE
from tabletop.games.trials.presentation.glossary import glossary_terms, rules_text, terms_on
from tabletop.games.trials.presentation.overlays import OverlaysMixin
from tabletop.games.trials.presentation.question import QuestionMixin
from tabletop.games.trials.presentation.seats import SeatsMixin
from tabletop.games.trials.presentation.stack import StackMixin
from tabletop.games.trials.presentation.style import cid
from tabletop.games.trials.presentation.words import WordsMixin, seat_words
from tabletop.table import compact
from tabletop.table.cover import fanned_cards
from tabletop.table.layout import Layout
from tabletop.table.playback import GREEN
from tabletop.table.presenter import LOCAL, OptionField, Presentation, Presenter

__all__ = ["PRESENTATION", "TrialsPresenter", "cid", "glossary_terms", "terms_on"]

# the kinds that start from a card (actions.source), those a card already in play does, and
# those that may answer in a response window
_FROM_A_CARD = kinds(actions.PLAY, actions.ACTIVATE, actions.CHANNEL, actions.ATTACK)
_IN_PLAY = kinds(actions.ACTIVATE, actions.CHANNEL, actions.ATTACK)
_ANSWERING = kinds(actions.PLAY, actions.ACTIVATE)


class TrialsPresenter(SeatsMixin, StackMixin, QuestionMixin, OverlaysMixin, WordsMixin, Presenter):
    auto_pass_kinds = kinds(actions.DECLINE, actions.PASS)
    narrator = NARRATE
    important_kinds = frozenset({"round", "fall", "out", "over"})
    sticky_zoom = True
    button_h = 44

    def __init__(self, scene, faces_cache, settings, seat_names) -> None:
        super().__init__(scene, faces_cache, settings, seat_names)
        self.layout = Layout.load("trials", self.players)
        self.selected: int | None = None          # click-and-click: a hand card or a card in play
        self.menu: list[Action] = []              # a context menu or a choice after a drop
        self.full_control = False                 # ask even on my own stack items (this match)
        self.browse: tuple[str, int] | None = None    # ("deck" | "discard", seat) being looked through
        self.royale = self.players > 2

    # --- names and faces -------------------------------------------------------------------
    def name(self, c: int) -> str:
        v = self.view
        if v is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return "a hidden card"
        return fx.name(v, c)

    def _face(self, c: int, table: str | None = "compact"):
        """(key, compose): the full face (`table` None: the zoom, the full-size view), the compact
        face of a card on the table, or "thumb" (its picture only) where the card is too small."""
        fallen = c in self.view.fallen
        d = self.view.designs[c]
        key = faces.face_key(d, fallen)
        if table is None:
            return key, partial(faces.compose_face, d, fallen)
        text = table != "thumb"
        return compact.key(key, text), partial(faces.compose_compact, d, fallen, text)

    @staticmethod
    def _back():
        return faces.back_key(), faces.compose_back

    def _plays(self, c: int, avatar: int | None = None) -> list[Action]:
        return [a for a in self._legal(actions.PLAY.kind)
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
        return bool(self.view and self.view.stack) and not self._deciding()

    # --- sync ----------------------------------------------------------------------------------------
    def draw(self, seen, events) -> None:
        opps = [p for p in self._order() if p != self.me]
        area = self.layout.zones["opp_area"].rect
        w = area[2] / max(1, len(opps))
        for i, p in enumerate(opps):
            self._sync_seat(p, (area[0] + i * w, area[1], w - 12, area[3]), seen, mine=False)
        self._sync_seat(self.me, self.layout.zones["my_area"].rect, seen, mine=True)
        self._sync_hand(seen)
        self._sync_middle(seen)
        self._sync_controls(seen)
        self._sync_menu(seen)
        self._sync_browser(seen)

    def origin_of(self, event, gone):
        """A card another seat plays from its hidden hand comes from that hand's last card back."""
        seat = event.data.get("seat")
        if event.data.get("from") != "hand" or seat is None:
            return None
        backs = sorted((sid for sid in gone if sid.startswith(f"back:{seat}:")),
                       key=lambda sid: int(sid.rsplit(":", 1)[1]))
        return gone[backs[-1]] if backs else None

    def floats_of(self, event):
        """Energy gained rises from the seat's energy die."""
        d = event.data
        if event.kind in ("energy", "channel") and d.get("amount"):
            return [(f"energy:{d['seat']}", f"+{d['amount']}", GREEN)]
        return []

    def _order(self) -> list[int]:
        """Seats from the viewer's left: the next seat in turn first."""
        n = self.view.players
        return [(self.me + i) % n for i in range(n)]

    def forget_stale(self) -> None:
        v = self.view
        if not self.my_turn or self._deciding():
            self.selected, self.menu = None, []
        if self.selected is not None and self.selected not in v.hands[self.me] \
                and not self._source_actions(self.selected):
            self.selected = None
        if self.menu and not all(a in self.legal for a in self.menu):
            self.menu = []
        if self.browse and self.browse[0] == "deck" and self.browse[1] != self.me:
            self.browse = None

    # --- sprite helpers ----------------------------------------------------------------------------
    def faces_to_warm(self) -> list:
        known = [c for c, d in self.view.designs.items() if d != UNKNOWN]
        return self._warm_list(known, lambda c: self._face(c, None), self._face,
                               lambda c: self._face(c, "thumb"))

    def _card(self, sid: str, c: int | None, x, y, size, z, seen, face_up=True, draggable=False,
              angle=0.0, table: str = "compact"):
        known = c is not None and self.view.designs.get(c, UNKNOWN) != UNKNOWN
        face = self._face(c, table) if face_up and known else (None, None)
        return self.put_card(sid, face, self._back(), x, y, size, z, seen, draggable=draggable,
                             angle=angle)

    # --- highlights -------------------------------------------------------------------------------------------
    def _highlight(self) -> None:
        for sprite in self.scene.sprites():
            if sprite.id.startswith("card:") and sprite.highlight in ("select", "hint", "glow"):
                sprite.highlight = None
        glow: set[str] = set()
        if self.selected is not None:
            s = self.scene.get(f"card:{self.selected}")
            if s is not None:
                s.highlight = "select"
            glow = self.drag_targets(f"card:{self.selected}")
        elif self.menu:
            glow = {f"card:{t}" for t in self._menu_targets()}
        elif self.my_turn and self._deciding():
            glow = {f"card:{c}" for c in self._answer_cards()}
        elif self.my_turn and self._window():
            glow = {f"card:{actions.source(a)}" for a in self.legal if a.kind in _ANSWERING}
        self.scene.set_glow(glow)
        self._mark_hint()

    def _hint_cards(self, a: Action) -> list[int]:
        if a.kind in _FROM_A_CARD:
            out = [actions.source(a)]
            t = self._target_of(a)
            return out + ([t] if t is not None and t >= 0 else [])
        if actions.IGNITE.matches(a):
            return [actions.IGNITE.target(a)]
        if a.kind in actions.ANSWERS:
            c = self._answer_card(a)
            return [] if c is None else [c]
        return []

    # --- input ----------------------------------------------------------------------------------------------------
    def drag_targets(self, sprite_id: str) -> set[str]:
        c = cid(sprite_id)
        v = self.view
        if c is None or not self.my_turn or v is None or not sprite_id.startswith("card:") \
                or self._deciding():
            return set()
        if c in v.hands[self.me]:
            return {f"card:{actions.PLAY.avatar(a)}" for a in self._plays(c)}
        out = {f"card:{actions.ATTACK.target(a)}" for a in self._legal(actions.ATTACK.kind)
               if actions.ATTACK.attacker(a) == c}
        if actions.CHANNEL(c) in self.legal or any(actions.CHANNEL.avatar(a) == c
                                                   for a in self._legal(actions.CHANNEL.kind)):
            out.add(f"energy:{self.me}")
        return out

    def drop(self, sprite_id: str, target: str | None):
        c = cid(sprite_id)
        v = self.view
        if c is None or v is None or not self.my_turn or not sprite_id.startswith("card:") \
                or self._deciding():
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
            return self.open_menu(plays, f"Play {k.name} on {self.name(avatar)}", self.menu_near(target),
                                  strip=f"Play {k.name} on {self.name(avatar)} ({k.cost} energy)")
        if target == f"energy:{self.me}":
            return actions.CHANNEL(c)
        if t is not None and t in v.designs and t != c:
            return actions.ATTACK(c, t)
        return None

    def click(self, target: str | None):
        v = self.view
        if v is None:
            return None
        if target and target.startswith(("deck:", "discard:")):
            kind, p = target.split(":")
            p = int(p)
            if kind == "deck" and p != self.me:
                return None
            self.browse = (kind, p)
            self.menu, self.selected = [], None
            return LOCAL
        if self.browse:
            return None
        if not self.my_turn:
            return None
        c = cid(target)
        if self._deciding():
            return self._answer_cards().get(c) if c is not None else None
        if self.menu:
            pick = self._menu_targets().get(c) if c is not None else None
            if pick is not None:
                self.menu = []
                return pick
            return None
        if target == f"energy:{self.me}":
            return self.button("btn:channel")
        if c is not None and target.startswith("card:"):
            if c in v.hands[self.me] or (self._source_actions(c) and self.selected is None):
                self.selected = None if self.selected == c else c
                return LOCAL
        if self.selected is not None:
            act = self.drop(f"card:{self.selected}", target)
            if act is not None:
                self.selected = None
            return act
        return None

    def menu_words(self, label: str) -> str:
        return seat_words(label, self.voice())

    def context(self, target: str | None):
        """Right-click: a menu of what this card of mine can do now."""
        c = cid(target)
        if c is None or not self.my_turn or self.view is None or not target.startswith("card:"):
            return None
        acts = self._source_actions(c)
        if c in self.view.hands[self.me]:
            acts = self._plays(c)
        if not acts:
            return None
        self.selected = None
        return self.open_menu(acts, self.name(c), self.menu_near(target))

    def button(self, button_id: str):
        v = self.view
        if v is None:
            return None
        if button_id == "btn:browse:close":
            self.browse = None
            return LOCAL
        answer = self.answer_button(button_id)
        if answer is not None:
            return LOCAL if answer == "page" else answer
        if button_id == "btn:pass":
            self.selected, self.menu = None, []
            return actions.PASS()
        if button_id == "btn:decline":
            self.selected, self.menu = None, []
            return actions.DECLINE()
        if button_id == "btn:control":
            self.full_control = not self.full_control
            return LOCAL
        if button_id == "btn:channel":
            acts = self._legal(actions.CHANNEL.kind)
            if len(acts) == 1:
                return acts[0]
            if not acts:
                return actions.CHANNEL(v.avatars[self.me][0])
            return self.open_menu(acts, "Channel energy: exhaust which Avatar?", (1300, 600))
        if button_id == "btn:ignite":
            acts = self._legal(actions.IGNITE.kind)
            return self.open_menu(acts, "Ignite: deal the damage to…", (1300, 500)) if acts else None
        return self.menu_button(button_id)

    def auto_pass(self, legal: list[Action]):
        """As in digital card games: besides having nothing to play, the player lets their own
        card or effect resolve without being asked (they just chose it), unless they asked for
        full control of the match (the F key, or the toggle under the controls)."""
        got = super().auto_pass(legal)
        v = self.view
        if got is not None or self.full_control or v is None or v.waiting is not None:
            return got
        if v.stack and v.prio == self.me and v.stack[-1].seat == self.me:
            decline = next((a for a in legal if actions.DECLINE.matches(a)), None)
            if decline is not None:
                return decline, "Letting your own card resolve… (F: full control)"
        return None

    free_keys = frozenset({"f"})        # full control, whoever's turn it is

    def clear_selection(self) -> bool:
        had = bool(self.browse or self.menu or self.selected is not None)
        self.browse, self.menu, self.selected = None, [], None
        return had

    def confirm(self):
        if self._window() and not self._deciding():
            return actions.DECLINE()
        return None

    def shortcut(self, name: str):
        if name == "f":
            return self.button("btn:control")
        if self._deciding():            # answered with the banner's buttons or a glowing card
            return None
        if name == "p" and not self._window():
            return actions.PASS()
        if name == "c" and not self._window():
            return self.button("btn:channel")
        return None

    def zoom(self, target: str | None):
        v = self.view
        if v is None or not target:
            return None
        c = cid(target)
        if target.startswith("view:"):
            c = int(target.split(":")[1])
        elif target.startswith("discard:"):
            p = int(target.split(":")[1])
            c = v.discards[p][-1] if v.discards[p] else None
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

    def glossary(self, target: str | None) -> list[str]:
        """Glossary entries for the card under the pointer (the zoom links to them)."""
        v = self.view
        if v is None or not target:
            return []
        c = int(target.split(":")[1]) if target.startswith("view:") else cid(target)
        if c is None or v.designs.get(c, UNKNOWN) == UNKNOWN:
            return []
        side = fx.side(v, c)
        return terms_on(side_text(side), side.keywords)

def _cover(w: int, h: int):
    """The home tile: an Avatar and two of its cards over a dusk sky."""
    cards = []
    for cid_ in ("hourhand-rapier", "sir-alden-vow-sworn", "rewind-moment"):
        try:
            cards.append(faces.compose_face(cid_))
        except KeyError:
            cards.append(faces.compose_back())
    return fanned_cards(w, h, (26, 24, 56), (66, 34, 46), cards, spread=0.6, lift=8)



PRESENTATION = Presentation(
    game_id="trials",
    make_presenter=TrialsPresenter,
    cover=_cover,
    rules_markdown=rules_text,
    options=[OptionField("initiative", "First initiative",
                         [("Drawn by lot", None), ("Seat 1", 0), ("Seat 2", 1)], None)],
)

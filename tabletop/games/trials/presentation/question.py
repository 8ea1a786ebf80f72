"""A question the engine asks while something resolves (engine/choices.py), on the table: the
banner says what is asked and holds one button per answer; the cards an answer names glow and a
click on one answers (the One-Handed card that goes, the effect that resolves first). Every
answer is one of the legal actions; the other seats see who is choosing and what."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions, choices
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.stack_item import DETACH, ORDER, SCOUT
from tabletop.games.trials.presentation.style import GOLD, INK, MUTED, short
from tabletop.table.ids import SpriteId, sprite_id
from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL

TITLES = {SCOUT: "Scout: take a card?", DETACH: "Make room: which card goes?",
          ORDER: "Order the effects"}
PAGE = 6                    # answer buttons shown at once (3 a row); "More…" pages on


class Question(Part):
    """The pending question: whether one is `pending`, its banner and buttons, its glowing cards."""

    def __init__(self, table) -> None:
        super().__init__(table)
        self.page = 0                       # the page of answer buttons shown ("More…" turns it)

    @property
    def pending(self) -> bool:
        v = self.table.view
        return bool(v and v.waiting is not None)

    def answers(self) -> list[Action]:
        return [a for a in self.table.legal if a.kind in actions.ANSWERS]

    def answer_card(self, a: Action) -> int | None:
        """The card an answer names on the table, if it names one."""
        v = self.table.view
        if actions.DETACH.matches(a):
            return actions.DETACH.card(a)
        if actions.ORDER.matches(a):        # a card in play; one in a discard pile shows no sprite
            c = v.triggered[actions.ORDER.effect(a)].cid
            return c if v.in_play(c) else None
        return None

    def answer_cards(self) -> dict[int, Action]:
        """Cards that answer when clicked (a card named by one answer only)."""
        named: dict[int, list[Action]] = {}
        for a in self.answers():
            c = self.answer_card(a)
            if c is not None:
                named.setdefault(c, []).append(a)
        return {c: acts[0] for c, acts in named.items() if len(acts) == 1}

    def _text(self, a: Action) -> str:
        t = self.table
        v = t.view
        if actions.SCOUT.matches(a):
            where = actions.SCOUT.where(a)
            deck = v.decks[t.me]
            if where == fx.SCOUT_NONE or not deck:
                return "No card"
            c = deck[0] if where == fx.SCOUT_TOP else deck[-1]
            return f"{'Top' if where == fx.SCOUT_TOP else 'Bottom'}: {t.name(c)}"
        if actions.DETACH.matches(a):
            return f"Detach {t.name(actions.DETACH.card(a))}"
        return t.name(v.triggered[actions.ORDER.effect(a)].cid)

    def draw(self, x, y, w, h, seen) -> None:
        """The banner of a pending question, at (x, y, w, h) in the middle zone."""
        t = self.table
        v = t.view
        kind = v.waiting.kind
        if not t.my_turn:
            who = t.seat_names[v.waiting.seat] if v.waiting.seat < len(t.seat_names) else "…"
            t.put_label("lbl:banner", f"{who} is choosing…", x + w / 2, y + 30, 24, INK, seen,
                        "midtop", True)
            t.put_label("lbl:banner2", self._others_line(), x + w / 2, y + 70, 16, MUTED, seen, "midtop")
            return
        t.put_label("lbl:banner", TITLES[kind], x + w / 2, y + 4, 30, GOLD, seen, "midtop", True)
        # the question in two lines at most, measured at the size it is drawn (the text floor
        # lifts it on a small window), broken and shortened only between words
        step = max(19, t.text_size(15) + 2)
        lines = t.fit_lines(choices.question(v), 15, w - 20)
        for k, line in enumerate(lines):
            t.put_label(f"lbl:banner{k + 2}", line, x + w / 2, y + 44 + k * step, 15, INK, seen, "midtop")
        self._buttons(x + 10, max(y + 90, y + 46 + len(lines) * step), w - 20, seen)

    def _buttons(self, x, y, w, seen) -> None:
        t = self.table
        answers = self.answers()
        pages = max(1, (len(answers) + PAGE - 1) // PAGE)
        self.page %= pages
        shown = answers[self.page * PAGE:(self.page + 1) * PAGE]
        slots = shown + ([None] if pages > 1 else [])
        cols = min(3, len(slots))
        bw = (w - 10 * (cols - 1)) / cols
        for k, a in enumerate(slots):
            bx, by = x + (k % cols) * (bw + 10), y + (k // cols) * 46
            if a is None:
                t.put_button("btn:answer:more", f"More… ({self.page + 1}/{pages})", bx, by,
                             bw, True, False, seen, h=40)
                continue
            bid = SpriteId("btn", "answer", answers.index(a))
            t.put_button(bid, short(self._text(a), 34), bx, by, bw, True,
                         actions.SCOUT.matches(a) and actions.SCOUT.where(a) != fx.SCOUT_NONE, seen, h=40)
            if actions.ORDER.matches(a) and a.label:      # the effect's whole words
                t.scene.get(bid).tooltip = a.label

    def _others_line(self) -> str:
        """The pending question as the other seats see it."""
        t = self.table
        w = t.view.waiting
        if w.kind == SCOUT:
            return f"{t.name(w.card)} scouts: the top card, the bottom card or none"
        if w.kind == DETACH:
            return f"A One-Handed card on {t.name(w.avatar)} makes room for {t.name(w.card)}"
        return "Which of the effects that triggered together resolves first"

    def button(self, bid):
        """A press on an answer button: the answer (LOCAL after paging), or None for another button."""
        bid = sprite_id(bid)
        if bid.kind != "btn" or bid.at(0) != "answer":
            return None
        if bid.at(1) == "more":
            self.page += 1
            return LOCAL
        i, answers = bid.at(1), self.answers()
        return answers[i] if isinstance(i, int) and 0 <= i < len(answers) else None

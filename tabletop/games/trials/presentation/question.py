"""A question the engine asks while something resolves (engine/choices.py), on the table: the
banner says what is asked and holds one button per answer; the cards an answer names glow and a
click on one answers (the One-Handed card that goes, the effect that resolves first). Every
answer is one of the legal actions; the other seats see who is choosing and what."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions, choices
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.stack_item import DETACH, ORDER, SCOUT
from tabletop.games.trials.presentation.style import GOLD, INK, MUTED, short, wrap_words

TITLES = {SCOUT: "Scout: take a card?", DETACH: "Make room: which card goes?",
          ORDER: "Order the effects"}
PAGE = 6                    # answer buttons shown at once (3 a row); "More…" pages on


class QuestionMixin:
    """The pending question: `_deciding`, its banner and buttons, its glowing cards."""

    question_page = 0

    def _deciding(self) -> bool:
        return bool(self.view and self.view.waiting is not None)

    def _answers(self) -> list[Action]:
        return [a for a in self.legal if a.kind in actions.ANSWERS]

    def _answer_card(self, a: Action) -> int | None:
        """The card an answer names on the table, if it names one."""
        v = self.view
        if actions.DETACH.matches(a):
            return actions.DETACH.card(a)
        if actions.ORDER.matches(a):        # a card in play; one in a discard pile shows no sprite
            c = v.triggered[actions.ORDER.effect(a)].cid
            return c if v.in_play(c) else None
        return None

    def _answer_cards(self) -> dict[int, Action]:
        """Cards that answer when clicked (a card named by one answer only)."""
        named: dict[int, list[Action]] = {}
        for a in self._answers():
            c = self._answer_card(a)
            if c is not None:
                named.setdefault(c, []).append(a)
        return {c: acts[0] for c, acts in named.items() if len(acts) == 1}

    def _answer_text(self, a: Action) -> str:
        v = self.view
        if actions.SCOUT.matches(a):
            where = actions.SCOUT.where(a)
            deck = v.decks[self.me]
            if where == fx.SCOUT_NONE or not deck:
                return "No card"
            c = deck[0] if where == fx.SCOUT_TOP else deck[-1]
            return f"{'Top' if where == fx.SCOUT_TOP else 'Bottom'}: {self.name(c)}"
        if actions.DETACH.matches(a):
            return f"Detach {self.name(actions.DETACH.card(a))}"
        return self.name(v.triggered[actions.ORDER.effect(a)].cid)

    def _answer_tip(self, a: Action) -> str:
        if actions.ORDER.matches(a):
            return a.label
        return ""

    def _sync_question(self, x, y, w, h, seen) -> None:
        """The banner of a pending question, at (x, y, w, h) in the middle zone."""
        v = self.view
        kind = v.waiting.kind
        if not self.my_turn:
            who = self.seat_names[v.waiting.seat] if v.waiting.seat < len(self.seat_names) else "…"
            self.put_label("lbl:banner", f"{who} is choosing…", x + w / 2, y + 30, 24, INK, seen,
                           "midtop", True)
            self.put_label("lbl:banner2", self._others_line(), x + w / 2, y + 70, 16, MUTED, seen, "midtop")
            return
        self.put_label("lbl:banner", TITLES[kind], x + w / 2, y + 4, 30, GOLD, seen, "midtop", True)
        lines = wrap_words(choices.question(v), 78)
        for k, line in enumerate(lines[:2]):
            self.put_label(f"lbl:banner{k + 2}", line, x + w / 2, y + 44 + k * 19, 15, INK, seen, "midtop")
        self._answer_buttons(x + 10, y + 90, w - 20, seen)

    def _answer_buttons(self, x, y, w, seen) -> None:
        answers = self._answers()
        pages = max(1, (len(answers) + PAGE - 1) // PAGE)
        self.question_page %= pages
        shown = answers[self.question_page * PAGE:(self.question_page + 1) * PAGE]
        slots = shown + ([None] if pages > 1 else [])
        cols = min(3, len(slots))
        bw = (w - 10 * (cols - 1)) / cols
        for k, a in enumerate(slots):
            bx, by = x + (k % cols) * (bw + 10), y + (k // cols) * 46
            if a is None:
                self.put_button("btn:answer:more", f"More… ({self.question_page + 1}/{pages})", bx, by,
                                bw, True, False, seen, h=40)
                continue
            i = answers.index(a)
            self.put_button(f"btn:answer:{i}", short(self._answer_text(a), 34), bx, by, bw, True,
                            actions.SCOUT.matches(a) and actions.SCOUT.where(a) != fx.SCOUT_NONE, seen, h=40)
            tip = self._answer_tip(a)
            if tip:
                self.scene.get(f"btn:answer:{i}").tooltip = tip

    def _others_line(self) -> str:
        """The pending question as the other seats see it."""
        v = self.view
        w = v.waiting
        if w.kind == SCOUT:
            return f"{self.name(w.card)} scouts: the top card, the bottom card or none"
        if w.kind == DETACH:
            return f"A One-Handed card on {self.name(w.avatar)} makes room for {self.name(w.card)}"
        return "Which of the effects that triggered together resolves first"

    def answer_button(self, button_id: str):
        """A press on an answer button: the answer, or None for another button."""
        if button_id == "btn:answer:more":
            self.question_page += 1
            return "page"
        if not button_id.startswith("btn:answer:"):
            return None
        i = int(button_id.rsplit(":", 1)[1])
        answers = self._answers()
        return answers[i] if 0 <= i < len(answers) else None


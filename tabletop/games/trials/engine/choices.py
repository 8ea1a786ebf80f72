"""The questions the engine asks while something resolves (stack_item.TrialsChoice), their
answers and the sentences about them: what is asked, the legal answers, why an answer or
another move is refused.

  scout   "You may add the top or bottom card of your deck to your hand": the top (0), the
          bottom (1) or no card (2), each scout on its own, as it happens
  detach  an Avatar holding two One-Handed cards gets a third: its player picks the one to go
  order   effects that trigger together go on the stack in the order the player with
          initiative picks: the one picked first resolves first
"""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.engine import actions
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.cards import Effect, effect_text
from tabletop.games.trials.engine.stack import order_options
from tabletop.games.trials.engine.stack_item import DETACH, ORDER, SCOUT
from tabletop.games.trials.engine.state import TrialsState

SCOUT_PLACES = (fx.SCOUT_TOP, fx.SCOUT_BOTTOM, fx.SCOUT_NONE)
SCOUT_WORDS = {fx.SCOUT_TOP: "Take the top card of your deck",
               fx.SCOUT_BOTTOM: "Take the bottom card of your deck",
               fx.SCOUT_NONE: "Take no card"}


def options(s: TrialsState) -> list[int]:
    """The answers to the pending question."""
    w = s.waiting
    if w.kind == SCOUT:
        return list(SCOUT_PLACES)
    if w.kind == DETACH:
        return fx.must_choose_detach(s, w.card, w.avatar)
    return order_options(s)


def answers(s: TrialsState, labels: bool = True) -> list[Action]:
    """The legal actions while a question is pending: one per answer."""
    kind = actions.ANSWERS[s.waiting.kind]
    return [kind.of((o,), labels and answer_label(s, o) or "") for o in options(s)]


def answer_label(s: TrialsState, o: int) -> str:
    w = s.waiting
    if w.kind == SCOUT:
        return f"{resolving_name(s)}: {SCOUT_WORDS[o].lower()}"
    if w.kind == DETACH:
        return f"Detach {fx.name(s, o)} to make room for {fx.name(s, w.card)}"
    item = s.triggered[o]
    return f"Resolve first: {fx.name(s, item.cid)} ({effect_text(fx.effect_of(s, item)).rstrip('.')})"


def resolving_name(s: TrialsState) -> str:
    """The card whose effect asks, by name."""
    return fx.name(s, s.waiting.card) if s.waiting.card >= 0 else "The effect"


def resolving_effect(s: TrialsState) -> Effect | None:
    item = s.resolving
    if item is None:
        return None
    if item.kind == "play":
        return fx.card_of(s, item.cid).play_effect
    return fx.effect_of(s, item)


def scout_count(s: TrialsState) -> tuple[int, int]:
    """(which scout of the resolving effect this is, how many it has): (1, 2) for the first of
    two; (1, 1) for a lone scout."""
    eff = resolving_effect(s)
    steps = eff.steps if eff else ()
    scouts = [i for i, st in enumerate(steps) if st.op == "scout"]
    at = s.waiting.at
    return (sum(1 for i in scouts if i <= at) or 1, max(1, len(scouts)))


def question(s: TrialsState) -> str:
    """What the pending question asks, as a sentence to its player."""
    w = s.waiting
    if w.kind == SCOUT:
        k, n = scout_count(s)
        which = f" (scout {k} of {n})" if n > 1 else ""
        return (f"{resolving_name(s)} scouts{which}: take the top or the bottom card of your "
                "deck into your hand, or take no card.")
    if w.kind == DETACH:
        return (f"{fx.name(s, w.avatar)} already holds two One-Handed cards: choose the one that "
                f"goes to make room for {fx.name(s, w.card)}.")
    return ("These effects trigger together: choose the one that resolves first (then the next, "
            "and so on).")


def explain_waiting(s: TrialsState) -> str:
    """Why a move other than an answer is refused while a question is pending."""
    return "First answer this: " + question(s)


def explain_answer(s: TrialsState, a: Action) -> str:
    """Why an answer is refused (the question is pending; the answer is not one of its own)."""
    w = s.waiting
    if a.kind != w.kind:
        return explain_waiting(s)
    if w.kind == SCOUT:
        return "A scout takes the top card (0), the bottom card (1) or no card (2)."
    if w.kind == DETACH:
        names = " or ".join(fx.name(s, c) for c in options(s))
        return f"Detach one of the One-Handed cards on {fx.name(s, w.avatar)}: {names}."
    if w.kind == ORDER and 0 <= a.args[0] < len(s.triggered):
        return "That effect is the same as another one waiting: choose that one."
    return "Choose one of the effects waiting to go on the stack."

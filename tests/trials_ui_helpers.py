"""How a player makes each Trials action on the table: the intents (drags, clicks, buttons,
right-clicks) the presenter turns into that action. Shared by the presenter and shell tests."""

from __future__ import annotations

from tabletop.core import Action
from tabletop.games.trials.presentation.question import PAGE
from tabletop.table import intents as it


def route(p, a: Action) -> list | None:
    """The next intent on the way to `a` (call again after each: a menu may open first)."""
    if p.browser.pile:
        return [it.ButtonPress("btn:browse:close")]
    if p.menu.actions:
        if a in p.menu.actions:
            i = p.menu.actions.index(a)
            page = i // 8
            if page != p.menu.page:
                return [it.ButtonPress("btn:menu:more")]
            return [it.ButtonPress(f"btn:menu:{i}")]
        return [it.ButtonPress("btn:menu:cancel")]
    k, args = a.kind, a.args
    if k == "play":
        return [it.Drop(f"card:{args[0]}", f"card:{args[1]}", 0, 0)]
    if k == "attack":
        return [it.Drop(f"card:{args[0]}", f"card:{args[1]}", 0, 0)]
    if k == "channel":
        return [it.Drop(f"card:{args[0]}", f"energy:{p.me}", 0, 0)]
    if k == "activate":
        return [it.RightClick(f"card:{args[0]}")]
    if k == "ignite":
        return [it.ButtonPress("btn:ignite")]
    if k == "pass":
        return [it.ButtonPress("btn:pass")]
    if k == "decline":
        return [it.ButtonPress("btn:decline")]
    if k in ("scout", "detach", "order"):          # a question's answer: its banner button
        answers = p.question.answers()
        i = answers.index(a)
        if i // PAGE != p.question.page % max(1, (len(answers) + PAGE - 1) // PAGE):
            return [it.ButtonPress("btn:answer:more")]
        return [it.ButtonPress(f"btn:answer:{i}")]
    return None

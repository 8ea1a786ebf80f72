"""How a player makes each Paragons action on the table: the intents (clicks on the class panels,
drags in the draft and the deck building, drops on the battle table, right-click menus, banner
buttons) the presenter turns into that action. Shared by the presenter tests and the shell tests."""

from __future__ import annotations

from presenter_helpers import answer  # noqa: F401  (re-exported: every game's tests answer one way)

from tabletop.core import Action
from tabletop.games.paragons.presentation.buildchart import DECK_AREA, RESERVE_AREA
from tabletop.games.paragons.presentation.chainbar import ANSWER_PAGE
from tabletop.games.paragons.presentation.draftroom import row_id
from tabletop.games.paragons.presentation.presenter import source
from tabletop.table import intents as it
from tabletop.table.actionmenu import MENU_PAGE

# a drop with no position of its own: the table page looks for a zone under (0, 0) only when the
# target itself means nothing, which no routed drop relies on
_AT = (0, 0)


def gestures(p, scene) -> list[tuple[str, str]]:
    """Every drop the table itself offers now: (card sprite, target) for each draggable card."""
    out = []
    for sprite in scene.sprites():
        if sprite.draggable and sprite.id.startswith("card:"):
            for t in sorted(p.drag_targets(sprite.id)):
                out.append((sprite.id, t))
    return out


def _there(p, sid: str) -> str:
    assert p.scene.get(sid) is not None, f"{sid} is not on the table"
    return sid


def _draggable(p, sid: str) -> str:
    s = p.scene.get(sid)
    assert s is not None and s.draggable, f"{sid} cannot be dragged"
    return sid


def route(p, a: Action) -> list | None:
    """The next intent on the way to `a` (call again after each: a menu may open first, a
    mulligan marks one card a click), or None when the table offers no way to make it."""
    k, args = a.kind, a.args
    # --- the draft room: class choice, draft, deck building, the swap between games ---------
    if k == "choose":
        return [it.Click(_there(p, f"room:class:{args[0]}"))]
    if k == "pick":
        c = f"card:{args[0]}"
        if args[0] % 2:                                   # now and then by dragging to your row
            return [it.Drop(_draggable(p, c), _there(p, row_id(p.me)), *_AT)]
        return [it.Click(_there(p, c))]
    if k in ("add", "remove"):
        c = f"card:{args[0]}"
        if args[0] % 2:
            area = DECK_AREA if k == "add" else RESERVE_AREA
            return [it.Drop(_draggable(p, c), _there(p, area), *_AT)]
        return [it.Click(_there(p, c))]
    if k == "done":
        return [it.ButtonPress(_there(p, "btn:room:done"))]
    # --- the battle table ---------------------------------------------------------------------
    if p.browser.pile:
        return [it.ButtonPress("btn:browse:close")]
    if p.menu.actions:
        if a in p.menu.actions:
            i = p.menu.actions.index(a)
            if i // MENU_PAGE != p.menu.page:
                return [it.ButtonPress(_there(p, "btn:menu:more"))]
            return [it.ButtonPress(_there(p, f"btn:menu:{i}"))]
        return [it.ButtonPress(_there(p, "btn:menu:cancel"))]
    if k == "mulligan":
        want = set(args[0])
        todo = sorted(set(p.marked) ^ want)
        if todo:
            return [it.Click(_there(p, f"card:{todo[0]}"))]
        return [it.ButtonPress(_there(p, "btn:mull" if want else "btn:keep"))]
    if k == "rechoose":
        answers = p.legal_of("rechoose")
        i = answers.index(a)
        if i // ANSWER_PAGE != p.chain.answer_page:
            return [it.ButtonPress(_there(p, "btn:ans:more"))]
        return [it.ButtonPress(_there(p, f"btn:ans:{i}"))]
    if k == "end_turn":
        return [it.ButtonPress(_there(p, "btn:end"))]
    if k == "decline":
        return [it.ButtonPress(_there(p, "btn:nodef" if p.legal_of("defend") else "btn:decline"))]
    if p.selected is not None:
        return [it.ButtonPress(_there(p, "btn:cancel"))]
    if k == "recruit":
        return [it.Click(_there(p, f"card:{args[0]}"))]
    if k in ("ability", "garrison"):
        return [it.RightClick(_there(p, f"card:{args[0]}"))]
    if k == "defend":
        attacker, defender = args
        if sum(1 for d in p.legal_of("defend") if d.args[1] == defender) == 1:
            return [it.Click(_there(p, f"card:{defender}"))]
        return [it.Drop(_draggable(p, f"card:{defender}"), _there(p, f"card:{attacker}"), *_AT)]
    if k in ("play", "reveal", "cast", "attack", "caster", "hide"):
        c = source(a)
        spots = sorted(p.action_spots(a)) or (["middle"] if p._untargeted(a) else [])
        ways = [(len(p._drop_acts(c, s)), s) for s in spots if a in p._drop_acts(c, s)]
        if not ways:
            return None
        _, spot = min(ways)                                # a spot that means this action alone, if any
        return [it.Drop(_draggable(p, f"card:{c}"), spot, *_AT)]
    return None


def choose(legal: list[Action], rng) -> Action:
    """A plausible player (rng: a random.Random): drafts and builds (a swap or two), keeps or
    sends back a hand, plays mercenaries, attacks (a player's Life first) and Recruits when it
    can, else anything legal."""
    def of(*kinds):
        return [a for a in legal if a.kind in kinds]
    for k in ("choose", "pick", "add", "rechoose"):
        if of(k):
            return rng.choice(of(k))
    if of("remove"):
        return rng.choice(of("remove")) if rng.random() < 0.5 else of("done")[0]
    if of("mulligan"):
        keep = [a for a in of("mulligan") if not a.args[0]]
        return keep[0] if rng.random() < 0.6 else rng.choice(of("mulligan"))
    face = [a for a in of("attack") if a.args[1] < 0]
    for acts, chance in ((face, 0.9), (of("play"), 0.8), (of("attack", "caster"), 0.7),
                         (of("recruit"), 0.5), (of("cast", "hide", "reveal"), 0.5)):
        if acts and rng.random() < chance:
            return rng.choice(acts)
    return rng.choice(legal)

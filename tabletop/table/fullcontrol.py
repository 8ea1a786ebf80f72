"""Full control: whether a player is asked before their own stack items resolve.

Games with a response stack (Trials' stack, Paragons' chain; core/response.py) give the priority
back to the player whose spell is on top once the others have passed. Digital card games let that
spell resolve without asking, since its player just chose it: with full control off (the default)
the table passes for them, unless they ask to be asked (the F key, or the toggle). An opponent's
item on top always asks, since the player may want to answer it.
"""

from __future__ import annotations

from tabletop.table.part import Part
from tabletop.table.presenter import LOCAL

TOOLTIP = ("On: you are asked before your own cards and effects resolve, to answer them yourself. "
           "Off: they resolve unless an opponent answers. Key: F")


class FullControl(Part):
    def __init__(self, table, decline) -> None:
        super().__init__(table)
        self.decline = decline              # the game's pass on the stack (an ActionKind)
        self.on = False                     # ask even on my own stack items (this match)

    def own_item_waits(self) -> bool:
        """The player holds the priority with an item of their own on top of the stack: the
        others have let it pass, and only the player's own answer could still come."""
        v, me = self.table.view, self.table.me
        return bool(v is not None and v.stack and v.prio == me and v.stack[-1].seat == me)

    def lets_resolve(self, legal) -> tuple | None:
        """The pass the table makes for the player on their own item, with the sentence that
        says so (the base presenter's auto_pass asks); None when the player is asked."""
        if self.on or not self.own_item_waits():
            return None
        move = next((a for a in legal if self.decline.matches(a)), None)
        return None if move is None else (move, "Letting your own card resolve… (F: full control)")

    def toggle(self) -> str:
        self.on = not self.on
        return LOCAL

    def put_button(self, x: float, y: float, w: float, seen: set, h: float | None = None) -> None:
        t = self.table
        t.put_button("btn:control", f"Full control: {'on' if self.on else 'off'}", x, y, w, True, False,
                     seen, h=h)
        t.scene.get("btn:control").tooltip = TOOLTIP

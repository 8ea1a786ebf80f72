"""What a link of the reaction chain holds: the shared StackItem (core/response.py) with Paragons' payload."""

from __future__ import annotations

from tabletop.core.response import StackItem

# kinds of link
MERC, SPELL, HIDE, ATTACK, DEFEND, ABILITY, CASTER, GARRISON, RECRUIT = (
    "merc", "spell", "hide", "attack", "defend", "ability", "caster", "garrison", "recruit")
# the moments a turn gives the other players (seat: the turn player): once the Beginning of the
# turn is done, and when the turn player would end it (resolving, the turn ends)
BEGIN, END = "begin", "end"
MOMENTS = (BEGIN, END)
FROM_HAND, FROM_HIDDEN = 0, 1


class Link(StackItem):
    """A declared Voluntary Action waiting on the chain. Saved as
    [kind, seat, card, design, index, space, bump, targets, origin, combo]."""

    __slots__ = ()
    card: int         # the card played, cast or revealed (a mercenary: on the board already,
                      # this link is its play); the attacker; the defender; the
                      # ability's mercenary; the garrisoned mercenary; the recruited card;
                      # -1 for a copy of a spell and for a card put face down
    design: str       # a copy: the design it copies; otherwise ""
    index: int        # ability: the effect's index; defend: the attacker it stops; else -1
    space: int        # merc: the space it goes to; else -1
    bump: int         # merc: where the occupant of that space moves; -1: the space is empty
    targets: tuple    # the chosen targets (targets.py encodes them)
    origin: int       # merc and spell: FROM_HAND or FROM_HIDDEN (where a rescinded card returns)
    combo: int        # 1 when its player had already played a card this turn

    @property
    def holds_card(self) -> bool:
        """Does a card wait on the chain in this link (a spell from a hand or a Hidden Pile; not
        a copy)? A mercenary played is on the board at once: its link holds no card."""
        return self.kind == SPELL and self.card >= 0

    def with_choices(self, space: int, bump: int, targets: tuple) -> "Link":
        """The same link with new choices (a link re-chosen when it resolves)."""
        return Link(self.kind, self.seat, self.card, self.design, self.index, space, bump, targets,
                    self.origin, self.combo)

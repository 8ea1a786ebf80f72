"""What a Trials stack item holds (the shared StackItem with Trials' payload)."""

from __future__ import annotations

from tabletop.core.response import StackItem


class TrialsItem(StackItem):
    """A declared play, activation, attack or ignite. Saved as
    [kind, seat, cid, index, avatar, detach, targets, opt], the form saves have always had."""

    __slots__ = ()
    cid: int          # the card played or activated, the attacker; -1 for an ignite
    index: int        # activate: the effect's index; attack: 1 if the attacker was Fallen;
                      # ignite: how many cards were exiled; play: -1
    avatar: int       # play: the Avatar it attaches to; activate: 1 if used from the Fallen side
    detach: int       # play: the One-Handed card it replaces, or -1
    targets: tuple    # the chosen targets (cards, or seats for an opponent effect)
    opt: int          # the scout choice

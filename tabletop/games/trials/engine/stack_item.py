"""What a Trials stack item holds (the shared StackItem with Trials' payload), and the decision
the engine waits for in the middle of a resolution (the shared Pending)."""

from __future__ import annotations

from tabletop.core.response import Pending, StackItem


class TrialsItem(StackItem):
    """A declared play, activation, attack, ignite or channel, or a triggered effect. Saved as
    [kind, seat, cid, index, avatar, detach, targets, opt], the form saves have always had."""

    __slots__ = ()
    cid: int          # the card played or activated, the attacker, the channelling Avatar, the
                      # card whose effect triggered; -1 for an ignite
    index: int        # activate, trigger: the effect's index on its side; attack: 1 if the
                      # attacker was Fallen; ignite: how many cards were exiled; play: -1
    avatar: int       # play: the Avatar it attaches to; activate, trigger: 1 if the effect is
                      # the Fallen side's
    detach: int       # play: the One-Handed card it replaces, or -1
    targets: tuple    # the chosen targets (cards, or seats for an opponent effect)
    opt: int          # 0 (scouts are chosen when they happen, rules version 2: TrialsChoice)


# TrialsChoice kinds
SCOUT, DETACH, ORDER = "scout", "detach", "order"
# TrialsChoice.at for a played card not yet attached: the choice comes before its effect's steps
ATTACHING = -1


class TrialsChoice(Pending):
    """A decision asked of `seat` while something resolves:

    scout   which card a scout takes (the top, the bottom or none); `card` is the card whose
            effect scouts
    detach  which One-Handed card makes room for `card` arriving on `avatar`, which holds two
    order   which of the effects that triggered together resolves first (asked of the player
            with initiative); `at` is the height of the stack where they go

    For scout and detach, `at` is the step of the resolving item's effect the choice belongs to
    (ATTACHING: the attaching of a played card, before its effect); the item is the state's
    `resolving`, and it goes on from there once the seat has chosen."""

    __slots__ = ()
    card: int
    avatar: int
    at: int

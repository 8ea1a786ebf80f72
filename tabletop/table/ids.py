"""Sprite ids: "card:12", "stk:12:0", "space:1:3". The number a sprite of a kind stands for is
read here, once for every game."""

from __future__ import annotations


def number(sprite_id: str | None, *heads: str) -> int | None:
    """The number after the head of `sprite_id` when its head is one of `heads` ("card:12" ->
    12; "stk:12:0" -> 12); None for another kind of sprite or a malformed id."""
    if not sprite_id:
        return None
    head, _, rest = sprite_id.partition(":")
    if head not in heads:
        return None
    try:
        return int(rest.split(":", 1)[0])
    except ValueError:
        return None

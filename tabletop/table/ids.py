"""Sprite ids, typed: a kind and its fields, `SpriteId("card", 12)`, spelled "card:12" for the
scene's dictionary, the tests and the logs. Every id the table's input reports is read once,
here (`sprite_id`), so a presenter asks `target.kind` and `target.fields` and never splits a
string. A field is an int ("12", "-2"), a pair of ints ("2,-1": a hex), or a word."""

from __future__ import annotations

import re
from functools import lru_cache

_INT = re.compile(r"-?\d+")
_PAIR = re.compile(r"(-?\d+),(-?\d+)")


def _spell(field) -> str:
    if isinstance(field, tuple):
        return ",".join(str(x) for x in field)
    return str(field)


def _read(text: str):
    if _INT.fullmatch(text):
        return int(text)
    pair = _PAIR.fullmatch(text)
    if pair:
        return int(pair[1]), int(pair[2])
    return text


class SpriteId(str):
    """A sprite's id: its `kind` ("card", "btn", "hex", a zone's name) and its `fields`."""

    kind: str
    fields: tuple

    def __new__(cls, kind: str, *fields) -> "SpriteId":
        self = super().__new__(cls, ":".join([kind, *map(_spell, fields)]))
        self.kind, self.fields = kind, tuple(fields)
        return self

    @classmethod
    def read(cls, text: str) -> "SpriteId":
        kind, *rest = str(text).split(":")
        return cls(kind, *map(_read, rest))

    def of(self, *kinds: str) -> bool:
        """Whether this is a sprite of one of `kinds`."""
        return self.kind in kinds

    def at(self, i: int, default=None):
        """Field `i`, or `default` when the id has fewer fields."""
        return self.fields[i] if i < len(self.fields) else default

    def __reduce__(self):
        return SpriteId, (self.kind, *self.fields)


def sprite_id(value) -> SpriteId | None:
    """The typed form of an id a gesture reports (None stays None)."""
    if value is None or isinstance(value, SpriteId):
        return value
    return _read_once(value) if type(value) is str else SpriteId.read(value)


@lru_cache(maxsize=8192)
def _read_once(text: str) -> SpriteId:
    """An id's typed form, read once: a move's playback asks every sprite of the table what
    card it stands for, event after event (a SpriteId is never changed once made)."""
    return SpriteId.read(text)


def number(value, *kinds: str) -> int | None:
    """The number a sprite of one of `kinds` stands for, its first field ("card:12" -> 12;
    "stk:12:0" -> 12); None for another kind of sprite or an id without a number."""
    sid = sprite_id(value) if value else None
    if sid is None or sid.kind not in kinds:
        return None
    first = sid.at(0)
    return first if isinstance(first, int) else None

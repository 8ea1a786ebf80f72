"""Actions: small frozen values with a stable JSON form and a human label."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def freeze(value: Any) -> Any:
    """Lists become tuples, all the way down: what Action does with its args."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision by one seat.

    `kind` names the decision ("draw", "trade", ...); `args` holds ints and
    strings (nested tuples allowed). The label is for people and takes no part
    in equality, so an action rebuilt from JSON equals the one the engine listed.
    """

    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", freeze(self.args))

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": _thaw(self.args)}

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], freeze(data.get("args", [])))

    def __str__(self) -> str:
        return self.label or f"{self.kind}{list(self.args)}"

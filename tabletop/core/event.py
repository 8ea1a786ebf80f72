"""Events: what an action did, for the table to animate and the log to narrate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened.

    `text` is the plain-words line for the log. When the event carries a secret
    (a card drawn into a hand), `private_to` names the only seat that may read
    `text`/`data`; everyone else gets `public_text` and `public_data`.
    `reveals` marks events that expose hidden information or randomness
    (a draw, a shuffle, a die roll): undo never steps back across them.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None
    public_text: str = ""
    public_data: dict[str, Any] = field(default_factory=dict)
    reveals: bool = False

    def for_seat(self, seat: int | None) -> "Event":
        """The event as `seat` may see it (None: a spectator who sees no secret)."""
        if self.private_to is None or self.private_to == seat:
            return self
        return Event(self.kind, self.public_text, dict(self.public_data), None,
                     self.public_text, dict(self.public_data), self.reveals)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data}
        if self.private_to is not None:
            out.update(private_to=self.private_to, public_text=self.public_text,
                       public_data=self.public_data)
        if self.reveals:
            out["reveals"] = True
        return out

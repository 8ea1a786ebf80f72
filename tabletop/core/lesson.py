"""Lessons: a game's guided first match, written as data, and what following one means.

A lesson is one plain dict in the game's plugin (tabletop/games/<id>/lessons/lesson.py, named by the
plugin's `lesson`); docs/LESSONS.md shows how to write one and check it. It fixes the match
(seed, options, seats: seat 0 is the learner) and lists its steps in order. Every step is one
move of the match, so the step the learner is on is simply the length of the match's log:
a saved lesson resumes at the same step with nothing more saved than which lesson it is.

A learner's step:
    {"say": "At most three short sentences, a friendly teacher's.",
     "point": ["deck", "btn:draw"],        # what the table spotlights: sprite, zone or button ids
     "expect": {"kind": "draw"},           # the move it teaches; args too, or {"any": True}
     "do": [["click", "deck"]],            # the gestures that make it (the check plays them)
     "then": "What to say once the move has been made.",
     "aim": "This step is about drawing.",  # said when another move is tried (optional)
     "terms": ["Sky tableau"]}             # glossary entries of the rules page (optional)
The lesson may promise how it ends ("winner": 0, the learner wins the match on its last step);
the check holds it to that. A bot's step (its moves are fixed, so every step is certain; a bot step names a move the bot
could choose from its own view: the lesson never reads its hidden cards):
    {"bot": {"kind": "play", "args": [33]}, "say": "optional words while it plays"}

Gestures: ["click", target], ["button", button_id], ["drag", sprite_id, target], ["key", name],
["right_click", target] (a piece's menu of moves, where a game offers some only there).
Everything here is headless: the table toolkit (tabletop/table/lesson.py) resolves the pointers
and plays the gestures, the shell shows the words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.action import Action, freeze

MAX_SENTENCES = 3
GESTURES = {"click": 1, "button": 1, "drag": 2, "key": 1, "right_click": 1}


class LessonError(ValueError):
    """A lesson's data is malformed; str(error) names the step and what is wrong."""


@dataclass(frozen=True)
class Expect:
    """A matcher on a move: its kind, and its arguments unless any will do; `any`: any legal move."""

    kind: str | None = None
    args: tuple | None = None
    any: bool = False

    def matches(self, action: Action) -> bool:
        if self.any:
            return True
        return action.kind == self.kind and (self.args is None or tuple(action.args) == self.args)

    def action(self) -> Action | None:
        """The one move this matcher names (None when it allows several)."""
        if self.any or self.args is None:
            return None
        return Action(self.kind, self.args)

    @classmethod
    def from_data(cls, data: Any, where: str) -> "Expect":
        if not isinstance(data, dict):
            raise LessonError(f"{where}: a move is written as {{'kind': ..., 'args': [...]}}.")
        if data.get("any"):
            return cls(any=True)
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise LessonError(f"{where}: the move names no kind.")
        args = data.get("args")
        if args is not None and not isinstance(args, (list, tuple)):
            raise LessonError(f"{where}: a move's args are a list.")
        return cls(kind, None if args is None else freeze(args))


@dataclass(frozen=True)
class Step:
    say: str = ""
    expect: Expect = field(default_factory=lambda: Expect(any=True))
    by_bot: bool = False
    point: tuple[str, ...] = ()
    do: tuple[tuple, ...] = ()
    then: str = ""
    aim: str = ""
    terms: tuple[str, ...] = ()

    def refusal(self) -> str:
        """What the learner is told when they try another move at this step."""
        return f"Not just now. {self.aim or first_sentence(self.say)}"


@dataclass(frozen=True)
class Lesson:
    game: str
    title: str
    seed: int
    options: dict
    seats: tuple[dict, ...]          # seat 0 is the learner; every other seat a scripted bot
    steps: tuple[Step, ...]
    minutes: int = 12
    winner: int | None = None        # the seat the lesson promises wins the match at its end

    # --- where the learner is ------------------------------------------------------------
    def step_at(self, moves: int) -> Step | None:
        """The step a match with `moves` moves in its log is on (None: the lesson is over)."""
        return self.steps[moves] if 0 <= moves < len(self.steps) else None

    def done(self, moves: int) -> bool:
        return moves >= len(self.steps)

    def learner_steps(self) -> list[int]:
        """The indices of the learner's steps (what "step 3 of 11" counts)."""
        return [i for i, s in enumerate(self.steps) if not s.by_bot]

    def number_of(self, moves: int) -> tuple[int, int]:
        """(the learner's step number, how many there are) at `moves`: 1-based, and the
        step about to come while a bot plays."""
        mine = self.learner_steps()
        return min(len(mine), sum(1 for i in mine if i < moves) + 1), len(mine)

    def refusal(self, moves: int, action: Action) -> str | None:
        """None when `action` is what the step at `moves` expects, else the sentence that says
        what this step teaches (the engine never sees a refused move)."""
        step = self.step_at(moves)
        if step is None or step.by_bot or step.expect.matches(action):
            return None
        return step.refusal()

    def bot_move(self, moves: int) -> Action | None:
        """The scripted bot's move at `moves`, if the step there is the bot's."""
        step = self.step_at(moves)
        return step.expect.action() if step is not None and step.by_bot else None

    def said_before(self, moves: int) -> str:
        """The words that follow the last move (its step's `then`), or "" at the start; past
        the lesson's end (the match played on), the last step's, until the lesson is left."""
        step = self.step_at(min(moves, len(self.steps)) - 1)
        return step.then if step is not None else ""

    # --- reading the data --------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any) -> "Lesson":
        """The lesson in a plugin's plain data; LessonError names what is wrong."""
        if not isinstance(data, dict):
            raise LessonError("A lesson is a dict with game, title, seed, options, seats and steps.")
        for key, kind in (("game", str), ("title", str), ("seed", int), ("steps", list)):
            if not isinstance(data.get(key), kind):
                raise LessonError(f"The lesson's {key!r} is missing or not a {kind.__name__}.")
        options = data.get("options", {})
        seats = data.get("seats", [{"name": "You"}, {"name": "Bot"}])
        if not isinstance(options, dict) or not isinstance(seats, list) or len(seats) < 2:
            raise LessonError("The lesson's options are a dict and its seats a list of two or more.")
        steps = tuple(_step(raw, i + 1) for i, raw in enumerate(data["steps"]))
        if not steps:
            raise LessonError("A lesson has at least one step.")
        winner = data.get("winner")
        if winner is not None and (not isinstance(winner, int) or not 0 <= winner < len(seats)):
            raise LessonError("The lesson's 'winner' is a seat number.")
        return cls(data["game"], data["title"], data["seed"], dict(options),
                   tuple(dict(s) for s in seats), steps, int(data.get("minutes", 12)), winner)


def _text_list(value, where: str, what: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LessonError(f"{where}: {what} is a list of ids or words.")
    return tuple(value)


def _step(raw: Any, n: int) -> Step:
    where = f"Step {n}"
    if not isinstance(raw, dict):
        raise LessonError(f"{where} is not a dict.")
    unknown = set(raw) - {"say", "point", "expect", "do", "then", "aim", "terms", "bot"}
    if unknown:
        raise LessonError(f"{where} has keys no lesson uses: {', '.join(sorted(unknown))}.")
    texts = {k: raw.get(k, "") for k in ("say", "then", "aim")}
    for k, v in texts.items():
        if not isinstance(v, str):
            raise LessonError(f"{where}: {k!r} is text.")
    if "bot" in raw:
        expect = Expect.from_data(raw["bot"], f"{where} (the bot's move)")
        if expect.any:
            raise LessonError(f"{where}: a bot's move names its kind (and args, if it has any).")
        if expect.args is None:                     # a move without arguments (a draw)
            expect = Expect(expect.kind, ())
        return Step(texts["say"], expect, True, then=texts["then"])
    if not texts["say"]:
        raise LessonError(f"{where}: a learner's step says something.")
    gestures = []
    for g in raw.get("do", []):
        if (not isinstance(g, (list, tuple)) or not g or g[0] not in GESTURES
                or len(g) != 1 + GESTURES[g[0]] or not all(isinstance(x, str) for x in g[1:])):
            raise LessonError(f"{where}: the gesture {g!r} is not one of "
                              f"{', '.join(GESTURES)} with its ids.")
        gestures.append(tuple(g))
    return Step(texts["say"], Expect.from_data(raw.get("expect", {"any": True}), where), False,
                _text_list(raw.get("point"), where, "point"), tuple(gestures), texts["then"],
                texts["aim"], _text_list(raw.get("terms"), where, "terms"))


_SENTENCE_END = re.compile(r"[.!?](?:[\"')\]]*)(?=\s|$)")


def sentences(text: str) -> int:
    """How many sentences `text` holds (ends of sentences: . ! or ? before a space or the end)."""
    return len(_SENTENCE_END.findall(text.strip()))


def first_sentence(text: str) -> str:
    m = _SENTENCE_END.search(text)
    return text[:m.end()] if m else text

"""A lesson on the table (the lesson itself: tabletop/core/lesson.py): where its pointers are,
the gestures its steps name, the referee that keeps the match to the script, and the headless
check that plays a whole lesson the way a learner would.

`LessonReferee` is what the app and the check share: between the table and the match it refuses
a move the step does not teach (the engine never sees it) and names the scripted bot's moves.
`check_lesson` builds the game's real table (scene, presenter, session) without a window, and
for every learner's step resolves each pointer against the scene, plays the step's gestures
with the mouse on the scene, and sees the move they make is the one expected and legal.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tabletop.core import Action
from tabletop.core.lesson import MAX_SENTENCES, Lesson, sentences
from tabletop.core.match import Checked, Match, Seat
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.scene import Scene
from tabletop.table.session import TableSession
from tabletop.table.sprites import ButtonSprite

CHECK_WINDOW = (1280, 720)    # the smallest window a player meets: every pointer must show there


class LessonStuck(Exception):
    """A pointer or gesture names nothing the table shows now; str() says which."""


# --- the match a lesson plays -------------------------------------------------------------
def lesson_match(game, lesson: Lesson) -> Match:
    """A new match of `lesson`: its seed, options and seats (seat 0 the learner)."""
    seats = [Seat("human", str(lesson.seats[0].get("name", "You")))]
    for s in lesson.seats[1:]:
        seats.append(Seat("bot", str(s.get("name", "Bot")), str(s.get("bot", "greedy")),
                          str(s.get("difficulty", "easy"))))
    match = Match(game, seats, lesson.seed, lesson.options)
    match.lesson = lesson.game
    return match


class LessonReferee:
    """The lesson's say over a match: the step is the log's length."""

    def __init__(self, lesson: Lesson, match: Match) -> None:
        self.lesson, self.match = lesson, match

    @property
    def moves(self) -> int:
        return len(self.match.log)

    def step(self):
        return self.lesson.step_at(self.moves)

    def refusal(self, action: Action) -> str | None:
        return self.lesson.refusal(self.moves, action)

    def bot_move(self) -> Action | None:
        return self.lesson.bot_move(self.moves)

    def over(self) -> bool:
        return self.lesson.done(self.moves)


# --- pointers on the scene ------------------------------------------------------------------
def target_rect(scene, target: str):
    """The virtual rectangle (x, y, w, h) of a sprite or zone id, or None."""
    sprite = scene.get(target)
    if sprite is not None:
        return (sprite.x, sprite.y, sprite.w, sprite.h) if sprite.visible else None
    zone = scene.zone(target)
    return tuple(zone.rect) if zone is not None and not zone.hidden else None


def aim(scene, target: str, dropping: str | None = None) -> tuple[float, float]:
    """Where, in the scene's screen pixels, a press lands on `target`: a point of the sprite
    no other piece covers (or of the zone no piece covers), as a person aims at what they see."""
    vp = scene.viewport
    sprite = scene.get(target)
    if sprite is None:
        zone = scene.zone(target)
        if zone is None:
            raise LessonStuck(f"{target} is neither a piece on the table nor a zone of it")
        x, y, w, h = zone.rect
        cells = [(x + w / 2, y + h / 2)] + [(x + w * (i + .5) / 6, y + h * (j + .5) / 6)
                                           for j in range(6) for i in range(6)]
        for vx, vy in cells:
            if scene.sprite_at(vx, vy, exclude=dropping) is None:
                return vp.to_screen(vx, vy)
        return vp.to_screen(x + w / 2, y + h / 2)
    if not sprite.visible:
        raise LessonStuck(f"{target} is hidden")
    r = sprite.screen_rect(vp)
    among = scene._droppable if dropping else None
    for fy in (.5, .3, .7, .15, .85):
        for fx in (.5, .3, .7, .15, .85, .05, .95):
            sx, sy = r.x + r.w * fx, r.y + r.h * fy
            top = scene.sprite_at(*vp.to_virtual(sx, sy), exclude=dropping, among=among)
            if top is not None and top.id == target:
                return sx, sy
    raise LessonStuck(f"{target} is covered everywhere on the table")


def gesture_intents(scene, gesture: tuple, between=None) -> list:
    """Make one of a step's gestures with the mouse (or a key) on the scene, as a person would:
    the intents it reports. A drag's pick-up is handed to `between` (the session, which marks
    where the piece may land) before the drop is aimed. LessonStuck when it cannot be made."""
    kind, *ids = gesture
    if kind == "key":
        return scene.key(ids[0])
    if kind == "button":
        b = scene.get(ids[0])
        if not isinstance(b, ButtonSprite):
            raise LessonStuck(f"no button {ids[0]} on the table")
        if not b.enabled:
            raise LessonStuck(f"the button {ids[0]} is greyed out")
    if kind in ("click", "button"):
        x, y = aim(scene, ids[0])
        scene.mouse_move(x, y)
        return scene.mouse_down(x, y) + scene.mouse_up(x, y)
    if kind == "right_click":
        x, y = aim(scene, ids[0])
        scene.mouse_move(x, y)
        return scene.mouse_down(x, y, button=3) + scene.mouse_up(x, y, button=3)
    piece, target = ids
    sprite = scene.get(piece)
    if sprite is None or not sprite.draggable:
        raise LessonStuck(f"{piece} cannot be picked up")
    x, y = aim(scene, piece)
    got = scene.mouse_down(x, y)
    for d in (4, 10, 18):                      # past the drag threshold: the pick-up
        got += scene.mouse_move(x + d, y + d)
    if scene.dragging != piece:
        raise LessonStuck(f"{piece} was not picked up")
    if between is not None:
        between(got)
    ex, ey = aim(scene, target, dropping=piece)
    scene.mouse_move(ex, ey)
    return scene.mouse_up(ex, ey)


# --- the check ----------------------------------------------------------------------------
class _Mover:
    """Where the check's table sends moves: the referee first, then the match; the scripted
    bots answer at once."""

    def __init__(self, referee: LessonReferee) -> None:
        self.referee, self.match = referee, referee.match
        self.made: list[Action] = []
        self.refused: list[str] = []

    def check(self, action: Action) -> Checked:
        why = self.referee.refusal(action)
        return Checked(action, why, self.match.version) if why else self.match.check(action)

    def try_action(self, action) -> str | None:
        checked = action if isinstance(action, Checked) else self.check(action)
        if checked.reason:
            self.refused.append(checked.reason)
            return checked.reason
        self.match.play(checked)
        self.made.append(checked.action)
        return None

    def lift_curtain(self) -> None:
        pass


class LessonCheck:
    """The game's real table without a window, playing a lesson through the table session."""

    def __init__(self, game, lesson: Lesson, make_presenter, faces_dir: Path | None = None,
                 window=CHECK_WINDOW) -> None:
        self.game, self.lesson = game, lesson
        self.match = lesson_match(game, lesson)
        self.referee = LessonReferee(lesson, self.match)
        layout = Layout.load(game.info.id, len(self.match.seats))
        self.scene = Scene(virtual=layout.size, layout=layout, faces=FaceCache(faces_dir))
        self.scene.pace = 0
        self.scene.resize(*window)
        names = [s.name for s in self.match.seats]
        self.presenter = make_presenter(self.scene, self.scene.faces, SimpleNamespace(), names)
        self.mover = _Mover(self.referee)
        self.session = TableSession(self.scene, self.presenter, self.mover, refresh=self.show)
        self.show()

    def show(self) -> None:
        m = self.match
        mine = m.to_act == 0
        self.presenter.sync(m.game.view(m.state, 0), m.legal_actions() if mine else [], mine, [])

    def play_bots(self) -> None:
        while not self.referee.over() and self.lesson.step_at(self.referee.moves).by_bot:
            move = self.referee.bot_move()
            why = self.match.check(move).reason if self.match.to_act != 0 else "it is the learner's turn"
            if why:
                raise LessonStuck(f"step {self.referee.moves + 1}: the bot's {move.kind} "
                                  f"{list(move.args)} is not legal: {why}")
            self.match.play(move)
        self.show()

    def gesture(self, g: tuple) -> None:
        """One gesture on the scene, its intents handled by the session as the table page does."""
        self.session.handle(gesture_intents(self.scene, g, between=self.session.handle))

    def run(self) -> list[str]:
        """Play the whole lesson; the problems found (none: it passes)."""
        problems: list[str] = []
        for i, step in enumerate(self.lesson.steps):
            where = f"step {i + 1}"
            for text in (step.say, step.then, step.aim):
                if sentences(text) > MAX_SENTENCES:
                    problems.append(f"{where}: more than {MAX_SENTENCES} sentences: {text[:60]}…")
        try:
            self._play(problems)
        except LessonStuck as exc:
            problems.append(str(exc))
        return problems

    def _play(self, problems: list[str]) -> None:
        lesson, match = self.lesson, self.match
        self.play_bots()
        while not self.referee.over():
            n = self.referee.moves
            step, where = lesson.step_at(n), f"step {n + 1}"
            if match.to_act != 0:
                raise LessonStuck(f"{where} is the learner's, but the match waits for seat "
                                  f"{match.to_act}")
            legal = match.legal_actions()
            wanted = step.expect.action()
            if wanted is not None and wanted not in legal:
                raise LessonStuck(f"{where} expects {wanted.kind} {list(wanted.args)}, which is not "
                                  f"legal here: {match.why_illegal(wanted) or 'not among the moves'}")
            if not any(step.expect.matches(a) for a in legal):
                raise LessonStuck(f"{where} expects a {step.expect.kind} move, and none is legal")
            for p in step.point:
                if target_rect(self.scene, p) is None:
                    raise LessonStuck(f"{where} points at {p}, which is not on the table")
            if not step.do:
                raise LessonStuck(f"{where} names no gestures to make its move")
            for g in step.do:
                if self.referee.moves != n:
                    raise LessonStuck(f"{where}: a move was made before the gesture {list(g)}")
                try:
                    self.gesture(g)
                except LessonStuck as exc:
                    raise LessonStuck(f"{where}: {exc}") from None
            if self.referee.moves == n:
                said = self.mover.refused[-1] if self.mover.refused else self.scene.status
                raise LessonStuck(f"{where}: its gestures made no move ({said or 'nothing said'})")
            made = self.mover.made[-1]
            if not step.expect.matches(made):
                raise LessonStuck(f"{where}: the gestures made {made}, not the move expected")
            self.play_bots()
        if len(match.log) != len(lesson.steps):
            problems.append("the lesson ended before its last step")
        if lesson.winner is not None:
            result = match.result()
            if result is None or list(result.winners) != [lesson.winner]:
                said = "the match goes on" if result is None else f"winners {list(result.winners)}"
                problems.append(f"the lesson promises {match.seats[lesson.winner].name} wins at "
                                f"its end, but {said}")


def check_lesson(game, lesson: Lesson, make_presenter, rules_markdown: str = "",
                 faces_dir: Path | None = None) -> list[str]:
    """Every problem of `lesson` on the game's real table; [] when it plays to its end.
    `rules_markdown`: the rules page, whose Glossary must hold every term a step links."""
    problems = []
    if lesson.game != game.info.id:
        problems.append(f"the lesson is for {lesson.game}, not {game.info.id}")
    glossary = rules_markdown.partition("## Glossary")[2]
    for i, step in enumerate(lesson.steps):
        for term in step.terms:
            if f"**{term}**" not in glossary:
                problems.append(f"step {i + 1}: the rules page's Glossary has no entry {term!r}")
    return problems + LessonCheck(game, lesson, make_presenter, faces_dir).run()

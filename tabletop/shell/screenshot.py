"""`tabletop screenshot` and the frame benchmark: the real shell and table, offscreen."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path


def _headless() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _app(ratio: float = 1.0):
    """The QApplication; a new one at `ratio` device pixels per logical pixel (a 200% screen:
    2), as Qt's QT_SCALE_FACTOR makes it."""
    _headless()
    from PySide6.QtWidgets import QApplication

    from tabletop.shell.theme import apply_theme
    app = QApplication.instance()
    if app is None:
        if ratio != 1.0:
            os.environ["QT_SCALE_FACTOR"] = f"{ratio:g}"
        app = QApplication(["tabletop"])
        apply_theme(app)
    return app


def _match_after(game_id: str, seed: int, moves: int):
    """A match (you against a bot) after `moves` random legal moves, stopping at your turn."""
    from tabletop.core import Rng
    from tabletop.core.match import Match, Seat
    from tabletop.games.registry import get_game
    game = get_game(game_id)
    match = Match(game, [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], seed)
    rng = Rng(seed)
    for _ in range(moves):
        if match.to_act is None:
            break
        match.play(rng.choice(match.legal_actions()))
    # leave it on a human decision so the screenshot shows the player's options
    for _ in range(200):
        if match.to_act in (None, 0):
            break
        match.play(rng.choice(match.legal_actions()))
    return match


def _settle(app, page, seconds: float = 1.5) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        if page.scene is not None and not page.scene.busy:
            break
        time.sleep(0.01)
    for _ in range(5):
        app.processEvents()


def screenshot(game_id: str, out: Path, seed: int = 1, moves: int = 0,
               size: tuple[int, int] = (1920, 1080), scale: float = 1.0) -> Path:
    """The main window at `size` (logical pixels) with a match of `game_id` after `moves`
    random moves, as a PNG of `scale` device pixels per logical pixel: scale 2 is the window
    on a 200% screen, twice as wide and tall, everything drawn at that resolution."""
    from tabletop.store.saves import SaveStore
    app = _app()
    from tabletop.shell.main_window import MainWindow
    from tabletop.shell.widgets import dispose
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        win = MainWindow(store=SaveStore(Path(tmp)))
        win.settings.animation_speed = 0          # pieces straight to their places
        win.resize(*size)
        win.show()
        match = _match_after(game_id, seed, moves)
        win.open_match(match)
        win.table.ctrl.paused = True              # the bot waits: we photograph this moment
        win.table.scene.pace = 0
        _settle(app, win.table)
        out.parent.mkdir(parents=True, exist_ok=True)
        photo(win, scale).save(str(out), "PNG", 80)     # lighter compression: 0.6 s faster
        win.table.leave()
        win.hide()               # not close(): closing saves the settings, animations off and all
        dispose(win)             # now: a window left to deleteLater can outlive the app
    return out


def photo(widget, scale: float = 1.0):
    """`widget` painted into an image of `scale` device pixels per logical pixel (as
    QWidget.grab, whose scale is the screen's)."""
    from PySide6.QtGui import QImage
    if not (0.25 <= scale <= 8):
        raise ValueError(f"a screenshot's scale is between 0.25 and 8, not {scale}")
    w, h = round(widget.width() * scale), round(widget.height() * scale)
    image = QImage(w, h, QImage.Format_RGB32)
    image.setDevicePixelRatio(scale)
    image.fill(widget.palette().window().color())
    widget.render(image)
    image.setDevicePixelRatio(1.0)
    return image


def _busiest_match(game_id: str, seed: int = 3, moves: int = 400):
    """The position with the most cards on the table within `moves` seeded random moves."""
    from tabletop.core import Rng
    from tabletop.core.match import Match, Seat
    from tabletop.games.registry import get_game
    game = get_game(game_id)
    match = Match(game, [Seat("human", "You"), Seat("bot", "Bot")], seed)
    rng = Rng(seed)
    best, best_n = 0, -1
    for i in range(moves):
        if match.to_act is None:
            break
        match.play(rng.choice(match.legal_actions()))
        n = len(json_cards(game.view_to_json(game.view(match.state, 0))))
        if n > best_n and match.to_act == 0:
            best, best_n = i + 1, n
    del match.log[best:]
    match.state = match.replay()
    return match


def json_cards(data) -> list:
    """Every card id mentioned in a view (a rough count of what the table draws)."""
    out = []
    if isinstance(data, dict):
        for k, v in data.items():
            if k in ("deck", "rng", "known"):
                continue
            out += json_cards(v)
    elif isinstance(data, list):
        for v in data:
            out += json_cards(v) if isinstance(v, (list, dict)) else ([v] if isinstance(v, int) else [])
    return out


def frame_figures(game_id: str, frames: int = 40, size: tuple[int, int] = (1920, 1080),
                  ratio: float = 1.0) -> dict:
    """What a frame of the busiest table costs, offscreen at `size` logical pixels, `ratio`
    device pixels each (2: 3840x2160 pixels for 1920x1080), in milliseconds (medians):

    - `frame_ms`: the steady frame, the table on screen while little changes: the thinking
      pill's spinner turns and the pointer rests on a card, lifting it and peeking at it, then
      leaves (scene.update and render, at 60 frames a second);
    - `frame_move_ms`: the frame after a move (the table shows the next position, every piece
      where the move leaves it, animations off);
    - `frame_whole_ms`: every sprite drawn afresh (what every frame cost before frames were
      drawn in part, and what the first frame of a table costs).
    """
    _headless()
    import copy
    from tabletop.core import Rng
    from tabletop.shell.presentations import presentation
    from tabletop.store.settings import Settings
    from tabletop.table.card import CardSprite
    from tabletop.table.faces import FaceCache
    from tabletop.table.layout import Layout
    from tabletop.table.pgsetup import init_offscreen, make_target
    from tabletop.table.scene import Scene
    init_offscreen()
    match = _busiest_match(game_id)
    game = match.game
    layout = Layout.load(game_id, len(match.seats))
    scene = Scene(virtual=layout.size, layout=layout)
    scene.pace = 0
    scene.ratio = ratio
    size = (round(size[0] * ratio), round(size[1] * ratio))
    presenter = presentation(game_id).make_presenter(scene, FaceCache(), Settings(),
                                                     ["You", "Bot"])
    before = (game.view(match.state, 0), match.legal_actions())
    state = copy.deepcopy(match.state)
    game.apply(state, Rng(5).choice(game.legal_actions(state)))
    after = (game.view(state, 0), game.legal_actions(state) if game.to_act(state) == 0 else [])
    target = make_target(*size)
    scene.resize(*size)

    def show(position) -> None:
        presenter.sync(position[0], position[1], bool(position[1]), [])
        scene.update(1.0)

    def timed(step) -> float:
        t = time.perf_counter()
        step()
        return (time.perf_counter() - t) * 1000

    for position in (after, before):               # warm the face caches for both
        show(position)
        scene.render(target)
    scene.frame_cache = False
    whole = [timed(lambda: scene.render(target)) for _ in range(frames)]
    scene.frame_cache = True
    moves = []
    for i in range(frames):
        show(after if i % 2 == 0 else before)
        moves.append(timed(lambda: scene.render(target)))
    # the steady table: the pill turns; the pointer comes to rest on a card, then leaves it
    scene.render(target)
    scene.set_thinking("Bot is thinking…")
    cards = [s for s in scene.sprites() if isinstance(s, CardSprite) and s.visible]
    card = max(cards, key=lambda s: (s.draggable, s.z), default=None)
    steady = []
    for i in range(max(frames, 60)):
        if card is not None and i == 5:
            r = card.screen_rect(scene.viewport)
            scene.mouse_move(r.centerx, r.centery)
            zoom = presenter.zoom(card.id)
            if zoom is not None:
                scene.peek(card.id, zoom[0], zoom[1])
        if i == max(frames, 60) - 15:
            scene.mouse_leave()
            scene.peek(None)
        steady.append(timed(lambda: (scene.update(1 / 60), scene.render(target))))
    return {"frame_ms": round(statistics.median(steady), 2),
            "frame_steady_p95": round(sorted(steady)[int(0.95 * (len(steady) - 1))], 2),
            "frame_move_ms": round(statistics.median(moves), 2),
            "frame_whole_ms": round(statistics.median(whole), 2),
            "frame_sprites": len(scene.sprites())}

"""The second half of a journey, in a fresh process as after a restart: the app opened anew,
Home → Continue, the position written out, then the match played on by hand against the bot
to the match-over screen (or `limit` moves by hand). Prints one JSON line.

    python tests/journey_resume.py GAME SEAT LIMIT     (TABLETOP_HOME set by the caller)
    python tests/journey_resume.py GAME                SEAT LIMIT read from stdin

The second form is started while the first process still plays: it loads its modules (which
read nothing of TABLETOP_HOME), then waits for the line, sent once the first app has closed,
before it opens the app. The modules' loading is then not part of the journey's time."""
import faulthandler
import json
import os
import sys

faulthandler.enable()
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    from PySide6.QtWidgets import QApplication
    from journey_games import GAMES
    from tabletop.shell import warmer
    warmer.ENABLED = False       # as in conftest: composing every face ahead only loads the machine
    from player import Player, click, wait_until
    from tabletop.shell.main_window import MainWindow  # noqa: F401 - loaded before the go
    from tabletop.store.history import History
    game = sys.argv[1]
    if len(sys.argv) > 2:
        seat, limit = int(sys.argv[2]), int(sys.argv[3])
    else:                                 # the first app has closed when this line comes
        seat, limit = (int(x) for x in sys.stdin.readline().split())
    app = QApplication([])
    me = Player()
    assert me.win.home.continue_btn.isEnabled(), "Continue is not offered"
    click(me.win.home.continue_btn)
    wait_until(me.on_table, what="the table after Continue")
    me.settle_table()
    out = {"game": me.ctrl.match.game.info.id, "view": me.seat_view_json(seat),
           "log": len(me.ctrl.match.log)}
    g = GAMES[game]
    out["made"] = me.play(limit, g.route, g.choose, until_over=limit <= 0)
    out["over"] = me.ctrl.match.result() is not None
    out["summary"] = me.page.summary is not None and me.page.summary.isVisible()
    with History() as history:            # the finished match went into the statistics
        out["remembered"] = [[r.id, r.outcome, r.moves] for r in history.matches(game)]
    me.close()
    app.quit()
    print("JOURNEY " + json.dumps(out), flush=True)


if __name__ == "__main__":      # the bot worker is spawned: it must not run this again
    main()

"""What a journey needs to know of each game: how a player makes a move on its table (the
game's route from an action to gestures), which move a player picks, the seat modes its
New match dialog offers and how many moves by hand a resumed match plays on before it stops
(0: to the match-over screen)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from player import choose as pick_entry


@dataclass(frozen=True)
class JourneyGame:
    route: Callable                                 # (presenter, action) -> [intent] | None
    choose: Callable | None = None                  # (legal, rng) -> action; None: any legal
    modes: dict[str, Callable] = field(default_factory=dict)   # mode -> New match set-up
    play_on: int = 0                                # moves by hand after the resume; 0: to the end


def seats(n: int, play_on: int | None = None, **options) -> Callable:
    """The dialog set to n players, its bots on easy (quick to answer: the journey is about
    the app, not the bot's strength) and the game's `options` chosen; `play_on` stops a long
    mode's resumed match after that many moves by hand instead of at its end."""
    def setup(dlg):
        pick_entry(dlg.players, n)
        for row in dlg.rows:
            if row.kind.currentData() != "human":
                pick_entry(row.kind, "bot:easy")
        for key, value in options.items():
            pick_entry(dlg.option_boxes[key], value)
    setup.play_on = play_on
    return setup


def _trials():
    from trials_ui_helpers import route
    return JourneyGame(route, modes={"2 players": seats(2), "3 players": seats(3, play_on=15),
                                     "4 players": seats(4, play_on=15)})


def _pariah_choice(legal, rng):
    """Any move, but an attack only with its dice on the main target: the plan panel lists
    five targets, so dice shared onto a sixth can be given only from the move list (noted
    for the readable-table issue)."""
    plain = [a for a in legal if a.kind != "attack" or len(a.args[1]) == 1]
    return rng.choice(plain or legal)


def _pariah():
    from pariah_ui_helpers import route
    # 2 against 2: 20 moves after the resume (2 players plays to the end), for the suite's time
    return JourneyGame(route, _pariah_choice, modes={"2 players": seats(2), "2 against 2": seats(4, play_on=20)})


def _paragons():
    from paragons_ui_helpers import choose, route
    return JourneyGame(route, choose, modes={
        # a drafted match to its end (test_shell_paragons plays a whole best of 3 at the table)
        "drafted": seats(2, variant="draft", best_of=1),
        "three-for-all": seats(3, play_on=15, variant="preconstructed", best_of=1)})


def _paargus():
    from paargus_ui_helpers import choose, route
    return JourneyGame(route, choose, modes={"2 players": seats(2)})


def _brawl():
    from brawl_ui_helpers import choose, route
    return JourneyGame(route, choose, modes={"2 players": seats(2)})


GAMES: dict[str, JourneyGame] = {}
for _name, _make in (("trials", _trials), ("pariah", _pariah), ("paragons", _paragons),
                     ("paargus", _paargus), ("brawl", _brawl)):
    GAMES[_name] = _make()

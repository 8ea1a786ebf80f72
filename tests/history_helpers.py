"""Finished matches for the match history's tests and screenshots (no tests here): real
matches of the five games, you against a bot of some level, played to their end by seeded
random moves, with the starting choices a player makes in the new-match dialog (a Trials
starter, Pariah's factions), and dated over the past weeks as a player's history would be.

    python tests/history_helpers.py FOLDER N      writes N finished saves into FOLDER
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

from tabletop.core.match import Match, Seat
from tabletop.games.registry import get_game

GAMES = ("paargus", "trials", "pariah", "paragons", "brawl")
LEVELS = ("easy", "normal", "hard")
TRIALS_STARTERS = ("Chronomancy pair", "Pyromancy pair", "Brutality pair", "Chivalry pair")
FACTIONS = ("emberkin", "tidewardens", "thornwild")


def options_for(game_id: str, rng: random.Random) -> dict:
    """The options a new match of `game_id` might have: short, with the starting choices."""
    if game_id == "paargus":
        return {"hands": 1}
    if game_id == "trials":
        from tabletop.shell.decks import deck_spec
        spec = deck_spec("trials")
        return spec.finish_options({"decks": [rng.choice(TRIALS_STARTERS), rng.choice(TRIALS_STARTERS)],
                                    "initiative": None}, rng.randrange(1 << 30), 2)
    if game_id == "pariah":
        return {"factions": rng.sample(FACTIONS, 2)}
    if game_id == "paragons":
        return {"variant": "preconstructed", "best_of": 1,
                "classes": rng.sample(["warrior", "mage", "ranger"], 2)}
    return {"picks": "alternate"}


def finished_match(game_id: str, seed: int, level: str = "hard", *, days_ago: float = 0.0,
                   options: dict | None = None, you: str = "You") -> Match:
    """A match of `game_id`, you against a `level` bot, played to its end by seeded random
    moves; it ended `days_ago` days ago (its clock moved back as a match of then)."""
    rng = random.Random(seed)
    seats = [Seat("human", you), Seat("bot", "", "greedy", level)]
    match = Match(get_game(game_id), seats, seed,
                  options if options is not None else options_for(game_id, rng))
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
    end = time.time() - days_ago * 86400
    match.updated = end
    match.created = end - len(match.log) * rng.uniform(3, 12)     # seconds a move
    return match


def fill(folder: Path, n: int, seed: int = 1, days: float = 70.0) -> list[Match]:
    """`n` finished saves in `folder` (a SaveStore's), of every game, every level, spread over
    the last `days` days, a player's record improving a little with time."""
    from tabletop.store.saves import SaveStore
    store = SaveStore(folder)
    rng = random.Random(seed)
    made = []
    for i in range(n):
        game_id = GAMES[i % len(GAMES)]
        match = finished_match(game_id, seed * 1000 + i, LEVELS[rng.randrange(3)],
                               days_ago=rng.uniform(0, days))
        store.save(match)
        made.append(match)
    store.flush()
    return made


if __name__ == "__main__":
    made = fill(Path(sys.argv[1]), int(sys.argv[2]))
    print(f"{len(made)} finished saves in {sys.argv[1]}")


def one_move_from_the_end(game_id: str, options: dict | None = None, first_seed: int = 1):
    """(a match you play against an easy bot, stopped where your next move ends it; that
    move): for a journey that plays a match to its end in a few seconds. The seeds are tried
    in order until a match's last move is yours."""
    for seed in range(first_seed, first_seed + 200):
        rng = random.Random(seed)
        seats = [Seat("human", "You"), Seat("bot", "", "greedy", "easy")]
        match = Match(get_game(game_id), seats, seed,
                      dict(options) if options is not None else options_for(game_id, rng))
        while match.to_act is not None:
            match.play(rng.choice(match.legal_actions()))
        if match.log[-1].seat == 0:
            last = match.log[-1].action
            del match.log[-1]
            match.state = match.replay()
            return match, last
    raise AssertionError(f"no match of {game_id} in 200 seeds ends on your move")

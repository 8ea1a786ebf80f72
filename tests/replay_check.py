"""The save check every game's random play runs: a match of random legal moves,
saved as JSON, loads and replays to the same state, and its snapshots round-trip."""

import json

from tabletop.core import Rng
from tabletop.core.match import Match, Seat


def random_match_replays(game, seed: int, players: int = 2, options: dict | None = None) -> Match:
    match = Match(game, [Seat("bot") for _ in range(players)], seed, options)
    rng = Rng(seed)
    while match.to_act is not None:
        match.play(rng.choice(match.legal_actions()))
    data = json.loads(json.dumps(match.to_json()))
    again = Match.from_json(data, game)
    assert game.state_to_json(again.state) == data["snapshot"]
    assert game.state_to_json(game.state_from_json(data["snapshot"])) == data["snapshot"]
    mid = match.replay(len(match.log) // 2)
    assert game.state_to_json(game.state_from_json(game.state_to_json(mid))) == game.state_to_json(mid)
    assert game.state_to_json(game.clone(mid)) == game.state_to_json(mid)
    return match

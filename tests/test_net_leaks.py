"""Nothing hidden reaches a guest: for every game and every seat, the host's hidden cards are
dealt again (game.sample of the guest's own view: a different full state the guest cannot tell
apart) and every byte the host would send that guest must be the same."""

from __future__ import annotations

import pytest

from tabletop.core.match import Match, Seat
from tabletop.core.rng import Rng
from tabletop.games.registry import game_ids, get_game
from tabletop.net.protocol import encode
from tabletop.net.referee import Referee

EVERY = 7              # a redeal every this many moves
MOST = 400             # moves looked at per match


def frames(referee: Referee, seat: int, state) -> list[str]:
    """The messages the host sends `seat` when it (re)joins, from `state`: the update from the
    start (in chunks, as host.py sends them) and the end of the match if it is over."""
    match = referee.match
    real, match.state = match.state, state
    try:
        out, n, seq = [], 0, 0
        while True:
            seq += 1
            update = referee.update_for(seat, n, 100)
            out.append(encode("update", seq, **update))
            n = update["n"]
            if n >= len(match.log):
                break
        final = referee.final_for(seat)
        if final is not None:
            out.append(encode("final", seq + 1, save=final))
        return out
    finally:
        match.state = real


@pytest.mark.parametrize("game_id", game_ids())
def test_a_guest_receives_the_same_bytes_whatever_the_hidden_cards(game_id):
    game = get_game(game_id)
    players = game.info.players[0]
    match = Match(game, [Seat("human", f"P{i + 1}") for i in range(players)], seed=11)
    referee = Referee(match, list(range(players)), "1234-ACDE")
    rng, differed = Rng(5), 0
    while match.result() is None and len(match.log) < MOST:
        if len(match.log) % EVERY == 0:
            for seat in range(players):
                redealt = game.sample(game.view(match.state, seat), Rng(len(match.log) * 10 + seat))
                if game.state_to_json(redealt) == game.state_to_json(match.state):
                    continue                      # nothing hidden to deal differently here
                differed += 1
                assert frames(referee, seat, redealt) == frames(referee, seat, match.state), \
                    f"{game_id}: seat {seat + 1} could tell the redeal apart at move {len(match.log)}"
        match.play(rng.choice(match.legal_actions()))
    assert differed > 10                          # the check compared real redeals


class Leaky(Referee):
    """A referee that (wrongly) sends the full state as the view."""

    def update_for(self, seat, since, most=10**9):
        out = super().update_for(seat, since, most)
        out["view"] = self.match.game.state_to_json(self.match.state)
        return out


def test_the_check_sees_a_leak():
    game = get_game("paargus")
    match = Match(game, [Seat("human"), Seat("human")], seed=11)
    referee = Leaky(match, [0, 1], "1234-ACDE")
    redealt = game.sample(game.view(match.state, 1), Rng(1))
    assert frames(referee, 1, redealt) != frames(referee, 1, match.state)

"""Network play through the real websocket code on loopback: whole matches of every game, the
handshake's version checks, resync after a drop, and bots on either side."""

from __future__ import annotations

import asyncio
import json

import pytest

from net_helpers import CODE, guest_at, hosted, kinds, play, raw_session
from tabletop import __version__ as APP_VERSION
from tabletop.core.match import Match
from tabletop.games.registry import game_ids, get_game
from tabletop.net.protocol import games_versions

GAMES = game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_match_of_every_game_over_loopback(game_id):
    host, referee = hosted(game_id, "bot,remote", seed=5)
    finals = asyncio.run(play(host, lambda port: [guest_at(port)]))
    match = referee.match
    assert match.result() is not None
    (final,) = finals
    # the guest ends with the whole match: it replays to the host's very position
    again = Match.from_json(final, get_game(game_id))
    assert len(again.log) == len(match.log) and again.snapshot_matches(match.game.state_to_json(match.state))
    assert host.refusals == []


def test_the_guest_can_sit_first_and_two_guests_share_a_match():
    host, referee = hosted("trials", "remote,bot,remote", seed=2)
    got = []

    said: list[str] = []

    def guests(port):
        a, b = guest_at(port), guest_at(port)
        a.on_update = lambda mirror, events: got.append(("a", mirror.seat))
        b.on_update = lambda mirror, events: got.append(("b", mirror.seat))
        a.say = b.say = said.append
        return [a, b]

    finals = asyncio.run(play(host, guests))
    assert {seat for _, seat in got} == {0, 2}
    assert finals[0]["log"] == finals[1]["log"] == referee.match.to_json()["log"]
    # a position told again (the other guest came or went) is not a second turn to move in
    assert host.refusals == [] and not any("refused" in line for line in said), said


def _hello(**over) -> dict:
    msg = {"kind": "hello", "seq": 1, "app": APP_VERSION, "games": games_versions(), "code": CODE,
           "name": "Ana", "since": 0}
    msg.update(over)
    return msg


async def _refused_for(hello: dict) -> list[str]:
    host, referee = hosted("paargus")
    port = await host.listen("127.0.0.1", 0)
    try:
        frames = await raw_session(port, [hello])
    finally:
        await host.close()
    assert len(referee.match.log) == 0
    return frames


@pytest.mark.parametrize("theirs,side", [(-1, "the other computer"), (+1, "this computer")])
def test_a_rules_version_mismatch_is_refused_saying_which_side_to_update(theirs, side):
    versions = games_versions()
    versions["paargus"] += theirs
    frames = asyncio.run(_refused_for(_hello(games=versions)))
    assert kinds(frames) == ["refused"]
    reason = json.loads(frames[0])["reason"]
    assert "rules version" in reason and f"update Tabletop on {side}" in reason


def test_an_app_version_mismatch_is_refused_saying_which_side_to_update():
    frames = asyncio.run(_refused_for(_hello(app="0.0.0-old")))
    reason = json.loads(frames[-1])["reason"]
    assert kinds(frames) == ["refused"] and "update Tabletop on the joining computer" in reason


def test_the_guest_holds_only_what_its_seat_was_sent():
    host, referee = hosted("paargus", "bot,remote")
    seen = []

    def guests(port):
        g = guest_at(port)
        g.on_update = lambda mirror, events: seen.append(
            (mirror.n, get_game("paargus").view_to_json(mirror.view)))
        return [g]

    asyncio.run(play(host, guests))
    # every view the guest held is the host's view for seat 1 at that move (replayed here)
    m = referee.match
    state = m.game.setup(m.options, m.seed, 2)
    views = [m.game.view_to_json(m.game.view(state, 1))]
    for e in m.log:
        m.game.apply(state, e.action, checked=True)
        views.append(m.game.view_to_json(m.game.view(state, 1)))
    for n, view in seen:
        assert view == views[n]


def test_a_hosted_match_is_found_on_the_network_and_gone_when_it_stops():
    from tabletop.net.discovery import Announcer, browse
    here = ["127.0.0.1"]
    announcer = Announcer("Ana's Paargus", "paargus", 18777, 1, address="127.0.0.1", interfaces=here)
    try:
        found = browse(1.5, interfaces=here)
    finally:
        announcer.close()
    # matches hosted elsewhere on this computer (another test's, a player's) may be found too
    ours = [(f.name, f.game, f.address, f.seats_free) for f in found if f.address.endswith(":18777")]
    assert ours == [("Ana's Paargus", "paargus", "127.0.0.1:18777", 1)]
    assert not [f for f in browse(1.0, interfaces=here) if f.address.endswith(":18777")]


def test_the_hosts_you_is_told_as_a_player_name():
    async def go():
        host, referee = hosted("paargus", "bot,remote")
        referee.match.seats[0].name = "You"
        port = await host.listen("127.0.0.1", 0)
        try:
            return await raw_session(port, [_hello()])
        finally:
            await host.close()
    welcome = json.loads(asyncio.run(go())[0])
    assert welcome["kind"] == "welcome" and welcome["seats"][0] == "Player 1"


def test_a_hosting_record_survives_the_save_and_a_damaged_one_is_ignored():
    """Match.hosted, kept in the host's save, names the remote seats, the code and each
    joined guest's token; a save reopened hosts again with them. An edited record (a bot's
    seat, a seat out of range, a bad code, a token that is not text) hosts nothing."""
    from tabletop.net.referee import Referee, hosted_seats
    host, referee = hosted("paargus", "bot,remote", seed=3)
    (remote,) = referee.remotes.values()
    remote.token, remote.name = "ab" * 16, "Ana"
    record = referee.record()
    assert record == {"remote": [1], "code": CODE, "guests": {"1": {"token": "ab" * 16, "name": "Ana"}}}
    match = referee.match
    match.hosted = dict(record, port=8765)
    again = Match.from_json(json.loads(json.dumps(match.to_json())), match.game)
    assert again.hosted == match.hosted and hosted_seats(again) == [1]
    ref2 = Referee(again, [1], again.hosted["code"])
    ref2.restore(again.hosted)
    assert ref2.remotes[1].token == "ab" * 16 and ref2.remotes[1].name == "Ana"
    for damage in ({"remote": [0]}, {"remote": [5]}, {"remote": []}, {"code": "nope"}, {"code": 7},
                   {"guests": {"1": {"token": 3, "name": "Ana"}}}, {"guests": {"0": {"token": "x", "name": "A"}}},
                   {"guests": "all"}):
        again.hosted = dict(record, **damage)
        assert hosted_seats(again) is None, damage
    again.hosted = "damaged"
    assert hosted_seats(again) is None


def test_the_whole_match_sent_at_the_end_keeps_the_code_and_tokens_at_the_host():
    host, referee = hosted("paargus", "bot,remote", seed=5)
    referee.match.hosted = dict(referee.record(), port=8765)
    finals = asyncio.run(play(host, lambda port: [guest_at(port)]))
    (final,) = finals
    assert "hosted" not in final and CODE not in json.dumps(final)

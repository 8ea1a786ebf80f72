"""Through `tabletop relay`: a whole match with the frames sealed end to end, the relay never
reading a card; a wrong code fails the secure handshake with a sentence."""

from __future__ import annotations

import asyncio

import pytest

from net_helpers import CODE, hosted, play_through_relay
from tabletop.core.match import Match
from tabletop.games.registry import card_pool, get_game
from tabletop.net.guest import Guest, Refused
from tabletop.net.relay import dial_through_relay


def relay_guest(port: int, code: str = CODE) -> Guest:
    address = f"127.0.0.1:{port}"
    return Guest(address, code, "Ana", bot=("random", "normal"), say=lambda text: None,
                 dial=lambda: dial_through_relay(address, code))


@pytest.mark.parametrize("game_id", ["paargus", "pariah"])
def test_a_whole_match_through_the_relay_which_sees_no_card(game_id):
    host, referee = hosted(game_id, "bot,remote", seed=6)
    (final,), frames = asyncio.run(play_through_relay(host, CODE, lambda port: [relay_guest(port)]))
    match = referee.match
    assert match.result() is not None and host.refusals == []
    assert Match.from_json(final, get_game(game_id)).snapshot_matches(match.game.state_to_json(match.state))
    wire = b"".join(f if isinstance(f, bytes) else f.encode() for f in frames)
    assert len(frames) > 50
    names = {c["name"] for c in card_pool(game_id) if len(c["name"]) >= 4}
    assert names and not [n for n in names if n.encode() in wire]
    # and the plain messages would have named them: the check can fail
    plain = "".join(final["log"][i]["label"] for i in range(len(final["log"])))
    assert any(n in plain for n in names) or game_id == "pariah"
    for word in (b'"view"', b'"kind"', b'"seed"', CODE.encode()):
        assert word not in wire


def test_a_wrong_code_at_the_relay_fails_the_handshake_with_a_sentence():
    host, referee = hosted("paargus", "bot,remote")

    async def go():
        from tabletop.net.relay import Relay, host_through_relay
        relay = Relay(say=lambda text: None)
        port = await relay.listen("127.0.0.1", 0)
        waiting = asyncio.create_task(host_through_relay(host, f"127.0.0.1:{port}", CODE))
        try:
            await asyncio.sleep(0.3)
            wrong = CODE[:5] + "AAAA"                  # the right room, the wrong letters
            with pytest.raises(Refused, match="join code is wrong"):
                await relay_guest(port, wrong).run()
            await asyncio.sleep(0.3)
        finally:
            waiting.cancel()
            await relay.close()

    asyncio.run(go())
    assert len(referee.match.log) == 0 and any("join code is wrong" in r for r in host.refusals)


def test_no_host_under_that_code():
    async def go():
        from tabletop.net.relay import GUEST_WAIT_S, Relay
        import tabletop.net.relay as relay_mod
        relay = Relay(say=lambda text: None)
        port = await relay.listen("127.0.0.1", 0)
        try:
            relay_mod.GUEST_WAIT_S = 0.5
            with pytest.raises(Refused, match="No match is waiting under that code"):
                await dial_through_relay(f"127.0.0.1:{port}", "9999-AAAA")
        finally:
            relay_mod.GUEST_WAIT_S = GUEST_WAIT_S
            await relay.close()
    asyncio.run(go())

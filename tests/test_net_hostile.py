"""Hostile input to a host: each is refused with a sentence, the connection that sent it is
closed, and the match and its save are untouched."""

from __future__ import annotations

import asyncio
import json

import pytest

from net_helpers import CODE, guest_at, hosted, kinds, raw_session
from tabletop import __version__ as APP_VERSION
from tabletop.net.protocol import BURST, MAX_BYTES, games_versions
from tabletop.store.saves import SaveStore


def hello(**over) -> dict:
    msg = {"kind": "hello", "seq": 1, "app": APP_VERSION, "games": games_versions(), "code": CODE,
           "name": "Mallory", "since": 0}
    msg.update(over)
    return msg


def attack(messages_after_hello, game="paargus", seats="bot,remote", with_hello=True):
    """Host a saved match (the host's bot to act, not playing), send the messages on one raw
    connection; (what came back, the host, whether the save changed, the log length after)."""
    host, referee = hosted(game, seats)
    store = SaveStore()
    path = store.save(referee.match)
    before = path.read_bytes()

    async def go():
        port = await host.listen("127.0.0.1", 0)
        try:
            msgs = ([hello()] if with_hello else []) + messages_after_hello(referee)
            return await raw_session(port, msgs)
        finally:
            await host.close()

    frames = asyncio.run(go())
    return frames, host, path.read_bytes() != before, len(referee.match.log)


def refusal(frames) -> str:
    assert kinds(frames)[-1] == "refused", kinds(frames)
    return json.loads(frames[-1])["reason"]


def closed_untouched(result):
    frames, host, changed, moves = result
    assert not changed and moves == 0
    assert host.conns == {}                  # the offender's connection is gone
    return frames


def test_an_oversize_message_is_refused():
    frames = closed_untouched(attack(lambda r: ['{"v":1,"kind":"ping","seq":2,"pad":"' + "x" * MAX_BYTES + '"}']))
    assert "over the limit" in refusal(frames)


def test_a_message_far_over_the_limit_is_cut_off_by_the_socket():
    frames = closed_untouched(attack(lambda r: ["x" * (5 * MAX_BYTES)]))
    assert "refused" not in kinds(frames)      # nothing read: websockets closed it (code 1009)


@pytest.mark.parametrize("raw", ['{"v":1,"kind":"ping","seq":2', "[1, 2]", "NaN", '{"v":1,"kind":"ping","seq":2,"x":NaN}'])
def test_malformed_json_is_refused(raw):
    frames = closed_untouched(attack(lambda r: [raw]))
    assert "JSON" in refusal(frames) or "object" in refusal(frames)


def test_malformed_json_before_the_hello_is_refused():
    frames = closed_untouched(attack(lambda r: ["{{{"], with_hello=False))
    assert "not JSON" in refusal(frames)


def test_an_unknown_kind_is_refused():
    frames = closed_untouched(attack(lambda r: [{"kind": "teleport", "seq": 2}]))
    assert "unknown kind 'teleport'" in refusal(frames)


def test_a_missing_field_is_refused():
    frames = closed_untouched(attack(lambda r: [{"kind": "action", "seq": 2, "at": 0}]))
    assert "'action'" in refusal(frames)


def test_an_action_for_another_seat_is_refused():
    # in Paargus seat 2 opens: the host's bot sits there, the guest at seat 1 plays its move
    def msgs(referee):
        assert referee.match.to_act == 1 and referee.remote_seats == [0]
        move = referee.match.legal_actions()[0]
        return [{"kind": "action", "seq": 2, "action": move.to_json(), "at": 0}]
    frames = closed_untouched(attack(msgs, seats="remote,bot"))
    assert "only the seat to act moves" in refusal(frames)


def test_a_replayed_sequence_number_is_refused():
    frames = closed_untouched(attack(lambda r: [{"kind": "ping", "seq": 2}, {"kind": "ping", "seq": 2}]))
    assert kinds(frames).count("pong") == 1 and "out of order" in refusal(frames)


def test_a_flood_is_refused():
    frames = closed_untouched(attack(lambda r: [{"kind": "ping", "seq": i} for i in range(2, 2 + 5 * BURST)]))
    assert "Too many messages" in refusal(frames)
    assert kinds(frames).count("pong") < 2 * BURST


def test_a_wrong_join_code_is_refused():
    frames = closed_untouched(attack(lambda r: [hello(code="1111-AAAA")], with_hello=False))
    assert "join code is not this match's" in refusal(frames)


def test_a_second_hello_is_refused():
    frames = closed_untouched(attack(lambda r: [hello(seq=2)]))
    assert "second hello" in refusal(frames)


def test_a_third_computer_finds_no_seat():
    async def go():
        host, referee = hosted("paargus", "bot,remote")
        port = await host.listen("127.0.0.1", 0)
        try:
            first = asyncio.create_task(raw_session(port, [hello()], wait=1.5))
            await asyncio.sleep(0.3)
            second = await raw_session(port, [hello()])
            await first
            return second
        finally:
            await host.close()
    assert "no free seat" in refusal(asyncio.run(go()))


def test_an_illegal_move_at_its_own_turn_is_refused_but_the_guest_stays():
    # the guest (seat 1) is to act and sends a move the rules refuse: told why, shown the
    # position again, still connected; then its legal move is played
    async def go():
        host, referee = hosted("paargus", "bot,remote")     # seat 2 (the guest) opens
        port = await host.listen("127.0.0.1", 0)
        try:
            legal = referee.match.legal_actions()[0]
            frames = await raw_session(port, [hello(), {"kind": "action", "seq": 2, "action": {"kind": "nonsense", "args": []}, "at": 0},
                                              {"kind": "action", "seq": 3, "action": legal.to_json(), "at": 0}])
            return frames, len(referee.match.log)
        finally:
            await host.close()
    frames, moves = asyncio.run(go())
    assert kinds(frames)[:5] == ["welcome", "update", "refused", "update", "update"] and moves == 1


def test_the_host_listens_only_while_its_match_waits_or_runs():
    host, referee = hosted("paargus", "bot,remote", seed=4)

    async def go():
        port = await host.listen("127.0.0.1", 0)
        await asyncio.gather(host.run(linger_s=2), guest_at(port).run())
        try:
            await raw_session(port, [hello()])
        except OSError:
            return "refused"
        return "answered"

    assert asyncio.run(go()) == "refused" and referee.match.result() is not None

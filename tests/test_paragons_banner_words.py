"""Paragons' banner wraps its sentences between words inside the banner, never cutting one
("…to stand in th…"): the Defend question read through the real app."""

from __future__ import annotations

import pytest

from tabletop.core import Rng
from tabletop.core.match import Match, Seat
from tabletop.games.paragons.engine import actions as A
from tabletop.games.registry import get_game

pytestmark = pytest.mark.gui


def _banner_lines(scene) -> list:
    ids = ("lbl:banner2", "lbl:banner3", "lbl:banner4")
    return [scene.get(i) for i in ids if scene.get(i) is not None and scene.get(i).text]


def test_the_defend_banner_wraps_whole_words(qtbot, tmp_path):
    from shell_helpers import open_match

    from tabletop.store.saves import SaveStore
    for seed in range(1, 30):
        match = Match(get_game("paragons"), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], seed)
        win, page = open_match(qtbot, SaveStore(tmp_path / f"saves{seed}"), match)
        page.ctrl.paused = True                   # the bot waits: this test moves for both
        rng = Rng(seed)
        for _ in range(400):
            if match.to_act is None:
                break
            legal = match.legal_actions()
            if match.to_act == 0 and any(A.DEFEND.matches(a) for a in legal):
                break
            page.ctrl._play(rng.choice(legal))
        else:
            legal = []
        if match.to_act == 0 and any(A.DEFEND.matches(a) for a in match.legal_actions()):
            break
        page.leave()
        win.close()
    else:
        pytest.fail("no random match reached a Defend question")
    scene = page.scene
    assert scene.get("lbl:banner").text == "Defend?"
    lines = _banner_lines(scene)
    said = " ".join(s.text for s in lines)
    assert said.endswith("attacks. Click a glowing mercenary to stand in the way, or drag it onto the attacker."), said
    assert len(lines) >= 2
    back = scene.get("banner:back")
    for s in lines:
        assert not s.text.endswith("…"), s.text
        assert s.rect[2] <= back.w - 24, (s.text, s.rect, back.w)           # inside the banner
    button = scene.get("btn:nodef")
    assert lines[-1].rect[1] + lines[-1].rect[3] <= button.y, "the words run under No defence"
    page.leave()

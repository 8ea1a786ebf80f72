"""The log tells every event from its data: full sentences, the seats' names, "You" for the
viewer with verbs that agree, no secret told to the wrong seat, and the same log after a resume."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.core import Rng
from tabletop.core.event import SECRET_KEYS, Event
from tabletop.core.match import Match, Seat
from tabletop.games.brawl.presentation.narrate import NARRATE as BRAWL
from tabletop.games.paargus.presentation.narrate import NARRATE as PAARGUS
from tabletop.games.paragons.presentation.narrate import NARRATE as PARAGONS
from tabletop.games.pariah.presentation.narrate import NARRATE as PARIAH
from tabletop.games.registry import get_game
from tabletop.games.trials.presentation.narrate import NARRATE as TRIALS
from tabletop.table.narration import Narrator, Voice, agree, count, listing, sentence

NARRATORS: dict[str, Narrator] = {"brawl": BRAWL, "paargus": PAARGUS, "trials": TRIALS, "pariah": PARIAH,
                                  "paragons": PARAGONS}
NAMES = ("Ann", "Bob", "Cyd", "Dee")
ROOT = Path(__file__).resolve().parent.parent


# --- the voice --------------------------------------------------------------------------------
def test_verbs_agree_with_you_and_groups():
    assert agree("plays", True) == "play"
    assert agree("plays", False) == "plays"
    assert agree("is ready", True) == "are ready"
    assert agree("has", True) == "have"
    assert agree("passes", True) == "pass"
    assert agree("carries", True) == "carry"
    assert agree("takes", True) == "take"
    v = Voice(("Ann", "Bob"), viewer=0)
    assert v.says(0, "draws", "a card") == "You draw a card"
    assert v.says(1, "draws", "a card") == "Bob draws a card"
    assert v.owned(0, "Grunt") == "your Grunt" and v.owned(1, "Grunt") == "Bob's Grunt"
    assert v.group_says([0, 1], "wins") == "You and Bob win"
    spectator = Voice(("Ann", "Bob"), viewer=None)
    assert spectator.says(0, "passes") == "Ann passes"


def test_sentences_lists_and_counts():
    assert sentence("you win") == "You win."
    assert sentence("Who wins?") == "Who wins?"
    assert listing(["A"]) == "A" and listing(["A", "B", "C"]) == "A, B and C"
    assert count(1, "card") == "1 card" and count(2, "card") == "2 cards"


def test_an_unknown_kind_still_reads_as_a_sentence():
    told = Narrator({})(Event("odd_thing"), Voice(NAMES[:2], 0))
    assert told == "Odd thing."


def test_leaks_finds_a_secret_in_public_data():
    safe = Event("draw", {"seat": 0, "card": 7, "name": "X"}, private_to=0,
                 public_data={"seat": 0, "count": 1})
    assert not safe.leaks()
    unsafe = Event("draw", {"seat": 0, "card": 7}, private_to=0, public_data={"seat": 0, "card": 7})
    assert unsafe.leaks() == {"card"}
    assert not Event("play", {"card": 7}).leaks()          # nothing secret about it


# --- every kind of every game -------------------------------------------------------------
def _kinds_in_source(game_id: str) -> set[str]:
    kinds = set()
    for path in (ROOT / "tabletop" / "games" / game_id / "engine").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r'Event\("(\w+)"', text))
        kinds |= set(re.findall(r'Event\("(\w+)" if', text))
        kinds |= set(re.findall(r'Event\("\w+" if [^,]* else "(\w+)"', text))
    return kinds


@pytest.mark.parametrize("game_id", sorted(NARRATORS))
def test_every_event_kind_has_a_teller(game_id):
    kinds = _kinds_in_source(game_id)
    assert kinds, "no Event( found: the scan is broken"
    missing = {k for k in kinds if not NARRATORS[game_id].knows(k)}
    assert not missing, f"{game_id} events without a teller: {sorted(missing)}"


def _random_events(game_id: str, seed: int, players: int, moves: int = 900) -> list[Event]:
    game = get_game(game_id)
    match = Match(game, [Seat("bot", NAMES[i]) for i in range(players)], seed)
    rng = Rng(seed)
    events: list[Event] = []
    for _ in range(moves):
        if match.to_act is None:
            break
        events += match.play(rng.choice(match.legal_actions()))
    return events


GAMES = [("paargus", 2, 11), ("paargus", 2, 12), ("trials", 2, 21), ("trials", 3, 22),
         ("pariah", 2, 31), ("pariah", 4, 32), ("pariah", 2, 48),   # 48: a unit is revived
         ("paragons", 2, 41), ("paragons", 3, 42), ("brawl", 2, 51), ("brawl", 2, 52)]

_YOU_WRONG = re.compile(r"\bYou (?!pass\b)(\w+s)\b")
_YOU_CLAUSE = re.compile(r"(?:^|[;:] )[Yy]ou ([^;:.]*)")
_JOINED_VERB = re.compile(r"(?:\band|,|\bthen) (\w+)\b")
_NAMED_VERB = re.compile(r"\b(?:" + "|".join(NAMES) + r") (\w+s)\b")


def agreement_errors(lines_you: list[str], lines_named: list[str]) -> list[str]:
    """Lines whose subject is "You" but a later verb of the same clause still agrees with a name
    ("You set aside 1 card and draws as many"). The verbs are those the narrators put after a
    seat's name in the same games (the spectator's lines), so a plural noun is never taken for one."""
    verbs = {m.group(1) for line in lines_named for m in _NAMED_VERB.finditer(line)} - {"is", "has"}
    verbs |= {"is", "has", "draws", "does", "goes"}
    bad = []
    for line in lines_you:
        if _YOU_WRONG.search(line):
            bad.append(line)
            continue
        for clause in _YOU_CLAUSE.finditer(line):
            if any(m.group(1) in verbs for m in _JOINED_VERB.finditer(clause.group(1))):
                bad.append(line)
    return bad


def test_the_agreement_check_catches_a_second_verb():
    named = ["Ann sets aside 1 card and draws as many.", "Ann draws 2 cards.", "Ann plays X."]
    assert agreement_errors(["You set aside 1 card and draws as many."], named)
    assert agreement_errors(["You draws 2 cards."], named)
    assert not agreement_errors(["You set aside 1 card and draw as many.", "You play X and Y.",
                                 "Bob's Z is out; you gain 1 VP.", "You draw 2 cards and Bob draws 1."],
                                named)


@pytest.mark.parametrize("game_id,players,seed", GAMES)
def test_random_games_narrate_in_full_sentences(game_id, players, seed):
    narrate = NARRATORS[game_id]
    events = _random_events(game_id, seed, players)
    assert events
    seen_kinds = set()
    said_to_you: list[str] = []
    said_named: list[str] = []
    for e in events:
        seen_kinds.add(e.kind)
        assert not e.leaks(), f"{e.kind} names a hidden card in public: {e.leaks()}"
        for viewer in [*range(players), None]:
            seen = e.for_seat(viewer)
            told = narrate(seen, Voice(NAMES[:players], viewer))
            assert narrate.knows(e.kind)
            assert told[0].isupper() and told[-1] in ".!?", told
            assert "Player " not in told and "Team " not in told, told
            assert "…" not in told and "[" not in told, told
            assert not re.search(r"-?\d+,-?\d+|\bhex -?\d", told), f"coordinates: {told}"
            (said_to_you if viewer is not None else said_named).append(told)
            seat = e.data.get("seat")
            if isinstance(seat, int):
                if seat == viewer:
                    assert re.search(r"\b(You|you|your|Your)\b", told), told
                else:
                    assert NAMES[seat] in told, told
            if e.private_to is not None and viewer != e.private_to:
                for key in ("name", "names"):
                    secret = e.data.get(key)
                    for name in ([secret] if isinstance(secret, str) else secret or []):
                        assert name not in told, f"{told!r} tells the secret {name!r}"
    assert len(seen_kinds) >= 5
    bad = sorted(set(agreement_errors(said_to_you, said_named)))
    assert not bad, f"verbs that do not agree with You: {bad[:5]}"


def test_private_events_keep_their_secret_keys_private():
    for game_id, players, seed in GAMES[:3]:
        for e in _random_events(game_id, seed, players, 200):
            if e.private_to is not None:
                assert not SECRET_KEYS & set(e.for_seat(None).data)


# --- the shell's log: during play and after a resume --------------------------------------
def _play_through_table(page, moves: int, seed: int) -> None:
    """Moves of both seats through the controller, as the table receives them."""
    rng = Rng(seed)
    for _ in range(moves):
        match = page.ctrl.match
        if match.to_act is None:
            break
        page.ctrl._play(rng.choice(match.legal_actions()))


@pytest.mark.gui
@pytest.mark.parametrize("game_id,moves", [("paargus", 40), ("trials", 40), ("pariah", 60), ("brawl", 80)])
def test_a_resume_rebuilds_the_same_log_scrolled_to_the_end(qtbot, tmp_path, game_id, moves):
    from PySide6.QtWidgets import QApplication
    from shell_helpers import open_match

    from tabletop.store.saves import SaveStore
    store = SaveStore(tmp_path / "saves")
    match = Match(get_game(game_id), [Seat("human", "You"), Seat("bot", "Bot", "greedy", "normal")], 5)
    win, page = open_match(qtbot, store, match)
    page.ctrl.paused = True                       # the bot waits: this test moves for it
    _play_through_table(page, moves, 5)
    during = page.panel.log_lines()
    assert len(during) >= moves // 2
    assert all(line[0].isupper() and line[-1] in ".!?" for line in during)
    assert any(line.startswith("You ") for line in during)
    assert any(line.startswith("Bot ") or "Bot's" in line for line in during)
    assert page.panel.log.toPlainText().split("\n") == during        # what the player reads
    repeated = [a for a, b in zip(during, during[1:]) if a == b and " draw" in a]
    assert not repeated, f"a draw told line after line: {repeated}"
    resumed = Match.from_json(match.to_json(), get_game(game_id))
    win.open_match(resumed)
    QApplication.processEvents()
    after = page.panel.log_lines()
    assert after[:-1] == during and after[-1] == "Match resumed."
    bar = page.panel.log.verticalScrollBar()
    assert bar.value() == bar.maximum()
    page.leave()


@pytest.mark.gui
def test_a_bot_move_is_shown_before_the_next_one_starts(qtbot, tmp_path):
    """Two bots in the app's own controller and worker process: no bot starts a move, nor
    plays one, while the table is still showing the last move's events."""
    from PySide6.QtWidgets import QApplication
    from shell_helpers import make_window

    from tabletop.store.saves import SaveStore
    win = make_window(qtbot, SaveStore(tmp_path / "saves"))
    win.settings.animation_speed = 3.0                      # quick, but animated
    bots = [Seat("bot", name, "random", "normal") for name in ("Ann", "Bob")]
    win.open_match(Match(get_game("trials"), bots, 9))
    page = win.table
    busy_at_start, busy_after = [], []
    # a bot's move starts when its request goes to the worker ("… is thinking…") and is played
    # right after its answer clears that line (""); the table has the events once `changed` is told
    page.ctrl.thinking.connect(lambda text: busy_at_start.append((text, page.scene.busy)))
    page.ctrl.changed.connect(lambda events: busy_after.append(page.scene.busy))
    # the first few moves animate for less than a bot's pause; some later ones outlast it,
    # and there only the wait for the table keeps the next bot back: 20 moves reach them
    qtbot.waitUntil(lambda: len(busy_after) >= 20, timeout=90000)
    page.leave()
    QApplication.processEvents()
    requests = [busy for text, busy in busy_at_start if text]
    answers = [busy for text, busy in busy_at_start if not text]
    assert len(requests) >= 20 and len(answers) >= 20, busy_at_start
    assert not any(requests), "a bot started a move while the table was still showing the last"
    assert not any(answers), "a bot moved while the table was still showing the last move"
    assert any(busy_after), "the moves were not animated"


@pytest.mark.gui
def test_hotseat_the_log_tells_no_secret_to_the_next_player(qtbot, tmp_path):
    from shell_helpers import open_match

    from tabletop.store.saves import SaveStore
    match = Match(get_game("paargus"), [Seat("human", "Ann"), Seat("human", "Bob")], 3)
    win, page = open_match(qtbot, SaveStore(tmp_path / "saves"), match)
    ctrl = page.ctrl
    first = match.to_act
    ctrl.lift_curtain()
    for kind in ("draw", "end_turn"):
        action = next(a for a in match.legal_actions() if a.kind == kind)
        assert ctrl.try_action(action) is None
        if kind == "draw":
            assert any(line.startswith("You draw ") for line in page.panel.log_lines())
    assert ctrl.log_viewer is None                          # the curtain is down
    lines = page.panel.log_lines()
    assert not any(line.startswith("You ") for line in lines)
    drew = re.compile(re.escape(match.seats[first].name) + r" draws (a card|\d+ cards)\.$")
    assert any(drew.match(line) for line in lines), lines      # how many, never which
    ctrl.lift_curtain()                                     # the other player sits down
    assert any(drew.match(line) for line in page.panel.log_lines())
    page.leave()


def test_a_trials_revival_is_told_with_its_owner():
    # random games rarely revive an Avatar; the engine's revive data is {card, name, owner}
    e = Event("revive", {"card": 1001, "name": "Kira", "owner": 1})
    assert TRIALS(e, Voice(("You", "Bob"), 0)) == "Bob's Kira is revived."
    assert TRIALS(e, Voice(("Ann", "You"), 1)) == "Your Kira is revived."

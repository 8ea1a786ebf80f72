"""Damaged-save fuzzing: no content may crash the loader, lose the backup or touch the file.

Real saves come from seeded random play of paargus, pariah and trials (each saved twice, so a
good `.bak` one move older sits beside it). Each case spoils a copy in one way (truncated,
bytes flipped, a field deleted, duplicated or retyped, deep nesting, giant numbers, NaN, an
unsafe id, an illegal move, swapped with its backup, ...) and checks that:

- a load either gives a match whose replay equals its state (and that can be saved again),
  or raises a SaveError subclass whose text is a sentence; nothing else, and never a hang;
- with allow_backup, a damaged or missing main file falls back to the good backup;
- the saved-games list shows the file as damaged exactly when it does not load, and shows
  the replay's summary when it does;
- no file's bytes change, and no file appears or disappears.

    python stress/save_fuzz.py [--count N] [--seed S]

Prints a summary paragraph; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's tabletop

from tabletop.core import Rng  # noqa: E402
from tabletop.core.match import Match, Seat  # noqa: E402
from tabletop.games.registry import get_game  # noqa: E402
from tabletop.store.atomic import backup_path  # noqa: E402
from tabletop.store.saves import (MAX_SAVE_BYTES, DamagedSave, SaveError,  # noqa: E402
                                  SaveNotFound, SaveStore, save_document)
from tabletop.store.summaries import CACHE_NAME  # noqa: E402

GAMES = ("paargus", "pariah", "trials")
BASES_PER_GAME = 6
CASE_SECONDS = 20            # a load slower than this counts as a hang


# --- real saves ------------------------------------------------------------------------------
@dataclass
class Base:
    game: str
    id: str
    main: bytes              # the save
    bak: bytes               # the save before it, one move earlier (what the .bak holds)
    bak_moves: int


def play_and_save(game_id: str, seed: int, rng: Random, folder: Path) -> Base:
    """A seeded random match stopped at a random move (or its end), saved before and after
    its last move, as autosaves do."""
    game = get_game(game_id)
    players = rng.choice(game.info.players)
    match = Match(game, [Seat("bot") for _ in range(players)], seed, match_id=f"{game_id}-{seed}")
    choose, stop, store = Rng(seed), rng.randint(1, 250), SaveStore(folder)
    while match.to_act is not None and len(match.log) < stop - 1:
        match.play(choose.choice(match.legal_actions()))
    store.save(match)
    bak_moves = len(match.log)
    if match.to_act is not None:
        match.play(choose.choice(match.legal_actions()))
    path = store.save(match)
    main, bak = path.read_bytes(), backup_path(path).read_bytes()
    for p in (path, backup_path(path)):
        p.unlink()
    return Base(game_id, match.id, main, bak, bak_moves)


def base_saves(rng: Random, folder: Path) -> list[Base]:
    return [play_and_save(game, 1000 * g + k, rng, folder)
            for g, game in enumerate(GAMES) for k in range(BASES_PER_GAME)]


# --- ways to spoil a save -----------------------------------------------------------------------
# Each takes the base and a Random and returns (main bytes, backup bytes, whether the backup
# is still a good save).
HOLE = "\u0000HOLE\u0000"           # a value replaced in the text afterwards (nesting, numbers)
ODD_VALUES = ["text", "", 0, -1, 7, 2 ** 63, -(10 ** 300), 1.5, True, False, None, [], {},
              [1, [2, [3]]], {"kind": "x"}, "\u202e\u0000", "../x"]
ODD_IDS = ["../x", "..", "", "a" * 64, "a" * 65, "x/y", "x\\y", "C:", "has space", "é",
           "ok-id_2", "new\nline", "."]


def walk(doc, rng: Random, want=(dict, list)):
    """A random (container, key) pair found by a random walk down from `doc`, or None."""
    spot, node = None, doc
    while isinstance(node, (dict, list)) and node:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        if isinstance(node, want):
            spot = (node, key)
        node = node[key]
        if rng.random() < 0.25:
            break
    return spot


def as_text(doc) -> bytes:
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def with_hole(base: Base, rng: Random, filling: str) -> bytes:
    """The save with one random value (or one in the match's log) replaced by `filling` text."""
    doc = json.loads(base.main)
    target = doc["match"] if rng.random() < 0.5 else doc
    spot = walk(target, rng) or (doc, "format")
    spot[0][spot[1]] = HOLE
    return as_text(doc).replace(json.dumps(HOLE).encode(), filling.encode(), 1)


def edited(base: Base, change) -> bytes:
    doc = json.loads(base.main)
    change(doc)
    return as_text(doc)


def truncate(base, rng):
    return base.main[:rng.randrange(len(base.main))], base.bak, True


def flip_bytes(base, rng):
    data = bytearray(base.main)
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] ^= rng.randint(1, 255)
    return bytes(data), base.bak, True


def delete_field(base, rng):
    def change(doc):
        spot = walk(doc, rng, dict)
        if spot:
            del spot[0][spot[1]]
    return edited(base, change), base.bak, True


def duplicate_field(base, rng):
    def change(doc):
        spot = walk(doc, rng, list) or walk(doc["match"], rng, list)
        if spot:
            spot[0].insert(spot[1], json.loads(json.dumps(spot[0][spot[1]])))
    return edited(base, change), base.bak, True


def retype_field(base, rng):
    def change(doc):
        spot = walk(doc, rng) or (doc, "match")
        spot[0][spot[1]] = rng.choice(ODD_VALUES)
    return edited(base, change), base.bak, True


def deep_nesting(base, rng):
    depth = rng.choice([50, 99, 100, 101, 500, 990, 5000, 200_000])
    return with_hole(base, rng, "[" * depth + "]" * depth), base.bak, True


def giant_number(base, rng):
    digits = rng.choice([300, 4299, 4300, 4301, 5000, 100_000])
    return with_hole(base, rng, rng.choice(["", "-"]) + "9" * digits), base.bak, True


def not_finite(base, rng):
    number = rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "1e308", "5e-324"])
    return with_hole(base, rng, number), base.bak, True


def edit_id(base, rng):
    return edited(base, lambda d: d["match"].update(id=rng.choice(ODD_IDS))), base.bak, True


def illegal_move(base, rng):
    def change(doc):
        log = doc["match"]["log"]
        if not log:
            log.append({"seat": 0, "action": {"kind": "pass", "args": []}, "label": "",
                        "barrier": False})
            return
        i, how = rng.randrange(len(log)), rng.randrange(5)
        if how == 0:                               # other arguments
            log[i]["action"]["args"] = [rng.choice([0, 1, 3, 99, -1, 10 ** 18]) for _ in
                                        range(rng.randint(0, 3))]
        elif how == 1:                             # another kind from the same log
            log[i]["action"]["kind"] = rng.choice(log)["action"]["kind"]
        elif how == 2 and len(log) > 1:            # two moves swapped
            j = rng.randrange(len(log))
            log[i], log[j] = log[j], log[i]
        elif how == 3:                             # a move dropped
            del log[i]
        else:                                      # a move played twice
            log.insert(i, json.loads(json.dumps(log[i])))
    return edited(base, change), base.bak, True


def edit_summary(base, rng):
    def change(doc):
        doc["summary"].update(finished=rng.random() < 0.5, result=rng.choice([None, "Ann wins"]),
                              players=["Eve"], turn="Turn 999")
    return edited(base, change), base.bak, True


def edit_snapshot(base, rng):
    def change(doc):
        spot = walk(doc["match"]["snapshot"], rng)
        if spot:
            old = spot[0][spot[1]]
            spot[0][spot[1]] = old + 1 if isinstance(old, int) and not isinstance(old, bool) \
                else rng.choice(ODD_VALUES)
    return edited(base, change), base.bak, True


def edit_setup(base, rng):
    def change(doc):
        m, what = doc["match"], rng.randrange(4)
        if what == 0:
            m["seed"] += rng.choice([1, -1, 2 ** 64])
        elif what == 1:
            m["options"] = {key: rng.choice(ODD_VALUES) for key in m["options"]} or {"x": 1}
        elif what == 2:
            m["seats"].append(dict(m["seats"][0]))
        else:
            m["game_version"] = rng.choice([0, 2, -1, 10 ** 6])
    return edited(base, change), base.bak, True


def edit_format(base, rng):
    return edited(base, lambda d: d.update(format=rng.choice([0, 2, -1, 10 ** 30]))), base.bak, True


def garbage(base, rng):
    junk = rng.choice([b"", b" \n", b"null", b"[]", b'"save"', b"{}", b'{"format": 1}',
                       rng.randbytes(rng.randint(1, 400)), base.main.replace(b"{", b"[", 1)])
    return junk, base.bak, True


class Padded(bytes):
    """A save to be padded with zeros past MAX_SAVE_BYTES (sparse: no disk space, no memory)."""


def oversized(base, rng):
    return Padded(base.main), base.bak, True


def swap_with_backup(base, rng):
    return base.bak, base.main, True


def both_damaged(base, rng):
    main, _, _ = flip_bytes(base, rng)
    return main, base.bak[:rng.randrange(len(base.bak) - 2)], False     # "}\n" gone at least


def main_missing(base, rng):
    return None, base.bak, True


MUTATIONS = [truncate, flip_bytes, delete_field, duplicate_field, retype_field, deep_nesting,
             giant_number, not_finite, edit_id, illegal_move, edit_summary, edit_snapshot,
             edit_setup, edit_format, garbage, swap_with_backup, both_damaged, main_missing]
RARE = [oversized]                   # 64 MB each (sparse): now and then


# --- checking one case ----------------------------------------------------------------------------
class Hang(BaseException):
    """Not an Exception: the loader's own catch-alls must not swallow it."""


def _alarm(signum, frame):
    raise Hang(f"no answer within {CASE_SECONDS} s")


def write_case(folder: Path, base: Base, main: bytes | None, bak: bytes) -> Path:
    path = folder / f"{base.id}.json"
    if main is not None:
        path.write_bytes(main)
    if isinstance(main, Padded):
        os.truncate(path, MAX_SAVE_BYTES + 1)
    backup_path(path).write_bytes(bak)
    return path


def files(folder: Path) -> dict[str, tuple[int, int]]:
    """Each save file's size and mtime (equal bytes are checked apart, without reading 64 MB);
    the list's own cache of replayed summaries is not a save."""
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()
            if p.name != CACHE_NAME}


def load(store: SaveStore, path: Path, allow_backup: bool):
    """The loaded match, or the SaveError (anything else propagates: a failure)."""
    try:
        return store.load(path, games=get_game, allow_backup=allow_backup)
    except SaveError as err:
        return err


def check_sentence(err: SaveError) -> str | None:
    text = str(err)
    if not text or not text[0].isupper() or "Traceback" in text:
        return f"not a sentence: {text[:200]!r}"
    return None


def check_match(match) -> str | None:
    game = match.game
    state = game.state_to_json(match.state)
    if game.state_to_json(match.replay()) != state:
        return "the loaded match's replay differs from its state"
    json.dumps(save_document(match), allow_nan=False)     # it must save again
    return None


def run_case(folder: Path, base: Base, mutate, rng: Random) -> tuple[str, str | None, int]:
    """(outcome, failure or None, length of the message) for one spoiled save."""
    main, bak, bak_good = mutate(base, rng)
    path = write_case(folder, base, main, bak)
    before = files(folder)
    kept = {p.name: p.read_bytes() for p in folder.iterdir() if p.stat().st_size <= 1 << 24}
    store = SaveStore(folder)
    plain = load(store, path, allow_backup=False)
    rescued = load(store, path, allow_backup=True)
    rows = store.list(games=get_game)
    outcome, problem = judge(plain, rescued, rows, bak_good, base)
    if files(folder) != before or any(p.read_bytes() != kept[p.name] for p in folder.iterdir()
                                      if p.name in kept):
        problem = problem or "a file changed, appeared or vanished"
    length = len(str(plain)) if isinstance(plain, SaveError) else 0
    return outcome, problem, length


def judge(plain, rescued, rows, bak_good: bool, base: Base) -> tuple[str, str | None]:
    if isinstance(plain, SaveError):
        outcome = f"refused: {type(plain).__name__}"
        problem = check_sentence(plain)
    else:
        outcome, problem = "loaded", check_match(plain)
    falls_back = isinstance(plain, (DamagedSave, SaveNotFound)) and bak_good
    if falls_back:
        if isinstance(rescued, SaveError):
            return outcome, f"did not fall back to a good backup: {rescued}"
        if not rescued.recovered_from_backup or len(rescued.log) != base.bak_moves:
            return outcome, "the fallback did not load the backup"
        outcome = "fell back to the backup"
        problem = problem or check_match(rescued)
    elif isinstance(plain, SaveError) != isinstance(rescued, SaveError):
        return outcome, "allow_backup changed the outcome without a good backup to load"
    return outcome, problem or check_row(plain, rescued, rows)


def check_row(plain, rescued, rows) -> str | None:
    """The row offers what Resume opens (a load that may fall back to the backup)."""
    if isinstance(plain, SaveNotFound):
        return None if not rows else "a missing save is listed"
    if len(rows) != 1:
        return f"{len(rows)} rows listed for one save"
    row = rows[0]
    if isinstance(rescued, SaveError):
        return None if row.error else "the list shows a save that does not load as fine"
    if row.error:
        return f"the list shows a save that loads as damaged: {row.error[:200]}"
    if bool(row.from_backup) != bool(rescued.recovered_from_backup):
        return "the list and the load disagree on whether the backup is opened"
    summary = save_document(rescued)["summary"]
    if (row.finished, row.result, row.players) != (summary["finished"], summary["result"],
                                                   summary["players"]):
        return "the list shows a summary the replay does not"
    return None


# --- the run -------------------------------------------------------------------------------
def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2100, help="spoiled saves to load (default 2100)")
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args(argv)
    rng = Random(args.seed)
    logging.getLogger("tabletop").setLevel(logging.ERROR)    # each fallback warns: thousands
    signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    outcomes, by_game, failures, longest = Counter(), Counter(), [], 0
    with tempfile.TemporaryDirectory(prefix="save-fuzz-") as tmp:
        folder = Path(tmp)
        bases = base_saves(rng, folder)
        for i in range(args.count):
            base = bases[i % len(bases)]
            mutate = MUTATIONS[i // len(bases) % len(MUTATIONS)]
            if rng.random() < 0.01:
                mutate = rng.choice(RARE)
            signal.alarm(CASE_SECONDS)
            try:
                outcome, problem, length = run_case(folder, base, mutate, rng)
            except (Exception, Hang) as exc:
                outcome = "hung" if isinstance(exc, Hang) else "crashed"
                problem, length = traceback.format_exc(limit=-4), 0
            finally:
                signal.alarm(0)
            for p in folder.iterdir():
                p.unlink()
            outcomes[outcome] += 1
            by_game[base.game] += 1
            longest = max(longest, length)
            if problem:
                failures.append(f"case {i} ({base.game}, {mutate.__name__}): {problem}")
    report(args, outcomes, by_game, failures, longest, time.monotonic() - started)
    return 1 if failures else 0


def report(args, outcomes: Counter, by_game: Counter, failures: list[str], longest: int,
           seconds: float) -> None:
    for failure in failures[:20]:
        print("FAILED", failure, file=sys.stderr)
    counts = ", ".join(f"{n} {what}" for what, n in outcomes.most_common())
    games = ", ".join(f"{n} {game}" for game, n in sorted(by_game.items()))
    print(f"save_fuzz: {args.count} spoiled saves ({games}; {len(MUTATIONS) + len(RARE)} kinds of "
          f"damage, seed {args.seed}) in {seconds:.0f} s: {counts}. Longest refusal message: "
          f"{longest} characters. Failures: {len(failures)}.")


if __name__ == "__main__":
    sys.exit(main())

"""kill -9 during autosave: a killed app loses no saved move and leaves only debris we clean.

A child process plays seeded random matches (paargus, pariah, trials in turn) and autosaves
after every move as the app does (SaveStore.autosave: a journal line on the store's writer
thread, now and then a whole snapshot; store/journal.py), recording in shared memory which
match it is on, how many moves it played, and how many the writer has acknowledged as on
disk. The parent kills it with SIGKILL at a random moment, then, like the app starting again:

- loads the match (allow_backup=True): it must open, holding at least the acknowledged
  moves;
- counts the hidden `.tmp` files the kill left, checks that listing the saves keeps them
  while fresh (another copy of the app could be writing), resumes the match (two autosaves),
  ages the leftovers past 10 minutes with os.utime and checks that listing removes them all.

    python stress/autosave_kill.py [--count N] [--seed S]

Prints a summary paragraph; exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's tabletop

from tabletop.core import Rng  # noqa: E402
from tabletop.core.match import Match, Seat  # noqa: E402
from tabletop.games.registry import get_game  # noqa: E402
from tabletop.store.atomic import STALE_TEMP_SECONDS  # noqa: E402
from tabletop.store.saves import SaveError, SaveStore  # noqa: E402

GAMES = ("paargus", "pariah", "trials")
MATCH, SAVED, PLAYED = range(3)         # the child's progress, in shared memory
MAX_DELAY = 0.25                        # seconds the child may live before the kill
SNAPSHOT_BYTES = 4_000                  # small: kills land in snapshots and journal rotations too


def match_id(game_id: str, seed: int) -> str:
    return f"{game_id}-{seed}"


# --- the child: play and autosave until killed ----------------------------------------------------
def play_forever(folder: str, game_id: str, first_seed: int, progress) -> None:
    store, game = SaveStore(folder, snapshot_min_bytes=SNAPSHOT_BYTES), get_game(game_id)
    playing: dict = {}

    def acknowledged(path, moves: int) -> None:       # on the writer thread
        if path == playing.get("path"):
            progress[SAVED] = moves

    store.on_durable = acknowledged
    for k in itertools.count():
        seed = first_seed + k
        progress[SAVED] = progress[PLAYED] = 0   # before MATCH: a kill in between claims nothing
        progress[MATCH] = k
        match = Match(game, [Seat("bot"), Seat("bot")], seed, match_id=match_id(game_id, seed))
        playing["path"] = store.path_for(match.id)
        choose = Rng(seed)
        while match.to_act is not None:
            match.play(choose.choice(match.legal_actions()))
            progress[PLAYED] = len(match.log)
            store.autosave(match)
        store.close_match(match)        # waits for the writer: the old match's last word


# --- the parent: kill, then look --------------------------------------------------------------
def kill_at_random(folder: Path, game_id: str, first_seed: int, rng: Random, progress) -> None:
    child = multiprocessing.get_context("fork").Process(
        target=play_forever, args=(str(folder), game_id, first_seed, progress))
    child.start()
    time.sleep(rng.uniform(0.0, MAX_DELAY))
    os.kill(child.pid, signal.SIGKILL)
    child.join()


def temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]


def check_saved_match(store: SaveStore, save_id: str, saved: int, figures: Counter) -> Match | None:
    """Load as the app does; returns the match, or None if the kill came before any save."""
    path = store.path_for(save_id)
    if saved == 0 and not path.exists() and not path.with_name(path.name + ".bak").exists():
        figures["killed before a first save"] += 1
        return None
    try:
        match = store.load(save_id, games=get_game, allow_backup=True)
    except SaveError as err:
        figures["failures"] += 1
        print(f"FAILED {save_id}: does not open: {err}", file=sys.stderr)
        return None
    figures["loads ok"] += 1
    figures["recovered from the backup"] += bool(match.recovered_from_backup)
    lost = max(0, saved - len(match.log))
    if lost:
        figures["failures"] += 1
        print(f"FAILED {save_id}: {lost} acknowledged moves lost", file=sys.stderr)
    figures["moves lost"] += lost
    return match


def check_cleanup(store: SaveStore, match: Match | None, figures: Counter) -> None:
    """Fresh leftovers survive a listing; once old (and the match saved on), listing removes
    them."""
    left = len(temps(store.folder))
    figures["tmp files left"] += left
    store.list()
    if len(temps(store.folder)) != left:
        figures["failures"] += 1
        print("FAILED a fresh temporary file was removed", file=sys.stderr)
    if match is not None:                # playing on: the saves rotate past any backup link
        store.save(match)
        store.save(match)
    old = time.time() - STALE_TEMP_SECONDS - 60
    for tmp in temps(store.folder):
        os.utime(tmp, (old, old))
    store.list()
    remaining = len(temps(store.folder))
    figures["tmp files cleaned"] += left - remaining
    if remaining:
        figures["failures"] += 1
        print(f"FAILED {remaining} old temporary files were not removed", file=sys.stderr)


def one_kill(i: int, rng: Random, figures: Counter) -> None:
    game_id, first_seed = GAMES[i % len(GAMES)], 1000 * i
    progress = multiprocessing.RawArray("q", 3)     # no lock: a killed child cannot hold it
    with tempfile.TemporaryDirectory(prefix="autosave-kill-") as tmp:
        store = SaveStore(tmp)
        kill_at_random(store.folder, game_id, first_seed, rng, progress)
        figures["kills"] += 1
        figures["kills with moves not yet on disk"] += progress[PLAYED] > progress[SAVED]
        save_id = match_id(game_id, first_seed + progress[MATCH])
        match = check_saved_match(store, save_id, progress[SAVED], figures)
        check_cleanup(store, match, figures)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300, help="kills (default 300)")
    ap.add_argument("--seed", type=int, default=19)
    args = ap.parse_args(argv)
    rng, figures, started = Random(args.seed), Counter(), time.monotonic()
    for game_id in GAMES:            # loaded here, so forked children start playing at once
        Match(get_game(game_id), [Seat("bot"), Seat("bot")], 0)
    for i in range(args.count):
        one_kill(i, rng, figures)
    f = figures
    print(f"autosave_kill: {f['kills']} kills with SIGKILL across {', '.join(GAMES)} (seed "
          f"{args.seed}) in {time.monotonic() - started:.0f} s, "
          f"{f['kills with moves not yet on disk']} of them with moves played but not yet "
          f"acknowledged by the writer; {f['loads ok']} saves loaded ok "
          f"({f['recovered from the backup']} from the backup), {f['killed before a first save']} "
          f"kills came before a first save; moves lost: {f['moves lost']}; temporary files left "
          f"by the kills: {f['tmp files left']}, all kept while fresh, {f['tmp files cleaned']} "
          f"removed by the cleanup once old. Failures: {f['failures']}.")
    return 1 if f["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())

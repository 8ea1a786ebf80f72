"""`tabletop balance GAME`: the starting choices (starter decks, factions) played against
each other by self-play, so that their strength is measured, never guessed (issue 20).

Every pairing of two different choices of the game's `BalancePlan` goes through the arena
(`run_arena`) with the same bot in both seats; the choice follows its entrant from seat to
seat (`seat_option`), so seats alternate game by game. Pairing k (counted over all the
plan's pairings, also in a run of some choices) is played on seeds
S + 1000k, S + 1000k + 1, ...: the figures are reproducible up to the bots' clock (a
search that reaches its time limit on a loaded machine stops before its iteration cap).

A plan with more players (Trials' battle royale, `BalancePlan.players`) seats its choices at
tables of that many instead (`table_schedule`): each table plays one game a seat rotation,
and each pairing is read from every game both of its choices played, a game counting for the
one that finished ahead of the other (won it, or went out later: `Result.places`;
`pairings_from_tables`), so the same bars and pictures apply.

A game may have several plans, each named by its id (Trials: `trials`, the duel, and
`trials-royale`). It writes docs/balance/PLAN.json (the record: every pairing's tallies,
each choice's results against the field, seeds, bot, time taken, rules version), the plan's
section of docs/BALANCE.md and docs/balance/PLAN.png (the pairings as a heatmap). `--render`
rewrites the document and the pictures from the stored records without playing;
`--hard-check` adds the weakest-against-strongest figure: `ismcts:hard` holding the weakest
choice against `random` holding the strongest (at a table, one strongest choice a seat).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

from PIL import Image, ImageDraw, ImageFont

from tabletop.lab.arena import run_arena
from tabletop.bots.base import parse_entrant, resolve_plugin
from tabletop.bots.ismcts import level_for
from tabletop.core import Rng
from tabletop.games.registry import plugins
from tabletop.lab.plans import BalanceChoice, BalancePlan, balance_plans
from tabletop.resources import FIELD_BAR, font_path
from tabletop.resources import content_digest as digest_of

DOCS = Path(__file__).resolve().parents[2] / "docs"
DEFAULT_BOT = "ismcts:normal"
PAIRING_BAR = (0.25, 0.75)        # each single pairing
HARD_BAR = BalancePlan.hard_bar   # hard with the weakest against random with the strongest
PAIRING_STRIDE = 1000             # pairing k plays seeds S + 1000k ...
FORMAT = 1


def plans() -> dict[str, tuple[str, BalancePlan]]:
    """Every plan by its id (the name of its record), with its game's id, in the registry's
    order of games."""
    return {plan.id or gid: (gid, plan) for gid in plugins() for plan in balance_plans(gid)}


def lookup(name: str) -> tuple[str, BalancePlan]:
    """The game and the plan called `name` (a plan's id; a game's only plan has the game's)."""
    found = plans().get(name)
    if found is not None:
        return found
    if name in plugins():
        raise KeyError(f"{name} declares no starting choices to balance (tabletop/lab/games/{name}.py)")
    raise KeyError(f"no balance plan called {name!r}; known: {', '.join(plans())}")


def plan_name(record: dict) -> str:
    """The plan a record measured (records written before plans had names: the game's)."""
    return record.get("plan", record["game"])


def plan_of(name: str) -> BalancePlan:
    return lookup(name)[1]


def plan_for_players(game_id: str, players: int) -> tuple[str, BalancePlan] | None:
    """The plan whose figures the new-match dialog shows for this many seats, if any."""
    return next(((pid, plan) for pid, (gid, plan) in plans().items()
                 if gid == game_id and players in plan.shown_for), None)


def content_digest(plan: BalancePlan, choice: BalanceChoice) -> str | None:
    """A short digest of what the choice holds (`BalancePlan.contents`); None if the plan
    does not say."""
    return None if plan.contents is None else digest_of(plan.contents(choice.value))


def _say(text: str) -> None:
    print(text, flush=True)


def _command(name: str, bot: str, games: int, jobs: int, choices: Sequence[str] | None) -> str:
    out = f"tabletop balance {name} --games {games} --jobs {jobs}"
    if bot != DEFAULT_BOT:
        out += f" --bot {bot}"
    if choices:
        out += " --choices " + " ".join(choices)
    return out


def _machine() -> str:
    return (f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}")


# --- measuring -----------------------------------------------------------------------------
def measure(name: str, bot: str = DEFAULT_BOT, games: int = 20, jobs: int = 1,
            choices: Sequence[str] | None = None, seed: int | None = None,
            say: Callable[[str], None] = _say, resume: Path | None = None,
            previous: Path | None = None) -> dict:
    """Every pairing of the plan's choices (or of the ids in `choices`), `games` games each;
    the record docs/balance/GAME.json holds.

    With `resume`, each finished pairing is kept in that file at once, and a run of the same
    measurement that was stopped goes on from there (Trials' 66 pairings take hours); the
    caller removes the file once the record is written. A kept pairing is played again when
    either choice's contents changed since (content_digest): retuning two starters replays
    only their pairings. Without a stopped run, the pairings of the `previous` record of the
    same measurement (docs/balance/PLAN.json) are kept the same way, so retuning a choice after
    a finished run does not play the other choices' pairings again. A run of some choices
    plays each pairing on the seeds the whole run gives it: it keeps the whole record's
    pairings of unchanged choices, and the whole run keeps its.

    A plan of more than two players plays tables instead (`measure_tables`), `games` then
    being the games each pair of choices plays together."""
    game_id, plan = lookup(name)
    found = resolve_plugin(game_id)
    chosen = _chosen(plan, choices)
    seed = plan.seed if seed is None else seed
    key = {"game": game_id, "plan": name, "bot": bot, "games": games, "seed": seed,
           "rules_version": found.game.info.version, "choices": [c.id for c in chosen]}
    kept = _resumed(resume, key)
    if not kept["pairings"] and not kept["tables"]:
        kept = _finished(previous, key)
    digest = {c.id: content_digest(plan, c) for c in chosen}
    if plan.players > 2:
        if choices:
            raise KeyError(f"{name} seats all its choices at tables: measure it whole, "
                           "without --choices")
        return measure_tables(name, bot, games, jobs, seed, say, resume, kept, key, digest)
    # a pairing's seeds are its place among all the plan's pairings, so that a run of some
    # choices plays each pairing as the whole run does, and either can keep the other's
    ids = {c.id for c in chosen}
    pairs = [(place, a, b) for place, (a, b) in enumerate(_all_pairs(plan))
             if a.id in ids and b.id in ids]
    started, reused = time.perf_counter(), 0.0
    pairings = []
    for k, (place, a, b) in enumerate(pairs):
        s = seed + PAIRING_STRIDE * place
        done = next((p for p in kept["pairings"] if (p["a"], p["b"], p["seed"]) == (a.id, b.id, s)
                     and p.get("content") == [digest[a.id], digest[b.id]]
                     and _grows_to(p, games)), None)
        if done is not None and done["games"] == games:
            pairings.append(done)
            reused += done["seconds"]
            continue
        first = done["games"] if done is not None else 0
        reused += done["seconds"] if done is not None else 0.0
        t0 = time.perf_counter()
        report = run_arena(game_id, [bot, bot], games=games - first, seed=s + first,
                           options=dict(plan.options),
                           seat_option=(plan.option, [a.value, b.value]), jobs=jobs)
        p = _pairing(a, b, s, report, time.perf_counter() - t0, [digest[a.id], digest[b.id]])
        pairings.append(_grown(done, p) if done is not None else p)
        p = pairings[-1]
        if resume is not None:         # with the kept pairings not reached yet: a run stopped
            played = {(q["a"], q["b"], q["seed"]) for q in pairings}     # again keeps them
            ahead = [q for q in kept["pairings"] if (q["a"], q["b"], q["seed"]) not in played]
            resume.parent.mkdir(parents=True, exist_ok=True)
            resume.write_text(json.dumps({"key": key, "pairings": pairings + ahead}),
                              encoding="utf-8")
        say(f"[{name}] {k + 1}/{len(pairs)} {a.label} against {b.label}: "
            f"{p['a_wins']}-{p['b_wins']}-{p['draws']} in {p['seconds']:.0f} s")
    record = _record(name, bot, games, seed, digest, chosen,
                     _command(name, bot, games, jobs, choices))
    record.update(pairings=pairings, seconds=round(reused + time.perf_counter() - started, 1))
    return with_tallies(record)


def with_the_rest(some: dict, previous: Path | None, resume: Path | None,
                  jobs: int) -> tuple[dict, list]:
    """A run of some choices (`some`) folded into the stored record of the whole plan: the
    pairings it played, and every other pairing of the stored record (or left by an earlier
    run of some choices in `resume`) whose two choices are unchanged. Returns that whole
    record and the plan's pairings it still misses (a retuned choice's pairings against
    choices the run left out), so that a quick run never leaves a record of a few choices
    where the dialog and the document read the whole field."""
    name = plan_name(some)
    _, plan = lookup(name)
    digest = {c.id: content_digest(plan, c) for c in plan.choices}
    key = _key_of(some)
    stored = [*_finished(previous, key)["pairings"], *_resumed(resume, key)["pairings"]]
    found = {(p["a"], p["b"], p["seed"]): p for p in [*stored, *some["pairings"]]
             if p.get("content") == [digest[p["a"]], digest[p["b"]]]
             and p["games"] == some["games_per_pairing"]}
    pairings, missing = [], []
    for k, (a, b) in enumerate(_all_pairs(plan)):
        p = found.get((a.id, b.id, some["seed"] + PAIRING_STRIDE * k))
        if p is None:
            missing.append((a.label, b.label))
        else:
            pairings.append(p)
    whole = _record(name, some["bot"], some["games_per_pairing"], some["seed"], digest,
                    plan.choices, _command(name, some["bot"], some["games_per_pairing"], jobs,
                                           None))
    whole.update(pairings=pairings, seconds=round(sum(p["seconds"] for p in pairings), 1))
    return with_tallies(whole), missing


def _all_pairs(plan: BalancePlan) -> list[tuple[BalanceChoice, BalanceChoice]]:
    """Every pairing of the plan, in the order that gives each its seeds."""
    return [(a, b) for i, a in enumerate(plan.choices) for b in plan.choices[i + 1:]]


def _keep_for_the_whole_run(record: dict, resume: Path) -> None:
    """Leaves `record`'s pairings where the whole run resumes from (measure's `resume`)."""
    resume.parent.mkdir(parents=True, exist_ok=True)
    resume.write_text(json.dumps({"key": _key_of(record), "pairings": record["pairings"]}),
                      encoding="utf-8")


def _record(name: str, bot: str, games: int, seed: int, digest: dict,
            chosen: Sequence[BalanceChoice], command: str) -> dict:
    """A record's heading: what was measured, how, when and where."""
    game_id, plan = lookup(name)
    info = resolve_plugin(game_id).game.info
    return {
        "format": FORMAT, "game": info.id, "plan": name,
        "title": info.title + (f": {plan.title}" if plan.title else ""),
        "rules_version": info.version, "bot": bot, "players": plan.players,
        "shown_for": list(plan.shown_for),
        "games_per_pairing": games, "seed": seed, "seed_stride": PAIRING_STRIDE,
        "option": plan.option, "options": dict(plan.options),
        "choices": [{"id": c.id, "label": c.label, "value": c.value, "content": digest[c.id]}
                    for c in chosen],
        "pairings": [], "budget": search_budget(game_id, bot), "seconds": 0.0,
        "measured": time.strftime("%Y-%m-%d"), "machine": _machine(), "command": command}


# --- tables of more than two ---------------------------------------------------------------
_GF4 = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))       # a*a = a+1


def _field(q: int) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]:
    """Addition and multiplication of the finite field of order q (a prime, or 4)."""
    if q == 4:
        return (lambda a, b: a ^ b), (lambda a, b: _GF4[a][b])
    if q >= 2 and all(q % d for d in range(2, q)):
        return (lambda a, b: (a + b) % q), (lambda a, b: (a * b) % q)
    raise ValueError(f"no table schedule for tables of {q}: a prime or 4 is needed")


def table_schedule(n: int, size: int, passes: int, seed: int) -> list[list[int]]:
    """Tables of `size` different choices (indices into n = size*size choices) in which
    every two choices share exactly one table a pass: the lines of the affine plane of
    order `size` (point (x, y), lines y = mx + b and x = c), the choices shuffled over its
    points anew each pass, and each table's seats too (the arena then rotates them)."""
    if n != size * size:
        raise ValueError(f"tables of {size} need {size * size} choices, not {n}")
    add, mul = _field(size)
    field = range(size)
    lines = [[x * size + add(mul(m, x), b) for x in field] for m in field for b in field]
    lines += [[c * size + y for y in field] for c in field]
    rng = Rng(seed)
    out = []
    for _ in range(passes):
        where = list(range(n))
        rng.shuffle(where)
        for line in lines:
            table = [where[p] for p in line]
            rng.shuffle(table)
            out.append(table)
    return out


def _play_table(job: tuple) -> dict:
    """One table's games (seats rotating, one game a rotation), as the record keeps them."""
    game_id, bot, seat_count, seed, option, options, ids, values, content = job
    t0 = time.perf_counter()
    report = run_arena(game_id, [bot] * seat_count, games=seat_count, seed=seed,
                       options=dict(options), seat_option=(option, list(values)))
    entrants = report["entrants"]
    out = {"choices": list(ids), "content": list(content), "seed": seed,
           "games": report["games"], "wins": [e["wins"] for e in entrants],
           "ahead": [e["ahead"] or [0] * seat_count for e in entrants],
           "draws": entrants[0]["draws"], "errors": report["errors"],
           "illegal": report["illegal"], "unfinished": report["unfinished"],
           "seconds": round(time.perf_counter() - t0, 1)}
    searched = [e["search"] for e in entrants if "search" in e]
    decisions = sum(s["decisions"] for s in searched)
    if decisions:
        out["iterations_per_decision"] = round(sum(s["iterations"] for s in searched)
                                               / decisions, 1)
    return out


def measure_tables(name: str, bot: str, games: int, jobs: int, seed: int,
                   say: Callable[[str], None], resume: Path | None, kept: dict, key: dict,
                   digest: dict) -> dict:
    """measure() for a plan of more than two players: every pair of choices plays `games`
    games together (rounded up to whole passes), at tables of `players` (table_schedule),
    each table one game a seat rotation; `jobs` tables at a time. Tables kept from a stopped
    run or the previous record are played again only when one of their choices changed."""
    game_id, plan = lookup(name)
    size = plan.players
    chosen = list(plan.choices)
    labels = {c.id: c.label for c in chosen}
    schedule = table_schedule(len(chosen), size, -(-games // size), seed)
    todo, tables = [], []
    for k, seats in enumerate(schedule):
        s = seed + PAIRING_STRIDE * k
        ids = [chosen[i].id for i in seats]
        content = [digest[i] for i in ids]
        done = next((t for t in kept["tables"] if t["seed"] == s and t["choices"] == ids
                     and t.get("content") == content and "ahead" in t), None)
        if done is not None:
            tables.append(done)
        else:
            todo.append((game_id, bot, size, s, plan.option, plan.options, ids,
                         [chosen[i].value for i in seats], content))
    # the kept tables count at the time they took, `jobs` of them at once
    started = time.perf_counter() - sum(t["seconds"] for t in tables) / max(1, jobs)
    say(f"[{name}] {len(schedule)} tables of {size}, {len(schedule) * size} games: "
        f"{len(tables)} kept, {len(todo)} to play, {jobs} at a time")

    def finished(t: dict) -> None:
        tables.append(t)
        if resume is not None:
            resume.parent.mkdir(parents=True, exist_ok=True)
            resume.write_text(json.dumps({"key": key, "pairings": [], "tables": tables,
                                          "seconds": round(time.perf_counter() - started, 1)}),
                              encoding="utf-8")
        say(f"[{name}] table {len(tables)}/{len(schedule)}: "
            + ", ".join(f"{labels[c]} {w}" for c, w in zip(t["choices"], t["wins"]))
            + f" ({t['draws']} drawn) in {t['seconds']:.0f} s")

    if jobs > 1 and len(todo) > 1:
        with multiprocessing.get_context("spawn").Pool(min(jobs, len(todo))) as pool:
            for t in pool.imap_unordered(_play_table, todo):
                finished(t)
    else:
        for job in todo:
            finished(_play_table(job))
    tables.sort(key=lambda t: t["seed"])
    record = _record(name, bot, games, seed, digest, chosen,
                     _command(name, bot, games, jobs, None))
    record.update(tables=tables, pairings=pairings_from_tables(tables, [c.id for c in chosen]),
                  seconds=round(time.perf_counter() - started, 1))
    return with_tallies(record)


def pairings_from_tables(tables: Sequence[dict], order: Sequence[str]) -> list[dict]:
    """Each pair of choices that met, in the plan's order: the games they played together,
    each counting for the one that finished ahead of the other (`ahead`: won the game, or
    went out later than the other), and as a draw where they finished level (went out
    together, or nobody won). Every game both sat in counts, not only those one of the two
    won: at a table of four that is half of them, too few to read a pairing from."""
    index = {c: i for i, c in enumerate(order)}
    out: dict[tuple[str, str], dict] = {}
    for t in tables:
        decided = t["games"] - t["errors"] - t["unfinished"]
        for i, a in enumerate(t["choices"]):
            for j, b in enumerate(t["choices"]):
                if index[a] >= index[b]:
                    continue
                p = out.setdefault((a, b), {"a": a, "b": b, "tables": 0, "games": 0, "a_wins": 0,
                                            "b_wins": 0, "draws": 0, "errors": 0,
                                            "illegal": 0, "unfinished": 0})
                first, second = t["ahead"][i][j], t["ahead"][j][i]
                p["tables"] += 1
                p["games"] += t["games"]
                p["a_wins"] += first
                p["b_wins"] += second
                p["draws"] += decided - first - second
                for k in ("errors", "illegal", "unfinished"):
                    p[k] += t[k]
    return [out[k] for k in sorted(out, key=lambda k: (index[k[0]], index[k[1]]))]


def search_budget(game_id: str, bot: str) -> dict | None:
    """The search's caps for an `ismcts` bot in this game: a loaded machine's clock may stop
    it well before its iteration cap, so the record keeps both beside what it reached."""
    name, difficulty = parse_entrant(bot)
    if name != "ismcts":
        return None
    level = level_for(resolve_plugin(game_id).policy, difficulty)
    return {"iterations": level.iterations, "seconds": level.seconds}


def _resumed(path: Path | None, key: dict) -> dict:
    """The pairings (or tables) a stopped run of the same measurement finished (none if it
    differs)."""
    empty = {"pairings": [], "tables": [], "seconds": 0.0}
    if path is None or not path.is_file():
        return empty
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        return empty
    return {**empty, **kept} if _same_measurement(kept.get("key"), key) else empty


def _finished(path: Path | None, key: dict) -> dict:
    """The pairings (or tables) of a finished record of the same measurement, and the
    seconds it took (none if it differs or cannot be read)."""
    empty = {"pairings": [], "tables": [], "seconds": 0.0}
    r = _read_record(path)
    if r is None or not _same_measurement(_key_of(r), key):
        return empty
    if "tables" in r:
        return {**empty, "tables": r["tables"], "seconds": r["seconds"]}
    return {**empty, "pairings": r["pairings"]}      # measure counts each kept one's seconds


def _read_record(path: Path | None) -> dict | None:
    """A stored record, or None where there is none or it cannot be read."""
    if path is None or not path.is_file():
        return None
    try:
        r = json.loads(path.read_text(encoding="utf-8"))
        _key_of(r)
    except (ValueError, KeyError, TypeError):
        return None
    return r


def _key_of(r: dict) -> dict:
    """What makes two records the same measurement (the key a stopped run is kept under)."""
    return {"game": r["game"], "plan": plan_name(r), "bot": r["bot"],
            "games": r["games_per_pairing"], "seed": r["seed"],
            "rules_version": r["rules_version"], "choices": [c["id"] for c in r["choices"]]}


def _same_measurement(kept: dict | None, key: dict) -> bool:
    """Whether what a stopped run or a record kept was measured as `key` asks, whichever
    choices and number of games each took: a pairing's seeds do not depend on them
    (measure), a pairing is kept only where both its choices are unchanged, and one of fewer
    games is played on (_grows_to), as is a table schedule of fewer passes."""
    def without(k: dict) -> dict:
        return {f: v for f, v in k.items() if f not in ("choices", "games")}
    return isinstance(kept, dict) and without(kept) == without(key)


def partial_path(name: str, docs: Path = DOCS) -> Path:
    return docs / "balance" / f"{name}.json.partial"      # not *.json: never shipped


def _chosen(plan: BalancePlan, ids: Sequence[str] | None) -> list[BalanceChoice]:
    if not ids:
        return list(plan.choices)
    by_id = {c.id: c for c in plan.choices}
    unknown = [i for i in ids if i not in by_id]
    if unknown:
        raise KeyError(f"no such choice: {', '.join(unknown)}; known: {', '.join(by_id)}")
    return [c for c in plan.choices if c.id in ids]       # in the plan's order, as it pairs them


def _grows_to(p: dict, games: int) -> bool:
    """Whether a stored pairing is the first games of a pairing of `games` games: game i of
    a pairing plays seed S+i with the seats turned i times, so a pairing of 20 games played on
    to 40 (seeds S+20 onwards, an even number of turns in: the same seats) is the very
    pairing a run of 40 would have played, and a record is made more precise without playing
    its first games again."""
    return p.get("games", 0) == games or (0 < p.get("games", 0) < games and p["games"] % 2 == 0)


def _grown(before: dict, more: dict) -> dict:
    """A pairing's stored games and the games played on from them, as one pairing."""
    out = dict(more)
    for f in ("games", "a_wins", "b_wins", "draws", "errors", "illegal", "unfinished"):
        out[f] = before[f] + more[f]
    out["seconds"] = round(before["seconds"] + more["seconds"], 1)
    if "iterations_per_decision" in before and "iterations_per_decision" in more:
        # weighed by games: a record keeps no count of decisions
        out["iterations_per_decision"] = round(
            (before["iterations_per_decision"] * before["games"]
             + more["iterations_per_decision"] * more["games"]) / out["games"], 1)
    return out


def _pairing(a: BalanceChoice, b: BalanceChoice, seed: int, report: dict, seconds: float,
             content: list) -> dict:
    first, second = report["entrants"]            # entrant 0 held a, wherever it sat
    out = {"a": a.id, "b": b.id, "content": content, "seed": seed, "games": report["games"],
           "a_wins": first["wins"], "b_wins": second["wins"], "draws": first["draws"],
           "errors": report["errors"], "illegal": report["illegal"],
           "unfinished": report["unfinished"], "seconds": round(seconds, 1)}
    searched = [e["search"] for e in (first, second) if "search" in e]
    if searched:         # under load the clock stops a search before its iteration cap
        decisions = sum(s["decisions"] for s in searched)
        out["iterations_per_decision"] = round(sum(s["iterations"] for s in searched)
                                               / decisions, 1) if decisions else 0.0
    return out


def with_tallies(record: dict) -> dict:
    """Each choice's wins, losses, draws and win rate against the field, from the pairings
    alone (a game counts once for each side), so the two never disagree; at tables of more
    than two, also the games it sat in and won, from the tables."""
    tally = {c["id"]: [0, 0, 0] for c in record["choices"]}
    for p in record["pairings"]:
        tally[p["a"]][0] += p["a_wins"]
        tally[p["a"]][1] += p["b_wins"]
        tally[p["b"]][0] += p["b_wins"]
        tally[p["b"]][1] += p["a_wins"]
        tally[p["a"]][2] += p["draws"]
        tally[p["b"]][2] += p["draws"]
    for c in record["choices"]:
        wins, losses, draws = tally[c["id"]]
        played = wins + losses + draws
        c.update(wins=wins, losses=losses, draws=draws, games=played,
                 field_rate=round(wins / played, 4) if played else None)
    if "tables" in record:
        sat = {c["id"]: [0, 0] for c in record["choices"]}
        for t in record["tables"]:
            decided = t["games"] - t["errors"] - t["unfinished"]
            for cid, w in zip(t["choices"], t["wins"]):
                sat[cid][0] += decided
                sat[cid][1] += w
        for c in record["choices"]:
            games, won = sat[c["id"]]
            c.update(table_games=games, table_wins=won,
                     share=round(won / games, 4) if games else None)
    return record


def pairing_rate(p: dict) -> float | None:
    """a's win rate in the pairing (draws are not wins)."""
    played = p["a_wins"] + p["b_wins"] + p["draws"]
    return p["a_wins"] / played if played else None


def weakest_and_strongest(record: dict) -> tuple[dict, dict]:
    rated = [c for c in record["choices"] if c.get("field_rate") is not None]
    if len(rated) < 2:
        raise ValueError("the record has fewer than two measured choices")
    order = sorted(rated, key=lambda c: (c["field_rate"], c["id"]))
    return order[0], order[-1]


def hard_check_seats(record: dict, strong_bot: str = "ismcts:hard",
                     weak_bot: str = "random") -> dict:
    """The hard check's table, from a stored record: the strong bot holds the weakest choice,
    every other seat is the weak bot holding the strongest choices in turn. The arena's
    arguments (bots, options, seat_option) and the choices seated (weak, strong, rivals)."""
    plan = plan_of(plan_name(record))
    weak, strong = weakest_and_strongest(record)
    rivals = sorted((c for c in record["choices"] if c.get("field_rate") is not None
                     and c["id"] != weak["id"]), key=lambda c: (-c["field_rate"], c["id"]))
    rivals = rivals[:plan.players - 1]
    return {"bots": [strong_bot] + [weak_bot] * len(rivals), "options": dict(plan.options),
            "seat_option": (plan.option, [weak["value"], *(c["value"] for c in rivals)]),
            "weak": weak, "strong": strong, "rivals": rivals}


def hard_check(record: dict, games: int = 20, jobs: int = 1, strong_bot: str = "ismcts:hard",
               weak_bot: str = "random", seed: int | None = None) -> dict:
    """The strong bot holding the weakest choice against the weak bot holding the strongest,
    seats alternating; stored in the record under "hard_check". At tables of more than two,
    every other seat is the weak bot, holding the strongest choices in turn."""
    name = plan_name(record)
    table = hard_check_seats(record, strong_bot, weak_bot)
    weak, rivals = table["weak"], table["rivals"]
    seed = hard_check_seed(record) if seed is None else seed
    t0 = time.perf_counter()
    report = run_arena(record["game"], table["bots"], games=games, seed=seed,
                       options=table["options"], seat_option=table["seat_option"], jobs=jobs)
    first = report["entrants"][0]
    played = first["wins"] + first["losses"] + first["draws"]
    record["hard_check"] = {
        "bot": strong_bot, "choice": weak["id"], "against": weak_bot,
        "against_choice": table["strong"]["id"], "against_choices": [c["id"] for c in rivals],
        "games": games, "seed": seed, "wins": first["wins"], "losses": first["losses"],
        "draws": first["draws"], "errors": report["errors"], "unfinished": report["unfinished"],
        "rate": round(first["wins"] / played, 4) if played else None,
        "seconds": round(time.perf_counter() - t0, 1), "measured": time.strftime("%Y-%m-%d"),
        "command": f"tabletop balance {name} --hard-check --games {games} --jobs {jobs}"
                   + ("" if seed == hard_check_seed(record) else f" --seed {seed}")}
    return record


def keep_hard_check(record: dict, previous: Path | None) -> dict:
    """A record measured again keeps the previous record's hard check while the check still
    holds: the same measurement, the same seats, and none of the seated choices retuned (so
    a run that had nothing to play again does not throw the check away)."""
    old = _read_record(previous)
    h = old.get("hard_check") if old else None
    if not h or _key_of(old) != _key_of(record):
        return record
    seats = hard_check_seats(record)
    seated = [seats["weak"]["id"], *(c["id"] for c in seats["rivals"])]
    if seated != [h["choice"], *h.get("against_choices", [h["against_choice"]])]:
        return record
    content = {c["id"]: c["content"] for c in old["choices"]}
    if all(content.get(c["id"]) == c["content"] for c in record["choices"] if c["id"] in seated):
        record["hard_check"] = h
    return record


def hard_check_seed(record: dict) -> int:
    """The hard check's first seed: the record's own, moved clear of its self-play seeds."""
    return record["seed"] + 900_000


# --- the document --------------------------------------------------------------------------
HEADER = """# Balance

*This file is generated by `tabletop balance PLAN` (`tabletop/bots/balance.py`) from the
records in `docs/balance/PLAN.json`; `tabletop balance PLAN --render` rewrites it from them
without playing. Edit the module, not this file.*

A game's starting choices (Trials' starter decks, Pariah's factions) are played against each
other by self-play: every pairing of two different choices, the same bot in both seats, seats
alternating game by game, fixed seeds. A plan of more players (Trials' battle royale) seats the
choices at tables of that many, every pair meeting at as many tables, and reads each pairing
from every game both played: a game counts for the one of the two that finished ahead (won it,
or went out after the other), as a duel counts for its winner. The
bars (issue 20): in `ismcts:normal` self-play every choice wins between 40% and 60% against the
field, and no pairing is beyond 25%-75%, over at least 20 games a pairing; `ismcts:hard`
holding the weakest choice wins at least 90% against `random` holding the strongest, unless
the game's luck puts that out of reach: then the plan states a lower bar, with the figure of
the oracle (the same search seeing every hand and the deck order) on the same seats. A win
rate is wins / games: a draw is not a win. The new-match dialog shows each choice's rate
against the field from these records.

A pairing's figure is a sample: over 20 games its standard error is about 11 points, so among
dozens of pairings a few read beyond 25%-75% by chance alone. A run of more games a pairing
plays on from the stored record instead of starting again (game *i* of a pairing is always
seed S + *i* with the seats turned *i* times, so the first games are the same games), and a
table schedule of more passes keeps its first passes' tables.
"""


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.0f}%"


def _pct_at(rate: float | None, bar: tuple[float, float]) -> str:
    """A rate beside its bar's verdict: one decimal where the whole percent would sit on an edge
    the rate misses (39.7% against 40%-60%), so a row never reads "40%, not within"."""
    shown = _pct(rate)
    if rate is not None and not bar[0] <= rate <= bar[1] and shown in (_pct(bar[0]), _pct(bar[1])):
        return f"{100 * rate:.1f}%"
    return shown


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min" if seconds >= 60 else f"{seconds:.0f} s"


def render_section(record: dict) -> str:
    """The plan's section of docs/BALANCE.md, from its record alone."""
    name = plan_name(record)
    labels = {c["id"]: c["label"] for c in record["choices"]}
    plan = plans().get(name, (None, None))[1]
    lines = [f"## {record['title']}", "",
             f"![{record['title']}: each pairing's win rate](balance/{name}.png)", ""]
    if plan is not None and plan.notes:
        lines += [plan.notes, ""]
    lines += _how_lines(record)
    lo, hi = FIELD_BAR
    for c in sorted(record["choices"], key=lambda c: -(c["field_rate"] or 0)):
        inside = "-" if c["field_rate"] is None else ("yes" if lo <= c["field_rate"] <= hi else "**no**")
        sat = (f"{c['table_games']} | {c['table_wins']} | {_pct(c['share'])} | "
               if "tables" in record else "")
        lines.append(f"| {c['label']} | {sat}{c['games']} | {c['wins']} | {c['losses']} "
                     f"| {c['draws']} | {_pct_at(c['field_rate'], FIELD_BAR)} | {inside} |")
    lines.append("")
    lo, hi = PAIRING_BAR
    beyond = []
    for p in record["pairings"]:
        r = pairing_rate(p)
        if r is not None and not lo <= r <= hi:
            win, lose, rate = (p["a"], p["b"], r) if r > 0.5 else (p["b"], p["a"], 1 - r)
            beyond.append(f"{labels[win]} beats {labels[lose]} {_pct_at(rate, PAIRING_BAR)} "
                          f"({max(p['a_wins'], p['b_wins'])}-{min(p['a_wins'], p['b_wins'])}"
                          f"-{p['draws']})")
    lines += _effort_lines(record)
    n = len(record["pairings"])
    lines += ["**Pairings beyond 25%-75%:** " + (f"{len(beyond)} of {n}: " + "; ".join(beyond)
                                                  if beyond else f"none of {n}") + ".", ""]
    broken = sum(p["errors"] + p["unfinished"] for p in record["pairings"])
    if broken:
        lines += [f"{broken} games ended in an error or unfinished and count for neither side.", ""]
    lines += _hard_lines(record, labels, plan)
    heads = (("first ahead", "second ahead", "level") if "tables" in record
             else ("first's wins", "second's wins", "draws"))
    lines += ["<details><summary>Every pairing</summary>", "",
              "| first | second | games | " + " | ".join(heads) + " | first's win rate |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for p in record["pairings"]:
        lines.append(f"| {labels[p['a']]} | {labels[p['b']]} | {p['games']} | {p['a_wins']} "
                     f"| {p['b_wins']} | {p['draws']} | {_pct(pairing_rate(p))} |")
    lines += ["", "</details>", ""]
    return "\n".join(lines)


def _how_lines(record: dict) -> list[str]:
    """How the record was measured, and the head of its table of choices."""
    total = sum(t["games"] for t in record["tables"]) if "tables" in record else \
        sum(p["games"] for p in record["pairings"])
    when = (f"{total} games in {_minutes(record['seconds'])}, measured {record['measured']} on "
            f"{record['machine']}, rules version {record['rules_version']}, by")
    if "tables" not in record:
        return [f"{len(record['choices'])} choices, {len(record['pairings'])} pairings of "
                f"{record['games_per_pairing']} games (`{record['bot']}` in both seats; pairing "
                f"*k* plays seeds {record['seed']} + {record['seed_stride']}*k* onwards, seats "
                f"alternating): {when}", "", f"    {record['command']}", "",
                "| choice | games | wins | losses | draws | against the field | within 40-60% |",
                "|---|---:|---:|---:|---:|---:|---|"]
    met = sorted({p["games"] for p in record["pairings"]})
    together = f"{met[0]}" if len(met) == 1 else f"{met[0]} to {met[-1]}"
    size = record["players"]
    return [f"{len(record['choices'])} choices at {len(record['tables'])} tables of {size} "
            f"(`{record['bot']}` in every seat; table *k* plays seeds {record['seed']} + "
            f"{record['seed_stride']}*k* onwards, one game a seat rotation), every two choices "
            f"together in {together} games: {when}", "",
            f"    {record['command']}", "",
            f"*Games* and *won* are the games a choice sat in and won (a fair share is "
            f"{1 / size:.0%}); *met*, *ahead*, *behind* and *level* count its rivals in those "
            f"games: ahead of a rival it outlasted (it won, or went out after the rival), "
            f"behind one that outlasted it, level with one that went out in the same moment. "
            f"*Against the field* is ahead / met, even at 50%; a pairing's win rate is the "
            f"share of their games one finished ahead of the other.", "",
            "| choice | games | won | share | met | ahead | behind | level | against the field "
            "| within 40-60% |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]


def _effort_lines(record: dict) -> list[str]:
    """How hard the bots searched: at the clock's mercy on a busy machine, so said."""
    reached = [(p["iterations_per_decision"], p["games"])
               for p in record.get("tables", record["pairings"]) if "iterations_per_decision" in p]
    budget = record.get("budget")
    if not reached or not budget:
        return []
    mean = sum(r * g for r, g in reached) / sum(g for _, g in reached)
    low, high = min(r for r, _ in reached), max(r for r, _ in reached)
    unit = "table" if "tables" in record else "pairing"
    return [f"The search reached {mean:.0f} iterations a searched decision on average "
            f"({low:.0f} to {high:.0f} by {unit}) of its cap of {budget['iterations']} "
            f"iterations or {budget['seconds']} s: where it fell short, the clock stopped it "
            f"(the machine was busy), so both seats played below the level's full strength.", ""]


def hard_bar(plan: BalancePlan | None, seats: Sequence[str]) -> float:
    """The bar for a hard check on these seats: the plan's measured one only on the seats the
    oracle measured it on."""
    if plan is None or tuple(seats) != plan.hard_bar_seats:
        return HARD_BAR
    return plan.hard_bar


def _hard_lines(record: dict, labels: dict, plan: BalancePlan | None) -> list[str]:
    h = record.get("hard_check")
    if not h:
        return ["**Weakest against strongest:** not measured yet "
                f"(`tabletop balance {plan_name(record)} --hard-check`).", ""]
    rival_ids = h.get("against_choices", [h["against_choice"]])
    bar = hard_bar(plan, [h["choice"], *rival_ids])
    met = h["rate"] is not None and h["rate"] >= bar
    rivals = [labels[c] for c in rival_ids]
    held = rivals[0] if len(rivals) == 1 else (f"{', '.join(rivals[:-1])} and {rivals[-1]}, one "
                                               f"a seat")
    own = "" if bar == HARD_BAR else f", this plan's measured bar; the issue's is {HARD_BAR:.0%}"
    lines = [f"**Weakest against strongest:** `{h['bot']}` holding {labels[h['choice']]} (the "
             f"weakest against the field) won {h['wins']} of {h['games']} ({_pct(h['rate'])}; "
             f"{h['losses']} lost, {h['draws']} drawn) against `{h['against']}` holding "
             f"{held} (the strongest): {'met' if met else '**not met**'} "
             f"(>= {bar:.0%}{own}). Seeds {h['seed']} onwards, {_minutes(h['seconds'])}, "
             f"measured {h['measured']} by `{h['command']}`.", ""]
    if own and plan.hard_bar_reason:
        lines += [plan.hard_bar_reason, ""]
    return lines


def render_document(records: Sequence[dict]) -> str:
    return "\n".join([HEADER, *(render_section(r) for r in records)]).rstrip() + "\n"


def stored_records(docs: Path = DOCS) -> list[dict]:
    """The records in docs/balance, in the registry's order of games and plans."""
    out = []
    for name in plans():
        path = docs / "balance" / f"{name}.json"
        if path.is_file():
            out.append(json.loads(path.read_text(encoding="utf-8")))
    return out


# --- the heatmap ---------------------------------------------------------------------------
CELL = 58
PAD = 16
GAP = 14                  # between the pairings and the field column
FONT_SIZE = 15
LOW, MID, HIGH = (202, 0, 32), (247, 247, 247), (5, 113, 176)     # ColorBrewer RdBu ends
INK, GREY, BG = (30, 30, 30), (120, 120, 120), (255, 255, 255)


def _font(size: int = FONT_SIZE, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_path(bold=bold)), size)


def colour(rate: float) -> tuple[int, int, int]:
    """A diverging scale centred on 50%: red below, white at 50%, blue above."""
    t = max(0.0, min(1.0, rate))
    end, k = (LOW, (0.5 - t) * 2) if t < 0.5 else (HIGH, (t - 0.5) * 2)
    return tuple(round(m + (e - m) * k) for m, e in zip(MID, end))


def _text_w(font, text: str) -> int:
    left, _, right, _ = font.getbbox(text)
    return right - left


def heatmap_layout(record: dict) -> dict:
    """Where everything goes; the picture's size follows from the labels and the count."""
    font = _font()
    labels = [c["label"] for c in record["choices"]]
    label_w = max(_text_w(font, t) for t in [*labels, "against the field"]) + 12
    n = len(labels)
    title_h = 52
    left, top = PAD + label_w, PAD + title_h + label_w
    grid_w = n * CELL + GAP + CELL
    width = max(left + grid_w + PAD, PAD * 2 + _text_w(_font(17, True), _title(record)),
                PAD * 2 + _text_w(_font(12), _subtitle(record)))
    legend_top = top + n * CELL + 24
    height = legend_top + 18 + 44
    return {"size": (width, height), "left": left, "top": top, "legend_top": legend_top,
            "label_w": label_w}


def _title(record: dict) -> str:
    return f"{record['title']}: the row's win rate against the column"


def _subtitle(record: dict) -> str:
    if "tables" in record:
        return (f"tables of {record['players']}, {record['games_per_pairing']} games a pair "
                f"together, {record['bot']} in every seat; a game counts for the one of the two "
                f"who finished ahead; measured {record['measured']}")
    return (f"{record['games_per_pairing']} games a pairing, {record['bot']} in both seats, "
            f"seats alternating; measured {record['measured']}")


def heatmap(record: dict) -> Image.Image:
    lay = heatmap_layout(record)
    img = Image.new("RGB", lay["size"], BG)
    d = ImageDraw.Draw(img)
    font, small, bold = _font(), _font(12), _font(17, True)
    choices = record["choices"]
    n = len(choices)
    index = {c["id"]: i for i, c in enumerate(choices)}
    rates: dict[tuple[int, int], tuple[float | None, int]] = {}
    for p in record["pairings"]:
        i, j = index[p["a"]], index[p["b"]]
        r = pairing_rate(p)
        played = p["a_wins"] + p["b_wins"] + p["draws"]
        rates[i, j] = (r, played)
        rates[j, i] = (None if r is None else p["b_wins"] / played, played)
    d.text((PAD, PAD), _title(record), font=bold, fill=INK)
    d.text((PAD, PAD + 24), _subtitle(record), font=small, fill=GREY)
    left, top = lay["left"], lay["top"]
    field_x = left + n * CELL + GAP
    for i, c in enumerate(choices):          # row labels, right-aligned to the grid
        y = top + i * CELL + CELL // 2
        d.text((left - 8, y), c["label"], font=font, fill=INK, anchor="rm")
    for j, c in enumerate([*choices, None]):    # column labels, turned upright
        text = c["label"] if c else "against the field"
        strip = Image.new("RGB", (lay["label_w"], CELL), BG)
        ImageDraw.Draw(strip).text((4, CELL // 2), text, font=font,
                                   fill=INK if c else GREY, anchor="lm")
        strip = strip.rotate(90, expand=True)
        x = left + j * CELL if c else field_x
        img.paste(strip, (x, top - lay["label_w"] - 4))
    for i in range(n):
        for j in range(n + 1):
            if j == n:
                x, rate, played = field_x, choices[i]["field_rate"], choices[i]["games"]
            else:
                x = left + j * CELL
                rate, played = rates.get((i, j), (None, 0))
            y = top + i * CELL
            box = (x, y, x + CELL - 2, y + CELL - 2)
            if i == j:
                d.rectangle(box, fill=(230, 230, 230))
                d.text((x + CELL // 2 - 1, y + CELL // 2 - 1), "–", font=font, fill=GREY, anchor="mm")
                continue
            if rate is None:
                d.rectangle(box, fill=BG, outline=(210, 210, 210))
                continue
            fill = colour(rate)
            d.rectangle(box, fill=fill)
            lum = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
            ink = BG if lum < 140 else INK
            d.text((x + CELL // 2 - 1, y + CELL // 2 - 8), _pct(rate), font=font, fill=ink, anchor="mm")
            d.text((x + CELL // 2 - 1, y + CELL // 2 + 11), f"n={played}", font=small, fill=ink,
                   anchor="mm")
    # the scale: 0% to 100%, white at 50%
    lt, width = lay["legend_top"], n * CELL - 2
    for k in range(width):
        d.line((left + k, lt, left + k, lt + 14), fill=colour(k / max(1, width - 1)))
    for t in (0, 25, 50, 75, 100):
        x = left + round(t / 100 * (width - 1))
        d.line((x, lt + 14, x, lt + 19), fill=INK)
        d.text((x, lt + 21), f"{t}%", font=small, fill=INK, anchor="mt")
    d.text((left - 8, lt + 7), "win rate", font=small, fill=GREY, anchor="rm")
    return img


# --- writing -------------------------------------------------------------------------------
def write_record(record: dict, docs: Path = DOCS) -> Path:
    path = docs / "balance" / f"{plan_name(record)}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


def load_record(name: str, docs: Path = DOCS) -> dict:
    path = docs / "balance" / f"{name}.json"
    if not path.is_file():
        raise FileNotFoundError(f"{path} does not exist: measure first (tabletop balance {name})")
    return json.loads(path.read_text(encoding="utf-8"))


def render(docs: Path = DOCS) -> list[Path]:
    """docs/BALANCE.md and every game's picture, from the stored records."""
    records = stored_records(docs)
    written = []
    for r in records:
        path = docs / "balance" / f"{plan_name(r)}.png"
        heatmap(r).save(path, optimize=True)
        written.append(path)
    out = docs / "BALANCE.md"
    out.write_text(render_document(records), encoding="utf-8")
    return [out, *written]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", metavar="PLAN",
                   help="what to measure: a game with one plan by its id (pariah), or a plan "
                        "(trials, the duel; trials-royale, the battle royale)")
    p.add_argument("--bot", default=DEFAULT_BOT, help="the bot in both seats (default %(default)s)")
    p.add_argument("--games", type=int, default=20, help="games a pairing, or each pair of choices together at tables "
                        "(default %(default)s)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--choices", nargs="+", metavar="ID",
                   help="play only the pairings among these choices (by id); the stored record "
                        "takes them once none of the plan's pairings is left to play")
    p.add_argument("--seed", type=int, help="the first pairing's first seed (default: the plan's); "
                                             "with --hard-check, the check's first seed")
    p.add_argument("--render", action="store_true",
                   help="rewrite docs/BALANCE.md and the pictures from the stored records; no play")
    p.add_argument("--hard-check", action="store_true",
                   help="ismcts:hard with the stored weakest choice against random with the "
                        "strongest, --games games; stored in the record")
    p.add_argument("--docs", default=str(DOCS), help="the docs folder (default: the checkout's)")


def run(args: argparse.Namespace, say: Callable[[str], None] = _say) -> int:
    docs = Path(args.docs)
    plan_of(args.game)                          # a game without choices fails here
    if not args.render:
        if args.hard_check:
            record = hard_check(load_record(args.game, docs), games=args.games, jobs=args.jobs,
                                seed=args.seed)
            h = record["hard_check"]
            say(f"[{args.game}] {h['bot']} with {h['choice']} against {h['against']} with "
                f"{h['against_choice']}: {h['wins']}-{h['losses']}-{h['draws']}")
        else:
            previous = docs / "balance" / f"{args.game}.json"
            record = measure(args.game, bot=args.bot, games=args.games, jobs=args.jobs,
                             choices=args.choices, seed=args.seed, say=say,
                             resume=partial_path(args.game, docs), previous=previous)
            if args.choices:
                record, missing = with_the_rest(record, previous, partial_path(args.game, docs),
                                                args.jobs)
                if missing:
                    _keep_for_the_whole_run(record, partial_path(args.game, docs))
                    say(f"[{args.game}] the stored record is left as it was: {len(missing)} "
                        f"pairings of retuned choices are still to play (first "
                        f"{missing[0][0]} against {missing[0][1]}); the whole run, "
                        f"tabletop balance {args.game}, keeps this run's pairings and plays "
                        f"only those")
                    return 0
            record = keep_hard_check(record, previous)
        write_record(record, docs)
        partial_path(args.game, docs).unlink(missing_ok=True)
    for path in render(docs):
        say(f"wrote {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="balance", description=__doc__.split("\n")[0])
    add_arguments(p)
    try:
        return run(p.parse_args(argv))
    except (KeyError, FileNotFoundError) as exc:
        print(f"balance: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())

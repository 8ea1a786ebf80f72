"""`python -m tabletop.lab.report` (`make bots-report`): measure the bots, write docs/BOTS.md.

Strength is measured, never guessed: every figure in docs/BOTS.md comes from
`run_arena` (seats alternating, fixed seeds) and `tabletop.lab.bench`, run by this
module. The prose of the document lives here too, so the whole file is
regenerated and never drifts from the figures; a game's `notes` quote runs of
other commands (the oracle, arena runs on other seeds) and name each command.

Each game's plugin declares its plan (PLANS gathers them): the matchups, how many games each, and the
targets the issue set; a game in the arena may be shorter than a full match
(Paargus: one hand, {"hands": 1}), and the document says so.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Callable, Sequence

from tabletop.lab.arena import run_arena
from tabletop.lab.bench import bench as run_bench
from tabletop.bots.greedy import SAMPLES
from tabletop.bots.ismcts import LEVELS, level_for
from tabletop.bots.base import DIFFICULTIES, UI_BOTS, resolve_plugin
from tabletop.lab.plans import Matchup, ReportPlan, report_plans

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "docs" / "BOTS.md"
# each game's last measurement, kept so that measuring one game rewrites the whole document
RESULTS_DIR = DEFAULT_OUT.parent / "bots"
# finished batches of a run, so a measurement of hours can be stopped and taken up again
RESUME_DIR = DEFAULT_OUT.parents[1] / "build" / "bots-runs"


@dataclass(frozen=True)
class GamePlan(ReportPlan):
    """A game's ReportPlan (tabletop/lab/games), with the id of its game."""

    game: str = ""


def _plans() -> dict[str, GamePlan]:
    return {gid: GamePlan(game=gid, **{f.name: getattr(p, f.name) for f in fields(ReportPlan)})
            for gid, p in report_plans().items()}


PLANS = _plans()
__all__ = ["GamePlan", "Matchup", "PLANS", "main", "render", "run_plan"]


# --- running -------------------------------------------------------------------------------


def _say(text: str) -> None:
    print(text, flush=True)


def run_plan(plan: GamePlan, jobs: int = 2, scale: float = 1.0,
             say: Callable[[str], None] = _say, only: Sequence[int] | None = None,
             resume_dir: str | Path | None = None) -> dict:
    """Every matchup of `plan` (or the ones numbered in `only`, from 1) through the arena;
    the reports and how long it took. With `resume_dir`, finished batches of games are kept
    there and a run started again plays only the missing ones; the seconds are those of every
    run that played them (batches kept before 2026-11-24 stored no time and count nothing)."""
    results = []
    started = time.perf_counter()
    earlier = 0.0
    for k, m in enumerate(plan.matchups):
        if only and k + 1 not in only:
            continue
        games = max(2, int(round(m.games * scale)))
        label = " vs ".join(m.bots)
        t0 = time.perf_counter()
        last = [0.0]

        def progress(done: int, total: int, label=label, t0=t0, last=last) -> None:
            now = time.perf_counter()
            if done == total or now - last[0] >= 15.0:
                last[0] = now
                say(f"  [{plan.game}] {label}: {done}/{total} games, {now - t0:.0f} s")

        say(f"[{plan.game}] {k + 1}/{len(plan.matchups)} {label}: {games} games, "
            f"options {json.dumps(plan.options)}, {jobs} process{'es' if jobs > 1 else ''}")
        report = run_arena(plan.game, list(m.bots), games=games, seed=matchup_seed(plan, k),
                           options=dict(plan.options), jobs=jobs, progress=progress,
                           resume_dir=resume_dir)
        earlier += report.get("earlier_seconds", 0.0)
        report["seconds"] = round(time.perf_counter() - t0 + report.get("earlier_seconds", 0.0), 1)
        report["target"] = m.target
        report["seed"] = matchup_seed(plan, k)
        results.append(report)
    bench = None
    try:
        bench = run_bench(plan.game)
    except Exception as exc:         # the figures above still stand
        say(f"[{plan.game}] bench failed: {exc}")
    return {"game": plan.game, "options": plan.options, "what_a_game_is": plan.what_a_game_is,
            "budgets": game_budgets(plan.game),
            "timing_targets": dict(plan.timing_targets), "reports": results, "bench": bench,
            "seconds": round(time.perf_counter() - started + earlier, 1)}


# --- the document ----------------------------------------------------------------------------
def _rate(e: dict, games: int) -> str:
    return f"{100.0 * e['wins'] / games:.1f}%" if games else "-"


def _target_cell(report: dict) -> str:
    target = report.get("target")
    if target is None:
        return ""
    first = report["entrants"][0]
    ok = report["games"] and first["wins"] / report["games"] >= target
    return f"{'met' if ok else 'NOT met'} (>= {target:.0%})"


def results_table(result: dict) -> str:
    rows = ["| matchup (first bot's result) | games | wins | losses | draws | win rate | target |",
            "|---|---:|---:|---:|---:|---:|---|"]
    for r in result["reports"]:
        a, b = r["entrants"]
        bad = r["errors"] + r["illegal"] + r["unfinished"]
        note = f" ({r['errors']} errors, {r['illegal']} illegal, {r['unfinished']} unfinished)" \
            if bad else ""
        rows.append(f"| `{a['bot']}` vs `{b['bot']}`{note} | {r['games']} | {a['wins']} | "
                    f"{a['losses']} | {a['draws']} | {_rate(a, r['games'])} | {_target_cell(r)} |")
    return "\n".join(rows)


def _missing(result: dict) -> str:
    """A line naming the plan's matchups that have no figures yet, if any."""
    plan = next((p for p in PLANS.values() if p.game == result["game"]), None)
    if plan is None:
        return ""
    have = {tuple(e["bot"] for e in r["entrants"]) for r in result["reports"]}
    gone = [" vs ".join(f"`{b}`" for b in m.bots) for m in plan.matchups if tuple(m.bots) not in have]
    return f"Not measured yet: {', '.join(gone)}.\n\n" if gone else ""


def timing_table(result: dict) -> str:
    """Per bot: decision times over all its decisions and over searched ones."""
    merged: dict[str, dict] = {}
    for r in result["reports"]:
        for e in r["entrants"]:
            row = merged.setdefault(e["bot"], {"games": 0, "decision_ms": [], "search": []})
            row["games"] += r["games"]
            row["decision_ms"].append(e["decision_ms"])
            if "search" in e:
                row["search"].append(e["search"])
    rows = ["| bot | decisions: median ms | p95 ms | searched decisions | searched: median ms "
            "| p95 ms | iterations per decision | iterations per second | p95 target |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    targets = result.get("timing_targets") or {}
    for bot, row in merged.items():
        # figures from each matchup: the worst median and p95 are shown (most conservative)
        med = max(d["median"] for d in row["decision_ms"])
        p95 = max(d["p95"] for d in row["decision_ms"])
        if row["search"]:
            n = sum(s["decisions"] for s in row["search"])
            smed = max(s["searched_ms"]["median"] for s in row["search"])
            sp95 = max(s["searched_ms"]["p95"] for s in row["search"])
            its = sum(s["iterations"] for s in row["search"])
            per_s = sum(s["iterations"] for s in row["search"]) / max(
                1e-9, sum(s["iterations"] / s["iterations_per_s"] for s in row["search"]
                          if s["iterations_per_s"]))
            search_cells = f"{n} | {smed:.0f} | {sp95:.0f} | {its / n:.0f} | {per_s:.0f}"
        else:
            search_cells = "- | - | - | - | -"
        target = targets.get(bot)
        tcell = ""
        if target is not None:
            tcell = f"{'met' if p95 <= target * 1000 else 'NOT met'} (<= {target:g} s)"
        rows.append(f"| `{bot}` | {med:.1f} | {p95:.1f} | {search_cells} | {tcell} |")
    return "\n".join(rows)


def _timing_note(result: dict) -> str:
    """The arena's word on approximate times (long runs keep a histogram), if any matchup has one."""
    note = next((r["timing_error"] for r in result["reports"] if "timing_error" in r), None)
    return f" Times: {note}." if note else ""


def bench_line(result: dict) -> str:
    b = result.get("bench")
    if not b:
        return "(bench not available)"
    # figures measured before the bench took the plan's options played full default matches
    games = (f"random games (options `{json.dumps(b['options'])}`)" if b.get("options")
             else "random full matches")
    return (f"`tabletop bench {result['game']}`: {b['playouts_per_s']} {games} per "
            f"second, apply {b['apply_us']} µs, clone {b['clone_us']} µs (medians).")


def game_budgets(game_id: str) -> dict[str, dict]:
    """The budget each difficulty searches with in this game (LEVELS and its SEARCH_LEVELS)."""
    policy = resolve_plugin(game_id).policy
    return {d: asdict(level_for(policy, d)) for d in DIFFICULTIES}


def budgets_table(budgets: dict[str, dict] | None = None) -> str:
    """The difficulties' budgets: the shared LEVELS, or one game's (game_budgets)."""
    if budgets is None:
        budgets = {d: asdict(LEVELS[d]) for d in DIFFICULTIES}
    rows = ["| difficulty | `ismcts` iterations | time limit | playout | rollout depth "
            "| exploration | `greedy` samples | the app seats (`bot_for_difficulty`) |",
            "|---|---:|---:|---|---:|---:|---:|---|"]
    for d in DIFFICULTIES:
        b = budgets[d]
        seconds = "none" if b["seconds"] is None else f"{b['seconds']:g} s"
        policy = "game's rollout policy" if b["informed"] else "uniform random"
        name, level = UI_BOTS[d]
        rows.append(f"| {d} | {b['iterations']} | {seconds} | {policy} | {b['rollout_depth']} | "
                    f"{b['exploration']:g} | {SAMPLES[d]} | `{name}:{level}` |")
    return "\n".join(rows)


def _notes(game_id: str) -> str:
    plan = PLANS.get(game_id)
    return f"{plan.notes}\n\n" if plan is not None and plan.notes else ""


def render(results: list[dict]) -> str:
    parts = [_INTRO.format(budgets=budgets_table())]
    for result in results:
        jobs = result.get("jobs", 2)
        what = result.get("what_a_game_is") or "one game"
        n_games = sum(r["games"] for r in result["reports"])
        parts.append(f"## {result['game']}\n\n"
                     f"**What a game is here:** {what}\n\n"
                     f"Options: `{json.dumps(result['options'])}`; seats alternate (game *i* "
                     f"rotates the seats by *i*); game *i* of a matchup has seed S+*i* (S is in "
                     f"the JSON below). {n_games} games in {result['seconds'] / 60:.1f} min, "
                     f"measured {result.get('measured', '?')} on {result.get('machine', '?')} by "
                     f"`{result.get('command', 'python -m tabletop.lab.report')}`.\n\n"
                     f"### Budgets in this game\n\n"
                     f"{budgets_table(result.get('budgets') or game_budgets(result['game']))}\n\n"
                     f"### Win rates\n\n{results_table(result)}\n\n{_missing(result)}"
                     f"{_notes(result['game'])}"
                     f"### Decision time and search speed\n\n"
                     f"{timing_table(result)}\n\n"
                     "\"Decisions\" are all of a bot's decisions, including the instant ones "
                     "(one legal action: a `deal`, a turn end with nothing to lay); \"searched\" "
                     "are the decisions the bot searched. Where a bot played several matchups "
                     "the slowest median and p95 are shown. The arena plays "
                     f"{jobs} games at once, one per core, as the app's one bot process would "
                     f"run beside the UI.{_timing_note(result)}\n\n"
                     f"Engine speed: {bench_line(result)}\n")
    raw = [{"game": r["game"], "options": r["options"],
            "matchups": [{k: v for k, v in rep.items()} for rep in r["reports"]]}
           for r in results]
    parts.append(_OUTRO.format(raw=json.dumps(raw, indent=1)))
    return "\n".join(parts)


_INTRO = """\
# Bots

*This file is generated by `make bots-report` (`python -m tabletop.lab.report`) from
arena runs; edit `tabletop/bots/report.py`, not this file.*

## The bots

| name | what it does |
|---|---|
| `random` | a uniform choice among the legal actions; the baseline |
| `greedy` | one ply: each action is applied to a few determinisations of its view (`game.sample`) and scored with the game's evaluation; the best average wins |
| `ismcts` | Information Set MCTS (below); the bot the app seats |

Every bot decides from its seat's view and the legal actions, never from the state;
`make_bot(name, difficulty)` builds one, `bot.choose(game, view, legal, rng)` decides and
takes all its randomness from `rng`. Names with a level are written `ismcts:hard` in the arena
(`parse_entrant`).

### ISMCTS

Single-observer Information Set MCTS (Cowling, Powley and Whitehouse 2012),
`tabletop/bots/ismcts.py`. Each iteration deals the hidden cards back into the bot's own view
(`game.sample(view, rng)`: the opponent's unseen hand and the deck order), then runs UCT on
that determinisation: selection among the actions legal *in this determinisation*, with each
child's availability count (how often it was legal when its parent was visited) in place of
the parent's visit count, so actions that exist in few determinisations are judged fairly;
expansion of one untried action; a playout with the game's rollout policy, cut off after a
number of actions or at the game's search horizon and scored with `game.evaluate`;
backpropagation of each node's value for the player who made its move. The most visited
root action is played. When only one action is legal it is returned at once, without
searching.

The budget is iterations **and** time: the iteration cap decides on a machine that is fast
enough, so the same seed gives the same move; the clock stops a slow machine. A search also
stops early once no other root action could catch up with the most visited one in the
iterations left (the fewer of the cap and what the clock still allows at the rate so far).

Game hooks (a method on the Game, or a function in `games/<id>/heuristics.py`):
`rollout_action(state, rng)`, `playout(state, rng, max_actions)`,
`search_horizon(state)`, `prune_actions(state, legal)`, `search_actions(state)` and
`EVALUATE_ZERO_SUM`; all optional, see the module text. Paargus provides all of them: the
search stops at the end of the hand (the next hand is a fresh shuffle); conjunction orders
that show the same number of alignments are one move for the search; the playout policy
plays to the tableau only when over the hand limit (the least useful card), trades for a card
that completes or improves a set, and lays the conjunction showing the most alignments,
ending the hand when that wins it and hiding them rather than open the endgame for an
opponent two ahead. The playouts skip the engine's events and checks; a test checks that they
reach exactly the states the engine reaches (10,000 random positions).

Pariah's evaluation projects the rest of the match: each unit strikes its best target with
the damage it deals on average, round after round to round 5, and the points each side keeps
decide; the secret army is one decision (every affordable subset of the ten cards drawn,
scored against typical enemy armies), and the search sees only pruned moves (one unit per
design when deploying, the best attack plans and ability targets). Trials' evaluation weighs
what each seat's standing Avatars still hold against its strongest rival, with the kill race
and, near the bottom of the decks, the deck race; its bots choose their decks among the
strongest ready-made ones. Both have their own playout policies and unchecked search moves
(`games/<id>/heuristics.py` says more).

### Difficulties

The shared levels (`LEVELS` in `tabletop/bots/ismcts.py`):

{budgets}

An iteration costs very different time per game (a Paargus playout is a few card plays, a
Pariah one rolls dice for a whole round), so a game may change a level's iteration count in
`SEARCH_LEVELS` in its heuristics module; each game's section below shows the budgets it was
measured with. The time limits are the same in every game.

`bot_for_difficulty(level)` (in `tabletop.bots.base`) is what the app's "Bot: easy / normal /
hard" choice should seat: `make_bot(*bot_for_difficulty("hard"))`.
"""

_OUTRO = """\
## How these figures were made

`make bots-report` (`python -m tabletop.lab.report`) measures every game with a plan;
`python -m tabletop.lab.report --game pariah` measures one game and rewrites this file with
the others' last measurements (kept in `docs/bots/<game>.json`). One matchup by hand:

    tabletop arena paargus --bots ismcts:hard greedy:hard --games 200 --seed 21000 \\
        --options '{{"hands": 1}}' --jobs 2

<details><summary>The arena reports (JSON)</summary>

```json
{raw}
```

</details>
"""


def matchup_seed(plan: GamePlan, k: int) -> int:
    """Game i of the plan's matchup k (from 0) has seed matchup_seed + i."""
    return plan.seed + 1000 * k


def _matchup_key(report: dict) -> tuple:
    return (tuple(e["bot"] for e in report["entrants"]), report.get("seed"), report["games"])


def merge_measurements(plan: GamePlan, old: dict | None, new: dict,
                       say: Callable[[str], None] = _say) -> dict:
    """`new` (some of the plan's matchups) with `old`'s figures for the others, where `old`
    played the same matchup (bots, seed, games) with the same budgets; in the plan's order.
    A long plan can so be measured a few matchups at a time."""
    if old is None:
        return new
    if old.get("budgets") != new.get("budgets"):
        say(f"[{plan.game}] the stored figures were measured with other budgets: not kept")
        return new
    fresh = {_matchup_key(r): r for r in new["reports"]}
    kept = {_matchup_key(r): r for r in old["reports"]}
    reports = []
    for k, m in enumerate(plan.matchups):
        want = (tuple(m.bots), matchup_seed(plan, k), m.games)
        hit = fresh.get(want) or kept.get(want)
        if hit is not None:
            reports.append(hit)
    merged = dict(new)
    merged["reports"] = reports
    merged["seconds"] = round(new["seconds"] + sum(
        r.get("seconds", 0.0) for r in reports if _matchup_key(r) not in fresh), 1)
    return merged


def _with_stored(fresh: list[dict]) -> list[dict]:
    """The fresh results, and for every other game with a plan its last stored ones."""
    by_game = {r["game"]: r for r in fresh}
    for g in PLANS:
        path = RESULTS_DIR / f"{g}.json"
        if g not in by_game and path.exists():
            by_game[g] = json.loads(path.read_text(encoding="utf-8"))
    return [by_game[g] for g in PLANS if g in by_game]


# --- the command -------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tabletop.lab.report",
                                     description="Measure the bots and write docs/BOTS.md.")
    parser.add_argument("--game", action="append", choices=sorted(PLANS),
                        help="only this game (repeatable); default: every game with a plan")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="arena processes (default: 2, or 1 on a 1-core machine)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every game count (0.1 for a quick look)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="where to write (default docs/BOTS.md)")
    parser.add_argument("--json", help="also write the raw results here")
    parser.add_argument("--matchup", type=int, action="append",
                        help="only this matchup of the plan, numbered from 1 (repeatable); "
                             "the game's other stored figures are kept")
    parser.add_argument("--resume", default=str(RESUME_DIR),
                        help="keep finished batches of games here, and play only the missing "
                             "ones when the same run is started again (default build/bots-runs; "
                             "'' to keep none)")
    parser.add_argument("--render", action="store_true",
                        help="measure nothing: rewrite the document from docs/bots/*.json")
    args = parser.parse_args(argv)
    games = args.game or list(PLANS)
    command = "python -m tabletop.lab.report" + "".join(
        f" {a}" for a in (argv if argv is not None else sys.argv[1:]))
    started = time.perf_counter()
    machine = f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, " \
              f"Python {platform.python_version()}"
    results = []
    for g in ([] if args.render else games):
        result = run_plan(PLANS[g], jobs=args.jobs, scale=args.scale, only=args.matchup,
                          resume_dir=args.resume or None)
        result.update(jobs=args.jobs, machine=machine, command=command,
                      measured=time.strftime("%Y-%m-%d"))
        stored = RESULTS_DIR / f"{g}.json"
        if args.matchup and stored.exists():
            result = merge_measurements(PLANS[g], json.loads(stored.read_text(encoding="utf-8")),
                                        result)
        results.append(result)
        if args.scale == 1.0:          # a quick look (--scale) is not the game's measurement
            RESULTS_DIR.mkdir(parents=True, exist_ok=True)
            (RESULTS_DIR / f"{g}.json").write_text(json.dumps(result, indent=1), encoding="utf-8")
    total = time.perf_counter() - started
    text = render(_with_stored(results))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, out)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1), encoding="utf-8")
    _say(f"wrote {out} in {total / 60:.1f} min")
    for result in results:
        _say(results_table(result))
        _say(timing_table(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

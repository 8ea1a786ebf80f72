"""The flow of a match: set-up (champions, decks, the redraw, traps, deployment), turns and
rounds (Scoreboard, Activation, Upkeep; the challenge track), and a card's play stage by stage.

A play's stages, in the order the rules text gives the attack sequence:
  move      the card's movement, step by step (a Pending "walk")
  pre:i     the i-th pre-attack step
  target    targets chosen (all in range for an area card; one otherwise)
  react     the attack goes on the response window's stack: the defending player may answer it
            with reactions (attacks only), which resolve first
  strike    the damage step: strength - defence - shield (twice with Double)
  rposts    the reactions' post-attack steps ("rpost:k:i" stages, put in front of the rest)
  post:i    the card's post-attack steps
Standard actions run "move" then their own stage ("zap" after a "target", "mend" or "plan1").
Each stage may push decisions (Pendings); the next stage waits for them. The winner is checked
after every stage, so a player reaching 5 VP wins at once.
"""

from __future__ import annotations

from itertools import combinations

from tabletop.core import Event, Rng
from tabletop.core.response import ResponseWindow
from tabletop.games.brawl.engine import board
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.board import card_of, cname, controls, in_arena, in_range, level_n
from tabletop.games.brawl.engine.cards import TEAM, challenges, champions, trap_effects
from tabletop.games.brawl.engine.effects import Ctx
from tabletop.games.brawl.engine.state import (DEPLOY, HAND, OVER, PICK, PLAY, REDRAW, SLOT_VP, TRAPS,
                                               WIN_VP, BrawlState, Declared, Pending, Play, owner,
                                               team)
from tabletop.games.brawl.engine.steps import CORES, OPS

TRAPS_EACH = 2
STD_MOVE = {"own": 1, "move": 2}


# --- set-up ------------------------------------------------------------------------------------------
def new_state(options: dict, seed: int) -> BrawlState:
    rng = Rng(seed)
    first = rng.below(2)
    mode = options.get("picks", "alternate")
    if mode not in ("alternate", "free"):
        raise ValueError(f"unknown champion choice {mode!r}: alternate or free")
    s = BrawlState(rng=rng, phase=PICK, picks_mode=mode, first=first, active=first, round=1,
                   turn_no=0, step_no=0, picks=[[], []], champs=[], pos=[GATE] * 6, damage=[0] * 6,
                   levelled=[False] * 6, levelled_ever=[False] * 6, rooted=[-1] * 6, back_on=[0] * 6,
                   deployed=[False] * 6, hands=[[], []], decks=[[], []], planned=[0, 0],
                   discards=[[], []],
                   cores=[[-1] * 3, [-1] * 3], std_used=[], traps={}, tokens=[], sprung=[],
                   challenge_deck=[], track=[-1] * 4, challenge_discard=[], vp=[0, 0], winner=-1,
                   play=None, pending=[], stack=[], prio=-1, declines=0)
    s.tokens = list(range(len(trap_effects()[0])))
    rng.shuffle(s.tokens)
    s.challenge_deck = list(range(len(challenges())))
    rng.shuffle(s.challenge_deck)
    # the track starts with one challenge in the first 1 VP slot and one not yet scorable
    s.track[1] = s.challenge_deck.pop()
    s.track[0] = s.challenge_deck.pop()
    return s


def pick_order(s: BrawlState) -> list[int]:
    f, o = s.first, 1 - s.first
    return [f, o, o, f, f, o] if s.picks_mode == "alternate" else [f, f, f, o, o, o]


def deciding(s: BrawlState) -> int:
    """The seat making the next set-up decision."""
    if s.phase == PICK:
        return pick_order(s)[s.step_no]
    # the redraw, the traps and deployment alternate, the first player first
    return s.first if s.step_no % 2 == 0 else 1 - s.first


def pickable(s: BrawlState, seat: int) -> list[str]:
    taken = set(s.picks[seat]) if s.picks_mode == "free" else set(s.picks[0] + s.picks[1])
    return [c for c in champions() if c not in taken]


def pick(s: BrawlState, seat: int, champ: str, ev: list[Event]) -> None:
    s.picks[seat].append(champ)
    s.step_no += 1
    if s.picks_mode == "alternate":
        ev.append(Event("pick", {"seat": seat, "name": champions()[champ].name}))
    else:
        ev.append(Event("pick", {"seat": seat}))
    if s.step_no == 2 * TEAM:
        _deal(s, ev)


def _deal(s: BrawlState, ev: list[Event]) -> None:
    """Both teams are chosen: they are shown, and each deck is its champions' 18 cards, shuffled."""
    s.champs = s.picks[0] + s.picks[1]
    ev.append(Event("teams", {"names": [champions()[c].name for c in s.champs]}, reveals=True))
    for p in (0, 1):
        s.decks[p] = [card for c in team(p) for card in range(c * 6, c * 6 + 6)]
        s.rng.shuffle(s.decks[p])
        board.draw(s, p, HAND, ev)
    s.phase, s.step_no = REDRAW, 0


def redraw(s: BrawlState, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None:
    """The one redraw: the cards set aside are replaced, then shuffled back into the deck."""
    for c in cards:
        s.hands[seat].remove(c)
    board.draw(s, seat, len(cards), ev)
    if cards:
        s.decks[seat].extend(cards)
        s.rng.shuffle(s.decks[seat])
    ev.append(Event("redraw", {"seat": seat, "count": len(cards)}, reveals=bool(cards)))
    s.step_no += 1
    if s.step_no == 2:
        s.phase, s.step_no = TRAPS, 0


def set_trap(s: BrawlState, seat: int, h: int, ev: list[Event]) -> None:
    board.lay_trap(s, seat, h, ev)
    s.step_no += 1
    if s.step_no == 2 * TRAPS_EACH:
        s.phase, s.step_no = DEPLOY, 0


def deploy(s: BrawlState, seat: int, c: int, h: int, ev: list[Event]) -> None:
    s.pos[c], s.deployed[c] = h, True
    ev.append(Event("deploy", {"seat": seat, "unit": c, "name": cname(s, c), "to": h}))
    s.step_no += 1
    if s.step_no == 2 * TEAM:
        s.phase, s.step_no, s.active = PLAY, 0, s.first
        start_turn(s, ev)


def deploy_options(s: BrawlState, seat: int) -> tuple[list[int], list[int]]:
    """(champions of seat still to deploy, free hexes of its deployment area)."""
    return ([c for c in team(seat) if not s.deployed[c]],
            [h for h in arena().deploy[seat] if board.free(s, h)])


# --- turns and rounds -----------------------------------------------------------------------------------
def start_turn(s: BrawlState, ev: list[Event]) -> None:
    s.turn_no += 1
    s.std_used = []
    ev.append(Event("turn", {"seat": s.active, "round": s.round}))
    if s.round >= 2:
        scoreboard(s, ev)


def scoreboard(s: BrawlState, ev: list[Event]) -> None:
    """The active player scores every challenge on a scorable slot they meet, for its slot's VP."""
    p = s.active
    for slot in range(1, 4):
        ch = s.track[slot]
        if ch < 0:
            continue
        c = challenges()[ch]
        if OPS.execute(c.check, s, p):
            s.vp[p] += SLOT_VP[slot]
            s.track[slot] = -1
            s.challenge_discard.append(ch)
            ev.append(Event("challenge",
                            {"seat": p, "name": c.name, "amount": SLOT_VP[slot], "total": s.vp[p],
                             "slot": slot}))
    settle(s, ev)


def end_turn(s: BrawlState, ev: list[Event]) -> None:
    """The Upkeep Phase, then the next turn (and, after the second, the challenge track moves)."""
    p = s.active
    s.cores[p] = [-1 if until <= s.turn_no else until for until in s.cores[p]]
    for c in team(p):
        if in_arena(s, c) and level_n(s, c, "regen"):
            board.heal(s, c, level_n(s, c, "regen"), ev)
    for card in list(s.hands[p]):
        board.discard_card(s, p, card, ev)
    board.draw(s, p, HAND, ev)
    if p != s.first:
        advance_track(s, ev)
        s.round += 1
    s.active = 1 - p
    start_turn(s, ev)


def advance_track(s: BrawlState, ev: list[Event]) -> None:
    """A new challenge enters, every challenge moves one slot right, the last one falls off."""
    if not s.challenge_deck and s.challenge_discard:
        s.challenge_deck, s.challenge_discard = s.challenge_discard, []
        s.rng.shuffle(s.challenge_deck)
    new = s.challenge_deck.pop() if s.challenge_deck else -1
    off = s.track[3]
    s.track = [new] + s.track[:3]
    if off >= 0:
        s.challenge_discard.append(off)
    ev.append(Event("track", {"name": challenges()[new].name if new >= 0 else "", "round": s.round},
                    reveals=new >= 0))


def settle(s: BrawlState, ev: list[Event]) -> None:
    """First to 5 VP wins at once; both at once: the player who is not active wins."""
    if s.phase == OVER or max(s.vp) < WIN_VP:
        return
    s.winner = 1 - s.active if min(s.vp) >= WIN_VP else s.vp.index(max(s.vp))
    s.phase, s.play, s.pending = OVER, None, []
    WINDOW.close(s)
    ev.append(Event("game_over", {"winner": s.winner, "winners": [s.winner]}))


# --- what may be played ------------------------------------------------------------------------------------
def core_ready(s: BrawlState, seat: int, core: str) -> bool:
    return s.cores[seat][CORES.index(core)] < s.turn_no


def can_act(s: BrawlState, c: int, move: int) -> bool:
    """Champion c may take an action with this much movement: it stands in the arena, or waits at
    its gate, may come back this turn and has a step to come back with."""
    if in_arena(s, c):
        return True
    return (move >= 1 and s.back_on[c] <= s.turn_no
            and any(board.free(s, h) for h in arena().deploy[owner(c)]))


def playable(s: BrawlState, seat: int, card: int) -> bool:
    cd = card_of(s, card)
    return (cd.type != "reaction" and core_ready(s, seat, cd.core)
            and can_act(s, card // 6, cd.move))


def standard_options(s: BrawlState, seat: int) -> list[tuple[str, str, int]]:
    """(core, option, champion) of every standard action open: a ready core with no card of its
    colour in hand; each standard action once a turn."""
    out = []
    colours = {card_of(s, c).core for c in s.hands[seat]}
    for core in CORES:
        if core in colours or not core_ready(s, seat, core):
            continue
        for option in ("own", "move"):
            if (core if option == "own" else "move") in s.std_used:
                continue
            out += [(core, option, c) for c in team(seat) if can_act(s, c, STD_MOVE[option])]
    return out


def target_options(s: BrawlState, p: Play, at: int | None = None) -> list[int]:
    """The champions the play may target from where its champion stands, or from hex `at` (the
    table's preview of where a walk would end)."""
    a = p.champ
    if not in_arena(s, a):
        return []
    here = s.pos[a] if at is None else at
    if p.std:                        # the red standard action: an adjacent enemy
        return [t for t in team(1 - p.seat) if in_arena(s, t) and arena().dist(here, s.pos[t]) == 1]
    cd = card_of(s, p.card)
    side = team(1 - p.seat) if cd.target == "enemy" else team(p.seat)
    return [t for t in side if in_arena(s, t)
            and ((t == a and cd.target == "ally") or in_range(s, cd, here, s.pos[t], but=a))]


def reaction_options(s: BrawlState, p: Play) -> list[int]:
    """The defender's reaction cards that may answer the attack: the card's champion is a target
    that has not reacted yet, and its core is ready."""
    d = 1 - p.seat
    shielded = {r // 6 for r in p.reactions} | {i.card // 6 for i in s.stack if i.kind == "reaction"}
    return [r for r in s.hands[d] if card_of(s, r).type == "reaction" and r // 6 in p.targets
            and r // 6 not in shielded and in_arena(s, r // 6) and core_ready(s, d, card_of(s, r).core)]


def plan_options(s: BrawlState, seat: int, n: int) -> list[tuple[int, ...]]:
    hand = sorted(s.hands[seat])
    return [combo for k in range(min(n, len(hand)) + 1) for combo in combinations(hand, k)]


# --- a play, stage by stage ---------------------------------------------------------------------------------
def start_play(s: BrawlState, seat: int, card: int, ev: list[Event]) -> None:
    cd = card_of(s, card)
    c = card // 6
    s.hands[seat].remove(card)
    s.discards[seat].append(card)
    s.cores[seat][CORES.index(cd.core)] = s.turn_no
    ev.append(Event("play", {"seat": seat, "card": card, "name": cd.name, "unit": c, "from": "hand",
                             "to": "discard"}, reveals=True))
    q = ["move"] + [f"pre:{i}" for i in range(len(cd.pre))]
    if cd.target != "none":
        q.append("target")
    if cd.type == "attack":
        q += ["react"] + ["strike"] * (2 if cd.has("double") else 1) + ["rposts"]
    q += [f"post:{i}" for i in range(len(cd.post))]
    s.play = Play(seat, card, c, "", q, [], [], [], [])
    advance(s, ev)


def start_standard(s: BrawlState, seat: int, core: str, option: str, c: int, ev: list[Event]) -> None:
    s.cores[seat][CORES.index(core)] = s.turn_no
    s.std_used.append(core if option == "own" else "move")
    ev.append(Event("standard",
                    {"seat": seat, "unit": c, "name": cname(s, c), "core": core, "option": option}))
    q = ["move"]
    if option == "own":
        q += {"red": ["target", "zap"], "yellow": ["mend"], "blue": ["plan1"]}[core]
    s.play = Play(seat, -1, c, f"{core}:{option}", q, [], [], [], [])
    advance(s, ev)


def movement(s: BrawlState, p: Play) -> int:
    if p.std:
        return STD_MOVE[p.std.split(":")[1]]
    return card_of(s, p.card).move + level_n(s, p.champ, "swift")


def advance(s: BrawlState, ev: list[Event]) -> None:
    """Run stages until a decision is needed or the play is done."""
    while s.phase == PLAY:
        prune(s)
        if s.pending or s.play is None or s.prio >= 0:
            return
        p = s.play
        if not p.queue:
            s.play = None
            return
        _stage(s, p, p.queue.pop(0), ev)
        settle(s, ev)


def _stage(s: BrawlState, p: Play, stage: str, ev: list[Event]) -> None:
    cd = card_of(s, p.card) if p.card >= 0 else None
    if stage == "move":
        n = movement(s, p)
        if n > 0:
            s.pending.append(Pending("walk", p.seat, p.champ, n, -1))
    elif stage == "target":
        opts = target_options(s, p)
        if cd is not None and cd.range == "area":
            _aim(p, opts)
        elif len(opts) == 1:
            _aim(p, opts)
        elif opts:
            s.pending.append(Pending("target", p.seat, p.champ, 0, -1))
        else:
            ev.append(Event("no_target", {"seat": p.seat, "unit": p.champ}))
    elif stage == "react":
        if p.targets:
            WINDOW.push(s, Declared("attack", p.seat, p.card), ev)
    elif stage == "strike":
        strike(s, p, ev)
    elif stage == "rposts":
        p.queue[:0] = [f"rpost:{k}:{i}" for k, r in enumerate(p.reactions)
                       for i in range(len(card_of(s, r).post))]
    elif stage.startswith("rpost:"):
        _, k, i = stage.split(":")
        r = p.reactions[int(k)]
        ctx = Ctx(1 - p.seat, r // 6, (), (), p.champ)
        OPS.execute(card_of(s, r).post[int(i)], s, ctx, ev)
    elif stage.startswith(("pre:", "post:")):
        kind, i = stage.split(":")
        steps = cd.pre if kind == "pre" else cd.post
        OPS.execute(steps[int(i)], s, Ctx(p.seat, p.champ, tuple(p.targets), tuple(p.dealt)), ev)
    elif stage == "zap":
        for t in p.targets:
            board.hurt(s, t, 1, p.champ, ev)
    elif stage == "mend":
        board.heal(s, p.champ, 1, ev)
    elif stage == "plan1":
        if s.hands[p.seat]:
            s.pending.append(Pending("plan", p.seat, p.champ, 1, -1))


def _aim(p: Play, targets: list[int]) -> None:
    p.targets = list(targets)
    p.dealt = [0] * len(targets)
    p.shields = [0] * len(targets)


def strike(s: BrawlState, p: Play, ev: list[Event]) -> None:
    """The damage step: strength (with its statics) less the target's defence and shield."""
    cd = card_of(s, p.card)
    a = p.champ
    for i, t in enumerate(p.targets):
        if not in_arena(s, t) or not in_arena(s, a):
            continue
        strength = cd.strength + level_n(s, a, "fierce")
        for m in cd.mods:
            if (m.op == "bloodied" and board.bloodied(s, t)) or (
                    m.op == "control" and controls(s, p.seat, m.area)):
                strength += m.n
        dmg = max(0, strength - board.defence(s, t) - p.shields[i])
        ev.append(Event("strike", {"seat": p.seat, "unit": a, "target": t, "target_name": cname(s, t),
                                   "amount": dmg}))
        dealt = board.hurt(s, t, dmg, a, ev)
        p.dealt[i] += dealt
        venom = level_n(s, a, "venom")
        if dealt and venom and in_arena(s, t):
            board.hurt(s, t, venom, a, ev)


# --- decisions waited for ----------------------------------------------------------------------------------
def options(s: BrawlState, pd: Pending) -> list:
    """The answers a pending decision takes (hexes, champions, cards or card lists)."""
    k = pd.kind
    if k == "walk":
        return board.walk_options(s, pd.champ, pd.n)
    if k == "force":
        return board.force_options(s, pd.champ) if pd.n > 0 else []
    if k == "dash":
        return sorted(board.dash_paths(s, pd.champ, pd.n))
    if k in ("swoop", "jump"):
        return board.fly_options(s, pd.champ, pd.n, k == "swoop")
    if k == "fear":
        return sorted(board.fear_paths(s, pd.champ, pd.n, pd.src))
    if k == "place":
        return board.place_options(s, pd.champ, pd.src, pd.n)
    if k == "target":
        return target_options(s, s.play) if s.play else []
    if k == "discard":
        return [x for x in s.hands[pd.seat] if x // 6 == pd.champ]
    if k == "plan":
        return plan_options(s, pd.seat, pd.n) if s.hands[pd.seat] else []
    if k == "trap":
        return board.trap_hexes_open(s, pd.src)
    raise ValueError(f"unknown decision {k!r}")


def prune(s: BrawlState) -> None:
    """Decisions with nothing left to decide are dropped (a move with no step left, a trap with
    nowhere to go, a discard with no card)."""
    while s.pending and not options(s, s.pending[-1]):
        s.pending.pop()


def walk_step(s: BrawlState, pd: Pending, h: int, ev: list[Event]) -> None:
    """One step of a move (own or forced): traps on the way spring; the rest of the move waits
    under whatever the trap asks."""
    below = len(s.pending)
    if board.travel(s, pd.champ, [h], ev) and pd.n > 1:
        s.pending.insert(below, Pending(pd.kind, pd.seat, pd.champ, pd.n - 1, pd.src))


def answer_hex(s: BrawlState, pd: Pending, h: int, ev: list[Event]) -> None:
    s.pending.pop()
    k, c = pd.kind, pd.champ
    if k in ("walk", "force"):
        walk_step(s, pd, h, ev)
    elif k == "dash":
        board.travel(s, c, board.dash_paths(s, c, pd.n)[h], ev)
    elif k == "fear":
        board.travel(s, c, board.fear_paths(s, c, pd.n, pd.src)[h], ev)
    elif k in ("swoop", "jump", "place"):
        # flying and being placed ignore what lies between; a trap springs only where it lands
        board.travel(s, c, [h], ev)
    elif k == "trap":
        board.lay_trap(s, pd.seat, h, ev)


def answer_target(s: BrawlState, c: int, ev: list[Event]) -> None:
    s.pending.pop()
    _aim(s.play, [c])
    ev.append(Event("target",
                    {"seat": s.play.seat, "unit": s.play.champ, "target": c, "target_name": cname(s, c)}))


def react(s: BrawlState, card: int, ev: list[Event]) -> None:
    """A reaction is declared: its core stays exhausted through its player's next turn, and it
    goes on the window's stack above the attack."""
    d = 1 - s.play.seat
    cd = card_of(s, card)
    s.hands[d].remove(card)
    s.discards[d].append(card)
    s.cores[d][CORES.index(cd.core)] = s.turn_no + 1
    ev.append(Event("react", {"seat": d, "card": card, "name": cd.name, "unit": card // 6, "from": "hand",
                              "to": "discard"}, reveals=True))
    WINDOW.push(s, Declared("reaction", d, card), ev)


def _resolve(s: BrawlState, item: Declared, ev: list[Event]) -> None:
    """A reaction resolves before the attack under it: its shield guards its own champion (its
    post-attack steps wait for the damage). The attack resolving closes the window; the play's
    stages then go on (advance)."""
    if item.kind != "reaction":
        return
    p, c = s.play, item.card // 6
    p.reactions.append(item.card)
    shield = card_of(s, item.card).shield + level_n(s, c, "warded")
    p.shields[p.targets.index(c)] += shield
    ev.append(Event("shield", {"seat": item.seat, "unit": c, "name": cname(s, c), "amount": shield}))


# Only the defending seat may answer, and only while it can play a reaction; a reaction is not
# answered in turn (the attacker holds none), so the window closes once the defender passes.
WINDOW: ResponseWindow[BrawlState] = ResponseWindow(
    out=lambda s: (False, False),
    may_respond=lambda s, seat: s.play is not None and seat != s.play.seat
    and bool(reaction_options(s, s.play)),
    resolve=_resolve,
    closed=lambda s: s.phase == OVER)


def plan(s: BrawlState, seat: int, cards: tuple[int, ...], ev: list[Event]) -> None:
    s.pending.pop()
    for c in cards:                  # the last named ends on top
        s.hands[seat].remove(c)
        s.decks[seat].append(c)
    s.planned[seat] += len(cards)     # its player knows these until they are drawn
    ev.append(Event("plan", {"seat": seat, "count": len(cards)}))

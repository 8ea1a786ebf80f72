"""The round: setting up, the Start Phase, turns, passing, the End Phase."""

from __future__ import annotations

from tabletop.core import Event, Rng
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.decks import BOT_DECK, choose_deck, deck_problems, resolve_deck, starter_for_seat
from tabletop.games.trials.engine.state import BLOCK, HAND_SIZE, MAX_ROUND, OVER, TrialsState, next_live


def new_state(options: dict, seed: int, players: int) -> TrialsState:
    if players not in (2, 3, 4):
        raise ValueError("Trials is played by 2 players, or 3 or 4 in the battle royale.")
    royale = players > 2
    variant = options.get("variant") or ("royale" if royale else "duel")
    if (variant == "royale") != royale:
        raise ValueError("The duel is for 2 players; the battle royale for 3 or 4.")
    chosen = list(options.get("decks") or [])
    if len(chosen) > players:
        raise ValueError(f"{len(chosen)} decks were given for {players} players.")
    designs: dict[int, str] = {}
    decks = []
    for seat in range(players):
        raw = chosen[seat] if seat < len(chosen) and chosen[seat] else starter_for_seat(seat, royale)
        if raw == BOT_DECK:      # left to the bot: its choice, drawn from the match seed
            raw = choose_deck(None, Rng(seed * 31 + seat + 1), royale)
        deck = resolve_deck(raw)
        problems = deck_problems(deck, royale)
        if problems:
            raise ValueError(f"Player {seat + 1}'s deck is not legal: {problems[0]}")
        decks.append(deck)
        for i, cid in enumerate([*deck["avatars"], *deck["cards"]]):
            designs[seat * BLOCK + i] = cid
    rng = Rng(seed)
    s = TrialsState(rng, players, designs)
    for seat, deck in enumerate(decks):
        n = len(deck["avatars"])
        s.avatars[seat] = [seat * BLOCK + i for i in range(n)]
        s.decks[seat] = [seat * BLOCK + n + i for i in range(len(deck["cards"]))]
        s.hands[seat] = s.decks[seat][:HAND_SIZE]
        del s.decks[seat][:HAND_SIZE]
    first = options.get("initiative")
    s.initiative = int(first) % players if first is not None else rng.below(players)
    return s


def _triggers(s: TrialsState, when: str, ev: list[Event]) -> None:
    for p in fx.initiative_order(s):
        if s.out[p]:
            continue
        for a in list(s.avatars[p]):
            for c in (a, *list(s.attached.get(a, ()))):
                if not s.in_play(c):
                    continue
                host = c if fx.is_avatar(s, c) else s.host[c]
                for e in fx.side(s, c).effects:
                    if e.when == when and s.phase != OVER:
                        fx.run_effect(s, p, e, c, host, (), 0, ev)


def start_round(s: TrialsState, ev: list[Event]) -> None:
    s.round = min(s.round + 1, MAX_ROUND)
    ev.append(Event("round", f"Round {s.round} begins.", {"round": s.round}))
    _triggers(s, "round_start", ev)
    if s.phase == OVER:
        return
    s.exhausted.clear()                     # ready every card in play
    for p in s.live_seats():
        s.energy[p] = s.round
    cannot = [p for p in fx.initiative_order(s) if not s.out[p] and not s.decks[p]]
    for p in fx.initiative_order(s):
        if not s.out[p] and p not in cannot:
            fx.draw(s, p, 1, ev)
    if cannot:
        s.reason = "could not draw a card at the start of the round"
        fx.check_end(s, ev, losers=cannot)
        if s.phase == OVER:
            return
    s.turn = s.initiative if not s.out[s.initiative] else next_live(s, s.initiative)
    s.acted = False
    s.pass_streak, s.first_passer = 0, -1


def end_turn(s: TrialsState, ev: list[Event]) -> None:
    s.acted = False
    s.turn = next_live(s, s.turn)


def do_pass(s: TrialsState, ev: list[Event]) -> None:
    seat = s.turn
    s.pass_streak += 1
    if s.pass_streak == 1:
        s.first_passer = seat
    ev.append(Event("pass", f"Player {seat + 1} passes.", {"seat": seat}))
    if s.pass_streak >= len(s.live_seats()):
        end_round(s, ev)
    else:
        end_turn(s, ev)


def end_round(s: TrialsState, ev: list[Event]) -> None:
    if s.first_passer >= 0 and not s.out[s.first_passer]:
        s.initiative = s.first_passer
        ev.append(Event("initiative", f"Player {s.initiative + 1} passed first and takes initiative.",
                        {"seat": s.initiative, "why": "passed_first"}))
    _triggers(s, "round_end", ev)
    if s.phase == OVER:
        return
    s.buffs.clear()
    s.stealth.clear()
    start_round(s, ev)

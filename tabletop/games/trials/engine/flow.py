"""The round: setting up, the Start Phase, turns, passing, the End Phase; the response window
(WINDOW) that every declaration and triggered effect opens, and the decisions asked while
something resolves.

The Start and End Phases put their triggered effects on the stack and go on once it is empty
(the window's `on_empty`): the Start Phase then readies, sets energy and draws; the End Phase
starts the next round.
"""

from __future__ import annotations

from tabletop.core import Event, Rng
from tabletop.core.response import ResponseWindow
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import stack
from tabletop.games.trials.engine.decks import BOT_DECK, deck_problems, resolve_deck, starter_for_seat
from tabletop.games.trials.engine.stack_item import ORDER, TrialsItem
from tabletop.games.trials.engine.state import (BLOCK, END, HAND_SIZE, MAIN, MAX_ROUND, OVER, START,
                                                TrialsState, next_live)


def new_state(options: dict, seed: int, players: int, bot_deck=None) -> TrialsState:
    """`bot_deck(card_pool, rng, royale)` chooses the deck of a seat whose option is BOT_DECK."""
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
            if bot_deck is None:
                raise ValueError("This match leaves a deck to the bots, and no bot is here to choose it.")
            raw = bot_deck(None, Rng(seed * 31 + seat + 1), royale)
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


def main_time(s: TrialsState) -> bool:
    """The turn player's action time: no question, no priority passing, an empty stack, no action yet."""
    return s.phase == MAIN and s.waiting is None and s.prio < 0 and not s.stack and not s.acted


# --- the window ---------------------------------------------------------------------------------

def _out(s: TrialsState) -> list[bool]:
    return s.out


def _over(s: TrialsState) -> bool:
    return s.phase == OVER


def _deciding(s: TrialsState) -> bool:
    return s.waiting is not None


def _emptied(s: TrialsState, ev: list[Event]) -> None:
    """The stack is empty: the phase whose triggered effects it held goes on, or the turn's
    action has resolved and the next seat's turn begins."""
    if s.phase == START:
        _finish_start(s, ev)
    elif s.phase == END:
        _finish_end(s, ev)
    elif s.acted:
        end_turn(s, ev)


WINDOW: ResponseWindow[TrialsState] = ResponseWindow(
    out=_out, may_respond=stack.may_respond, resolve=stack.resolve, closed=_over,
    on_empty=_emptied, waiting=_deciding)
decline = WINDOW.decline        # (s, ev): the seat holding priority lets the top item pass


def declare(s: TrialsState, item: TrialsItem, ev: list[Event]) -> None:
    """A play, activation, attack, ignite or channel goes on the stack, with any effect its cost
    triggered above it, and the window opens (once the effects' order is chosen)."""
    s.stack.append(item)
    go_on(s, ev)


def go_on(s: TrialsState, ev: list[Event]) -> None:
    """Put what triggered on the stack and open the window for the top item (or, the stack
    empty, let the phase or the turn go on); unless a decision must be made first."""
    stack.stack_triggered(s, ev)
    if s.waiting is None and s.phase != OVER:
        WINDOW.resume(s, ev)


def answer(s: TrialsState, value: int, ev: list[Event]) -> None:
    """The seat asked has decided: a triggered effect takes its place on the stack, or the
    resolution that asked goes on; then the window goes on."""
    choice, s.waiting = s.waiting, None
    if choice.kind == ORDER:
        stack.place(s, choice, value, ev)
    else:
        item, s.resolving = s.resolving, None
        stack.carry_on(s, item, choice.at, value, ev)
    if s.waiting is None and s.phase != OVER:
        WINDOW.resume(s, ev)


# --- the round ----------------------------------------------------------------------------------

def _fire_all(s: TrialsState, when: str) -> None:
    """Every card in play that acts at this moment of the round: its effect triggers (seats from
    the one with initiative, each Avatar then its cards)."""
    for p in fx.initiative_order(s):
        if s.out[p]:
            continue
        for a in s.avatars[p]:
            for c in (a, *s.attached.get(a, ())):
                fx.fire(s, p, c, when)


def start_round(s: TrialsState, ev: list[Event]) -> None:
    s.round = min(s.round + 1, MAX_ROUND)
    s.phase = START
    # energy does not carry over: what is left of the last round's cannot pay for an Instant
    # answering the start of this one
    s.energy = [0] * s.players
    ev.append(Event("round", {"round": s.round}))
    _fire_all(s, "round_start")
    go_on(s, ev)


def _finish_start(s: TrialsState, ev: list[Event]) -> None:
    """The Start Phase after its triggered effects: ready, energy, draw, then the first turn."""
    s.phase = MAIN
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
    ev.append(Event("pass", {"seat": seat}))
    if s.pass_streak >= len(s.live_seats()):
        end_round(s, ev)
    else:
        end_turn(s, ev)


def end_round(s: TrialsState, ev: list[Event]) -> None:
    if s.first_passer >= 0 and not s.out[s.first_passer]:
        s.initiative = s.first_passer
        ev.append(Event("initiative", {"seat": s.initiative, "why": "passed_first"}))
    s.phase = END
    _fire_all(s, "round_end")
    go_on(s, ev)


def _finish_end(s: TrialsState, ev: list[Event]) -> None:
    """The End Phase after its triggered effects: this round's changes end, the next begins."""
    s.buffs.clear()
    s.stealth.clear()
    s.veiled = s.veiled_alone = None
    start_round(s, ev)

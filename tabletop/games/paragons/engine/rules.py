"""Paragons: Age of Champions: every rule of the match (rules text, RULINGS.md, rules_page.md).

Decisions, phase by phase (actions.py):
  class     choose (klass)                   a class wish, made in secret
  draft     pick (card)                      one of the cards laid out
  build     add / remove (card), done        a deck of exactly 30 (between games: the loser)
            exchange (out, into)             several cards swapped in one move (not listed:
                                             open_kinds; the rule decides each)
  mulligan  mulligan (cards)                 the hand cards returned (none: keep)
  play      play, cast, hide, reveal, attack, defend, ability, caster, garrison, recruit,
            end_turn, decline, rechoose
Every Voluntary Action joins the reaction chain (chain.py); Fated spells resolve at once.
"""

from __future__ import annotations

from tabletop.core import Action, Event, Game, GameInfo, Result
from tabletop.core.game import handles
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, draft, flow, moves, outcome, views
from tabletop.games.paragons.engine.stack_item import (ABILITY, ATTACK, CASTER, DEFEND, FROM_HAND,
                                                       FROM_HIDDEN, GARRISON, HIDE, MERC, RECRUIT,
                                                       SPELL, Link)
from tabletop.games.paragons.engine.explain import explain
from tabletop.games.paragons.engine.state import BUILD, CLASS, DRAFT, OVER, PLAY, SWAP, ParagonsState
from tabletop.games.paragons.engine.stats import card_of, name


class Paragons(Game):
    # rules version 2 (issue 80): mercenaries arrive on the board at once, and every turn gives
    # the other players a moment after its beginning and before its end for spells; a log of
    # version 1 plays differently, and the store says so
    info = GameInfo("paragons", "Paragons: Age of Champions", (2, 3), 2,
                    "Choose a class, draft mercenaries, build thirty cards and fight on a 4x2 "
                    "board, answering every move with reaction chains.")
    action_kinds = A.KINDS
    state_type = ParagonsState
    views = views

    # --- a match --------------------------------------------------------------------------------
    def default_options(self, players: int = 2) -> dict:
        return {"variant": "draft", "best_of": 3, "classes": None}

    def setup(self, options: dict, seed: int, players: int = 2) -> ParagonsState:
        return flow.new_state(options or {}, seed, players, [])

    # --- whose decision, what is legal -----------------------------------------------------------------
    def to_act(self, s: ParagonsState) -> int | None:
        return moves.to_act(s)

    def legal_actions(self, s: ParagonsState) -> list[Action]:
        return moves.legal(s)

    open_kinds = frozenset({A.EXCHANGE.kind})

    def is_legal(self, s: ParagonsState, a: Action) -> bool:
        if A.EXCHANGE.matches(a):
            seat = moves.to_act(s)
            return s.phase in (BUILD, SWAP) and draft.exchange_refusal(s, seat, *a.args) is None
        return super().is_legal(s, a)

    def label(self, s: ParagonsState, a: Action) -> str:
        if A.EXCHANGE.matches(a):
            out, into = a.args
            return f"Swap {_names(s, out)} for {_names(s, into)}"
        return super().label(s, a)

    over_sentence = "The match is over."

    def explain(self, s: ParagonsState, a: Action) -> str:
        return explain(s, a)

    # --- doing ---------------------------------------------------------------------------------------
    # the set-up: classes, the draft, the decks, the mulligans
    @handles(A.CHOOSE)
    def _choose(self, s: ParagonsState, seat: int, ev: list[Event], klass: str) -> None:
        if draft.wish(s, seat, klass, ev):
            flow.start_after_classes(s, ev)

    @handles(A.PICK)
    def _pick(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        if draft.pick(s, seat, card, ev):
            draft.start_building(s, ev)

    @handles(A.ADD)
    def _add(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        draft.add(s, seat, card, ev)

    @handles(A.REMOVE)
    def _remove(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        draft.remove(s, seat, card, ev)

    @handles(A.EXCHANGE)
    def _exchange(self, s: ParagonsState, seat: int, ev: list[Event], out: tuple[int, ...],
                  into: tuple[int, ...]) -> None:
        draft.exchange(s, seat, out, into, ev)

    @handles(A.DONE)
    def _done(self, s: ParagonsState, seat: int, ev: list[Event]) -> None:
        if draft.done(s, seat, ev):
            flow.start_game(s, ev)

    @handles(A.MULLIGAN)
    def _mulligan(self, s: ParagonsState, seat: int, ev: list[Event], cards: tuple[int, ...]) -> None:
        flow.mulligan(s, seat, cards, ev)

    # play
    def after(self, s: ParagonsState, a: Action, ev: list[Event]) -> None:
        if a.kind in A.IN_PLAY:          # a player put out on their own turn passes it on
            flow.pass_if_out(s, ev)

    @handles(A.DECLINE)
    def _decline(self, s: ParagonsState, seat: int, ev: list[Event]) -> None:
        flow.decline(s, ev)

    @handles(A.END_TURN)
    def _end_turn(self, s: ParagonsState, seat: int, ev: list[Event]) -> None:
        flow.would_end_turn(s, ev)

    @handles(A.RECHOOSE)
    def _rechoose(self, s: ParagonsState, seat: int, ev: list[Event], space: int, bump: int,
                  targets: tuple[int, ...]) -> None:
        flow.rechoose(s, space, bump, targets, ev)

    @handles(A.PLAY)
    def _play(self, s: ParagonsState, seat: int, ev: list[Event], card: int, space: int, bump: int,
              targets: tuple[int, ...]) -> None:
        self._play_card(s, seat, ev, card, space, bump, targets, FROM_HAND)

    @handles(A.CAST)
    def _cast(self, s: ParagonsState, seat: int, ev: list[Event], card: int,
              targets: tuple[int, ...]) -> None:
        self._play_card(s, seat, ev, card, -1, -1, targets, FROM_HAND)

    @handles(A.REVEAL)
    def _reveal(self, s: ParagonsState, seat: int, ev: list[Event], card: int, space: int, bump: int,
                targets: tuple[int, ...]) -> None:
        self._play_card(s, seat, ev, card, space, bump, targets, FROM_HIDDEN)

    @handles(A.HIDE)
    def _hide(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        s.mana[seat] -= card_of(s, card).cost
        _forget(s, seat, card)
        s.hidden[seat].append(card)
        ev.append(Event("hide",
                        {"seat": seat, "card": card, "name": name(s, card), "from": "hand", "to": "hidden"},
                        private_to=seat, public_data={"seat": seat, "from": "hand", "to": "hidden"}))
        flow.declare(s, Link(HIDE, seat, -1, "", -1, -1, -1, (), FROM_HAND, 0), ev)

    @handles(A.ATTACK)
    def _attack(self, s: ParagonsState, seat: int, ev: list[Event], attacker: int, target: int) -> None:
        m = attacker
        s.exhausted.add(m)
        s.attacked.add(m)
        ev.append(Event("declare_attack",
                        {"seat": seat, "card": m, "name": name(s, m), "target": target, "to": "chain"}))
        flow.declare(s, Link(ATTACK, seat, m, "", -1, -1, -1, (target,), FROM_HAND, 0), ev)

    @handles(A.DEFEND)
    def _defend(self, s: ParagonsState, seat: int, ev: list[Event], attacker: int, defender: int) -> None:
        ev.append(Event("declare_defence",
                        {"seat": seat, "card": defender, "name": name(s, defender), "target": attacker,
                         "to": "chain"}))
        flow.declare(s, Link(DEFEND, seat, defender, "", attacker, -1, -1, (), FROM_HAND, 0), ev)

    @handles(A.ABILITY)
    def _ability(self, s: ParagonsState, seat: int, ev: list[Event], card: int, index: int,
                 targets: tuple[int, ...]) -> None:
        m = card
        e = card_of(s, m).activated[index]
        if e.exhaust:
            s.exhausted.add(m)
        s.mana[seat] -= e.mana
        ev.append(Event("declare_ability",
                        {"seat": seat, "card": m, "name": name(s, m), "targets": list(targets),
                         "to": "chain"}))
        flow.declare(s, Link(ABILITY, seat, m, s.designs[m], index, -1, -1, targets, FROM_HAND, 0), ev)

    @handles(A.CASTER)
    def _caster(self, s: ParagonsState, seat: int, ev: list[Event], card: int, target: int) -> None:
        m = card
        s.exhausted.add(m)
        s.cast.add(m)
        ev.append(Event("declare_cast",
                        {"seat": seat, "card": m, "name": name(s, m), "target": target, "to": "chain"}))
        flow.declare(s, Link(CASTER, seat, m, s.designs[m], -1, -1, -1, (target,), FROM_HAND, 0), ev)

    @handles(A.GARRISON)
    def _garrison(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        s.mana[seat] -= card_of(s, card).cost
        s.garrisoned.add(card)
        ev.append(Event("declare_garrison",
                        {"seat": seat, "card": card, "name": name(s, card), "to": "chain"}))
        flow.declare(s, Link(GARRISON, seat, card, "", -1, -1, -1, (), FROM_HAND, 0), ev)

    @handles(A.RECRUIT)
    def _recruit(self, s: ParagonsState, seat: int, ev: list[Event], card: int) -> None:
        s.mana[seat] -= moves.recruit_price(s, seat, card)
        ev.append(Event("declare_recruit", {"seat": seat, "card": card, "name": name(s, card), "to": "chain"}))
        flow.declare(s, Link(RECRUIT, seat, card, "", -1, -1, -1, (card,), FROM_HAND, 0), ev)

    def _play_card(self, s: ParagonsState, seat: int, ev: list[Event], c: int, space: int, bump: int,
                   t: tuple[int, ...], origin: int) -> None:
        """A mercenary or spell from the hand, or a Hidden card revealed: it is played."""
        cd = card_of(s, c)
        revealed = origin == FROM_HIDDEN
        if revealed:
            s.hidden[seat].remove(c)
        else:
            s.mana[seat] -= cd.cost
            _forget(s, seat, c)
        combo = 1 if s.played[seat] else 0
        s.played[seat] += 1
        ev.append(Event("declare_play",
                        {"seat": seat, "card": c, "name": cd.name, "targets": list(t), "space": space,
                         "from": "hidden" if revealed else "hand",
                         "to": "board" if cd.is_merc else "chain"}, reveals=revealed))
        link = Link(MERC if cd.is_merc else SPELL, seat, c, "", -1, space, bump, t, origin, combo)
        if cd.is_merc:                   # it resolves onto the board at once ("instantly"), arrival
            chain.enter(s, link, ev)     # effect and all; its play still opens a window (below)
        if cd.fated:                     # nothing can answer it: it resolves on the spot
            ev.append(Event("fated", {"card": c, "name": cd.name}))
            if not cd.is_merc:
                chain.carry_out(s, link, ev)
            if s.prio >= 0:
                s.declines = 0           # the chain changed: every seat is asked again
        elif outcome.game_on(s):         # (a mercenary's arrival may have ended the game)
            flow.declare(s, link, ev)

    # --- the end -----------------------------------------------------------------------------------------
    def result(self, s: ParagonsState) -> Result | None:
        if s.phase != OVER:
            return None
        w = s.winner
        return Result([1.0 if p == w else 0.0 for p in range(s.players)], [w],
                      f"Player {w + 1} wins the match ({s.wins[w]} game{'s' if s.wins[w] > 1 else ''}).",
                      {"wins": list(s.wins), "games": list(s.game_winners), "reason": s.reason})

    # --- lists ----------------------------------------------------------------------
    def turn_label(self, s: ParagonsState) -> str:
        if s.phase == OVER:
            return f"Finished after {s.game_no} game{'s' if s.game_no > 1 else ''}"
        if s.phase in (CLASS, DRAFT, BUILD):
            return {"class": "Choosing classes", "draft": "Draft", "build": "Deck building"}[s.phase]
        return f"Game {s.game_no}, round {s.round}" if s.phase == PLAY else f"Game {s.game_no}"


def _forget(s: ParagonsState, seat: int, c: int) -> None:
    """Card c leaves seat's hand (and the table no longer tracks it as a known hand card)."""
    s.hands[seat].remove(c)
    if c in s.known[seat]:
        s.known[seat].remove(c)


GAME = Paragons()
__all__ = ["GAME", "Paragons"]


def _names(s: ParagonsState, cards) -> str:
    """"A, B and C": the cards' names."""
    names = [name(s, c) for c in cards]
    return names[0] if len(names) < 2 else ", ".join(names[:-1]) + " and " + names[-1]

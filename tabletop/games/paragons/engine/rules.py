"""Paragons: Age of Champions: every rule of the match (rules text, RULINGS.md, rules_page.md).

Decisions, phase by phase (actions.py):
  class     choose (klass)                   a class wish, made in secret
  draft     pick (card)                      one of the cards laid out
  build     add / remove (card), done        a deck of exactly 30 (between games: the loser)
  mulligan  mulligan (cards)                 the hand cards returned (none: keep)
  play      play, cast, hide, reveal, attack, defend, ability, caster, garrison, recruit,
            end_turn, decline, rechoose
Every Voluntary Action joins the reaction chain (chain.py); Fated spells resolve at once.
"""

from __future__ import annotations

from tabletop.core import Action, Event, Game, GameInfo, Result, Rng
from tabletop.core.game import IllegalAction
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import chain, draft, flow, moves, outcome, views
from tabletop.games.paragons.engine.chain_item import (ABILITY, ATTACK, CASTER, DEFEND, FROM_HAND,
                                                       FROM_HIDDEN, GARRISON, HIDE, MERC, RECRUIT,
                                                       SPELL, Link)
from tabletop.games.paragons.engine.explain import explain
from tabletop.games.paragons.engine.state import (BUILD, CLASS, DRAFT, MULLIGAN, OVER, PLAY, SWAP,
                                                  ParagonsState)
from tabletop.games.paragons.engine.stats import card_of, name


class Paragons(Game):
    # rules version 2 (issue 80): mercenaries arrive on the board at once, and every turn gives
    # the other players a moment after its beginning and before its end for spells; a log of
    # version 1 plays differently, and the store says so
    info = GameInfo("paragons", "Paragons: Age of Champions", (2, 3), 2,
                    "Choose a class, draft mercenaries, build thirty cards and fight on a 4x2 "
                    "board, answering every move with reaction chains.")
    action_kinds = A.KINDS

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

    over_sentence = "The match is over."

    def explain(self, s: ParagonsState, a: Action) -> str:
        return explain(s, a)

    # --- doing ---------------------------------------------------------------------------------------
    def apply(self, s: ParagonsState, a: Action) -> list[Event]:
        reason = self.why_illegal(s, a)
        if reason:
            raise IllegalAction(reason)
        return self.apply_legal(s, a)

    def apply_legal(self, s: ParagonsState, a: Action) -> list[Event]:
        """`apply` for an action known to be legal (it came from legal_actions)."""
        ev: list[Event] = []
        seat, kind = moves.to_act(s), a.kind
        if s.phase == CLASS:
            if draft.wish(s, seat, A.CHOOSE.klass(a), ev):
                flow.start_after_classes(s, ev)
        elif s.phase == DRAFT:
            if draft.pick(s, seat, A.PICK.card(a), ev):
                draft.start_building(s, ev)
        elif s.phase in (BUILD, SWAP):
            if kind == "add":
                draft.add(s, seat, A.ADD.card(a), ev)
            elif kind == "remove":
                draft.remove(s, seat, A.REMOVE.card(a), ev)
            elif draft.done(s, seat, ev):
                flow.start_game(s, ev)
        elif s.phase == MULLIGAN:
            flow.mulligan(s, seat, A.MULLIGAN.cards(a), ev)
        else:
            self._play(s, seat, a, ev)
            flow.pass_if_out(s, ev)
        return ev

    def _play(self, s: ParagonsState, seat: int, a: Action, ev: list[Event]) -> None:
        kind = a.kind
        if kind == "decline":
            flow.decline(s, ev)
        elif kind == "end_turn":
            flow.would_end_turn(s, ev)
        elif kind == "rechoose":
            flow.rechoose(s, A.RECHOOSE.space(a), A.RECHOOSE.bump(a), A.RECHOOSE.targets(a), ev)
        elif kind in ("play", "cast", "reveal"):
            self._play_card(s, seat, a, ev)
        elif kind == "hide":
            c = A.HIDE.card(a)
            s.mana[seat] -= card_of(s, c).cost
            _forget(s, seat, c)
            s.hidden[seat].append(c)
            ev.append(Event("hide", f"You put {name(s, c)} face down.",
                            {"seat": seat, "card": c, "name": name(s, c), "from": "hand", "to": "hidden"},
                            private_to=seat, public_text=f"Player {seat + 1} puts a card face down.",
                            public_data={"seat": seat, "from": "hand", "to": "hidden"}))
            flow.declare(s, Link(HIDE, seat, -1, "", -1, -1, -1, (), FROM_HAND, 0), ev)
        elif kind == "attack":
            m, t = A.ATTACK.attacker(a), A.ATTACK.target(a)
            s.exhausted.add(m)
            s.attacked.add(m)
            ev.append(Event("declare_attack", a.label or f"{name(s, m)} attacks.",
                            {"seat": seat, "card": m, "name": name(s, m), "target": t, "to": "chain"}))
            flow.declare(s, Link(ATTACK, seat, m, "", -1, -1, -1, (t,), FROM_HAND, 0), ev)
        elif kind == "defend":
            att, d = A.DEFEND.attacker(a), A.DEFEND.defender(a)
            ev.append(Event("declare_defence", f"{name(s, d)} moves to defend against {name(s, att)}.",
                            {"seat": seat, "card": d, "name": name(s, d), "target": att, "to": "chain"}))
            flow.declare(s, Link(DEFEND, seat, d, "", att, -1, -1, (), FROM_HAND, 0), ev)
        elif kind == "ability":
            m, i, t = A.ABILITY.card(a), A.ABILITY.index(a), A.ABILITY.targets(a)
            e = card_of(s, m).activated[i]
            if e.exhaust:
                s.exhausted.add(m)
            s.mana[seat] -= e.mana
            ev.append(Event("declare_ability", f"{name(s, m)} uses its ability.",
                            {"seat": seat, "card": m, "name": name(s, m), "targets": list(t), "to": "chain"}))
            flow.declare(s, Link(ABILITY, seat, m, s.designs[m], i, -1, -1, t, FROM_HAND, 0), ev)
        elif kind == "caster":
            m, t = A.CASTER.card(a), A.CASTER.target(a)
            s.exhausted.add(m)
            s.cast.add(m)
            ev.append(Event("declare_cast", f"{name(s, m)} begins to cast.",
                            {"seat": seat, "card": m, "name": name(s, m), "target": t, "to": "chain"}))
            flow.declare(s, Link(CASTER, seat, m, s.designs[m], -1, -1, -1, (t,), FROM_HAND, 0), ev)
        elif kind == "garrison":
            m = A.GARRISON.card(a)
            s.mana[seat] -= card_of(s, m).cost
            s.garrisoned.add(m)
            ev.append(Event("declare_garrison", f"Player {seat + 1} garrisons {name(s, m)}.",
                            {"seat": seat, "card": m, "name": name(s, m), "to": "chain"}))
            flow.declare(s, Link(GARRISON, seat, m, "", -1, -1, -1, (), FROM_HAND, 0), ev)
        elif kind == "recruit":
            c = A.RECRUIT.card(a)
            s.mana[seat] -= moves.recruit_price(s, seat, c)
            ev.append(Event("declare_recruit", f"Player {seat + 1} moves to Recruit {name(s, c)}.",
                            {"seat": seat, "card": c, "name": name(s, c), "to": "chain"}))
            flow.declare(s, Link(RECRUIT, seat, c, "", -1, -1, -1, (c,), FROM_HAND, 0), ev)

    def _play_card(self, s: ParagonsState, seat: int, a: Action, ev: list[Event]) -> None:
        """A mercenary or spell from the hand, or a Hidden card revealed: it is played."""
        kind = a.kind
        if kind == "cast":
            c, space, bump, t = A.CAST.card(a), -1, -1, A.CAST.targets(a)
        else:
            c, space, bump, t = a.args
        cd = card_of(s, c)
        if kind == "reveal":
            s.hidden[seat].remove(c)
            origin = FROM_HIDDEN
        else:
            s.mana[seat] -= cd.cost
            _forget(s, seat, c)
            origin = FROM_HAND
        combo = 1 if s.played[seat] else 0
        s.played[seat] += 1
        verb = "reveals" if kind == "reveal" else "plays"
        ev.append(Event("declare_play", f"Player {seat + 1} {verb} {cd.name}.",
                        {"seat": seat, "card": c, "name": cd.name, "targets": list(t), "space": space,
                         "from": "hidden" if kind == "reveal" else "hand",
                         "to": "board" if cd.is_merc else "chain"},
                        reveals=kind == "reveal"))
        link = Link(MERC if cd.is_merc else SPELL, seat, c, "", -1, space, bump, t, origin, combo)
        if cd.is_merc:                   # it resolves onto the board at once ("instantly"), arrival
            chain.enter(s, link, ev)     # effect and all; its play still opens a window (below)
        if cd.fated:                     # nothing can answer it: it resolves on the spot
            ev.append(Event("fated", f"{cd.name} is Fated: it resolves at once.", {"card": c, "name": cd.name}))
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

    # --- information ---------------------------------------------------------------------------------------
    def view(self, s: ParagonsState, seat: int | None) -> ParagonsState:
        return views.view(s, seat)

    def sample(self, view: ParagonsState, rng: Rng) -> ParagonsState:
        return views.sample(view, rng)

    # --- values ------------------------------------------------------------------------------------------------
    def clone(self, s: ParagonsState) -> ParagonsState:
        return s.clone()

    def state_to_json(self, s: ParagonsState) -> dict:
        return s.to_json()

    def state_from_json(self, data: dict) -> ParagonsState:
        return ParagonsState.from_json(data)

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

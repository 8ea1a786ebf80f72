"""Paragon: Trials of the Chosen: every rule of the match (rules text, RULINGS.md, rules_page.md).

Decisions:
  play      (card, avatar, detach, targets, 0)    play a card from hand and attach it
  activate  (card, effect index, targets, 0)      an activated effect of a card in play
  attack    (attacker, target)                    declare an attack
  channel   (avatar,)                             exhaust an Avatar for 1 energy
  ignite    (target,)                             pay 1, exile the ignite cards in your discard pile
  pass      ()                                    do nothing this turn
  decline   ()                                    let the stack resolve (in a response window)
  scout     (where,)                              a scout resolving: 0 top, 1 bottom, 2 no card
  detach    (card,)                               the One-Handed card that makes room
  order     (effect,)                             which effect that triggered together resolves first
`detach` is the One-Handed card a third one replaces (-1: none). Instant cards and Instant
effects do not use the turn's action: they can be played whenever their player holds priority,
and before the action on their own turn. The last three answer a question asked while something
resolves (state.waiting): while one is pending it is the only decision.
"""

from __future__ import annotations

from tabletop.core import Action, Event, Game, GameInfo, Result
from tabletop.core.game import handles
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import actions, flow, stack, views
from tabletop.games.trials.engine.cards import DISCIPLINES, effect_text
from tabletop.games.trials.engine.choices import answers
from tabletop.games.trials.engine.explain import explain
from tabletop.games.trials.engine.stack_item import TrialsItem
from tabletop.games.trials.engine.state import OVER, TrialsState, seat_of


class Trials(Game):
    # version 2 (issue 17): scouts are chosen as they happen; triggered effects and channelling
    # go on the stack. Version 3 (issue 20): Avatars retuned to the balance bars (CHANGELOG and
    # docs/notes say which and why); a game dealt under version 2 strikes for other numbers
    info = GameInfo("trials", "Paragon: Trials of the Chosen", (2, 3, 4), 3,
                    "Two Avatars and twenty cards in the order you choose: equip, attack and "
                    "answer with Instants until both rival Avatars have fallen.")
    # the bots list actions millions of times: kinds build them with `of`, from args that are
    # already tuples of ints (what Action() would make of them), without re-freezing them
    action_kinds = actions.KINDS
    state_type = TrialsState
    views = views
    # the bots' deck choice (bot/deckcraft.py), handed over by the plugin declaration: a seat whose
    # deck option is "bot" plays the deck it draws from the match seed
    bot_deck = None

    # --- setting up --------------------------------------------------------------------------------
    def default_options(self, players: int = 2) -> dict:
        return {"decks": None, "variant": "royale" if players > 2 else "duel"}

    def setup(self, options: dict, seed: int, players: int = 2) -> TrialsState:
        s = flow.new_state(options or {}, seed, players, self.bot_deck)
        flow.start_round(s, [])
        return s

    # --- whose decision, what is legal -----------------------------------------------------------------
    def to_act(self, s: TrialsState) -> int | None:
        if s.phase == OVER:
            return None
        if s.waiting is not None:
            return s.waiting.seat
        return s.prio if s.prio >= 0 else s.turn

    def legal_actions(self, s: TrialsState) -> list[Action]:
        return self.legal_moves(s, True)

    def legal_moves(self, s: TrialsState, labels: bool = False) -> list[Action]:
        """The legal actions; without labels (equal actions, cheaper: for checks and bots)."""
        if s.phase == OVER:
            return []
        if s.waiting is not None:
            return answers(s, labels)
        seat = self.to_act(s)
        main = flow.main_time(s)
        out = self._plays(s, seat, main, labels) + self._activations(s, seat, main, labels)
        if main:
            out += self._attacks(s, seat, labels)
            out += [actions.CHANNEL.of((a,), labels and f"Channel: exhaust {fx.name(s, a)} for 1 energy"
                           or "") for a in s.standing(seat) if a not in s.exhausted]
            n = fx.ignite_count(s, seat) if s.energy[seat] >= 1 else 0
            if n:
                out += [actions.IGNITE.of((t,), labels and f"Ignite: pay 1 energy, exile {n} ignite card"
                               f"{'s' if n > 1 else ''} and deal {n} damage to {fx.name(s, t)}" or "")
                        for t in fx.targets(s, seat, "enemy_card")]
            out.append(actions.PASS.of((), "Pass"))
        else:
            out.append(actions.DECLINE.of((), "No response: let the stack resolve"))
        return out

    def _plays(self, s: TrialsState, seat: int, main: bool, labels: bool = True) -> list[Action]:
        out = []
        for cid in s.hands[seat]:
            c = fx.card_of(s, cid)
            if not (main or c.instant) or c.cost > s.energy[seat]:
                continue
            eff = c.play_effect
            aims = fx.target_choices(s, seat, eff)
            if not aims and c.stays:
                aims = [()]        # Equipment comes in even when its effect finds no target
            for a in s.avatars[seat]:
                if not fx.can_attach(s, seat, c, a):
                    continue
                for d in (fx.must_choose_detach(s, cid, a) or [-1]):
                    for t in aims:
                        out.append(actions.PLAY.of((cid, a, d, t, 0),
                                                   labels and self._play_label(s, c, a, d, t) or ""))
        return out

    @staticmethod
    def _aim_text(s: TrialsState, eff, t: tuple) -> str:
        if not t:
            return ""
        if eff.target == "opponent":
            return " on " + ", ".join(f"Player {p + 1}" for p in t)
        return " on " + ", ".join(fx.name(s, x) for x in t)

    def _play_label(self, s, c, a, d, t) -> str:
        text = f"Play {c.name} on {fx.name(s, a)} ({c.cost} energy)"
        if t:
            text += " aimed" + self._aim_text(s, c.play_effect, t)
        if d >= 0:
            text += f", detaching {fx.name(s, d)}"
        return text

    def _activations(self, s: TrialsState, seat: int, main: bool, labels: bool = True) -> list[Action]:
        out = []
        for a in s.avatars[seat]:
            for c in (a, *s.attached.get(a, ())):
                for i, e in enumerate(fx.side(s, c).effects):
                    if e.when != "activated" or not (main or e.instant):
                        continue
                    if not stack.can_pay(s, seat, c, e):
                        continue
                    for t in fx.target_choices(s, seat, e):
                        label = ""
                        if labels and e.target == "opponent":
                            # the opponent first: a menu cuts long entries, and one entry a
                            # rival differs only there
                            label = (f"{fx.name(s, c)}, at "
                                     + ", ".join(f"Player {p + 1}" for p in t)
                                     + f": {self._effect_label(s, seat, e)}")
                        elif labels:
                            label = f"{fx.name(s, c)}: {e.steps and self._effect_label(s, seat, e)}"
                            if t:
                                label += self._aim_text(s, e, t)
                        out.append(actions.ACTIVATE.of((c, i, t, 0), label))
        return out

    @staticmethod
    def _effect_label(s: TrialsState, seat: int, e) -> str:
        """The effect's text with the energy it costs now (a crowd cost is paid or not)."""
        return effect_text(e, fx.energy_cost(s, seat, e)).rstrip(".")

    def _attacks(self, s: TrialsState, seat: int, labels: bool = True) -> list[Action]:
        out = []
        aims = None
        for a in s.avatars[seat]:
            for c in (a, *s.attached.get(a, ())):
                if self.can_attack(s, c):
                    if aims is None:
                        aims = self.attack_targets(s, seat)
                    for t in aims:
                        out.append(actions.ATTACK.of((c, t), labels and f"Attack {fx.name(s, t)} with "
                                          f"{fx.name(s, c)} ({fx.attack(s, c)} damage)" or ""))
        return out

    @staticmethod
    def can_attack(s: TrialsState, c: int) -> bool:
        if c in s.exhausted or fx.attack(s, c) <= 0:
            return False
        return fx.is_avatar(s, c) or fx.card_of(s, c).power == 0

    @staticmethod
    def attack_targets(s: TrialsState, seat: int) -> list[int]:
        """Enemy cards with HP that are not stealthy; an Avatar's Guardians come first."""
        valid = fx.targets(s, seat, "enemy_card")
        out = []
        for t in valid:
            avatar = t if fx.is_avatar(s, t) else s.host[t]
            guards = [g for g in s.attached.get(avatar, ()) if "guardian" in fx.keywords(s, g)
                      and g in valid]
            if not guards or t in guards:
                out.append(t)
        return out

    # --- explanations ------------------------------------------------------------------------------------
    def is_legal(self, s: TrialsState, a: Action) -> bool:
        return a in self.legal_moves(s)          # without labels: the same actions, cheaper

    def explain(self, s: TrialsState, a: Action) -> str:
        return explain(s, a, self.to_act(s))

    # --- doing ----------------------------------------------------------------------------------------------
    # the answers to a question asked mid-resolution (the scout, what to detach, which first)
    @handles(actions.SCOUT)
    def _scout(self, s: TrialsState, seat: int, ev: list[Event], where: int) -> None:
        flow.answer(s, where, ev)

    @handles(actions.DETACH)
    def _detach(self, s: TrialsState, seat: int, ev: list[Event], card: int) -> None:
        flow.answer(s, card, ev)

    @handles(actions.ORDER)
    def _order(self, s: TrialsState, seat: int, ev: list[Event], effect: int) -> None:
        flow.answer(s, effect, ev)

    @handles(actions.DECLINE)
    def _decline(self, s: TrialsState, seat: int, ev: list[Event]) -> None:
        flow.decline(s, ev)

    @handles(actions.PASS)
    def _pass(self, s: TrialsState, seat: int, ev: list[Event]) -> None:
        flow.do_pass(s, ev)

    @handles(actions.CHANNEL)
    def _channel(self, s: TrialsState, seat: int, ev: list[Event], avatar: int) -> None:
        s.exhausted.add(avatar)                 # the cost; the energy comes as it resolves
        self._took_action(s, False)
        ev.append(Event("channel", {"card": avatar, "name": fx.name(s, avatar), "owner": seat, "seat": seat,
                                    "to": "stack"}))
        flow.declare(s, TrialsItem("channel", seat, avatar, -1, -1, -1, (), 0), ev)

    @handles(actions.PLAY)
    def _play(self, s: TrialsState, seat: int, ev: list[Event], card: int, avatar: int, detach: int,
              targets: tuple[int, ...], scout: int) -> None:
        c = fx.card_of(s, card)
        s.energy[seat] -= c.cost
        s.hands[seat].remove(card)
        self._took_action(s, c.instant)
        ev.append(Event("play", {"seat": seat, "card": card, "avatar": avatar, "targets": list(targets),
                                 "name": c.name, "avatar_name": fx.name(s, avatar), "from": "hand",
                                 "to": "stack"}, reveals=True))
        flow.declare(s, TrialsItem("play", seat, card, -1, avatar, detach, targets, 0), ev)

    @handles(actions.ACTIVATE)
    def _activate(self, s: TrialsState, seat: int, ev: list[Event], card: int, effect: int,
                  targets: tuple[int, ...], scout: int) -> None:
        e = fx.side(s, card).effects[effect]
        fallen_side = 1 if card in s.fallen else 0        # paying may make it fall
        self._pay(s, seat, card, e, ev)
        self._took_action(s, e.instant)
        ev.append(Event("activate", {
"card": card, "targets": list(targets), "name": fx.name(s, card), "owner": seat,
"seat": seat, "to": "stack"}))
        if s.phase != OVER:
            flow.declare(s, TrialsItem("activate", seat, card, effect, fallen_side, -1, targets, 0), ev)

    @handles(actions.ATTACK)
    def _attack(self, s: TrialsState, seat: int, ev: list[Event], attacker: int, target: int) -> None:
        c, t = attacker, target
        s.exhausted.add(c)
        self._took_action(s, False)
        ev.append(Event("declare_attack",
                        {"attacker": c, "target": t, "seat": seat, "card": c, "name": fx.name(s, c),
                         "owner": seat, "target_name": fx.name(s, t), "target_owner": seat_of(t),
                         "to": "stack"}))
        flow.declare(s, TrialsItem("attack", seat, c, int(c in s.fallen), -1, -1, (t,), 0), ev)

    @handles(actions.IGNITE)
    def _ignite(self, s: TrialsState, seat: int, ev: list[Event], target: int) -> None:
        s.energy[seat] -= 1
        burnt = [c for c in s.discards[seat] if "ignite" in fx.card_of(s, c).keywords]
        for c in burnt:
            s.discards[seat].remove(c)
            s.exiles[seat].append(c)
        self._took_action(s, False)
        ev.append(Event("ignite", {"seat": seat, "cards": burnt, "names": [fx.name(s, c) for c in burnt],
                                   "amount": len(burnt), "from": "discards", "to": "exiles"}))
        flow.declare(s, TrialsItem("ignite", seat, -1, len(burnt), -1, -1, (target,), 0), ev)

    @staticmethod
    def _took_action(s: TrialsState, instant: bool) -> None:
        if not instant:
            s.acted = True
            s.pass_streak = 0

    @staticmethod
    def _pay(s: TrialsState, seat: int, c: int, e, ev: list[Event]) -> None:
        if e.cost_of("exhaust"):
            s.exhausted.add(c)
        s.energy[seat] -= fx.energy_cost(s, seat, e)
        if e.cost_of("charge"):
            s.counters[c]["charge"] -= e.cost_of("charge")
        if e.cost_of("lose_hp"):
            h = c if fx.is_avatar(s, c) else s.host[c]
            s.damage[h] = s.damage.get(h, 0) + e.cost_of("lose_hp")
            ev.append(Event("lose_hp", {"card": h, "name": fx.name(s, h), "owner": seat_of(h),
                                        "amount": e.cost_of("lose_hp"), "total": s.damage[h]}))
            fx.settle(s, ev)

    # --- the end -------------------------------------------------------------------------------------------------
    def result(self, s: TrialsState) -> Result | None:
        if s.phase != OVER:
            return None
        w = s.winners or []
        names = " and ".join(f"Player {p + 1}" for p in w)
        return Result([1.0 if p in w else 0.0 for p in range(s.players)], list(w),
                      f"{names} wins: {s.reason}." if w else "A draw.",
                      {"round": s.round, "places": s.places()})

    # --- lists ----------------------------------------------------------------------
    def turn_label(self, s: TrialsState) -> str:
        if s.phase == OVER:
            return f"Finished in round {s.round}"
        return f"Round {s.round}"

    def seat_names(self, players: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(players)]




GAME = Trials()
__all__ = ["GAME", "Trials", "DISCIPLINES"]

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

from tabletop.core import Action, Event, Game, GameInfo, Result, Rng
from tabletop.core.action_kinds import kinds
from tabletop.core.game import handles
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import actions, flow, stack
from tabletop.games.trials.engine.cards import DISCIPLINES, effect_text, pool
from tabletop.games.trials.engine.choices import answers, explain_answer, explain_waiting
from tabletop.games.trials.engine.stack_item import TrialsItem
from tabletop.games.trials.engine.state import MAIN, OVER, UNKNOWN, TrialsState, seat_of

# the kinds that are only ever the turn's action (never an Instant answer)
_TURN_ACTIONS = kinds(actions.ATTACK, actions.CHANNEL, actions.IGNITE, actions.PASS)


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

    # --- setting up --------------------------------------------------------------------------------
    def default_options(self, players: int = 2) -> dict:
        return {"decks": None, "variant": "royale" if players > 2 else "duel"}

    def setup(self, options: dict, seed: int, players: int = 2) -> TrialsState:
        s = flow.new_state(options or {}, seed, players)
        flow.start_round(s, [])
        return s

    # --- whose decision, what is legal -----------------------------------------------------------------
    def to_act(self, s: TrialsState) -> int | None:
        if s.phase == OVER:
            return None
        if s.waiting is not None:
            return s.waiting.seat
        return s.prio if s.prio >= 0 else s.turn

    @staticmethod
    def _main_time(s: TrialsState) -> bool:
        return s.phase == MAIN and s.waiting is None and s.prio < 0 and not s.stack and not s.acted

    def legal_actions(self, s: TrialsState) -> list[Action]:
        return self.legal_moves(s, True)

    def legal_moves(self, s: TrialsState, labels: bool = False) -> list[Action]:
        """The legal actions; without labels (equal actions, cheaper: for checks and bots)."""
        if s.phase == OVER:
            return []
        if s.waiting is not None:
            return answers(s, labels)
        seat = self.to_act(s)
        main = self._main_time(s)
        out = self._plays(s, seat, main, labels) + self._activations(s, seat, main, labels)
        if main:
            out += self._attacks(s, seat, labels)
            out += [actions.CHANNEL.of((a,), labels and f"Channel: exhaust {fx.name(s, a)} for 1 energy"
                           or "") for a in s.standing(seat) if a not in s.exhausted]
            n = self.ignite_count(s, seat) if s.energy[seat] >= 1 else 0
            if n:
                out += [actions.IGNITE.of((t,), labels and f"Ignite: pay 1 energy, exile {n} ignite card"
                               f"{'s' if n > 1 else ''} and deal {n} damage to {fx.name(s, t)}" or "")
                        for t in fx.targets(s, seat, "enemy_card")]
            out.append(actions.PASS.of((), "Pass"))
        else:
            out.append(actions.DECLINE.of((), "No response: let the stack resolve"))
        return out

    @staticmethod
    def ignite_count(s: TrialsState, seat: int) -> int:
        return sum(1 for c in s.discards[seat] if "ignite" in fx.card_of(s, c).keywords)

    @staticmethod
    def can_attach(s: TrialsState, seat: int, card, avatar: int) -> bool:
        if avatar in s.fallen or avatar not in s.avatars[seat]:
            return False
        if any(a in s.fallen for a in s.avatars[seat]):
            return True          # a Fallen Avatar lets the other take any discipline
        return bool(set(card.disciplines) & set(fx.card_of(s, avatar).disciplines))

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
                if not self.can_attach(s, seat, c, a):
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
    def why_illegal(self, s: TrialsState, a: Action) -> str | None:
        if s.phase == OVER:
            return "The game is over."
        reason = self.check_action(a)          # the shape first: below, every kind has its arguments
        if reason:
            return reason
        if a in self.legal_moves(s):
            return None
        return self._explain(s, a) or "That move is not allowed now."

    def _explain(self, s: TrialsState, a: Action) -> str | None:
        seat, main = self.to_act(s), self._main_time(s)
        kind = a.kind
        if s.waiting is not None:
            return explain_answer(s, a) if kind in actions.ANSWERS else explain_waiting(s)
        if kind in actions.ANSWERS:
            return "Nothing is waiting for that choice now."
        if kind == actions.DECLINE.kind:
            return "There is nothing to respond to: take your turn's action."
        if kind in _TURN_ACTIONS and not main:
            return ("You can only answer with an Instant card or Instant effect now, or let the "
                    "stack resolve." if s.stack else "You have already taken your action this turn.")
        if kind == actions.PLAY.kind:
            return self._explain_play(s, seat, main, a)
        if kind == actions.ACTIVATE.kind:
            c, i = actions.ACTIVATE.card(a), actions.ACTIVATE.effect(a)
            if not s.in_play(c) or seat_of(c) != seat:
                return "You can only activate effects of your own cards in play."
            effs = fx.side(s, c).effects
            if not 0 <= i < len(effs) or effs[i].when != "activated":
                return f"{fx.name(s, c)} has no such activated effect."
            e = effs[i]
            if not (main or e.instant):
                return "Only Instant effects can be used outside your own action."
            if e.cost_of("exhaust") and c in s.exhausted:
                return f"{fx.name(s, c)} is exhausted: it must be readied first."
            if (need := fx.energy_cost(s, seat, e)) > s.energy[seat]:
                return f"That costs {need} energy; you have {s.energy[seat]}."
            if e.cost_of("charge") > s.counters.get(c, {}).get("charge", 0):
                return f"{fx.name(s, c)} has no charge counter to remove."
            if actions.ACTIVATE.scout(a) != 0:
                return _SCOUT_LATER
            return "That target is not valid for this effect."
        if kind == actions.ATTACK.kind:
            c, t = actions.ATTACK.attacker(a), actions.ATTACK.target(a)
            if not s.in_play(c) or seat_of(c) != seat:
                return "Only your own cards in play can attack."
            if c in s.exhausted:
                return f"{fx.name(s, c)} is exhausted: only a ready card can attack."
            if not fx.is_avatar(s, c) and fx.card_of(s, c).power:
                return f"{fx.name(s, c)} has Power: it adds to its Avatar's Attack and cannot attack."
            if fx.attack(s, c) <= 0:
                return f"{fx.name(s, c)} has no Attack."
            if not isinstance(t, int) or t not in s.designs or not s.in_play(t) or seat_of(t) == seat:
                return "Attack an enemy card in play."
            if fx.max_hp(s, t) <= 0:
                return f"{fx.name(s, t)} has no HP: it is not a valid target."
            if fx.is_stealthy(s, t, seat):
                return f"{fx.name(s, t)} is stealthy: you cannot target it."
            return "A Guardian protects that Avatar and its cards: attack the Guardian first."
        if kind == actions.CHANNEL.kind:
            av = actions.CHANNEL.avatar(a)
            if av not in s.avatars[seat]:
                return "Channel with one of your own Avatars."
            if av in s.fallen:
                return "A Fallen Avatar cannot channel energy."
            return f"{fx.name(s, av)} is exhausted."
        if kind == actions.IGNITE.kind:
            if not self.ignite_count(s, seat):
                return "There is no ignite card in your discard pile."
            if s.energy[seat] < 1:
                return "Igniting costs 1 energy."
            return "Ignite damage needs an enemy card with HP as its target."
        return "That is not a move in this game."

    def _explain_play(self, s: TrialsState, seat: int, main: bool, action: Action) -> str:
        cid, a, d = actions.PLAY.card(action), actions.PLAY.avatar(action), actions.PLAY.detach(action)
        if cid not in s.hands[seat]:
            return "That card is not in your hand."
        c = fx.card_of(s, cid)
        if not (main or c.instant):
            return ("Only Instant cards can be played in response." if s.prio >= 0 else
                    "You have already taken your action this turn.")
        if c.cost > s.energy[seat]:
            return f"{c.name} costs {c.cost} energy; you have {s.energy[seat]}."
        if a not in s.avatars[seat]:
            return "Attach the card to one of your own Avatars."
        if a in s.fallen:
            return "You cannot attach cards to a Fallen Avatar."
        if not self.can_attach(s, seat, c, a):
            return (f"{c.name} ({', '.join(x.capitalize() for x in c.disciplines)}) shares no "
                    f"discipline with {fx.name(s, a)}.")
        choices = fx.must_choose_detach(s, cid, a)
        if choices and d not in choices:
            return f"{fx.name(s, a)} already holds two One-Handed cards: choose one to detach."
        if not choices and d != -1:
            return "Nothing needs to be detached for this card."
        if c.play_effect and c.play_effect.target and not fx.target_choices(s, seat, c.play_effect):
            return f"{c.name} has no valid target."
        if actions.PLAY.scout(action) != 0:
            return _SCOUT_LATER
        return "That target is not valid for this card."

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
        ev.append(Event("channel", f"{fx.name(s, avatar)} channels 1 energy.",
                        {"card": avatar, "name": fx.name(s, avatar), "owner": seat, "seat": seat,
                         "to": "stack"}))
        flow.declare(s, TrialsItem("channel", seat, avatar, -1, -1, -1, (), 0), ev)

    @handles(actions.PLAY)
    def _play(self, s: TrialsState, seat: int, ev: list[Event], card: int, avatar: int, detach: int,
              targets: tuple[int, ...], scout: int) -> None:
        c = fx.card_of(s, card)
        s.energy[seat] -= c.cost
        s.hands[seat].remove(card)
        self._took_action(s, c.instant)
        ev.append(Event("play", f"Player {seat + 1} plays {c.name} on {fx.name(s, avatar)}.",
                        {"seat": seat, "card": card, "avatar": avatar, "targets": list(targets),
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
        ev.append(Event("activate", f"{fx.name(s, card)} activates its effect.", {
            "card": card, "targets": list(targets), "name": fx.name(s, card), "owner": seat,
            "seat": seat, "to": "stack"}))
        if s.phase != OVER:
            flow.declare(s, TrialsItem("activate", seat, card, effect, fallen_side, -1, targets, 0), ev)

    @handles(actions.ATTACK)
    def _attack(self, s: TrialsState, seat: int, ev: list[Event], attacker: int, target: int) -> None:
        c, t = attacker, target
        s.exhausted.add(c)
        self._took_action(s, False)
        ev.append(Event("declare_attack", f"{fx.name(s, c)} attacks {fx.name(s, t)}.",
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
        ev.append(Event("ignite", f"Player {seat + 1} ignites {len(burnt)} card(s).",
                        {"seat": seat, "cards": burnt, "names": [fx.name(s, c) for c in burnt],
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
            ev.append(Event("lose_hp", f"{fx.name(s, h)} loses {e.cost_of('lose_hp')} HP.",
                            {"card": h, "name": fx.name(s, h), "owner": seat_of(h),
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

    # --- information ---------------------------------------------------------------------------------------------
    def view(self, s: TrialsState, seat: int | None) -> TrialsState:
        v = s.clone()
        v.rng = Rng(0)
        v.viewer = seat
        hidden = [c for p in range(s.players) if p != seat for c in (*s.hands[p], *s.decks[p])]
        if hidden:
            v.designs = dict(s.designs)
            for c in hidden:
                v.designs[c] = UNKNOWN
            for p in range(s.players):
                if p != seat:
                    _renumber_hidden(v, p)
        return v

    def sample(self, view: TrialsState, rng: Rng) -> TrialsState:
        s = view.clone()
        s.rng = Rng(rng.next64())
        s.viewer = None
        unknown = [c for c, d in view.designs.items() if d == UNKNOWN]
        if unknown:
            s.designs = dict(view.designs)
            for p in range(s.players):
                mine = [c for c in unknown if seat_of(c) == p]
                if not mine:
                    continue
                known = {d for c, d in view.designs.items() if seat_of(c) == p and d}
                discs = {x for a in s.avatars[p] for x in pool()[view.designs[a]].disciplines}
                cands = [c.id for c in pool().values() if c.type != "avatar" and c.id not in known
                         and set(c.disciplines) & discs]
                rng.shuffle(cands)
                for c, d in zip(mine, cands):
                    s.designs[c] = d
        return s

    # --- values --------------------------------------------------------------------------------------------------
    def clone(self, s: TrialsState) -> TrialsState:
        return s.clone()

    def state_to_json(self, s: TrialsState) -> dict:
        return s.to_json()

    def state_from_json(self, data: dict) -> TrialsState:
        return TrialsState.from_json(data)

    def turn_label(self, s: TrialsState) -> str:
        if s.phase == OVER:
            return f"Finished in round {s.round}"
        return f"Round {s.round}"

    def seat_names(self, players: int) -> list[str]:
        return [f"Player {i + 1}" for i in range(players)]



def _renumber_hidden(v: TrialsState, p: int) -> None:
    """Seat p's hand and deck take p's hidden ids in ascending order, hand first.

    An id is the card's place in its owner's deck list, so it would tell a card's identity
    to anyone who knows the list; renumbered, the ids depend only on what the table shows.
    """
    ids = sorted((*v.hands[p], *v.decks[p]))
    n = len(v.hands[p])
    v.hands[p], v.decks[p] = ids[:n], ids[n:]


_SCOUT_LATER = ("A scout's choice (the top card, the bottom card or none) is made when it happens, "
                "not when the card is declared: give 0.")

GAME = Trials()
__all__ = ["GAME", "Trials", "DISCIPLINES"]

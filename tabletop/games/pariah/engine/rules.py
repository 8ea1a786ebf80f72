"""Pariah: every rule of the match (rules/pariah.md, RULINGS.md, rules_page.md "Rulings").

Decisions, by phase:
  select    pick / unpick a card of the ten drawn, commit the army (set out face down once all
            have committed)
  deploy    deploy a unit, face up, into the next slot of your side's line
  prep      (round 2 on) play a relic, play an evolution, or ready
  activate  with the unit whose turn it is: attack (a declared plan), use an ability, or end;
            on any turn of one's own, play a relic whose text names the activation
  shop      keep one relic of three; take an evolution or none
Everything else (setting out the armies, initiative, timed effects, deaths, tokens leaving,
the end of the match) happens inside `apply` (flow.advance). What each seat may see is
views.py's.
"""

from __future__ import annotations

from tabletop.core import Action, Event, Game, GameInfo, Result
from tabletop.core.game import handles
from tabletop.games.pariah.engine import abilities, actions, combat, flow, views
from tabletop.games.pariah.engine.board import card_name, unit_name
from tabletop.games.pariah.engine.cards import ACTIVATION, design, evolutions, relics
from tabletop.games.pariah.engine.explain import explain
from tabletop.games.pariah.engine.state import (ACTIVATE, ARMY_POINTS, DEPLOY, OVER, PREP, ROUNDS,
                                                SELECT, SHOP, PariahState, Unit, side_of)


class Pariah(Game):
    # rules version 2: Sweep reaches only the enemies next to the main target (issue 17); a log
    # of version 1 that swept two slots away no longer replays, and the store says so.
    # Rules version 3: the factions retuned to the balance bars (issue 20; CHANGELOG and docs/notes say which
    # cards and why); an army picked under version 2 may no longer fit in 20 points
    info = GameInfo("pariah", "Pariah", (2, 4), 3,
                    "Pick a secret 20-point army, deploy it on a front line and fight five rounds "
                    "of dice combat in Priority order; buy relics and evolve your units.")
    action_kinds = actions.KINDS
    state_type = PariahState
    views = views

    # --- setting up ----------------------------------------------------------------------------
    def default_options(self, players: int = 2) -> dict:
        return {"factions": None}

    def setup(self, options: dict, seed: int, players: int = 2) -> PariahState:
        s = flow.new_state(options or {}, seed, players)
        flow.advance(s, [])
        return s

    def seat_names(self, players: int) -> list[str]:
        if players == 4:
            return [f"Player {p + 1} (team {'AB'[p % 2]})" for p in range(4)]
        return ["Player 1", "Player 2"]

    # --- whose decision, what is legal ------------------------------------------------------------
    def to_act(self, s: PariahState) -> int | None:
        return None if s.phase == OVER else s.turn

    def legal_actions(self, s: PariahState) -> list[Action]:
        seat = s.turn
        if s.phase == SELECT:
            return self._select_actions(s, seat)
        if s.phase == DEPLOY:
            slot = len(s.lines[side_of(seat)]) + 1
            return [actions.DEPLOY(c, label=f"Deploy {card_name(s, c)} in slot {slot}")
                    for c in s.armies[seat]]
        if s.phase == PREP:
            out = [self._prep_action(s, kind, c, t) for kind, c, t in flow.prep_options(s, seat)]
            return out + [actions.READY(label="Ready: play nothing more this round")]
        if s.phase == ACTIVATE:
            return self._activation_actions(s) + [self._relic_action(s, c, t) for c, t in
                                                  flow.relic_options(s, seat, ACTIVATION)]
        if s.phase == SHOP:
            if s.offers[seat] and not s.shop_kept:
                return [actions.KEEP(c, label=f"Keep {card_name(s, c)} ({self._relic_blurb(s, c)})")
                        for c in s.offers[seat]]
            out = [actions.TAKE_EVO(c, label=f"Take the evolution {card_name(s, c)} "
                                    f"(for {design(evolutions()[s.designs[c]].unit).name})")
                   for c in flow.evo_options(s, seat)]
            return out + [actions.NO_EVO(label="Take no evolution this round")]
        return []

    def _select_actions(self, s: PariahState, seat: int) -> list[Action]:
        spent = flow.army_cost(s, s.picks[seat])
        out = []
        for c in s.hands[seat]:
            cost = design(s.designs[c]).cost
            if spent + cost <= ARMY_POINTS:
                out.append(actions.PICK(c, label=f"Add {card_name(s, c)} ({cost} points) to your army"))
        out += [actions.UNPICK(c, label=f"Take {card_name(s, c)} back out of your army")
                for c in s.picks[seat]]
        if s.picks[seat]:
            out.append(actions.COMMIT(label=f"Commit your army ({spent} points, "
                                            f"{ARMY_POINTS - spent} Elemental Energy)"))
        return out

    @staticmethod
    def _relic_blurb(s: PariahState, c: int) -> str:
        r = relics()[s.designs[c]]
        return f"{r.relic_type}, {r.cost} energy: {r.text}"

    def _prep_action(self, s: PariahState, kind: str, c: int, t) -> Action:
        if kind == actions.RELIC.kind:
            return self._relic_action(s, c, t)
        e = evolutions()[s.designs[c]]
        return actions.EVOLVE(c, t, label=f"Evolve {flow.unit_label(s, t)} into {e.name} "
                                            f"({e.cost} energy)")

    @staticmethod
    def _relic_action(s: PariahState, c: int, t) -> Action:
        r = relics()[s.designs[c]]
        if r.relic_type == "emblem":
            on = ""
        elif r.relic_type == "equipment":
            on = f" on {flow.unit_label(s, t)}"
        else:
            on = f" on {abilities.describe_choice(s, r.target, t)}" if t != -1 else ""
        return actions.RELIC(c, t, label=f"Play {r.name}{on} ({r.cost} energy)")

    def _activation_actions(self, s: PariahState) -> list[Action]:
        if s.active >= 0:
            uids = [s.active]
        else:
            side, uids = flow.eligible(s)
            uids = [u for u in uids if s.units[u].owner == s.turn]
        out = []
        for uid in uids:
            name = flow.unit_label(s, uid)
            if not (s.active == uid and s.active_committed):
                for plan in combat.attack_plans(s, uid):
                    out.append(actions.ATTACK(uid, plan, label=f"{name} attacks " + self._plan_text(s, plan)))
            mid = s.active == uid          # mid-activation: what it has used so far counts
            free = flow.usable_free_abilities(s, uid, s.active_used if mid else (),
                                              s.active_committed if mid else False)
            for i, choices in free:
                a = design(s.units[uid].design).abilities[i]
                for ch in choices:
                    on = abilities.describe_choice(s, a.target, ch)
                    cost = f" (pay {a.cost} energy)" if a.cost else ""
                    out.append(actions.ABILITY(uid, i, ch,
                                               label=f"{name}: {a.name}{' on ' + on if on else ''}{cost}"))
            out.append(actions.END(uid, label=f"{name} ends its activation" if s.active == uid
                                   else f"{name} activates and passes"))
        return out

    @staticmethod
    def _plan_text(s: PariahState, plan) -> str:
        return ", ".join(f"{unit_name(s, t)} ({n} {'die' if n == 1 else 'dice'})" for t, n in plan)

    # --- explanations ------------------------------------------------------------------------------
    def explain(self, s: PariahState, a: Action) -> str:
        return explain(s, a)

    # --- applying ------------------------------------------------------------------------------------
    def after(self, s: PariahState, a: Action, events: list[Event]) -> None:
        flow.advance(s, events)

    # select
    @handles(actions.PICK)
    def _pick(self, s, seat, events, card):
        s.hands[seat].remove(card)
        s.picks[seat].append(card)
        events.append(Event("pick",
                            {"seat": seat, "card": card, "name": card_name(s, card), "from": "hand", "to": "army"},
                            private_to=seat, public_data={"seat": seat}))

    @handles(actions.UNPICK)
    def _unpick(self, s, seat, events, card):
        s.picks[seat].remove(card)
        s.hands[seat].append(card)
        events.append(Event("unpick",
                            {"seat": seat, "card": card, "name": card_name(s, card), "from": "army", "to": "hand"},
                            private_to=seat, public_data={"seat": seat}))

    @handles(actions.COMMIT)
    def _commit(self, s, seat, events):
        # the army is set aside face down; the rest of the hand goes back into the deck
        s.committed[seat] = True
        s.armies[seat], s.picks[seat] = s.picks[seat], []
        s.decks[seat] += s.hands[seat]
        s.hands[seat] = []
        s.rng.shuffle(s.decks[seat])
        events.append(Event("commit",
                            {"seat": seat, "count": len(s.armies[seat]), "amount": len(s.armies[seat])}))

    # deploy
    @handles(actions.DEPLOY)
    def _deploy(self, s, seat, events, card):
        side = side_of(seat)
        s.armies[seat].remove(card)
        u = Unit(card, s.designs[card], seat)
        s.units[card] = u
        s.lines[side].append(card)
        # the unit was face down in the army until now: undo does not step back past this
        events.append(Event("deploy", {"seat": seat, "unit": card, "side": side,
                                        "index": len(s.lines[side]) - 1, "card": card,
                                        "name": card_name(s, card), "owner": seat,
                                        "from": "army", "to": "line"}, reveals=True))
        abilities.deploy_effects(s, card, events)
        s.deploy_turn = 1 - side

    # prep
    @handles(actions.RELIC)
    def _relic(self, s, seat, events, card, target):
        side = side_of(seat)
        r = relics()[s.designs[card]]
        s.relic_hands[seat].remove(card)
        s.energy[side] -= r.cost
        if r.relic_type == "equipment":
            s.units[target].equip.append(card)
            events.append(Event("equip", {"seat": seat, "card": card, "unit": target, "name": r.name,
                                          "amount": r.cost, "unit_name": unit_name(s, target),
                                          "unit_owner": s.units[target].owner,
                                          "from": "relic hand", "to": "unit"}))
        elif r.relic_type == "emblem":
            s.emblems.append([card, r.id, side])
            events.append(Event("emblem", {"seat": seat, "card": card, "side": side,
                                            "emblem": r.id, "name": r.name, "amount": r.cost,
                                            "from": "relic hand", "to": "emblems"}))
        else:
            events.append(Event("consumable",
                                {"seat": seat, "card": card, "target": target, "name": r.name, "amount": r.cost,
                                 "target_name": unit_name(s, target) if target in s.units else "",
                                 "target_owner": s.units[target].owner if target in s.units else None,
                                 "from": "relic hand", "to": "graveyard"}))
            s.graves[seat].append(card)
            abilities.resolve(s, r.name, r.target, r.effects, -1, seat, side, target, events)

    @handles(actions.EVOLVE)
    def _evolve(self, s, seat, events, card, unit):
        side = side_of(seat)
        e = evolutions()[s.designs[card]]
        s.evo_hands[seat].remove(card)
        s.energy[side] -= e.cost
        s.evo_played[side] = True
        old = unit_name(s, unit)
        s.units[unit].evos.append(card)
        events.append(Event("evolve", {"seat": seat, "card": card, "unit": unit, "name": e.name,
                                       "amount": e.cost, "unit_name": old,
                                       "unit_owner": s.units[unit].owner,
                                       "from": "evolution hand", "to": "unit"}))

    @handles(actions.READY)
    def _ready(self, s, seat, events):
        s.queue.pop(0)
        events.append(Event("ready", {"seat": seat}))

    # activate
    def _start(self, s, uid, events):
        if s.active != uid:
            s.active, s.active_committed, s.active_used = uid, False, []
            s.acted.add(uid)
            s.last_side = side_of(s.units[uid].owner)
            events.append(Event("activate",
                                {"unit": uid, "name": unit_name(s, uid), "owner": s.units[uid].owner}))

    @handles(actions.ATTACK)
    def _attack(self, s, seat, events, unit, plan):
        self._start(s, unit, events)
        s.active_committed = True
        combat.resolve_attack(s, unit, plan, events)

    @handles(actions.ABILITY)
    def _ability(self, s, seat, events, unit, index, choice):
        self._start(s, unit, events)
        a = design(s.units[unit].design).abilities[index]
        side = side_of(seat)
        s.active_used.append(index)
        if a.commit:
            s.active_committed = True
        s.energy[side] -= a.cost
        on = abilities.describe_choice(s, a.target, choice)
        events.append(Event("ability",
                            {"unit": unit, "ability": index, "target": list(choice) if isinstance(choice, tuple) else choice,
                             "name": unit_name(s, unit), "owner": s.units[unit].owner, "seat": seat,
                             "ability_name": a.name, "on": on, "amount": a.cost,
                             "target_owner": s.units[choice].owner if a.target in ("enemy", "ally") else None}))
        abilities.resolve(s, a.name, a.target, a.effects, unit, seat, side, choice, events)

    @handles(actions.END)
    def _end(self, s, seat, events, unit):
        self._start(s, unit, events)
        s.active, s.active_committed, s.active_used = -1, False, []
        events.append(Event("end_activation",
                            {"unit": unit, "name": unit_name(s, unit), "owner": s.units[unit].owner}))

    # shop
    @handles(actions.KEEP)
    def _keep(self, s, seat, events, card):
        rest = [x for x in s.offers[seat] if x != card]
        s.offers[seat] = []
        s.relic_hands[seat].append(card)
        s.rng.shuffle(rest)
        s.relic_decks[seat][:0] = rest                 # the bottom of a deck is its start
        s.shop_kept = True
        events.append(Event("keep",
                            {"seat": seat, "card": card, "bottom": len(rest), "name": card_name(s, card),
                             "from": "offer", "to": "relic hand"},
                            private_to=seat,
                            public_data={"seat": seat, "bottom": len(rest), "from": "offer",
                 "to": "relic hand"}, reveals=True))

    @handles(actions.TAKE_EVO)
    def _take_evo(self, s, seat, events, card):
        s.evo_piles[seat].remove(card)
        s.evo_hands[seat].append(card)
        events.append(Event("take_evo",
                            {"seat": seat, "card": card, "name": card_name(s, card), "from": "evolution pile",
                             "to": "evolution hand"}))
        self._shop_done(s)

    @handles(actions.NO_EVO)
    def _no_evo(self, s, seat, events):
        events.append(Event("no_evo", {"seat": seat}))
        self._shop_done(s)

    @staticmethod
    def _shop_done(s):
        s.queue.pop(0)
        s.shop_kept = False

    # --- the end -------------------------------------------------------------------------------------
    def result(self, s: PariahState) -> Result | None:
        if s.phase != OVER:
            return None
        pts = [flow.points(s, 0), flow.points(s, 1)]
        winners = [p for p in range(s.players) if side_of(p) in s.winners]
        return Result([float(pts[side_of(p)]) for p in range(s.players)], winners, s.reason,
                      {"round": s.round, "points": pts, "winning_sides": s.winners})

    # --- views -----------------------------------------------------------------------------------
    # --- lists ----------------------------------------------------------------------
    def turn_label(self, s: PariahState) -> str:
        if s.phase == OVER:
            return f"Finished in round {s.round}"
        if s.phase == SELECT:
            return "Choosing armies"
        if s.phase == DEPLOY:
            return "Deployment"
        if s.phase == SHOP:
            return f"Shop after round {s.round}"
        return f"Round {s.round} of {ROUNDS}"



GAME = Pariah()

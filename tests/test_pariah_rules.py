"""Pariah: a test per rule of rules/pariah.md, RULINGS.md and the rules page's Rulings,
and a scenario for every ability, keyword, relic and evolution in the data."""

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from pariah_helpers import (act, another_hidden_army, attack, battle, card, design, dice_events,
                            give_evo, give_relic, kinds, uid)
from tabletop.core import Action, Rng
from tabletop.core.game import IllegalAction
from tabletop.games.pariah.engine import abilities, flow, views as information
from tabletop.games.pariah.engine.cards import (FACTIONS, STATS, card_pool, designs, evolutions, factions,
                                         relic_deck, relics)
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.presentation.narrate import NARRATE
from tabletop.table.narration import Voice
from tabletop.games.pariah.engine.state import ACTIVATE, DEPLOY, HIDDEN, OVER, PREP, SELECT, SHOP
from tabletop.games.pariah.engine.stats import keywords, stat
from tabletop.games.registry import get_game
from tabletop.store.saves import DamagedSave, SaveStore

RULES_V1 = Path(__file__).parent / "data" / "pariah_rules_v1"


def S(s, d, name, nth=0):
    return stat(s, s.units[uid(s, d, nth)], name)


# --- the content --------------------------------------------------------------------------------

def test_three_factions_each_bring_a_30_card_unit_deck():
    assert set(factions()) == set(FACTIONS) and len(FACTIONS) == 3
    for f in factions().values():
        assert len(f.deck) == 30
        assert all(designs()[d].faction == f.id for d in f.deck)


def test_every_unit_has_a_cost_and_all_combat_stats():
    for d in designs().values():
        assert d.cost >= (0 if d.token else 2)
        assert 2 <= d.dexterity <= 6 and 2 <= d.armor <= 6 and d.hp >= 1 and d.attacks >= 1
        assert all(isinstance(d.base(n), int) for n in STATS)


def test_tokens_cost_nothing_and_are_not_in_decks():
    for f in factions().values():
        assert f.tokens or f.id == "tidewardens"
        for t in f.tokens:
            assert t.token and t.cost == 0 and t.id not in f.deck


def test_each_faction_has_evolutions_for_its_own_units():
    for f in factions().values():
        unit_ids = {u.id for u in f.units}
        assert f.evolutions and all(e.unit in unit_ids for e in f.evolutions)
        assert all(e.cost > 0 and (e.changes or e.keywords.texts()) for e in f.evolutions)


def test_relic_deck_holds_consumables_equipment_and_emblems_with_energy_costs():
    types = [relics()[r].relic_type for r in relic_deck()]
    assert {"consumable", "equipment", "emblem"} == set(types)
    assert all(relics()[r].cost > 0 for r in relic_deck())
    assert len(relic_deck()) >= 9


def test_card_pool_lists_units_evolutions_and_relics():
    pool = card_pool()
    units = [c for c in pool if c["type"] == "unit"]
    assert len(units) == 30 and {u["faction"] for u in units} == set(FACTIONS)
    assert all(all(n in u for n in STATS) and "abilities" in u for u in units)
    assert any(c["type"] == "evolution" for c in pool)
    assert {c["relic_type"] for c in pool if c["type"] == "relic"} == {"consumable", "equipment", "emblem"}
    json.dumps(pool)


# every ability and keyword in the data -> the scenario test that exercises it
COVERAGE = {
    "Kindling": "test_deployment_effects_resolve_at_once",
    "Cinder Bolt": "test_commit_ability_replaces_the_attack",
    "Searing Hide": "test_retaliation_hurts_the_attacker",
    "Flare Step": "test_free_ability_can_be_used_with_the_attack_and_can_cost_energy",
    "Molten Fury": "test_passive_stat_change_while_damaged",
    "Brood of Sparks": "test_start_of_round_effects_in_initiative_order",
    "Revive": "test_revive_places_the_unit_next_to_the_reviver",
    "Mend": "test_heal_removes_damage_but_never_below_zero",
    "Tithe of Pearls": "test_start_of_round_effects_in_initiative_order",
    "Undertow": "test_temporary_priority_change_reorders_activations",
    "Deep Pull": "test_end_of_round_effect_hits_the_unit_opposite",
    "Raise the Ebb Ward": "test_deployment_effects_resolve_at_once",
    "Ebb": "test_unit_made_emblem_heals_at_end_of_round",
    "Barbed Bark": "test_retaliation_hurts_the_attacker",
    "Sprout": "test_commit_ability_creates_a_token",
    "Feast of Roots": "test_kill_trigger_gains_energy",
    "First Seed": "test_deployment_effects_resolve_at_once",
    "Rootmend": "test_end_of_round_effect_hits_the_unit_opposite",
    "Green Blessing": "test_start_of_round_heal_of_adjacent_allies",
    "Hunting Howl": "test_free_ability_on_adjacent_allies",
    "Vigour": "test_emblem_timed_effects",
    "Plenty": "test_emblem_timed_effects",
    "aura": "test_aura_affects_neighbours_and_itself_and_stacks",
    "sweep": "test_sweep_spreads_dice_over_neighbours_of_the_main_target",
    "range": "test_range_reaches_anywhere_on_the_enemy_line",
    "guardian": "test_guardian_must_be_targeted_first",
    "invulnerable": "test_invulnerable_caps_the_block_roll",
    "revive": "test_revive_places_the_unit_next_to_the_reviver",
}


def test_every_ability_and_keyword_in_the_data_has_a_scenario_test():
    names = set()
    for d in designs().values():
        names |= {a.name for a in d.abilities}
        kw = d.keywords
        names |= {k for k, v in (("aura", kw.auras), ("sweep", kw.sweep), ("range", kw.range),
                                 ("guardian", kw.guardian), ("invulnerable", kw.invulnerable),
                                 ("revive", kw.revive)) if v}
    for r in relics().values():
        names |= {a.name for a in r.abilities}
    assert names == set(COVERAGE)
    for test in COVERAGE.values():
        assert callable(globals().get(test)), test


# --- setting up -------------------------------------------------------------------------------------

def test_setup_draws_ten_cards_from_a_shuffled_deck():
    s = GAME.setup({"factions": ["emberkin", "thornwild"]}, 3)
    for p in (0, 1):
        assert len(s.hands[p]) == 10 and len(s.decks[p]) == 20
    other = GAME.setup({"factions": ["emberkin", "thornwild"]}, 4)
    assert s.hands[0] != other.hands[0]


def test_factions_are_chosen_or_random():
    assert GAME.setup({"factions": ["tidewardens", "thornwild"]}, 1).factions == ["tidewardens", "thornwild"]
    seen = {f for seed in range(30) for f in GAME.setup({}, seed).factions}
    assert seen == set(FACTIONS)
    with pytest.raises(ValueError):
        GAME.setup({"factions": ["nobody", "thornwild"]}, 1)


def test_two_players_or_four_in_teams():
    with pytest.raises(ValueError):
        GAME.setup({}, 1, 3)
    s = GAME.setup({"factions": ["emberkin", "thornwild"]}, 1, 4)
    assert s.factions == ["emberkin", "thornwild", "emberkin", "thornwild"]


# --- choosing the army ------------------------------------------------------------------------------

def _pick_cheapest(s, seat, points):
    spent = 0
    for c in sorted(s.hands[seat], key=lambda c: design(s.designs[c]).cost):
        cost = design(s.designs[c]).cost
        if spent + cost <= points:
            act(s, "pick", c)
            spent += cost
    return spent


def test_army_is_at_most_20_points():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    hand = sorted(s.hands[0], key=lambda c: -design(s.designs[c]).cost)
    spent = 0
    for c in hand:
        cost = design(s.designs[c]).cost
        if spent + cost <= 20:
            act(s, "pick", c)
            spent += cost
    over = [c for c in s.hands[0] if design(s.designs[c]).cost + spent > 20]
    if over:
        assert Action("pick", (over[0],)) not in GAME.legal_actions(s)
        assert "of 20" in GAME.why_illegal(s, Action("pick", (over[0],)))
    assert flow.army_cost(s, s.picks[0]) <= 20


def test_a_pick_can_be_taken_back_before_committing():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    c = s.hands[0][0]
    act(s, "pick", c)
    act(s, "unpick", c)
    assert c in s.hands[0] and not s.picks[0]


def test_an_army_needs_at_least_one_unit():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    assert "commit" not in kinds(s)
    assert "at least one unit" in GAME.why_illegal(s, Action("commit"))


def test_armies_are_chosen_one_after_another_and_hidden_until_revealed():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    assert s.phase == SELECT and GAME.to_act(s) == 0
    events = act(s, "pick", s.hands[0][0])
    assert events[0].private_to == 0 and "card" not in events[0].for_seat(1).data
    _pick_cheapest(s, 0, 12)
    act(s, "commit")
    assert GAME.to_act(s) == 1 and s.phase == SELECT
    v = GAME.view(s, 1)                          # the second chooser sees nothing of the first's army
    assert set(v.armies[0]) == {HIDDEN} and set(v.hands[0]) <= {HIDDEN} and not v.picks[0]
    assert set(v.decks[0]) == {HIDDEN}
    mine = GAME.view(s, 0)
    assert mine.armies[0] == s.armies[0]


def test_armies_are_set_out_together_face_down_and_unspent_points_become_energy():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    a = _pick_cheapest(s, 0, 14)
    act(s, "commit")
    b = _pick_cheapest(s, 1, 20)
    events = act(s, "commit")
    armies = [e for e in events if e.kind == "army"]
    assert [e.data["seat"] for e in armies] == [0, 1]
    for e, points in zip(armies, (a, b)):
        p = e.data["seat"]
        told = e.for_seat(1 - p)                  # the count and the points, no unit
        assert told.data == {"seat": p, "count": len(s.armies[p]), "points": points,
                             "energy": 20 - points, "amount": 20 - points}
        line = NARRATE(told, Voice(["Ana", "Bo"], 1 - p))
        assert "face down" in line and not any(design(s.designs[c]).name in line for c in s.armies[p])
        assert e.for_seat(p).data["cards"] == s.armies[p]
    assert s.energy == [20 - a, 20 - b]
    assert s.phase == DEPLOY
    assert GAME.view(s, 1).waiting_points == [a, b]


def test_unused_cards_return_to_the_deck():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    for p in (0, 1):
        _pick_cheapest(s, p, 9)
        act(s, "commit")
    for p in (0, 1):
        assert not s.hands[p] and len(s.decks[p]) + len(s.armies[p]) == 30


def test_evolution_pile_holds_only_evolutions_of_the_chosen_units():
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 5)
    for p in (0, 1):
        _pick_cheapest(s, p, 10)
        act(s, "commit")
    for p in (0, 1):
        kinds_ = {s.designs[c] for c in s.armies[p]}
        assert {evolutions()[s.designs[c]].unit for c in s.evo_piles[p]} == kinds_ & \
            {e.unit for e in evolutions().values()}
        assert all(evolutions()[s.designs[c]].unit not in kinds_ for c in s.evo_out[p])


def test_relic_decks_are_shuffled():
    orders = {tuple(GAME.setup({}, seed).relic_decks[0]) for seed in range(5)}
    assert len(orders) > 1


# --- deployment -------------------------------------------------------------------------------------

def _to_deploy(seed, picks=(10, 10), factions_=("emberkin", "thornwild")):
    s = GAME.setup({"factions": list(factions_)}, seed)
    for p in (0, 1):
        _pick_cheapest(s, p, picks[p])
        act(s, "commit")
    return s


def test_first_deployer_is_random():
    assert {_to_deploy(seed).first_deployer for seed in range(12)} == {0, 1}


def test_sides_alternate_deploying_from_left_to_right():
    s = _to_deploy(2)
    first = s.turn
    c = s.armies[first][0]
    act(s, "deploy", c)
    assert s.lines[first] == [c] and s.turn == 1 - first
    c2 = s.armies[1 - first][-1]
    act(s, "deploy", c2)
    assert s.turn == first
    c3 = s.armies[first][0]
    act(s, "deploy", c3)
    assert s.lines[first][:2] == [c, c3]          # the next slot to the right


def test_a_side_with_units_left_keeps_deploying():
    s = _to_deploy(2, picks=(2, 12))
    while s.phase == DEPLOY:
        act(s, "deploy", s.armies[s.turn][0])
    assert len(s.lines[0]) == 1 and len(s.lines[1]) >= 3 and s.phase == ACTIVATE


def test_an_unplaced_unit_stays_hidden_from_the_opponent():
    s = _to_deploy(2)
    for seat in (0, 1):
        v = GAME.view(s, seat)
        assert v.armies[seat] == s.armies[seat]
        assert v.armies[1 - seat] == [HIDDEN] * len(s.armies[1 - seat])
    first = s.turn
    placed = s.armies[first][0]
    events = act(s, "deploy", placed)
    assert events[0].reveals                       # deploying turns a hidden card face up
    v = GAME.view(s, 1 - first)
    assert v.lines[first] == [placed] and v.units[placed].design == s.designs[placed]
    assert v.armies[first] == [HIDDEN] * len(s.armies[first])


def test_a_deploying_player_sees_only_what_the_other_side_has_placed():
    # the count and the points of the units still to place are public, nothing else of them
    s = _to_deploy(4, picks=(20, 20))
    while s.phase == DEPLOY:
        seat = s.turn
        other = 1 - seat
        v = GAME.view(s, seat)
        assert v.lines[other] == s.lines[other] and set(v.armies[other]) <= {HIDDEN}
        assert len(v.armies[other]) == len(s.armies[other])
        assert v.waiting_points[other] == flow.army_cost(s, s.armies[other])
        act(s, "deploy", s.armies[seat][0])


def test_the_evolution_pile_does_not_tell_the_hidden_army():
    s = _to_deploy(6, picks=(12, 12))
    seat, other = s.turn, 1 - s.turn
    alt = another_hidden_army(s, other)
    assert alt.evo_piles[other] != s.evo_piles[other]
    assert GAME.view_to_json(GAME.view(alt, seat)) == GAME.view_to_json(GAME.view(s, seat))


def test_a_sample_deals_the_hidden_army_to_fit_its_count_and_points():
    s = _to_deploy(2, picks=(14, 20))
    act(s, "deploy", s.armies[s.turn][0])
    seat, other = s.turn, 1 - s.turn
    v = GAME.view(s, seat)
    dealt = set()
    for i in range(12):
        t = GAME.sample(v, Rng(i))
        assert len(t.armies[other]) == len(s.armies[other]) and t.lines == s.lines
        assert flow.army_cost(t, t.armies[other]) == flow.army_cost(s, s.armies[other])
        kinds = {t.designs[c] for c in t.armies[other]} | {u.design for u in t.units.values()
                                                           if u.owner == other}
        assert {evolutions()[t.designs[c]].unit for c in t.evo_piles[other]} == kinds
        assert sorted(t.evo_piles[other] + t.evo_out[other]) == sorted(s.evo_piles[other] + s.evo_out[other])
        assert t.armies[seat] == s.armies[seat] and t.evo_piles[seat] == s.evo_piles[seat]
        dealt.add(tuple(sorted(t.armies[other])))
    assert len(dealt) > 1                          # dealt from what is unseen, not the real army


def test_a_hidden_army_is_dealt_evenly_among_the_armies_that_fit():
    s = GAME.setup({"factions": ["emberkin", "emberkin"]}, 1)
    cards = [c for c in sorted(s.designs) if c < 30]       # seat 0's thirty unit cards
    # two cards making 4 points: two of the six 2-point cards, 15 sets; fits are counted
    seen = Counter()
    for i in range(3000):
        rng = Rng(i)
        pool = list(cards)
        rng.shuffle(pool)
        army = information._counted_deal(s, pool, 2, 4, rng)
        assert len(army) == 2 and flow.army_cost(s, army) == 4
        seen[frozenset(army)] += 1
    assert len(seen) == 15 and max(seen.values()) < 2 * min(seen.values())
    # a rare fit (two 7-point Magma Hulks make 14) is found, reshuffling or counting
    for i in range(20):
        army = information.deal_army(s, list(cards), 2, 14, Rng(i))
        assert [s.designs[c] for c in army] == ["emb_colossus"] * 2


def test_deployment_effects_resolve_at_once():
    s = GAME.setup({"factions": ["emberkin", "thornwild"]}, 1)
    s.phase, s.revealed = DEPLOY, True
    for p in (0, 1):
        s.decks[p] += s.hands[p]
        s.hands[p] = []
    s.armies[0] = [card(s, 0, "emb_scout")]
    s.armies[1] = [card(s, 1, "thn_keeper")]
    for p in (0, 1):
        s.decks[p].remove(s.armies[p][0])
    s.deploy_turn, s.turn, s.energy = 0, 0, [0, 0]
    act(s, "deploy", s.armies[0][0])               # Kindling: +1 energy at once
    assert s.energy == [1, 0] and s.turn == 1
    act(s, "deploy", s.armies[1][0])               # First Seed: a Sapling to its right
    assert [s.units[u].design for u in s.lines[1]] == ["thn_keeper", "thn_sapling"]
    t = GAME.setup({"factions": ["tidewardens", "thornwild"]}, 1)
    t.phase, t.revealed = DEPLOY, True
    t.decks[0] += t.hands[0]
    t.hands[0] = []
    t.armies[0] = [card(t, 0, "tid_keeper")]
    t.decks[0].remove(t.armies[0][0])
    t.armies[1] = []
    t.deploy_turn = t.turn = 0
    events = act(t, "deploy", t.armies[0][0])      # Raise the Ebb Ward: an emblem for the side
    assert t.emblems == [[-1, "ebb_ward", 0]] and any(e.kind == "emblem" for e in events)


def test_deployment_effects_do_not_trigger_when_a_unit_returns():
    s = battle(["emb_acolyte"], ["thn_sprite"], energy=(0, 0))
    act(s, "end", uid(s, "thn_sprite"))
    scout = card(s, 0, "emb_scout")
    s.decks[0].remove(scout)
    s.graves[0].append(scout)
    act(s, "ability", uid(s, "emb_acolyte"), 0, (scout, 1))
    assert scout in s.lines[0] and s.energy[0] == 0


# --- start of round -----------------------------------------------------------------------------------

def test_initiative_goes_to_the_single_highest_priority():
    s = battle(["emb_scout"], ["thn_hawk", "thn_titan"], phase=DEPLOY)
    events = []
    flow.start_round(s, events)
    assert s.initiative == 1 and not dice_events(events)


def test_initiative_tie_is_rolled_with_dice_events():
    s = battle(["emb_scout"], ["thn_sprite"], phase=DEPLOY, dice=[3, 3, 2, 5])
    events = []
    flow.start_round(s, events)
    rolls = dice_events(events, "initiative")
    assert [e.data["faces"] for e in rolls] == [[3, 3], [2, 5]] and all(e.reveals for e in rolls)
    assert s.initiative == 1


def test_start_of_round_effects_in_initiative_order():
    # Hearth Mother makes a Cinderling; Pearl Oracle gives energy; the side with initiative goes first
    s = battle(["emb_matron"], ["tid_oracle"], phase=DEPLOY)
    events = []
    flow.start_round(s, events)
    assert s.initiative == 1                       # Oracle priority 5 beats Mother's 3
    order = [e.kind for e in events if e.kind in ("energy", "token")]
    assert order == ["energy", "token"]
    assert [s.units[u].design for u in s.lines[0]] == ["emb_matron", "emb_cinderling"]
    assert s.energy == [0, 1]


def test_relics_and_evolutions_are_played_from_round_two():
    s = battle(["emb_scout"], ["thn_sprite"], phase=DEPLOY, energy=(9, 9))
    give_relic(s, 0, "rel_edge")
    events = []
    flow.start_round(s, events)
    assert s.round == 1 and s.phase == ACTIVATE
    flow.start_round(s, events)
    flow.advance(s, events)
    assert s.round == 2 and s.phase == PREP and s.turn == 0 and "relic" in kinds(s)


# --- activations ---------------------------------------------------------------------------------------

def test_units_activate_in_descending_priority_regardless_of_owner():
    s = battle(["emb_scout", "emb_dancer"], ["thn_hawk", "thn_sprite"])
    order = []
    while s.phase == ACTIVATE and s.round == 1:
        a = next(a for a in GAME.legal_actions(s) if a.kind == "end")
        order.append(s.units[a.args[0]].design)
        act(s, "end", a.args[0])
    assert order == ["thn_hawk", "emb_dancer", order[2], order[3]]
    assert {order[2], order[3]} == {"emb_scout", "thn_sprite"}


def test_tied_priority_alternates_the_side_that_did_not_act_last():
    s = battle(["emb_scout", "emb_scout"], ["thn_sprite", "thn_sprite"])
    first = s.turn
    assert first == s.initiative                    # the first tie of the round: the initiative side
    sides = []
    while s.phase == ACTIVATE and s.round == 1:
        sides.append(s.turn)
        act(s, "end", next(a.args[0] for a in GAME.legal_actions(s) if a.kind == "end"))
    assert sides == [first, 1 - first, first, 1 - first]


def test_each_unit_activates_once_per_round():
    s = battle(["emb_scout", "emb_adept"], ["tid_sentinel"])
    scout = uid(s, "emb_scout")
    act(s, "end", scout)
    assert s.turn == 0 and all(a.args[0] != scout for a in GAME.legal_actions(s))
    assert "already activated" in GAME.why_illegal(s, Action("end", (scout,)))


def test_lower_priority_must_wait():
    s = battle(["emb_scout", "emb_colossus"], ["tid_sentinel"])
    reason = GAME.why_illegal(s, Action("end", (uid(s, "emb_colossus"),)))
    assert "descending Priority" in reason


def test_a_revived_unit_that_already_activated_cannot_activate_again():
    s = battle(["emb_scout", "emb_acolyte"], ["emb_adept"], dice=[])
    scout = uid(s, "emb_scout")
    act(s, "end", scout)                           # the Spark Runner has activated
    act(s, "ability", uid(s, "emb_adept"), 0, scout)   # and dies to a Cinder Bolt
    assert scout in s.graves[0]
    act(s, "ability", uid(s, "emb_acolyte"), 0, (scout, 0))
    assert scout in s.lines[0]
    assert s.phase != ACTIVATE or all(a.args[0] != scout for a in GAME.legal_actions(s))


def test_commit_ability_replaces_the_attack():
    s = battle(["emb_adept", "emb_herald"], ["tid_stalker"])
    adept, stalker = uid(s, "emb_adept"), uid(s, "tid_stalker")
    act(s, "end", stalker)
    act(s, "end", uid(s, "emb_herald"))
    events = act(s, "ability", adept, 0, stalker)  # Cinder Bolt: 2 damage, no rolls
    assert s.units[stalker].damage == 2 and not dice_events(events)
    assert s.active == -1 and adept in s.acted     # committed: no attack follows
    t = battle(["emb_adept", "emb_herald"], ["tid_stalker"], dice=[1])
    act(t, "end", uid(t, "tid_stalker"))
    act(t, "end", uid(t, "emb_herald"))
    attack(t, uid(t, "emb_adept"), uid(t, "tid_stalker"))
    assert t.active == -1 and t.units[uid(t, "tid_stalker")].damage == 0   # and no Bolt after it


def test_free_ability_can_be_used_with_the_attack_and_can_cost_energy():
    s = battle(["emb_dancer"], ["tid_sentinel"], energy=(1, 0), dice=[1, 1, 1, 1])
    dancer = uid(s, "emb_dancer")
    act(s, "ability", dancer, 0, -1)               # Flare Step: pay 1, +1 Attacks
    assert s.energy[0] == 0 and stat(s, s.units[dancer], "attacks") == 4
    assert "attack" in kinds(s)
    events = attack(s, dancer, uid(s, "tid_sentinel"))
    assert len(dice_events(events, "attack")[0].data["faces"]) == 4
    t = battle(["emb_dancer"], ["tid_sentinel"], energy=(0, 0))
    assert not any(a.kind == "ability" for a in GAME.legal_actions(t))
    assert "costs 1" in GAME.why_illegal(t, Action("ability", (uid(t, "emb_dancer"), 0, -1)))


def test_an_activation_may_pass():
    s = battle(["emb_scout"], ["tid_sentinel"])
    act(s, "end", uid(s, "emb_scout"))
    assert uid(s, "emb_scout") in s.acted and s.turn == 1


# --- combat -------------------------------------------------------------------------------------------------

def test_attack_rolls_one_die_per_attack_and_hits_on_dexterity():
    s = battle(["emb_dancer"], ["tid_sentinel"], dice=[3, 2, 6, 1, 1])   # Dexterity 3: two hits
    events = attack(s, uid(s, "emb_dancer"), uid(s, "tid_sentinel"))
    roll = dice_events(events, "attack")[0]
    assert roll.data["faces"] == [3, 2, 6] and roll.data["need"] == 3 and roll.reveals
    defence = dice_events(events, "defence")[0]
    assert defence.data["faces"] == [1, 1] and defence.data["hits"] == 2


def test_perforation_raises_the_block_roll():
    # Coral Lancer (AP 1) against Armor 4: blocks need 5+
    s = battle(["tid_lancer"], ["emb_matron"], dice=[6, 6, 4, 5])
    events = attack(s, uid(s, "tid_lancer"), uid(s, "emb_matron"))
    d = dice_events(events, "defence")[0]
    assert d.data["need"] == 5 and d.data["blocked"] == 1
    assert s.units[uid(s, "emb_matron")].damage == 2        # one hit through, Damage 2


def test_damage_is_dealt_per_unblocked_hit():
    s = battle(["emb_dancer"], ["emb_colossus"], dice=[6, 6, 6, 1, 1, 6])
    colossus = uid(s, "emb_colossus")
    attack(s, uid(s, "emb_dancer"), colossus)
    assert s.units[colossus].damage == 2


def test_a_block_beyond_six_is_impossible():
    # Flame Slinger: AP 1, +1 from the Smoke Herald's Aura, against Armor 5: a 7 is needed
    s = battle(["emb_caller", "emb_herald"], ["thn_hawk"], dice=[6, 6, 6, 6])
    act(s, "end", uid(s, "thn_hawk"))
    act(s, "end", uid(s, "emb_herald"))
    events = attack(s, uid(s, "emb_caller"), uid(s, "thn_hawk"))
    d = dice_events(events, "defence")[0]
    assert d.data["need"] == 7 and d.data["faces"] == [6, 6] and d.data["blocked"] == 0


def test_guardian_must_be_targeted_first():
    s = battle(["emb_dancer"], ["tid_stalker", "tid_sentinel"])
    dancer, stalker, sentinel = uid(s, "emb_dancer"), uid(s, "tid_stalker"), uid(s, "tid_sentinel")
    targets = {a.args[1][0][0] for a in GAME.legal_actions(s) if a.kind == "attack"}
    assert targets == {sentinel}
    assert "Guardian" in GAME.why_illegal(s, Action("attack", (dancer, ((stalker, 3),))))
    t = battle(["emb_adept"], ["tid_stalker", "tid_sentinel"])       # abilities too
    act(t, "end", uid(t, "tid_stalker"))
    assert {a.args[2] for a in GAME.legal_actions(t) if a.kind == "ability"} == {uid(t, "tid_sentinel")}


def test_sweep_spreads_dice_over_neighbours_of_the_main_target():
    s = battle(["emb_brute"], ["thn_sprite", "thn_hawk", "thn_keeper", "thn_shaper"],
               dice=[6, 6, 6, 1, 1, 1])
    act(s, "end", uid(s, "thn_hawk"))
    for d in ("thn_sprite", "thn_keeper", "thn_shaper"):
        act(s, "end", uid(s, d))
    brute = uid(s, "emb_brute")
    sprite, hawk, keeper, shaper = s.lines[1][:4]
    plans = [a.args[1] for a in GAME.legal_actions(s) if a.kind == "attack"]
    assert ((hawk, 2), (sprite, 1)) in plans and ((hawk, 1), (keeper, 2)) in plans
    assert not any(t == shaper for p in plans if p[0][0] == hawk for t, _ in p)   # not adjacent
    assert not any(len(p) > 2 for p in plans)                                      # Sweep 1: one more
    reason = GAME.why_illegal(s, Action("attack", (brute, ((hawk, 2), (shaper, 1)))))
    assert "next to the main target" in reason
    events = act(s, "attack", brute, ((hawk, 2), (keeper, 1)))
    assert dice_events(events, "attack")[0].data["targets"] == [hawk, hawk, keeper]


def test_sweep_hits_only_adjacent_enemies():
    # "the main target plus up to X adjacent enemies": Sweep 2 (Wave Crusher) reaches both
    # neighbours of the main target, never an enemy two slots from it
    s = battle(["tid_crusher"], ["emb_scout", "emb_scout", "emb_herald", "emb_herald"])
    for u in list(s.lines[1]):
        act(s, "end", u)
    crusher = uid(s, "tid_crusher")
    line = s.lines[1]
    plans = [a.args[1] for a in GAME.legal_actions(s) if a.kind == "attack"]
    assert ((line[1], 1), (line[0], 1), (line[2], 1)) in plans
    for plan in plans:
        main = line.index(plan[0][0])
        assert all(abs(line.index(t) - main) == 1 for t, _ in plan[1:]), plan
    reason = GAME.why_illegal(s, Action("attack", (crusher, ((line[0], 1), (line[2], 2)))))
    assert "next to the main target" in reason


def test_range_reaches_anywhere_on_the_enemy_line():
    s = battle(["thn_hawk", "thn_sprite"], ["emb_scout", "emb_herald", "emb_colossus"])
    hawk = uid(s, "thn_hawk")
    scout, colossus = uid(s, "emb_scout"), uid(s, "emb_colossus")
    plans = [a.args[1] for a in GAME.legal_actions(s) if a.kind == "attack"]
    assert ((scout, 1), (colossus, 1)) in plans     # Range 2: two slots apart, still in reach
    assert max(len(p) for p in plans) == 2          # two dice: at most two targets
    assert len(plans) == 9
    s = battle(["emb_caller"], ["thn_sprite", "thn_hawk", "thn_keeper"], dice=[6, 6, 1, 1])
    act(s, "end", uid(s, "thn_hawk"))
    act(s, "end", uid(s, "thn_sprite"))              # then the tie at 4: the side that did not act
    caller = uid(s, "emb_caller")
    sprite, keeper = uid(s, "thn_sprite"), uid(s, "thn_keeper")
    plans = [a.args[1] for a in GAME.legal_actions(s) if a.kind == "attack"]
    assert ((sprite, 1), (keeper, 1)) in plans                     # not adjacent, still in reach
    assert not any(len(p) > 2 for p in plans)                      # Range 1: one more target
    events = act(s, "attack", caller, ((sprite, 1), (keeper, 1)))
    assert s.units[sprite].damage == 2 and s.units[keeper].damage == 2
    del hawk


def test_a_save_with_a_sweep_the_text_forbids_says_it_was_made_with_older_rules(tmp_path):
    # written by rules version 1, whose Sweep 2 reached two slots from the main target
    name = "two_slot_sweep.json"
    shutil.copy(RULES_V1 / name, tmp_path / name)
    with pytest.raises(DamagedSave, match=r"older rules of Pariah \(version 1\).*move 36 .*next to the main target"):
        SaveStore(tmp_path).load(tmp_path / name, games=get_game)


def test_invulnerable_caps_the_block_roll():
    # Reef Sentinel: Armor 3, Invulnerable 4+; Coral Lancer AP 1 would make it 4, Fury more
    s = battle(["tid_lancer"], ["tid_sentinel"], dice=[6, 6, 4, 4])
    d = dice_events(attack(s, uid(s, "tid_lancer"), uid(s, "tid_sentinel")), "defence")[0]
    assert d.data["need"] == 4 and d.data["blocked"] == 2
    t = battle(["emb_colossus", "emb_herald"], ["tid_sentinel"], dice=[6, 6, 6, 4, 4, 4])
    act(t, "end", uid(t, "emb_herald"))
    act(t, "end", uid(t, "tid_sentinel"))
    d = dice_events(attack(t, uid(t, "emb_colossus"), uid(t, "tid_sentinel")), "defence")[0]
    assert d.data["need"] == 4                  # 3 + 1 + 1 from the Herald's Aura, capped at 4


def test_aura_affects_neighbours_and_itself_and_stacks():
    s = battle(["emb_scout", "emb_herald", "emb_brute", "emb_herald", "emb_colossus"], ["thn_elder",
               "thn_sprite", "thn_sprite", "thn_sprite"])
    assert [S(s, "emb_scout", "ap"), S(s, "emb_herald", "ap"), S(s, "emb_brute", "ap"),
            S(s, "emb_colossus", "ap")] == [1, 1, 3, 2]
    assert S(s, "emb_herald", "ap", 1) == 1
    # Moss Elder: Aura 2, Dexterity -1 (hits on one lower) for units within two slots
    assert [S(s, "thn_elder", "dexterity"), S(s, "thn_sprite", "dexterity", 1),
            S(s, "thn_sprite", "dexterity", 2)] == [3, 3, 4]
    # Shell Warden's Aura: Armor -1 (blocks on one lower) for its neighbours
    t = battle(["tid_oracle", "tid_warden", "tid_warden"], ["emb_scout"])
    assert [S(t, "tid_oracle", "armor"), S(t, "tid_warden", "armor"), S(t, "tid_warden", "armor", 1)] \
        == [4, 2, 2]


def test_dexterity_and_armor_never_better_than_two():
    t = battle(["tid_warden", "tid_warden", "tid_warden"], ["emb_scout"])
    assert S(t, "tid_warden", "armor", 1) == 2         # 4 - 3 would be 1


# --- destruction ----------------------------------------------------------------------------------------

def test_destroyed_unit_goes_to_the_graveyard_and_its_side_gains_its_cost():
    s = battle(["emb_adept"], ["thn_hawk"], dice=[])
    hawk = uid(s, "thn_hawk")
    act(s, "end", hawk)
    events = act(s, "ability", uid(s, "emb_adept"), 0, hawk)
    assert hawk in s.graves[1] and hawk not in s.units
    assert s.energy[1] == design("thn_hawk").cost
    assert any(e.kind == "destroyed" for e in events)


def test_equipment_is_discarded_when_its_unit_dies():
    s = battle(["emb_adept"], ["thn_hawk"], dice=[])
    hawk = uid(s, "thn_hawk")
    boots = card(s, 1, "rel_boots")
    s.relic_decks[1].remove(boots)
    s.units[hawk].equip.append(boots)
    assert S(s, "thn_hawk", "priority") == 10
    act(s, "end", hawk)
    act(s, "ability", uid(s, "emb_adept"), 0, hawk)
    assert boots in s.graves[1]


def test_revive_places_the_unit_next_to_the_reviver():
    for pos in (0, 1):
        s = battle(["thn_hawk", "thn_druid", "thn_hawk"], ["tid_sentinel"])
        sprite = card(s, 0, "thn_sprite")
        s.decks[0].remove(sprite)
        s.graves[0].append(sprite)
        druid = uid(s, "thn_druid")
        while druid not in [a.args[0] for a in GAME.legal_actions(s)]:
            act(s, "end", GAME.legal_actions(s)[-1].args[0])
        assert Action("ability", (druid, 0, (sprite, pos))) in GAME.legal_actions(s)
        act(s, "ability", druid, 0, (sprite, pos))
        names = [s.units[u].design for u in s.lines[0]]
        i = s.lines[0].index(druid)
        assert s.lines[0][i - 1 if pos == 0 else i + 1] == sprite
        assert s.units[sprite].revived and s.units[sprite].damage == 0
        assert len(names) == 4


def test_revive_needs_a_unit_in_an_allied_graveyard():
    s = battle(["emb_acolyte"], ["tid_sentinel"])
    assert not any(a.kind == "ability" for a in GAME.legal_actions(s))


def test_a_revived_unit_dying_again_leaves_the_game_without_energy():
    s = battle(["emb_adept"], ["thn_hawk"])
    hawk = uid(s, "thn_hawk")
    s.units[hawk].revived = True
    act(s, "end", hawk)
    act(s, "ability", uid(s, "emb_adept"), 0, hawk)
    assert hawk in s.removed[1] and hawk not in s.graves[1] and s.energy[1] == 0


def test_damage_carries_over_between_rounds():
    s = battle(["emb_adept"], ["tid_sentinel"])
    sentinel = uid(s, "tid_sentinel")
    s.units[sentinel].damage = 3
    while s.phase == ACTIVATE:
        act(s, "end", GAME.legal_actions(s)[-1].args[0])
    while s.phase == SHOP:
        act(s, *(lambda a: (a.kind, *a.args))(GAME.legal_actions(s)[0]))
    assert s.round == 2 and s.units[sentinel].damage == 3


def test_tokens_leave_at_the_end_of_the_round_and_when_destroyed():
    s = battle(["thn_shaper"], ["emb_adept"], dice=[])
    shaper = uid(s, "thn_shaper")
    act(s, "end", uid(s, "emb_adept"))
    act(s, "ability", shaper, 0, -1)
    tok = s.lines[0][1]
    assert s.units[tok].token
    s.units[tok].damage = 5
    events = []
    from tabletop.games.pariah.engine.board import check_deaths
    check_deaths(s, events)
    assert tok not in s.units and all(tok not in z for z in s.graves + s.removed) and s.energy[0] == 0
    t = battle(["emb_matron"], ["tid_sentinel"], phase=DEPLOY)
    flow.start_round(t, [])
    assert len(t.lines[0]) == 2
    events = []
    flow.end_round(t, events)
    assert len(t.lines[0]) == 1 and any(e.kind == "token_gone" for e in events)


def test_commit_ability_creates_a_token():
    s = battle(["thn_shaper", "thn_sprite"], ["tid_sentinel"])
    act(s, "end", uid(s, "thn_sprite"))
    act(s, "ability", uid(s, "thn_shaper"), 0, -1)
    assert [s.units[u].design for u in s.lines[0]] == ["thn_shaper", "thn_sapling", "thn_sprite"]


# --- the end of a round and of the match ---------------------------------------------------------------

def _finish_round(s):
    while s.phase == ACTIVATE:
        act(s, "end", GAME.legal_actions(s)[-1].args[0])


def test_a_side_with_no_units_at_the_end_of_a_round_loses():
    s = battle(["emb_adept", "emb_scout"], ["thn_hawk"])
    hawk = uid(s, "thn_hawk")
    act(s, "end", hawk)
    act(s, "end", uid(s, "emb_scout"))
    act(s, "ability", uid(s, "emb_adept"), 0, hawk)
    assert s.phase == OVER and s.winners == [0]
    r = GAME.result(s)
    assert r.winners == [0] and "annihilation" in r.summary


def test_the_round_goes_on_after_a_side_is_wiped_out():
    s = battle(["emb_scout", "emb_adept"], ["thn_hawk"])
    hawk = uid(s, "thn_hawk")
    act(s, "end", hawk)
    act(s, "end", uid(s, "emb_scout"))
    s.units[uid(s, "emb_adept")].mods.append(("priority", 5))
    act(s, "ability", uid(s, "emb_adept"), 0, hawk)
    assert s.phase == OVER                         # nothing left to activate: the round ended
    t = battle(["emb_scout", "emb_adept", "emb_colossus"], ["thn_hawk"])
    hawk = uid(t, "thn_hawk")
    act(t, "end", hawk)
    act(t, "end", uid(t, "emb_scout"))
    act(t, "ability", uid(t, "emb_adept"), 0, hawk)
    assert t.phase == ACTIVATE and t.turn == 0     # the Magma Hulk still activates
    act(t, "end", uid(t, "emb_colossus"))
    assert t.phase == OVER and t.winners == [0]


def test_both_sides_wiped_out_is_a_draw():
    s = battle(["emb_scout"], ["thn_hawk"])
    for u in list(s.units):
        s.units[u].damage = 9
    from tabletop.games.pariah.engine.board import check_deaths
    check_deaths(s, [])
    events = []
    flow.end_round(s, events)
    assert s.phase == OVER and s.winners == [] and GAME.result(s).winners == []


def test_attrition_after_round_five_by_remaining_points():
    s = battle(["emb_colossus"], ["thn_hawk", "thn_sprite"], round_no=5)
    _finish_round(s)
    assert s.phase == OVER and s.winners == [0]
    assert GAME.result(s).scores == [7.0, 4.0] and "attrition" in GAME.result(s).summary
    t = battle(["emb_scout", "emb_scout"], ["thn_hawk", "thn_sprite"], round_no=5)
    _finish_round(t)
    assert t.winners == [] and "draw" in t.reason


def test_a_match_lasts_at_most_five_rounds():
    s = battle(["emb_scout"], ["thn_hawk"])
    while s.phase != OVER:
        a = GAME.legal_actions(s)[-1]
        act(s, a.kind, *a.args)
    assert s.round == 5


# --- the shop ------------------------------------------------------------------------------------------------

def _to_shop(s):
    _finish_round(s)
    assert s.phase == SHOP


def test_shop_draws_three_relics_keeps_one_and_the_others_go_to_the_bottom():
    s = battle(["emb_scout"], ["thn_hawk"], dice=[])
    deck_before = list(s.relic_decks[0])
    _to_shop(s)
    offer = s.offers[0]
    assert offer == deck_before[-3:][::-1] and len(s.relic_decks[0]) == len(deck_before) - 3
    assert {a.kind for a in GAME.legal_actions(s)} == {"keep"}
    act(s, "keep", offer[1])
    assert s.relic_hands[0] == [offer[1]] and set(s.relic_decks[0][:2]) == {offer[0], offer[2]}
    assert not s.offers[0]


def test_relic_draws_are_private():
    s = battle(["emb_scout"], ["thn_hawk"])
    while s.phase == ACTIVATE:
        events = act(s, "end", GAME.legal_actions(s)[-1].args[0])
    draws = [e for e in events if e.kind == "relic_draw"]
    assert len(draws) == 2 and all(e.reveals for e in draws)
    for e in draws:
        assert "cards" not in e.for_seat(1 - e.private_to).data
    v = GAME.view(s, 1)
    assert set(v.offers[0]) == {HIDDEN} and v.offers[1] == s.offers[1]


def test_one_evolution_per_shop_and_only_for_a_unit_in_play():
    s = battle(["emb_scout", "emb_adept"], ["thn_hawk"])
    _to_shop(s)
    act(s, "keep", s.offers[0][0])
    options = [a for a in GAME.legal_actions(s) if a.kind == "take_evo"]
    assert {s.designs[a.args[0]] for a in options} == {"emb_scout_evo", "emb_adept_evo"}
    act(s, "take_evo", options[0].args[0])
    assert s.turn == 1 and len(s.evo_hands[0]) == 1      # the seat's shop is over
    t = battle(["emb_adept"], ["thn_hawk"])
    t.evo_piles[0].append(card(t, 0, "emb_scout_evo"))     # no Spark Runner in play
    t.evo_out[0].remove(card(t, 0, "emb_scout_evo"))
    _to_shop(t)
    act(t, "keep", t.offers[0][0])
    assert {t.designs[a.args[0]] for a in GAME.legal_actions(t) if a.kind == "take_evo"} == {"emb_adept_evo"}


def _prep(side0, side1, energy=(9, 9), factions=None):
    return battle(side0, side1, phase=PREP, round_no=2, energy=energy, factions=factions)


def test_evolution_costs_energy_keeps_damage_and_is_once_per_round():
    s = battle(["emb_scout", "emb_scout"], ["thn_hawk"], phase=PREP, round_no=2, energy=(5, 0))
    evo = give_evo(s, 0, "emb_scout_evo")
    a, b = s.lines[0]
    s.units[a].damage = 1
    s.queue = [0, 1]
    flow.advance(s, [])
    assert Action("evolve", (evo, a)) in GAME.legal_actions(s)
    act(s, "evolve", evo, a)
    assert s.energy[0] == 3 and s.units[a].damage == 1
    assert stat(s, s.units[a], "attacks") == 3 and stat(s, s.units[a], "hp") == 3
    t = battle(["emb_scout", "emb_adept"], ["thn_hawk"], phase=PREP, round_no=2, energy=(9, 0))
    e1, e2 = give_evo(t, 0, "emb_scout_evo"), give_evo(t, 0, "emb_adept_evo")
    give_relic(t, 0, "rel_salve")                  # something else to play keeps the seat deciding
    t.queue = [0, 1]
    flow.advance(t, [])
    act(t, "evolve", e1, uid(t, "emb_scout"))
    assert "already played an evolution" in GAME.why_illegal(t, Action("evolve", (e2, uid(t, "emb_adept"))))
    u = battle(["emb_scout"], ["thn_hawk"], phase=PREP, round_no=2, energy=(1, 0))
    e = give_evo(u, 0, "emb_scout_evo")
    give_relic(u, 0, "rel_salve")
    u.queue = [0, 1]
    flow.advance(u, [])
    assert "costs 2" in GAME.why_illegal(u, Action("evolve", (e, uid(u, "emb_scout"))))


@pytest.mark.parametrize("evo_id", sorted(evolutions()))
def test_every_evolution_changes_its_unit_as_printed(evo_id):
    e = evolutions()[evo_id]
    s = battle([e.unit], ["thn_sprite" if design(e.unit).faction != "thornwild" else "emb_scout"],
               phase=PREP, round_no=2, energy=(9, 0))
    u = s.units[s.lines[0][0]]
    before = {n: stat(s, u, n) for n in STATS}
    kw_before = keywords(s, u)
    c = give_evo(s, 0, evo_id)
    s.queue = [0, 1]
    flow.advance(s, [])
    act(s, "evolve", c, u.uid)
    for n in STATS:
        want = max(before[n] + dict(e.changes).get(n, 0), 2 if n in ("dexterity", "armor") else 0)
        for aura in e.keywords.auras:
            if aura.stat == n:
                want += aura.delta                   # a gained Aura reaches the unit itself
        assert stat(s, u, n) == want, n
    kw = keywords(s, u)
    assert set(kw.texts()) >= set(e.keywords.texts())
    assert kw.guardian >= kw_before.guardian and kw.revive >= kw_before.revive


def test_consumable_is_used_once_and_goes_to_the_graveyard():
    s = _prep(["emb_scout"], ["thn_guard", "thn_hawk"], energy=(3, 0))
    vial = give_relic(s, 0, "rel_vial")
    guard, hawk = uid(s, "thn_guard"), uid(s, "thn_hawk")
    flow.advance(s, [])
    targets = {a.args[1] for a in GAME.legal_actions(s) if a.kind == "relic"}
    assert targets == {guard}                      # Guardian first, for relics too
    act(s, "relic", vial, guard)
    assert s.units[guard].damage == 2 and vial in s.graves[0] and s.energy[0] == 1
    del hawk


def test_other_consumables_heal_and_hasten():
    s = _prep(["emb_scout", "emb_brute"], ["thn_hawk"], energy=(9, 0))
    salve, draught = give_relic(s, 0, "rel_salve"), give_relic(s, 0, "rel_draught")
    brute = uid(s, "emb_brute")
    s.units[brute].damage = 4
    flow.advance(s, [])
    act(s, "relic", salve, brute)
    assert s.units[brute].damage == 1
    act(s, "relic", draught, brute)
    assert S(s, "emb_brute", "priority") == design("emb_brute").priority + 2


def test_heal_removes_damage_but_never_below_zero():
    s = battle(["tid_mender", "tid_lancer"], ["emb_colossus"])
    lancer = uid(s, "tid_lancer")
    s.units[lancer].damage = 1
    mender = uid(s, "tid_mender")
    if s.turn == 0 and Action("ability", (mender, 0, lancer)) not in GAME.legal_actions(s):
        act(s, "end", lancer)
    act(s, "ability", mender, 0, lancer)
    assert s.units[lancer].damage == 0


def test_equipment_attaches_to_one_unit_and_one_per_unit():
    s = _prep(["emb_scout", "emb_adept"], ["thn_hawk"], energy=(9, 0))
    edge, shield, blade = (give_relic(s, 0, r) for r in ("rel_edge", "rel_shield", "rel_blade"))
    scout = uid(s, "emb_scout")
    flow.advance(s, [])
    act(s, "relic", edge, scout)
    assert S(s, "emb_scout", "damage") == 2 and s.units[scout].equip == [edge]
    assert "at most one Equipment" in GAME.why_illegal(s, Action("relic", (shield, scout)))
    t = _prep(["emb_scout", "emb_adept"], ["thn_hawk"], energy=(9, 0))
    shield, blade = give_relic(t, 0, "rel_shield"), give_relic(t, 0, "rel_blade")
    flow.advance(t, [])
    act(t, "relic", shield, uid(t, "emb_scout"))
    act(t, "relic", blade, uid(t, "emb_adept"))
    assert keywords(t, t.units[uid(t, "emb_scout")]).guardian and S(t, "emb_scout", "armor") == 4
    assert S(t, "emb_adept", "attacks") == 2
    del blade


def test_emblems_stay_for_the_match_and_help_the_whole_side():
    s = _prep(["emb_scout", "emb_adept"], ["thn_hawk"], energy=(9, 0))
    banner, fury = give_relic(s, 0, "rel_banner"), give_relic(s, 0, "rel_fury")
    flow.advance(s, [])
    act(s, "relic", banner, -1)
    act(s, "relic", fury, -1)
    assert [e[0] for e in s.emblems] == [banner, fury]
    assert S(s, "emb_scout", "priority") == 7 and S(s, "emb_adept", "ap") == 1
    assert S(s, "thn_hawk", "priority") == 8          # not the other side's
    for u in list(s.lines[0]):
        s.units[u].damage = 9
    from tabletop.games.pariah.engine.board import check_deaths
    check_deaths(s, [])
    assert len(s.emblems) == 2                         # they outlast every unit


def test_emblem_timed_effects():
    s = battle(["emb_scout", "emb_brute"], ["thn_hawk"], phase=DEPLOY)
    s.emblems = [[card(s, 0, "rel_standard"), "rel_standard", 0], [card(s, 0, "rel_plenty"), "rel_plenty", 0]]
    for c, _, _ in s.emblems:
        s.relic_decks[0].remove(c)
    s.units[uid(s, "emb_brute")].damage = 2
    flow.start_round(s, [])
    assert s.units[uid(s, "emb_brute")].damage == 1 and s.energy[0] == 1


def test_unit_made_emblem_heals_at_end_of_round():
    s = battle(["tid_keeper", "tid_lancer"], ["emb_scout"])
    s.emblems = [[-1, "ebb_ward", 0]]
    s.units[uid(s, "tid_lancer")].damage = 2
    _finish_round(s)
    assert s.units[uid(s, "tid_lancer")].damage == 1


def test_shatter_dust_destroys_an_enemy_emblem():
    s = _prep(["emb_scout"], ["thn_hawk"], energy=(9, 0))
    dust = give_relic(s, 0, "rel_dust")
    plenty = card(s, 1, "rel_plenty")
    s.relic_decks[1].remove(plenty)
    s.emblems = [[plenty, "rel_plenty", 1], [-1, "ebb_ward", 0]]
    flow.advance(s, [])
    assert [a.args[1] for a in GAME.legal_actions(s) if a.kind == "relic" and a.args[0] == dust] == [0]
    act(s, "relic", dust, 0)
    assert s.emblems == [[-1, "ebb_ward", 0]] and plenty in s.graves[1]


def test_relics_cost_energy():
    s = _prep(["emb_scout"], ["thn_hawk"], energy=(1, 0))
    blade = give_relic(s, 0, "rel_blade")
    give_relic(s, 0, "rel_salve")
    flow.advance(s, [])
    assert not any(a.args[0] == blade for a in GAME.legal_actions(s) if a.kind == "relic")
    assert "costs 3" in GAME.why_illegal(s, Action("relic", (blade, uid(s, "emb_scout"))))


def test_prep_is_skipped_by_a_seat_with_nothing_to_play():
    s = _prep(["emb_scout"], ["thn_hawk"], energy=(0, 0))
    give_relic(s, 0, "rel_salve")
    flow.advance(s, [])
    assert s.phase == ACTIVATE


def test_a_relic_that_names_another_moment_is_played_during_your_activation():
    # Mending Salve and Ember Vial: "Start of round or your activation"
    s = battle(["emb_dancer", "emb_brute"], ["thn_hawk", "thn_sprite"], round_no=2, energy=(9, 0),
               dice=[1, 1, 1, 1])
    salve, vial = give_relic(s, 0, "rel_salve"), give_relic(s, 0, "rel_vial")
    dancer, brute = uid(s, "emb_dancer"), uid(s, "emb_brute")
    hawk, sprite = uid(s, "thn_hawk"), uid(s, "thn_sprite")
    s.units[brute].damage = 3
    assert s.turn == 1 and not any(a.kind == "relic" for a in GAME.legal_actions(s))   # not theirs
    act(s, "end", hawk)
    assert s.turn == 0 and s.active == -1                         # before the Dancer acts
    assert {a.args for a in GAME.legal_actions(s) if a.kind == "relic"} == \
        {(salve, dancer), (salve, brute), (vial, hawk), (vial, sprite)}
    events = act(s, "relic", salve, brute)
    assert s.units[brute].damage == 0 and salve in s.graves[0] and s.energy[0] == 8
    assert [e.kind for e in events] == ["consumable", "heal"] and s.turn == 0 and dancer not in s.acted
    act(s, "ability", dancer, 0, -1)                              # Flare Step: the activation is open
    assert Action("relic", (vial, hawk)) in GAME.legal_actions(s)  # between its actions
    attack(s, dancer, hawk)
    assert s.active == -1 and s.turn == 1      # the Vial in hand does not hold the activation open
    act(s, "end", sprite)
    act(s, "relic", vial, sprite)                                 # the Bruiser's turn
    assert s.units[sprite].damage == 2 and s.energy[0] == 5 and s.turn == 0      # 1 went on Flare Step


def test_a_start_of_round_relic_is_not_played_during_an_activation():
    s = battle(["emb_scout"], ["thn_hawk"], round_no=2, energy=(9, 0))
    boots = give_relic(s, 0, "rel_boots")
    act(s, "end", uid(s, "thn_hawk"))
    assert s.turn == 0 and not any(a.kind == "relic" for a in GAME.legal_actions(s))
    assert GAME.why_illegal(s, Action("relic", (boots, uid(s, "emb_scout")))) == \
        "Swift Boots is played at the start of a round."
    salve = give_relic(s, 0, "rel_salve")
    s.energy[0] = 0
    assert "costs 1" in GAME.why_illegal(s, Action("relic", (salve, uid(s, "emb_scout"))))


# --- the ability primitives ----------------------------------------------------------------------------

def test_retaliation_hurts_the_attacker():
    s = battle(["emb_dancer"], ["emb_warden"], dice=[6, 6, 6, 1, 1, 1])
    dancer = uid(s, "emb_dancer")
    attack(s, dancer, uid(s, "emb_warden"))
    assert s.units[dancer].damage == 1                        # Searing Hide
    t = battle(["emb_dancer"], ["thn_guard"], dice=[6, 1, 1, 1])
    dancer = uid(t, "emb_dancer")
    s.units[dancer].damage = 1
    t.units[dancer].damage = 1
    events = attack(t, dancer, uid(t, "thn_guard"))         # Barbed Bark destroys the Dancer
    assert dancer not in t.units and any(e.kind == "destroyed" for e in events)


def test_passive_stat_change_while_damaged():
    s = battle(["emb_colossus"], ["thn_hawk"])
    colossus = s.units[uid(s, "emb_colossus")]
    assert stat(s, colossus, "attacks") == 3
    colossus.damage = 1
    assert stat(s, colossus, "attacks") == 4


def test_temporary_priority_change_reorders_activations():
    s = battle(["tid_rider", "tid_mender"], ["emb_adept"])
    rider, adept = uid(s, "tid_rider"), uid(s, "emb_adept")
    act(s, "ability", rider, 0, adept)              # Undertow: Cinder Adept 5 -> 3
    assert S(s, "emb_adept", "priority") == 3 and "attack" in kinds(s)
    act(s, "end", rider)
    assert s.turn == 0 and uid(s, "tid_mender") in [a.args[0] for a in GAME.legal_actions(s)]
    _finish_round(s)
    assert S(s, "emb_adept", "priority") == 5       # the change lasted only the round


def test_end_of_round_effect_hits_the_unit_opposite():
    s = battle(["tid_caller", "tid_oracle"], ["thn_keeper", "thn_hawk"])
    keeper = uid(s, "thn_keeper")
    s.units[uid(s, "thn_keeper")].damage = 1
    events = []
    flow.end_round(s, events)                 # Deep Pull hits the Seed Keeper; Rootmend heals it
    assert s.units[keeper].damage == 1
    kinds_ = [e.kind for e in events if e.kind in ("damage", "heal")]
    assert kinds_ == ["damage", "heal"] or kinds_ == ["heal", "damage"]
    t = battle(["tid_oracle", "tid_oracle", "tid_caller"], ["thn_hawk"])
    flow.end_round(t, [])                     # a shorter enemy line: its last unit is opposite
    assert t.units[uid(t, "thn_hawk")].damage == 1


def test_kill_trigger_gains_energy():
    s = battle(["thn_titan"], ["emb_scout", "emb_scout"], dice=[6, 6, 6, 1, 1, 1])
    for u in list(s.lines[1]):
        act(s, "end", u)
    attack(s, uid(s, "thn_titan"), s.lines[1][0])
    assert s.energy == [1, 2]                 # Feast of Roots; the loser banks the Runner's cost


def test_start_of_round_heal_of_adjacent_allies():
    s = battle(["thn_sprite", "thn_druid", "thn_guard", "thn_hawk"], ["emb_scout"], phase=DEPLOY)
    for u in s.lines[0]:
        s.units[u].damage = 1
    flow.start_round(s, [])
    assert [s.units[u].damage for u in s.lines[0]] == [0, 1, 0, 1]


def _idle(s, unit_id, choice=-1):
    u = s.units[unit_id]
    ab = design(u.design).abilities[0]
    return abilities.idle_reason(s, ab.target, ab.effects, unit_id, u.owner % 2, choice)


def test_an_ability_that_would_change_nothing_is_still_allowed_and_says_why():
    # the rules allow an active ability whatever it would do (the table warns before energy is
    # spent, issue 18). Flare Step's extra attack counts only while its unit has an attack to come
    s = battle(["emb_dancer", "emb_scout"], ["tid_sentinel"], energy=(2, 0), dice=[1, 1, 1])
    dancer = uid(s, "emb_dancer")
    assert _idle(s, dancer) is None
    attack(s, dancer, uid(s, "tid_sentinel"))
    assert Action("ability", (dancer, 0, -1)) in GAME.legal_actions(s)
    assert _idle(s, dancer) == "Blaze Dancer has already attacked or committed this activation"
    # Hunting Howl helps only neighbours still to attack
    h = battle(["thn_sprite", "thn_howler", "thn_hawk"], ["emb_colossus"])
    howler = uid(h, "thn_howler")
    assert _idle(h, howler) is None
    act(h, "end", uid(h, "thn_hawk"))
    act(h, "end", uid(h, "thn_sprite"))
    assert _idle(h, howler) == "none of the units it reaches has an attack still to come this round"
    # Mend on an undamaged ally heals nothing
    m = battle(["tid_mender", "tid_rider"], ["emb_colossus"])
    rider = uid(m, "tid_rider")
    assert _idle(m, uid(m, "tid_mender"), rider) == "Current Rider has no damage"
    m.units[rider].damage = 1
    assert _idle(m, uid(m, "tid_mender"), rider) is None


def test_free_ability_on_adjacent_allies():
    s = battle(["thn_sprite", "thn_howler", "thn_guard", "thn_hawk"], ["emb_colossus"])
    act(s, "end", uid(s, "thn_hawk"))
    act(s, "end", uid(s, "thn_sprite"))
    howler = uid(s, "thn_howler")
    act(s, "ability", howler, 0, -1)
    names = ("thn_sprite", "thn_howler", "thn_guard", "thn_hawk")
    assert [S(s, d, "damage") - design(d).damage for d in names] == [1, 0, 1, 0]
    assert "attack" in kinds(s)


# --- explanations ---------------------------------------------------------------------------------------

def test_illegal_moves_are_refused_with_a_reason():
    s = battle(["emb_scout"], ["thn_hawk"])
    with pytest.raises(IllegalAction):
        act(s, "keep", 1)
    assert "not a move during the activations" in GAME.why_illegal(s, Action("keep", (1,)))
    assert "own units" in GAME.why_illegal(s, Action("end", (uid(s, "emb_scout"),)))
    assert "not on the front line" in GAME.why_illegal(s, Action("end", (9999,)))


def test_every_legal_action_has_a_label():
    s = GAME.setup({}, 2)
    for _ in range(60):
        if GAME.to_act(s) is None:
            break
        legal = GAME.legal_actions(s)
        assert all(a.label for a in legal)
        act(s, legal[0].kind, *legal[0].args)


# --- 2v2 -------------------------------------------------------------------------------------------------

def test_2v2_teams_share_a_front_line_and_an_energy_pool():
    s = battle([(0, "emb_scout"), (2, "tid_oracle")], [(1, "thn_hawk"), (3, "emb_adept")], players=4,
               phase=DEPLOY)
    assert [s.units[u].owner for u in s.lines[0]] == [0, 2]
    flow.start_round(s, [])
    assert s.energy[0] == 1                      # the Oracle's energy goes to the team's pool
    hawk = uid(s, "thn_hawk")
    s.units[hawk].damage = 9
    from tabletop.games.pariah.engine.board import check_deaths
    check_deaths(s, [])
    assert s.energy[1] == 2 and hawk in s.graves[1]


def test_2v2_each_seat_chooses_its_own_secret_army():
    s = GAME.setup({"factions": ["emberkin", "thornwild"]}, 3, 4)
    spent = []
    for p in range(4):
        assert GAME.to_act(s) == p
        spent.append(_pick_cheapest(s, p, 20 - p))
        act(s, "commit")
    assert s.phase == DEPLOY and s.energy == [40 - spent[0] - spent[2], 40 - spent[1] - spent[3]]


def test_2v2_teams_alternate_deploying():
    s = GAME.setup({"factions": ["emberkin", "thornwild"]}, 3, 4)
    for p in range(4):
        _pick_cheapest(s, p, 6)
        act(s, "commit")
    sides = []
    while s.phase == DEPLOY:
        sides.append(s.turn % 2)
        act(s, "deploy", s.armies[s.turn][0])
    n = min(sides.count(0), sides.count(1))
    assert all(sides[i] != sides[i + 1] for i in range(2 * n - 1))


def test_2v2_auras_help_teammates():
    s = battle([(0, "emb_herald"), (2, "thn_sprite")], [(1, "tid_sentinel")], players=4)
    assert S(s, "thn_sprite", "ap") == 1


def test_2v2_one_evolution_per_team_per_round():
    s = battle([(0, "emb_scout"), (2, "thn_sprite")], [(1, "tid_sentinel")], players=4, phase=PREP,
               round_no=2, energy=(9, 0))
    e0, e2 = give_evo(s, 0, "emb_scout_evo"), give_evo(s, 2, "thn_sprite_evo")
    give_relic(s, 2, "rel_salve")
    s.queue = [0, 2, 1, 3]
    flow.advance(s, [])
    act(s, "evolve", e0, uid(s, "emb_scout"))
    assert s.turn == 2 and not any(a.kind == "evolve" for a in GAME.legal_actions(s))
    assert "Your team has already" in GAME.why_illegal(s, Action("evolve", (e2, uid(s, "thn_sprite"))))


def test_2v2_a_seat_activates_only_its_own_units():
    s = battle([(0, "emb_scout"), (2, "emb_scout")], [(1, "tid_sentinel")], players=4)
    first = s.turn
    assert first == 0 and all(s.units[a.args[0]].owner == 0 for a in GAME.legal_actions(s))
    act(s, "end", s.lines[0][0])
    assert s.turn == 2

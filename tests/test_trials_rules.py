"""Paragon: Trials of the Chosen: one test per rule (rules text, RULINGS.md, rules_page.md)."""

import json
import shutil
from pathlib import Path

import pytest

from tabletop.core import Action
from tabletop.core.game import IllegalAction
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine import flow
from tabletop.games.trials.engine.cards import card
from tabletop.games.trials.bot.deckcraft import choose_deck
from tabletop.games.trials.engine.decks import deck_problems, starter_names, starters
from tabletop.games.trials.engine.rules import GAME
from tabletop.games.registry import get_game
from tabletop.core import Rng
from tabletop.store.saves import DamagedSave, SaveStore
from tabletop.games.trials.presentation.words import seat_words
from tabletop.table.narration import Voice

from trials_helpers import (FOE, avatar, cid, deck, do, duel, find, has, play, put_on,
                            settle_stack, to_discard, to_hand)

KNIGHTS = ["sir-alden-vow-sworn", "dame-rosalind-thorne"]


def printed_attack(s, c: int) -> int:
    """The Attack printed on a card's data: what an unaided strike deals, whatever tuning sets."""
    return card(s.designs[c]).attack


# --- deck building ----------------------------------------------------------------------------------

def test_deck_building_two_different_avatars_and_twenty_unique_cards_sharing_a_discipline():
    good = deck(KNIGHTS)
    assert deck_problems(good) == []
    assert deck_problems({**good, "avatars": KNIGHTS[:1] * 2})
    assert "exactly 20" in " ".join(deck_problems({**good, "cards": good["cards"][:19]}))
    twice = good["cards"][:19] + good["cards"][:1]
    assert "twice" in " ".join(deck_problems({**good, "cards": twice}))
    off = good["cards"][:19] + ["wildfire"]          # pyromancy only
    assert "shares no discipline" in " ".join(deck_problems({**good, "cards": off}))
    with pytest.raises(ValueError, match="not legal"):
        GAME.setup({"decks": [{**good, "cards": off}, None]}, 1)


def test_deck_order_is_kept_never_shuffled_and_the_opening_hand_is_the_top_five():
    d = deck(KNIGHTS)
    for seed in (1, 2):
        s = GAME.setup({"decks": [d, None], "initiative": 0}, seed)
        names = [s.designs[c] for c in s.hands[0]]
        assert names == d["cards"][:6]                # 5 opening cards + the round 1 draw
        assert [s.designs[c] for c in s.decks[0]] == d["cards"][6:]


def test_starter_decks_are_legal_one_per_discipline_pair_and_royale():
    assert len(starter_names()) >= 12 and len(starter_names(royale=True)) == 16
    for name, d in starters().items():
        assert deck_problems(d, royale=len(d["avatars"]) == 1) == [], name
    for seed in range(20):
        d = choose_deck(None, Rng(seed))
        assert deck_problems(d) == []
        assert deck_problems(choose_deck(None, Rng(seed), royale=True), royale=True) == []


def test_the_duel_starters_are_one_per_discipline_and_one_per_school():
    """data/starters.json lists them (tuned by self-play, docs/BALANCE.md): a discipline's
    starter holds both its Avatars, a school's one Avatar of each of its disciplines."""
    from tabletop.games.trials.engine.cards import SCHOOLS, avatars
    by_disc = {}
    for a in avatars():
        by_disc.setdefault(a.disciplines[0], set()).add(a.id)
    duel = {n: starters()[n] for n in starter_names()}
    assert {n: set(d["avatars"]) for n, d in duel.items() if n.endswith(" pair")} == \
        {f"{disc.capitalize()} pair": avs for disc, avs in by_disc.items()}
    schools = {n: d["avatars"] for n, d in duel.items() if n.endswith(" school")}
    assert set(schools) == {f"{s.capitalize()} school" for s in SCHOOLS}
    for school, (d1, d2) in SCHOOLS.items():
        first, second = schools[f"{school.capitalize()} school"]
        assert first in by_disc[d1] and second in by_disc[d2]


def test_a_player_may_look_through_their_own_deck_in_order_but_not_the_opponents():
    s = duel(KNIGHTS)
    v = GAME.view(s, 0)
    assert [v.designs[c] for c in v.decks[0]] == [s.designs[c] for c in s.decks[0]]
    assert all(v.designs[c] == "" for c in v.decks[1] + v.hands[1])


# --- the round ---------------------------------------------------------------------------------------

def test_start_phase_readies_sets_energy_to_the_round_and_draws():
    s = duel(KNIGHTS)
    assert s.round == 1 and s.energy == [1, 1] and len(s.hands[0]) == 6
    a = avatar(s, 0)
    do(s, "channel", a)
    settle_stack(s)
    assert a in s.exhausted and s.energy[0] == 2
    do(s, "pass")
    do(s, "pass")
    assert s.round == 2 and s.energy == [2, 2] and a not in s.exhausted and len(s.hands[0]) == 7


def test_energy_does_not_carry_over_and_is_capped_at_round_ten():
    s = duel(KNIGHTS)
    s.energy[0] = 7
    for _ in range(12):
        if s.phase == "over":
            break
        do(s, "pass")
        do(s, "pass")
        assert s.energy[0] == min(s.round, 10) and s.round <= 10
    assert s.round == 10


def test_one_action_per_turn_then_the_turn_passes():
    s = duel(KNIGHTS)
    assert GAME.to_act(s) == 0
    do(s, "channel", avatar(s, 0))
    settle_stack(s)
    assert GAME.to_act(s) == 1 and s.turn == 1


def test_two_passes_in_sequence_end_the_round_and_initiative_goes_to_the_first_passer():
    s = duel(KNIGHTS, initiative=0)
    do(s, "channel", avatar(s, 0))    # player 1 acts
    settle_stack(s)
    do(s, "pass")                     # player 2 passes first in the final sequence
    assert s.round == 1
    do(s, "pass")                     # player 1 passes: round over
    assert s.round == 2 and s.initiative == 1 and GAME.to_act(s) == 1


def test_a_pass_then_an_action_breaks_the_sequence():
    s = duel(KNIGHTS, initiative=0)
    do(s, "pass")
    do(s, "channel", avatar(s, 1, 0))
    settle_stack(s)
    do(s, "pass")
    assert s.round == 1
    do(s, "pass")
    assert s.round == 2 and s.initiative == 0


def test_channel_energy_exhausts_a_ready_avatar_and_fallen_avatars_cannot_channel():
    s = duel(KNIGHTS)
    a, b = s.avatars[0]
    fx.fall(s, b, [])
    assert not has(s, "channel", b)
    assert "Fallen" in GAME.why_illegal(s, Action("channel", (b,)))
    do(s, "channel", a)
    settle_stack(s)
    assert s.energy[0] == 2


def test_channel_is_an_action_that_opens_a_response_window():
    s = duel(KNIGHTS, initiative=0)
    a = avatar(s, 0)
    s.hands[1].clear()
    war_cry = to_hand(s, "war-cry", 1)                # an Instant the opponent may answer with
    do(s, "channel", a)
    assert a in s.exhausted and s.energy[0] == 1      # the cost is paid, the energy not yet come
    assert [it.kind for it in s.stack] == ["channel"] and GAME.to_act(s) == 1 and s.prio == 1
    assert has(s, "play", war_cry)                     # answered like any other action
    GAME.apply(s, find(s, "play", war_cry, avatar(s, 1)))
    assert [it.kind for it in s.stack] == ["channel", "play"]
    settle_stack(s)
    assert s.energy[0] == 2 and s.buffs and GAME.to_act(s) == 1 and s.turn == 1


# --- attacks -------------------------------------------------------------------------------------------

def test_attack_requirements_ready_attack_above_zero_and_a_valid_target():
    s = duel(KNIGHTS)
    a = avatar(s, 0)
    foe = avatar(s, 1)
    s.exhausted.add(a)
    assert "exhausted" in GAME.why_illegal(s, Action("attack", (a, foe)))
    s.exhausted.discard(a)
    assert has(s, "attack", a, foe)
    assert "enemy" in GAME.why_illegal(s, Action("attack", (a, avatar(s, 0, 1))))
    belt = put_on(s, "heraldic-tabard", foe)          # no printed Attack, HP 2: targetable
    assert has(s, "attack", a, belt)
    mine = put_on(s, "heraldic-tabard", a)
    assert not has(s, "attack", mine)                 # Attack 0 cannot attack


def test_attack_deals_damage_and_the_attacker_is_exhausted():
    s = duel(KNIGHTS)
    a, foe = avatar(s, 0, 1), avatar(s, 1)
    strike = printed_attack(s, a)
    do(s, "attack", a, foe)
    settle_stack(s)
    assert strike > 0 and s.damage[foe] == strike and a in s.exhausted


def test_reciprocal_damage_from_a_non_avatar_with_attack():
    s = duel(KNIGHTS)
    a, foe = avatar(s, 0, 1), avatar(s, 1)
    axe = put_on(s, "cleaver", foe)                   # Attack 2, HP 2
    do(s, "attack", a, axe)
    settle_stack(s)
    assert axe in s.discards[1] and s.damage[a] == 2


def test_avatars_deal_no_reciprocal_damage():
    s = duel(KNIGHTS)
    a, foe = avatar(s, 0, 1), avatar(s, 1)
    strike = printed_attack(s, a)
    do(s, "attack", a, foe)
    settle_stack(s)
    assert s.damage.get(a, 0) == 0 and s.damage[foe] == strike > 0


def test_power_adds_to_the_avatar_and_power_cards_neither_attack_nor_hit_back():
    s = duel(KNIGHTS)
    a, foe = avatar(s, 0, 1), avatar(s, 1)
    bare = printed_attack(s, a)
    sword = put_on(s, "arming-sword", a)              # Power 1
    assert fx.attack(s, a) == bare + 1
    assert not has(s, "attack", sword)
    assert "Power" in GAME.why_illegal(s, Action("attack", (sword, foe)))
    theirs = put_on(s, "spiked-knuckles", foe)        # Power 1, HP 2
    do(s, "attack", a, theirs)
    settle_stack(s)
    assert s.damage.get(a, 0) == 0 and theirs in s.discards[1]


def test_equipment_destroyed_at_zero_hp_goes_to_the_discard_pile():
    s = duel(KNIGHTS)
    foe = avatar(s, 1)
    vest = put_on(s, "hide-vest", foe)
    fx.deal_damage(s, -1, vest, 3, [])
    fx.settle(s, [])
    assert vest in s.discards[1] and vest not in s.host


def test_the_same_card_may_attack_again_once_readied():
    s = duel(["dame-rosalind-thorne", "ilsa-of-the-turning-glass"], ["quickened-step"])
    a, ilsa, foe = avatar(s, 0), avatar(s, 0, 1), avatar(s, 1)
    s.energy[0] = 3
    strike = printed_attack(s, a)
    do(s, "attack", a, foe)
    settle_stack(s)
    do(s, "pass")
    step = cid(s, "quickened-step", 0)
    play(s, step, ilsa, (a,))                         # an Instant: not the turn's action
    do(s, "attack", a, foe)
    settle_stack(s)
    assert s.damage[foe] == 2 * strike > 0


# --- attachments ------------------------------------------------------------------------------------------

def _knight_with(s, designs):
    a = avatar(s, 0)
    s.energy[0] = 10
    return a, [to_hand(s, d) for d in designs]


def test_attachment_limit_two_one_handed_the_third_replaces_a_chosen_one():
    s = duel(KNIGHTS, ["longsword", "arming-sword", "parrying-dagger"])
    a, (x, y, z) = _knight_with(s, ["longsword", "arming-sword", "parrying-dagger"])
    for c in (x, y):
        play(s, c, a)
        do(s, "pass"); s.acted = False; s.turn = 0
    assert not has(s, "play", z, a, -1)
    assert has(s, "play", z, a, x) and has(s, "play", z, a, y)
    assert "choose one" in GAME.why_illegal(s, Action("play", (z, a, -1, (), 0)))
    play(s, z, a, detach=x)
    assert s.attached[a] == [y, z] and x in s.discards[0]


def test_attachment_limit_one_two_handed_detaches_every_hand_card():
    s = duel(KNIGHTS)
    a, (x, y, lance) = _knight_with(s, ["longsword", "arming-sword", "lance-of-the-order"])
    put_on(s, "longsword", a)
    put_on(s, "arming-sword", a)
    play(s, lance, a)
    assert s.attached[a] == [lance] and {x, y} <= set(s.discards[0])
    do(s, "pass"); s.acted = False; s.turn = 0
    sword = to_hand(s, "longsword")
    play(s, sword, a)                                  # a One-Handed card detaches the Two-Handed
    assert s.attached[a] == [sword] and lance in s.discards[0]


def test_attachment_limit_one_armor_and_one_accessory_any_ongoing():
    s = duel(KNIGHTS)
    a, (mail, plate, tabard, signet, code, vow) = _knight_with(
        s, ["chainmail-coat", "plate-harness", "heraldic-tabard", "knights-signet", "code-of-honour",
            "oath-of-protection"])
    put_on(s, "chainmail-coat", a)
    put_on(s, "heraldic-tabard", a)
    put_on(s, "code-of-honour", a)
    play(s, plate, a)
    assert mail in s.discards[0] and plate in s.attached[a]
    s.acted = False; s.turn = 0
    play(s, signet, a)
    assert tabard in s.discards[0] and signet in s.attached[a]
    s.acted = False; s.turn = 0
    play(s, vow, a)
    assert code in s.attached[a] and vow in s.attached[a]


def test_cards_come_into_play_exhausted():
    s = duel(KNIGHTS)
    a, (sword,) = _knight_with(s, ["longsword"])
    play(s, sword, a)
    assert sword in s.exhausted and not has(s, "attack", sword)


def test_a_card_is_played_only_on_an_avatar_sharing_its_discipline():
    s = duel(["sir-alden-vow-sworn", "kaela-emberborn"])
    knight, pyro = s.avatars[0]
    s.energy[0] = 10
    sword = to_hand(s, "longsword")
    assert has(s, "play", sword, knight) and not has(s, "play", sword, pyro)
    assert "shares no discipline" in GAME.why_illegal(s, Action("play", (sword, pyro, -1, (), 0)))


def test_paying_energy_and_not_enough_energy():
    s = duel(KNIGHTS)
    a = avatar(s, 0)
    plate = to_hand(s, "plate-harness")
    s.energy[0] = 2
    assert "costs 3 energy" in GAME.why_illegal(s, Action("play", (plate, a, -1, (), 0)))
    s.energy[0] = 3
    play(s, plate, a)
    assert s.energy[0] == 0


def test_an_ability_resolves_and_goes_to_the_discard_pile_an_ongoing_stays():
    s = duel(KNIGHTS)
    a, (dress, code) = _knight_with(s, ["field-dressing", "code-of-honour"])
    s.damage[a] = 5
    play(s, dress, a, (a,))
    assert s.damage[a] == 1 and dress in s.discards[0]
    s.acted = False; s.turn = 0
    play(s, code, a)
    assert code in s.attached[a]


# --- Fallen Avatars ---------------------------------------------------------------------------------------

def test_fallen_avatar_flips_readies_and_drops_its_attachments():
    s = duel(KNIGHTS)
    a = avatar(s, 0)
    sword = put_on(s, "longsword", a)
    s.exhausted.add(a)
    fx.deal_damage(s, -1, a, 40, [])
    fx.settle(s, [])
    assert a in s.fallen and a not in s.exhausted and sword in s.discards[0]
    assert fx.name(s, a) == "Alden, the Unbowed Shade" and fx.max_hp(s, a) == 0
    assert a not in GAME.attack_targets(s, 1)         # no HP: not a valid target
    assert has(s, "activate", a, 0)                   # its Fallen side's effect is usable


def test_fallen_avatars_take_no_attachments_and_the_other_avatar_takes_any_discipline():
    s = duel(KNIGHTS)
    a, b = s.avatars[0]
    s.energy[0] = 10
    fire = to_hand(s, "wildfire")                      # pyromancy
    assert not has(s, "play", fire)
    fx.fall(s, a, [])
    assert has(s, "play", fire, b) and not has(s, "play", fire, a)
    assert "Fallen" in GAME.why_illegal(s, Action("play", (fire, a, -1, (), 0)))


def test_revival_ends_off_discipline_play_but_keeps_attachments():
    s = duel(["seraphine-the-radiant", "high-priest-anselm"])
    a, b = s.avatars[0]
    s.energy[0] = 10
    fx.fall(s, a, [])
    plate = to_hand(s, "plate-harness")                # chivalry: off-discipline
    play(s, plate, b)
    s.acted = False; s.turn = 0
    res = to_hand(s, "resurrection")
    play(s, res, b, (a,))
    assert a not in s.fallen and s.damage.get(a, 0) == fx.max_hp(s, a) - 8
    assert plate in s.attached[b]
    s.acted = False; s.turn = 0
    mail = to_hand(s, "chainmail-coat")
    assert not has(s, "play", mail)


# --- targeting, Instants and the stack --------------------------------------------------------------------------

def test_an_invalid_target_cancels_that_part_of_the_effect():
    s = duel(["nyx-veilwalker", "mordecai-the-whisper"], their_first=[], theirs=["kaela-emberborn", "brother-cinder"])
    nyx = avatar(s, 0)
    kaela = avatar(s, 1)
    s.turn = 1
    s.energy = [5, 5]
    spark = to_hand(s, "spark", 1)
    vanish = to_hand(s, "vanish", 0)
    GAME.apply(s, Action("play", (spark, kaela, -1, (nyx,), 0)))
    assert GAME.to_act(s) == 0                         # player 1 may respond
    GAME.apply(s, find(s, "play", vanish, nyx))
    settle_stack(s)
    assert s.damage.get(nyx, 0) == 0 and nyx in s.stealth


def test_the_stack_resolves_last_in_first_out():
    s = duel(KNIGHTS, theirs=["kaela-emberborn", "brother-cinder"])
    alden = avatar(s, 0)
    kaela = avatar(s, 1)
    s.turn = 1
    s.energy = [5, 5]
    spark = to_hand(s, "spark", 1)
    shields = to_hand(s, "raise-shields", 0)
    GAME.apply(s, Action("play", (spark, kaela, -1, (alden,), 0)))
    GAME.apply(s, find(s, "play", shields, alden))
    assert [it.kind for it in s.stack] == ["play", "play"]
    settle_stack(s)
    assert s.damage.get(alden, 0) == 0 and alden not in s.shields   # the shield took the hit


def test_priority_alternates_and_instants_work_on_either_turn():
    s = duel(KNIGHTS, theirs=["kaela-emberborn", "brother-cinder"])
    alden, kaela = avatar(s, 0), avatar(s, 1)
    s.energy = [5, 5]
    riposte = to_hand(s, "riposte", 0)
    spark = to_hand(s, "spark", 1)
    do(s, "attack", alden, kaela)                  # player 1's action
    assert GAME.to_act(s) == 1                     # the opponent responds first
    GAME.apply(s, find(s, "play", spark, kaela, -1, (alden,)))
    assert GAME.to_act(s) == 0                     # then priority alternates
    GAME.apply(s, find(s, "play", riposte, alden, -1, (kaela,)))
    assert GAME.to_act(s) == 1
    assert len(s.stack) == 3
    settle_stack(s)
    assert s.damage[kaela] == 1 + 2 and s.damage[alden] == 2
    assert GAME.to_act(s) == 1                     # the attack was player 1's action
    # an Instant on your own turn does not use the turn's action
    s.energy[1] = 5
    ward = to_hand(s, "heat-haze", 1)
    GAME.apply(s, find(s, "play", ward, kaela))
    settle_stack(s)
    assert GAME.to_act(s) == 1 and not s.acted


def test_non_instants_cannot_be_played_in_response():
    s = duel(KNIGHTS)
    alden, foe = avatar(s, 0), avatar(s, 1)
    do(s, "attack", alden, foe)
    s.energy[1] = 9
    c = next(c for c in s.hands[1] if not fx.card_of(s, c).instant)
    assert "Instant" in GAME.why_illegal(s, Action("play", (c, foe, -1, (), 0)))


# --- keywords in combat -----------------------------------------------------------------------------------------

def test_guardian_must_be_attacked_first():
    s = duel(KNIGHTS)
    alden, foe = avatar(s, 0), avatar(s, 1)
    wall = put_on(s, "brutes-pauldrons", foe)
    assert not has(s, "attack", alden, foe) and has(s, "attack", alden, wall)
    assert has(s, "attack", alden, avatar(s, 1, 1))    # the other Avatar is not protected
    assert "Guardian" in GAME.why_illegal(s, Action("attack", (alden, foe)))


def test_stealthy_cards_cannot_be_targeted_and_stealthy_avatars_hide_their_cards():
    s = duel(KNIGHTS, theirs=["nyx-veilwalker", "mordecai-the-whisper"])
    alden, nyx = avatar(s, 0), avatar(s, 1)
    vest = put_on(s, "leather-jerkin", nyx)
    assert has(s, "attack", alden, vest)
    s.stealth.add(nyx)
    assert not has(s, "attack", alden, nyx) and not has(s, "attack", alden, vest)
    assert "stealthy" in GAME.why_illegal(s, Action("attack", (alden, nyx)))


def test_parry_strikes_first():
    s = duel(KNIGHTS)
    rosa, foe = avatar(s, 0, 1), avatar(s, 1)
    s.damage[rosa] = fx.max_hp(s, rosa) - 2
    blade = put_on(s, "chain-flail", foe)              # Attack 2, parry
    do(s, "attack", rosa, blade)
    settle_stack(s)
    assert rosa in s.fallen and s.damage.get(blade, 0) == 0


def test_piercing_carries_excess_damage_to_the_avatar():
    s = duel(["lira-longshot", "captain-havel-quickdraw"])
    lira, foe = avatar(s, 0), avatar(s, 1)
    bow = put_on(s, "longbow", lira)                   # Attack 4, piercing
    vest = put_on(s, "leather-jerkin", foe)            # HP 3
    do(s, "attack", bow, vest)
    settle_stack(s)
    assert vest in s.discards[1] and s.damage[foe] == 1


def test_corrosive_destroys_damaged_equipment():
    s = duel(KNIGHTS, theirs=["brother-cinder", "kaela-emberborn"])
    foe, pyro = avatar(s, 0), avatar(s, 1)
    s.turn = 1
    maul = put_on(s, "rusted-shiv", pyro)              # Attack 1, corrosive
    shield = put_on(s, "tower-shield", foe)            # HP 7
    do(s, "attack", maul, shield)
    settle_stack(s)
    assert shield in s.discards[0]


def test_draining_restores_the_attacking_avatar():
    s = duel(["nyx-veilwalker", "mordecai-the-whisper"])
    nyx, foe = avatar(s, 0), avatar(s, 1)
    dirk = put_on(s, "vampiric-dirk", nyx)
    s.damage[nyx] = 5
    do(s, "attack", dirk, foe)
    settle_stack(s)
    assert s.damage[foe] == 2 and s.damage[nyx] == 3


def test_shield_absorbs_one_hit_but_not_lost_hp_and_never_stacks():
    s = duel(KNIGHTS)
    a = avatar(s, 0)
    ev = []
    fx.run_effect(s, 0, fx.card_of(s, a).effects[0], a, a, (a,), ev)
    fx.run_effect(s, 0, fx.card_of(s, a).effects[0], a, a, (a,), ev)
    assert a in s.shields
    assert fx.deal_damage(s, -1, a, 0, ev) == 0 and a in s.shields
    assert fx.deal_damage(s, -1, a, 3, ev) == 0 and a not in s.shields
    assert fx.deal_damage(s, -1, a, 3, ev) == 3


def test_ignite_exiles_the_ignite_cards_and_deals_that_much_damage():
    s = duel(["kaela-emberborn", "brother-cinder"])
    foe = avatar(s, 1)
    for d in ("spark", "kindle", "fireburst"):
        to_discard(s, d)
    plain = to_discard(s, "wildfire")
    do(s, "ignite", foe)
    settle_stack(s)
    assert s.damage[foe] == 3 and len(s.exiles[0]) == 3 and plain in s.discards[0]
    assert s.energy[0] == 0


# --- the end ----------------------------------------------------------------------------------------------------

def test_winning_by_defeating_both_avatars():
    s = duel(KNIGHTS)
    a, b = s.avatars[1]
    fx.deal_damage(s, -1, a, 99, [])
    fx.settle(s, [])
    assert GAME.result(s) is None
    fx.deal_damage(s, -1, b, 99, [])
    fx.settle(s, [])
    r = GAME.result(s)
    assert r.winners == [0] and GAME.to_act(s) is None


def test_losing_on_an_empty_deck_at_the_start_phase():
    s = duel(KNIGHTS, initiative=0)
    s.decks[1] = []
    s.discards[1] += []
    do(s, "pass"); do(s, "pass")
    assert GAME.result(s).winners == [0] and "draw" in s.reason


def test_both_decks_empty_the_initiative_wins():
    for init in (0, 1):
        s = duel(KNIGHTS, initiative=init)
        s.decks = [[], []]
        do(s, "pass"); do(s, "pass")
        assert GAME.result(s).winners == [init]


def test_simultaneous_defeat_goes_to_the_initiative():
    s = duel(KNIGHTS, initiative=1)
    for p in (0, 1):
        for a in s.avatars[p]:
            s.damage[a] = 99
    fx.settle(s, [])
    assert GAME.result(s).winners == [1]


# --- battle royale ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_battle_royale_one_avatar_each_last_standing_wins(players):
    s = GAME.setup({}, 3, players)
    assert all(len(s.avatars[p]) == 1 for p in range(players))
    assert all(len(s.decks[p]) + len(s.hands[p]) == 20 for p in range(players))
    for p in range(1, players):
        fx.deal_damage(s, -1, s.avatars[p][0], 99, [])
        fx.settle(s, [])
        assert (GAME.result(s) is None) == (p < players - 1)
    assert GAME.result(s).winners == [0]


def test_battle_royale_places_follow_the_order_the_seats_went_out():
    # the last standing wins; of the others, whoever went out later finished ahead, and seats
    # that went out in the same moment share a place (balance reads pairings from these)
    s = GAME.setup({}, 3, 4)
    assert "exits" not in GAME.state_to_json(s)          # saved only once a seat is out
    fx.deal_damage(s, -1, s.avatars[2][0], 99, [])
    fx.settle(s, [])
    assert s.exits == [0, 0, 1, 0] and GAME.result(s) is None
    back = GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s))))
    assert back.exits == [0, 0, 1, 0]
    for p in (0, 3):
        fx.deal_damage(s, -1, s.avatars[p][0], 99, [])
    fx.settle(s, [])
    r = GAME.result(s)
    assert r.winners == [1] and r.details["places"] == [2, 1, 4, 2] == r.places()


def test_when_the_last_seats_go_out_together_initiative_wins_and_the_rest_share_a_place():
    s = GAME.setup({"initiative": 2}, 3, 3)
    for p in range(3):
        s.damage[s.avatars[p][0]] = 99
    fx.settle(s, [])
    r = GAME.result(s)
    assert r.winners == [2] and r.places() == [2, 2, 1]


def test_a_duels_places_are_its_winner_and_loser():
    s = duel(KNIGHTS)
    for a in s.avatars[1]:
        fx.deal_damage(s, -1, a, 99, [])
    fx.settle(s, [])
    assert GAME.result(s).places() == [1, 2]


def test_battle_royale_turns_skip_the_defeated_and_a_round_needs_every_live_pass():
    s = GAME.setup({"initiative": 0}, 3, 3)
    fx.deal_damage(s, -1, s.avatars[1][0], 99, [])
    fx.settle(s, [])
    do(s, "pass")
    assert GAME.to_act(s) == 2
    do(s, "pass")
    assert s.round == 2


def test_royale_needs_three_or_four_players_and_one_avatar_decks():
    with pytest.raises(ValueError):
        GAME.setup({"variant": "royale"}, 1, 2)
    with pytest.raises(ValueError, match="not legal"):
        GAME.setup({"decks": [deck(KNIGHTS)]}, 1, 3)


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    s = duel(KNIGHTS)
    before = GAME.state_to_json(s)
    for a in (Action("decline"), Action("play", (999, 0, -1, (), 0)), Action("attack", (0,)),
              Action("fly")):
        assert GAME.why_illegal(s, a)
        with pytest.raises(IllegalAction):
            GAME.apply(s, a)
    assert GAME.state_to_json(s) == before


def test_an_attacker_that_falls_before_its_attack_resolves_deals_nothing():
    s = duel(KNIGHTS, theirs=["kaela-emberborn", "brother-cinder"])
    alden, kaela = avatar(s, 0), avatar(s, 1)
    s.energy = [5, 5]
    s.damage[alden] = fx.max_hp(s, alden) - 2
    spark = to_hand(s, "spark", 1)
    do(s, "attack", alden, kaela)
    GAME.apply(s, find(s, "play", spark, kaela, -1, (alden,)))
    settle_stack(s)
    assert alden in s.fallen and s.damage.get(kaela, 0) == 0


# --- choices made as they happen (issue 17) ------------------------------------------------------

ARCHERS = ["lira-longshot", "captain-havel-quickdraw"]
SCOUT_ANSWER = {"top": 0, "bottom": 1, None: 2}


def _until_asked(s) -> None:
    """Every seat lets the stack resolve until a question is asked."""
    while s.waiting is None and s.stack:
        GAME.apply(s, Action("decline"))


def _answer(s, kind: str, value: int) -> None:
    assert s.waiting is not None and s.waiting.kind == kind, s.waiting
    assert GAME.to_act(s) == s.waiting.seat
    GAME.apply(s, find(s, kind, value))


@pytest.mark.parametrize("taken", ["top", "bottom", None])
def test_a_played_scout_offers_top_bottom_or_neither_when_it_resolves(taken):
    s = duel(["master-oren-vell", "ilsa-of-the-turning-glass"])
    s.energy[0] = 5
    glimpse = to_hand(s, "glimpse-ahead")
    top, bottom = s.decks[0][0], s.decks[0][-1]
    hand = len(s.hands[0])
    assert {a.args[4] for a in GAME.legal_actions(s) if a.kind == "play" and a.args[0] == glimpse} == {0}
    GAME.apply(s, find(s, "play", glimpse, avatar(s, 0)))
    _until_asked(s)                                     # both players let it resolve
    assert GAME.to_act(s) == 0 and s.waiting.kind == "scout"
    assert {a.args for a in GAME.legal_actions(s)} == {(0,), (1,), (2,)}
    _answer(s, "scout", SCOUT_ANSWER[taken])
    # the card's second step draws the (new) top card whatever the scout did
    assert len(s.hands[0]) == hand - 1 + (2 if taken else 1)
    if taken == "top":
        assert top in s.hands[0]
    elif taken == "bottom":
        assert bottom in s.hands[0] and s.decks[0][-1] != bottom
    else:
        assert bottom == s.decks[0][-1] and top in s.hands[0]     # drawn by the second step
    assert glimpse in s.discards[0] and s.waiting is None and not s.stack


def _quiver_at_round_end(deck_left: int):
    """Seat 0 holds Quiver of Plenty ("At the start of the round, you scout") with `deck_left`
    cards in its deck; both players pass, and the next round's Start Phase begins."""
    s = duel(ARCHERS, initiative=0)
    put_on(s, "quiver-of-plenty", avatar(s, 0))
    del s.decks[0][deck_left:]
    s.hands[1].clear()                                  # so the opponent is not asked to answer
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    assert s.phase == "start" and [it.kind for it in s.stack] == ["trigger"]
    _until_asked(s)
    return s


@pytest.mark.parametrize("taken", ["top", "bottom", None])
def test_a_triggered_scout_offers_top_bottom_or_neither(taken):
    s = _quiver_at_round_end(deck_left=5)
    top, bottom = s.decks[0][0], s.decks[0][-1]
    hand = len(s.hands[0])
    assert s.phase == "start" and s.waiting.kind == "scout" and s.waiting.seat == 0
    assert {a.args for a in GAME.legal_actions(s)} == {(0,), (1,), (2,)}
    assert not has(s, "pass")                         # the round waits for the choice
    _answer(s, "scout", SCOUT_ANSWER[taken])
    assert s.phase == "main" and GAME.to_act(s) == 0   # then the Start Phase goes on: the draw
    assert len(s.hands[0]) == hand + 1 + bool(taken)
    if taken == "bottom":
        assert bottom in s.hands[0] and top in s.hands[0]      # scouted, then drawn
    elif taken is None:
        assert top in s.hands[0] and bottom == s.decks[0][-1]


@pytest.mark.parametrize("taken, loses", [("top", True), (None, False)])
def test_a_triggered_scout_may_leave_the_last_card_for_the_draw(taken, loses):
    s = _quiver_at_round_end(deck_left=1)
    last = s.decks[0][0]
    _answer(s, "scout", SCOUT_ANSWER[taken])
    assert (s.phase == "over" and s.winners == [1]) == loses
    if not loses:
        assert last in s.hands[0] and not s.out[0]


def test_each_scout_of_a_card_that_scouts_twice_is_its_own_choice():
    s = duel(ARCHERS)
    s.energy[0] = 5
    party = to_hand(s, "scouting-party")
    top, second, bottom = s.decks[0][0], s.decks[0][1], s.decks[0][-1]
    GAME.apply(s, find(s, "play", party, avatar(s, 0)))
    _until_asked(s)
    assert s.waiting.kind == "scout" and s.waiting.at == 0
    assert "scout 1 of 2" in GAME.why_illegal(s, Action("pass"))
    _answer(s, "scout", 0)                              # the first takes the top card
    assert top in s.hands[0] and s.waiting.kind == "scout" and s.waiting.at == 1
    assert "scout 2 of 2" in GAME.why_illegal(s, Action("pass"))
    _answer(s, "scout", 1)                              # the second the bottom card
    assert bottom in s.hands[0] and second == s.decks[0][0] and party in s.discards[0]
    # one only: the first takes nothing, the second the top card
    s = duel(ARCHERS)
    s.energy[0] = 5
    party = to_hand(s, "scouting-party")
    deck = list(s.decks[0])
    GAME.apply(s, find(s, "play", party, avatar(s, 0)))
    _until_asked(s)
    _answer(s, "scout", 2)
    _answer(s, "scout", 0)
    assert s.decks[0] == deck[1:] and deck[0] in s.hands[0]


def test_a_refused_scout_option_gets_a_sentence_about_scouting():
    s = duel(["master-oren-vell", "ilsa-of-the-turning-glass"])
    s.energy[0] = 5
    glimpse = to_hand(s, "glimpse-ahead")
    oren = avatar(s, 0)
    for bent in (Action("play", (glimpse, oren, -1, (), 1)), Action("activate", (oren, 0, (), 2))):
        reason = GAME.why_illegal(s, bent)
        assert "scout" in reason and "not valid" not in reason
    assert "Nothing is waiting" in GAME.why_illegal(s, Action("scout", (0,)))
    GAME.apply(s, find(s, "play", glimpse, oren))
    _until_asked(s)
    for where in (3, -1):
        reason = GAME.why_illegal(s, Action("scout", (where,)))
        assert reason.startswith("A scout takes the top card (0), the bottom card (1) or no card (2)")
    assert GAME.why_illegal(s, Action("pass")).startswith("First answer this: Glimpse Ahead scouts")


def _archer_holding_two_one_handed(theirs=FOE):
    """Seat 0's first Avatar holds two One-Handed cards (oldest first); Flintlock Pistol ("Whenever
    an Avatar falls, attach this card from your discard pile ...") waits in the discard pile."""
    s = duel(ARCHERS, theirs=theirs, initiative=0)
    a = avatar(s, 0)
    old, new = put_on(s, "sling", a), put_on(s, "hand-crossbow", a)
    pistol = to_discard(s, "flintlock-pistol")
    return s, a, old, new, pistol


def test_attaching_a_third_one_handed_card_lets_the_player_choose_which_goes():
    s, a, old, new, pistol = _archer_holding_two_one_handed()
    fx.deal_damage(s, -1, avatar(s, 1, 1), 99, [])       # an enemy Avatar falls: the pistol triggers
    fx.settle(s, [])
    flow.go_on(s, [])
    _until_asked(s)
    assert s.waiting.kind == "detach" and GAME.to_act(s) == 0
    assert {a_.args for a_ in GAME.legal_actions(s)} == {(old,), (new,)}
    assert s.attached[a] == [old, new] and pistol in s.discards[0]     # nothing moved yet
    reason = GAME.why_illegal(s, Action("detach", (pistol,)))
    assert "Detach one of the One-Handed cards" in reason and "Sling" in reason
    _answer(s, "detach", new)                            # the newer one goes: not the oldest
    assert s.attached[a] == [old, pistol] and new in s.discards[0] and s.waiting is None


def test_a_played_one_handed_card_whose_chosen_card_left_asks_again():
    """The card chosen when playing a third One-Handed card has gone by the time it resolves,
    while the Avatar again holds two: its player chooses once more (the engine never picks)."""
    s, a, old, new, pistol = _archer_holding_two_one_handed(theirs=["kaela-emberborn", "brother-cinder"])
    s.energy = [5, 5]
    knives = to_hand(s, "throwing-knives")
    s.damage[avatar(s, 0, 1)] = fx.max_hp(s, avatar(s, 0, 1)) - 1     # one blow from falling
    spark = to_hand(s, "spark", 1)                        # Instant: 2 damage to an enemy card
    GAME.apply(s, find(s, "play", knives, a, old))       # the knives replace the oldest...
    GAME.apply(s, find(s, "play", spark, avatar(s, 1), -1, (avatar(s, 0, 1),)))
    _until_asked(s)                                      # ...but Havel falls first: the pistol comes
    _answer(s, "detach", old)                            # and takes the oldest's place
    assert s.attached[a] == [new, pistol]
    _until_asked(s)                                      # the knives arrive: the choice is asked again
    assert s.waiting.kind == "detach" and s.waiting.card == knives and s.resolving.cid == knives
    assert {a_.args for a_ in GAME.legal_actions(s)} == {(new,), (pistol,)}
    _answer(s, "detach", pistol)
    assert s.attached[a] == [new, knives] and pistol in s.discards[0]


def test_simultaneous_effects_go_on_the_stack_in_the_order_the_initiative_player_chooses():
    s = duel(ARCHERS, initiative=1)                       # seat 1 will pass first and take initiative
    quiver = put_on(s, "quiver-of-plenty", avatar(s, 0))
    arrows = put_on(s, "barbed-arrows", avatar(s, 0, 1))
    s.turn = 1
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    assert s.initiative == 1 and s.phase == "start" and not s.stack
    assert s.waiting.kind == "order" and GAME.to_act(s) == 1     # seat 1 orders seat 0's effects
    assert {s.triggered[a_.args[0]].cid for a_ in GAME.legal_actions(s)} == {quiver, arrows}
    assert "effects waiting" in GAME.why_illegal(s, Action("order", (7,)))
    pick = next(a_ for a_ in GAME.legal_actions(s) if s.triggered[a_.args[0]].cid == arrows)
    GAME.apply(s, pick)                                   # the arrows resolve first: on top
    assert [it.cid for it in s.stack] == [quiver, arrows] and s.waiting is None
    assert GAME.to_act(s) is not None and s.prio >= 0     # and the window opens, as for any item
    settle_stack(s)
    assert s.counters[avatar(s, 0, 1)]["attack"] == 1


def test_a_triggered_effect_can_be_answered_like_any_stack_item():
    s = duel(ARCHERS, theirs=["nyx-veilwalker", "mordecai-the-whisper"], initiative=0)
    put_on(s, "quiver-of-plenty", avatar(s, 0))
    confuse = to_hand(s, "sow-confusion", 1)              # Instant, 0 energy: the top card goes under
    top, second = s.decks[0][0], s.decks[0][1]
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    assert [it.kind for it in s.stack] == ["trigger"] and GAME.to_act(s) == 1
    GAME.apply(s, find(s, "play", confuse, avatar(s, 1), -1, (0,)))
    _until_asked(s)                                       # the answer resolves first...
    assert s.decks[0][-1] == top and s.decks[0][0] == second
    _answer(s, "scout", 0)                                # ...so the scout finds the next card on top
    assert second in s.hands[0]


# --- saves from before the rules of issue 17 -------------------------------------------------------

def test_a_save_whose_log_the_new_rules_refuse_names_the_older_rules(tmp_path):
    """Rules version 2 (issue 17) answers channels and asks scouts as they happen, so a match
    saved under version 1 that channelled no longer replays: the store says why, naming the move
    and the older rules, and leaves the file alone."""
    src = Path(__file__).parent / "data" / "trials_rules_v1" / "trials-2p.json"
    assert json.loads(src.read_text(encoding="utf-8"))["match"]["game_version"] == 1 < GAME.info.version
    shutil.copy(src, tmp_path / src.name)
    with pytest.raises(DamagedSave) as refused:
        SaveStore(tmp_path).load(tmp_path / src.name, games=get_game)
    assert "move 11 of the saved log is illegal" in str(refused.value)
    assert str(refused.value).startswith(f"The save file {src.name} was made with older rules of "
                                         f"{GAME.info.title} (version 1), which have changed since")
    assert "damaged" not in str(refused.value)
    assert (tmp_path / src.name).read_bytes() == src.read_bytes()


def test_nyx_hides_from_the_opponent_she_names_and_the_others_may_still_strike():
    """Nyx's own ability makes her stealthy to one target opponent this round: in a duel that is
    her one rival; at a table of four the two she did not name may still attack and target her
    and her cards, and the round's end lifts it. Her veil covers her alone (ruling): her
    attached cards stay in sight of the one she named too."""
    s = GAME.setup({"decks": [deck(["nyx-veilwalker"]), deck(["grosk-the-unbroken"]),
                              deck(["vora-skullsplitter"]), deck(["sir-alden-vow-sworn"])],
                    "initiative": 1}, 0, 4)
    nyx, grosk, vora, alden = (avatar(s, p) for p in range(4))
    kris = put_on(s, "soulbound-kris", nyx)
    s.energy = [3, 3, 3, 3]
    do(s, "attack", grosk, nyx)                          # Grosk's blow; Nyx answers it
    while GAME.to_act(s) != 0:
        GAME.apply(s, Action("decline", ()))
    assert "target opponent" in fx.card_of(s, nyx).text
    hides = [a for a in GAME.legal_actions(s) if a.kind == "activate" and a.args[0] == nyx]
    # one move a rival, told apart at the front of its label (a menu cuts long entries), and
    # the table names the seat
    assert [a.label[:len("Nyx Veilwalker, at Player 2")] for a in hides] == [
        f"Nyx Veilwalker, at Player {p}" for p in (2, 3, 4)]
    assert seat_words(hides[0].label, Voice(("You", "Grosk", "Vora", "Alden"), 0)).startswith(
        "Nyx Veilwalker, at Grosk: ")
    GAME.apply(s, find(s, "activate", nyx, 0, (1,)))
    settle_stack(s)
    assert s.damage.get(nyx, 0) == 0 and nyx in s.exhausted and s.energy[0] == 1  # 2 at a table
    assert fx.is_stealthy(s, nyx, 1) and not fx.is_stealthy(s, kris, 1)  # hidden from Grosk
    assert not fx.is_stealthy(s, nyx) and not fx.is_stealthy(s, nyx, 2)
    assert nyx not in GAME.attack_targets(s, 1) and kris in GAME.attack_targets(s, 1)
    assert fx.hidden_from(s, nyx) == [1] and fx.hidden_from(s, kris) == []
    assert nyx in GAME.attack_targets(s, 2) and nyx in GAME.attack_targets(s, 3)
    assert GAME.to_act(s) == 2 and has(s, "attack", vora, nyx)          # Vora may strike her
    s.turn, s.acted = 1, False                                            # Grosk may not
    s.exhausted.discard(grosk)
    assert "stealthy" in GAME.why_illegal(s, Action("attack", (grosk, nyx)))
    back = GAME.state_from_json(GAME.state_to_json(s))                   # a save keeps it
    assert back.veiled_alone == {nyx: [1]} and fx.is_stealthy(back, nyx, 1)
    assert not fx.is_stealthy(back, kris, 1)
    flow._finish_end(s, [])
    assert s.veiled_alone is None and not fx.is_stealthy(s, nyx, 1)
    assert "veiled_alone" not in GAME.state_to_json(s)   # saved only while someone is hidden


def test_the_rangers_cloak_hides_its_avatar_and_the_avatars_attached_cards():
    """Unlike Nyx's veil, the Cloak's hide is the Avatar's: the Avatar and everything attached to
    it (the Cloak too) are stealthy to the opponent named."""
    s = duel(["lira-longshot", "captain-havel-quickdraw"], initiative=1)
    lira, grosk = avatar(s, 0), avatar(s, 1)
    cloak = put_on(s, "rangers-cloak", lira)
    kris = put_on(s, "soulbound-kris", lira)
    s.energy = [3, 3]
    do(s, "attack", grosk, lira)
    GAME.apply(s, find(s, "activate", cloak, 0, (1,)))
    settle_stack(s)
    assert all(fx.is_stealthy(s, c, 1) for c in (lira, cloak, kris))
    assert fx.hidden_from(s, kris) == [1] and s.veiled_alone is None
    assert not {lira, cloak, kris} & set(GAME.attack_targets(s, 1))


def test_nyx_hiding_costs_1_energy_more_while_two_or_more_opponents_are_in_the_game():
    """Battle royale ruling: her hide answers one rival, so while several may strike her it costs
    2 energy; once one rival is left (and in every duel) it costs 1."""
    s = GAME.setup({"decks": [deck(["nyx-veilwalker"]), deck(["grosk-the-unbroken"]),
                              deck(["vora-skullsplitter"]), deck(["sir-alden-vow-sworn"])],
                    "initiative": 1}, 0, 4)
    nyx, grosk = avatar(s, 0), avatar(s, 1)
    assert "Pay 1 energy (2 while two or more opponents are in the game)" in fx.card_of(s, nyx).text
    s.energy = [1, 3, 3, 3]
    do(s, "attack", grosk, nyx)
    while GAME.to_act(s) != 0:
        GAME.apply(s, Action("decline", ()))
    assert not [a for a in GAME.legal_actions(s) if a.kind == "activate" and a.args[0] == nyx]
    assert GAME.why_illegal(s, Action("activate", (nyx, 0, (1,), 0))) == (
        "That costs 2 energy; you have 1.")
    s.energy[0] = 2                                         # a move's label says what it costs now
    assert find(s, "activate", nyx, 0, (1,)).label.startswith(
        "Nyx Veilwalker, at Player 2: Instant, Exhaust, Pay 2 energy: This card (not its attached cards) becomes")
    s.energy[0] = 1
    s.out[2] = s.out[3] = True                              # Vora and Sir Alden are out
    assert find(s, "activate", nyx, 0, (1,)).label.startswith(
        "Nyx Veilwalker, at Player 2: Instant, Exhaust, Pay 1 energy: This card (not its attached cards) becomes")
    GAME.apply(s, find(s, "activate", nyx, 0, (1,)))
    settle_stack(s)
    assert s.energy[0] == 0 and fx.is_stealthy(s, nyx, 1)


def test_in_a_duel_nyx_hiding_from_her_one_rival_is_stealth():
    s = duel(["nyx-veilwalker", "mordecai-the-whisper"], initiative=1)
    nyx, grosk = avatar(s, 0), avatar(s, 1)
    s.energy = [3, 3]
    do(s, "attack", grosk, nyx)
    assert [a.args[2] for a in GAME.legal_actions(s) if a.kind == "activate" and a.args[0] == nyx] == [(1,)]
    GAME.apply(s, find(s, "activate", nyx, 0, (1,)))
    settle_stack(s)
    assert s.damage.get(nyx, 0) == 0 and fx.is_stealthy(s, nyx, 1) and s.energy[0] == 2
    assert nyx not in GAME.attack_targets(s, 1) and not fx.target_ok(s, 1, "enemy_avatar", nyx)

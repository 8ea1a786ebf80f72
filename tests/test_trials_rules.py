"""Paragon: Trials of the Chosen: one test per rule (rules text, RULINGS.md, rules_page.md)."""

import pytest

from tabletop.core import Action
from tabletop.core.game import IllegalAction
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.decks import (choose_deck, deck_problems, starter_names, starters)
from tabletop.games.trials.engine.rules import GAME
from tabletop.core import Rng

from trials_helpers import (FOE, avatar, cid, deck, do, duel, find, has, play, put_on,
                            settle_stack, to_discard, to_hand)

KNIGHTS = ["sir-alden-vow-sworn", "dame-rosalind-thorne"]


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
    assert GAME.to_act(s) == 1


def test_two_passes_in_sequence_end_the_round_and_initiative_goes_to_the_first_passer():
    s = duel(KNIGHTS, initiative=0)
    do(s, "channel", avatar(s, 0))    # player 1 acts
    do(s, "pass")                     # player 2 passes first in the final sequence
    assert s.round == 1
    do(s, "pass")                     # player 1 passes: round over
    assert s.round == 2 and s.initiative == 1 and GAME.to_act(s) == 1


def test_a_pass_then_an_action_breaks_the_sequence():
    s = duel(KNIGHTS, initiative=0)
    do(s, "pass")
    do(s, "channel", avatar(s, 1, 0))
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
    assert s.energy[0] == 2


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
    do(s, "attack", a, foe)
    settle_stack(s)
    assert s.damage[foe] == 2 and a in s.exhausted


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
    do(s, "attack", a, foe)
    settle_stack(s)
    assert s.damage.get(a, 0) == 0 and s.damage[foe] == 2


def test_power_adds_to_the_avatar_and_power_cards_neither_attack_nor_hit_back():
    s = duel(KNIGHTS)
    a, foe = avatar(s, 0, 1), avatar(s, 1)
    sword = put_on(s, "arming-sword", a)              # Power 1
    assert fx.attack(s, a) == 3
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
    do(s, "attack", a, foe)
    settle_stack(s)
    do(s, "pass")
    step = cid(s, "quickened-step", 0)
    play(s, step, ilsa, (a,))                         # an Instant: not the turn's action
    do(s, "attack", a, foe)
    settle_stack(s)
    assert s.damage[foe] == 4


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
    spark2 = to_hand(s, "quick-shot", 1) if False else None
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
    fx.run_effect(s, 0, fx.card_of(s, a).effects[0], a, a, (a,), 0, ev)
    fx.run_effect(s, 0, fx.card_of(s, a).effects[0], a, a, (a,), 0, ev)
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


@pytest.mark.parametrize("opt, taken", [(0, "top"), (1, "bottom"), (2, None)])
def test_scout_may_take_the_top_or_the_bottom_card_or_neither(opt, taken):
    s = duel(["master-oren-vell", "ilsa-of-the-turning-glass"])
    s.energy[0] = 5
    glimpse = to_hand(s, "glimpse-ahead")
    top, bottom = s.decks[0][0], s.decks[0][-1]
    hand = len(s.hands[0])
    labels = {a.args[4]: a.label for a in GAME.legal_actions(s) if a.kind == "play" and a.args[0] == glimpse}
    assert set(labels) == {0, 1, 2} and "taking no card" in labels[2]
    play(s, glimpse, avatar(s, 0), opt=opt)
    # the card's second step draws the (new) top card whatever the scout did
    assert len(s.hands[0]) == hand - 1 + (2 if taken else 1)
    if taken == "top":
        assert top in s.hands[0]
    elif taken == "bottom":
        assert bottom in s.hands[0] and s.decks[0][-1] != bottom
    else:
        assert bottom == s.decks[0][-1] and top in s.hands[0]     # drawn by the second step

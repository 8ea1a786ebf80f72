"""Champions' Brawl: the rules, one test per rule (rules text, RULINGS.md, rules_page.md):
set-up, rounds and phases, cores and standard actions, the attack sequence, range and sight,
movement, traps, every keyword, out of action and levelling up, the challenge track, winning."""

import pytest
from brawl_helpers import (ILSE, KESSA, MAUD, ORRIN, SABLE, VARRO, H, act, card, do, duel, give,
                           kinds, legal_kinds, put, their_turn, trap, why)

from tabletop.core import Rng
from tabletop.core.game import IllegalAction
from tabletop.games.brawl.engine import board, flow
from tabletop.games.brawl.engine.arena import GATE, arena
from tabletop.games.brawl.engine.cards import champions, challenges
from tabletop.games.brawl.engine.rules import GAME
from tabletop.games.brawl.engine.state import OVER
from tabletop.games.brawl.engine.steps import OPS


def play_still(s, c):
    """Play card c and use none of its movement."""
    ev = do(s, "play", c)
    if s.pending and s.pending[-1].kind == "walk":
        ev += do(s, "stop")
    return ev


def challenge(cid: str) -> int:
    return [c.id for c in challenges()].index(cid)


# --- content ------------------------------------------------------------------------------------
def test_six_champions_each_with_two_cards_per_core_a_reaction_and_a_levelled_side():
    assert len(champions()) >= 6
    for ch in champions().values():
        assert ch.hp > 0 and ch.defence >= 0 and ch.level.op and ch.level_title
        assert sorted(c.core for c in ch.cards) == ["blue", "blue", "red", "red", "yellow", "yellow"]
        assert any(c.type == "reaction" for c in ch.cards)
        assert any(c.type == "attack" for c in ch.cards) and any(c.type == "skill" for c in ch.cards)


def test_every_keyword_of_the_rules_appears_on_some_card_and_works_through_the_registry():
    words = " ".join(c.text for ch in champions().values() for c in ch.cards)
    for k in ("Bloodied", "Control", "Dash", "Double", "Fear", "Force", "Jump", "Lifesteal", "Place",
              "Plan", "Poison", "Pull", "Push", "Root", "Stun", "Swoop"):
        assert k in words, k
    assert all(OPS[op].kind for op in OPS.names())


def test_every_range_type_and_minimum_ranges_appear():
    cards = [c for ch in champions().values() for c in ch.cards]
    assert {c.range for c in cards} >= {"melee", "indirect", "direct", "area"}
    assert any(c.min for c in cards) and any(c.pre for c in cards) and any(c.post for c in cards)


def test_at_least_twelve_challenges_each_checked_by_the_engine():
    assert len(challenges()) >= 12
    s = duel()
    for c in challenges():
        assert OPS.execute(c.check, s, 0) in (True, False) and c.text


def test_card_text_is_written_from_its_steps():
    cd = champions()["kessa"].cards[0]
    assert cd.text == "After: Push 1."
    assert "Before: Swoop 3." in champions()["orrin"].cards[0].text


def test_the_arena_has_about_sixty_hexes_three_statues_six_trap_hexes_and_two_deployment_areas():
    A = arena()
    assert 55 <= len(A.hexes) <= 65
    assert len(A.statues) == 3 and len(A.trap_hexes) == 6
    assert all(len(d) == 5 for d in A.deploy) and not set(A.deploy[0]) & set(A.deploy[1])


# --- set-up ---------------------------------------------------------------------------------------
def test_the_first_player_is_chosen_at_random():
    assert {GAME.setup({}, seed).first for seed in range(20)} == {0, 1}


def test_alternate_picks_go_one_two_two_one_and_a_champion_is_picked_once():
    s = GAME.setup({"picks": "alternate"}, 5)
    f, o = s.first, 1 - s.first
    order = []
    for _ in range(6):
        seat = GAME.to_act(s)
        order.append(seat)
        a = GAME.legal_actions(s)[0]
        GAME.apply(s, a)
        assert why(s, "pick", a.args[0]) is not None
    assert order == [f, o, o, f, f, o]
    assert len(set(s.champs)) == 6


def test_free_picks_are_hidden_from_the_other_player_and_may_mirror_a_champion():
    s = GAME.setup({"picks": "free"}, 5)
    f = s.first
    for c in ("kessa", "orrin", "maud"):
        do(s, "pick", c)
    assert GAME.view(s, 1 - f).picks[f] == ["?", "?", "?"]
    assert why(s, "pick", "kessa") is None, "the other player may choose the same champion"
    do(s, "pick", "kessa")
    assert why(s, "pick", "kessa") is not None, "but not twice in one team"


def test_a_deck_is_the_eighteen_cards_of_the_team_and_a_hand_five():
    s = GAME.setup({}, 1)
    while s.phase == "pick":
        GAME.apply(s, GAME.legal_actions(s)[0])
    for p in (0, 1):
        assert len(s.hands[p]) == 5 and len(s.decks[p]) == 13
        assert sorted(s.hands[p] + s.decks[p]) == list(range(18 * p, 18 * p + 18))


def test_one_redraw_replaces_the_chosen_cards_and_shuffles_them_back():
    s = GAME.setup({}, 1)
    while s.phase == "pick":
        GAME.apply(s, GAME.legal_actions(s)[0])
    p = GAME.to_act(s)
    away = tuple(sorted(s.hands[p][:2]))
    do(s, "redraw", away)
    assert len(s.hands[p]) == 5 and not set(away) & set(s.hands[p])
    assert set(away) <= set(s.decks[p]) and len(s.decks[p]) == 13
    assert GAME.to_act(s) == 1 - p
    do(s, "redraw", ())
    assert s.phase == "traps", "one redraw each"


def test_each_player_places_two_traps_whose_effects_nobody_sees():
    s = GAME.setup({}, 1)
    while s.phase != "traps":
        GAME.apply(s, GAME.legal_actions(s)[0])
    seats = []
    for _ in range(4):
        seats.append(GAME.to_act(s))
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert seats == [s.first, 1 - s.first] * 2 and len(s.traps) == 4
    for seat in (0, 1):
        assert set(GAME.view(s, seat).traps.values()) == {-1}
    assert why(s, "trap", H(0, 0)) is not None


def test_champions_deploy_on_their_own_deployment_area():
    s = GAME.setup({}, 1)
    while s.phase != "deploy":
        GAME.apply(s, GAME.legal_actions(s)[0])
    p = GAME.to_act(s)
    mine = p * 3
    assert why(s, "deploy", mine, arena().deploy[1 - p][0]) == \
        "Champions are deployed on the hexes of your own deployment area."
    assert {a.args[1] for a in GAME.legal_actions(s)} == set(arena().deploy[p])


# --- rounds and phases ----------------------------------------------------------------------------
def test_a_round_is_two_turns_then_the_challenge_track_advances():
    s = duel()
    track = list(s.track)
    do(s, "end")
    assert s.active == 1 and s.round == 1 and s.track == track
    do(s, "end")
    assert s.active == 0 and s.round == 2
    assert s.track[1:] == track[:3] and s.track[0] >= 0


def test_a_challenge_pushed_off_the_track_is_discarded():
    s = duel()
    s.track = [challenge("rout"), challenge("raid"), challenge("phalanx"), challenge("attuned")]
    do(s, "end")
    do(s, "end")
    assert challenge("attuned") in s.challenge_discard and challenge("attuned") not in s.track


def test_the_scoreboard_phase_starts_in_round_two_and_pays_the_slot_value():
    s = duel()
    put(s, KESSA, 1, 0)                     # in the Heart, no enemy there
    s.track = [-1, challenge("hold_heart"), -1, -1]
    do(s, "end")
    assert s.vp == [0, 0], "no Scoreboard Phase in round 1"
    do(s, "end")                            # the track moves: Hold the Heart is on the 2 VP slot
    assert s.vp[0] == 2 and challenge("hold_heart") in s.challenge_discard


def test_the_challenge_track_slots_are_worth_nothing_one_two_one():
    from tabletop.games.brawl.engine.state import SLOT_VP
    assert SLOT_VP == (0, 1, 2, 1)
    s = duel()
    s.round = 2
    put(s, KESSA, 1, 0)
    s.track = [challenge("hold_heart"), -1, -1, -1]
    flow.scoreboard(s, [])
    assert s.vp == [0, 0], "the first slot is not yet scorable"


def test_upkeep_readies_the_cores_discards_the_hand_and_draws_five():
    s = duel()
    give(s, 0, card(KESSA, "second_wind"), card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "second_wind"))
    assert not flow.core_ready(s, 0, "yellow")
    left = list(s.hands[0])
    do(s, "end")
    assert s.cores[0] == [-1, -1, -1]
    assert len(s.hands[0]) == 5 and set(left) <= set(s.discards[0])


def test_the_discard_pile_becomes_the_new_deck_when_the_deck_runs_out():
    s = duel()
    s.discards[0] += s.decks[0]
    s.decks[0] = []
    ev = do(s, "end")
    assert "shuffle" in kinds(ev) and len(s.hands[0]) == 5


# --- cores and standard actions --------------------------------------------------------------------------
def test_a_card_exhausts_its_core_so_no_other_card_of_its_colour_is_played_that_turn():
    s = duel()
    a, b = card(KESSA, "thorn_maul"), card(KESSA, "twin_lash")
    give(s, 0, a, b)
    play_still(s, a)
    assert why(s, "play", b) == "Your red core is exhausted: no other red card can be played now."


def test_standard_actions_need_a_ready_core_with_no_card_of_its_colour():
    s = duel()
    give(s, 0, card(KESSA, "thorn_maul"))
    assert why(s, "standard", "red", "own", KESSA).startswith("You hold a red card")
    assert why(s, "standard", "blue", "own", KESSA) is None


def test_each_standard_action_is_taken_once_a_turn():
    s = duel()
    give(s, 0)
    do(s, "standard", "yellow", "move", KESSA)
    do(s, "stop")
    assert why(s, "standard", "blue", "move", KESSA) == "Each standard action can be taken once a turn."
    assert why(s, "standard", "blue", "own", KESSA) is None


def test_the_red_standard_action_moves_one_and_deals_one_damage_ignoring_defence():
    s = duel()
    give(s, 0)
    put(s, MAUD, 0, 2)
    put(s, ILSE, 1, 2)
    do(s, "standard", "red", "own", MAUD)
    do(s, "stop")
    assert s.damage[ILSE] == 1, "defence 1 is ignored"


def test_the_yellow_standard_action_heals_one_and_the_blue_one_plans_one():
    s = duel()
    give(s, 0)
    s.damage[KESSA] = 2
    do(s, "standard", "yellow", "own", KESSA)
    do(s, "stop")
    assert s.damage[KESSA] == 1
    give(s, 0, card(KESSA, "thorn_maul"))
    do(s, "standard", "blue", "own", KESSA)
    do(s, "stop")
    do(s, "plan", (card(KESSA, "thorn_maul"),))
    assert s.decks[0][-1] == card(KESSA, "thorn_maul") and not s.hands[0]


def test_a_reaction_is_played_only_on_the_opponents_turn():
    s = duel()
    give(s, 0, card(KESSA, "brace"))
    assert why(s, "play", card(KESSA, "brace")).startswith("A reaction is played only on your opponent's turn")


def test_a_reaction_exhausts_its_core_until_the_end_of_the_reacting_players_next_turn():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, ILSE, 1, 2)
    give(s, 0, card(KESSA, "thorn_maul"))
    give(s, 1, card(ILSE, "ward"), card(ILSE, "mend"))
    play_still(s, card(KESSA, "thorn_maul"))
    do(s, "react", card(ILSE, "ward"))
    do(s, "end")                                 # Player 2's turn: the yellow core is still spent
    give(s, 1, card(ILSE, "mend"))
    assert why(s, "play", card(ILSE, "mend")).startswith("Your yellow core is exhausted")
    do(s, "end")
    assert flow.core_ready(s, 1, "yellow"), "ready again after that turn"


# --- the attack sequence ----------------------------------------------------------------------------------
def test_the_attack_resolves_move_pre_targets_reactions_damage_reaction_posts_then_card_posts():
    s = duel()
    put(s, KESSA, -1, 2)
    put(s, ILSE, 1, 2)
    give(s, 0, card(KESSA, "thorn_maul"))
    give(s, 1, card(ILSE, "ward"))
    do(s, "play", card(KESSA, "thorn_maul"))
    assert s.pending[-1].kind == "walk", "first the movement"
    do(s, "hex", H(0, 2))
    do(s, "stop")
    assert GAME.to_act(s) == 1 and legal_kinds(s) == {"react", "pass"}, \
        "the target is chosen, then the defender may react"
    ev = do(s, "react", card(ILSE, "ward"))
    order = [k for k in kinds(ev) if k in ("shield", "strike", "damage", "heal", "move")]
    assert order == ["shield", "strike", "damage", "heal", "move"], \
        "the reaction's shield, the damage, the reaction's post-attack (heal), then the card's (push)"
    assert s.damage[ILSE] == 0 and s.pos[ILSE] == H(2, 2)


def test_the_targets_defence_and_the_reactions_shield_are_subtracted_from_strength():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, MAUD, 0, 1)
    put(s, VARRO, 1, 2)
    give(s, 0, card(KESSA, "thorn_maul"))
    give(s, 1, card(VARRO, "spite"))
    play_still(s, card(KESSA, "thorn_maul"))
    do(s, "react", card(VARRO, "spite"))
    assert s.damage[VARRO] == 4 - 1 - 1
    assert s.damage[KESSA] == 1, "Spite's post-attack step hurts the attacker"


def test_pre_attack_abilities_resolve_before_targets_are_chosen():
    s = duel()
    put(s, ORRIN, -2, 2)
    put(s, SABLE, 2, 2)
    give(s, 0, card(ORRIN, "diving_talon"))
    do(s, "play", card(ORRIN, "diving_talon"))
    assert s.pending[-1].kind == "swoop"
    do(s, "hex", H(1, 2))
    assert s.damage[SABLE] == 3


def test_an_attack_with_no_target_in_range_deals_no_damage():
    s = duel()
    give(s, 0, card(KESSA, "thorn_maul"))
    ev = play_still(s, card(KESSA, "thorn_maul"))
    assert "no_target" in kinds(ev) and sum(s.damage) == 0


# --- range and sight ------------------------------------------------------------------------------------------
def test_melee_reaches_adjacent_enemies_only():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 2, 2)
    give(s, 0, card(KESSA, "thorn_maul"))
    assert "no_target" in kinds(play_still(s, card(KESSA, "thorn_maul")))


def test_a_minimum_range_makes_closer_enemies_ineligible():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    put(s, ILSE, -2, 2)
    give(s, 0, card(KESSA, "hook_and_haul"))
    play_still(s, card(KESSA, "hook_and_haul"))
    assert s.damage[SABLE] == 0, "Sable, next to Kessa, is too close"
    assert s.damage[ILSE] == (2 - 1) + 1, "Ilse, 2 away, is hit (and pulled 1 short of 2)"


def test_direct_range_needs_a_straight_row_with_nothing_in_between():
    s = duel()
    put(s, KESSA, -2, 2)
    put(s, ORRIN, -1, 2)
    put(s, SABLE, 1, 2)
    put(s, ILSE, 0, 3)
    cd = board.card_of(s, card(KESSA, "hook_and_haul"))
    assert not board.in_range(s, cd, s.pos[KESSA], s.pos[SABLE]), "an ally blocks the shot"
    assert not board.in_range(s, cd, s.pos[KESSA], s.pos[ILSE]), "not in a straight row"
    put(s, ORRIN, -2, 3)
    assert board.in_range(s, cd, s.pos[KESSA], s.pos[SABLE])
    assert not board.in_range(s, cd, H(-1, 1), H(1, -1)), "a statue blocks the shot"


def test_indirect_range_ignores_statues_and_champions_in_between():
    s = duel()
    put(s, MAUD, -2, 2)
    put(s, ORRIN, -1, 2)
    put(s, SABLE, 1, 2)
    cd = board.card_of(s, card(MAUD, "vine_snare"))
    assert board.in_range(s, cd, s.pos[MAUD], s.pos[SABLE])
    assert board.in_range(s, cd, H(-1, 0), H(1, 0)), "over the statue"


def test_an_area_attack_hits_every_enemy_in_reach():
    s = duel()
    put(s, MAUD, 0, 2)
    put(s, SABLE, 1, 2)
    put(s, ILSE, -1, 2)
    give(s, 0, card(MAUD, "quake"))
    do(s, "play", card(MAUD, "quake"))
    assert s.damage[SABLE] == 2 and s.damage[ILSE] == 1


# --- movement ------------------------------------------------------------------------------------------------------
def test_a_champion_moves_through_allies_but_never_stops_on_them():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, ORRIN, 0, 1)
    give(s, 0, card(KESSA, "second_wind"))
    do(s, "play", card(KESSA, "second_wind"))
    do(s, "hex", H(0, 1))
    assert why(s, "stop") == "A champion may cross an ally but not end its move on the ally's hex."
    do(s, "hex", H(1, 0))
    assert s.pos[KESSA] == H(1, 0)


def test_a_champion_never_moves_through_enemies_or_statues():
    s = duel()
    put(s, KESSA, 0, 1)
    put(s, SABLE, 1, 1)
    give(s, 0, card(KESSA, "bloodscent"))
    do(s, "play", card(KESSA, "bloodscent"))
    assert why(s, "hex", H(1, 1)) == "Champions never move through enemies."
    assert why(s, "hex", H(0, 0)) == "Nothing stands on or moves through a statue."


def test_a_trap_springs_on_entering_and_its_player_places_a_new_one_on_another_trap_hex():
    s = duel()
    put(s, KESSA, 0, 2)
    trap(s, 1, 1, "spikes")
    give(s, 0, card(KESSA, "bloodscent"))
    do(s, "play", card(KESSA, "bloodscent"))
    ev = do(s, "hex", H(1, 1))
    assert "trap" in kinds(ev) and s.damage[KESSA] == 2 and H(1, 1) not in s.traps
    assert s.pending[-1].kind == "trap" and GAME.to_act(s) == 0
    assert why(s, "hex", H(1, 1)) == "The new trap goes on a different trap hex from the one just sprung."
    do(s, "hex", H(2, 0))
    assert H(2, 0) in s.traps
    assert s.pending[-1].kind == "walk" and s.pending[-1].n == 2, "then the rest of the move"


def test_a_snare_ends_the_remaining_movement():
    s = duel()
    put(s, KESSA, 0, 2)
    trap(s, 1, 1, "snare")
    give(s, 0, card(KESSA, "bloodscent"))
    do(s, "play", card(KESSA, "bloodscent"))
    do(s, "hex", H(1, 1))
    do(s, "hex", H(2, 0))                      # the new trap
    assert not any(p.kind == "walk" for p in s.pending) and s.pos[KESSA] == H(1, 1)


def test_a_tripwire_discards_a_card_of_the_champion_or_shows_the_hand():
    s = duel()
    put(s, KESSA, 0, 2)
    trap(s, 1, 1, "drop")
    give(s, 0, card(KESSA, "bloodscent"), card(KESSA, "thorn_maul"), card(ORRIN, "gust_blade"))
    do(s, "play", card(KESSA, "bloodscent"))
    do(s, "hex", H(1, 1))
    assert card(KESSA, "thorn_maul") in s.discards[0]


def test_a_trap_springs_when_another_champion_moves_the_champion_onto_it():
    s = duel()
    put(s, KESSA, -1, 1)
    put(s, ILSE, 0, 1)
    trap(s, 1, 1, "spikes")
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.pos[ILSE] == H(1, 1) and s.damage[ILSE] == (4 - 1) + 2
    assert s.pending[-1].kind == "trap" and GAME.to_act(s) == 1, "the pushed champion's player sets the new trap"


# --- keywords -------------------------------------------------------------------------------------------------------
def test_bloodied_is_three_or_more_damage_and_powers_bloodied_attacks():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, VARRO, 1, 2)
    s.damage[VARRO] = 2
    assert not board.bloodied(s, VARRO)
    s.damage[VARRO] = 3
    assert board.bloodied(s, VARRO)
    give(s, 0, card(KESSA, "bloodscent"))
    play_still(s, card(KESSA, "bloodscent"))
    assert s.damage[VARRO] == 3 + (2 + 2 - 1)


def test_control_means_more_champions_in_the_area_than_the_opponent():
    s = duel()
    put(s, MAUD, 1, 0)
    put(s, SABLE, 2, -1)
    assert board.controls(s, 0, "centre")
    put(s, ILSE, -1, 0)
    assert not board.controls(s, 0, "centre"), "one each: nobody controls it"
    put(s, ILSE, -4, 2)
    give(s, 0, card(MAUD, "stand_fast"))
    play_still(s, card(MAUD, "stand_fast"))
    assert s.damage[SABLE] == 2 + 2


def test_dash_moves_in_a_straight_row_after_the_regular_movement():
    s = duel()
    put(s, ORRIN, 0, 2)
    give(s, 0, card(ORRIN, "gust_blade"))
    play_still(s, card(ORRIN, "gust_blade"))
    assert s.pending[-1].kind == "dash"
    assert why(s, "hex", H(1, 3)) is not None
    do(s, "hex", H(-2, 2))
    assert s.pos[ORRIN] == H(-2, 2)


def test_double_resolves_the_damage_step_twice():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    give(s, 0, card(KESSA, "twin_lash"))
    ev = play_still(s, card(KESSA, "twin_lash"))
    assert kinds(ev).count("strike") == 2 and s.damage[SABLE] == 4


def test_fear_makes_the_champion_dash_as_far_as_it_can_away_from_the_source():
    s = duel()
    their_turn(s)
    put(s, VARRO, 0, 3)
    put(s, KESSA, 0, 2)
    give(s, 1, card(VARRO, "dread_howl"))
    do(s, "play", card(VARRO, "dread_howl"))
    pd = s.pending[-1]
    assert pd.kind == "fear" and GAME.to_act(s) == 0, "the frightened champion's player picks the way"
    ends = [a.args[0] for a in GAME.legal_actions(s)]
    assert ends and all(arena().dist(h, H(0, 3)) > 1 for h in ends)
    assert H(0, 1) in ends, "blocked by the statue after one hex"
    assert "stop" not in legal_kinds(s)


def test_force_lets_the_player_move_the_target_hex_by_hex():
    s = duel()
    put(s, ORRIN, 0, 2)
    put(s, SABLE, 2, 2)
    give(s, 0, card(ORRIN, "crosswind"))
    play_still(s, card(ORRIN, "crosswind"))
    assert s.pending[-1].kind == "force" and GAME.to_act(s) == 0
    do(s, "hex", H(3, 1))
    do(s, "hex", H(3, 0))
    assert s.pos[SABLE] == H(3, 0) and not s.pending


def test_jump_ignores_what_lies_between_and_springs_only_a_trap_it_lands_on():
    s = duel()
    put(s, ORRIN, -1, 1)
    trap(s, 1, -2, "spikes")
    give(s, 0, card(ORRIN, "updraft"))
    do(s, "play", card(ORRIN, "updraft"))
    assert s.pending[-1].kind == "jump"
    do(s, "hex", H(1, 0))                       # over the statue
    assert s.pos[ORRIN] == H(1, 0) and H(1, -2) in s.traps


def test_lifesteal_heals_the_attacker_by_the_damage_dealt():
    s = duel()
    their_turn(s)
    put(s, VARRO, 0, 2)
    put(s, KESSA, 1, 2)
    s.damage[VARRO] = 3
    give(s, 1, card(VARRO, "drain"))
    give(s, 0)
    play_still(s, card(VARRO, "drain"))
    assert s.damage[KESSA] == 2 and s.damage[VARRO] == 1


def test_place_puts_a_champion_on_a_free_hex_as_the_card_says():
    s = duel()
    put(s, ORRIN, 0, 2)
    put(s, MAUD, -2, 3)
    give(s, 0, card(ORRIN, "tailwind"))
    play_still(s, card(ORRIN, "tailwind"))
    assert s.pending[-1].kind == "target"
    do(s, "target", MAUD)
    assert why(s, "hex", H(3, -1)) is not None
    do(s, "hex", H(1, 2))
    assert s.pos[MAUD] == H(1, 2)


def test_plan_puts_up_to_that_many_hand_cards_on_top_of_the_deck():
    s = duel()
    their_turn(s)
    a, b, c = card(ILSE, "foresight"), card(ILSE, "mend"), card(ILSE, "ward")
    give(s, 1, a, b, c)
    play_still(s, a)
    assert why(s, "plan", (b, c, 18)) is not None
    do(s, "plan", tuple(sorted((b, c))))
    assert s.decks[1][-2:] == sorted((b, c)) and not s.hands[1]
    assert GAME.view(s, 1).decks[1][-2:] == sorted((b, c)), "its player knows what it planned"
    assert set(GAME.view(s, 0).decks[1]) == {-1}


def test_poison_adds_damage_only_if_the_attack_dealt_some():
    s = duel()
    their_turn(s)
    put(s, VARRO, 0, 2)
    put(s, KESSA, 1, 2)
    give(s, 1, card(VARRO, "venom_fang"))
    give(s, 0)
    play_still(s, card(VARRO, "venom_fang"))
    assert s.damage[KESSA] == (2 - 1) + 2
    s2 = duel()
    their_turn(s2)
    put(s2, VARRO, 0, 2)
    put(s2, MAUD, 1, 2)
    give(s2, 1, card(VARRO, "venom_fang"))
    give(s2, 0)
    play_still(s2, card(VARRO, "venom_fang"))
    assert s2.damage[MAUD] == 0


def test_pull_drags_the_target_along_the_row_and_a_short_pull_deals_the_rest_as_damage():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 2, 2)
    give(s, 0, card(KESSA, "hook_and_haul"))
    play_still(s, card(KESSA, "hook_and_haul"))
    assert s.pos[SABLE] == H(1, 2), "stopped by Kessa after one hex"
    assert s.damage[SABLE] == 2 + 1


def test_push_drives_the_target_away_and_a_statue_stops_it_with_damage():
    s = duel()
    put(s, KESSA, -2, 0)
    put(s, SABLE, -1, 0)
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.pos[SABLE] == H(-1, 0) and s.damage[SABLE] == 4 + 1


def test_push_or_pull_of_a_target_off_the_actors_rows_does_nothing():
    s = duel()
    put(s, MAUD, 0, 2)
    put(s, SABLE, 2, 1)                         # 2 away, not in a row
    give(s, 0, card(MAUD, "vine_snare"))
    ev = play_still(s, card(MAUD, "vine_snare"))
    assert "no_effect" in kinds(ev) and s.pos[SABLE] == H(2, 1)


def test_root_stops_all_movement_until_the_end_of_its_players_next_turn_but_not_place():
    s = duel()
    put(s, MAUD, 0, 2)
    put(s, SABLE, 1, 2)
    give(s, 0, card(MAUD, "root_slam"))
    play_still(s, card(MAUD, "root_slam"))
    assert board.rooted(s, SABLE)
    do(s, "end")
    assert board.rooted(s, SABLE) and board.walk_options(s, SABLE, 3) == []
    assert board.place_options(s, SABLE, SABLE, 1), "a rooted champion can still be placed"
    do(s, "end")
    assert not board.rooted(s, SABLE)


def test_stun_discards_a_card_of_that_champion_chosen_by_its_player():
    s = duel()
    their_turn(s)
    put(s, ILSE, 2, -1)
    put(s, KESSA, 2, 1)
    give(s, 1, card(ILSE, "mind_spike"))
    give(s, 0, card(KESSA, "thorn_maul"), card(KESSA, "brace"), card(ORRIN, "updraft"))
    play_still(s, card(ILSE, "mind_spike"))
    do(s, "pass")                               # Kessa could Brace; she does not
    pd = s.pending[-1]
    assert pd.kind == "discard" and GAME.to_act(s) == 0
    assert why(s, "discard", card(ORRIN, "updraft")) == "Discard a card of Kessa Thornvale from your hand."
    do(s, "discard", card(KESSA, "brace"))
    assert card(KESSA, "brace") in s.discards[0]


def test_swoop_flies_along_a_row_over_enemies_and_statues():
    s = duel()
    put(s, ORRIN, -2, 0)
    put(s, SABLE, 2, 0)
    give(s, 0, card(ORRIN, "diving_talon"))
    do(s, "play", card(ORRIN, "diving_talon"))
    assert why(s, "hex", H(-1, 1)) is not None, "not in a straight row of 3"
    do(s, "hex", H(1, 0))                       # over the statue at 0,0
    assert s.pos[ORRIN] == H(1, 0) and s.damage[SABLE] == 3


# --- out of action -----------------------------------------------------------------------------------------------------
def test_out_of_action_goes_to_the_gate_healed_and_the_other_player_gains_a_vp():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    s.damage[SABLE] = 5
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.pos[SABLE] == GATE and s.damage[SABLE] == 0 and s.vp == [1, 0]


def test_the_champion_whose_card_did_it_levels_up_once_and_its_hit_points_are_not_restored():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    s.damage[SABLE] = 5
    s.damage[KESSA] = 4
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.levelled[KESSA] and s.damage[KESSA] == 4
    board.knock_out(s, KESSA, SABLE, [])
    assert not s.levelled[KESSA], "out of action: back on the basic side"
    s.pos[KESSA] = H(0, 2)
    board.knock_out(s, ILSE, KESSA, [])
    assert not s.levelled[KESSA], "a champion levels up only once a game"


def test_a_trap_that_takes_a_champion_out_levels_nobody_up():
    s = duel()
    put(s, KESSA, 0, 2)
    s.damage[KESSA] = 8
    trap(s, 1, 1, "spikes")
    give(s, 0, card(KESSA, "bloodscent"))
    do(s, "play", card(KESSA, "bloodscent"))
    do(s, "hex", H(1, 1))
    assert s.pos[KESSA] == GATE and s.vp == [0, 1] and not any(s.levelled)


def test_champions_at_the_gate_cannot_be_targeted():
    s = duel()
    put(s, MAUD, 0, 2)
    put(s, SABLE, 1, 2)
    put(s, ILSE, -1, 2)
    s.pos[SABLE] = GATE
    give(s, 0, card(MAUD, "quake"))
    do(s, "play", card(MAUD, "quake"))
    assert s.damage[ILSE] == 1 and s.damage[SABLE] == 0


def test_a_champion_re_enters_on_its_players_next_turn_through_its_deployment_area():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    s.damage[SABLE] = 6
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    do(s, "end")
    give(s, 1, card(SABLE, "longshot"), card(SABLE, "warning_shot"))
    assert why(s, "play", card(SABLE, "warning_shot")).endswith("only a card with movement brings it back.")
    do(s, "play", card(SABLE, "longshot"))
    assert {a.args[0] for a in GAME.legal_actions(s) if a.kind == "hex"} <= set(arena().deploy[1])
    do(s, "hex", arena().deploy[1][4])
    assert s.pos[SABLE] == arena().deploy[1][4]


def test_a_champion_taken_out_on_its_own_turn_waits_for_its_players_next_turn():
    s = duel()
    s.damage[KESSA] = 8
    put(s, KESSA, 0, 2)
    trap(s, 1, 1, "spikes")
    give(s, 0, card(KESSA, "bloodscent"), card(KESSA, "thorn_maul"))
    do(s, "play", card(KESSA, "bloodscent"))
    do(s, "hex", H(1, 1))
    do(s, "hex", H(2, 0))
    assert why(s, "play", card(KESSA, "thorn_maul")).endswith("it can come back on your next turn.")


# --- winning ----------------------------------------------------------------------------------------------------------------
def test_the_first_player_to_five_vp_wins_at_once():
    s = duel()
    s.vp = [4, 0]
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    s.damage[SABLE] = 6
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.phase == OVER and GAME.result(s).winners == [0] and GAME.to_act(s) is None
    assert s.pos[SABLE] == GATE and s.damage[SABLE] == 0, "the push after the damage never happens"
    with pytest.raises(IllegalAction):
        GAME.apply(s, act("end"))


def test_when_both_reach_five_together_the_non_active_player_wins():
    s = duel()
    s.vp = [5, 5]
    flow.settle(s, [])
    assert s.phase == OVER and s.winner == 1


# --- views and explanations ----------------------------------------------------------------------------------------------------
def test_a_view_hides_the_other_hand_both_decks_and_unsprung_trap_effects():
    s = duel()
    trap(s, 1, 1, "spikes")
    give(s, 0, 0, 1)
    give(s, 1, 18, 19)
    v = GAME.view(s, 0)
    assert v.hands[0] == s.hands[0] and set(v.hands[1]) == {-1}
    assert set(v.decks[0]) == {-1} and set(v.traps.values()) == {-1}
    t = GAME.sample(v, Rng(3))
    assert -1 not in t.hands[1] and -1 not in t.traps.values()


def test_why_illegal_names_the_decision_that_is_waited_for():
    s = duel()
    give(s, 0, card(KESSA, "thorn_maul"))
    do(s, "play", card(KESSA, "thorn_maul"))
    assert why(s, "end") == "First, a champion is moving: choose its next hex or stop."
    assert why(s, "hex", 999) == "That hex is not in the arena."
    assert why(s, "target", 3) == "First, a champion is moving: choose its next hex or stop."


# --- levelled-up abilities ---------------------------------------------------------------------------------------------------------
def _levelled(s, c):
    s.levelled[c] = s.levelled_ever[c] = True


def test_a_levelled_champion_uses_its_new_ability_strength_defence_and_movement():
    s = duel()
    put(s, KESSA, 0, 2)
    put(s, SABLE, 1, 2)
    _levelled(s, KESSA)                        # Briar Queen: attacks +1 strength
    give(s, 0, card(KESSA, "thorn_maul"))
    play_still(s, card(KESSA, "thorn_maul"))
    assert s.damage[SABLE] == 4 + 1
    _levelled(s, MAUD)                         # Heartwood: +1 defence
    assert board.defence(s, MAUD) == 3
    _levelled(s, ORRIN)                        # Stormrider: +1 movement on its cards
    give(s, 0, card(ORRIN, "crosswind"))
    do(s, "play", card(ORRIN, "crosswind"))
    assert s.pending[-1].kind == "walk" and s.pending[-1].n == 1 + 1


def test_levelled_poison_healing_and_shields():
    s = duel()
    put(s, SABLE, 0, 2)
    put(s, ILSE, 1, 2)
    put(s, VARRO, -1, 2)
    for c in (SABLE, ILSE, VARRO):
        _levelled(s, c)
    s.damage[VARRO] = 2
    do(s, "end")                               # Player 2's upkeep has not come yet: no healing
    assert s.damage[VARRO] == 2
    give(s, 0)
    do(s, "end")                               # Cinder King heals 1 in its player's Upkeep Phase
    assert s.damage[VARRO] == 1
    put(s, KESSA, 2, 2)
    put(s, SABLE, -3, 3)                       # out of the way of the push
    give(s, 0, card(KESSA, "thorn_maul"))
    give(s, 1, card(ILSE, "ward"))
    play_still(s, card(KESSA, "thorn_maul"))
    do(s, "react", card(ILSE, "ward"))         # Archivist: the reaction shields 1 more
    assert s.damage[ILSE] == 0
    do(s, "end")
    put(s, ILSE, -3, 2)
    put(s, SABLE, 0, 2)
    put(s, KESSA, 2, 2)
    give(s, 1, card(SABLE, "longshot"))
    give(s, 0)
    play_still(s, card(SABLE, "longshot"))
    do(s, "target", KESSA)                     # Maud, on her deployment area, is in range too
    assert s.damage[KESSA] == (3 - 1) + 1, "Nightshade: its attacks have Poison 1"


def test_each_targeted_champion_may_raise_one_reaction_with_its_own_card():
    s = duel()
    put(s, MAUD, 0, 2)
    put(s, SABLE, 1, 2)
    put(s, ILSE, -1, 2)
    give(s, 0, card(MAUD, "quake"))
    give(s, 1, card(SABLE, "slip_away"), card(ILSE, "ward"), card(VARRO, "spite"))
    do(s, "play", card(MAUD, "quake"))
    assert why(s, "react", card(VARRO, "spite")) == \
        "Spite shields Varro Ash, who is not a target of this attack."
    assert why(s, "end") == "First, the defending player reacts to the attack or passes."
    do(s, "react", card(SABLE, "slip_away"))
    assert GAME.to_act(s) == 1, "the defender may raise another reaction"
    do(s, "react", card(ILSE, "ward"))
    assert s.damage[SABLE] == 2 - 1 and s.damage[ILSE] == 0


def test_a_jump_or_a_place_that_lands_on_a_trap_springs_it():
    s = duel()
    put(s, ORRIN, -1, 1)
    trap(s, 1, -2, "spikes")
    give(s, 0, card(ORRIN, "updraft"))
    do(s, "play", card(ORRIN, "updraft"))
    ev = do(s, "hex", H(1, -2))
    assert "trap" in kinds(ev) and s.damage[ORRIN] == 2


def test_a_champion_at_its_gate_may_come_back_with_a_standard_action():
    s = duel()
    s.pos[KESSA] = GATE
    give(s, 0)
    assert why(s, "standard", "red", "move", KESSA) is None
    do(s, "standard", "red", "move", KESSA)
    assert {a.args[0] for a in GAME.legal_actions(s) if a.kind == "hex"} == \
        {h for h in arena().deploy[0] if board.free(s, h)}

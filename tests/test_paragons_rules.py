"""Paragons: the rules of a game, one test per rule (rules text, RULINGS.md, rules_page.md):
turns and mana, the board, combat, reaction chains, and every keyword."""

import pytest
from paragons_helpers import (MAGE, RANGER, WARRIOR, do, duel, every_card_once, has_move,
                              legal, let_resolve, pt, to_board, to_hand, to_hidden, to_pool, why)
from paragons_helpers import end_turn as _end_turn

from tabletop.core.game import IllegalAction
from tabletop.games.paragons.engine import actions as A
from tabletop.games.paragons.engine import effects
from tabletop.games.paragons.engine.moves import recruit_price
from tabletop.games.paragons.engine.rules import GAME
from tabletop.games.paragons.engine.stats import attack, health, keywords
from tabletop.games.paragons.engine.targets import link_target, space_target


def end_turn(s):
    """The turn ends and the next begins: the other players let both moments pass (spells may
    be played there: tests of those moments say so)."""
    _end_turn(s)
    let_resolve(s)


# --- turns, drawing, mana, Life -------------------------------------------------------------------

def test_play_order_is_warrior_then_mage_then_ranger():
    s = duel((RANGER, MAGE, WARRIOR))
    assert s.turn == 2
    end_turn(s)
    assert s.turn == 1
    end_turn(s)
    assert s.turn == 0 and s.round == 1
    end_turn(s)
    assert s.turn == 2 and s.round == 2


def test_a_turn_draws_up_to_five_or_one_when_holding_five_or_more():
    s = duel(empty=False)
    assert len(s.hands[0]) == 6, "5 in hand at the start of the turn: exactly 1 more"
    for c in s.hands[1][:3]:
        s.hands[1].remove(c)
        s.decks[1].insert(0, c)
    end_turn(s)
    assert len(s.hands[1]) == 5, "2 in hand: 3 more, up to 5"


def test_a_player_who_cannot_draw_loses():
    s = duel()
    s.discards[1] += s.decks[1]
    s.decks[1] = []
    end_turn(s)
    assert s.phase == "over" and s.winner == 0 and "cannot draw" in s.reason


def test_the_mana_threshold_is_the_round_capped_at_10():
    s = duel()
    seen = []
    for _ in range(12):
        seen.append(s.mana[0])
        end_turn(s)
        end_turn(s)
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]


def test_unspent_mana_carries_into_other_players_turns_for_spells():
    s = duel()
    end_turn(s)                      # the Mage keeps its 1 mana
    bolt = to_hand(s, 1, "firebolt")
    end_turn(s)
    assert s.turn == 0 and s.mana[1] == 1
    m = to_hand(s, 0, "drillyard-recruit")
    do(s, "play", m, 0, -1, ())
    assert GAME.to_act(s) == 1
    do(s, "cast", bolt, (pt(0),))
    let_resolve(s)
    assert s.mana[1] == 0 and s.life[0] == 18


def test_spent_mana_is_not_refunded_when_a_spell_is_cancelled():
    s = duel()
    s.mana[0], s.mana[1] = 3, 2
    to_board(s, 0, "stonecutter", 0)
    cry = to_hand(s, 0, "rallying-cry")
    nullify = to_hand(s, 1, "nullify")
    do(s, "cast", cry, ())
    do(s, "cast", nullify, (link_target(0),))
    let_resolve(s)
    assert s.mana == [1, 0] and cry in s.discards[0] and nullify in s.discards[1]
    assert s.buff_atk == {}


def test_life_starts_at_20_and_never_exceeds_it():
    s = duel()
    s.life[0] = 19
    effects.gain_life(s, 0, 5, [])
    assert s.life[0] == 20


def test_life_at_0_or_below_loses_the_game():
    s = duel()
    s.life[1] = 3
    m = to_board(s, 0, "ogre-thug", 0)
    do(s, "attack", m, pt(1))
    let_resolve(s)
    assert s.life[1] == -1 and s.phase == "over" and s.winner == 0


# --- the board ---------------------------------------------------------------------------------

def test_a_mercenary_goes_to_any_space_bumping_its_occupant_to_an_empty_surrounding_space():
    s = duel()
    s.mana[0] = 5
    old = to_board(s, 0, "stonecutter", 1)
    new = to_hand(s, 0, "tavern-brawler")
    spaces = {(a.args[1], a.args[2]) for a in legal(s, "play") if a.args[0] == new}
    assert (1, 0) in spaces and (1, 2) in spaces and (1, 5) in spaces and (1, 3) not in spaces
    assert (4, -1) in spaces and len([x for x in spaces if x[0] == 1]) == 3
    do(s, "play", new, 1, 5, ())
    assert s.spaces[0][1] == new and s.spaces[0][5] == old
    assert why(s, "play", to_hand(s, 0, "ragged-sellsword"), 1, 3, ()).startswith("Ragged Sellsword cannot go there")


def test_mercenaries_cannot_attack_or_use_abilities_the_turn_they_are_played():
    s = duel()
    s.mana[0] = 9
    m = to_hand(s, 0, "road-warden")
    do(s, "play", m, 0, -1, ())
    assert not legal(s, "attack") and not legal(s, "garrison")
    assert why(s, "attack", m, pt(1)) == "Road Warden arrived this turn: it cannot attack until your next turn."
    end_turn(s)
    end_turn(s)
    assert has_move(s, "attack", m, pt(1)) and has_move(s, "garrison", m)


def test_a_melee_mercenary_behind_an_ally_cannot_attack_but_a_ranged_one_can():
    s = duel()
    to_board(s, 0, "stonecutter", 0)
    melee = to_board(s, 0, "tavern-brawler", 4)
    ranged = to_board(s, 0, "crossbow-militia", 5)
    to_board(s, 0, "hill-goatherd", 1)
    assert why(s, "attack", melee, pt(1)).endswith("an ally stands in front of it: it cannot attack.")
    assert has_move(s, "attack", ranged, pt(1))


def test_attacks_target_a_player_a_front_line_mercenary_or_an_exposed_back_line_one():
    s = duel()
    a = to_board(s, 0, "stonecutter", 0)
    front = to_board(s, 1, "hill-goatherd", 0)
    covered = to_board(s, 1, "tavern-brawler", 4)
    exposed = to_board(s, 1, "crossbow-militia", 5)
    aims = {x.args[1] for x in legal(s, "attack") if x.args[0] == a}
    assert aims == {pt(1), front, exposed}
    assert "no ally in front of it" in why(s, "attack", a, covered)


def test_attacker_and_target_trade_attack_power_at_once_and_the_destroyed_go_to_their_discard():
    s = duel()
    a = to_board(s, 0, "tavern-brawler", 0)          # 2/3
    t = to_board(s, 1, "crossbow-militia", 0)        # 2/2
    do(s, "attack", a, t)
    let_resolve(s)
    assert t in s.discards[1] and s.damage[a] == 2 and a in s.at


def test_damage_on_a_surviving_mercenary_heals_at_the_start_of_the_next_turn():
    s = duel()
    a = to_board(s, 0, "tavern-brawler", 0)
    to_board(s, 1, "crossbow-militia", 0)
    do(s, "attack", a, s.spaces[1][0])
    let_resolve(s)
    assert s.damage[a] == 2
    end_turn(s)
    assert a not in s.damage


def test_cards_played_on_another_board_go_to_their_players_discard():
    s = duel()
    s.mana[1] = 5
    victim = to_board(s, 0, "stonecutter", 0)
    curse = to_hand(s, 1, "curse-of-frailty")
    end_turn(s)
    s.mana[1] = 5
    do(s, "cast", curse, (victim,))
    let_resolve(s)
    assert s.imbued[victim] == [curse] and health(s, victim) == 1
    bolt = to_hand(s, 1, "firebolt")
    do(s, "cast", bolt, (victim,))
    let_resolve(s)
    assert victim in s.discards[0] and curse in s.discards[1]


def test_attacking_exhausts_and_mercenaries_recover_at_their_players_turn():
    s = duel()
    a = to_board(s, 0, "stonecutter", 0)
    do(s, "attack", a, pt(1))
    let_resolve(s)
    assert a in s.exhausted
    end_turn(s)
    assert a in s.exhausted, "it recovers at its own player's turn"
    end_turn(s)
    assert a not in s.exhausted


def test_a_mercenary_attacks_once_per_turn():
    s = duel()
    a = to_board(s, 0, "stonecutter", 0)
    do(s, "attack", a, pt(1))
    let_resolve(s)
    s.exhausted.discard(a)
    assert why(s, "attack", a, pt(1)) == "Stonecutter has already attacked this turn."


def test_an_attacked_player_may_defend_with_any_unexhausted_mercenary_or_lose_life():
    s = duel()
    s.mana[1] = 0
    a = to_board(s, 0, "stonecutter", 0)             # 2/3
    d1 = to_board(s, 1, "hill-goatherd", 2)          # 1/3
    d2 = to_board(s, 1, "tavern-brawler", 7)
    tired = to_board(s, 1, "crossbow-militia", 3)
    s.exhausted.add(tired)
    do(s, "attack", a, pt(1))
    assert GAME.to_act(s) == 1
    assert {x.args[1] for x in legal(s, "defend")} == {d1, d2}
    do(s, "defend", a, d1)
    let_resolve(s)
    assert s.life[1] == 20 and s.damage[d1] == 2 and s.damage[a] == 1
    assert d1 not in s.exhausted, "defending does not exhaust"
    b = to_board(s, 0, "ogre-thug", 1)
    do(s, "attack", b, pt(1))
    let_resolve(s)                                  # no defence this time
    assert s.life[1] == 16


def test_an_attacked_mercenary_may_be_defended_by_an_adjacent_unexhausted_one():
    s = duel()
    a = to_board(s, 0, "ogre-thug", 0)
    t = to_board(s, 1, "hill-goatherd", 1)
    left = to_board(s, 1, "stonecutter", 0)
    far = to_board(s, 1, "tavern-brawler", 3)
    behind = to_board(s, 1, "iron-sentinel", 5)
    do(s, "attack", a, t)
    assert {x.args[1] for x in legal(s, "defend")} == {left}
    assert not has_move(s, "defend", a, far) and not has_move(s, "defend", a, behind)
    do(s, "defend", a, left)
    let_resolve(s)
    assert left in s.discards[1] and t in s.at


def test_exhausted_mercenaries_cannot_defend():
    s = duel()
    a = to_board(s, 0, "ogre-thug", 0)
    d = to_board(s, 1, "hill-goatherd", 0)
    s.exhausted.add(d)
    do(s, "attack", a, pt(1))
    assert not legal(s, "defend") and s.life[1] == 16


# --- casters, ranged, recruiting, spells ---------------------------------------------------------------

def test_a_caster_exhausts_to_deal_its_base_attack_and_cannot_attack_that_turn():
    s = duel((MAGE, RANGER))
    c = to_board(s, 0, "hedge-wizard", 4)             # 2/2 caster
    t = to_board(s, 1, "iron-sentinel", 0)            # 2/5 melee
    do(s, "caster", c, t)
    let_resolve(s)
    assert s.damage[t] == 2 and c in s.exhausted and c not in s.damage, "a melee target does not hit back"
    s.exhausted.discard(c)
    assert why(s, "attack", c, pt(1)) == "Hedge Wizard used its caster ability this turn: it cannot attack too."
    s2 = duel((MAGE, RANGER))
    c2 = to_board(s2, 0, "hedge-wizard", 4)
    do(s2, "attack", c2, pt(1))
    let_resolve(s2)
    s2.exhausted.discard(c2)
    assert why(s2, "caster", c2, t if t in s2.at else to_board(s2, 1, "stonecutter", 0)) == \
        "Hedge Wizard attacked this turn: it cannot cast too."


def test_a_ranged_mercenary_hits_back_at_a_casters_ability():
    s = duel((MAGE, RANGER))
    c = to_board(s, 0, "candle-acolyte", 4)           # 1/1 caster
    t = to_board(s, 1, "crossbow-militia", 0)         # 2/2 ranged
    do(s, "caster", c, t)
    let_resolve(s)
    assert c in s.discards[0] and s.damage[t] == 1


def test_recruiting_costs_2_for_a_lesser_3_for_a_greater_and_refills_the_pool():
    s = duel()
    lesser = to_pool(s, "ragged-sellsword")
    greater = to_pool(s, "behemoth")
    s.mana[0] = 2
    assert has_move(s, "recruit", lesser)
    assert why(s, "recruit", greater) == "Recruiting Behemoth costs 3 mana; you have 2."
    before = len(s.neutral_deck)
    do(s, "recruit", lesser)
    let_resolve(s)
    assert lesser in s.hands[0] and s.mana[0] == 0 and len(s.neutral_deck) == before - 1
    assert len(s.pool) == 7 and lesser not in s.pool
    assert GAME.view(s, 1).designs[lesser] == "ragged-sellsword", "a recruit is seen by all"


def test_spells_can_be_played_on_other_players_turns_but_mercenaries_cannot():
    s = duel()
    s.mana[1] = 3
    bolt = to_hand(s, 1, "firebolt")
    merc = to_hand(s, 1, "storm-adept")
    m = to_hand(s, 0, "drillyard-recruit")
    do(s, "play", m, 0, -1, ())
    assert GAME.to_act(s) == 1
    assert has_move(s, "cast", bolt, (pt(0),))
    assert why(s, "play", merc, 0, -1, ()).startswith("On another player's turn you may only answer")


# --- reaction chains ------------------------------------------------------------------------------------

def test_every_voluntary_action_opens_a_window_for_the_other_players():
    s = duel()
    s.mana = [9, 1]
    to_hand(s, 1, "firebolt")
    g = to_board(s, 0, "road-warden", 0)
    for kind, args in (("play", (to_hand(s, 0, "stonecutter"), 1, -1, ())), ("garrison", (g,)),
                       ("recruit", (s.pool[0],)), ("hide", (to_hand(s, 0, "last-stand"),)),
                       ("attack", (g, pt(1)))):
        do(s, kind, *args)
        assert GAME.to_act(s) == 1 and s.stack, kind
        let_resolve(s)


def test_the_last_link_added_resolves_first():
    s = duel()
    s.mana[1] = 1
    a = to_board(s, 0, "crossbow-militia", 0)         # 2/2
    bolt = to_hand(s, 1, "firebolt")
    do(s, "attack", a, pt(1))
    do(s, "cast", bolt, (a,))
    let_resolve(s)
    assert a in s.discards[0] and s.life[1] == 20, "the Firebolt resolved before the attack"


def test_a_link_that_can_no_longer_be_done_is_chosen_again_with_the_same_card():
    s = duel((WARRIOR, RANGER))
    s.mana[1] = 2
    a = to_board(s, 0, "ogre-thug", 0)
    t = to_board(s, 1, "hill-goatherd", 0)
    vanish = to_hand(s, 1, "vanish")
    do(s, "attack", a, t)
    do(s, "cast", vanish, (t,))
    let_resolve(s)
    assert s.pending is not None and GAME.to_act(s) == 0 and t in s.hands[1]
    assert [x.args for x in legal(s)] == [(-1, -1, (pt(1),))]
    assert why(s, "end_turn").endswith("choose again for it first.")
    do(s, "rechoose", -1, -1, (pt(1),))
    assert s.pending is None and s.life[1] == 16


def test_a_link_with_no_other_choice_is_rescinded_its_card_returns_and_mana_stays_spent():
    s = duel((WARRIOR, RANGER))
    s.mana = [1, 2]
    t = to_board(s, 1, "hill-goatherd", 0)
    shot_owner_hand = to_hand(s, 0, "quick-shot")       # any card can be fetched for a test
    vanish = to_hand(s, 1, "vanish")
    do(s, "cast", shot_owner_hand, (t,))
    do(s, "cast", vanish, (t,))
    let_resolve(s)
    assert shot_owner_hand in s.hands[0] and s.mana[0] == 0 and s.pending is None
    every_card_once(s)


def test_rule_spells_may_be_played_on_either_turn_once_the_beginning_of_a_turn_is_done():
    """"You may play Spells any time on either your or your opponents' turns", and Voluntary
    Actions come only after the Beginning of a turn: the other players may act once the turn
    player has drawn, before the turn player's first action."""
    s = duel((WARRIOR, MAGE))
    s.mana = [1, 1]
    bolt = to_hand(s, 0, "firebolt")
    to_hand(s, 0, "ogre-thug")
    do(s, "end_turn")
    assert s.turn == 1 and len(s.hands[1]) == 5 and s.mana[1] == 1, "the Beginning is done"
    assert GAME.to_act(s) == 0, "the other player is asked before the turn player acts"
    assert {a.kind for a in legal(s)} == {"cast", "decline"}, "spells only: no mercenary"
    do(s, "cast", bolt, (pt(1),))
    let_resolve(s)
    assert s.life[1] == 18 and s.turn == 1 and GAME.to_act(s) == 1 and has_move(s, "end_turn")


def test_rule_spells_may_be_played_when_the_turn_player_would_end_the_turn():
    """...and before the Ending of a turn: when the turn player would end it."""
    s = duel((WARRIOR, MAGE))
    s.mana = [1, 1]
    bolt = to_hand(s, 1, "firebolt")
    merc = to_hand(s, 1, "slingshot-urchin")
    do(s, "end_turn")
    assert s.turn == 0 and GAME.to_act(s) == 1, "the turn has not ended yet"
    assert not has_move(s, "play", merc, 0, -1, ()) and has_move(s, "cast", bolt, (pt(0),))
    do(s, "cast", bolt, (pt(0),))
    let_resolve(s)
    assert s.life[0] == 18 and s.turn == 1, "the spell resolved, then the turn ended"


def test_rule_spells_any_time_a_player_with_nothing_to_play_is_passed_for_automatically():
    s = duel((WARRIOR, MAGE))
    s.mana = [1, 1]
    to_hand(s, 1, "slingshot-urchin")                 # a mercenary: not for another's turn
    to_hand(s, 1, "banishing-word")                   # a spell dearer than the mana left
    to_hand(s, 0, "ogre-thug")
    do(s, "end_turn")
    assert s.turn == 1 and not s.stack and GAME.to_act(s) == 1 and has_move(s, "end_turn")
    do(s, "end_turn")
    assert s.turn == 0 and not s.stack and GAME.to_act(s) == 0 and has_move(s, "end_turn")


def test_rule_spells_any_time_in_a_three_for_all_every_other_player_gets_the_moment():
    s = duel((WARRIOR, MAGE, RANGER))
    s.mana = [1, 1, 1]
    shot = to_hand(s, 1, "quick-shot")
    bolt = to_hand(s, 2, "firebolt")
    to_board(s, 0, "stonecutter", 0)
    do(s, "end_turn")
    assert s.turn == 0 and GAME.to_act(s) == 1, "round the table from the player after"
    do(s, "decline")
    assert GAME.to_act(s) == 2
    do(s, "cast", bolt, (pt(0),))
    let_resolve(s)
    assert s.life[0] == 18 and s.turn == 1 and shot in s.hands[1] and bolt in s.discards[2]


def test_start_and_end_of_turn_effects_open_no_window():
    s = duel((WARRIOR, MAGE))
    to_board(s, 1, "archmage-of-the-spire", 4)
    to_board(s, 1, "chaplain-of-embers", 5)
    s.life[1] = 15
    to_hand(s, 0, "firebolt")
    end_turn(s)
    assert s.life[0] == 19 and s.prio == -1 and not s.stack and GAME.to_act(s) == 1
    do(s, "end_turn")            # first the others' moment before the Ending (spells may come)
    assert GAME.to_act(s) == 0 and s.turn == 1 and s.life[1] == 15
    do(s, "decline")
    assert s.life[1] == 16 and s.turn == 0
    assert all(link.kind == "begin" for link in s.stack), "the effects themselves asked nobody"


def test_fated_spells_resolve_at_once_and_cannot_be_answered():
    s = duel()
    s.mana = [1, 5]
    m = to_board(s, 0, "stonecutter", 0)
    s.exhausted.add(m)
    to_hand(s, 1, "nullify")
    firm = to_hand(s, 0, "stand-firm")
    do(s, "cast", firm, (m,))
    assert not s.stack and s.prio == -1 and GAME.to_act(s) == 0
    assert health(s, m) == 6 and m not in s.exhausted and firm in s.discards[0]


def test_a_fated_answer_resolves_at_once_and_everyone_is_asked_again():
    s = duel((MAGE, RANGER))
    s.mana = [3, 1]
    m = to_board(s, 0, "stonecutter", 0)
    t = to_board(s, 1, "iron-sentinel", 0)          # 2/5
    surge = to_hand(s, 0, "arcane-surge")
    to_hand(s, 1, "quick-shot")
    do(s, "attack", m, t)
    assert GAME.to_act(s) == 1
    do(s, "decline")
    do(s, "cast", surge, (m,))                      # Fated: +3 attack before the attack lands
    assert attack(s, m) == 5 and len(s.stack) == 1 and GAME.to_act(s) == 0 and s.declines == 0
    let_resolve(s)
    assert t in s.discards[1]


def test_seats_are_asked_on_what_the_table_shows():
    s = duel()
    s.mana = [5, 0]
    m = to_hand(s, 0, "stonecutter")
    do(s, "play", m, 0, -1, ())
    assert not s.stack, "no cards, no mana, nothing face down: the Mage is not asked"
    to_hidden(s, 1, "flash-freeze")
    n = to_hand(s, 0, "hill-goatherd")
    do(s, "play", n, 1, -1, ())
    assert GAME.to_act(s) == 1, "a face-down card might answer: the Mage is asked"


# --- keywords -------------------------------------------------------------------------------------------

def test_garrison_adds_its_base_stats_per_counter_once_per_turn_for_its_cost():
    s = duel()
    s.mana[0] = 5
    g = to_board(s, 0, "road-warden", 0)             # 2/2, cost 2
    do(s, "garrison", g)
    let_resolve(s)
    assert s.garrison[g] == 1 and attack(s, g) == 4 and health(s, g) == 4 and s.mana[0] == 3
    assert why(s, "garrison", g) == "Road Warden has already taken a Garrison counter this turn."
    end_turn(s)
    end_turn(s)
    do(s, "garrison", g)
    let_resolve(s)
    assert attack(s, g) == 6 and health(s, g) == 6
    assert why(s, "garrison", to_board(s, 0, "stonecutter", 1)) == "Stonecutter does not have Garrison."


def test_garrison_counters_fall_off_for_each_full_base_health_of_damage():
    for dmg, counters, left in ((2, 1, 0), (3, 1, 1), (4, 0, 0), (5, 0, 1)):
        s = duel()
        g = to_board(s, 0, "road-warden", 0)         # 2/2 with two counters: 6/6
        s.garrison[g] = 2
        effects.deal_damage(s, g, dmg, -1, [])
        effects.settle(s, [])
        assert s.garrison.get(g, 0) == counters and s.damage[g] == left and g in s.at, dmg
    s = duel()
    g = to_board(s, 0, "road-warden", 0)
    s.garrison[g] = 2
    effects.deal_damage(s, g, 6, -1, [])
    effects.settle(s, [])
    assert g in s.discards[0]


def test_hidden_cards_go_face_down_on_your_turn_and_are_revealed_when_their_condition_is_met():
    s = duel((WARRIOR, RANGER))
    s.mana = [5, 2]
    pit = to_hand(s, 1, "pitfall")
    end_turn(s)
    assert why(s, "cast", pit, (pt(0),)).startswith("Pitfall is Hidden: put it face down")
    s.mana[1] = 2
    do(s, "hide", pit)
    let_resolve(s)
    assert pit in s.hidden[1] and s.mana[1] == 0
    assert GAME.view(s, 0).designs[s.hidden[1][0]] == "", "face down to the others"
    assert why(s, "reveal", pit, -1, -1, (pt(0),)) == \
        "Pitfall can only be revealed when an enemy attacks you or one of your mercenaries."
    end_turn(s)
    a = to_board(s, 0, "stonecutter", 0)            # 2/3
    do(s, "attack", a, pt(1))
    do(s, "reveal", pit, -1, -1, (a,))
    let_resolve(s)
    assert a in s.discards[0] and pit in s.discards[1] and s.life[1] == 20


def test_a_hidden_mercenary_enters_the_board_when_revealed():
    s = duel()
    s.mana = [3, 3]
    pikes = to_hidden(s, 0, "reserve-pikemen")
    end_turn(s)
    m = to_board(s, 1, "stonecutter", 0)
    do(s, "attack", m, pt(0))
    do(s, "reveal", pikes, 2, -1, ())
    let_resolve(s)
    assert s.spaces[0][2] == pikes and s.life[0] == 18


def test_reach_bypasses_the_front_line_and_its_attacks_on_mercenaries_cannot_be_defended():
    s = duel()
    archer = to_board(s, 0, "fen-archer", 4)           # 2/1 ranged, Reach
    to_board(s, 1, "stonecutter", 0)
    behind = to_board(s, 1, "slingshot-urchin", 4)
    to_board(s, 1, "hill-goatherd", 5)
    assert has_move(s, "attack", archer, behind)
    do(s, "attack", archer, behind)
    assert not legal(s, "defend") and behind in s.discards[1]


def test_bounce_returns_a_mercenary_to_its_owners_hand():
    s = duel((WARRIOR, RANGER))
    s.mana[0] = 2
    t = to_board(s, 1, "stonecutter", 0)
    blade = to_hand(s, 1, "tempered-blade")
    s.imbued[t] = [blade]
    s.hands[1].remove(blade)
    s.host[blade] = t
    vanish = to_hand(s, 0, "vanish")
    do(s, "cast", vanish, (t,))
    let_resolve(s)
    assert t in s.hands[1] and t in s.known[1] and blade in s.discards[1]
    assert GAME.view(s, 0).designs[t] == "stonecutter", "a Bounced card is seen going back"


def test_first_blood_strikes_first():
    s = duel()
    fb = to_board(s, 0, "dune-outrider", 0)           # 2/2 First Blood
    t = to_board(s, 1, "crossbow-militia", 0)         # 2/2
    do(s, "attack", fb, t)
    assert t in s.discards[1] and fb not in s.damage
    plain = to_board(s, 0, "ragged-sellsword", 1)     # 1/2: no First Blood, both hit
    t2 = to_board(s, 1, "slingshot-urchin", 1)        # 1/1
    do(s, "attack", plain, t2)
    assert t2 in s.discards[1] and s.damage[plain] == 1


def test_first_blood_does_not_apply_when_defending():
    s = duel()
    a = to_board(s, 0, "crossbow-militia", 0)         # 2/2
    d = to_board(s, 1, "dune-outrider", 0)            # 2/2 First Blood
    do(s, "attack", a, d)
    assert a in s.discards[0] and d in s.discards[1]


def test_critical_strike_doubles_attack_damage_but_not_when_defending():
    s = duel()
    crit = to_board(s, 0, "rust-mauler", 0)           # 2/2 Critical Strike
    do(s, "attack", crit, pt(1))
    assert s.life[1] == 16
    end_turn(s)
    s.exhausted.discard(crit)
    a = to_board(s, 1, "iron-sentinel", 0)            # 2/5
    do(s, "attack", a, pt(0))
    do(s, "defend", a, crit)
    let_resolve(s)
    assert s.damage[a] == 2


def test_banish_sends_a_mercenary_to_its_owners_reserve_pile():
    s = duel((MAGE, RANGER))
    s.mana[0] = 5
    t = to_board(s, 1, "beast-tamer", 0)             # a card of the Ranger's own
    word = to_hand(s, 0, "banishing-word")
    do(s, "cast", word, (t,))
    let_resolve(s)
    assert t in s.reserves[1] and t in s.banished
    assert GAME.view(s, 0).designs[t] == "beast-tamer", "a Banished card's place is public"
    every_card_once(s)


def test_concealed_mercenaries_are_no_target_for_enemy_spells_and_abilities():
    s = duel((MAGE, RANGER))
    s.mana[0] = 5
    hidden_one = to_board(s, 1, "hooded-cutpurse", 0)  # Concealed
    bolt = to_hand(s, 0, "firebolt")
    caster = to_board(s, 0, "hedge-wizard", 4)
    assert not has_move(s, "cast", bolt, (hidden_one,)) and has_move(s, "cast", bolt, (pt(1),))
    # the refusal names the rule, not only "not a valid target"
    assert why(s, "cast", bolt, (hidden_one,)) == (
        "Hooded Cutpurse is Concealed: enemy spells and abilities cannot target it "
        "(the arrival of a mercenary still can).")
    assert not has_move(s, "caster", caster, hidden_one)
    assert why(s, "caster", caster, hidden_one) == "A Caster hits an enemy mercenary that is not Concealed."
    thrower = to_hand(s, 0, "javelin-thrower")        # an arrival effect is a passive ability
    assert has_move(s, "play", thrower, 1, -1, (hidden_one,))
    assert has_move(s, "attack", caster, hidden_one), "Concealed does not stop attacks"
    mine = to_board(s, 0, "lantern-moth", 2)
    assert has_move(s, "cast", to_hand(s, 0, "arcane-surge"), (mine,)), "your own spells may target it"


READIERS = ("grove-warden", "field-medic", "beast-handler")   # Exhaust: another mercenary of yours Recovers
NOT_ITSELF = "An ability that says another mercenary cannot target the mercenary it comes from."


def _aims(s, m):
    return sorted(A.ABILITY.targets(a)[0] for a in legal(s, "ability") if A.ABILITY.card(a) == m)


def test_an_ability_on_another_mercenary_cannot_target_the_mercenary_it_comes_from():
    # aimed at itself it would pay its exhaust and take it back: a free move, for ever
    for design in READIERS:
        s = duel((MAGE, RANGER))
        m = to_board(s, 0, design, 0)
        to_board(s, 0, "stonecutter", 1)
        assert m not in _aims(s, m)
        assert why(s, "ability", m, 0, (m,)) == NOT_ITSELF
        with pytest.raises(IllegalAction, match="cannot target the mercenary it comes from"):
            do(s, "ability", m, 0, (m,))
        assert m not in s.exhausted and not s.stack


def test_an_ability_on_another_mercenary_readies_any_other_mercenary_of_yours():
    s = duel((MAGE, RANGER))
    medic = to_board(s, 0, "field-medic", 4)
    a, b = to_board(s, 0, "stonecutter", 0), to_board(s, 0, "tavern-brawler", 1)
    to_board(s, 1, "beast-tamer", 0)
    assert _aims(s, medic) == sorted((a, b)), "an ally, never an enemy nor itself"
    s.exhausted.add(a)
    do(s, "ability", medic, 0, (a,))
    let_resolve(s)
    assert a not in s.exhausted and medic in s.exhausted
    assert not legal(s, "ability"), "the cost stays paid"


def test_a_link_aimed_at_its_own_mercenary_is_chosen_again_when_it_resolves():
    s = duel((MAGE, RANGER))
    warden = to_board(s, 0, "grove-warden", 0)
    ally = to_board(s, 0, "stonecutter", 1)
    to_hidden(s, 1, "smoke-screen")                   # so the Ranger is asked and the link waits
    do(s, "ability", warden, 0, (ally,))
    s.stack[-1] = s.stack[-1].with_choices(-1, -1, (warden,))   # as a saved chain could hold it
    let_resolve(s)
    assert s.pending is not None and warden in s.exhausted
    assert [A.RECHOOSE.targets(x) for x in legal(s)] == [(ally,)]


def test_recover_unexhausts_a_mercenary_and_a_held_one_skips_its_next_recovery():
    s = duel((MAGE, RANGER))
    s.mana = [1, 2]
    m = to_board(s, 0, "stonecutter", 0)
    do(s, "attack", m, pt(1))
    let_resolve(s)
    wind = to_hand(s, 0, "second-wind")
    do(s, "cast", wind, (m,))
    let_resolve(s)
    assert m not in s.exhausted
    end_turn(s)
    s.mana[1] = 2
    bind = to_hand(s, 1, "frostbind")
    do(s, "cast", bind, (m,))
    let_resolve(s)
    assert m in s.exhausted and m in s.held
    end_turn(s)
    assert m in s.exhausted and m not in s.held, "held: no recovery this turn"
    end_turn(s)
    end_turn(s)
    assert m not in s.exhausted


def test_recruit_effects_take_from_the_pool_and_trigger_whenever_you_recruit():
    s = duel()
    s.mana[0] = 1
    drill = to_board(s, 0, "drillyard-recruit", 0)    # 1/2: +1/+1 whenever you Recruit
    lesser = to_pool(s, "ragged-sellsword")
    greater = to_pool(s, "behemoth")
    levy = to_hand(s, 0, "call-the-levy")
    assert not has_move(s, "cast", levy, (greater,)), "Call the Levy takes only Lesser Mercenaries"
    do(s, "cast", levy, (lesser,))
    let_resolve(s)
    assert lesser in s.hands[0] and s.owner[lesser] == 0 and attack(s, drill) == 2


def test_recruit_discounts_never_bring_a_price_below_1():
    s = duel()
    lesser = to_pool(s, "ragged-sellsword")
    greater = to_pool(s, "behemoth")
    to_board(s, 0, "quartermaster-hale", 1)
    assert (recruit_price(s, 0, lesser), recruit_price(s, 0, greater)) == (1, 2)
    to_board(s, 0, "quartermaster-hale", 2)
    assert (recruit_price(s, 0, lesser), recruit_price(s, 0, greater)) == (1, 1)
    assert recruit_price(s, 1, greater) == 3, "a discount is its own player's"


def test_exhaust_effects_stop_attacks_and_defences():
    s = duel()
    s.mana = [2, 1]
    t = to_board(s, 1, "stonecutter", 0)
    to_hand(s, 1, "firebolt")
    net = to_hand(s, 0, "net-thrower")
    do(s, "play", net, 0, -1, (t,))
    let_resolve(s)
    assert t in s.exhausted
    a = to_board(s, 0, "ogre-thug", 1)
    do(s, "attack", a, pt(1))
    assert GAME.to_act(s) == 1 and not legal(s, "defend")
    let_resolve(s)
    assert s.life[1] == 16


def test_imbuements_live_and_die_with_their_mercenary():
    s = duel((MAGE, RANGER))
    s.mana[0] = 9
    m = to_board(s, 0, "stonecutter", 0)
    mantle = to_hand(s, 0, "mantle-of-warding")
    glyph = to_hand(s, 0, "glyph-of-power")
    do(s, "cast", glyph, (m,))
    do(s, "cast", mantle, (m,))
    let_resolve(s)
    assert attack(s, m) == 4 and health(s, m) == 4 and "concealed" in keywords(s, m)
    hand = len(s.hands[0])
    effects.destroy(s, m, [])
    assert glyph in s.discards[0] and mantle in s.discards[0] and not s.imbued
    assert len(s.hands[0]) == hand + 1, "Mantle of Warding's leaving effect drew a card"


def test_enchantments_stay_on_their_space_until_replaced_or_destroyed():
    s = duel((WARRIOR, RANGER))
    s.mana = [9, 9]
    m = to_board(s, 0, "stonecutter", 0)
    rampart = to_hand(s, 0, "rampart")
    do(s, "cast", rampart, (space_target(0, 0),))
    let_resolve(s)
    assert health(s, m) == 5
    effects.destroy(s, m, [])
    assert s.enchants[0][0] == rampart, "it stays when its mercenary goes"
    post = to_hand(s, 0, "forward-post")
    do(s, "cast", post, (space_target(0, 0),))
    let_resolve(s)
    assert s.enchants[0][0] == post and rampart in s.discards[0]
    n = to_board(s, 0, "crossbow-militia", 0)
    assert "first_blood" in keywords(s, n)
    end_turn(s)
    s.mana[1] = 9
    uproot = to_hand(s, 1, "uproot")
    do(s, "cast", uproot, (space_target(0, 0),))
    let_resolve(s)
    assert s.enchants[0][0] == -1 and post in s.discards[0]


def test_an_enchantment_on_an_enemy_space_weakens_whoever_stands_there():
    s = duel((WARRIOR, RANGER))
    s.mana[0] = 2
    t = to_board(s, 1, "ogre-thug", 0)
    snare = to_hand(s, 0, "snare-field")
    do(s, "cast", snare, (space_target(1, 0),))
    let_resolve(s)
    assert attack(s, t) == 2 and s.owner[snare] == 0


def test_copies_of_spells_resolve_then_leave_the_game():
    s = duel((MAGE, RANGER))
    s.mana[0] = 3
    bolt = to_hand(s, 0, "firebolt")
    echo = to_hand(s, 0, "echo-of-power")
    do(s, "cast", bolt, (pt(1),))
    assert GAME.to_act(s) == 0, "the Ranger has nothing to answer with: passed over"
    do(s, "cast", echo, (link_target(0),))
    let_resolve(s)
    assert s.life[1] == 16 and bolt in s.discards[0] and echo in s.discards[0]
    every_card_once(s)


def test_a_mercenary_ability_marked_anytime_answers_on_other_turns():
    s = duel((WARRIOR, MAGE))
    s.mana[1] = 0
    familiar = to_board(s, 1, "mirror-familiar", 4)
    witch = to_board(s, 1, "bramble-witch", 5)
    a = to_board(s, 0, "ogre-thug", 0)
    do(s, "attack", a, pt(1))
    assert GAME.to_act(s) == 1
    assert has_move(s, "ability", witch, 0, (a,)) and not legal(s, "caster")
    do(s, "ability", witch, 0, (a,))
    let_resolve(s)
    assert s.life[1] == 17 and familiar in s.at


def test_counters_cancel_spells_and_send_mercenaries_back_to_hand():
    s = duel((WARRIOR, MAGE))
    s.mana = [9, 9]
    merc = to_hand(s, 0, "ogre-thug")
    repel = to_hand(s, 1, "repel-summoning")
    do(s, "play", merc, 0, -1, ())
    do(s, "cast", repel, (link_target(0),))
    let_resolve(s)
    assert merc in s.hands[0] and not s.mercs(0) and s.mana[0] == 6


def test_combo_steps_need_another_card_played_this_turn():
    s = duel((WARRIOR, RANGER))
    s.mana[0] = 5
    t = to_board(s, 1, "iron-sentinel", 0)            # 2/5
    shot = to_hand(s, 0, "quick-shot")
    do(s, "cast", shot, (t,))
    let_resolve(s)
    assert s.damage[t] == 1
    shot2 = to_hand(s, 0, "quick-shot")
    do(s, "cast", shot2, (t,))
    let_resolve(s)
    assert s.damage[t] == 4, "played after another card: 1 + 2"


def test_why_illegal_explains_in_sentences():
    s = duel()
    s.mana[0] = 1
    m = to_hand(s, 0, "ogre-thug")
    assert why(s, "play", m, 0, -1, ()) == "Ogre Thug costs 3 mana; you have 1."
    assert why(s, "cast", m, ()) == "Ogre Thug is a mercenary: play it onto your board."
    assert why(s, "play", 999, 0, -1, ()) == "That card is not in your hand."
    assert why(s, "decline") == "No chain is waiting for an answer: act, or end your turn."
    assert why(s, "pick", 3) == "The game is under way: that belongs to another phase of the match."
    assert why(s, "attack", "x", 1) == "Name the attacking mercenary and its target."
    assert why(s, "fly") == "That is not a Paragons move."


def test_each_reveal_condition_opens_its_hidden_card():
    s = duel((WARRIOR, RANGER))
    cache = to_hidden(s, 1, "hunters-cache")          # on your turn
    trip = to_hidden(s, 1, "tripwire")                # when an opponent plays a mercenary
    stand = to_hidden(s, 0, "last-stand")             # when your Life is 10 or less
    s.mana = [5, 0]
    assert not has_move(s, "reveal", stand, -1, -1, ())
    s.life[0] = 9
    do(s, "reveal", stand, -1, -1, ())
    let_resolve(s)
    assert s.life[0] == 13 and stand in s.discards[0]
    merc = to_hand(s, 0, "stonecutter")
    do(s, "play", merc, 0, -1, ())
    assert GAME.to_act(s) == 1 and not has_move(s, "reveal", cache, -1, -1, ())
    do(s, "reveal", trip, -1, -1, (link_target(0),))
    let_resolve(s)
    assert merc in s.hands[0] and not s.mercs(0)
    end_turn(s)
    hand = len(s.hands[1])
    do(s, "reveal", cache, -1, -1, ())
    let_resolve(s)
    assert len(s.hands[1]) == hand + 2


def test_a_spell_trap_answers_an_enemy_spell():
    s = duel()
    s.mana = [1, 0]
    trap = to_hidden(s, 1, "spell-trap")
    levy = to_hand(s, 0, "call-the-levy")
    do(s, "cast", levy, (to_pool(s, "ragged-sellsword"),))
    do(s, "reveal", trap, -1, -1, (link_target(0),))
    let_resolve(s)
    assert levy in s.discards[0] and trap in s.discards[1] and s.mana[0] == 0


def test_rule_mercenaries_resolve_onto_the_board_instantly():
    """"Mercenaries typically resolve onto the Board instantly": the mercenary and the
    occupant it moves are in place as soon as it is played, and answers can target it."""
    s = duel((WARRIOR, MAGE))
    s.mana = [5, 2]
    old = to_board(s, 0, "stonecutter", 0)
    new = to_hand(s, 0, "ogre-thug")                  # 4/3
    bolt = to_hand(s, 1, "firebolt")                  # 2 damage
    do(s, "play", new, 0, 4, ())                       # bumping the Stonecutter behind it
    assert s.spaces[0][0] == new and s.spaces[0][4] == old and new in s.fresh
    assert GAME.to_act(s) == 1 and s.stack, "playing it still opens a window"
    assert has_move(s, "cast", bolt, (new,)), "an answer can target the mercenary just played"
    do(s, "cast", bolt, (new,))
    let_resolve(s)
    assert s.damage.get(new) == 2 and s.spaces[0][0] == new and s.pending is None
    every_card_once(s)


def test_rule_mercenaries_resolve_instantly_so_answers_find_them_on_the_board():
    """An answer that removes the board's mercenaries cannot make the played one choose
    again: it has already arrived, and the occupant it moved has already moved."""
    s = duel((WARRIOR, RANGER))
    s.mana = [5, 2]
    old = to_board(s, 0, "stonecutter", 0)
    new = to_hand(s, 0, "ogre-thug")
    vanish = to_hand(s, 1, "vanish")
    do(s, "play", new, 0, 4, ())
    do(s, "cast", vanish, (new,))
    let_resolve(s)
    assert new in s.hands[0] and s.spaces[0][4] == old and s.pending is None
    every_card_once(s)


def test_rule_a_mercenarys_arrival_effect_happens_as_it_resolves_onto_the_board():
    s = duel((WARRIOR, MAGE))
    s.mana = [5, 9]
    urchin = to_board(s, 1, "slingshot-urchin", 0)    # 1/1
    to_hand(s, 1, "firebolt")
    thrower = to_hand(s, 0, "javelin-thrower")        # arrival: 1 damage to an enemy mercenary
    do(s, "play", thrower, 1, -1, (urchin,))
    assert urchin in s.discards[1] and s.spaces[0][1] == thrower
    assert GAME.to_act(s) == 1


def test_rule_an_answer_that_explicitly_says_so_stops_a_mercenary_coming_into_play():
    """"...unless the spell played in response explicitly says otherwise": an answer aimed at
    a mercenary being played sends it from the board back to its owner's hand."""
    s = duel((WARRIOR, MAGE))
    s.mana = [9, 9]
    merc = to_hand(s, 0, "ogre-thug")
    repel = to_hand(s, 1, "repel-summoning")
    do(s, "play", merc, 2, -1, ())
    assert s.spaces[0][2] == merc
    do(s, "cast", repel, (link_target(0),))
    let_resolve(s)
    assert merc in s.hands[0] and not s.mercs(0) and s.mana[0] == 6
    every_card_once(s)


def test_rule_a_mercenary_already_gone_is_no_longer_being_played():
    s = duel((WARRIOR, MAGE))
    s.mana = [9, 9]
    merc = to_hand(s, 0, "slingshot-urchin")          # 1/1
    spark = to_hand(s, 1, "chain-spark")              # Fated: 1 damage to it, at once
    repel = to_hand(s, 1, "repel-summoning")
    do(s, "play", merc, 2, -1, ())
    assert has_move(s, "cast", repel, (link_target(0),))
    do(s, "cast", spark, (merc,))
    assert merc in s.discards[0] and GAME.to_act(s) == 1
    assert not has_move(s, "cast", repel, (link_target(0),))
    let_resolve(s)
    assert not s.stack and repel in s.hands[1]
    every_card_once(s)


def test_a_defence_whose_defender_is_gone_is_rescinded_and_the_attack_lands():
    s = duel()
    s.mana = [1, 0]
    a = to_board(s, 0, "ogre-thug", 0)                # 4/3
    d = to_board(s, 1, "slingshot-urchin", 0)         # 1/1
    bolt = to_hand(s, 0, "firebolt")
    do(s, "attack", a, pt(1))
    do(s, "defend", a, d)
    assert GAME.to_act(s) == 0
    do(s, "cast", bolt, (d,))
    let_resolve(s)
    assert d in s.discards[1] and s.life[1] == 16


def test_in_a_three_for_all_the_window_goes_round_the_table_from_the_player_after():
    s = duel((WARRIOR, MAGE, RANGER))
    s.mana = [3, 1, 1]
    for p, spell in ((0, "firebolt"), (1, "quick-shot"), (2, "quick-shot")):
        to_hand(s, p, spell)
    m = to_hand(s, 0, "stonecutter")
    do(s, "play", m, 0, -1, ())
    asked = []
    while s.stack:
        asked.append(GAME.to_act(s))
        do(s, "decline")
    assert asked == [1, 2, 0]

"""Paragons' card pool: our own cards, sized and shaped as the rules and RULINGS ask, every
glossary keyword on cards, text written from the effect data, bad data refused."""

import pytest

from tabletop.games.paragons.engine.cards import (CLASSES, CardDataError, card, card_pool, class_cards,
                                                  neutrals, parse_card, pool, precon_decks)
from tabletop.games.paragons.engine.steps import OPS

GLOSSARY = ("garrison", "hidden", "reach", "first_blood", "critical_strike", "fated", "concealed")
OP_KEYWORDS = ("bounce", "banish", "recover", "recruit", "exhaust", "copy")


def test_each_class_has_30_class_cards_of_every_kind():
    for k in CLASSES:
        cards = [card(d) for d in class_cards(k)]
        assert len(cards) == 30 and all(c.klass == k for c in cards)
        types = {c.type for c in cards}
        assert types == {"mercenary", "spell", "imbuement", "enchantment"}, k
        assert {c.combat for c in cards if c.is_merc} == {"melee", "ranged", "caster"}, k
        assert any(c.hidden for c in cards), k


def test_neutrals_number_at_least_24_greater_and_60_lesser_mercenaries():
    cs = [card(d) for d in neutrals()]
    assert all(c.is_merc and c.klass == "neutral" for c in cs)
    greater = [c for c in cs if c.tier == "greater"]
    lesser = [c for c in cs if c.tier == "lesser"]
    assert len(greater) >= 24 and all(5 <= c.cost <= 7 for c in greater)
    assert len(lesser) >= 60 and all(c.cost <= 4 for c in lesser)
    assert len(greater) + len(lesser) == len(cs)


def test_every_glossary_keyword_is_on_cards_and_every_keyword_op_is_used():
    kws = {k for c in pool().values() for k in c.keywords}
    kws |= {st.keyword for c in pool().values() for st in c.statics if st.op == "grant"}
    assert set(GLOSSARY) <= kws
    ops = {st.op for c in pool().values() for e in c.effects for st in e.all_steps}
    assert set(OP_KEYWORDS) <= ops
    assert {c.type for c in pool().values()} >= {"imbuement", "enchantment"}
    assert ops == set(OPS.names()), "every declared op is used by some card"


def test_the_classes_play_as_the_text_describes_them():
    def share(k, test):
        return sum(1 for d in class_cards(k) if test(card(d))) / 30

    def ops_of(c):
        return {st.op for e in c.effects for st in e.all_steps}
    assert share("warrior", lambda c: "recruit" in ops_of(c) or c.has("garrison")) >= 0.2
    assert share("mage", lambda c: "damage" in ops_of(c) or "buff" in ops_of(c) or "stat" in ops_of(c)) >= 0.3
    assert share("ranger", lambda c: c.hidden or any(e.combo for e in c.effects)) >= 0.3


def test_card_text_is_written_from_the_effect_steps():
    assert card("firebolt").text == "Deal 2 damage to target enemy mercenary or opponent."
    assert card("quick-shot").text == ("Deal 1 damage to target enemy mercenary. "
                                      "Combo: Deal 2 damage to it.")
    assert card("shield-bash").text == "Deal 2 damage to target enemy mercenary; exhaust it."
    assert card("pitfall").text.startswith("Hidden (when an enemy attacks you or one of your mercenaries).")
    assert card("mirror-familiar").text.endswith(
        "Anytime, Exhaust: Copy target spell of yours on the chain (not an Imbuement or Enchantment): "
        "the copy resolves first, then leaves the game.")
    assert "Caster: exhaust on your turn to deal 2 damage" in card("hedge-wizard").text
    assert card("tempered-blade").text == "Imbue a mercenary of yours.\nThe imbued mercenary has +2/+0."
    for c in pool().values():
        assert c.text or not c.effects and not c.keywords and c.combat == "melee", c.name


def test_an_ability_that_readies_another_mercenary_says_another():
    for design in ("grove-warden", "field-medic", "beast-handler"):
        assert card(design).text.endswith("Exhaust: Another target mercenary of yours Recovers."), design


def test_only_a_mercenarys_own_effect_may_aim_at_another_mercenary_than_itself():
    merc = {"name": "Test", "type": "mercenary", "cost": 2, "combat": "melee", "attack": 1, "health": 1}
    arrival = {**merc, "effects": [{"when": "play", "target": "other_own_merc", "do": [{"op": "buff", "atk": 1}]}]}
    assert parse_card(arrival, "neutral").text == "When this enters the board, another target mercenary " \
        "of yours gets +1/+0 this turn."
    hit = {**merc, "effects": [{"when": "activated", "cost": {"mana": 1}, "target": "other_own_merc",
                                "do": [{"op": "damage", "n": 1}]}]}
    assert parse_card(hit, "neutral").text == "1 mana: Deal 1 damage to another target mercenary of yours."
    spell = {"name": "Spell", "type": "spell", "cost": 1,         # a spell is no mercenary: "another" than what?
             "effects": [{"when": "play", "target": "other_own_merc", "do": [{"op": "recover"}]}]}
    imbue = {"name": "Charm", "type": "imbuement", "cost": 1, "effects": [{"when": "play", "target": "other_own_merc"}]}
    pool_merc = {**merc, "effects": [{"when": "play", "target": "other_own_merc", "do": [{"op": "recruit"}]}]}
    for raw in (spell, imbue, pool_merc):
        with pytest.raises(CardDataError):
            parse_card(raw, "mage")


def test_card_data_naming_unknown_things_or_impossible_effects_is_refused():
    merc = {"name": "Test", "type": "mercenary", "cost": 2, "combat": "melee", "attack": 1, "health": 1}
    assert parse_card(merc, "neutral").tier == "lesser"
    bad = [
        {**merc, "combat": "sling"},
        {**merc, "health": 0},
        {**merc, "keywords": ["flying"]},
        {**merc, "keywords": ["hidden"]},                                          # no reveal condition
        {**merc, "effects": [{"when": "play", "do": [{"op": "smite"}]}]},
        {**merc, "effects": [{"when": "play", "do": [{"op": "damage", "n": 1}]}]},   # target unused
        {**merc, "effects": [{"when": "activated", "target": "enemy_merc", "do": [{"op": "damage"}]}]},
        {**merc, "effects": [{"when": "play", "target": "pool", "do": [{"op": "damage"}]}]},
        {**merc, "effects": [{"when": "leaves", "do": [{"op": "draw", "to": "controller"}]}]},
        {"name": "Spell", "type": "spell", "cost": 1},                               # does nothing
        {"name": "Spell", "type": "spell", "cost": 0, "effects": [{"when": "play", "do": [
            {"op": "draw", "to": "controller", "n": 1}]}]},
    ]
    for raw in bad:
        with pytest.raises(CardDataError):
            parse_card(raw, "neutral")
    with pytest.raises(CardDataError):
        parse_card({"name": "Spell", "type": "spell", "cost": 1, "effects": [{"when": "play", "do": [
            {"op": "draw", "to": "controller", "n": 1}]}]}, "neutral")              # neutrals are mercenaries


def test_ready_decks_hold_30_cards_of_their_class_and_neutrals_no_other_deck_holds():
    taken = []
    for k, deck in precon_decks().items():
        assert len(deck) == 30
        mine = list(class_cards(k))
        for d in deck:
            if card(d).klass == k:
                mine.remove(d)
            else:
                assert card(d).klass == "neutral"
                taken.append(d)
    assert len(taken) == len(set(taken))


def test_the_pool_as_plain_data_lists_every_design_with_its_copies():
    data = card_pool()
    assert len(data) == len(pool())
    assert sum(d["copies"] for d in data if d["class"] == "mage") == 30
    assert {"id", "name", "class", "type", "cost", "tier", "text"} <= set(data[0])

"""Pariah's card text is written by its ops (cards.OPS, declared in abilities.py) and by the
stat changes and keywords, never by hand; bad card data fails naming the card and the op."""

import pytest

from tabletop.core.ops import OpDataError
from tabletop.games.pariah.engine.cards import (FACTIONS, OPS, Ability, Effect, card_pool, designs,
                                               evolutions, moments_lead, parse_ability, parse_relic,
                                               relics)
from tabletop.resources import read_json

NAMES = {"token": {d.id: d.name for d in designs().values() if d.token},
         "emblem": {r.id: r.name for r in relics().values() if r.relic_type == "emblem"}}


def _name_of(kind: str, ref: str) -> str:
    return NAMES[kind][ref]


def _abilities():
    for d in designs().values():
        for a in d.abilities:
            yield d.id, a
    for r in relics().values():
        for a in r.abilities:
            yield r.id, a


def test_every_ability_prints_the_clauses_its_ops_write():
    """The text on a face (and in the catalogue and the tooltips) holds, for each effect step, the
    clause its op declaration writes, in order."""
    seen = set()
    for where, a in _abilities():
        clauses = [OPS[e.op].text(e, a, _name_of) for e in a.effects]
        assert clauses and a.text, where
        body = "; ".join(clauses)
        assert body.lower() in a.text.lower(), (where, a.text, body)
        seen.update(e.op for e in a.effects)
    for r in relics().values():
        if r.relic_type == "consumable":
            seen.update(e.op for e in r.effects)
            used = Ability(r.name, "", r.target, r.effects)      # a consumable: no cost
            body = "; ".join(OPS[e.op].text(e, used, _name_of) for e in r.effects)
            if r.moments == ("start",):                         # the moment of every relic
                assert r.text == body[0].upper() + body[1:] + ".", r.id
            else:                                               # another moment is named first
                assert r.text == f"{moments_lead(r.moments)}: {body}.", r.id
    assert seen == set(OPS.names())          # every declared op is on some card


def test_every_op_is_declared_with_effect_fields_and_runs():
    fields = set(Effect.__dataclass_fields__) - {"op"}
    for name in OPS.names():
        assert {p.name for p in OPS.params(name)} <= fields, name
        assert OPS[name].execute is not None, name


def test_the_catalogue_shows_the_generated_texts():
    pool = {c["id"]: c for c in card_pool()}
    for d in designs().values():
        assert [a["text"] for a in pool[d.id]["abilities"]] == [a.text for a in d.abilities]
    for e in evolutions().values():
        assert pool[e.id]["text"] == e.text and e.text
    for r in relics().values():
        if r.card:
            assert pool[r.id]["text"] == r.text and r.text


def test_no_card_data_carries_text_of_its_own():
    def texts(node):
        if isinstance(node, dict):
            return ("text" in node) + sum(texts(v) for v in node.values())
        if isinstance(node, list):
            return sum(texts(v) for v in node)
        return 0
    for name in (*FACTIONS, "relics"):
        assert texts(read_json("tabletop.games.pariah.engine", f"data/{name}.json")) == 0, name


@pytest.mark.parametrize("card_id, text", [
    ("emb_scout", "Deployment: your side gains 1 Elemental Energy."),
    ("emb_adept", "Commit: deal 2 damage to an enemy unit, no rolls."),
    ("emb_warden", "When an attack damages this unit, the attacker takes 1 damage."),
    ("emb_dancer", "Pay 1 energy: +1 Attacks this round. Does not replace the attack."),
    ("emb_colossus", "While this unit carries damage it has +1 Attacks."),
    ("emb_matron", "Start of round: create a Cinderling token to the right of this unit."),
    ("tid_mender", "Commit: remove up to 3 damage from an allied unit."),
    ("tid_rider", "An enemy unit has -2 Priority this round. Does not replace the attack."),
    ("tid_caller", "End of round: deal 1 damage to the enemy unit opposite this one."),
    ("tid_keeper", "Deployment: your side gains the Ebb Ward emblem."),
    ("thn_titan", "When an attack by this unit destroys an enemy unit, your side gains 1 Elemental "
                  "Energy."),
    ("thn_howler", "The units next to this one have +1 Damage this round. Does not replace the attack."),
])
def test_unit_ability_wording(card_id, text):
    assert designs()[card_id].abilities[-1].text == text


@pytest.mark.parametrize("card_id, text", [
    ("rel_vial", "Start of round or your activation: deal 2 damage to an enemy unit."),
    ("rel_salve", "Start of round or your activation: remove up to 3 damage from an allied unit."),
    ("rel_draught", "An allied unit has +2 Priority this round."),
    ("rel_dust", "Destroy an enemy emblem."),
    ("rel_shield", "The bearer blocks on one lower (Armor -1) and gains Guardian."),
    ("rel_edge", "The bearer has +1 Damage."),
    ("rel_banner", "Your units have +1 Priority."),
    ("rel_standard", "Start of round: remove 1 damage from each of your units."),
    ("ebb_ward", "End of round: remove 1 damage from each of your units."),
])
def test_relic_wording(card_id, text):
    assert relics()[card_id].text == text


@pytest.mark.parametrize("evo_id, text", [
    ("emb_scout_evo", "+1 Attacks, +1 HP."),
    ("emb_caller_evo", "+1 Damage; Range 2."),
    ("emb_dancer_evo", "Hits on one lower (Dexterity -1)."),
    ("emb_colossus_evo", "Blocks on one lower (Armor -1), +2 HP."),
    ("emb_herald_evo", "Gains Aura 1: +1 Priority."),
    ("tid_warden_evo", "+2 HP; Guardian."),
    ("tid_caller_evo", "+1 Armor Perforation, +2 HP."),
])
def test_evolution_wording(evo_id, text):
    assert evolutions()[evo_id].text == text


BOLT = {"name": "Bolt", "when": "active", "commit": True, "target": "enemy",
        "effects": [{"op": "damage", "amount": 2}]}


@pytest.mark.parametrize("change, message", [
    ({"effects": [{"op": "burn", "amount": 2}]}, "emb_test: ability 'Bolt': unknown op 'burn'"),
    ({"effects": [{"op": "damage", "amount": 2, "stat": "hp"}]},
     "emb_test: ability 'Bolt': damage takes no ['stat']"),
    ({"effects": [{"op": "damage", "amount": "2"}]},
     "emb_test: ability 'Bolt': damage's amount must be a whole number, not '2'"),
    ({"effects": [{"op": "modify", "stat": "luck", "delta": 1}]},
     "emb_test: ability 'Bolt': unknown stat 'luck'"),
    ({"effects": [{"op": "token", "token": "emb_nobody"}]},
     "emb_test: ability 'Bolt': no token 'emb_nobody'"),
    ({"effects": [{"op": "emblem", "emblem": "emb_cinderling"}]},
     "emb_test: ability 'Bolt': no emblem 'emb_cinderling'"),
    ({"target": "grave"}, "emb_test: ability 'Bolt': ['damage'] cannot act on the target 'grave'"),
    ({"text": "Deal 2."}, "emb_test: ability 'Bolt': the text is generated from the effects, not given"),
])
def test_bad_ability_data_fails_naming_card_and_op(change, message):
    with pytest.raises(OpDataError) as err:
        parse_ability(dict(BOLT, **change), "emb_test", NAMES)
    assert str(err.value) == message


def test_bad_relic_data_fails_naming_the_relic():
    vial = {"id": "rel_test", "name": "Test Vial", "relic_type": "consumable", "cost": 1,
            "target": "enemy", "effects": [{"op": "damage"}]}
    assert parse_relic(vial, True, NAMES).text == "Deal 0 damage to an enemy unit."
    with pytest.raises(OpDataError, match=r"^rel_test: heal takes no \['delta'\]$"):
        parse_relic(dict(vial, effects=[{"op": "heal", "delta": 1}]), True, NAMES)
    with pytest.raises(OpDataError, match=r"^rel_test: the text is generated, not given$"):
        parse_relic(dict(vial, text="Deal 2 damage."), True, NAMES)
    with pytest.raises(OpDataError, match=r"^rel_test: unknown moments \['noon'\]$"):
        parse_relic(dict(vial, moments=["start", "noon"]), True, NAMES)
    edge = {"id": "rel_test", "name": "Test Edge", "relic_type": "equipment", "cost": 1,
            "changes": {"damage": 1}, "moments": ["activation"]}
    with pytest.raises(OpDataError, match=r"^rel_test: only a consumable is played at another moment"):
        parse_relic(edge, True, NAMES)


def test_a_relic_played_at_another_moment_says_so_on_its_card():
    # "some Relics" are played at the start of a round: a relic whose text names another moment
    # may be played then too
    named = {r.id: r.moments for r in relics().values() if r.moments != ("start",)}
    assert named == {"rel_vial": ("start", "activation"), "rel_salve": ("start", "activation")}
    for rid in named:
        assert relics()[rid].text.startswith("Start of round or your activation: ")
    assert moments_lead(("start",)) == "Start of round"

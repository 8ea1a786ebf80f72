"""Every card of the Trials pool in a scenario that checks what it does.

For each card the scenario plays it (or activates it, lets its trigger fire,
destroys it, or makes an Avatar fall while it waits in the discard pile) and
then checks each step of its effect with an oracle written here, independent of
effects.py: damage and healing by the amount on the right cards, cards drawn
from the top of the right deck, shields, counters, exhaustion, and so on. Its
stats and keywords get a combat scenario of their own.
"""

from collections import Counter

import pytest

from tabletop.core import Action
from tabletop.games.trials.engine import effects as fx
from tabletop.games.trials.engine.cards import (KEYWORDS, OPS, SCHOOLS, SUBTYPES, CardDataError, Step,
                                               parse_card, pool, side_text)
from tabletop.games.trials.engine.catalogue import card_pool
from tabletop.games.trials.engine.rules import GAME
from tabletop.resources import read_json

from trials_helpers import FOE, after_triggers, cid, duel, find, put_on, settle_stack, to_discard

ALL = list(pool())
PRIMARY_AVATARS = {}
for _c in pool().values():
    if _c.type == "avatar":
        PRIMARY_AVATARS.setdefault(_c.disciplines[0], []).append(_c.id)


# --- the pool as a whole --------------------------------------------------------------------------

def test_pool_counts_16_avatars_88_abilities_112_equipment():
    counts = Counter(c.type for c in pool().values())
    assert counts == {"avatar": 16, "ability": 88, "equipment": 112}
    per = Counter(c.disciplines[0] for c in pool().values() if c.type == "avatar")
    assert set(per.values()) == {2} and len(per) == 8
    assert all(c.fallen is not None for c in pool().values() if c.type == "avatar")


def test_pool_uses_every_keyword_and_subtype():
    kws, subs, ops = set(), set(), set()
    for c in pool().values():
        kws.update(c.all_keywords)
        subs.update(c.subtypes)
        if c.fallen:
            subs.add("Fallen")
        for side in filter(None, (c.front, c.fallen)):
            for e in side.effects:
                for st in e.steps:
                    ops.add(st.op)
                    if st.op == "grant":
                        kws.add(st.keyword)
                    kws.update(k for k, on in (("piercing", st.piercing), ("draining", st.draining),
                                               ("corrosive", st.corrosive)) if on)
    glossary = {"confuse", "corrosive", "counter", "destroy", "discard", "draining", "exhaust",
                "exile", "guardian", "ignite", "lose_hp", "parry", "piercing", "ready",
                "reciprocal", "scout", "shield", "split", "stealthy"}
    used = kws | ops
    assert glossary <= used, glossary - used
    assert set(SUBTYPES) | {"Fallen"} <= subs
    assert set(KEYWORDS) <= kws


def test_every_card_has_rules_text_and_a_unique_name():
    names = [c.name for c in pool().values()]
    assert len(set(names)) == len(names) == 216
    for c in pool().values():
        if c.effects or c.keywords or c.fallen:
            assert c.text, c.id


# --- the text: written by the ops, never by hand ----------------------------------------------------

def test_printed_text_is_written_by_the_op_of_each_step():
    """A side's printed text (side_text: the face, the zoom, the catalogue) is its keywords and
    then one line per effect, ending in its steps' sentences as their op declarations write them."""
    for c in pool().values():
        for side in filter(None, (c.front, c.fallen)):
            text = side_text(side)
            lines = text.split("\n") if text else []
            kws = 1 if side.keywords else 0
            assert len(lines) == kws + len(side.effects), c.id
            if kws:
                assert lines[0] == ", ".join(k.capitalize() for k in side.keywords) + "."
            for line, e in zip(lines[kws:], side.effects):
                body = "; ".join(OPS[st.op].text(st, e) for st in e.steps)
                assert line.lower().endswith(body.lower() + "."), (c.id, line, body)
    by_id = {c["id"]: c for c in card_pool()}
    assert all(by_id[c.id]["text"] == side_text(c.front) for c in pool().values())


def test_no_card_data_carries_text_of_its_own():
    for school in SCHOOLS:
        for raw in read_json("tabletop.games.trials.engine", f"data/{school}.json"):
            assert "text" not in raw and "text" not in raw.get("fallen", {}), raw["id"]


@pytest.mark.parametrize("card_id, text", [
    ("ilsa-of-the-turning-glass", "Exhaust, Pay 1 energy: Ready target card of yours.\n"
     "Fallen side, Ilsa, Lost Between Hours: Exhaust: Target opponent becomes confused."),
    ("tangled-hours", "Target opponent becomes confused; target opponent discards 1 card at random."),
    ("timeless-vigil", "At the start of the round, restore 1 HP to the attached Avatar.\n"
     "At the end of the round, you draw 1 card."),
    ("pendulum-flail", "Pay 2 energy, Remove 1 charge counter: Ready this card.\n"
     "Put 1 charge counter on this card."),
    ("scatter-flames", "Ignite.\nDeal 2 split damage among target enemy cards."),
])
def test_the_generated_wording(card_id, text):
    assert pool()[card_id].text == text


@pytest.mark.parametrize("cost, words", [
    ({"exhaust": 1, "energy": 1, "crowd": 1},
     "Exhaust, Pay 1 energy (2 while two or more opponents are in the game): "),
    ({"exhaust": 1, "crowd": 2}, "Exhaust, Pay 2 energy while two or more opponents are in the game: "),
])
def test_a_crowd_cost_says_when_it_is_paid(cost, words):
    raw = {"id": "test-relic", "name": "Test Relic", "type": "equipment", "subtypes": ["Accessory"],
           "disciplines": ["shadow"], "cost": 1, "hp": 1,
           "effects": [{"when": "activated", "do": [{"op": "draw", "to": "controller", "n": 1}],
                        "cost": cost}]}
    assert side_text(parse_card(raw).front).startswith(words)


def test_every_op_is_declared_with_step_fields_and_runs_unless_static():
    fields = set(Step.__dataclass_fields__) - {"op"}
    for name in OPS.names():
        op = OPS[name]
        assert {p.name for p in OPS.params(name)} <= fields, name
        assert (op.execute is None) == (op.kind == "static"), name
        assert op.kind in ("player", "card", "self", "seen_by", "static"), name


BAD_BASE = {"id": "test-card", "name": "Test Card", "type": "ability", "disciplines": ["pyromancy"],
            "cost": 1}


@pytest.mark.parametrize("step, message", [
    ({"op": "burn", "n": 2}, "test-card: unknown op 'burn'"),
    ({"op": "damage", "n": 2, "keyword": "parry"}, "test-card: damage takes no ['keyword']"),
    ({"op": "damage", "n": "2"}, "test-card: damage's n must be a whole number, not '2'"),
    ({"op": "damage", "n": 2, "piercing": "yes"},
     "test-card: damage's piercing must be true or false, not 'yes'"),
    ({"op": "damage", "n": 2, "to": "everyone"}, "test-card: unknown reference 'everyone'"),
    ({"op": "counter", "n": 1, "kind": "poison"}, "test-card: unknown counter kind 'poison'"),
    ({"op": "counter", "n": 1}, "test-card: unknown counter kind ''"),
])
def test_unknown_ops_and_bad_parameters_fail_naming_card_and_op(step, message):
    raw = dict(BAD_BASE, effects=[{"when": "play", "do": [step], "target": "enemy_card"}])
    with pytest.raises(CardDataError) as err:
        parse_card(raw)
    assert str(err.value) == message


def test_a_bad_step_on_a_fallen_side_names_the_side():
    raw = dict(BAD_BASE, type="avatar", attack=1, hp=10, cost=0,
               fallen={"name": "Test Fallen", "effects": [{"when": "static", "do": [
                   {"op": "grant", "to": "host", "keyword": "flying"}]}]})
    with pytest.raises(CardDataError, match=r"^test-card \(Fallen\): unknown keyword 'flying'$"):
        parse_card(raw)


def test_every_card_has_a_scenario():
    assert set(SCENARIO_CARDS) == set(pool())


# --- the oracle -------------------------------------------------------------------------------------

class Board:
    """A snapshot of what the steps can change."""

    def __init__(self, s):
        self.damage = dict(s.damage)
        self.decks = [list(d) for d in s.decks]
        self.hands = [len(h) for h in s.hands]
        self.discards = [len(d) for d in s.discards]
        self.exiles = [len(x) for x in s.exiles]
        self.counters = {k: dict(v) for k, v in s.counters.items()}
        self.attack = {c: fx.attack(s, c) for c in s.cards_in_play()}
        self.energy = list(s.energy)


def _subjects(s, before, st, eff, me, host, source, chosen):
    to = st.to
    if to == "target":
        return list(chosen)
    if to == "host":
        return [host]
    if to == "self":
        return [source]
    if to == "controller":
        return [me]
    if to == "opponents":
        return [1 - me]
    if to == "other_avatar":
        return [a for a in s.avatars[me] if a not in s.fallen and a != host and a != source]
    if to == "own_avatars":
        return [a for a in s.avatars[me] if a not in s.fallen]
    if to == "enemy_avatars":
        return [a for a in s.avatars[1 - me] if a not in s.fallen]
    if to == "enemy_cards":
        return [c for c in before.attack if c // 100 != me and fx.max_hp(s, c) > 0]
    if to == "all_cards":
        return [c for c in before.attack if fx.max_hp(s, c) > 0]
    raise AssertionError(to)


PLAYER_OPS = {"discard", "draw", "scout", "confuse", "exile_discard", "energy", "recover", "initiative"}


def check_steps(s, before, eff, me, host, source, chosen, opt=0, extra_draw=False):
    """Assert every step of `eff` happened; returns how many checks were made."""
    exp_damage = dict(before.damage)
    decks = [list(d) for d in before.decks]
    hand_delta = [0, 0]
    discard_delta = [0, 0]
    exile_delta = [0, 0]
    energy_delta = [0, 0]
    checks = []
    pre_shields = set(s.shields)
    for st in eff.steps:
        if st.op in PLAYER_OPS:
            seats = ([seat if eff.target == "opponent" else seat // 100 for seat in chosen]
                     if st.to == "target" else [1 - me] if st.to == "opponents" else [me])
            for p in seats:
                if st.op == "draw":
                    n = min(st.n, len(decks[p]))
                    del decks[p][:n]
                    hand_delta[p] += n
                elif st.op == "scout" and opt != 2 and decks[p]:
                    decks[p].pop(-1 if opt else 0)
                    hand_delta[p] += 1
                elif st.op == "confuse":
                    decks[p].append(decks[p].pop(0))
                elif st.op == "discard":
                    hand_delta[p] -= st.n
                    discard_delta[p] += st.n
                elif st.op == "recover":
                    hand_delta[p] += 1
                    discard_delta[p] -= 1
                elif st.op == "exile_discard":
                    discard_delta[p] -= st.n
                    exile_delta[p] += st.n
                elif st.op == "energy":
                    energy_delta[p] += st.n
                elif st.op == "initiative":
                    checks.append(lambda p=p: s.initiative == p)
            continue
        if st.op == "hide_from":            # the card or its Avatar, to the chosen opponents alone
            hider = host if st.kind == "host" else source
            for p in chosen if st.to == "target" else [1 - me]:
                checks.append(lambda p=p: fx.is_stealthy(s, hider, p) and p in s.veiled[hider])
            continue
        if st.op == "veil":                 # the card alone, to the chosen opponents
            for p in chosen:
                checks.append(lambda p=p: fx.is_stealthy(s, source, p)
                              and p in s.veiled_alone[source]
                              and not any(fx.is_stealthy(s, c, p)
                                          for c in s.attached.get(source, ())))
            continue
        subs = (list(chosen) if st.op == "split" else
                _subjects(s, before, st, eff, me, host, source, chosen))
        assert subs, f"{st.op} has nothing to act on in this scenario"
        for t in subs:
            if st.op in ("damage", "lose_hp"):
                n = st.n if st.op == "lose_hp" or t not in pre_shields else 0
                exp_damage[t] = exp_damage.get(t, 0) + n
                if st.draining and fx.is_avatar(s, t):
                    exp_damage[host] = max(0, exp_damage.get(host, 0) - n)
                if st.corrosive and not fx.is_avatar(s, t) and n:
                    checks.append(lambda t=t: t in s.discards[t // 100])
            elif st.op == "split":
                exp_damage[t] = exp_damage.get(t, 0) + 1
            elif st.op == "heal":
                exp_damage[t] = max(0, exp_damage.get(t, 0) - st.n)
            elif st.op == "shield":
                checks.append(lambda t=t: t in s.shields)
            elif st.op == "counter":
                was = before.counters.get(t, {}).get(st.kind, 0)
                checks.append(lambda t=t, was=was, st=st:
                              s.counters.get(t, {}).get(st.kind, 0) - was == st.n)
            elif st.op == "destroy":
                checks.append(lambda t=t: t in s.discards[t // 100] and t not in s.host)
                discard_delta[t // 100] += 1
            elif st.op == "exile":
                checks.append(lambda t=t: t in s.exiles[t // 100] and t not in s.host)
                exile_delta[t // 100] += 1
            elif st.op == "exhaust":
                checks.append(lambda t=t: t in s.exhausted)
            elif st.op == "ready":
                checks.append(lambda t=t: t not in s.exhausted)
            elif st.op == "buff":
                was = before.attack[t]
                checks.append(lambda t=t, was=was, st=st: fx.attack(s, t) == max(0, was + st.n))
            elif st.op == "stealth":
                checks.append(lambda t=t: t in s.stealth and fx.is_stealthy(s, t))
            elif st.op == "revive":
                checks.append(lambda t=t, st=st: t not in s.fallen
                              and fx.hp_left(s, t) == min(st.n, fx.max_hp(s, t)))
                exp_damage.pop(t, None)
            else:
                raise AssertionError(f"no oracle for {st.op}")
    n = 0
    for t, d in exp_damage.items():
        if t in s.fallen and any(st.op == "revive" for st in eff.steps):
            continue
        if fx.max_hp(s, t) <= 0 and t not in s.fallen and not fx.is_avatar(s, t):
            continue
        if not s.in_play(t) or t in s.fallen:
            assert d >= fx.card_of(s, t).hp, f"{fx.name(s, t)} left play with {d} damage"
        else:
            assert s.damage.get(t, 0) == d, f"{fx.name(s, t)}: damage {s.damage.get(t, 0)}, expected {d}"
        n += 1
    for p in (0, 1):
        want = decks[p][1:] if extra_draw else decks[p]
        assert s.decks[p] == want, f"player {p + 1}'s deck"
        assert len(s.hands[p]) == before.hands[p] + hand_delta[p] + extra_draw, f"player {p + 1}'s hand"
        n += 2
    for check in checks:
        assert check()
        n += 1
    return n, discard_delta, exile_delta, energy_delta


# --- scenarios ---------------------------------------------------------------------------------------------

PREFER = {"enemy_avatar": "foe", "enemy_card": "foe", "any_avatar": "mine", "any_card": "mine",
          "own_card": "mine", "own_avatar": "mine", "own_any": "mine1", "enemy_attachment": "vest",
          "enemy_equipment": "vest", "enemy_any": "foe", "own_fallen": "fallen", "opponent": 1}


def scene(card_id: str):
    c = pool()[card_id]
    disc = c.disciplines[0]
    mine = list(PRIMARY_AVATARS[disc])
    if c.type == "avatar":
        mine = [card_id] + [a for a in mine if a != card_id]
    s = duel(mine, [] if c.type == "avatar" else [card_id], theirs=FOE, initiative=0)
    s.energy = [10, 10]
    foe = s.avatars[1][0]
    vest = put_on(s, "hide-vest", foe)
    for a in s.avatars[0]:
        s.damage[a] = 4
    for p in (0, 1):                                   # something to recover and to exile
        for _ in range(3):
            s.discards[p].append(s.decks[p].pop())
    return s, foe, vest


def aim(s, eff, foe, vest, me_avatar):
    if not eff.target:
        return ()
    pick = PREFER[eff.target]
    standing = [a for a in s.avatars[0] if a not in s.fallen]
    choice = {"foe": foe, "vest": vest, "mine": standing[0], "mine1": s.avatars[0][1],
              "fallen": s.avatars[0][1]}.get(pick, pick)
    return (choice,) * max(1, eff.split)


def run_play(card_id):
    s, foe, vest = scene(card_id)
    c = pool()[card_id]
    me_av = s.avatars[0][0]
    eff = c.play_effect
    if eff and eff.target == "own_fallen":
        fx.fall(s, s.avatars[0][1], [])
    cards = [x for x in s.cards_in_play() if x // 100 == 0]
    s.exhausted.update(cards)
    x = cid(s, card_id, 0)
    if x not in s.hands[0]:
        s.decks[0].remove(x)
        s.hands[0].append(x)
    chosen = aim(s, eff, foe, vest, me_av) if eff else ()
    before = Board(s)
    GAME.apply(s, Action("play", (x, me_av, -1, chosen, 0)))
    settle_stack(s)
    before.hands[0] -= 1
    n = 0
    if eff:
        n, disc, exi, en = check_steps(s, before, eff, 0, me_av, x, chosen)
        assert s.energy[0] == 10 - c.cost + en[0]
        extra = 0 if c.stays else 1
        assert len(s.discards[0]) == before.discards[0] + disc[0] + extra
        assert len(s.exiles[1]) == before.exiles[1] + exi[1]
        n += 3
    assert (x in s.attached.get(me_av, [])) == c.stays and (x in s.discards[0]) == (not c.stays)
    return n + 1


def run_activated(card_id, index, fallen_side=False):
    s, foe, vest = scene(card_id)
    c = pool()[card_id]
    me_av = s.avatars[0][0]
    if c.type == "avatar":
        x = me_av
        if fallen_side:
            fx.fall(s, x, [])
        host = x
    else:
        x = put_on(s, card_id, me_av)
        host = me_av
    side = fx.side(s, x)
    eff = side.effects[index]
    if eff.target == "own_fallen":
        fx.fall(s, s.avatars[0][1], [])
    s.exhausted.update(y for y in s.cards_in_play() if y // 100 == 0 and y != x)
    if eff.cost_of("charge"):
        s.counters[x] = {"charge": eff.cost_of("charge")}
    chosen = aim(s, eff, foe, vest, me_av)
    before = Board(s)
    if eff.cost_of("lose_hp"):
        before.damage[host] = before.damage.get(host, 0) + eff.cost_of("lose_hp")
    if eff.cost_of("charge"):
        before.counters[x]["charge"] -= eff.cost_of("charge")
    GAME.apply(s, find(s, "activate", x, index, chosen))
    settle_stack(s)
    n, disc, exi, en = check_steps(s, before, eff, 0, host, x, chosen)
    assert s.energy[0] == 10 - eff.cost_of("energy") + en[0]
    if eff.cost_of("exhaust") and not any(st.op == "ready" and st.to in ("self",) for st in eff.steps):
        assert x in s.exhausted
    assert len(s.exiles[1]) == before.exiles[1] + exi[1]
    return n + 2


def run_trigger(card_id, eff, fallen_side=False):
    s, foe, vest = scene(card_id)
    c = pool()[card_id]
    me_av = s.avatars[0][0]
    if c.type == "avatar":
        x = host = me_av
        if fallen_side:
            fx.fall(s, x, [])
    else:
        x, host = put_on(s, card_id, me_av), me_av
    before = Board(s)
    if eff.when == "destroyed":
        fx.destroy(s, x, [])
        fx.settle(s, [])
        after_triggers(s)
        n, *_ = check_steps(s, before, eff, 0, host, x, ())
        return n + 1
    s.initiative = 1                                  # so the card's seat does not simply pass first
    from tabletop.games.trials.engine.cards import Effect
    side = fx.side(s, x)
    eff = Effect("round", tuple(st for when in ("round_end", "round_start") for e in side.effects
                                if e.when == when for st in e.steps))
    GAME.apply(s, Action("pass"))
    GAME.apply(s, Action("pass"))
    settle_stack(s)                                   # the round's triggered effects resolve
    n, *_ = check_steps(s, before, eff, 0, host, x, (), extra_draw=True)
    return n


def run_fall_trigger(card_id):
    s, foe, vest = scene(card_id)
    x = to_discard(s, card_id)
    fx.deal_damage(s, -1, s.avatars[1][1], 99, [])
    fx.settle(s, [])
    after_triggers(s)
    assert s.host.get(x) == s.avatars[0][0] and x not in s.discards[0]
    return 1


def run_static(card_id, eff, fallen_side=False):
    s, foe, vest = scene(card_id)
    c = pool()[card_id]
    me_av, other = s.avatars[0]
    n = 0
    for st in eff.steps:
        if st.op == "grant":
            assert st.keyword not in fx.keywords(s, me_av)
        if st.op == "aura":
            was = fx.attack(s, other)
    if c.type == "avatar":
        if fallen_side:
            fx.fall(s, me_av, [])
        x = me_av
    else:
        x = put_on(s, card_id, me_av)
    for st in eff.steps:
        if st.op == "grant":
            assert st.keyword in fx.keywords(s, me_av)
        elif st.op == "ward":
            total = sum(t.n for y in (me_av, *s.attached.get(me_av, ())) for t in fx.statics(s, y)
                        if t.op == "ward")
            before = s.damage.get(me_av, 0)
            fx.deal_damage(s, -1, me_av, 3, [])
            assert s.damage.get(me_av, 0) - before == max(0, 3 - total) and total >= st.n
        elif st.op == "aura":
            assert fx.attack(s, other) == was + st.n
        n += 1
    return n


def run_stats(card_id):
    """Stats and keywords in combat: Attack, Power, HP, Guardian, Stealthy, Parry, Piercing,
    Draining, Corrosive, Ignite, and an Avatar's Fallen keywords."""
    s, foe, vest = scene(card_id)
    c = pool()[card_id]
    me_av = s.avatars[0][0]
    n = 0
    if c.type == "avatar":
        assert fx.max_hp(s, me_av) == c.hp and fx.attack(s, me_av) == c.attack
        fx.fall(s, me_av, [])
        assert fx.max_hp(s, me_av) == 0 and fx.attack(s, me_av) == c.fallen.attack
        assert set(c.fallen.keywords) <= fx.keywords(s, me_av)
        if "stealthy" in c.fallen.keywords:
            assert fx.is_stealthy(s, me_av)
        return 3
    base = fx.attack(s, me_av)
    x = put_on(s, card_id, me_av)
    assert fx.attack(s, me_av) == base + c.power
    n += 1
    if c.hp:
        assert fx.max_hp(s, x) == c.hp
        s.turn = 1
        targets = GAME.attack_targets(s, 1)
        if fx.is_stealthy(s, x):
            assert x not in targets
            assert (me_av in targets) == (not fx.is_stealthy(s, me_av) and "guardian" not in c.keywords)
        else:
            assert x in targets
        if "guardian" in c.keywords:
            assert me_av not in targets
        if "parry" in c.keywords and fx.attack(s, x) > 0:
            grosk = foe
            was = s.damage.get(grosk, 0)
            GAME.apply(s, Action("attack", (grosk, x)))
            settle_stack(s)
            assert s.damage.get(grosk, 0) - was >= fx.card_of(s, x).attack
        s.turn = 0
        s.exhausted.clear()
        n += 1
    if c.attack and s.in_play(x):
        assert GAME.can_attack(s, x)
        if "corrosive" in c.keywords:
            shield = put_on(s, "tower-shield", s.avatars[1][1])
            GAME.apply(s, Action("attack", (x, shield)))
            settle_stack(s)
            assert shield in s.discards[1]
        elif "piercing" in c.keywords:
            s.damage[vest] = 2                         # 1 HP left
            was = s.damage.get(foe, 0)
            GAME.apply(s, Action("attack", (x, vest)))
            settle_stack(s)
            assert vest in s.discards[1] and s.damage.get(foe, 0) - was == c.attack - 1
        else:
            tgt = s.avatars[1][1]
            was, mine = s.damage.get(tgt, 0), s.damage.get(me_av, 0)
            GAME.apply(s, Action("attack", (x, tgt)))
            settle_stack(s)
            assert s.damage.get(tgt, 0) - was == c.attack
            if "draining" in c.keywords:
                assert mine - s.damage.get(me_av, 0) == min(c.attack, mine)
        n += 1
    elif c.power or not c.attack:
        assert not GAME.can_attack(s, x)
        n += 1
    if "ignite" in c.keywords:
        s2, foe2, _ = scene(card_id)
        was = fx.ignite_count(s2, 0)
        to_discard(s2, card_id)
        assert fx.ignite_count(s2, 0) == was + 1
        GAME.apply(s2, find(s2, "ignite", foe2))
        settle_stack(s2)
        assert s2.damage.get(foe2, 0) == was + 1 and fx.ignite_count(s2, 0) == 0
        n += 1
    return n


def scenarios_of(card_id):
    c = pool()[card_id]
    out = [("stats", None, False)]
    for fallen_side, side in ((False, c.front), (True, c.fallen)):
        if side is None:
            continue
        for i, e in enumerate(side.effects):
            out.append((e.when, i, fallen_side))
    return out


SCENARIO_CARDS = ALL


@pytest.mark.parametrize("card_id", ALL)
def test_card_does_what_it_says(card_id):
    c = pool()[card_id]
    checks = 0
    for when, i, fallen_side in scenarios_of(card_id):
        side = c.fallen if fallen_side else c.front
        eff = side.effects[i] if i is not None else None
        if when == "stats":
            checks += run_stats(card_id)
        elif when == "play":
            checks += run_play(card_id)
        elif when == "activated":
            checks += run_activated(card_id, i, fallen_side)
        elif when in ("round_start", "round_end", "destroyed"):
            checks += run_trigger(card_id, eff, fallen_side)
        elif when == "fall_from_discard":
            checks += run_fall_trigger(card_id)
        elif when == "static":
            checks += run_static(card_id, eff, fallen_side)
    if c.type != "avatar" and not c.play_effect:
        checks += run_play(card_id)          # playing it from hand: cost, attachment
    assert checks > 0

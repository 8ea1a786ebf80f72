"""The Pariah table presenter, headless: every legal action has a way on the table and every
way yields a legal action or the engine's reason; drag targets come from the legal actions;
each phase draws its zones; a seat's table never shows another seat's hidden cards."""

import pytest

from pariah_helpers import attack, battle, give_relic
from pariah_helpers import uid as unit_of
from pariah_ui_helpers import route
from presenter_helpers import answer, through_table
from tabletop.core import Action, Rng
from tabletop.games.pariah.engine.cards import design
from tabletop.games.pariah.engine.rules import GAME
from tabletop.games.pariah.engine.state import (ACTIVATE, DEPLOY, HIDDEN, OVER, PREP, SELECT, SHOP,
                                         is_unit_card)
from tabletop.games.pariah.presentation.presenter import PariahPresenter, activation_order
from tabletop.games.pariah.presentation.tray import result_line, roll_groups
from tabletop.store.settings import Settings
from tabletop.table import intents as it
from tabletop.table.faces import FaceCache
from tabletop.table.layout import Layout
from tabletop.table.presenter import LOCAL
from tabletop.table.scene import Scene


def make(tmp_path, players=2):
    scene = Scene(layout=Layout(), faces=FaceCache(tmp_path))
    scene.pace = 0
    names = ["You", "Bot"] if players == 2 else ["You", "Bot 1", "Ally", "Bot 3"]
    return scene, PariahPresenter(scene, scene.faces, Settings(), names)


def show(p, s, seat=0, events=()):
    view = GAME.view(s, seat)
    legal = GAME.legal_actions(s) if s.turn == seat and s.phase != OVER else []
    p.sync(view, legal, bool(legal), list(events))
    return view


def tray_text(scene, lid: str) -> str:
    """A line of the dice tray, put back together if the tray wrapped it."""
    parts, i = [], 0
    while (sp := scene.get(lid if i == 0 else f"{lid}:{i}")) is not None:
        parts.append(sp.text)
        i += 1
    return " ".join(parts)


def click(p, target: str):
    """What the table makes of a click on `target` (its id typed on the way, as the scene's are)."""
    return answer(p, it.Click(target))


def press(p, button: str):
    """What the table makes of a press of `button`."""
    return answer(p, it.ButtonPress(button))


def play_through_table(p, s, a: Action, seat: int, events=()):
    """Make `a` with the table's own intents; returns the action the table proposes."""
    return through_table(p, a, route, lambda: show(p, s, seat))


# --- the army-selection screen ---------------------------------------------------------------
def test_selection_shows_the_ten_drawn_and_hides_the_other_seats_cards(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 5)
    show(p, s, 0)
    assert set(p.layout.zones) >= {"drawn", "army", "info"}
    cards = {sp.id for sp in scene.sprites() if sp.id.startswith("card:")}
    assert cards == {f"card:{c}" for c in s.hands[0]}
    assert not any(sp.id.startswith("card:1") and len(sp.id) == 8 for sp in scene.sprites())
    # seat 1's view of seat 0's choice: nothing of seat 0's shows
    s2 = s.clone()
    GAME.apply(s2, Action("pick", (s2.hands[0][0],)))
    GAME.apply(s2, Action("commit"))
    show(p, s2, 1)
    assert not any(sp.id == f"card:{c}" for c in range(30) for sp in scene.sprites())
    view = GAME.view(s2, 1)
    assert set(view.armies[0]) == {HIDDEN}


def test_picking_is_a_drag_into_the_army_and_over_20_points_is_refused_with_why(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({"factions": ["emberkin", "emberkin"]}, 3)
    show(p, s, 0)
    c = s.hands[0][0]
    assert p.drag_targets(f"card:{c}") == {"army"}
    act = p.drop(f"card:{c}", "army")
    assert act == Action("pick", (c,)) and act in GAME.legal_actions(s)
    # fill the army until some card no longer fits, then try to drag it in
    from tabletop.games.pariah.engine.cards import design
    for c in sorted(s.hands[0], key=lambda c: -design(s.designs[c]).cost):
        if Action("pick", (c,)) in GAME.legal_actions(s):
            GAME.apply(s, Action("pick", (c,)))
    show(p, s, 0)
    left = s.hands[0][0]
    assert p.drag_targets(f"card:{left}") == set()            # nothing glows
    refused = p.drop(f"card:{left}", "army")
    reason = GAME.why_illegal(s, refused)
    assert "points" in reason and "20" in reason
    spent = sum(design(s.designs[c]).cost for c in s.picks[0])
    assert scene.get("ctr:points").value == f"{spent} / 20"
    # and back out again
    back = s.picks[0][0]
    assert p.drag_targets(f"card:{back}") == {"drawn"}
    assert p.drop(f"card:{back}", "drawn") == Action("unpick", (back,))


# --- every legal action has a way on the table, in every phase ----------------------------------
@pytest.mark.parametrize("players,seed", [(2, 11), (4, 12)])
def test_every_legal_action_is_reachable_through_the_table(tmp_path, players, seed):
    scene, p = make(tmp_path, players)
    s = GAME.setup({}, seed, players)
    rng = Rng(seed)
    phases = set()
    for _ in range(700):
        if s.phase == OVER:
            break
        seat = s.turn
        legal = GAME.legal_actions(s)
        show(p, s, seat)
        phases.add(s.phase)
        # every drag target glows for a legal drop
        for sp in scene.sprites():
            for target in p.drag_targets(sp.id):
                got = p.drop(sp.id, target)
                assert got == LOCAL or got in legal, (sp.id, target, got)
                p.plan.clear()
        # a sample of the legal actions, each made with the table's own intents
        sample = legal if len(legal) <= 6 else [rng.choice(legal) for _ in range(4)]
        for a in sample:
            show(p, s, seat)
            steps = route(p, a)
            if steps is None:
                continue
            assert play_through_table(p, s, a, seat) == a
        p.clear_selection()
        GAME.apply(s, rng.choice(legal))
    assert {SELECT, DEPLOY, ACTIVATE, SHOP, PREP} <= phases


def test_a_drop_on_a_forbidden_target_gets_the_engines_reason(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_scout"], ["emb_warden", "emb_colossus"])   # a Guardian stands
    show(p, s, 0)
    scout, guard, other = s.lines[0][0], s.lines[1][0], s.lines[1][1]
    assert p.drag_targets(f"card:{scout}") == {f"card:{guard}"}
    act = p.drop(f"card:{scout}", f"card:{other}")
    assert act.kind == "attack"
    assert "Guardian" in GAME.why_illegal(s, act)


def test_sweep_shares_the_dice_before_rolling(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_brute"], ["emb_colossus"] * 3)   # Sweep 1, 3 attacks; it goes first
    show(p, s, 0)
    brute, mid = s.lines[0][0], s.lines[1][1]
    assert p.drop(f"card:{brute}", f"card:{mid}") == LOCAL           # the sharing panel opens
    show(p, s, 0)
    assert scene.get("btn:roll") is not None and scene.get("btn:roll").enabled
    left = s.lines[1][0]
    assert press(p, f"btn:dist:+:{left}") == LOCAL
    show(p, s, 0)
    assert scene.get(f"card:{left}").badge == "1d" and scene.get(f"card:{mid}").badge == "2d"
    act = press(p, "btn:roll")
    assert act == Action("attack", (brute, ((mid, 2), (left, 1))))
    assert act in GAME.legal_actions(s)


def test_a_relic_is_played_by_drag_or_click_on_a_turn_in_the_activations(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_dancer", "emb_brute"], ["thn_hawk"], round_no=2, energy=(5, 0))
    salve, boots = give_relic(s, 0, "rel_salve"), give_relic(s, 0, "rel_boots")
    brute = s.lines[0][1]
    s.units[brute].damage = 3
    GAME.apply(s, Action("end", (s.lines[1][0],)))
    show(p, s, 0)
    mine = {f"card:{u}" for u in s.lines[0]}
    assert p.drag_targets(f"card:{salve}") == mine
    assert scene.get(f"card:{salve}").draggable and not scene.get(f"card:{boots}").draggable
    assert p.drop(f"card:{salve}", f"card:{brute}") == Action("relic", (salve, brute))
    assert click(p, f"card:{salve}") == LOCAL                 # by clicks: the relic, then the unit
    show(p, s, 0)
    assert scene.glowing == mine and "Mending Salve" in p.prompt()
    assert click(p, f"card:{brute}") == Action("relic", (salve, brute))
    assert click(p, f"card:{boots}") == LOCAL                 # a relic of the start of a round
    refused = click(p, f"card:{brute}")
    assert GAME.why_illegal(s, refused) == "Swift Boots is played at the start of a round."


# --- the battlefield ---------------------------------------------------------------------------
def test_the_battlefield_draws_lines_markers_track_energy_and_the_dice_tray(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_brute", "emb_herald"], ["emb_colossus", "emb_warden"], energy=(3, 7))
    s.units[s.lines[1][1]].damage = 2
    s.units[s.lines[0][0]].revived = True
    show(p, s, 0)
    assert set(p.layout.zones) >= {"enemy_line", "my_line", "track", "dice", "hand", "my_side",
                                   "enemy_side", "controls"}
    for uid in s.lines[0] + s.lines[1]:
        assert scene.get(f"card:{uid}") is not None
    assert scene.get(f"dmg:{s.lines[1][1]}").label == "2"
    assert scene.get(f"mark:{s.lines[0][0]}:0").label == "R"
    assert scene.get("energy:0").value == 3 and scene.get("energy:1").value == 7
    order = activation_order(GAME.view(s, 0))
    assert [state for _, state in order] == ["next"] * 4
    assert {f"trk:{u}" for u, _ in order} <= {sp.id for sp in scene.sprites()}
    # an attack: the dice land on the rolled faces, hits and blocks marked, the result line
    legal = GAME.legal_actions(s)
    att = next(a for a in legal if a.kind == "attack")
    brute = att.args[0]
    events = GAME.apply(s, att)
    show(p, s, 0, events)
    dice = [e for e in events if e.kind == "dice"]
    faces = [sp.value for sp in scene.sprites() if sp.id.startswith("tray:die:0:")]
    assert faces == dice[0].data["faces"]
    need = dice[0].data["need"]
    for i, f in enumerate(faces):
        die = scene.get(f"tray:die:0:{i}")
        assert (die.highlight == "hint") == (f >= need) and die.dim == (f < need)
    assert tray_text(scene, "tray:result") == result_line(roll_groups(events)[-1])
    # the unit that acted is dimmed on the line and first on the track
    view = GAME.view(s, 0)
    assert activation_order(view)[0][0] == brute
    assert scene.get(f"trk:{brute}").dim


def test_result_line_counts_hits_blocks_and_damage():
    from tabletop.core import Event
    group = [Event("dice", {"purpose": "attack", "faces": [6, 5, 1], "need": 4, "attacker": 1,
                            "targets": [2, 2, 2]}),
             Event("dice", {"purpose": "defence", "faces": [6, 2], "need": 5, "defender": 2,
                            "hits": 2, "blocked": 1}),
             Event("damage", {"unit": 2, "amount": 3, "total": 3, "hits": 1, "source": 1,
                              "name": "Magma Hulk"})]
    assert roll_groups(group) == [group]
    assert result_line(group) == "2 hits, 1 blocked: 3 damage to Magma Hulk"


def test_the_tray_keeps_counter_damage_off_the_attack_line(tmp_path):
    # Searing Hide (Kiln Keeper): when an attack damages it, the attacker takes 1 damage. The
    # result line is the attack's damage to its target; the answer has a line of its own.
    from tabletop.core import Event
    from tabletop.games.pariah.presentation.narrate import NARRATE
    from tabletop.table.narration import Voice
    scene, p = make(tmp_path)
    s = battle(["emb_dancer"], ["emb_warden"], dice=[6, 1, 1, 1])     # one hit, not blocked
    dancer, keeper = s.lines[0][0], s.lines[1][0]
    events = GAME.apply(s, Action("attack", (dancer, ((keeper, 3),))))
    assert s.units[keeper].damage == 1 and s.units[dancer].damage == 1
    show(p, s, 0, events)
    assert tray_text(scene, "tray:result") == "1 hit, 0 blocked: 1 damage to Kiln Keeper"
    assert tray_text(scene, "tray:answer:0") == "Searing Hide: 1 damage back to Blaze Dancer"
    assert scene.get("tray:answer:1") is None
    told = [NARRATE(e, Voice(("You", "Bot"), 0)) for e in events if e.kind == "damage"]
    assert told == ["Bot's Kiln Keeper takes 1 damage (1 hit from your Blaze Dancer).",
                    "Your Blaze Dancer takes 1 damage back (Searing Hide)."]
    # damage after the attack that did not come of it (an end-of-round effect) stays out
    later = list(events) + [Event("damage", {"unit": keeper, "amount": 1, "name": "Kiln Keeper",
                                             "cause": "Deep Pull", "hits": 0, "source": -1})]
    assert roll_groups(later)[-1] == roll_groups(events)[-1]


def test_abilities_are_buttons_and_their_targets_glow(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_adept"], ["emb_colossus", "emb_colossus"])   # Cinder Bolt: 2 damage, Commit
    show(p, s, 0)
    adept = s.lines[0][0]
    assert scene.get(f"btn:ability:{adept}:0") is not None
    assert press(p, f"btn:ability:{adept}:0") == LOCAL
    show(p, s, 0)
    assert scene.glowing == {f"card:{u}" for u in s.lines[1]}
    target = s.lines[1][1]
    act = click(p, f"card:{target}")
    assert act == Action("ability", (adept, 0, target)) and act in GAME.legal_actions(s)


def test_prep_relics_drag_onto_units_and_shop_is_clicks(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 21)
    rng = Rng(4)
    seen = set()
    for _ in range(600):
        if s.phase == OVER or seen >= {PREP, SHOP}:
            break
        if s.phase in (PREP, SHOP) and s.turn == 0:
            seen.add(s.phase)
            show(p, s, 0)
            legal = GAME.legal_actions(s)
            if s.phase == SHOP and GAME.legal_actions(s)[0].kind == "keep":
                assert set(p.layout.zones) >= {"offers", "evos"}
                for c in s.offers[0]:
                    assert click(p, f"card:{c}") == Action("keep", (c,))
                    assert scene.get(f"card:{c}").highlight == "glow"
            if s.phase == PREP:
                for a in [a for a in legal if a.kind in ("relic", "evolve") and a.args[1] != -1]:
                    assert f"card:{a.args[1]}" in p.drag_targets(f"card:{a.args[0]}")
                    assert p.drop(f"card:{a.args[0]}", f"card:{a.args[1]}") == a
                assert press(p, "btn:ready") == Action("ready")
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert seen == {PREP, SHOP}


def test_hidden_cards_stay_hidden_in_a_seats_table(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 8)
    rng = Rng(8)
    checked = 0
    for _ in range(400):
        if s.phase == OVER:
            break
        for seat in (0, 1):
            view = show(p, s, seat)
            other = 1 - seat
            secret = set(s.relic_hands[other]) | set(s.offers[other]) | set(s.relic_decks[other]) \
                | set(s.decks[other]) | set(s.armies[other])
            if not s.revealed:
                secret |= set(s.hands[other]) | set(s.picks[other])
            for sp in scene.sprites():
                if getattr(sp, "face_key", None) and sp.id.startswith(("card:", "foe:")):
                    n = sp.id.split(":")[-1]
                    if sp.id.startswith("card:"):
                        assert int(n) not in secret, sp.id
            foe = [sp for sp in scene.sprites() if sp.id.startswith(f"foe:{other}:")]
            rel = len(view.relic_hands[other])
            assert all(sp.face_key is None for sp in foe[:rel])
            checked += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked > 60


def _deploying(seed=6):
    """A two-player match in deployment, each side with units placed and units still to place."""
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, seed)
    while s.phase == SELECT:
        c = next((a for a in GAME.legal_actions(s) if a.kind == "pick"), Action("commit"))
        GAME.apply(s, c)
    for _ in range(2):
        GAME.apply(s, GAME.legal_actions(s)[0])
    assert s.phase == DEPLOY and all(s.lines) and all(s.armies)
    return s


def test_the_opponents_unplaced_units_are_face_down_with_their_count_and_points(tmp_path):
    scene, p = make(tmp_path)
    s = _deploying()
    seat = s.turn
    other = 1 - seat
    show(p, s, seat)
    backs = [sp for sp in scene.sprites() if sp.id.startswith(f"foe:{other}:")]
    assert len(backs) == len(s.armies[other]) and all(sp.face_key is None for sp in backs)
    points = sum(design(s.designs[c]).cost for c in s.armies[other])
    n = len(s.armies[other])
    assert scene.get(f"lbl:foe:about:{other}").text == \
        f"{n} unit{'s' if n != 1 else ''} face down, {points} points"
    for uid in s.lines[other]:                    # placed: face up on the enemy line
        assert scene.get(f"card:{uid}").face_key is not None
    assert not any(scene.get(f"card:{c}") for c in s.armies[other])
    assert dict(p.seat_rows(GAME.view(s, seat), other))["To deploy"] == f"{n} ({points} pts)"
    assert scene.get("ctr:them:2").value == "?"   # their evolution pile would tell the army


def test_the_log_never_names_a_unit_another_seat_has_not_placed(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({"factions": ["emberkin", "tidewardens"]}, 9)     # no design in common
    rng = Rng(9)
    told = 0
    while s.phase in (SELECT, DEPLOY):
        events = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        for seat in (0, 1):
            other = 1 - seat
            placed = {design(s.designs[u]).name for u in s.lines[other] if is_unit_card(u)}
            unplaced = {design(s.designs[c]).name for c in s.armies[other]} - placed
            p.viewer = seat
            for e in events:
                line = p.tell(e.for_seat(seat))
                assert not any(name in line for name in unplaced), line
                told += 1
    assert told > 20


def test_summaries_for_a_round_end_and_the_match_end(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 2)
    rng = Rng(2)
    titles = []
    while s.phase != OVER:
        events = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        show(p, s, 0, events)
        got = p.summary(GAME.view(s, 0), events)
        if got:
            titles.append(got[0])
    assert any(t.startswith("Round 1 of 5") for t in titles)
    assert "match" in titles[-1] or titles[-1] == "A draw"
    end = [e for e in events if e.kind == "game_end"]
    told = p.tell(end[0])             # the log's sentence is the summary's headline
    assert told == p.names.result_line() and told in p.summary(GAME.view(s, 0), end)[1]


def test_hint_highlights_the_hinted_cards(tmp_path):
    scene, p = make(tmp_path)
    s = GAME.setup({}, 5)
    show(p, s, 0)
    a = GAME.legal_actions(s)[0]
    p.show_hint(a)
    assert scene.get(f"card:{a.args[0]}").highlight == "hint"


def test_every_unit_card_in_play_zooms_with_its_current_stats(tmp_path):
    scene, p = make(tmp_path)
    s = battle(["emb_herald", "emb_scout"], ["emb_scout"])   # the Herald's Aura raises AP
    show(p, s, 0)
    scout = s.lines[0][1]
    key, compose, caption = p.zoom(f"card:{scout}")
    assert "ap=1" in key and "AP 1" in caption
    assert is_unit_card(scout)


def test_drawn_units_keep_their_places_while_the_player_picks(tmp_path):
    """A pick leaves a gap and a unit put back returns to its own slot: nothing re-centres under
    the pointer between two quick clicks."""
    scene, p = make(tmp_path)
    s = GAME.setup({}, 5)
    show(p, s, 0)
    where = {c: scene.get(f"card:{c}").rect[:2] for c in s.hands[0]}
    picked = sorted(s.hands[0])[1]
    GAME.apply(s, Action("pick", (picked,)))
    show(p, s, 0)
    for c in s.hands[0]:
        assert scene.get(f"card:{c}").rect[:2] == where[c], "an unpicked unit moved"
    assert scene.get(f"card:{picked}").rect[1] != where[picked][1]        # it went to the army row
    GAME.apply(s, Action("unpick", (picked,)))
    show(p, s, 0)
    assert scene.get(f"card:{picked}").rect[:2] == where[picked]


def test_an_ability_that_would_do_nothing_says_so_before_energy_is_spent(tmp_path):
    # Flare Step (+1 Attacks this round) after the Blaze Dancer's attack changes nothing: its
    # button says so, and the first click only explains; the rules still allow it
    scene, p = make(tmp_path)
    s = battle(["emb_dancer", "emb_scout"], ["tid_sentinel"], energy=(2, 0), dice=[1, 1, 1])
    dancer = unit_of(s, "emb_dancer")
    button = f"btn:ability:{dancer}:0"
    show(p, s, 0)
    assert scene.get(button).text == "Flare Step (1)"
    attack(s, dancer, unit_of(s, "tid_sentinel"))
    step = Action("ability", (dancer, 0, -1))
    assert s.active == dancer and step in GAME.legal_actions(s)
    show(p, s, 0)
    assert scene.get(button).text == "Flare Step (1) · no effect now"
    assert press(p, button) == LOCAL and s.energy[0] == 2
    assert scene.status == ("Flare Step would do nothing now: Blaze Dancer has already attacked or "
                            "committed this activation. Click it again to use it anyway.")
    assert press(p, button) == step


def test_a_revive_with_more_choices_than_the_tray_holds_pages_through_them(tmp_path):
    """Every unit in the graveyards, on either side: more buttons than the tray has room for.
    More… turns the page, and each choice is a button on some page (no move only in the side
    panel)."""
    s = battle(["thn_hawk", "thn_druid", "thn_hawk"], ["tid_sentinel"])
    for d in ("thn_sprite", "thn_keeper", "thn_hawk", "thn_sapling", "thn_druid"):
        c = next((c for c in s.decks[0] if s.designs[c] == d), None)
        if c is not None:
            s.decks[0].remove(c)
            s.graves[0].append(c)
    druid = unit_of(s, "thn_druid")
    while druid not in [a.args[0] for a in GAME.legal_actions(s)]:
        GAME.apply(s, next(a for a in GAME.legal_actions(s) if a.kind == "end"))
    scene, p = make(tmp_path)
    show(p, s)
    uses = [a for a in GAME.legal_actions(s) if a.kind == "ability" and a.args[:2] == (druid, 0)]
    assert len(uses) > 7, "the position offers more choices than the tray shows at once"
    assert answer(p, it.ButtonPress(f"btn:ability:{druid}:0")) == LOCAL
    show(p, s)
    shown = [x.id for x in scene.sprites() if x.id.startswith("btn:choice:")]
    assert len(shown) == 6 and scene.get("btn:more:choice") is not None
    last = uses[-1]
    assert f"btn:choice:{len(uses) - 1}" not in shown
    assert through_table(p, last, route, lambda: show(p, s)) == last


# the table's part of the window (the side panel taken off) in device pixels, and the ratio
SIDE_PANEL_SIZES = {"1280x720": ((960, 698), 1.0), "1920x1080": ((1520, 1058), 1.0),
                    "1280x720 at 200%": ((1920, 1396), 2.0)}


@pytest.mark.parametrize("size", sorted(SIDE_PANEL_SIZES))
def test_the_energy_and_emblems_words_stand_clear_of_the_die_and_the_plates(tmp_path, size):
    # "energy" sat 2 px under the die at 1280x720 and "Emblems" against it, then against the
    # plates: each now a clear gap (4 logical px or more) from the die, the plates and each other
    (w, h), ratio = SIDE_PANEL_SIZES[size]
    s = GAME.setup(GAME.default_options(2), 2, 2)
    rng = Rng(2)
    while not {e[2] for e in s.emblems} >= {0, 1}:          # an emblem on each side
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    scene, p = make(tmp_path)
    scene.ratio = ratio
    scene.resize(w, h)
    show(p, s, s.turn if s.turn is not None else 0)
    vp = scene.viewport
    least = 4 * ratio                                        # window px

    def box(sid):
        r = scene.get(sid).screen_rect(vp)
        return r.inflate(2 * least, 2 * least)               # what comes closer than the gap touches

    checked = 0
    for who in ("me", "them"):
        words = [f"lbl:{who}:en", f"lbl:{who}:emb"]
        assert all(scene.get(w_) is not None and scene.get(w_).text for w_ in words), words
        # the side's die: the one just above its caption
        caption = scene.get(f"lbl:{who}:en")
        die = min((sp for sp in scene.sprites() if sp.id.startswith("energy:") and sp.y < caption.y),
                  key=lambda sp: caption.y - sp.y).id
        others = [die] + [f"ctr:{who}:{i}" for i in range(6)]
        for word in words:
            r = scene.get(word).screen_rect(vp)
            for other in others + [x for x in words if x != word]:
                assert not r.colliderect(box(other)), f"{size}: {word} touches {other}"
                checked += 1
    assert checked == 2 * 2 * 8

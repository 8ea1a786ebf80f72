"""Learn to play Pariah: a guided first round and a half, as data (the format:
tabletop/core/lesson.py and docs/LESSONS.md; check it with `tabletop tutorial pariah --check`).

Seed 821, Emberkin against Tidewardens, deals you a Blaze Dancer, a Cinder Adept and an Ashen
Bruiser among your ten: an 11-point secret army that leaves 9 Elemental Energy. In fifteen moves
of yours you meet every kind of move of an ordinary match (picking and committing an army,
deploying, an ability that adds to the attack, an attack, a Commit ability, a Sweep sharing its
dice, keeping a relic and taking an evolution in the shop, playing Equipment and an evolution at
the start of a round), and the signature rules: the secret army, the Priority track and the dice.
Vessa's moves are the greedy bot's own choices on this deal (docs/notes/lessons-pariah.md).
Cards are named by id (card:N); the teacher names them by what the learner sees.
"""

LESSON = {
    "game": "pariah",
    "title": "Learn to play Pariah",
    "minutes": 14,
    "seed": 821,
    "options": {"factions": ["emberkin", "tidewardens"]},
    "seats": [{"name": "You"}, {"name": "Vessa", "bot": "greedy", "difficulty": "easy"}],
    "steps": [
        # --- the secret army ------------------------------------------------------------------
        {"say": "Welcome to Pariah! You and Vessa each raise a secret army of up to 20 points, "
                "then fight for up to five rounds with dice. Click the lit Blaze Dancer to add it "
                "to your army.",
         "point": ["card:15"], "expect": {"kind": "pick", "args": [15]},
         "do": [["click", "card:15"]],
         "aim": "Click the lit Blaze Dancer to add it to your army.",
         "then": "The Blaze Dancer costs 3 of your 20 army points.",
         "terms": ["Army points"]},
        {"say": "Now drag the lit Cinder Adept down into your army row. It can throw fire "
                "instead of attacking.",
         "point": ["card:11", "army"], "expect": {"kind": "pick", "args": [11]},
         "do": [["drag", "card:11", "army"]],
         "aim": "Drag the lit Cinder Adept into your army row.",
         "then": "Changed your mind? A unit clicked in the army row goes back."},
        {"say": "Add the lit Ashen Bruiser too, a heavy hitter. Points you leave unspent "
                "become Elemental Energy, for relics and evolutions later.",
         "point": ["card:8", "ctr:points"], "expect": {"kind": "pick", "args": [8]},
         "do": [["drag", "card:8", "army"]],
         "aim": "Drag the lit Ashen Bruiser into your army row.",
         "then": "11 points chosen: the other 9 will be energy.",
         "terms": ["Elemental Energy"]},
        {"say": "Press Commit army. Your army stays face down: Vessa will learn only how many "
                "units it holds and their points.",
         "point": ["btn:commit"], "expect": {"kind": "commit"},
         "do": [["button", "btn:commit"]],
         "aim": "Press Commit army.",
         "then": "Your army is committed, face down.",
         "terms": ["Secret army"]},
        {"bot": {"kind": "pick", "args": [113]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "pick", "args": [109]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "pick", "args": [119]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "pick", "args": [125]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "pick", "args": [106]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "pick", "args": [112]}, "say": "Vessa chooses her army in secret."},
        {"bot": {"kind": "commit"}, "say": "Vessa commits her army."},
        # --- deployment -----------------------------------------------------------------------
        {"say": "Now each side places one unit at a time on its front line, left to right. "
                "Drag your Ashen Bruiser onto your front line.",
         "point": ["card:8", "my_line"], "expect": {"kind": "deploy", "args": [8]},
         "do": [["drag", "card:8", "my_line"]],
         "aim": "Drag the lit Ashen Bruiser onto your front line, at the bottom.",
         "then": "A unit is shown face up only as it is placed.",
         "terms": ["Deployment"]},
        {"bot": {"kind": "deploy", "args": [109]}, "say": "Vessa places a unit."},
        {"say": "Vessa's units still waiting are face down at the top: you see how many and "
                "their points, never which. Click your Blaze Dancer to place it next.",
         "point": ["card:15", "enemy_hand"], "expect": {"kind": "deploy", "args": [15]},
         "do": [["click", "card:15"]],
         "aim": "Click the lit Blaze Dancer to place it.",
         "then": "It takes the next slot to the right."},
        {"bot": {"kind": "deploy", "args": [112]}, "say": "Vessa places a unit."},
        {"say": "Place your Cinder Adept last. Vessa has more units, so she goes on placing "
                "after you.",
         "point": ["card:11", "my_line"], "expect": {"kind": "deploy", "args": [11]},
         "do": [["drag", "card:11", "my_line"]],
         "aim": "Drag the lit Cinder Adept onto your front line.",
         "then": "Your whole army is on the line."},
        {"bot": {"kind": "deploy", "args": [125]}, "say": "Vessa places the rest of her army."},
        {"bot": {"kind": "deploy", "args": [106]}, "say": "Vessa places the rest of her army."},
        {"bot": {"kind": "deploy", "args": [113]}, "say": "Vessa places the rest of her army."},
        {"bot": {"kind": "deploy", "args": [119]}, "say": "Vessa places the rest of her army."},
        # --- round one: Priority and the dice --------------------------------------------------
        {"say": "Round one! Units act one at a time from the highest Priority down, whoever owns "
                "them, as the track shows. Your Blaze Dancer goes first: press Flare Step to pay "
                "1 energy for an extra attack die.",
         "point": ["track", "btn:ability:15:0"], "expect": {"kind": "ability", "args": [15, 0, -1]},
         "do": [["button", "btn:ability:15:0"]],
         "aim": "Press the lit Flare Step button to give the Blaze Dancer an extra die.",
         "then": "Flare Step does not replace the attack: the Dancer still strikes.",
         "terms": ["Priority", "Initiative"]},
        {"say": "Drag the Blaze Dancer onto Vessa's Pearl Oracle. Each attack die showing its "
                "Dexterity (3) or more hits. The Oracle rolls a die per hit, and each showing "
                "its Armor or more blocks one.",
         "point": ["card:15", "card:119"], "expect": {"kind": "attack", "args": [15, [[119, 4]]]},
         "do": [["drag", "card:15", "card:119"]],
         "aim": "Drag the Blaze Dancer onto the lit Pearl Oracle to attack it.",
         "then": "Two hits, no blocks: the Oracle is destroyed. The dice tray shows the rolls.",
         "terms": ["Dexterity", "Armor"]},
        {"bot": {"kind": "attack", "args": [112, [[11, 1], [15, 1]]]},
         "say": "Vessa's Mist Stalkers are next on the track."},
        {"bot": {"kind": "attack", "args": [113, [[11, 2]]]},
         "say": "Vessa's Mist Stalkers are next on the track."},
        {"say": "Your Cinder Adept's turn. Cinder Bolt is a Commit ability: it replaces the "
                "attack and deals 2 damage with no dice. Press it, then click the lit Mist "
                "Stalker in slot 2.",
         "point": ["btn:ability:11:0", "card:112"],
         "expect": {"kind": "ability", "args": [11, 0, 112]},
         "do": [["button", "btn:ability:11:0"], ["click", "card:112"]],
         "aim": "Press Cinder Bolt, then click the Mist Stalker in slot 2.",
         "then": "That Mist Stalker is down to 1 HP.",
         "terms": ["Commit"]},
        {"bot": {"kind": "attack", "args": [106, [[15, 2]]]}, "say": "Vessa's Coral Lancer attacks."},
        {"say": "The Ashen Bruiser has Sweep 1: it may share its dice with an enemy next to its "
                "target. Drag it onto the wounded Mist Stalker, press + to give the Shell Warden "
                "one die, then Roll the dice.",
         "point": ["card:8", "card:112", "card:109", "dice"],
         "expect": {"kind": "attack", "args": [8, [[112, 2], [109, 1]]]},
         "do": [["drag", "card:8", "card:112"], ["button", "btn:dist:+:109"],
                ["button", "btn:roll"]],
         "aim": "Drag the Ashen Bruiser onto the wounded Mist Stalker, give the Shell Warden one "
                "die with +, then Roll the dice.",
         "then": "The Mist Stalker falls, and the Shell Warden blocked its die.",
         "terms": ["Sweep"]},
        {"bot": {"kind": "end", "args": [109]},
         "say": "Vessa's Shell Warden passes: any unit may pass instead of acting."},
        {"bot": {"kind": "attack", "args": [125, [[11, 2]]]}, "say": "Vessa's Abyss Caller attacks."},
        # --- the shop ------------------------------------------------------------------------
        {"say": "Round one is over, and damage stays: units do not heal. In the shop, click the "
                "Keen Edge to keep it: it gives a unit +1 Damage.",
         "point": ["card:65"], "expect": {"kind": "keep", "args": [65]},
         "do": [["click", "card:65"]],
         "aim": "Click the Keen Edge to keep it.",
         "then": "Keeping a relic is free; you pay its energy when you play it.",
         "terms": ["Relic", "Shop"]},
        {"say": "You may also take one evolution for a unit you have in play. Click the Cinder "
                "Magus, for your Cinder Adept.",
         "point": ["card:33"], "expect": {"kind": "take_evo", "args": [33]},
         "do": [["click", "card:33"]],
         "aim": "Click the Cinder Magus to take it (Take no evolution is for another time).",
         "then": "Vessa shops too.",
         "terms": ["Evolution"]},
        {"bot": {"kind": "keep", "args": [171]}, "say": "Vessa shops."},
        {"bot": {"kind": "take_evo", "args": [132]}, "say": "Vessa shops."},
        # --- round two: relics and evolutions --------------------------------------------------
        {"say": "From round two, a round starts with playing relics and evolutions, paid from "
                "your energy die. Drag the Keen Edge onto your Ashen Bruiser: Equipment stays on "
                "its unit. (Ready ends this moment when you would rather save energy.)",
         "point": ["card:65", "card:8", "energy:0"], "expect": {"kind": "relic", "args": [65, 8]},
         "do": [["drag", "card:65", "card:8"]],
         "aim": "Drag the Keen Edge onto your Ashen Bruiser.",
         "then": "2 energy paid: the Bruiser now deals 3 damage a hit.",
         "terms": ["Equipment"]},
        {"say": "Now drag the Cinder Magus onto your Cinder Adept to evolve it. Then the match "
                "is yours: destroy Vessa's whole army, or have more army points standing when "
                "round five ends.",
         "point": ["card:33", "card:11"], "expect": {"kind": "evolve", "args": [33, 11]},
         "do": [["drag", "card:33", "card:11"]],
         "aim": "Drag the Cinder Magus onto your Cinder Adept.",
         "then": "Your Cinder Adept is now a Cinder Magus, quicker and tougher.",
         "terms": ["Annihilation", "Attrition"]},
    ],
}

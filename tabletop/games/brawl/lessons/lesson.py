"""Learn to play Champions' Brawl: a guided first two rounds, as data (the format:
tabletop/core/lesson.py and docs/LESSONS.md; check it with `tabletop tutorial brawl --check`).

Seed 5 makes you the first player and puts Azure Vigil (a champion next to the blue statue) on
the track's first scoring slot. In 24 moves of yours you choose a team, keep your hand, set two
traps, deploy, take a standard action with the one core whose colour your hand lacks, walk a
card's movement, score the challenge (2 VP), pull Orrin in with a direct-range card and knock
him out with a melee one (1 VP, and Kessa levels up), spring a Spike Pit and set the next trap.
The bot's moves are fixed: Orrin swoops to the Heart, where Kessa can reach him, and comes
back from the gate on Bram's next turn (a move that is legal only if the knock-out happened).
Champions are `champ:N` (seat * 3 + slot), cards `card:N` (champion * 6 + i), hexes of the
board `arena:q,r` (you sit at the bottom, so these are the engine's own coordinates).
"""

LESSON = {
    "game": "brawl",
    "title": "Learn to play Champions' Brawl",
    "minutes": 14,
    "seed": 5,
    "options": {"picks": "alternate"},
    "seats": [{"name": "You"}, {"name": "Bram", "bot": "ismcts", "difficulty": "easy"}],
    "steps": [
        # --- the set-up -------------------------------------------------------------------------
        {"say": "Welcome to Champions' Brawl! You and Bram each lead three champions into a hex "
                "arena, and the first to 5 Victory Points wins. Pick Kessa, a hard-hitting brawler.",
         "point": ["pick:kessa"], "expect": {"kind": "pick", "args": ["kessa"]},
         "do": [["click", "pick:kessa"]],
         "aim": "Click Kessa Thornvale to make her your first champion.",
         "then": "Each champion brings six cards: two red, two yellow and two blue.",
         "terms": ["Victory Points"]},
        {"bot": {"kind": "pick", "args": ["orrin"]}, "say": "Bram picks two champions."},
        {"bot": {"kind": "pick", "args": ["ilse"]}},
        {"say": "Now you pick two. Take Sable, an archer who strikes from afar.",
         "point": ["pick:sable"], "expect": {"kind": "pick", "args": ["sable"]},
         "do": [["click", "pick:sable"]],
         "aim": "Click Sable Wren."},
        {"say": "And Maud, a tough old guard with the most hit points.",
         "point": ["pick:maud"], "expect": {"kind": "pick", "args": ["maud"]},
         "do": [["click", "pick:maud"]],
         "aim": "Click Maud Ironroot.",
         "then": "Your deck is your three champions' 18 cards, and you drew five."},
        {"bot": {"kind": "pick", "args": ["varro"]}},
        {"say": "Before the first round you may swap any of these cards for new ones, once. "
                "This hand will do: press Keep this hand.",
         "point": ["hand", "btn:redraw"], "expect": {"kind": "redraw", "args": [[]]},
         "do": [["button", "btn:redraw"]],
         "aim": "Press Keep this hand, with no card marked.",
         "terms": ["Redraw"]},
        {"bot": {"kind": "redraw", "args": [[]]}},
        {"say": "The dark hexes hold traps. Nobody knows what a trap does until a champion "
                "walks in. Set one on the lit hex.",
         "point": ["arena:-1,2"], "expect": {"kind": "trap", "args": [23]},
         "do": [["click", "arena:-1,2"]],
         "aim": "Click the lit trap hex to set your trap there.",
         "then": "Bram sets one too.",
         "terms": ["Trap"]},
        {"bot": {"kind": "trap", "args": [37]}},
        {"say": "Set your second trap beside the blue statue, on the left.",
         "point": ["arena:-2,0", "statue:blue"], "expect": {"kind": "trap", "args": [13]},
         "do": [["click", "arena:-2,0"]],
         "aim": "Click the lit trap hex next to the blue statue.",
         "terms": ["Statue"]},
        {"bot": {"kind": "trap", "args": [40]}},
        {"say": "Champions enter on your deployment area, the green hexes at the bottom. "
                "Drag Sable from your gate to the lit hex.",
         "point": ["champ:1", "arena:-3,4"], "expect": {"kind": "deploy", "args": [1, 10]},
         "do": [["drag", "champ:1", "arena:-3,4"]],
         "aim": "Drag Sable onto the lit hex of your deployment area.",
         "terms": ["Deployment area", "Gate"]},
        {"bot": {"kind": "deploy", "args": [3, 35]}},
        {"say": "Now Kessa, in the middle of your row.",
         "point": ["champ:0", "arena:-1,4"], "expect": {"kind": "deploy", "args": [0, 25]},
         "do": [["drag", "champ:0", "arena:-1,4"]],
         "aim": "Drag Kessa onto the lit hex."},
        {"bot": {"kind": "deploy", "args": [4, 50]}},
        {"say": "And Maud, between them.",
         "point": ["champ:2", "arena:-2,4"], "expect": {"kind": "deploy", "args": [2, 17]},
         "do": [["drag", "champ:2", "arena:-2,4"]],
         "aim": "Drag Maud onto the lit hex.",
         "then": "The arena is set. You go first."},
        {"bot": {"kind": "deploy", "args": [5, 56]}},
        # --- round 1: cores, a standard action, a card's movement -----------------------------
        {"say": "Look at the challenge track: Azure Vigil pays VP for a champion next to the "
                "blue statue. Your hand has no yellow card, so your yellow core can buy a standard "
                "action. Press Yellow: move 2, then click Sable.",
         "point": ["slot:1", "core:0:yellow", "btn:std:yellow:move", "champ:1"],
         "expect": {"kind": "standard", "args": ["yellow", "move", 1]},
         "do": [["button", "btn:std:yellow:move"], ["click", "champ:1"]],
         "aim": "Press Yellow: move 2, then click Sable.",
         "then": "Your yellow core is spent for this turn.",
         "terms": ["Challenge track", "Core", "Standard action"]},
        {"say": "Walk Sable one hex at a time: click the lit hex above her.",
         "point": ["arena:-3,3"], "expect": {"kind": "hex", "args": [9]},
         "do": [["click", "arena:-3,3"]],
         "aim": "Click the lit hex straight above Sable."},
        {"say": "One more step, and Sable stands beside the blue statue.",
         "point": ["arena:-3,2", "statue:blue"], "expect": {"kind": "hex", "args": [8]},
         "do": [["click", "arena:-3,2"]],
         "aim": "Click the lit hex next to the blue statue.",
         "then": "If she is still there when your next turn starts, you score Azure Vigil."},
        {"say": "Playing a card spends the core of its colour. Drag Twin Lash onto Kessa: "
                "her card lets her walk one hex before she strikes.",
         "point": ["card:1", "champ:0"], "expect": {"kind": "play", "args": [1]},
         "do": [["drag", "card:1", "champ:0"]],
         "aim": "Drag Twin Lash, the lit card, onto Kessa.",
         "terms": ["Movement"]},
        {"say": "Step Kessa up and to the right, towards the middle.",
         "point": ["arena:0,3"], "expect": {"kind": "hex", "args": [33]},
         "do": [["click", "arena:0,3"]],
         "aim": "Click the lit hex up and to the right of Kessa.",
         "then": "No enemy was in reach, so the strike missed. A card can be played just to move."},
        {"say": "Your red core is spent, so Quake waits. Your blue cards could still move Maud, "
                "but that will do. End your turn.",
         "point": ["btn:end", "core:0:red"], "expect": {"kind": "end", "args": []},
         "do": [["button", "btn:end"]],
         "aim": "Press End turn.",
         "then": "You discard your hand and draw five new cards, and your cores are ready again. "
                 "After Bram's turn, every challenge moves one slot along the track."},
        {"bot": {"kind": "play", "args": [18]},
         "say": "Bram's Orrin plays Diving Talon and swoops over the field."},
        {"bot": {"kind": "hex", "args": [38]}},
        {"bot": {"kind": "standard", "args": ["yellow", "move", 3]},
         "say": "Orrin walks into the Heart to claim it."},
        {"bot": {"kind": "hex", "args": [39]}},
        {"bot": {"kind": "hex", "args": [31]}},
        {"bot": {"kind": "end"}},
        # --- round 2: scoring, range, knocking out, levelling up, a trap ----------------------
        {"say": "Sable stood by the blue statue, so you scored Azure Vigil: 2 VP! Orrin is two "
                "hexes from Kessa in a straight line. Drag Hook and Haul onto Kessa to hit him "
                "from there and pull him in.",
         "point": ["side:vp:0", "card:4", "champ:0", "champ:3"],
         "expect": {"kind": "play", "args": [4]},
         "do": [["drag", "card:4", "champ:0"]],
         "aim": "Drag Hook and Haul onto Kessa.",
         "then": "Orrin had no reaction to shield him. Pulled into Kessa, he took 1 more damage.",
         "terms": ["Range", "Pull", "Reaction"]},
        {"say": "Orrin has 4 hit points left and stands next to Kessa. Drag Thorn Maul, a melee "
                "card of strength 4, onto Kessa.",
         "point": ["card:0", "champ:0", "champ:3"], "expect": {"kind": "play", "args": [0]},
         "do": [["drag", "card:0", "champ:0"]],
         "aim": "Drag Thorn Maul onto Kessa."},
        {"say": "Kessa may walk two hexes first, but she is already in reach. Press Stop here.",
         "point": ["btn:stop"], "expect": {"kind": "stop", "args": []},
         "do": [["button", "btn:stop"]],
         "aim": "Press Stop here: Kessa strikes from where she stands.",
         "then": "Orrin is out of action and back at Bram's gate: 1 VP for you. Kessa levels up, "
                 "and her crown shows her new ability.",
         "terms": ["Out of action", "Level up"]},
        {"say": "Traps spring on whoever walks in, friend or foe. Drag Quick Feet onto Sable, "
                "then walk her onto the trap you set by the blue statue.",
         "point": ["card:9", "champ:1", "trap:13"], "expect": {"kind": "play", "args": [9]},
         "do": [["drag", "card:9", "champ:1"]],
         "aim": "Drag Quick Feet onto Sable."},
        {"say": "First the hex up and to the right.",
         "point": ["arena:-2,1"], "expect": {"kind": "hex", "args": [14]},
         "do": [["click", "arena:-2,1"]],
         "aim": "Click the lit hex up and to the right of Sable."},
        {"say": "Now onto the trap.",
         "point": ["arena:-2,0", "trap:13"], "expect": {"kind": "hex", "args": [13]},
         "do": [["click", "arena:-2,0"]],
         "aim": "Click the trap hex above Sable.",
         "then": "A Spike Pit: 2 damage to Sable."},
        {"say": "Whoever springs a trap sets a new one, face down, on another trap hex. "
                "Click any lit hex.",
         "point": ["arena"], "expect": {"kind": "hex"},
         "do": [["click", "arena:-1,-1"]],
         "aim": "Click one of the lit trap hexes to set the new trap."},
        {"say": "Quick Feet also lets Sable dash in a straight line. She is fine where she is: "
                "press Stop here.",
         "point": ["btn:stop"], "expect": {"kind": "stop", "args": []},
         "do": [["button", "btn:stop"]],
         "aim": "Press Stop here.",
         "terms": ["Dash"]},
        {"say": "You have 3 VP to Bram's none. End your turn, and watch what Orrin does next.",
         "point": ["btn:end", "side:vp:0"], "expect": {"kind": "end", "args": []},
         "do": [["button", "btn:end"]],
         "aim": "Press End turn.",
         "then": "A champion out of action comes back from its gate on its player's next turn."},
        {"bot": {"kind": "play", "args": [22]},
         "say": "Orrin plays Crosswind: its first step brings him from the gate onto Bram's "
                "deployment area."},
        {"bot": {"kind": "hex", "args": [35]}},
        {"bot": {"kind": "end"},
         "then": "Brace and Bark Skin in your hand are reactions: if Bram attacks Kessa or Maud, "
                 "drag her reaction onto her to raise a shield, or press Pass. Play on against "
                 "Bram, and press Hint whenever you are unsure."},
    ],
}

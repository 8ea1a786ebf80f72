"""Learn to play Paragons: a guided first match, as data (the format: tabletop/core/lesson.py and
docs/LESSONS.md; check it with `tabletop tutorial paragons --check`).

Seed 104 with the short draft (variant "short": two Greater and three Lesser picks each) and one
game: you are the Warrior against Mira's Mage. In 23 moves of yours you choose a class, draft,
swap a card into your deck, keep your hand, play mercenaries onto the 4x2 board, Recruit from the
Pool, defend against an attack, attack, pass on the chain, and answer Mira's attack with a spell
that resolves first and cancels it. Cards are named by id (card:N), spaces by seat and index
(space:0:1 is your Front Line, second column).
"""

LESSON = {
    "game": "paragons",
    "title": "Learn to play Paragons",
    "minutes": 14,
    "seed": 104,
    "options": {"variant": "short", "best_of": 1},
    "seats": [{"name": "You"}, {"name": "Mira", "bot": "greedy", "difficulty": "easy"}],
    "steps": [
        # --- the class and the draft ---------------------------------------------------------
        {"say": "Welcome to Paragons! You and Mira each lead a class of cards and hire mercenaries "
                "to bring the other's Life from 20 to nothing. Choose the Warrior: it plays first "
                "and grows strong by Recruiting.",
         "point": ["btn:room:choose:warrior"], "expect": {"kind": "choose", "args": ["warrior"]},
         "do": [["button", "btn:room:choose:warrior"]],
         "aim": "Press Choose the Warrior.",
         "then": "You are the Warrior. Mira wishes in secret too.",
         "terms": ["Class"]},
        {"bot": {"kind": "choose", "args": ["mage"]}, "say": "Mira chooses a class."},
        {"bot": {"kind": "pick", "args": [84]},
         "say": "Now the draft: Mira, the Mage, picks first from the mercenaries laid out."},
        {"say": "In the draft you take turns picking mercenaries for your deck, and the Mage picks "
                "first. Mira took the Elder Dragon: click the lit Storm Harpy to draft a Greater "
                "Mercenary too.",
         "point": ["card:70"], "expect": {"kind": "pick", "args": [70]}, "do": [["click", "card:70"]],
         "aim": "Click the lit card to draft it: the rest of the lesson is built on it.",
         "then": "Drafted cards are public: Mira sees your picks, and you see hers.",
         "terms": ["Draft", "Greater Mercenary"]},
        {"bot": {"kind": "pick", "args": [76]}},
        {"say": "Your turn again: take the Plague Doctor.",
         "point": ["card:71"], "expect": {"kind": "pick", "args": [71]}, "do": [["click", "card:71"]],
         "aim": "Click the lit card to draft it: the rest of the lesson is built on it.",
         "then": "The Greater round is done. Cheap Lesser Mercenaries come next."},
        {"bot": {"kind": "pick", "args": [54]}},
        {"say": "Cheap mercenaries win the first rounds. Take the Candle Acolyte, which costs 1.",
         "point": ["card:5"], "expect": {"kind": "pick", "args": [5]}, "do": [["click", "card:5"]],
         "aim": "Click the lit card to draft it: the rest of the lesson is built on it.",
         "terms": ["Lesser Mercenary"]},
        {"bot": {"kind": "pick", "args": [12]}},
        {"say": "Take the Lantern Moth.",
         "point": ["card:6"], "expect": {"kind": "pick", "args": [6]}, "do": [["click", "card:6"]],
         "aim": "Click the lit card to draft it: the rest of the lesson is built on it."},
        {"bot": {"kind": "pick", "args": [14]}},
        {"say": "And the last one, the Ember Imp.",
         "point": ["card:22"], "expect": {"kind": "pick", "args": [22]}, "do": [["click", "card:22"]],
         "aim": "Click the lit Ember Imp to draft it.",
         "then": "The draft is over. What nobody took becomes the deck the Pool is dealt from."},
        # --- the deck ------------------------------------------------------------------------------
        {"say": "Your deck starts as your 30 class cards; drafted cards wait in your Reserve Pile. "
                "A change is a swap: click the lit Discharge Papers to set it aside.",
         "point": ["card:122"], "expect": {"kind": "remove", "args": [122]},
         "do": [["click", "card:122"]],
         "aim": "Click the lit Discharge Papers in your deck to set it aside.",
         "then": "Your deck holds 29 cards now.",
         "terms": ["Reserve Pile"]},
        {"say": "Now click the lit Candle Acolyte in your Reserve Pile to put it in.",
         "point": ["card:5"], "expect": {"kind": "add", "args": [5]}, "do": [["click", "card:5"]],
         "aim": "Click the lit Candle Acolyte to put it into your deck."},
        {"say": "Thirty cards again, so the deck is legal. Press Done to play it.",
         "point": ["btn:room:done"], "expect": {"kind": "done"}, "do": [["button", "btn:room:done"]],
         "aim": "Press Done to play this deck."},
        {"bot": {"kind": "done"}, "say": "Mira builds her deck."},
        # --- the game ------------------------------------------------------------------------------
        {"say": "You drew five cards, and you may send some back once for new ones. This hand has "
                "cheap mercenaries and a spell, so keep it.",
         "point": ["btn:keep"], "expect": {"kind": "mulligan", "args": [[]]},
         "do": [["button", "btn:keep"]],
         "aim": "Press Keep this hand.",
         "then": "The Warrior plays first."},
        {"bot": {"kind": "mulligan", "args": [[]]}},
        {"say": "Your mana grows by one each round, so you have 1 now. Your board is two rows of "
                "four, the Front Line towards Mira and the Back Line behind it. Drag the lit Drillyard Recruit to "
                "the lit space of your Front Line.",
         "point": ["card:100", "space:0:1"], "expect": {"kind": "play", "args": [100, 1, -1, []]},
         "do": [["drag", "card:100", "space:0:1"]],
         "aim": "Drag the Drillyard Recruit onto the lit space of your Front Line.",
         "then": "A mercenary cannot attack on the turn it arrives.",
         "terms": ["Mana Threshold", "Front Line", "Back Line"]},
        {"say": "Your mana is spent, so end your turn.",
         "point": ["btn:end"], "expect": {"kind": "end_turn"}, "do": [["button", "btn:end"]],
         "aim": "Press End turn."},
        {"bot": {"kind": "play", "args": [200, 1, -1, []]},
         "say": "Mira plays an Apprentice Pyromancer."},
        {"bot": {"kind": "end_turn"}},
        {"say": "Round 2: you have 2 mana and drew a card. The five cards in the middle are the "
                "Mercenary Pool: click the lit Gutter Knife to Recruit it into your hand for 2.",
         "point": ["card:2"], "expect": {"kind": "recruit", "args": [2]}, "do": [["click", "card:2"]],
         "aim": "Click the lit Gutter Knife in the Pool to Recruit it.",
         "then": "A new card from the deck takes its place in the Pool.",
         "terms": ["Mercenary Pool", "Recruit"]},
        {"say": "Your Drillyard Recruit could attack now, but a mercenary left standing can "
                "defend you on Mira's turn. End your turn.",
         "point": ["btn:end"], "expect": {"kind": "end_turn"}, "do": [["button", "btn:end"]],
         "aim": "Press End turn."},
        {"bot": {"kind": "attack", "args": [200, -1]},
         "say": "Mira's Pyromancer attacks you."},
        {"say": "An attack on you can be blocked: click your Drillyard Recruit to defend. Attacker "
                "and defender strike each other at once, 1 damage each way.",
         "point": ["card:100", "card:200"], "expect": {"kind": "defend", "args": [200, 100]},
         "do": [["click", "card:100"]],
         "aim": "Click your Drillyard Recruit to defend against the Pyromancer.",
         "then": "The Pyromancer had 1 health and is destroyed; your Recruit had 2 and lives.",
         "terms": ["Defend"]},
        {"bot": {"kind": "decline"}},
        {"bot": {"kind": "play", "args": [202, 5, -1, [100]]},
         "say": "Mira plays a Frost Wisp, which exhausts your Recruit as it arrives."},
        {"bot": {"kind": "end_turn"}},
        {"say": "Round 3, 3 mana, and your Recruit stood up again. Drag the Gutter Knife you "
                "Recruited to the lit space of your Front Line.",
         "point": ["card:2", "space:0:2"], "expect": {"kind": "play", "args": [2, 2, -1, []]},
         "do": [["drag", "card:2", "space:0:2"]],
         "aim": "Drag the Gutter Knife onto the lit space of your Front Line.",
         "terms": ["Recover"]},
        {"say": "Every move can be answered, by you too while you have mana. Nothing needs "
                "answering here: press Pass to let it resolve.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": [["button", "btn:decline"]],
         "aim": "Press Pass: let it resolve.",
         "terms": ["Chain"]},
        {"say": "Now attack: drag your Drillyard Recruit onto Mira's Life.",
         "point": ["card:100", "life:1"], "expect": {"kind": "attack", "args": [100, -2]},
         "do": [["drag", "card:100", "life:1"]],
         "aim": "Drag your Drillyard Recruit onto Mira's Life to attack her.",
         "then": "Mira may defend with a mercenary, as you did."},
        {"bot": {"kind": "decline"}, "say": "Mira lets her Frost Wisp stand aside."},
        {"say": "Pass again, and the attack lands.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": [["button", "btn:decline"]],
         "aim": "Press Pass: let it resolve.",
         "then": "Mira is down to 19 Life."},
        {"say": "Keep your last 2 mana: mana you do not spend stays yours during Mira's turn. End "
                "your turn.",
         "point": ["btn:end"], "expect": {"kind": "end_turn"}, "do": [["button", "btn:end"]],
         "aim": "Press End turn.",
         "terms": ["Mana Total"]},
        {"say": "As each turn begins, the other player may play a spell. Mira has done nothing yet, "
                "so pass.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": [["button", "btn:decline"]],
         "aim": "Press Pass: let the turn go on."},
        {"bot": {"kind": "attack", "args": [202, -1]}, "say": "Mira's Frost Wisp attacks you."},
        {"say": "Answer it! Drag your Shield Bash onto the Frost Wisp. The last card added to the "
                "chain resolves first, so your spell strikes before the attack does.",
         "point": ["card:118", "card:202"], "expect": {"kind": "cast", "args": [118, [202]]},
         "do": [["drag", "card:118", "card:202"]],
         "aim": "Drag Shield Bash onto Mira's Frost Wisp.",
         "terms": ["Chain"]},
        {"bot": {"kind": "decline"}},
        {"say": "You could still defend with your Gutter Knife, but there is no need. Press No "
                "defence and watch the chain resolve from the top.",
         "point": ["btn:nodef"], "expect": {"kind": "decline"}, "do": [["button", "btn:nodef"]],
         "aim": "Press No defence to let the chain resolve.",
         "then": "Shield Bash destroyed the Frost Wisp, so its attack never landed. You know the "
                 "game now: play it out against Mira!"},
    ],
}

"""Learn to play Paragon: Trials of the Chosen: a guided first two rounds, as data (the format:
tabletop/core/lesson.py and docs/LESSONS.md; check it with `tabletop tutorial trials --check`).

A Trials deck is never shuffled, so the deal is the two decks' orders, not the seed: the
Marksmanship starter (Lira Longshot, Captain Havel) against the Chivalry starter (Sir Alden,
Dame Rosalind), the learner with the first initiative. In two rounds the learner channels, plays
a card, attacks, lets the stack resolve, answers an attack with an Instant effect (the Ranger's
Cloak hides Lira, so the attack finds no target), scouts the bottom of the deck and passes, and
sees initiative go to the player who passed first. Cards are named by id (card:N: seat * 100 +
place in the deck list, the two Avatars first); the teacher names them by what the learner sees.
"""

LIRA, HAVEL, CLOAK = "card:0", "card:1", "card:6"
ROSALIND, ARMING_SWORD = 101, 103
LET_IT_RESOLVE = [["button", "btn:decline"]]
AIM_RESOLVE = "Press Pass: let it resolve, under Respond or pass."

LESSON = {
    "game": "trials",
    "title": "Learn to play Paragon: Trials of the Chosen",
    "minutes": 12,
    "seed": 1,                    # the decks fix the deal; nothing in these two rounds is random
    "options": {"decks": ["Marksmanship pair", "Chivalry pair"], "initiative": 0},
    "seats": [{"name": "You"}, {"name": "Maren", "bot": "greedy", "difficulty": "easy"}],
    "steps": [
        # --- round 1: you have initiative -------------------------------------------------
        {"say": "Welcome to Trials! You fight through two Avatars, and you win when both of "
                "Maren's have fallen. Your Ranger's Cloak costs 2 energy and you have 1, so drag "
                "Captain Havel onto your energy die to channel one more.",
         "point": [HAVEL, "energy:0"], "expect": {"kind": "channel", "args": [1]},
         "do": [["drag", HAVEL, "energy:0"]],
         "aim": "Drag Captain Havel onto your energy die to channel 1 energy.",
         "then": "Havel is turned sideways: exhausted until the next round. A turn is one action, "
                 "and yours now waits on the stack.",
         "terms": ["Channel", "Exhaust / Ready"]},
        {"bot": {"kind": "decline"}},
        {"say": "Every action goes on the stack in the middle, where the other player may answer "
                "it. Maren let yours pass, so let it resolve. In an ordinary match the table does "
                "this for you.",
         "point": ["btn:decline", "middle"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE, "then": "You have 2 energy now.", "terms": ["Stack"]},
        {"bot": {"kind": "play", "args": [ARMING_SWORD, ROSALIND, -1, [], 0]},
         "say": "Maren plays a card."},
        {"say": "Maren's Arming Sword waits on the stack, and now you may answer. An Instant card "
                "could, but your Steady Aim would not help here, so let it resolve.",
         "point": ["middle", "btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE,
         "then": "The sword adds 1 to Dame Rosalind's Attack.",
         "terms": ["Instant"]},
        {"bot": {"kind": "decline"}},
        {"say": "Your turn again. Drag the Ranger's Cloak from your hand onto Lira Longshot: you "
                "play a card by attaching it to an Avatar of its colour.",
         "point": [CLOAK, LIRA], "expect": {"kind": "play", "args": [6, 0, -1, [], 0]},
         "do": [["drag", CLOAK, LIRA]],
         "aim": "Drag the lit Ranger's Cloak onto Lira Longshot.",
         "then": "Cards come into play exhausted, so the Cloak rests until the next round."},
        {"bot": {"kind": "decline"}},
        {"say": "Nobody answered the Cloak: let it resolve.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE},
        {"bot": {"kind": "attack", "args": [ROSALIND, 0]}, "say": "Maren attacks."},
        {"say": "Dame Rosalind attacks Lira for 4. Your Cloak could hide Lira, but it is still "
                "exhausted, so let the attack resolve.",
         "point": ["card:101", LIRA, "btn:decline"], "expect": {"kind": "decline"},
         "do": LET_IT_RESOLVE, "aim": AIM_RESOLVE,
         "then": "Lira lost 4 of her hearts. An Avatar never hits back when attacked."},
        {"bot": {"kind": "decline"}},
        {"say": "Strike back: drag Lira onto Dame Rosalind to attack her for 2. An attack "
                "exhausts the card that makes it.",
         "point": [LIRA, "card:101"], "expect": {"kind": "attack", "args": [0, ROSALIND]},
         "do": [["drag", LIRA, "card:101"]],
         "aim": "Drag Lira onto Dame Rosalind to attack her."},
        {"bot": {"kind": "decline"}},
        {"say": "Let your attack resolve.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE,
         "then": "Dame Rosalind is down to 10 HP, the hearts beside her."},
        {"bot": {"kind": "pass"}, "say": "Maren passes."},
        {"say": "Maren passed, and you have nothing left to spend. Pass too and the round ends: "
                "whoever passed first takes initiative and starts the next round.",
         "point": ["btn:pass", "lbl:initiative"], "expect": {"kind": "pass"},
         "do": [["button", "btn:pass"]], "aim": "Press Pass turn to end the round.",
         "then": "Maren passed first, so she has initiative now. In round 2 every card is ready "
                 "again, you both have 2 energy and each drew a card.",
         "terms": ["Initiative"]},
        # --- round 2: Maren has initiative ------------------------------------------------
        {"bot": {"kind": "attack", "args": [ROSALIND, 0]},
         "say": "Maren starts round 2 with an attack."},
        {"say": "Dame Rosalind attacks Lira again, but your Cloak is ready now. Right-click the "
                "Cloak and choose its effect: it is an Instant, so it answers the attack.",
         "point": [CLOAK, LIRA, "card:101"], "expect": {"kind": "activate", "args": [6, 0, [1], 0]},
         "do": [["right_click", CLOAK], ["button", "btn:menu:0"]],
         "aim": "Right-click the lit Ranger's Cloak and choose its effect to hide Lira.",
         "then": "Your answer lies on top of the attack, and the stack resolves from the top.",
         "terms": ["Stealthy"]},
        {"bot": {"kind": "decline"}},
        {"say": "Maren lets your answer pass. Let it resolve first.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE, "then": "Lira is hidden from Maren for the rest of the round."},
        {"say": "The attack is on top again, and it can still be answered. Let it resolve and "
                "watch it find no target.",
         "point": ["middle", "btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE},
        {"bot": {"kind": "decline"}},
        {"say": "The attack missed: its target hid before it resolved. Havel can scout for 2 "
                "energy and you have 1, so drag Lira onto your energy die.",
         "point": [LIRA, "energy:0"], "expect": {"kind": "channel", "args": [0]},
         "do": [["drag", LIRA, "energy:0"]],
         "aim": "Drag Lira onto your energy die to channel 1 energy."},
        {"bot": {"kind": "decline"}},
        {"say": "Let your channel resolve.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE, "then": "You have 2 energy."},
        {"bot": {"kind": "pass"}, "say": "Maren passes."},
        {"say": "Your deck is never shuffled: its order was chosen before the match, so you know "
                "what is coming. Right-click Captain Havel and choose his effect to scout.",
         "point": [HAVEL, "deck:0"], "expect": {"kind": "activate", "args": [1, 0, [], 0]},
         "do": [["right_click", HAVEL], ["button", "btn:menu:0"]],
         "aim": "Right-click Captain Havel and choose his scout.",
         "terms": ["Deck order"]},
        {"bot": {"kind": "decline"}},
        {"say": "Let Havel's effect resolve.",
         "point": ["btn:decline"], "expect": {"kind": "decline"}, "do": LET_IT_RESOLVE,
         "aim": AIM_RESOLVE},
        {"say": "A scout takes the top or the bottom card of your deck into your hand. The top "
                "card, Hand Crossbow, is your next draw anyway, so take the bottom one.",
         "point": ["btn:answer:1"], "expect": {"kind": "scout", "args": [1]},
         "do": [["button", "btn:answer:1"]],
         "aim": "Take the bottom card: Sniper's Nest.",
         "then": "Sniper's Nest came up from the bottom. Click your deck any time to look through "
                 "it in order.",
         "terms": ["Scout"]},
        {"bot": {"kind": "pass"}, "say": "Maren passes."},
        {"say": "Maren passed first again, and your energy is spent. Pass to end the round.",
         "point": ["btn:pass"], "expect": {"kind": "pass"}, "do": [["button", "btn:pass"]],
         "aim": "Press Pass turn to end the round.",
         "then": "Round 3 begins, Maren's to start. Now you know a turn: play, attack, use an "
                 "effect, channel or pass, and answer what waits on the stack."},
    ],
}

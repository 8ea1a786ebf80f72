"""Learn to play Paargus: a guided first hand, as data (the format: tabletop/core/lesson.py and
docs/LESSONS.md; check it with `tabletop tutorial paargus --check`).

Seed 1086 with one hand deals a match where, in eleven moves of yours, you meet every kind of
move of an ordinary hand (the draw of three and of one, ending a turn, a conjunction East and
West, a trade, a trailing card, a card laid in the sky tableau and a draw that sweeps it back)
and win the hand on alignments, choosing which card lies on top so its gold mark shows.
Cards are named by id (card:N); the teacher names them by what the learner sees.
"""

LESSON = {
    "game": "paargus",
    "title": "Learn to play Paargus",
    "minutes": 12,
    "seed": 1086,
    "options": {"hands": 1},
    "winner": 0,                  # the last step wins the hand, and so the one-hand match
    "seats": [{"name": "You"}, {"name": "Orrin", "bot": "greedy", "difficulty": "easy"}],
    "steps": [
        {"say": "Welcome to Paargus! You and Orrin lay sets of star charts, and whoever shows "
                "more gold alignment marks wins the hand. Start by clicking the deck to draw "
                "your first three cards.",
         "point": ["deck"], "expect": {"kind": "draw"}, "do": [["click", "deck"]],
         "aim": "Click the deck to draw your first three cards.",
         "then": "Those three charts are your hand. Only you can see them.",
         "terms": ["Alignment"]},
        {"say": "The last part of a turn is laying a conjunction: three cards with the same sigil "
                "in the same corner. You have none yet, so end your turn.",
         "point": ["btn:end"], "expect": {"kind": "end_turn"}, "do": [["button", "btn:end"]],
         "aim": "There is no conjunction in your hand yet: press End turn.",
         "then": "Orrin takes a turn now.",
         "terms": ["Conjunction", "Quadrant"]},
        {"bot": {"kind": "draw"}},
        {"bot": {"kind": "end_turn"}},
        {"say": "A turn goes: lay cards in the sky tableau, perhaps trade, draw, then perhaps a "
                "conjunction. You have nothing to lay or trade yet, so draw.",
         "point": ["deck", "btn:draw"], "expect": {"kind": "draw"}, "do": [["button", "btn:draw"]],
         "aim": "Draw a card first: press Draw or click the deck.",
         "then": "After the first turn you draw one card at a time.",
         "terms": ["Sky tableau"]},
        {"say": "The three lit cards share a sigil in the top-right corner. Drag them into the "
                "builder, the one with the gold mark last: cards under it show only their right "
                "half, and only the top card shows whole. Then press Confirm.",
         "point": ["card:36", "card:32", "card:18", "builder"],
         "expect": {"kind": "conjoin", "args": [3, [36, 32, 18]]},
         "do": [["drag", "card:36", "builder"], ["drag", "card:32", "builder"],
                ["drag", "card:18", "builder"], ["button", "btn:confirm"]],
         "aim": "Put the card with the gold mark on top of the fan (click it in the builder), "
                "so its mark shows, then Confirm.",
         "then": "Your first conjunction shows one alignment. Had the marked card lain "
                 "underneath, its mark would be hidden and count for nothing.",
         "terms": ["Fan", "Meridian"]},
        {"bot": {"kind": "play", "args": [33]},
         "say": "Orrin lays a card in the sky tableau."},
        {"bot": {"kind": "draw"}},
        {"bot": {"kind": "end_turn"}},
        {"say": "You may swap one hand card for a tableau card with the same sigil in the "
                "top-left corner. Drop your lit card on Orrin's card in the tableau. A trade "
                "is followed at once by your draw.",
         "point": ["card:0", "card:33"], "expect": {"kind": "trade", "args": [0, 33]},
         "do": [["drag", "card:0", "card:33"]],
         "aim": "Drop your lit card on the lit card in the sky tableau to trade them.",
         "then": "The card with the gold mark is yours now, and you drew a card.",
         "terms": ["Trade"]},
        {"say": "A conjunction matched on the right half can grow by one card a turn. Drop the "
                "new card with the gold mark on your conjunction. A trailing card lies apart, "
                "so its mark always counts.",
         "point": ["card:27", "card:18"], "expect": {"kind": "trail", "args": [0, 27]},
         "do": [["drag", "card:27", "card:18"]],
         "aim": "Drop the lit card on your conjunction as a trailing card.",
         "then": "Two alignments to Orrin's none.",
         "terms": ["Trailing card", "Array"]},
        {"bot": {"kind": "draw"}},
        {"bot": {"kind": "end_turn"}},
        {"say": "At the start of your turn you may lay any of your cards in the sky tableau. "
                "Drag your lit card up to the tableau.",
         "point": ["card:33", "tableau"], "expect": {"kind": "play", "args": [33]},
         "do": [["drag", "card:33", "tableau"]],
         "aim": "Drag the lit card up into the sky tableau.",
         "then": "Two cards with the same top-left sigil wait in the sky now.",
         "terms": ["Sky tableau"]},
        {"say": "Now draw your card.",
         "point": ["deck", "btn:draw"], "expect": {"kind": "draw"}, "do": [["click", "deck"]],
         "aim": "Draw a card: press Draw or click the deck.",
         "then": "That card matches nothing in the sky."},
        {"say": "No conjunction this turn, so end it. You may hold at most six cards when a turn "
                "begins.",
         "point": ["btn:end"], "expect": {"kind": "end_turn"}, "do": [["button", "btn:end"]],
         "aim": "Press End turn.",
         "then": "Orrin plays."},
        {"bot": {"kind": "draw"}},
        {"bot": {"kind": "end_turn"}},
        {"say": "Draw again and watch the sky tableau. A drawn card sweeps every tableau card "
                "with its top-left sigil into your hand.",
         "point": ["deck", "tableau"], "expect": {"kind": "draw"}, "do": [["click", "deck"]],
         "aim": "Draw a card: press Draw or click the deck.",
         "then": "Both cards in the sky came back to you with the one you drew.",
         "terms": ["Sweep"]},
        {"say": "Three cards share the top-left sigil, the corner worth 4 points a card. Build "
                "them with the gold-marked card on top, then Confirm. You will be two "
                "alignments ahead with two marked conjunctions out, which wins the hand.",
         "point": ["card:0", "card:19", "card:33", "builder"],
         "expect": {"kind": "conjoin", "args": [1, [0, 19, 33]]},
         "do": [["drag", "card:0", "builder"], ["drag", "card:19", "builder"],
                ["drag", "card:33", "builder"], ["button", "btn:confirm"]],
         "aim": "Put the card with the gold mark on top of the fan, then Confirm.",
         "then": "You won the hand, and Orrin pays your score in chips! In a longer match, "
                 "Deal next hand starts the next one.",
         "terms": ["Chips"]},
    ],
}

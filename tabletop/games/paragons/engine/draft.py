"""Before the first game: the class choice, the draft of neutral mercenaries, deck building;
between games, the loser's swaps between deck and Reserve Pile.

Class wishes are made in secret one seat after another and shown together; two or more seats
wishing for one class leave it to a seeded coin (the app's Rock, Paper, Scissors), and the
others wish again among the classes left. The draft lays out Greater Mercenaries (14 for two
players, 18 for three), then rounds of Lesser ones (two of 18, or three of 14), picked one at a
time in draft order (Ranger, Mage, Warrior); in the three-player Lesser rounds the first pick
moves on each round, so every player ends with 14. The short draft (the lesson's) lays out one
small round of each tier instead. Drafted cards are public.
"""

from __future__ import annotations

from tabletop.core import Event
from tabletop.games.paragons.engine.cards import CLASSES, DECK_SIZE, class_cards, precon_decks
from tabletop.games.paragons.engine.state import BUILD, CLASS_BASE, DRAFT, ParagonsState
from tabletop.games.paragons.engine.stats import card_of, name

GREATER_LAYOUT = {2: 14, 3: 18}
LESSER_ROUNDS = {2: (18, 18), 3: (14, 14, 14)}
# the short draft (variant "short", the lesson's): one small layout of each tier, two Greater and
# three Lesser picks a player, so a first match reaches the board in minutes
SHORT_GREATER, SHORT_LESSER = 2, 3


def layouts(players: int, variant: str = "draft") -> tuple[int, tuple[int, ...]]:
    """How many cards the draft lays out: (Greater, (each Lesser round, ...))."""
    if variant == "short":
        return SHORT_GREATER * players, (SHORT_LESSER * players,)
    return GREATER_LAYOUT[players], LESSER_ROUNDS[players]


# --- the class choice --------------------------------------------------------------------------

def open_classes(s: ParagonsState) -> list[str]:
    return [k for k in CLASSES if k not in s.classes]


def wish(s: ParagonsState, p: int, klass: str, ev: list[Event]) -> bool:
    """Seat p commits its wish; True when every seat has a class (the draft can start)."""
    s.wishes[p] = klass
    ev.append(Event("wish", {"seat": p, "class": klass}, private_to=p, public_data={"seat": p}))
    waiting = [q for q in range(s.players) if not s.classes[q] and not s.wishes[q]]
    if waiting:
        s.deciding = waiting[0]
        return False
    for k in CLASSES:
        wanting = [q for q in range(s.players) if not s.classes[q] and s.wishes[q] == k]
        if not wanting:
            continue
        winner = wanting[s.rng.below(len(wanting))] if len(wanting) > 1 else wanting[0]
        ev.append(Event("class", {"seat": winner, "class": k, "clash": [q for q in wanting]}, reveals=True))
        assign(s, winner, k)
    s.wishes = ["" for _ in range(s.players)]
    left = [q for q in range(s.players) if not s.classes[q]]
    if left:
        s.deciding = left[0]
        return False
    return True


def assign(s: ParagonsState, p: int, klass: str) -> None:
    """Seat p takes the class and its 30 class cards (set aside in its Reserve Pile for now)."""
    s.classes[p] = klass
    ids = [CLASS_BASE[klass] + i for i in range(len(class_cards(klass)))]
    # `designs` is shared by clones (replaced, never changed in place): a new table, so a
    # clone choosing its class (the bots' search does) leaves the original's alone
    s.designs = {**s.designs, **dict(zip(ids, class_cards(klass)))}
    for c in ids:
        s.owner[c] = p
    s.owned[p] += ids
    s.reserves[p] += ids


# --- the draft ----------------------------------------------------------------------------------

def start_draft(s: ParagonsState, ev: list[Event]) -> None:
    s.phase = DRAFT
    s.rng.shuffle(s.neutral_deck)
    s.draft_round = 0
    _lay_out(s, "greater", layouts(s.players, s.variant)[0], ev)


def _lay_out(s: ParagonsState, tier: str, n: int, ev: list[Event]) -> None:
    picked = [c for c in reversed(s.neutral_deck) if card_of(s, c).tier == tier][:n]
    for c in picked:
        s.neutral_deck.remove(c)
    s.layout = picked
    order = s.draft_order()
    first = 0 if tier == "greater" or s.players == 2 else (s.draft_round - 1) % s.players
    s.deciding = order[first]
    ev.append(Event("layout", {"cards": list(picked), "names": [name(s, c) for c in picked], "to": "layout",
                               "round": s.draft_round}, reveals=True))


def pick(s: ParagonsState, p: int, c: int, ev: list[Event]) -> bool:
    """Seat p drafts card c; True when the draft is over."""
    s.layout.remove(c)
    s.owned[p].append(c)
    s.reserves[p].append(c)
    s.owner[c] = p
    ev.append(Event("pick", {"seat": p, "card": c, "name": name(s, c), "from": "layout", "to": "reserve"}))
    order = s.draft_order()
    if s.layout:
        s.deciding = order[(order.index(p) + 1) % len(order)]
        return False
    rounds = layouts(s.players, s.variant)[1]
    if s.draft_round < len(rounds):
        s.draft_round += 1
        _lay_out(s, "lesser", rounds[s.draft_round - 1], ev)
        return False
    return True


# --- building: the first deck, and the loser's swaps between games --------------------------------

def start_building(s: ParagonsState, ev: list[Event]) -> None:
    """Every seat starts from its 30 class cards as its deck; the drafted cards are its Reserve
    Pile. Seats build one after another in play order."""
    s.phase = BUILD
    for p in range(s.players):
        klass = [c for c in s.owned[p] if c >= CLASS_BASE["warrior"]]
        s.decks[p] = klass
        s.reserves[p] = [c for c in s.owned[p] if c not in klass]
    s.deciding = s.order()[0]
    ev.append(Event("build", {}))


def add(s: ParagonsState, p: int, c: int, ev: list[Event]) -> None:
    s.reserves[p].remove(c)
    s.decks[p].append(c)
    ev.append(_private(s, p, c, "reserve", "deck", "puts", "into their deck"))


def remove(s: ParagonsState, p: int, c: int, ev: list[Event]) -> None:
    s.decks[p].remove(c)
    s.reserves[p].append(c)
    ev.append(_private(s, p, c, "deck", "reserve", "sets", "aside in their Reserve Pile"))


def exchange_refusal(s: ParagonsState, p: int, out: tuple[int, ...], into: tuple[int, ...]) -> str | None:
    """Why seat p may not swap the deck cards `out` for the Reserve Pile cards `into` in one
    move, or None: a swap keeps the deck at exactly DECK_SIZE, so it needs a whole deck and as
    many cards each way, each named once."""
    if len(s.decks[p]) != DECK_SIZE:
        return "Put a card into your deck first: a swap of several cards starts from a deck of " \
            f"{DECK_SIZE}."
    if not out:
        return "Choose at least one card of your deck and one of your Reserve Pile to swap."
    if len(out) != len(into):
        return (f"A swap takes as many cards from your Reserve Pile as it sets aside: you chose "
                f"{len(out)} from your deck and {len(into)} from the Reserve Pile.")
    if len(set(out)) != len(out) or len(set(into)) != len(into):
        return "Each card is swapped once."
    deck, reserve = set(s.decks[p]), set(s.reserves[p])
    if not all(c in deck for c in out):
        return "Only cards of your deck can be set aside."
    if not all(c in reserve for c in into):
        return "Only cards of your Reserve Pile can be put in."
    return None


def exchange(s: ParagonsState, p: int, out: tuple[int, ...], into: tuple[int, ...], ev: list[Event]) -> None:
    """The swap of several cards at once: `out` to the Reserve Pile, `into` to the deck."""
    for c in out:
        s.decks[p].remove(c)
        s.reserves[p].append(c)
    for c in into:
        s.reserves[p].remove(c)
        s.decks[p].append(c)
    ev.append(Event("build_swap", {"seat": p, "out": list(out), "into": list(into),
                                   "out_names": [name(s, c) for c in out],
                                   "into_names": [name(s, c) for c in into]},
                    private_to=p, public_data={"seat": p, "count": len(out)}))


def _private(s: ParagonsState, p: int, c: int, src: str, dst: str, verb: str, where: str) -> Event:
    return Event("build_move", {"seat": p, "card": c, "name": name(s, c), "from": src, "to": dst},
                 private_to=p, public_data={"seat": p})


def done(s: ParagonsState, p: int, ev: list[Event]) -> bool:
    """Seat p's deck is ready; True when every seat that builds now is done."""
    ev.append(Event("deck_ready", {"seat": p, "count": len(s.decks[p])}))
    builders = s.order() if s.phase == BUILD else [q for q in s.order() if q != s.game_winners[-1]]
    i = builders.index(p)
    if i + 1 < len(builders):
        s.deciding = builders[i + 1]
        return False
    return True


def deal_precon(s: ParagonsState) -> None:
    """The pre-constructed variant: each seat's deck is its class's ready deck; its other class
    cards are its Reserve Pile; the neutrals of the absent classes' decks stay in the Neutral
    Mercenary Deck."""
    by_design: dict[str, list[int]] = {}
    for c in sorted(s.neutral_deck):
        by_design.setdefault(s.designs[c], []).append(c)
    for p in range(s.players):
        klass = s.classes[p]
        mine = {}
        for c in s.reserves[p]:
            mine.setdefault(s.designs[c], []).append(c)
        deck = []
        for d in precon_decks()[klass]:
            if mine.get(d):
                deck.append(mine[d].pop(0))
            else:
                c = by_design[d].pop(0)
                s.neutral_deck.remove(c)
                s.owner[c] = p
                s.owned[p].append(c)
                deck.append(c)
        s.decks[p] = deck
        s.reserves[p] = [c for c in s.owned[p] if c not in deck]

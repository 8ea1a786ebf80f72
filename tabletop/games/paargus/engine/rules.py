"""Paargus: every rule of the hand and of the match (rules/paargus.txt, RULINGS.md).

A turn: (1) play cards to the sky tableau, enough to hold 6 or fewer; (2) at
most one trade; (3) the draw, which sweeps matching tableau cards into the
hand; (4) at most one conjunction play. Trading or drawing ends step 1, and
the draw follows a trade at once, so the actions of a turn are:
play* (trade | draw) (conjoin | trail | end_turn).
"""

from __future__ import annotations

from itertools import combinations

from tabletop.core import Action, Event, Game, GameInfo, Result, Rng
from tabletop.core.game import handles
from tabletop.games.paargus.engine import actions, conjunctions as cj, explain, views
from tabletop.games.paargus.engine.cards import (EAST, QUADRANT_NAMES, QUADRANTS, card, cards, short,
                                          sigil_name)
from tabletop.games.paargus.engine.cards import card as _card     # (a handler's argument is `card`)
from tabletop.games.paargus.engine.conjunctions import Conjunction
from tabletop.games.paargus.engine.state import (CONJOIN, HAND_LIMIT, HAND_OVER, MATCH_OVER, START_CHIPS,
                                          TABLEAU, HandResult, PaargusState)


def array_alignments(state: PaargusState, p: int) -> int:
    return sum(cj.alignments(c) for c in state.arrays[p])


def array_points(state: PaargusState, p: int) -> int:
    return sum(cj.points(c) for c in state.arrays[p])


def endgame_open(state: PaargusState) -> bool:
    """Two conjunctions showing alignments are on the table (either player's)."""
    shown = sum(1 for a in state.arrays for c in a if cj.alignments(c) > 0)
    return shown >= 2


class Paargus(Game):
    info = GameInfo("paargus", "Paargus", (2,), 1,
                    "Fan star charts into conjunctions; line up alignments to end the hand "
                    "and win your opponent's chips.")
    action_kinds = actions.KINDS
    state_type = PaargusState
    views = views

    # --- setting up ----------------------------------------------------------------
    def default_options(self, players: int = 2) -> dict:
        return {"hands": 0, "chips": START_CHIPS}

    def setup(self, options: dict, seed: int, players: int = 2) -> PaargusState:
        if players != 2:
            raise ValueError("Paargus is a game for two players.")
        rng = Rng(seed)
        chips = int(options.get("chips", START_CHIPS))
        state = PaargusState(rng, [chips, chips], hands_target=int(options.get("hands", 0)))
        state.starter = rng.below(2)          # the first hand's starter is random
        self._deal(state)
        return state

    def _deal(self, s: PaargusState) -> None:
        s.deck = list(range(len(cards())))
        s.rng.shuffle(s.deck)
        s.hands, s.known, s.tableau = [[], []], [[], []], []
        s.arrays = [[], []]
        s.drawn_first = [False, False]
        s.turn, s.turn_no, s.phase = s.starter, 1, TABLEAU

    # --- whose turn, what is legal ------------------------------------------------------
    def to_act(self, s: PaargusState) -> int | None:
        return None if s.phase == MATCH_OVER else s.turn

    def legal_actions(self, s: PaargusState) -> list[Action]:
        if s.phase == MATCH_OVER:
            return []
        if s.phase == HAND_OVER:
            return [actions.DEAL(label=f"Deal hand {s.hand_no + 1}")]
        hand = s.hands[s.turn]
        if s.phase == TABLEAU:
            out = [actions.PLAY(c, label=f"Play {short(c)} to the sky tableau") for c in hand]
            if len(hand) <= HAND_LIMIT:
                for h in hand:
                    for t in s.tableau:
                        if card(h).sigils[0] == card(t).sigils[0]:
                            out.append(actions.TRADE(h, t,
                                                     label=f"Trade {short(h)} for {short(t)}, then draw"))
                n = self._draw_count(s)
                out.append(actions.DRAW(label=f"Draw {n} card{'s' if n > 1 else ''}"))
            return out
        # CONJOIN
        out = []
        for q in QUADRANTS:
            groups: dict[str, list[int]] = {}
            for c in hand:
                groups.setdefault(card(c).sigil(q), []).append(c)
            for sig, members in groups.items():
                for trio in combinations(sorted(members), 3):
                    for top in trio:
                        # The lower two may lie in either order (it changes no rule, only
                        # how the fan is laid out); both are moves, the sorted one first.
                        a, b = (c for c in trio if c != top)
                        for fan in ((a, b, top), (b, a, top)):
                            out.append(actions.CONJOIN(q, fan, label=self._conjoin_label(q, fan)))
        for i, conj in enumerate(s.arrays[s.turn]):
            if conj.quadrant in EAST:
                sig = card(conj.fan[0]).sigil(conj.quadrant)
                for c in hand:
                    if card(c).sigil(conj.quadrant) == sig:
                        out.append(actions.TRAIL(i, c, label=f"Add {short(c)} as a trailing card to your "
                                                     f"{sigil_name(sig)} conjunction"))
        out.append(actions.END_TURN(label="End the turn without a conjunction"))
        return out

    def _conjoin_label(self, q: int, fan) -> str:
        sig = sigil_name(card(fan[0]).sigil(q))
        n = cj.fan_alignments(fan, q)
        names = ", ".join(card(c).name for c in fan)
        return (f"Conjunction of {sig} in the {QUADRANT_NAMES[q]}: {names} (top last), "
                f"{n} alignment{'s' if n != 1 else ''}")

    def _draw_count(self, s: PaargusState) -> int:
        return 1 if s.drawn_first[s.turn] else 3

    def why_illegal(self, s: PaargusState, a: Action) -> str | None:
        return explain.why_illegal(s, a)

    # --- applying --------------------------------------------------------------------
    @handles(actions.DEAL)
    def _deal_next(self, state: PaargusState, seat: int, events: list[Event]) -> None:
        events += self._next_hand(state)

    @handles(actions.PLAY)
    def _play(self, state: PaargusState, seat: int, events: list[Event], card: int) -> None:
        self._leave_hand(state, seat, card)
        state.tableau.append(card)
        events.append(Event("to_tableau", {"seat": seat, "card": card, "name": short(card), "from": "hand",
                                           "to": "tableau"}))

    @handles(actions.TRADE)
    def _trade(self, state: PaargusState, seat: int, events: list[Event], give: int, take: int) -> None:
        self._leave_hand(state, seat, give)
        state.tableau[state.tableau.index(take)] = give      # the traded card takes the other's place
        state.hands[seat].append(take)
        state.known[seat].append(take)
        events.append(Event("trade",
                            {"seat": seat, "give": give, "take": take, "card": give, "name": short(give),
                             "taken": take, "taken_name": short(take), "from": "hand", "to": "tableau"}))
        events += self._draw(state)

    @handles(actions.DRAW)
    def _draw_step(self, state: PaargusState, seat: int, events: list[Event]) -> None:
        events += self._draw(state)

    @handles(actions.CONJOIN)
    def _conjoin(self, state: PaargusState, seat: int, events: list[Event], quadrant: int,
                 fan: tuple[int, ...]) -> None:
        q, fan = quadrant, tuple(fan)
        for c in fan:
            self._leave_hand(state, seat, c)
        conj = Conjunction(q, fan)
        state.arrays[seat].append(conj)
        n = cj.alignments(conj)
        events.append(Event("conjoin", {"seat": seat, "quadrant": q, "fan": list(fan), "alignments": n,
                                        "index": len(state.arrays[seat]) - 1, "cards": list(fan),
                                        "names": [short(c) for c in fan],
                                        "sigil_name": sigil_name(card(fan[0]).sigil(q)),
                                        "quadrant_name": QUADRANT_NAMES[q], "from": "hand", "to": "array"}))
        events += self._end_turn(state)

    @handles(actions.TRAIL)
    def _trail(self, state: PaargusState, seat: int, events: list[Event], conjunction: int,
               card: int) -> None:
        i, c = conjunction, card
        self._leave_hand(state, seat, c)
        old = state.arrays[seat][i]
        state.arrays[seat][i] = Conjunction(old.quadrant, old.fan, old.trailing + (c,))
        sym = _card(c).alignment is not None
        events.append(Event("trail", {"seat": seat, "index": i, "card": c, "name": short(c), "aligned": sym,
                                      "from": "hand", "to": "array"}))
        events += self._end_turn(state)

    @handles(actions.END_TURN)
    def _pass(self, state: PaargusState, seat: int, events: list[Event]) -> None:
        events.append(Event("pass", {"seat": seat}))
        events += self._end_turn(state)

    @staticmethod
    def _leave_hand(s: PaargusState, p: int, c: int) -> None:
        s.hands[p].remove(c)
        if c in s.known[p]:
            s.known[p].remove(c)

    def _draw(self, s: PaargusState) -> list[Event]:
        p = s.turn
        n = self._draw_count(s)
        s.drawn_first[p] = True
        events = []
        for _ in range(n):
            if not s.deck:
                break
            c = s.deck.pop()
            s.hands[p].append(c)
            events.append(Event("draw", {"seat": p, "card": c, "name": short(c),
                                         "from": "deck", "to": "hand"}, private_to=p,
                                public_data={"seat": p, "count": 1, "from": "deck", "to": "hand"},
                                reveals=True))
            sig = card(c).sigils[0]
            swept = [t for t in s.tableau if card(t).sigils[0] == sig]
            if swept:
                s.tableau = [t for t in s.tableau if t not in swept]
                s.hands[p].extend(swept)
                s.known[p].extend(swept)
                events.append(Event("sweep", {"seat": p, "cards": swept, "sigil": sig,
                                              "names": [short(t) for t in swept], "sigil_name": sigil_name(sig),
                                              "from": "tableau", "to": "hand"}))
        s.phase = CONJOIN
        return events

    def _end_turn(self, s: PaargusState) -> list[Event]:
        p, o = s.turn, 1 - s.turn
        mine, theirs = array_alignments(s, p), array_alignments(s, o)
        if endgame_open(s) and mine - theirs >= 2:
            return self._end_hand(s, p, "alignments")
        if not s.deck:
            if mine == theirs:
                return self._end_hand(s, None, "deck")
            return self._end_hand(s, p if mine > theirs else o, "deck")
        s.turn, s.phase = o, TABLEAU
        s.turn_no += 1
        return [Event("turn", {"seat": o})]

    def _end_hand(self, s: PaargusState, winner: int | None, reason: str) -> list[Event]:
        aligns = (array_alignments(s, 0), array_alignments(s, 1))
        events = []
        if winner is None:
            result = HandResult(None, reason, 0, 0, aligns)
            events.append(Event("hand_end", {"winner": None, "reason": reason, "hand": s.hand_no}))
            next_starter = 1 - s.starter      # after a tie the other player starts
        else:
            loser = 1 - winner
            score = array_points(s, winner)
            paid = min(score, s.chips[loser])
            s.chips[loser] -= paid
            s.chips[winner] += paid
            result = HandResult(winner, reason, score, paid, aligns)
            events.append(Event("hand_end",
                                {"winner": winner, "reason": reason, "score": score, "paid": paid,
                                 "hand": s.hand_no, "loser": loser, "amount": paid}))
            next_starter = loser               # the loser of the last hand starts
        s.last_hand = result
        s.starter = next_starter
        cleaned = min(s.chips) <= 0
        if cleaned or (s.hands_target and s.hand_no >= s.hands_target):
            s.phase = MATCH_OVER
            if s.chips[0] == s.chips[1]:
                s.match_winner = None
                events.append(Event("match_end", {"winner": None}))
            else:
                w = 0 if s.chips[0] > s.chips[1] else 1
                s.match_winner = w
                events.append(Event("match_end", {"winner": w, "chips": s.chips[:], "cleaned": cleaned}))
        else:
            s.phase = HAND_OVER
            s.turn = next_starter
        return events

    def _next_hand(self, s: PaargusState) -> list[Event]:
        s.hand_no += 1
        self._deal(s)
        return [Event("deal", {"hand": s.hand_no, "starter": s.turn}, reveals=True)]

    # --- the end ---------------------------------------------------------------------
    def result(self, s: PaargusState) -> Result | None:
        if s.phase != MATCH_OVER:
            return None
        winners = [] if s.match_winner is None else [s.match_winner]
        summary = ("A level match." if s.match_winner is None
                   else f"Player {s.match_winner + 1} wins with {s.chips[s.match_winner]} chips.")
        return Result([float(c) for c in s.chips], winners, summary,
                      {"hands": s.hand_no, "chips": s.chips[:]})

    # --- lists ----------------------------------------------------------------------
    def turn_label(self, s: PaargusState) -> str:
        if s.phase == MATCH_OVER:
            return f"Finished after {s.hand_no} hand{'s' if s.hand_no != 1 else ''}"
        return f"Hand {s.hand_no}, turn {s.turn_no}"

    # --- bots ---------------------------------------------------------------------------


GAME = Paargus()

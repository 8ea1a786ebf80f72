"""Champions' Brawl: every rule of the match (rules text, RULINGS.md, rules_page.md).

Decisions, phase by phase (actions.py):
  pick      pick (champion)                  alternate picks 1-2-2-1, or three each freely
  redraw    redraw (cards)                   the one redraw (none: keep)
  traps     trap (hex)                       two traps each, effects unknown to both
  deploy    deploy (champion, hex)           alternately, on one's deployment area
  play      play, standard, end              the Activation Phase
            hex, stop, target, react, pass, discard, plan: what a card in play waits for
"""

from __future__ import annotations

from tabletop.core import Action, Event, Game, GameInfo, Result
from tabletop.core.game import handles
from tabletop.games.brawl.engine import actions as A
from tabletop.games.brawl.engine import board, flow, moves, views
from tabletop.games.brawl.engine.explain import explain
from tabletop.games.brawl.engine.state import OVER, PLAY, BrawlState


class Brawl(Game):
    info = GameInfo("brawl", "Champions' Brawl", (2,), 1,
                    "Three champions each on a hex arena: play cards through your three cores, "
                    "spring traps, chase challenges, and reach 5 Victory Points first.")
    action_kinds = A.KINDS
    state_type = BrawlState
    views = views

    def default_options(self, players: int = 2) -> dict:
        return {"picks": "alternate"}

    def setup(self, options: dict, seed: int, players: int = 2) -> BrawlState:
        if players != 2:
            raise ValueError("Champions' Brawl is a game for two players")
        return flow.new_state(options or {}, seed)

    def to_act(self, s: BrawlState) -> int | None:
        return moves.to_act(s)

    def legal_actions(self, s: BrawlState) -> list[Action]:
        return moves.legal(s)

    def explain(self, s: BrawlState, a: Action) -> str:
        return explain(s, a)

    # the set-up
    @handles(A.PICK)
    def _pick(self, s: BrawlState, seat: int, ev: list[Event], champion: str) -> None:
        flow.pick(s, seat, champion, ev)

    @handles(A.REDRAW)
    def _redraw(self, s: BrawlState, seat: int, ev: list[Event], cards: tuple[int, ...]) -> None:
        flow.redraw(s, seat, cards, ev)

    @handles(A.TRAP)
    def _trap(self, s: BrawlState, seat: int, ev: list[Event], hex: int) -> None:
        flow.set_trap(s, seat, hex, ev)

    @handles(A.DEPLOY)
    def _deploy(self, s: BrawlState, seat: int, ev: list[Event], champion: int, hex: int) -> None:
        flow.deploy(s, seat, champion, hex, ev)

    # the Activation Phase
    @handles(A.PLAY)
    def _play(self, s: BrawlState, seat: int, ev: list[Event], card: int) -> None:
        flow.start_play(s, seat, card, ev)

    @handles(A.STANDARD)
    def _standard(self, s: BrawlState, seat: int, ev: list[Event], core: str, option: str,
                  champion: int) -> None:
        flow.start_standard(s, seat, core, option, champion, ev)

    @handles(A.END)
    def _end(self, s: BrawlState, seat: int, ev: list[Event]) -> None:
        flow.end_turn(s, ev)

    @handles(A.REACT)
    def _react(self, s: BrawlState, seat: int, ev: list[Event], card: int) -> None:
        flow.react(s, card, ev)

    @handles(A.PASS)
    def _pass(self, s: BrawlState, seat: int, ev: list[Event]) -> None:
        flow.WINDOW.decline(s, ev)

    # what a card in play waits for
    @handles(A.HEX)
    def _hex(self, s: BrawlState, seat: int, ev: list[Event], hex: int) -> None:
        flow.answer_hex(s, s.pending[-1], hex, ev)

    @handles(A.STOP)
    def _stop(self, s: BrawlState, seat: int, ev: list[Event]) -> None:
        s.pending.pop()

    @handles(A.TARGET)
    def _target(self, s: BrawlState, seat: int, ev: list[Event], champion: int) -> None:
        flow.answer_target(s, champion, ev)

    @handles(A.DISCARD)
    def _discard(self, s: BrawlState, seat: int, ev: list[Event], card: int) -> None:
        s.pending.pop()
        board.discard_card(s, seat, card, ev)

    @handles(A.PLAN)
    def _plan(self, s: BrawlState, seat: int, ev: list[Event], cards: tuple[int, ...]) -> None:
        flow.plan(s, seat, cards, ev)

    def after(self, s: BrawlState, a: Action, ev: list[Event]) -> None:
        if s.phase == PLAY:              # the activation goes on as far as it can unasked
            flow.advance(s, ev)
            flow.settle(s, ev)

    def result(self, s: BrawlState) -> Result | None:
        if s.phase != OVER:
            return None
        w = s.winner
        return Result([1.0 if p == w else 0.0 for p in (0, 1)], [w],
                      f"Player {w + 1} wins with {s.vp[w]} VP to {s.vp[1 - w]}.",
                      {"vp": list(s.vp), "rounds": s.round})

    def turn_label(self, s: BrawlState) -> str:
        if s.phase == OVER:
            return f"Finished in round {s.round}"
        if s.phase != PLAY:
            return {"pick": "Choosing champions", "redraw": "Redraw", "traps": "Setting traps",
                    "deploy": "Deployment"}[s.phase]
        return f"Round {s.round}, {s.vp[0]}-{s.vp[1]} VP"


GAME = Brawl()
__all__ = ["GAME", "Brawl"]

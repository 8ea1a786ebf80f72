"""The shared response window (tabletop.core.response) on a toy game of 2 to 4 seats."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from tabletop.core import Event
from tabletop.core.response import Pending, ResponseWindow, StackItem, next_seat


class Toy(StackItem):
    __slots__ = ()
    name: str
    targets: tuple


class ToyState:
    """Just what a window needs, plus what the toy's callbacks read and write."""

    def __init__(self, seats: int) -> None:
        self.stack: list[Toy] = []
        self.prio = -1
        self.declines = 0
        self.out = [False] * seats
        self.silent: set[int] = set()    # seats that may not respond
        self.resolved: list[str] = []
        self.emptied = 0
        self.over = False
        self.knock_out: dict[str, int] = {}   # resolving this item puts that seat out
        self.asks: set[str] = set()            # resolving this item asks its seat a decision
        self.pending: Pending | None = None    # the decision asked, until answered


def _resolve(s: ToyState, item: Toy, ev: list[Event]) -> None:
    s.resolved.append(item.name)
    ev.append(Event("resolve", {"seat": item.seat, "name": item.name}))
    if item.name in s.knock_out:
        s.out[s.knock_out[item.name]] = True
    if item.name == "final":
        s.over = True
    if item.name in s.asks:
        s.pending = Pending("which", item.seat)


def _answer(win: ResponseWindow, s: ToyState, ev: list[Event]) -> None:
    """The seat decides; the resolution it belonged to is over: the window goes on."""
    s.pending = None
    win.resume(s, ev)


def _emptied(s: ToyState, ev: list[Event]) -> None:
    s.emptied += 1


def window(reopen: bool = True) -> ResponseWindow:
    return ResponseWindow(out=lambda s: s.out, may_respond=lambda s, p: p not in s.silent,
                          resolve=_resolve, closed=lambda s: s.over, on_empty=_emptied,
                          waiting=lambda s: s.pending is not None, reopen=reopen)


W = window()


def test_next_seat_wraps_and_skips_seats_that_are_out():
    assert next_seat([False, False], 1) == 0
    assert next_seat([False, True, False, False], 0) == 2
    assert next_seat([False, False, True, False], 3) == 0
    assert next_seat([True, False, True], 1) == 1          # the last seat in: itself


def test_last_in_first_out_between_two_seats():
    s, ev = ToyState(2), []
    W.push(s, Toy("declare", 0, "A", ()), ev)
    assert W.holder(s) == 1 and W.top(s).name == "A"
    W.push(s, Toy("respond", 1, "B", ()), ev)              # seat 1 answers: seat 0 may answer that
    assert W.holder(s) == 0 and s.declines == 0
    W.push(s, Toy("respond", 0, "C", ()), ev)
    assert W.holder(s) == 1
    W.decline(s, ev)
    assert s.resolved == [] and W.holder(s) == 0
    W.decline(s, ev)                                       # both passed: C resolves, then a new window
    assert s.resolved == ["C"]
    assert W.holder(s) == 0 and s.declines == 0            # on B, opened with the seat after seat 1
    for _ in range(4):
        W.decline(s, ev)
    assert s.resolved == ["C", "B", "A"] and s.stack == []


def test_resolution_order_and_reopening_seat_are_exact():
    s, ev = ToyState(2), []
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.push(s, Toy("respond", 1, "B", ()), ev)
    W.decline(s, ev)                                       # seat 0 lets B pass
    W.decline(s, ev)                                       # seat 1 too: B resolves
    assert s.resolved == ["B"]
    assert W.holder(s) == 1 and W.top(s).name == "A"       # the window on A starts after seat 0
    W.decline(s, ev)
    W.decline(s, ev)
    assert s.resolved == ["B", "A"]
    assert s.stack == [] and s.prio == -1 and not W.is_open(s) and W.holder(s) is None
    assert s.emptied == 1
    assert [e.data["name"] for e in ev] == ["B", "A"]


def test_a_window_of_three_seats_with_one_out():
    s, ev = ToyState(3), []
    s.out[1] = True
    W.push(s, Toy("declare", 0, "A", ()), ev)
    assert W.holder(s) == 2                                # seat 1 is out: skipped
    W.decline(s, ev)
    assert W.holder(s) == 0 and s.resolved == []
    W.decline(s, ev)                                       # the two seats still in have passed
    assert s.resolved == ["A"] and s.prio == -1


def test_a_window_of_four_seats_with_one_out():
    s, ev = ToyState(4), []
    s.out[2] = True
    W.push(s, Toy("declare", 1, "A", ()), ev)
    order = []
    while s.stack:
        order.append(W.holder(s))
        W.decline(s, ev)
    assert order == [3, 0, 1]                              # round the table, passing over seat 2
    assert s.resolved == ["A"]


def test_a_seat_that_may_not_respond_is_passed_over_and_counts_as_passing():
    s, ev = ToyState(3), []
    s.silent.add(1)
    W.push(s, Toy("declare", 0, "A", ()), ev)
    assert W.holder(s) == 2 and s.declines == 1
    W.decline(s, ev)
    assert W.holder(s) == 0
    W.decline(s, ev)
    assert s.resolved == ["A"]


def test_nobody_may_respond_resolves_at_once():
    s, ev = ToyState(3), []
    s.silent.update({0, 1, 2})
    W.push(s, Toy("declare", 0, "A", ()), ev)
    assert s.resolved == ["A"] and s.prio == -1 and s.emptied == 1


def test_a_response_reopens_the_window_for_every_seat():
    s, ev = ToyState(3), []
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.decline(s, ev)                                       # seat 1 lets A pass
    W.push(s, Toy("respond", 2, "B", ()), ev)              # seat 2 answers: the count starts again
    assert W.holder(s) == 0 and s.declines == 0
    asked = []
    while s.resolved != ["B"]:
        asked.append(W.holder(s))
        W.decline(s, ev)
    assert asked == [0, 1, 2]                              # all three had to pass on B
    assert W.holder(s) == 1 and W.top(s).name == "A"       # then a fresh window on A
    for _ in range(3):
        W.decline(s, ev)
    assert s.resolved == ["B", "A"]


def test_a_seat_put_out_while_resolving_is_skipped_after():
    s, ev = ToyState(3), []
    s.knock_out["B"] = 2
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.push(s, Toy("respond", 1, "B", ()), ev)
    for _ in range(3):
        W.decline(s, ev)
    assert s.resolved == ["B"] and s.out[2]
    assert W.holder(s) == 1                                # after seat 0, skipping nobody
    W.decline(s, ev)
    assert W.holder(s) == 0                                # seat 2 is out now
    W.decline(s, ev)                                       # two seats in: two passes suffice
    assert s.resolved == ["B", "A"]


def test_without_reopening_the_whole_chain_resolves_once_all_pass():
    chain = window(reopen=False)
    s, ev = ToyState(3), []
    chain.push(s, Toy("declare", 0, "A", ()), ev)
    chain.push(s, Toy("react", 1, "B", ()), ev)
    chain.push(s, Toy("react", 2, "C", ()), ev)
    assert chain.holder(s) == 0
    for _ in range(3):
        chain.decline(s, ev)
    assert s.resolved == ["C", "B", "A"] and s.prio == -1 and s.emptied == 1


def test_the_match_ending_stops_the_window_and_close_empties_it():
    s, ev = ToyState(2), []
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.push(s, Toy("respond", 1, "final", ()), ev)
    W.decline(s, ev)
    W.decline(s, ev)
    assert s.resolved == ["final"] and [it.name for it in s.stack] == ["A"]
    left = ResponseWindow.close(s)
    assert [it.name for it in left] == ["A"] and s.stack == [] and s.prio == -1
    assert s.emptied == 0                                  # over, not emptied


def test_a_resolution_that_asks_a_decision_holds_the_window_until_resumed():
    s, ev = ToyState(3), []
    s.asks.add("B")
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.push(s, Toy("respond", 1, "B", ()), ev)
    for _ in range(3):
        W.decline(s, ev)
    assert s.resolved == ["B"] and s.pending.seat == 1
    assert W.holder(s) is None and [it.name for it in s.stack] == ["A"]   # nobody holds priority
    _answer(W, s, ev)
    assert W.holder(s) == 1 and s.declines == 0            # a fresh window on A, after seat 0
    for _ in range(3):
        W.decline(s, ev)
    assert s.resolved == ["B", "A"] and s.emptied == 1


def test_resuming_after_the_last_item_tells_the_game_the_stack_is_empty():
    s, ev = ToyState(2), []
    s.asks.add("A")
    W.push(s, Toy("declare", 0, "A", ()), ev)
    W.decline(s, ev)
    W.decline(s, ev)
    assert s.pending is not None and s.emptied == 0        # not empty yet: A is still resolving
    _answer(W, s, ev)
    assert s.emptied == 1 and s.prio == -1


def test_without_reopening_a_chain_resolves_on_unasked_after_a_decision():
    chain = window(reopen=False)
    s, ev = ToyState(2), []
    s.asks.add("B")
    chain.push(s, Toy("declare", 0, "A", ()), ev)
    chain.push(s, Toy("react", 1, "B", ()), ev)
    chain.decline(s, ev)
    chain.decline(s, ev)
    assert s.resolved == ["B"] and chain.holder(s) is None
    _answer(chain, s, ev)
    assert s.resolved == ["B", "A"] and s.emptied == 1


def test_items_put_on_the_stack_outside_a_window_open_one_when_resumed():
    s, ev = ToyState(2), []
    s.stack += [Toy("trigger", 0, "A", ()), Toy("trigger", 1, "B", ())]
    W.resume(s, ev)
    assert W.holder(s) == 0 and W.top(s).name == "B"       # the seat after B's controller
    for _ in range(4):
        W.decline(s, ev)
    assert s.resolved == ["B", "A"]


def test_items_are_immutable_values_with_a_stable_json_form():
    it = Toy("declare", 2, "A", (5, (1, 2)))
    assert (it.kind, it.seat, it.name, it.targets) == ("declare", 2, "A", (5, (1, 2)))
    assert Toy.FIELDS == ("kind", "seat", "name", "targets")
    with pytest.raises(AttributeError):
        it.seat = 1
    with pytest.raises(AttributeError):
        it.other = 1                                       # slotted: no room for more
    data = it.to_json()
    assert data == ["declare", 2, "A", [5, [1, 2]]]
    back = Toy.from_json(json.loads(json.dumps(data)))
    assert back == it and hash(back) == hash(it) and type(back) is Toy
    assert Toy.from_json(["declare", 0, "B", []]).targets == ()
    assert copy.deepcopy(it) == it and pickle.loads(pickle.dumps(it)) == it
    assert repr(it) == "Toy(kind='declare', seat=2, name='A', targets=(5, (1, 2)))"
    with pytest.raises(ValueError):
        Toy.from_json(["declare", 0])
    with pytest.raises(TypeError):
        Toy("declare", 0, "too few")


def test_an_item_type_must_stay_a_slotted_value_without_defaults():
    with pytest.raises(TypeError):
        class Loose(StackItem):                            # no __slots__: it would grow a __dict__
            card: int
    with pytest.raises(TypeError):
        class Defaulted(StackItem):
            __slots__ = ()
            card: int = 0


def test_item_types_extend_one_another_in_field_order():
    class Attack(Toy):
        __slots__ = ()
        power: int
    a = Attack("attack", 1, "Axe", (4,), 3)
    assert Attack.FIELDS == ("kind", "seat", "name", "targets", "power")
    assert (a.name, a.power) == ("Axe", 3) and a.to_json() == ["attack", 1, "Axe", [4], 3]


def test_the_stack_copies_with_a_list_slice():
    s, ev = ToyState(2), []
    W.push(s, Toy("declare", 0, "A", ()), ev)
    copy = s.stack[:]
    W.push(s, Toy("respond", 1, "B", ()), ev)
    assert [it.name for it in copy] == ["A"]


def test_a_resolution_may_open_a_new_item_and_the_window_goes_on_with_it():
    """`open` from inside a resolution (Paragons: the turn that ends opens the next turn's
    moment): the item is asked about from the seat after its controller, even without reopen,
    and nothing is resolved unasked."""
    win = ResponseWindow(out=lambda s: s.out, may_respond=lambda s, p: p not in s.silent,
                         resolve=lambda s, item, ev: (_resolve(s, item, ev),
                                                      item.name == "end" and win.open(s, Toy("m", 1, "begin", ()))),
                         closed=lambda s: s.over, on_empty=_emptied, reopen=False)
    s, ev = ToyState(2), []
    win.push(s, Toy("m", 0, "end", ()), ev)
    assert win.holder(s) == 1
    win.decline(s, ev)
    win.decline(s, ev)
    assert s.resolved == ["end"] and win.top(s).name == "begin" and win.holder(s) == 0
    assert s.emptied == 0, "the stack never emptied in between"
    win.decline(s, ev)
    win.decline(s, ev)
    assert s.resolved == ["end", "begin"] and s.stack == [] and s.emptied == 1

"""What a mercenary is now: attack power, health and keywords, from its base stats, Garrison
counters, this turn's buffs, its Imbuements, the Enchantment on its space and allies' auras.

Base Stats are the printed numbers; everything else is added on top and can change.
"""

from __future__ import annotations

from tabletop.games.paragons.engine.cards import Card, card
from tabletop.games.paragons.engine.state import SPACES, ParagonsState


def card_of(s: ParagonsState, c: int) -> Card:
    return card(s.designs[c])


def name(s: ParagonsState, c: int) -> str:
    d = s.designs.get(c)
    return card(d).name if d else "a hidden card"


def _statics(s: ParagonsState, m: int):
    """The static steps that apply to mercenary `m` now."""
    for c in s.imbued.get(m, ()):
        yield from (st for st in card_of(s, c).statics if st.to == "host")
    where = s.at[m]
    seat, i = divmod(where, SPACES)
    e = s.enchants[seat][i]
    if e >= 0:
        yield from (st for st in card_of(s, e).statics if st.to == "host")
    for ally in s.spaces[seat]:
        if ally >= 0 and ally != m:
            yield from (st for st in card_of(s, ally).statics if st.to == "own_mercs")


def attack(s: ParagonsState, m: int) -> int:
    c = card_of(s, m)
    total = c.attack * (1 + s.garrison.get(m, 0)) + s.buff_atk.get(m, 0)
    total += sum(st.atk for st in _statics(s, m) if st.op == "stat")
    return max(0, total)


def health(s: ParagonsState, m: int) -> int:
    c = card_of(s, m)
    total = c.health * (1 + s.garrison.get(m, 0)) + s.buff_hp.get(m, 0)
    return total + sum(st.hp for st in _statics(s, m) if st.op == "stat")


def keywords(s: ParagonsState, m: int) -> set[str]:
    kws = set(card_of(s, m).keywords)
    kws.update(st.keyword for st in _statics(s, m) if st.op == "grant")
    return kws


def has(s: ParagonsState, m: int, keyword: str) -> bool:
    return keyword in keywords(s, m)


def is_ranged_type(s: ParagonsState, m: int) -> bool:
    """Ranged and Caster mercenaries (a Caster has every trait of a Ranged one)."""
    return card_of(s, m).combat in ("ranged", "caster")


def recruit_discount(s: ParagonsState, seat: int) -> int:
    return sum(st.n for m in s.mercs(seat) for st in card_of(s, m).statics if st.op == "discount")

"""A compact face's keyword line that does not fit ends after a whole item (issue 82): a
Pariah unit's ability line read "Raise the …" (of "Raise the Ebb Ward"), which says nothing;
a partial item now goes whole and the zoom shows it."""

from __future__ import annotations

from tabletop.table import compact, textfloor

from test_text_floor import _table_faces


def _partial_items(full: str, shown: str) -> list[str]:
    """The items of `shown` (a shortened `full`) that are not whole items of `full`, in order."""
    head = shown.removesuffix("…").strip()
    drawn = head.split(compact.SEPARATOR) if head else []
    whole = full.split(compact.SEPARATOR)
    return [d for d, w in zip(drawn, whole + [""] * len(drawn)) if d != w]


def test_a_shortened_keyword_line_ends_after_a_whole_item():
    with textfloor.watching() as watch:
        for _what, compose in _table_faces("pariah"):
            compose()
    assert watch.cut, "no Pariah keyword line was shortened: the test sees nothing"
    partial = {full: shown for full, shown in watch.cut.items() if _partial_items(full, shown)}
    assert not partial, f"keyword lines ending inside an item: {partial}"


def test_fit_words_drops_a_partial_item_and_keeps_whole_ones():
    measure = len                              # a character a unit: the rule, not the font
    assert compact.fit_words("Raise the Ebb Ward", 12, 1, measure) == ["…"]
    assert compact.fit_words("Raise the Ebb Ward", 12, 2, measure) == ["Raise the", "Ebb Ward"]
    assert compact.fit_words("Guardian · Invulnerable 4+", 12, 1, measure) == ["Guardian …"]
    # an item broken over two lines whose second does not fit: the line before takes the "…"
    assert compact.fit_words("Melee · Aura 1 (Armor Perforation +1)", 16, 2, measure) == ["Melee …"]
    assert compact.fit_words("Melee · First Blood · Critical Strike", 21, 1, measure) == ["Melee · First Blood …"]

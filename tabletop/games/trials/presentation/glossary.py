"""The rules page's glossary, and which of its entries a card's text uses (the zoom links them)."""

from __future__ import annotations

import re
from functools import lru_cache

from tabletop.table.cover import rules_page


rules_text = rules_page("tabletop.games.trials")   # the rules page, as markdown


@lru_cache(maxsize=1)
def glossary_terms() -> tuple[str, ...]:
    """The glossary's entries, as the rules page names them ("Exhaust / Ready" gives both)."""
    text = rules_text()
    part = text.split("## Glossary", 1)[-1].split("\n## ", 1)[0]
    out = []
    for m in re.finditer(r"^- \*\*(.+?)\*\*", part, re.M):
        out += [t.strip() for t in m.group(1).split("/")]
    return tuple(out)


def terms_on(text: str, keywords=()) -> list[str]:
    """Glossary entries a card's text and keywords use, in glossary order."""
    low = text.lower()
    kws = {k.lower() for k in keywords}
    out = []
    for term in glossary_terms():
        t = term.lower()
        stem = t.rstrip("s") if t.endswith("s") and len(t) > 4 else t
        if t in kws or re.search(r"\b" + re.escape(stem), low):
            out.append(term)
    return out

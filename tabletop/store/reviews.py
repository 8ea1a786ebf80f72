"""A match's review kept beside its save, so the second look is instant.

`<save name>.review` (not *.json: the saves list globs those) holds the review document
(tabletop/bots/review.py) under the number of moves and the digest of what the review
depends on; a save that changed since (more moves, an undo, another seat) is reviewed again.
The file is a cache: a damaged one is ignored with a sentence, a failed write costs only the
next look's wait, and nothing the player made depends on it.
"""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.store.atomic import write_json_atomic

SUFFIX = ".review"


def review_path(save: Path | str) -> Path:
    return Path(save).with_suffix(SUFFIX)          # beside it as the thumbnail (.png) is


def load_review(save: Path | str, moves: int, digest: str,
                seats: list[int], iterations: int) -> tuple[dict | None, str | None]:
    """(the kept review, None) if it is for this very log, seats and budget; (None, a
    sentence) if the file is damaged; (None, None) if there is none or it is out of date."""
    path = review_path(save)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as err:
        return None, (f"The kept review of this match could not be read "
                      f"({err.strerror or 'the system refused'}), so it is made again.")
    try:
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict) or not isinstance(doc.get("decisions"), list):
            raise ValueError("not a review")
        key = (doc["moves"], doc["digest"], doc["seats"], doc["budget"]["iterations"])
    except (ValueError, KeyError, TypeError, RecursionError):
        return None, "The kept review of this match was damaged, so it is made again."
    if key != (moves, digest, seats, iterations):
        return None, None
    return doc, None


def keep_review(save: Path | str, doc: dict) -> str | None:
    """Write the review beside the save; a sentence if it could not be kept."""
    try:
        write_json_atomic(review_path(save), doc, backup=False)
    except (OSError, ValueError) as err:
        why = getattr(err, "strerror", None) or "the system refused"
        return f"The review could not be kept beside the save ({why}); it is shown all the same."
    return None

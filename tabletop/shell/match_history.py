"""The match history as the shell uses it (the database is store/history.py).

`open_history()` opens it with the starting choices named as the new-match dialog names them
(a Trials deck is recorded as its starter's name, not as the list of cards it became);
`choice_words` turns a recorded choice into words for the statistics page ("emberkin" reads
"Emberkin", "varro, maud" reads "Varro Ash, Maud Ironroot"); `SavesImport` fills a new database
from the saves already on disk, once, on a thread of its own started after the home screen's
first frame, so the first frame never waits for saves to be replayed.
"""

from __future__ import annotations

import functools
import json
import logging
import re
import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tabletop.games.registry import get_game, plugin
from tabletop.store.history import History
from tabletop.store.saves import SaveStore

log = logging.getLogger(__name__)

_ID = re.compile(r"[a-z0-9][a-z0-9_\-]*")


def _deck_names(spec, players: int, choices) -> dict[str, str]:
    """{a deck as a match's options hold it, as JSON: its name} for the (label, value) choices."""
    out: dict[str, str] = {}
    for text, value in choices:
        if value is None or value == spec.bots_choice:
            continue
        try:
            deck = spec.finish_options({spec.seat_key: [value] * players}, 0, players)[spec.seat_key][0]
        except Exception:              # noqa: BLE001 - a deck that no longer builds names nothing
            continue
        out.setdefault(json.dumps(deck, sort_keys=True, default=str),
                       value if isinstance(value, str) else text)
    return out


@functools.lru_cache(maxsize=None)
def _starters(game_id: str) -> dict[str, str]:
    """The game's starter decks by what they become, at every table size it offers (they
    change only with the app, so they are worked out once)."""
    from tabletop.shell.decks import deck_spec
    spec = deck_spec(game_id)
    out: dict[str, str] = {}
    if spec is not None:
        for players in get_game(game_id).info.players:
            out.update(_deck_names(spec, players, spec.seat_choices(players, [])))
    return out


def _named_decks(game_id: str) -> dict[str, str]:
    """The starters, then the player's saved decks as they are now."""
    from tabletop.shell.decks import deck_spec, saved_decks
    spec = deck_spec(game_id)
    if spec is None:
        return {}
    out = dict(_starters(game_id))
    saved = saved_decks(spec)
    for players in get_game(game_id).info.players:
        for key, name in _deck_names(spec, players, saved).items():
            out.setdefault(key, name)
    return out


def describe(game_id: str, choice: str, value) -> str | None:
    """A deck given as data by the name of the starter or saved deck it was made from
    (History's `describe`); None leaves the value to the history's own naming."""
    if choice != "deck" or not isinstance(value, (dict, list)):
        return None
    try:
        return _named_decks(game_id).get(json.dumps(value, sort_keys=True, default=str))
    except Exception:                  # noqa: BLE001 - naming must never cost the record
        log.warning("the decks of %s could not be named", game_id, exc_info=True)
        return None


def open_history(path: Path | None = None) -> History:
    return History(path, describe=describe)


@functools.lru_cache(maxsize=None)
def _names(game_id: str) -> dict[str, str]:
    """{an id a starting choice may hold: its name}: the game's cards (champions, units) and
    its factions, from the card pool."""
    factory = plugin(game_id).card_pool
    names: dict[str, str] = {}
    try:
        pool = factory() if factory is not None else []
    except Exception:                  # noqa: BLE001 - plain ids then
        return names
    for card in pool:
        if not isinstance(card, dict):
            continue
        if isinstance(card.get("id"), str) and isinstance(card.get("name"), str):
            names.setdefault(card["id"], card["name"])
        if isinstance(card.get("faction"), str) and isinstance(card.get("faction_name"), str):
            names.setdefault(card["faction"], card["faction_name"])
    return names


def choice_words(game_id: str, value: str) -> str:
    """A recorded starting choice in words: each id it lists by its name in the game's card
    pool, or written as a word ("master-oren-vell": "Master oren vell"); names stay as they are."""
    try:
        names = _names(game_id)
    except Exception:                  # noqa: BLE001 - an unknown game: plain words
        names = {}

    def one(part: str) -> str:
        part = part.strip()
        if part in names:
            return names[part]
        if _ID.fullmatch(part):
            words = re.sub(r"[_\-]+", " ", part)
            return words[:1].upper() + words[1:]
        return part

    for joint in (" + ", ", "):
        if joint in value:
            return joint.join(one(p) for p in value.split(joint))
    return one(value)


CHOICE_NAMES = {"deck": "Deck", "faction": "Faction", "class": "Class",
                "champions": "Champions", "picks": "Champions"}


class SavesImport(QObject):
    """Fill the match history from the finished saves in `folder`, the first time only (the
    database remembers that it was done). `finished(recorded, problem)` comes on the UI
    thread: how many matches were added, and the history's sentence about anything that went
    wrong ("" when nothing did), a damaged database set aside included."""

    finished = Signal(int, str)

    def __init__(self, folder: Path, parent=None) -> None:
        super().__init__(parent)
        self.folder = Path(folder)
        self.running = False
        self.done = False
        self.recorded, self.problem = 0, ""       # what the import reported, once done
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()
        self.finished.connect(self._ended)

    def start(self) -> None:
        if self._thread is not None:
            return
        self.running = True
        self._idle.clear()
        self._thread = threading.Thread(target=self._run, name="history-import", daemon=True)
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the import has ended (tests, benchmarks); False on timeout."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        recorded, problem = 0, ""
        try:
            with open_history() as history:
                if not history.imported():
                    recorded = history.import_saves(SaveStore(self.folder), get_game)
                    if recorded:
                        log.info("match history: %d finished saves imported", recorded)
                problem = history.problem or ""
        except Exception as err:       # noqa: BLE001 - the import is a convenience, never a crash
            log.warning("match history: the saves could not be imported: %s: %s",
                        type(err).__name__, err)
            problem = ("The finished matches in Saved games could not be added to the "
                       "statistics this time; Tabletop tries again at the next start.")
        finally:
            self._idle.set()
        try:
            self.finished.emit(recorded, problem)
        except RuntimeError:           # the window closed meanwhile: nobody to tell
            pass

    def _ended(self, recorded: int, problem: str) -> None:
        self.running, self.done = False, True
        self.recorded, self.problem = recorded, problem

"""FaceCache: composed pictures are cached on disk once and survive a damaged cache."""

import json
import logging
import threading

from PIL import Image

from tabletop.table.faces import FaceCache


class Composer:
    def __init__(self, color=(200, 40, 40, 255), size=(60, 84)):
        self.calls = 0
        self.color, self.size = color, size

    def __call__(self):
        self.calls += 1
        return Image.new("RGBA", self.size, self.color)


def test_png_written_once_and_reused(tmp_path):
    compose = Composer()
    cache = FaceCache(tmp_path)
    img = cache.pil("game/card/1/v1", compose)
    assert compose.calls == 1 and img.size == (60, 84)
    cache.flush()                        # the UI thread's faces are written by a thread
    path = cache.path_for("game/card/1/v1")
    assert path.parent == tmp_path / "faces" and path.is_file()
    stamp = path.stat().st_mtime_ns
    cache.pil("game/card/1/v1", compose)  # memory hit
    FaceCache(tmp_path).pil("game/card/1/v1", compose)  # a new session reads the PNG
    assert compose.calls == 1
    assert path.stat().st_mtime_ns == stamp
    assert len(list((tmp_path / "faces").iterdir())) == 1


def test_the_shell_hands_the_user_cache_folder_in(tabletop_home):
    from tabletop.store.paths import cache_dir
    cache = FaceCache(cache_dir())
    cache.pil("k", Composer())
    cache.flush()
    assert cache.path_for("k").is_file()
    assert tabletop_home in cache.path_for("k").parents


def test_without_a_folder_faces_stay_in_memory(tmp_path):
    compose = Composer()
    cache = FaceCache()
    cache.pil("k", compose)
    cache.pil("k", compose)
    assert cache.folder is None and compose.calls == 1


def test_different_keys_are_different_files(tmp_path):
    cache = FaceCache(tmp_path)
    assert cache.path_for("a/v1") != cache.path_for("a/v2")


def test_corrupt_cache_file_is_recomposed(tmp_path, caplog):
    key = "game/card/2/v1"
    first = FaceCache(tmp_path)
    first.pil(key, Composer())
    first.flush()
    path = first.path_for(key)
    path.write_bytes(b"\x89PNG\r\n\x1a\n this is not really a png")
    compose = Composer(color=(10, 200, 10, 255))
    with caplog.at_level(logging.WARNING):
        again_cache = FaceCache(tmp_path)
        img = again_cache.pil(key, compose)
        again_cache.flush()
    assert compose.calls == 1
    assert img.getpixel((5, 5)) == (10, 200, 10, 255)
    assert "composing it again" in caplog.text
    # The file was rewritten and is good again.
    again = Composer()
    FaceCache(tmp_path).pil(key, again)
    assert again.calls == 0


def test_unwritable_cache_still_works(tmp_path, caplog):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache folder should be")
    cache = FaceCache(blocker)
    with caplog.at_level(logging.WARNING):
        surf = cache.surface("k", Composer(), (30, 42))
        cache.flush()
    assert surf.get_size() == (30, 42)
    assert "Cannot write the face cache" in caplog.text


def test_surface_is_scaled_exactly_and_memoised(tmp_path):
    compose = Composer(size=(300, 420))
    cache = FaceCache(tmp_path)
    a = cache.surface("big", compose, (75, 105))
    assert a.get_size() == (75, 105)
    assert a.get_flags() & 0x00010000  # SRCALPHA: convert_alpha()-ed
    assert cache.surface("big", compose, (75, 105)) is a
    b = cache.surface("big", compose, (150, 210))
    assert b.get_size() == (150, 210) and b is not a
    assert compose.calls == 1
    r, g, bl, _ = a.get_at((37, 52))
    assert (r, g, bl) == (200, 40, 40)


def test_memory_is_bounded(tmp_path):
    cache = FaceCache(tmp_path, memory_mb=1)
    for i in range(40):
        cache.surface("k", Composer(), (100 + i, 200))
    assert cache._scaled.used <= 1 << 20


def test_a_failing_compose_shows_a_placeholder(tmp_path, caplog):
    def broken():
        raise ValueError("no such card")
    cache = FaceCache(tmp_path)
    with caplog.at_level(logging.ERROR):
        surf = cache.surface("game/card/404/v1", broken, (60, 84))
    assert surf.get_size() == (60, 84)
    assert "no such card" in caplog.text
    assert not cache.path_for("game/card/404/v1").exists()  # never cached on disk


# --- warming faces ahead of need (issue 18: no move waits for a picture) ---------------------
def test_warm_composes_the_table_faces_into_memory_and_the_zooms_to_disk_only(tmp_path):
    table, zoom = Composer(), Composer(size=(600, 840))
    cache = FaceCache(tmp_path)
    assert cache.warm([("g/t/1", table), ("g/z/1", zoom, False), ("g/t/1", table)]) == 2
    assert table.calls == 1 and zoom.calls == 1
    assert cache.path_for("g/z/1").is_file() and cache.path_for("g/t/1").is_file()
    cache.pil("g/t/1", table)                       # in memory: not composed again
    assert table.calls == 1
    assert cache.warm([("g/z/1", zoom, False)]) == 0   # on disk already
    assert zoom.calls == 1


def _never():
    raise AssertionError("composed again: the warmer did not make this face ready")


def test_the_warmer_makes_faces_ready_in_memory_and_on_disk_and_stops(tmp_path, monkeypatch):
    from tabletop.shell import warmer as warming
    monkeypatch.setattr(warming, "ENABLED", True)
    cache = FaceCache(tmp_path)
    items = [(f"g/{i}", Composer(color=(10 * i, 40, 40, 255))) for i in range(6)]
    items.append(("g/zoom", Composer(size=(600, 840)), False))
    w = warming.FaceWarmer(cache)
    assert w.ask(items) == 7
    assert w.ask(items[:1]) == 0                       # each face asked for once
    assert w.wait(120)
    for i in range(6):                                 # ready in memory: nothing composes
        assert cache.pil(f"g/{i}", _never).getpixel((0, 0))[0] == 10 * i
        assert cache.path_for(f"g/{i}").is_file()
    assert cache.path_for("g/zoom").is_file()          # the zoom's: on disk only
    w.stop()
    assert w.ask([("g/late", Composer())]) == 0


def test_a_face_that_fails_to_compose_does_not_stop_the_warmer(tmp_path, caplog, monkeypatch):
    from tabletop.shell import warmer as warming
    monkeypatch.setattr(warming, "ENABLED", True)

    def broken():                                      # not picklable: composed in the thread
        raise RuntimeError("no ink")
    cache = FaceCache(tmp_path)
    w = warming.FaceWarmer(cache)
    with caplog.at_level(logging.ERROR):
        w.ask([("g/broken", broken), ("g/good", Composer())])
        assert w.wait(120)
    assert cache.pil("g/good", _never).size == (60, 84)
    w.stop()


def test_the_warmer_learns_what_the_ui_thread_read_itself_and_warms_it_next_match(
        tmp_path, caplog, monkeypatch):
    """A card the opponent reveals is in no presenter's list: the next match of that game
    reads it into memory at the start, the game's other matches are not touched."""
    from tabletop.shell import warmer as warming
    monkeypatch.setattr(warming, "ENABLED", True)
    cache = FaceCache(tmp_path)
    first = warming.FaceWarmer(cache, "g")
    cache.pil("g/revealed", Composer(color=(7, 40, 40, 255)))    # the UI thread, cold
    cache.pil("g/memory-only", Composer(), persist=False)         # nothing on disk to learn
    first.stop()
    learned = json.loads((cache.folder / "learned-g.json").read_text())
    assert learned == ["g/revealed"] and not cache.ui_misses

    fresh = FaceCache(tmp_path)                                   # a later session
    nxt = warming.FaceWarmer(fresh, "g")
    assert nxt.ask([("g/known", Composer())]) == 2
    assert nxt.wait(120)
    assert fresh.pil("g/revealed", _never).getpixel((0, 0))[0] == 7
    nxt.stop()
    other = warming.FaceWarmer(FaceCache(tmp_path), "h")
    assert other.ask([]) == 0

    (cache.folder / "learned-g.json").write_text("{not json")    # damaged: start afresh
    with caplog.at_level(logging.WARNING):
        assert warming.FaceWarmer(FaceCache(tmp_path), "g").ask([]) == 0
    assert "learned faces" in caplog.text


def test_learned_faces_are_capped_to_the_most_recent(tmp_path, monkeypatch):
    from tabletop.shell import warmer as warming
    monkeypatch.setattr(warming, "ENABLED", True)
    monkeypatch.setattr(warming, "LEARN_MAX", 3)
    cache = FaceCache(tmp_path)
    for batch in (["a", "b"], ["c", "a", "d"]):
        w = warming.FaceWarmer(cache, "g")
        for k in batch:
            cache.pil(f"g/{k}", Composer())
            cache._pil.clear()                                    # read cold each time
        w.stop()
    assert json.loads((cache.folder / "learned-g.json").read_text()) == ["g/c", "g/a", "g/d"]


def test_a_face_key_carries_a_stamp_of_the_cards_data_so_retuned_cards_are_redrawn():
    """Balance changes retune numbers (issue 20): a face cached on disk under the old numbers
    must never be shown again, so every game's face key holds a digest of the card's data."""
    from dataclasses import replace

    from tabletop.games.pariah.engine.cards import design, evolutions, relics
    from tabletop.games.pariah.presentation import faces as pariah
    from tabletop.games.paragons.engine.cards import card as paragons_card
    from tabletop.games.paragons.presentation import faces as paragons
    from tabletop.games.trials.engine.cards import card as trials_card
    from tabletop.games.trials.presentation import faces as trials
    from tabletop.table.facekeys import stamp

    adept = design("emb_adept")
    assert stamp(adept) != stamp(replace(adept, cost=adept.cost + 1))
    assert stamp(adept) in pariah.unit_key("emb_adept")
    relic = sorted(relics())[0]
    assert stamp(relics()[relic]) in pariah.relic_key(relic)
    evo = sorted(evolutions())[0]
    assert stamp((evolutions()[evo], design(evolutions()[evo].unit))) in pariah.evolution_key(evo)
    assert stamp(trials_card("riposte")) in trials.face_key("riposte")
    c = paragons_card("ambushers-volley")
    from tabletop.games.paragons.engine.cards import card_text
    assert stamp((c, card_text(c))) in paragons.face_key("ambushers-volley")


def test_the_ui_threads_faces_are_written_by_a_thread_of_their_own(tmp_path, monkeypatch):
    # a PNG write is 4-5 ms a face: on the UI thread it was part of the move that showed it
    writers = []
    write = FaceCache._write

    def noting(self, key, img):
        writers.append(threading.current_thread().name)
        write(self, key, img)
    monkeypatch.setattr(FaceCache, "_write", noting)
    cache = FaceCache(tmp_path)
    cache.pil("game/card/7/v1", Composer())
    cache.flush()
    assert writers == ["face-writer"] and cache.path_for("game/card/7/v1").is_file()


def test_a_face_on_disk_is_read_straight_into_the_same_surface(tmp_path, caplog):
    # a face no thread has read yet is loaded by pygame, not decoded by Pillow and copied
    # across: the same pixels, and a damaged file is still composed again, with a warning
    img = Image.new("RGBA", (60, 84), (200, 40, 40, 255))
    img.paste((10, 200, 10, 128), (5, 5, 40, 60))
    first = FaceCache(tmp_path)
    drawn = first.surface("game/card/9/v1", lambda: img, (60, 84))
    first.flush()
    again = FaceCache(tmp_path)
    never = Composer()
    read = again.surface("game/card/9/v1", never, (60, 84))
    assert never.calls == 0 and again._pil.get("game/card/9/v1") is None
    import pygame
    assert pygame.image.tobytes(read, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    assert "game/card/9/v1" in again.ui_misses          # learned for the warmer's next match
    first.path_for("game/card/9/v1").write_bytes(b"\x89PNG\r\n\x1a\n not a png")
    fresh = Composer(color=(1, 2, 3, 255))
    with caplog.at_level(logging.WARNING):
        FaceCache(tmp_path).surface("game/card/9/v1", fresh, (60, 84))
    assert fresh.calls == 1 and "composing it again" in caplog.text

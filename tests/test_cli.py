"""The command line, in exactly the forms benchmarks and acceptance checks use."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "saves" / "golden" / "paargus-v1.json"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_games_json(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    assert {"id": "paargus", "title": "Paargus", "players": [2]} in json.loads(out)


def test_cards_json_lists_the_pool(capsys):
    code, out, _ = run(capsys, "cards", "paargus", "--json")
    pool = json.loads(out)
    assert code == 0 and len(pool) == 42
    assert {"id", "name", "type", "sigils", "alignment"} <= set(pool[0])


def test_unknown_game_is_a_clear_error(capsys):
    code, _, err = run(capsys, "cards", "chess", "--json")
    assert code == 2 and "unknown game" in err


def test_arena_json_report_shape(capsys, tmp_path):
    code, out, _ = run(capsys, "arena", "paargus", "--bots", "greedy", "random", "--games", "4",
                       "--seed", "3", "--json", "--save", str(tmp_path))
    report = json.loads(out)
    assert code == 0
    assert set(report) == {"game", "games", "errors", "illegal", "unfinished", "entrants"}
    assert [e["bot"] for e in report["entrants"]] == ["greedy", "random"]
    for e in report["entrants"]:
        assert e["wins"] + e["losses"] + e["draws"] == 4
        assert set(e["decision_ms"]) == {"median", "p95"}
    saves = sorted(tmp_path.glob("*.json"))
    assert len(saves) == 4
    code, out, _ = run(capsys, "verify", str(saves[0]))
    assert code == 0 and "replay" in out


def test_verify_the_golden_save(capsys, tmp_path):
    copy = tmp_path / GOLDEN.name
    shutil.copy(GOLDEN, copy)
    code, out, _ = run(capsys, "verify", str(copy))
    assert code == 0


def test_verify_fails_on_a_doctored_snapshot(capsys, tmp_path):
    data = json.loads(GOLDEN.read_text())
    data["match"]["snapshot"]["chips"] = [150, 50]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    before = bad.read_bytes()
    code, _, err = run(capsys, "verify", str(bad))
    assert code == 1 and err and bad.read_bytes() == before


def test_verify_a_truncated_save(capsys, tmp_path):
    bad = tmp_path / "cut.json"
    bad.write_bytes(GOLDEN.read_bytes()[:500])
    code, _, err = run(capsys, "verify", str(bad))
    assert code == 1 and "damaged" in err.lower()


@pytest.mark.gui
def test_screenshot_draws_the_real_table(tmp_path):
    out = tmp_path / "shot.png"
    proc = subprocess.run([sys.executable, "-m", "tabletop", "screenshot", "paargus", "--out", str(out),
                           "--moves", "30", "--size", "1280x720", "--scale", "2"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    from PIL import Image
    img = Image.open(out).convert("RGB")
    assert img.size == (2560, 1440)                 # a 200% screen's pixels
    colours = img.resize((64, 36)).getcolors(64 * 36)
    assert colours is not None and len(colours) > 100        # not a blank window


def test_screenshot_refuses_a_scale_it_cannot_draw(capsys, tmp_path):
    code, _, err = run(capsys, "screenshot", "paargus", "--out", str(tmp_path / "x.png"), "--scale", "0")
    assert code == 2 and "--scale" in err and not (tmp_path / "x.png").exists()


def test_bench_prints_the_figures(capsys, quick_bench):
    code, out, _ = run(capsys, "bench", "paargus", "--json")
    figures = json.loads(out)
    assert code == 0
    assert {"playouts_per_s", "apply_us", "clone_us", "frame_ms", "fast_playouts_per_s",
            "search_iterations_per_s"} <= set(figures)
    assert figures["search_iterations_per_s"] > 0
    assert figures["move_count"] == quick_bench and figures["move_ms"] > 0
    assert figures["frame_ms"] > 0 and figures["apply_us"] > 0


def test_bench_without_a_game_times_the_apps_launch_to_the_home_screen(capsys, monkeypatch):
    from tabletop.shell import first_frame
    monkeypatch.setattr(first_frame, "LAUNCHES", 1)       # `tabletop bench` takes the median of 3
    code, out, _ = run(capsys, "bench", "--json")
    figures = json.loads(out)
    assert code == 0
    for kind in ("cold", "warm"):
        assert 0 < figures[f"home_first_frame_{kind}_ms"] <= figures[f"home_covers_{kind}_ms"]
        assert figures[f"home_first_frame_{kind}_runs_ms"] == [figures[f"home_first_frame_{kind}_ms"]]
        assert 0 < figures[f"home_first_frame_{kind}_cpu_ms"]


def test_arena_takes_match_options_as_json(capsys):
    code, out, _ = run(capsys, "arena", "paargus", "--bots", "greedy", "random", "--games", "2",
                       "--options", '{"hands": 1}', "--json")
    report = json.loads(out)
    assert code == 0 and report["options"] == {"hands": 1}
    assert sum(report["entrants"][0][k] for k in ("wins", "losses", "draws")) == 2


@pytest.mark.parametrize("bad", ["{hands: 1}", "[1]"])
def test_arena_refuses_options_that_are_not_a_json_object(capsys, bad):
    code, _, err = run(capsys, "arena", "paargus", "--bots", "greedy", "random", "--options", bad)
    assert code == 2 and "--options" in err


DEEP = "[" * 50_000 + "]" * 50_000


@pytest.mark.parametrize("spoil, why", [
    (('"options": {', '"options": {"x": ' + DEEP + ","), "its data is nested more than 100 levels deep"),
    (('"seed": ', '"seed": ' + "9" * 5000 + ', "x": '), "it holds a whole number too long to read"),
    (('"created": ', '"created": NaN, "x": '),
     "it holds a number that is not finite (NaN, Infinity or too large)"),
])
def test_verify_says_why_a_malformed_save_is_damaged(tmp_path, spoil, why):
    bad = tmp_path / "bad.json"
    bad.write_text(GOLDEN.read_text().replace(*spoil, 1))
    before = bad.read_bytes()
    proc = subprocess.run([sys.executable, "-m", "tabletop", "verify", str(bad)],
                          capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == f"{bad}: The save file bad.json is damaged: {why}.\n"   # no traceback
    assert bad.read_bytes() == before

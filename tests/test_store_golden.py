"""Golden saves: every save format version we ever shipped still validates and loads."""

import json
import shutil
from pathlib import Path

import jsonschema

from tabletop.games.registry import get_game
from tabletop.store.saves import SaveStore

SAVES = Path(__file__).resolve().parents[1] / "saves"


def test_every_golden_save_matches_its_schema_and_replays(tmp_path):
    goldens = sorted((SAVES / "golden").glob("*-v*.json"))
    assert goldens, "no golden saves"
    for golden in goldens:
        version = golden.stem.rsplit("-v", 1)[1]
        schema = json.loads((SAVES / f"schema-v{version}.json").read_text())
        data = json.loads(golden.read_text())
        jsonschema.validate(data, schema)
        copy = tmp_path / golden.name
        shutil.copy(golden, copy)
        match = SaveStore(tmp_path).load(copy, games=get_game)
        assert match.snapshot_matches(data["match"]["snapshot"])
        assert len(match.log) == len(data["match"]["log"])

"""The pygame table toolkit: scene, sprites, zones, animation, faces (see DESIGN.md)."""

import os

# pygame prints a banner to stdout on import; it would corrupt `--json` output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

"""Entry point of the frozen app: exactly the `tabletop` console script.

Nothing is imported here but the CLI: `tabletop.cli.main` calls
`multiprocessing.freeze_support()` before it parses arguments, so a bot worker
started with "spawn" (the same executable run with `--multiprocessing-fork`)
serves bots and exits without ever touching Qt or pygame.
"""

import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())

import sys

from tabletop.cli import main

sys.exit(main())

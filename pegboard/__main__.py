"""``python -m pegboard`` runs the command line."""

import sys

from pegboard.cli import main

sys.exit(main())

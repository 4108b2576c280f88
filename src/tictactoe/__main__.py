"""``python -m tictactoe`` runs the command line."""

import sys

from tictactoe.cli import main

sys.exit(main())

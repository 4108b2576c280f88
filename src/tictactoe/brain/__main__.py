"""``python -m tictactoe.brain``: the brain on stdin and stdout."""

import sys

from tictactoe.brain import main

sys.exit(main())

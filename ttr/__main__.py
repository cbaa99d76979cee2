"""``python -m ttr``: the command line (see :mod:`ttr.cli`)."""

import sys

from ttr.cli import main

sys.exit(main())

"""``python -m ttr``: the command line (see :mod:`ttr.cli`).

A closed pipe (``python -m ttr replay FILE | head -1``) ends the program quietly, as it ends the
shell's own tools: SIGPIPE keeps its default action here, in the program, never in a library."""

import signal
import sys

from ttr.cli import main

if hasattr(signal, "SIGPIPE"):
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
sys.exit(main())

"""``python -m war_widget.classmode serve``: start a class (see ``serve``)."""
from __future__ import annotations

import sys

from .serve import main

if __name__ == "__main__":
    sys.exit(main())

"""`python -m devstack` (see `devstack.cli`)."""

import sys

from devstack.cli import main

sys.exit(main())

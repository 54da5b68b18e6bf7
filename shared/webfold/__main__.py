import sys

from webfold.cli import main

sys.exit(main())

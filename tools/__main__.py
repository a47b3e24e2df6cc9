"""`python -m tools play | simulate | bench | arena`: see tools/cli.py."""

from tools.cli import main

raise SystemExit(main())

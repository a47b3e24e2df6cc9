"""`python -m engine play | simulate | bench`: see engine/cli.py."""

from engine.cli import main

raise SystemExit(main())

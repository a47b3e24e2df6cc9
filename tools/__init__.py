"""Tooling around the engine: the terminal game, simulation, benchmarks, the arena.

`python -m tools play | simulate | bench | arena` (see `tools.cli`). The
engine itself stays pure rules and AI; everything that parses a command
line, spawns processes or measures time over many matches lives here.

- argument parsing and dispatch ... tools/cli.py
- the terminal game ............... tools/play.py (what it prints of events: tools/play_text.py)
- simulated matches, invariants ... tools/simulate.py
- engine speed .................... tools/bench.py
- levels against each other ....... tools/arena.py
"""

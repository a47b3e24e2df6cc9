"""`hard` with its opponents modelled as casual players, in the arena.

    python bench/ai_styles.py --preset burkozel --players 3 \\
        --levels hard-read,easy,easy --deals 600 --seed 21 --playouts 300 --jobs 2

Adds two arena levels next to `hard` (whose playouts answer for every seat
with the careful playout policy, `engine.ai.policy`):

- `hard-casual`: every opponent answers as a casual player in every playout
  (`engine.ai.casual`: the easy player's rules);
- `hard-read`: each opponent answers casually in the share of worlds that
  his plays so far make likely (`engine.ai.opponents`).

Neither is a level of the product: measured in docs/PERFORMANCE.md ("Issue
14, fifth pass"), they win a point or two against `easy` and lose as much
or more against `normal`. The other options are the arena's
(`python -m tools arena --help`).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import HardPlayer, register_level
from tools.cli import main


class CasualOpponents(HardPlayer):
    level = "hard-casual"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, casual=1.0)


class ReadOpponents(HardPlayer):
    level = "hard-read"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, read_styles=True)


register_level("hard-casual", CasualOpponents)
register_level("hard-read", ReadOpponents)

if __name__ == "__main__":
    raise SystemExit(main(["arena", *sys.argv[1:]]))

"""`hard` with its opponents modelled as casual players, in the arena.

    python bench/ai_styles.py --preset burkozel --players 3 \\
        --levels hard-read,easy,easy --deals 600 --seed 21 --playouts 300 --jobs 2

Adds arena levels next to `hard` (which reads each opponent's style in
burkozel and kozel, `engine.ai.hard.READ_STYLES`):

- `hard-careful`: every seat of a playout plays the careful playout policy
  (`engine.ai.policy`), as `hard` did before reading styles;
- `hard-read`: reads styles in every game, bura included;
- `hard-casual`: every opponent answers as a casual player in every playout
  (`engine.ai.casual`: the easy player's rules).

Measured in docs/PERFORMANCE.md ("Issue 14, fifth pass"). The other options
are the arena's (`python -m tools arena --help`).
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


class CarefulOpponents(HardPlayer):
    level = "hard-careful"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, read_styles=False)


class ReadOpponents(HardPlayer):
    level = "hard-read"

    def __init__(self, seed: int) -> None:
        super().__init__(seed, read_styles=True)


register_level("hard-casual", CasualOpponents)
register_level("hard-read", ReadOpponents)
register_level("hard-careful", CarefulOpponents)

if __name__ == "__main__":
    raise SystemExit(main(["arena", *sys.argv[1:]]))

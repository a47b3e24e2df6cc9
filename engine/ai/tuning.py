"""The `hard` player's tuned settings, one line each on what it does.

Each number won arena or paired-decision runs on the same deals and dice;
what was measured, and the ideas that measured level or worse, are in
docs/PERFORMANCE.md's "Ideas tried" table. `engine.ai.players.hard` reads them.
"""

from __future__ import annotations

# A decision's time budget: the p95 allowed is 300 ms, a search stops within about 1 ms of it.
DEFAULT_BUDGET_MS = 270.0
# The value of one card point of margin, in penalty points (`engine.ai.search.value`).
POINT_WEIGHT = 0.1
# How many standard errors behind the best a candidate falls before it is dropped.
PRUNE_Z = 3.0
# Per game, whose rules of thumb the search must beat, by how many standard errors.
ADVISORS: dict[str, tuple[str, float]] = {"kozel": ("easy", 0.5)}  # else normal's, prior_z
# Games where playouts let each opponent answer in the style his plays show.
READ_STYLES = frozenset({"burkozel", "kozel"})
# Games where the last seat to answer a trick in a playout answers as a card counter.
COUNTING_ANSWERS = frozenset({"bura"})
# Games where worlds are kept in proportion to how likely they make the opponents' plays.
WEIGH_WORLDS = frozenset({"kozel"})
# Games where the seat and its partner lead in the playouts as the casual player does.
OWN_CASUAL_LEADS = frozenset({"kozel"})

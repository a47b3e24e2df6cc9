"""The computer players, one module a level: `random`, `easy` (also offered as
"greedy"), `normal` and `hard`. `engine.ai` registers them; the search and
the playouts `hard` runs live in `engine.ai.search` and `engine.ai.playout`."""

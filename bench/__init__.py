"""Benchmarks and measuring sticks, each run from the checkout's root as a module.

The bot under load:

- `python -m bench.load`: how many updates a second the real `python -m bot`
  process sustains against the fake Bot API, at what latency, CPU and
  memory (`load_bot`: the bot's process; `load_people`: the simulated
  people and their counters). Its `--quick` run is a test
  (tests/bench/test_load_bench.py).
- `python -m bench.computer_lag`: whether computer players' thinking stalls
  the event loop (loop lag and update latency while `hard` tables think).
- `python -m bench.http_clients`: the CPU a Bot API request costs through
  each HTTP client.
- `python -m bench.top`: /top's leaderboard queries at a million result
  rows, and a move's commit while one runs.

The computer players:

- `python -m bench.ai_pairs`: the judge for a change to `hard`, two
  versions on the same decisions, valued on the real deal.
- `python -m bench.ai_search_cost`: what a `hard` decision costs at fixed
  playouts, with a digest of its choices, so a change meant only to be
  faster is checked to choose the same.
- `python -m bench.ai_oracle`: how much `hard` would gain from seeing the
  hidden cards, an upper bound for better guessing.

`real_deal` holds what the judge and the oracle share: the real state
behind a view, and playouts of the real deal. They cheat, which is why they
live here and not in `engine.ai`.
"""

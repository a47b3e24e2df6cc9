"""Benchmarks and measuring sticks, each run from the checkout's root as a module.

The bot under load:

- `python -m bench.load`: the real `python -m bot` process against the fake
  Bot API, played by one crowd of simulated people (`crowd`) at a `pace`:
  `--pace instant` (the bot's throughput, and its latency at a rate of
  taps) or `--pace person` (people who look 2-5 s, under Telegram's flood
  limits: hand-off to the next player, requests and 429s a tap, the
  group's record). What is measured is pluggable (`--measure`): `measures`
  (update latency, hand-off, requests), `group_record`, and always `cost`
  (CPU per update and per tap, RSS), each of a `window`. `bot_process` is
  the bot's process (`bot_in_process`: its application in this one, for
  tests); `figures` holds the percentiles and the report. Its `--quick`
  runs are tests (tests/bench/test_load_bench.py).
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
- `python -m bench.review_cost`: what the coach (`engine.ai.review`) costs:
  CPU per review of one player's deal, and per hint.
- `python -m bench.ai_oracle`: how much `hard` would gain from seeing the
  hidden cards, an upper bound for better guessing.

`real_deal` holds what the judge and the oracle share: the real state
behind a view, and playouts of the real deal. They cheat, which is why they
live here and not in `engine.ai`.
"""

"""Numbers about finished matches: per-seat results from the engine's replay
(`results.py`), ratings (`ratings.py`) and a person's record (`summary.py`).
Pure: it imports the engine (and the rating library), never the service,
the store or Telegram."""

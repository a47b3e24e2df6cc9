"""`bench/imitated_leads_fit.py`: the data and the fit behind the weights of
`engine.ai.imitated_leads` (issue 14, thirty-fourth pass)."""

from __future__ import annotations

import random

import numpy as np
from bench_scripts import load_bench

from engine.ai.imitated_leads import WEIGHTS, imitated_lead, leads_of
from engine.cards import DECK, Suit

bench = load_bench("imitated_leads_fit")


def test_the_leads_are_scored_in_the_order_the_model_plays_them() -> None:
    """`design`'s rows are the leads `imitated_lead` chooses among: with the
    fitted weights, the best row is the model's lead."""
    rng = random.Random(3)
    for _ in range(100):
        hand = tuple(sorted(rng.sample(DECK, 4), key=lambda card: card.id))
        trump = Suit(rng.randrange(4))
        lead = imitated_lead(hand, trump, 4, 0, True)
        record = {
            "hand": [card.id for card in hand],
            "trump": int(trump),
            "gone": 0,
            "stock": 8,
            "limit": 4,
            "chosen": sorted(card.id for card in lead),
        }
        rows, chosen = bench.design(record)
        assert int(np.argmax(rows @ np.array(WEIGHTS))) == chosen


def test_the_fit_learns_a_player_who_always_leads_casually() -> None:
    # Real positions from a small collection; the chosen lead made casual.
    records = [record for record in bench.play((700, 703), 30) if record["stock"] > 0]
    assert records
    casual_data = []
    for record in records:
        rows, _ = bench.design(record)
        casual_data.append((rows, int(np.argmax(rows[:, 0]))))
    weights = bench.fit(casual_data, steps=200)
    model, casual = bench.agreement(casual_data, weights)
    assert casual == 1.0
    assert model == 1.0
    assert weights[0] > 0


def test_a_collected_lead_is_one_of_the_hands_leads() -> None:
    records = bench.play((710, 712), 30)
    assert records
    for record in records:
        leads = leads_of(tuple(DECK[card] for card in record["hand"]), record["limit"])
        assert record["chosen"] in [sorted(card.id for card in lead) for lead in leads]
        assert record["leads"] == len(leads) > 1


def test_a_twin_searches_the_same_lead_again_with_other_dice() -> None:
    records = bench.play((720, 722), 30, twin=True)
    assert records
    for record in records:
        leads = leads_of(tuple(DECK[card] for card in record["hand"]), record["limit"])
        assert record["twin"] in [sorted(card.id for card in lead) for lead in leads]
    # Thirty playouts choose by dice often enough that a twin sometimes differs.
    assert any(record["twin"] != record["chosen"] for record in records)

"""A tournament's end reveals every key its matches were dealt from (issue 66):
each key once, with the tables it dealt, in messages Telegram accepts."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.tables.shuffle import tournament_reveal
from bot.tables.verifying import Verifier
from bot.view.i18n import plain
from engine import RuleSet, new_match
from engine.rules import Preset
from engine.shuffle import ShuffleKey, public_value

TELEGRAM_LIMIT = 4096


class _Store:
    """The two reads `tournament_reveal` makes, over tables kept here."""

    def __init__(self, rounds: list[dict[int, int]], keys: dict[int, ShuffleKey | None]) -> None:
        self.rounds = rounds
        self.keys = keys

    async def tournament_rounds(self, tournament_id: int) -> list[Any]:
        return [SimpleNamespace(tables=tables) for tables in self.rounds]

    async def get_table(self, table_id: int) -> Any:
        key = self.keys[table_id]
        state = new_match(RuleSet.create("bura"), ("A", "B"), table_id, key)
        return SimpleNamespace(id=table_id, state=state)


def _key(secret: int, message: int) -> ShuffleKey:
    return ShuffleKey(f"{secret:064x}", public_value(Preset.BURA, 2, "bottom", -100, message))


async def test_each_key_once_with_its_tables_and_old_tables_left_out() -> None:
    shared, own = _key(1, 10), _key(2, 11)
    store = _Store([{0: 5, 1: 6}, {0: 7, 1: 8}], {5: shared, 6: shared, 7: own, 8: None})
    (message,) = await tournament_reveal(store, 1, "ru")  # type: ignore[arg-type]
    text = plain(message)
    assert text.count(f"/verify {shared.secret} {shared.public}") == 1
    assert text.count(f"/verify {own.secret} {own.public}") == 1
    assert "Столы #5, #6:" in text and "Стол #7:" in text and "#8" not in text


async def test_many_tables_are_told_in_messages_telegram_takes() -> None:
    keys: dict[int, ShuffleKey | None] = {n: _key(n, 100 + n) for n in range(1, 61)}
    store = _Store([{p: p + 1 for p in range(60)}], keys)
    messages = await tournament_reveal(store, 1, "en")  # type: ignore[arg-type]
    assert len(messages) > 1
    assert all(len(plain(m)) <= TELEGRAM_LIMIT for m in messages)
    joined = "\n".join(messages)
    for key in keys.values():
        assert key is not None and joined.count(key.secret) == 1


async def test_a_tournament_of_old_tables_reveals_nothing() -> None:
    store = _Store([{0: 1}], {1: None})
    assert await tournament_reveal(store, 1, "uk") == []  # type: ignore[arg-type]


class _Shuffled:
    def __init__(self, tables: list[Any]) -> None:
        self.tables = tables

    async def shuffled_tables(self, public: str) -> list[Any]:
        return [t for t in self.tables if t.state.shuffle.public == public]


async def test_verify_answers_for_the_round_whose_secret_was_typed() -> None:
    """A duplicate tournament's rounds of a size share a public value, each
    with its own secret."""
    first, second = _key(1, 10), _key(2, 10)
    rules = RuleSet.create("bura")
    tables = [
        SimpleNamespace(id=n, state=new_match(rules, ("A", "B"), n, key), names=("A", "B"))
        for n, key in ((5, first), (9, second))
    ]
    verifier = Verifier(SimpleNamespace(store=_Shuffled(tables)))  # type: ignore[arg-type]
    answer = plain((await verifier.verify([second.secret, second.public], "en")).text)
    assert "#9" in answer and "✅" in answer
    changed = f"{3:064x}"
    answer = plain((await verifier.verify([changed, second.public], "en")).text)
    assert "#5" in answer and "does not match" in answer
    unknown = plain((await verifier.verify([changed, _key(3, 11).public], "en")).text)
    assert "#" not in unknown.split("\n")[0] and "Compare it" in unknown

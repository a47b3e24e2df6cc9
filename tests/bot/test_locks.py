"""KeyedLocks: one holder per key at a time, in arrival order, and no lock
left behind for a key nobody uses any more."""

from __future__ import annotations

import asyncio

from bot.locks import KeyedLocks


async def test_one_holder_per_key_in_order_and_idle_keys_forgotten() -> None:
    locks = KeyedLocks()
    order: list[str] = []
    inside = 0
    most = 0
    gate = asyncio.Event()

    async def worker(name: str) -> None:
        nonlocal inside, most
        async with locks("table"):
            inside += 1
            most = max(most, inside)
            order.append(name)
            await gate.wait()
            inside -= 1

    tasks = [asyncio.create_task(worker(str(n))) for n in range(5)]
    await asyncio.sleep(0)
    assert len(locks) == 1 and order == ["0"]
    gate.set()
    await asyncio.gather(*tasks)
    assert order == ["0", "1", "2", "3", "4"]
    assert most == 1
    assert len(locks) == 0


async def test_different_keys_do_not_wait_for_each_other() -> None:
    locks = KeyedLocks()
    async with locks(1), locks(2):
        assert len(locks) == 2
    assert len(locks) == 0

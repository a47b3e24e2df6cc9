"""CPU per Bot API request of the two HTTP clients, apart from the bot.

One process posts `sendMessage` to a local aiohttp server through PTB's
HTTPX request (`BoundedRequest`, the default) and through the lean client
(`HTTP_CLIENT=lean`), with 1, 8 and 64 requests in flight; the CPU printed
is client and server together. Run it pinned to one core for stable numbers:

    taskset -c 1 python -m bench.http_clients [--requests 3000]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from aiohttp import web
from telegram.request import BaseRequest

from bot.telegram.wire.lean import TelegramRequest
from bot.telegram.wire.payload import request_data
from bot.telegram.wire.transport import BoundedRequest


async def measure(kind: str, in_flight: int, requests: int) -> tuple[float, float]:
    """(ms of CPU per request, requests per second)."""

    async def answer(request: web.Request) -> web.Response:
        await request.read()
        return web.json_response({"ok": True, "result": {"message_id": 1}})

    app = web.Application()
    app.router.add_post("/bot1:x/sendMessage", answer)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    url = f"http://127.0.0.1:{port}/bot1:x/sendMessage"
    client: BaseRequest = (
        BoundedRequest(in_flight) if kind == "httpx" else TelegramRequest(in_flight)
    )
    await client.initialize()
    slots = asyncio.Semaphore(in_flight)

    async def one() -> None:
        async with slots:
            await client.post(url, request_data=request_data({"chat_id": 1, "text": "hi"}))

    try:
        await asyncio.gather(*(one() for _ in range(200)))  # warm up
        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(one() for _ in range(requests)))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        await client.shutdown()
        await runner.cleanup()
    return cpu / requests * 1000, requests / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000)
    args = parser.parse_args()
    for kind in ("httpx", "lean"):
        for in_flight in (1, 8, 64):
            ms, rate = asyncio.run(measure(kind, in_flight, args.requests))
            print(f"{kind:5s} {in_flight:3d} in flight: {ms:.3f} ms CPU/request, {rate:,.0f} req/s")


if __name__ == "__main__":
    main()

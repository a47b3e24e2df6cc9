"""A match's end in the group: from three deals on, one message, the chart
with the end text as its caption and the rematch button on it; a shorter
match's end is text alone; an end the chart cannot join is still told."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import pytest
from bot_harness import BotRunner, Player, play_to_the_end
from bot_steps import claim_falsely, open_table, people_in_private, snapshot, start_match

from bot.storage import TableRecord
from bot.tables.outbox import Outcome
from bot.tables.pictures import CHART_FROM_DEALS, Pictures
from bot.view.screen import CAPTION_LIMIT, Button, Screen
from engine import RuleSet
from testing.fake_telegram import FakeChat, FakeTelegram
from testing.fake_telegram.models import StoredMessage

GROUP_ID = -1001888


def ends(fake: FakeTelegram, group: FakeChat) -> list[StoredMessage]:
    return [m for m in fake.messages(group) if m.text.startswith("🏁")]


async def long_match(fake: FakeTelegram, runner: BotRunner) -> tuple[FakeChat, TableRecord]:
    """Two people play burkozel to 12 through their buttons: several deals."""
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, 2, 400)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=12", users)
    await start_match(fake, group, users[0], lobby)
    rng = random.Random(3)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    await runner.idle()
    assert final.state is not None and final.state.deals_dealt >= CHART_FROM_DEALS
    return group, final


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_long_match_ends_with_one_message_its_chart_captioned(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group, _ = await long_match(fake, runner)
    (end,) = ends(fake, group)
    assert end.photo is not None, "the end message is the chart's caption"
    assert "🥇" in end.text and "Сыграно сдач" in end.text
    assert any(b.text == "🔁 Реванш" for row in end.buttons for b in row)
    photos = [m for m in fake.messages(group) if m.photo is not None]
    assert photos == [end]  # no second message for the chart
    said = fake.messages(group)
    assert said[-1] == end and "Итоги сдачи" in said[-2].text
    # One ring for the end: the last deal's summary just before it is silent.
    rings = {
        int(r.result["message_id"]): str(r.params.get("disable_notification")).lower()
        not in ("true", "1")
        for r in [*fake.calls("sendMessage"), *fake.calls("sendPhoto")]
        if r.ok and int(r.result["chat"]["id"]) == group.id
    }
    assert rings[end.message_id] and not rings[said[-2].message_id]
    # The call to play again is the caption's last line, next to its button.
    assert end.text.splitlines()[-1].startswith("Ещё партию?")


async def test_a_one_deal_match_ends_with_text_alone(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, 2, 410)
    table_id, lobby = await open_table(fake, runner, group, "/new bura limit=2", users)
    await start_match(fake, group, users[0], lobby)
    await claim_falsely(fake, runner, group, table_id, users)
    assert snapshot(runner.db_path, table_id).status == "finished"
    await runner.idle()
    (end,) = ends(fake, group)
    assert end.photo is None and "Сыграно сдач: 1" in end.text
    assert any(b.text == "🔁 Реванш" for row in end.buttons for b in row)
    assert all(m.photo is None for m in fake.messages(group))


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_chart_that_cannot_be_drawn_leaves_the_end_told(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_telegram
    thinking = runner.service.tables.thinking
    real = thinking.run

    async def broken(function: Any, *args: Any) -> Any:
        if getattr(function, "__name__", "") == "match_chart":
            raise RuntimeError("no drawing today")
        return await real(function, *args)

    monkeypatch.setattr(thinking, "run", broken)
    group, _ = await long_match(fake, runner)
    (end,) = ends(fake, group)
    assert end.photo is None and "🥇" in end.text
    assert any(b.text == "🔁 Реванш" for row in end.buttons for b in row)
    assert "chart could not be drawn" in caplog.text
    assert await runner.db.untold_tables() == []


class Out:
    """The messenger, as far as the end of a match uses it."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, Screen, bool]] = []

    async def send(
        self, chat_id: int, screen: Screen | None, photo: bytes | None = None, **_: Any
    ) -> tuple[Outcome, int]:
        assert screen is not None
        self.sent.append(("photo" if photo else "text", screen, photo is not None))
        return Outcome.OK, 2 if photo else 1


def end_screen(length: int) -> Screen:
    again = Button("🔁 Реванш", "r:1")
    head = "🏁 Буркозёл\n"  # 🏁 is two UTF-16 units, as Telegram counts
    text = "🏁 <b>Буркозёл</b>\n" + "Ж" * (length - len(head.encode("utf-16-le")) // 2)
    return Screen(text, ((again,),))


@pytest.mark.parametrize(
    ("length", "deals", "photo"),
    [
        (CAPTION_LIMIT, CHART_FROM_DEALS, True),  # exactly fits
        (CAPTION_LIMIT + 1, CHART_FROM_DEALS, False),  # too long: text, no chart
        (200, CHART_FROM_DEALS - 1, False),  # too few deals
        (200, 9, True),
    ],
)
async def test_the_end_goes_as_a_caption_only_when_it_fits(
    monkeypatch: pytest.MonkeyPatch, length: int, deals: int, photo: bool
) -> None:
    """An end text too long for a caption goes whole as text and the chart is
    left out (the standing and the ratings count; a bare chart after it
    would be a second message for the group)."""
    out = Out()
    pictures = Pictures(SimpleNamespace(out=out, store=None))  # type: ignore[arg-type]
    drawn: list[int] = []

    async def chart(table: object, lang: str) -> bytes:
        drawn.append(1)
        return b"png"

    monkeypatch.setattr(pictures, "match_chart", chart)
    screen = end_screen(length)
    assert screen.fits_caption() is (length <= CAPTION_LIMIT)
    table = SimpleNamespace(chat_id=-1, thread_id=None)
    await pictures.send_match_end(table, "ru", screen, deals)  # type: ignore[arg-type]
    ((kind, sent, _),) = out.sent
    assert sent == screen  # the whole text and its button, either way
    assert (kind == "photo") is photo and bool(drawn) is photo


async def test_a_chart_that_takes_too_long_leaves_the_end_told_as_text(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Busy workers must not hold the end of a match back: past
    `CHART_PATIENCE` the end goes as text."""
    never = asyncio.Event()

    async def stuck(*_: object) -> bytes:
        await never.wait()
        return b"png"

    async def action_log(table_id: int) -> list[object]:
        return []

    out = Out()
    tables = SimpleNamespace(
        out=out,
        store=SimpleNamespace(action_log=action_log),
        thinking=SimpleNamespace(run=stuck),
    )
    pictures = Pictures(tables)  # type: ignore[arg-type]
    monkeypatch.setattr("bot.tables.pictures.CHART_PATIENCE", 0.01)
    state = SimpleNamespace(over=True, rules=RuleSet.create("burkozel"), players=("A", "B"))
    table = SimpleNamespace(id=5, chat_id=-1, thread_id=None, seed=1, names=("A", "B"), state=state)
    screen = end_screen(300)
    await pictures.send_match_end(table, "ru", screen, 5)  # type: ignore[arg-type]
    assert out.sent == [("text", screen, False)]
    assert "chart could not be drawn" in caplog.text

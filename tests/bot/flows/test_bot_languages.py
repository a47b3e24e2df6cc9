"""A person is spoken to in their Telegram app's language, a group in its
creator's (issue 15, "mixed languages"): Belarusian, Ukrainian and English
people get /help, a whole practice match (hand, trick records, deal and match
results) and their group in their language; through the fake Bot API."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

import pytest
import pytest_asyncio
from bot_harness import WAIT, BotRunner, Player, play_to_the_end
from grammar import findings
from languages import share
from manual_clock import ManualScheduler

from bot.view import rules_help
from bot.view.i18n import plain, t
from testing.fake_telegram import FakeChat, FakeTelegram, StoredMessage

# The target for "texts in the player's language".
TARGET = 0.95


@pytest_asyncio.fixture
async def runner(
    fake_telegram: FakeTelegram, tmp_path: Path, clock: ManualScheduler
) -> AsyncIterator[BotRunner]:
    async with BotRunner(fake_telegram, tmp_path / "bot.db", scheduler=clock) as bot:
        yield bot


async def settle(runner: BotRunner, clock: ManualScheduler) -> None:
    """Let the computer players move until a person is awaited."""
    for _ in range(500):
        await runner.idle()
        due = clock.next_time()
        if due is None or due > clock.now():
            return
        await clock.advance(0)
    raise AssertionError("computer players kept moving")


def everything_read(fake: FakeTelegram, chat: FakeChat) -> list[str]:
    """Every text the bot showed in a chat: each version of each message,
    deleted ones too, and the labels of their buttons."""
    texts: list[str] = []
    message: StoredMessage
    for message in fake.messages(chat, include_deleted=True):
        texts += [version.text for version in message.history]
        texts.append(message.text)
        texts += [button.text for row in message.buttons for button in row]
    return texts


def lines(texts: Iterable[str]) -> str:
    return "\n".join(texts)


@pytest.mark.parametrize(
    ("lang", "took", "deal"),
    [("be", "Бярэ", "раздача"), ("uk", "Бере", "роздача"), ("en", "takes", "deal")],
)
@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_practice_match_speaks_the_players_telegram_language(
    fake_telegram: FakeTelegram,
    runner: BotRunner,
    clock: ManualScheduler,
    fixed_deals: None,
    lang: str,
    took: str,
    deal: str,
) -> None:
    fake = fake_telegram
    user = fake.user(700, "Ася", language_code=lang)
    await user.send_private("/start")
    await fake.wait_idle(timeout=WAIT)
    chat = fake.private_chat(user)
    sent = await user.send_private("/help")
    answer = await fake.wait_for_message(chat, "/new", after=sent, timeout=WAIT)
    assert answer.text == plain(rules_help.help_text(lang))

    await user.send_private("/play 3")
    await settle(runner, clock)
    table = await runner.db.open_table_in_chat(user.id)
    assert table is not None and table.practice
    first_hand = Player(fake, user, random.Random()).hand_message()
    assert first_hand is not None
    first_pick = next(d for d in first_hand.callback_data if d.startswith("s:"))
    rng = random.Random(15)

    async def computers_move(_: int) -> None:
        await settle(runner, clock)

    final = await play_to_the_end(
        fake,
        runner,
        table.id,
        {user.id: Player(fake, user, rng)},
        rng,
        between=computers_move,
        human_seats=True,
    )
    assert final.status == "finished"
    read = everything_read(fake, chat)
    measured = share(lang, read)
    print(f"{lang}: {measured.ours}/{measured.telling} = {measured.ratio:.1%} in the language")
    text = lines(read)
    # The hand, each trick's taker, the deal's and the match's results.
    assert f" {deal} 1" in text
    assert took in text
    assert plain(t(lang, "deal.title", number=1)) in text
    assert any(line.startswith("🏁") for line in text.splitlines())
    assert "🥇" in text
    assert measured.ratio >= TARGET, measured.others[:10]
    assert measured.others == []
    # An old button tapped after the end is answered in the language too.
    tap = await user.tap(first_hand, first_pick, force=True)
    toast = await tap.answer_received(timeout=WAIT)
    assert toast.text and share(lang, [toast.text]).ratio == 1.0, toast.text
    # And it reads right: every count agrees with its noun.
    assert sorted({found for line in read for found in findings(lang, line)}) == []


async def test_a_group_opened_by_a_ukrainian_speaks_ukrainian(
    fake_telegram: FakeTelegram, runner: BotRunner, clock: ManualScheduler
) -> None:
    fake = fake_telegram
    oksana = fake.user(701, "Оксана", language_code="uk")
    ales = fake.user(702, "Алесь", language_code="be")
    for person in (oksana, ales):
        await person.send_private("/start")
    await fake.wait_idle(timeout=WAIT)
    group = fake.group(-100715, "Клуб", supergroup=True)
    sent = await oksana.send(group, "/new казёл limit=2")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    assert "Козел" in lobby.text and "стіл #" in lobby.text
    assert [b.text for row in lobby.buttons for b in row][:2] == ["🙋 Сісти", "🚶 Встати"]
    sent = await ales.send(group, "/help")
    help_ = await fake.wait_for_message(group, "/new", after=sent, timeout=WAIT)
    assert help_.text == plain(rules_help.help_text("uk"))
    # Whoever joins, the group keeps its language; each hand is in its
    # owner's.
    for person in (ales,):
        sent = await person.send(group, "/join")
        await runner.idle()
    await oksana.send(group, "/addbot")
    await oksana.send(group, "/addbot")
    await runner.idle()
    await oksana.send(group, "/start")
    await settle(runner, clock)
    group_text = lines(everything_read(fake, group))
    assert "роздача 1" in group_text
    measured = share("uk", everything_read(fake, group))
    assert measured.others == [] and measured.ratio == 1.0
    assert [f for line in everything_read(fake, group) for f in findings("uk", line)] == []
    for person, lang in ((oksana, "uk"), (ales, "be")):
        private = everything_read(fake, fake.private_chat(person))
        assert share(lang, private).others == [], lang
        assert plain(t(lang, "hand.cards", cards="")).strip() in lines(private)

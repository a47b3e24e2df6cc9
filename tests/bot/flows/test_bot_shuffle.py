"""The shuffle anyone can check (issue 66, docs/RULES.md 9), end to end on the
fake Bot API: the group sees the commitment before the first card, the end
message reveals `/verify <secret> <public>`, the secret hashes to the
commitment, `python -m tools verify` prints the very hands the players were
sent, `/verify` tells a changed secret from the real one, and a restart
mid-match deals the next deal from the same key."""

from __future__ import annotations

import hashlib
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bot_harness import BotRunner, Player, card_of_label, play_to_the_end
from bot_steps import (
    WAIT,
    fix_deals,
    open_table,
    people_in_private,
    say,
    start_match,
    text_of,
)
from restart_steps import hard_crash, restart

from engine.cards import Card
from engine.rules import Preset
from engine.shuffle import ShuffleKey, read_public
from engine.verify import recompute
from testing.fake_telegram import FakeTelegram, FakeUser
from testing.fake_telegram.models import StoredMessage

GROUP_ID = -1001666
HASH = re.compile(r"\b[0-9a-f]{64}\b")
REVEAL = re.compile(r"/verify ([0-9a-f]{64}) (\S+)")
ROOT = Path(__file__).resolve().parents[3]


def dealt_cards(message: StoredMessage) -> frozenset[Card]:
    """The cards a hand message shows: as buttons (whose turn it is) or on
    its line "Ваши карты: ..." (the others)."""
    labels = list(message.button_texts)
    for line in message.text.splitlines():
        if line.startswith("Ваши карты:"):
            labels += line.removeprefix("Ваши карты:").split()
    cards = (card_of_label(label) for label in labels)
    return frozenset(card for card in cards if card is not None)


def first_hand(fake: FakeTelegram, user: FakeUser) -> frozenset[Card]:
    """The cards of the first hand message the person was sent."""
    for message in fake.messages(fake.private_chat(user)):
        cards = dealt_cards(message)
        if cards:
            return cards
    raise AssertionError(f"{user.first_name} was sent no hand")


def newest_hand(fake: FakeTelegram, user: FakeUser) -> frozenset[Card]:
    for message in reversed(fake.messages(fake.private_chat(user))):
        cards = dealt_cards(message)
        if cards:
            return cards
    raise AssertionError(f"{user.first_name} holds no hand")


def tool_hands(secret: str, public: str) -> dict[int, frozenset[Card]]:
    """Deal 1's hands by seat (from 1) as `python -m tools verify` prints them."""
    printed = subprocess.run(
        [sys.executable, "-m", "tools", "verify", secret, public, "--deals", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=WAIT,
    ).stdout
    hands = {}
    for line in printed.splitlines():
        found = re.fullmatch(r"seat (\d): (.*)", line)
        if found:
            words = found[2].split()
            hands[int(found[1])] = frozenset(
                Card.parse(w.replace("\ufe0f", "").rstrip("★")) for w in words
            )
    return hands


@pytest.mark.slow(reason="a whole match (or more) through the fake Bot API, tap by tap")
async def test_a_whole_match_can_be_checked(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, 2, 660)
    table_id, lobby = await open_table(fake, runner, group, "/new limit=4", users)

    # Before the first card: the lobby shows the hash, and nobody holds cards yet.
    (commitment,) = HASH.findall(lobby.text)
    assert all(not dealt_cards(m) for u in users for m in fake.messages(fake.private_chat(u)))
    await start_match(fake, group, users[0], lobby)
    sent = {seat: first_hand(fake, user) for seat, user in enumerate(users, 1)}

    rng = random.Random(66)
    players = {u.id: Player(fake, u, rng) for u in users}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    await runner.idle()
    assert final.state is not None and final.state.shuffle is not None

    # Replays rebuild the match from its key: /history's frames end with
    # the match's end, and its chart is drawn.
    service = runner.service
    frames = await service.history_room._steps(final)
    assert frames and frames[-1].state == final.state
    assert await service.fanout.pictures.match_chart(final, "ru") is not None

    # The end message reveals the secret and the public value, in one line.
    (end,) = [m for m in fake.messages(group) if m.text.startswith("🏁")]
    ((secret, public),) = REVEAL.findall(end.text)
    assert (secret, public) == tuple(final.state.shuffle)
    assert hashlib.sha256(secret.encode("ascii")).hexdigest() == commitment
    # The public value names the table and the message that started the match.
    assert read_public(public) == (Preset.BURKOZEL, 2, "bottom", GROUP_ID, lobby.message_id)

    # The offline tool prints the hands each player was sent.
    assert tool_hands(secret, public) == sent

    # /verify in the group: the real secret matches and names the table...
    answer = text_of(await say(fake, users[1], group, f"/verify {secret} {public}"))
    assert "✅" in answer and f"#{table_id}" in answer and commitment in answer
    # ...a changed one does not.
    changed = ("1" if secret[0] != "1" else "2") + secret[1:]
    answer = text_of(await say(fake, users[1], group, f"/verify {changed} {public}"))
    assert "не совпадает" in answer and commitment in answer
    # In private, too.
    chat = fake.private_chat(users[0])
    answer = text_of(await say(fake, users[0], chat, f"/verify {changed} {public}"))
    assert "не совпадает" in answer


class _NextDeal(Exception):
    """Deal 2 was dealt: stop playing."""


async def test_a_restart_mid_match_deals_the_next_deal_from_the_same_key(
    fake_telegram: FakeTelegram, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = fake_telegram
    fix_deals(monkeypatch, 6_606)
    db = tmp_path / "bot.db"
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    async with BotRunner(fake, db) as runner:
        users = await people_in_private(fake, 2, 670)
        table_id, lobby = await open_table(fake, runner, group, "/new limit=12", users)
        await start_match(fake, group, users[0], lobby)
        started = await runner.db.get_table(table_id)
        assert started is not None and started.state is not None
        key = started.state.shuffle
        assert key is not None and key.public.endswith(f":{GROUP_ID}:{lobby.message_id}")
        await hard_crash(runner)
    bot = await restart(fake, db)
    try:
        rng = random.Random(7)
        players = {u.id: Player(fake, u, rng) for u in users}

        async def until_deal_two(move: int) -> None:
            table = await bot.db.get_table(table_id)
            assert table is not None and table.state is not None
            if table.state.deals_dealt >= 2:
                raise _NextDeal

        with pytest.raises(_NextDeal):
            await play_to_the_end(fake, bot, table_id, players, rng, between=until_deal_two)
        await bot.idle()
        await fake.wait_idle(timeout=WAIT)
        table = await bot.db.get_table(table_id)
        assert table is not None and table.state is not None and table.state.deal is not None
        deal = table.state.deal
        assert table.state.shuffle == key and deal.number == 2
        expected = recompute(ShuffleKey(*key), 2)[1]
        by_seat = {(deal.dealer + 1 + p) % 2: hand for p, hand in enumerate(expected.hands)}
        for seat, user in enumerate(users):
            assert set(deal.hands[seat]) == set(by_seat[seat])
            assert newest_hand(fake, user) == set(by_seat[seat])
        assert deal.trump_card == expected.trump_card
    finally:
        await bot.stop()


async def test_a_practice_match_shows_the_hash_before_the_hand(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    """No lobby in private: the start message carries the commitment, and the
    public value names the /play message."""
    fake = fake_telegram
    user = fake.user(680, "Сид")
    await user.send_private("/start")
    await fake.wait_idle(timeout=WAIT)
    chat = fake.private_chat(user)
    play = await user.send(chat, "/play")
    await fake.wait_for_message(chat, after=play, timeout=WAIT)
    await runner.idle()
    await fake.wait_idle(timeout=WAIT)
    table = await runner.db.open_table_in_chat(user.id)
    assert table is not None and table.state is not None and table.state.shuffle is not None
    key = table.state.shuffle
    said = fake.messages(chat)
    sealed = next(i for i, m in enumerate(said) if HASH.search(m.text))
    hand = next(i for i, m in enumerate(said) if dealt_cards(m))
    assert sealed < hand
    assert HASH.findall(said[sealed].text) == [hashlib.sha256(key.secret.encode()).hexdigest()]
    assert key.public == f"burkozel:2:bottom:{user.id}:{play.message_id}"


async def test_a_stopped_match_reveals_its_secret(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    users = await people_in_private(fake, 2, 690)
    table_id, lobby = await open_table(fake, runner, group, "/new", users)
    (commitment,) = HASH.findall(lobby.text)
    await start_match(fake, group, users[0], lobby)
    answer = text_of(await say(fake, users[0], group, "/stop"))
    ((secret, public),) = REVEAL.findall(answer)
    assert hashlib.sha256(secret.encode("ascii")).hexdigest() == commitment
    table = await runner.db.get_table(table_id)
    assert table is not None and table.state is not None
    assert table.state.shuffle == (secret, public)

"""/stats and /top through the fake Bot API, after a few short matches.

Each match is bura with limit=2 on the fixed deal: the player to move claims
31 with an empty pile, a false claim worth 4 penalty points, and the match is
over at once. Who opens the table decides who sits first, so the test
chooses who loses each match."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from bot_harness import BotRunner, Player, play_to_the_end
from bot_steps import (
    GROUP_ID,
    WAIT,
    claim_falsely,
    fix_deals,
    lobby_data,
    open_private_chats,
    open_table,
    snapshot,
    start_match,
    tap,
)
from PIL import Image

from bot.tables import lifecycle
from bot.view import callbacks
from engine import RuleSet
from engine import start_match as start_match_engine
from engine.rules import Preset
from engine.shuffle import ShuffleKey, public_value
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

# Serial: every answer is held to the real-time promise
# (ANSWER_WITHIN), which tests running beside these would eat into; the
# chart's worker is started beforehand (warm_charts), as in a running bot.
pytestmark = [pytest.mark.usefixtures("fixed_deals", "warm_charts"), pytest.mark.serial]

ANSWER_WITHIN = 3.0  # seconds: the promise for each answer

NAMES = {"ru": ("Аня", "Борис"), "en": ("Ann", "Bob")}


async def lose_a_match(
    fake: FakeTelegram, bot: BotRunner, group: FakeChat, opener: FakeUser, other: FakeUser
) -> int:
    """`opener` opens a bura table with `other`; whoever moves first claims
    falsely and loses. The loser's id."""
    table_id, lobby = await open_table(fake, bot, group, "/new bura limit=2", [opener, other])
    await start_match(fake, group, opener, lobby)
    loser_id = await claim_falsely(fake, bot, group, table_id, [opener, other])
    assert snapshot(bot.db_path, table_id).status == "finished"
    return loser_id


async def ask_for(
    fake: FakeTelegram,
    user: FakeUser,
    chat: FakeChat,
    text: str,
    reply_to: StoredMessage | None = None,
) -> StoredMessage:
    """The bot's first message after `user` sends `text`, within the issue's 3 s."""
    sent = await user.send(chat, text, reply_to=reply_to)
    return await fake.wait_for_message(chat, after=sent, timeout=ANSWER_WITHIN)


async def ask(
    fake: FakeTelegram,
    user: FakeUser,
    chat: FakeChat,
    text: str,
    reply_to: StoredMessage | None = None,
) -> str:
    return (await ask_for(fake, user, chat, text, reply_to)).text


def picture(message: StoredMessage) -> Image.Image:
    """The message's photo, opened: a real PNG of the charts' size."""
    assert message.photo is not None, f"not a photo: {message!r}"
    image = Image.open(io.BytesIO(message.photo))
    image.load()
    assert image.format == "PNG" and image.size == (800, 450)
    return image


async def _no_key(*_: object) -> None:
    return None


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_stats_and_top_after_a_few_matches(
    fake_telegram: FakeTelegram, runner: BotRunner, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The three matches must be dealt alike (who moves first loses): dealt
    # from the fixed seed, as tables were before the checkable shuffle, and
    # not from each table's key, whose public value names its own lobby.
    monkeypatch.setattr(lifecycle, "match_key", _no_key)
    fake = fake_telegram
    first, second = NAMES[lang]
    ann = fake.user(500, first, language_code=lang)
    bob = fake.user(501, second, language_code=lang)
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    losers = [
        await lose_a_match(fake, runner, group, ann, bob),
        await lose_a_match(fake, runner, group, ann, bob),
        await lose_a_match(fake, runner, group, bob, ann),
    ]
    wins = {ann.id: losers.count(bob.id), bob.id: losers.count(ann.id)}
    champion, runner_up = (ann, bob) if wins[ann.id] > wins[bob.id] else (bob, ann)
    assert wins[champion.id] == 2 and wins[runner_up.id] == 1

    # The end message: its shape, then each person's rating change.
    end = (await fake.wait_for_message(group, "🏁", timeout=WAIT)).text
    block = end[end.index("🏁") :].splitlines()
    assert "🥇" in block[1]
    assert any(line.startswith(f"{first}: ") and " → " in line for line in block), block

    # A match of one deal: its end is text, no chart (a line of one deal
    # says nothing; tests/bot/flows/test_bot_match_end.py has the longer ones).
    said = fake.messages(group)
    assert all(m.photo is None for m in said)

    # /stats in the group: the sender's own record, with numbers, as the
    # caption of their rating history.
    asked = await ask_for(fake, champion, group, "/stats")
    picture(asked)
    own = asked.text
    assert champion.first_name in own
    matches = "Партий: 3, побед: 2" if lang == "ru" else "Matches: 3, wins: 2"
    assert matches in own, own
    # Ratings are the bot's: in a group they are only pointed to (S16).
    assert ("Рейтинг · Бура" if lang == "ru" else "Rating · Bura") not in own
    assert ("в личном чате" if lang == "ru" else "to the bot in private") in own
    assert ("Лучшая серия побед: 2" if lang == "ru" else "Best winning streak: 2") in own

    # As a reply to the other's message: theirs.
    gg = await runner_up.send(group, "gg")
    theirs = await ask(fake, champion, group, "/stats", reply_to=gg)
    assert runner_up.first_name in theirs and champion.first_name not in theirs
    assert ("побед: 1" if lang == "ru" else "wins: 1") in theirs

    # /top: the one with the most wins first, with numbers.
    top = await ask(fake, ann, group, "/top")
    lines = top.splitlines()
    gold = next(line for line in lines if line.startswith("🥇"))
    silver = next(line for line in lines if line.startswith("🥈"))
    assert champion.first_name in gold and runner_up.first_name in silver, top
    assert ("2 победы из 3" if lang == "ru" else "2 wins of 3") in gold
    assert ("1 победа из 3" if lang == "ru" else "1 win of 3") in silver

    # In private: across groups, and the bot's leaderboard.
    private = fake.private_chat(ann)
    asked = await ask_for(fake, ann, private, "/stats")
    picture(asked)
    mine = asked.text
    assert ann.first_name in mine
    assert ("во всех группах" if lang == "ru" else "in all groups") in mine
    assert ("Партий: 3" if lang == "ru" else "Matches: 3") in mine
    assert ("Рейтинг · Бура" if lang == "ru" else "Rating · Bura") in mine
    everywhere = await ask(fake, ann, private, "/top")
    assert champion.first_name in next(line for line in everywhere.splitlines() if "🥇" in line)


async def test_stats_in_a_group_tells_nothing_of_other_groups(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """S16: /stats in a group (as a reply too) counts that group's matches
    only, shows no rating (the bot's, moved in every group), and charts only
    what that group's matches moved it by. In private: everything, to oneself.
    A /stats asked again with nothing new sends the chart without drawing it."""
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    home = fake.group(GROUP_ID, "Клуб", supergroup=True)
    away = fake.group(GROUP_ID - 1, "Другой клуб", supergroup=True)
    await lose_a_match(fake, runner, home, ann, bob)
    for _ in range(2):
        await lose_a_match(fake, runner, away, ann, bob)

    thinking = runner.service.tables.thinking
    drawn: list[tuple[Any, ...]] = []
    draw = thinking.run

    async def counted(function: Any, *args: Any) -> Any:
        drawn.append(args)
        return await draw(function, *args)

    monkeypatch.setattr(thinking, "run", counted)
    gg = await ann.send(home, "gg")
    for asked in (
        await ask_for(fake, ann, home, "/stats"),
        await ask_for(fake, bob, home, "/stats", reply_to=gg),
    ):
        picture(asked)
        assert "Аня" in asked.text and "Партий: 1," in asked.text, asked.text
        assert "Рейтинг · " not in asked.text and "рейтинговых" not in asked.text
    assert len(drawn) == 1, "the same chart, asked twice, is drawn once"
    ((_, name, games, here),) = drawn
    assert name == "Аня" and here is True
    ((game, points),) = games
    assert game == "bura" and len(points) == 2 and points[0] == (0, 0.0)

    mine = await ask_for(fake, ann, fake.private_chat(ann), "/stats")
    picture(mine)
    assert "Партий: 3," in mine.text and "Рейтинг · Бура" in mine.text
    ((_, _, games, here),) = drawn[1:]
    assert here is False and len(games[0][1]) == 4  # before, then after each of 3


async def test_top_waits_for_enough_matches_and_a_newcomer_has_no_record(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    await lose_a_match(fake, runner, group, ann, bob)
    top = await ask(fake, ann, group, "/top all")  # of all time (/top: the season's)
    assert "Чтобы попасть в список, нужно партий: 3" in top and "🥇" not in top
    newcomer = fake.user(502, "Вера")
    fresh = await ask_for(fake, newcomer, group, "/stats")
    assert "Вера" in fresh.text and "Сыгранных партий пока нет" in fresh.text
    assert fresh.photo is None  # no rated match: no chart


# What /history and a replay say, by the group's (and the watcher's) language.
HISTORY = {
    "ru": {"burkozel": "Буркозёл", "bura": "Бура", "frame": "кадр {} из", "gone": "недоступен"},
    "en": {"burkozel": "Burkozel", "bura": "Bura", "frame": "frame {} of", "gone": "not available"},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_history_lists_the_matches_and_replays_one_in_private(
    fake_telegram: FakeTelegram, runner: BotRunner, lang: str
) -> None:
    """The group speaks its first table's creator's language: /history there
    and the replay in private (the watcher's language) are in it, and ◀ ▶
    step through the frames."""
    fake = fake_telegram
    words = HISTORY[lang]
    first, second = NAMES[lang]
    ann = fake.user(500, first, language_code=lang)
    bob = fake.user(501, second, language_code=lang)
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    await lose_a_match(fake, runner, group, ann, bob)
    # A longer one, played through the buttons: several tricks to step through.
    table_id, lobby = await open_table(fake, runner, group, "/new limit=2", [ann, bob])
    await start_match(fake, group, ann, lobby)
    rng = random.Random(4)
    players = {u.id: Player(fake, u, rng) for u in (ann, bob)}
    final = await play_to_the_end(fake, runner, table_id, players, rng)
    assert final.status == "finished"

    sent = await ann.send(group, "/history")
    listed = await fake.wait_for_message(group, after=sent, timeout=ANSWER_WITHIN)
    lines = listed.text.splitlines()
    assert lines[0] == ("🗂 Последние партии" if lang == "ru" else "🗂 Recent matches")
    assert lines[1].startswith(f"#{table_id} ") and words["burkozel"] in lines[1]
    assert words["bura"] in lines[2] and first in lines[2] and second in lines[2]
    assert "🥇" in lines[1] and "🥈" in lines[1]
    link = listed.buttons[0][0].value
    assert link is not None and link.endswith(f"?start={callbacks.replay_link_payload(table_id)}")
    assert listed.buttons[0][0].text.startswith("▶ " + ("Повтор" if lang == "ru" else "Replay"))

    private = fake.private_chat(bob)
    start = await bob.send_private(f"/start {callbacks.replay_link_payload(table_id)}")
    frame = await fake.wait_for_message(private, after=start, timeout=ANSWER_WITHIN)
    assert words["frame"].format(1) in frame.text and f"#{table_id}" in frame.text
    total = int(frame.text.split(words["frame"].format(1) + " ")[1].split()[0])
    assert total >= 2
    assert [b.text for row in frame.buttons for b in row] == ["▶"]

    def shown() -> StoredMessage:
        return fake.find_message(private.id, frame.message_id) or frame

    await tap(fake, bob, frame, frame.buttons[0][0].value or "")
    await fake.wait_for(
        lambda: words["frame"].format(2) in shown().text,
        timeout=ANSWER_WITHIN,
        message="the next frame",
    )
    second_frame = shown()
    arrows = ["◀"] if total == 2 else ["◀", "▶"]
    assert [b.text for row in second_frame.buttons for b in row] == arrows
    back = next(b.value for row in second_frame.buttons for b in row if b.text == "◀")
    await tap(fake, bob, second_frame, back or "")
    await fake.wait_for(
        lambda: words["frame"].format(1) in shown().text,
        timeout=ANSWER_WITHIN,
        message="the frame before",
    )

    # The last frame ends the last deal, which bob played: 🔍 asks the coach
    # for his review of it (bot/tables/coach.py).
    await tap(fake, bob, shown(), callbacks.replay(table_id, total - 1), force=True)
    await fake.wait_for(
        lambda: words["frame"].format(total) in shown().text,
        timeout=ANSWER_WITHIN,
        message="the last frame",
    )
    reviews = [d for d in shown().callback_data if d.startswith("v:")]
    assert len(reviews) == 1 and isinstance(callbacks.parse(reviews[0]), callbacks.Review)

    # Somebody from outside the group gets nothing of it.
    stranger = fake.user(777, "Чужой", language_code=lang)
    await open_private_chats(fake, [stranger])
    asked = await stranger.send_private(f"/start {callbacks.replay_link_payload(table_id)}")
    refused = await fake.wait_for_message(fake.private_chat(stranger), after=asked, timeout=WAIT)
    assert words["gone"] in refused.text and words["frame"].format(1) not in refused.text


async def test_a_match_won_as_it_is_dealt_has_its_results_and_ratings(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bura with limit=2 can end at the deal (a dealt bura or moscow): the
    start's save is then the last one, and carries the results."""
    rules = RuleSet.create("bura", {"limit": 2})
    # The cards come from the table's shuffle key (issue 66): fix_deals makes
    # the secret the seed in hex, and the lobby is the group's message 2.
    public = public_value(Preset.BURA, 2, "bottom", GROUP_ID, 2)

    def key(seed: int) -> ShuffleKey:
        return ShuffleKey(f"{seed:064x}", public)

    seed = next(s for s in range(5000) if start_match_engine(rules, ("A", "B"), s, key(s))[0].over)
    fix_deals(monkeypatch, seed)
    fake = fake_telegram
    ann, bob = fake.user(500, "Аня"), fake.user(501, "Борис")
    await open_private_chats(fake, [ann, bob])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    table_id, lobby = await open_table(fake, runner, group, "/new bura limit=2", [ann, bob])
    await tap(fake, ann, lobby, lobby_data(lobby, "s"))
    end = await fake.wait_for_message(group, "🏁", timeout=WAIT)
    assert "📈" in end.text
    dealt = await runner.db.get_table(table_id)
    assert dealt is not None and dealt.state is not None and dealt.state.shuffle == key(seed)
    rows = await runner.db.match_results(table_id)
    assert sorted(r.result.place for r in rows) == [1, 2]
    assert all(r.after is not None for r in rows)


async def test_replay_taps_replay_the_log_once_and_ask_membership_once(
    fake_telegram: FakeTelegram, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished table never changes: its frames are kept, and a watcher who
    did not sit there is asked about once for a few minutes (S15)."""
    fake = fake_telegram
    ann, bob, carl = fake.user(500, "Аня"), fake.user(501, "Борис"), fake.user(502, "Карл")
    await open_private_chats(fake, [ann, bob, carl])
    group = fake.group(GROUP_ID, "Клуб", supergroup=True)
    group.add_member(carl)
    await lose_a_match(fake, runner, group, ann, bob)
    table_id = (await runner.db.recent_results(group.id, 1))[0].table_id
    store = runner.service.history_room.store
    replayed = 0
    action_log = store.action_log

    async def counted(table: int) -> list[Any]:
        nonlocal replayed
        replayed += 1
        return list(await action_log(table))

    monkeypatch.setattr(store, "action_log", counted)
    asked = len(fake.calls("getChatMember"))
    private = fake.private_chat(carl)
    start = await carl.send_private(f"/start {callbacks.replay_link_payload(table_id)}")
    frame = await fake.wait_for_message(private, after=start, timeout=ANSWER_WITHIN)
    assert "кадр 1 из" in frame.text and f"#{table_id}" in frame.text
    first = frame.text
    for _ in range(3):
        answer = await tap(fake, carl, frame, callbacks.replay(table_id, 0), force=True)
        assert not answer.show_alert, answer
    shown = fake.find_message(private.id, frame.message_id)
    assert shown is not None and shown.text == first
    assert replayed == 1
    assert len(fake.calls("getChatMember")) == asked + 1

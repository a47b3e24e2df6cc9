"""The fake Bot API's answers to the methods a bot calls, exercised through
python-telegram-bot's real HTTPX client.

They belong together because each holds one request up against what Telegram
itself answers: the result a method returns (a message and its entities, an
edit, a photo, the bot's commands and chats), or the error, with Telegram's own
code and description, for what Telegram refuses (bad HTML, over-long texts,
blocked users, floods, migrated groups, injected faults), and a refused request
changes nothing.
"""

from __future__ import annotations

import datetime as dtm

import pytest
from fake_telegram_support import keyboard, started_user
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.error import (
    BadRequest,
    ChatMigrated,
    EndPointNotFound,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.request import HTTPXRequest

from testing.fake_telegram import FakeTelegram, FaultRule, parse_html

# ---------------------------------------------------------------- basics


async def test_get_me_and_bad_token(fake_telegram: FakeTelegram, bot: Bot) -> None:
    me = await bot.get_me()
    assert me.username == "burkozel_test_bot"
    assert me.is_bot and me.can_join_groups
    assert bot.username == "burkozel_test_bot"

    intruder = Bot("123:wrong-token", base_url=fake_telegram.base_url)
    with pytest.raises(InvalidToken):
        await intruder.initialize()
    assert fake_telegram.errors_returned[-1].error_code == 401
    assert fake_telegram.errors_returned[-1].description == "Unauthorized"


async def test_method_names_are_case_insensitive_and_unknown_ones_recorded(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    result = await bot.do_api_request("GETME")
    assert result["username"] == "burkozel_test_bot"
    with pytest.raises(EndPointNotFound):  # PTB turns the 404 into this for do_api_request
        await bot.do_api_request("sendCardTrick", api_kwargs={"chat_id": 1})
    assert fake_telegram.unknown_methods == ["sendCardTrick"]
    assert fake_telegram.requests[-1].status == 404


async def test_send_message_html(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    html = "<b>Козырь</b>: ♠ &amp; <i>ход</i> 😀 <a href='https://t.me/x'>link</a>"
    sent = await bot.send_message(alice, html, parse_mode="HTML")
    assert sent.text == "Козырь: ♠ & ход 😀 link"
    assert [(e.type, e.offset, e.length) for e in sent.entities] == [
        ("bold", 0, 6),
        ("italic", 12, 3),
        ("text_link", 19, 4),  # the emoji counts as 2 UTF-16 units
    ]
    assert sent.from_user is not None and sent.from_user.is_bot
    stored = fake_telegram.last_message(alice)
    assert stored.html == html and stored.text == sent.text
    assert stored.message_id == sent.message_id == 2  # /start was message 1


@pytest.mark.parametrize(
    ("html", "description"),
    [
        ("<foo>x</foo>", 'Unsupported start tag "foo" at byte offset 0'),
        ("1 < 2", 'Unsupported start tag "" at byte offset 2'),
        ("<b>x</i>", 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'),
        ("<b>unclosed", 'Can\'t find end tag corresponding to start tag "b"'),
        ("Tom & Jerry", 'Unescaped "&" at byte offset 4'),
        ('<span class="x">s</span>', 'Tag "span" must have class "tg-spoiler"'),
    ],
)
async def test_send_message_invalid_html(
    fake_telegram: FakeTelegram, bot: Bot, html: str, description: str
) -> None:
    alice = await started_user(fake_telegram)
    with pytest.raises(BadRequest, match=r"(?i)can't parse entities"):
        await bot.send_message(alice, html, parse_mode="HTML")
    error = fake_telegram.errors_returned[-1]
    assert error.description.startswith("Bad Request: can't parse entities: " + description)
    assert fake_telegram.messages(alice) == []


async def test_text_length_limits_count_utf16(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    await bot.send_message(alice, "😀" * 2048)  # 4096 UTF-16 code units: the maximum
    with pytest.raises(BadRequest, match=r"(?i)message is too long"):
        await bot.send_message(alice, "😀" * 2048 + "!")
    with pytest.raises(BadRequest, match=r"(?i)message text is empty"):
        await bot.send_message(alice, "<b> </b>", parse_mode="HTML")


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A real PNG of the given size (the fake reads the size from its header)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height)))
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


async def test_send_photo_uploads_and_captions(fake_telegram: FakeTelegram, bot: Bot) -> None:
    """sendPhoto as multipart upload: the image is kept, its caption parsed
    like a text (at most 1024 characters), the answer a Message with `photo`
    and `caption`; a photo's file_id sends it again; its text cannot be edited."""
    alice = await started_user(fake_telegram)
    png = tiny_png(8, 5)
    sent = await bot.send_photo(alice, png, caption="<b>Счёт</b> 📊", parse_mode="HTML")
    assert sent.caption == "Счёт 📊" and sent.text is None
    assert [(e.type, e.offset, e.length) for e in sent.caption_entities] == [("bold", 0, 4)]
    assert (sent.photo[-1].width, sent.photo[-1].height) == (8, 5)
    stored = fake_telegram.last_message(alice)
    assert stored.photo == png and stored.text == "Счёт 📊"
    assert fake_telegram.requests[-1].files == {"photo": png}
    again = await bot.send_photo(alice, sent.photo[-1].file_id)
    assert again.caption is None and fake_telegram.last_message(alice).photo == png
    await bot.send_photo(alice, png, caption="😀" * 512)  # 1024 UTF-16 code units
    with pytest.raises(BadRequest, match=r"(?i)message caption is too long"):
        await bot.send_photo(alice, png, caption="x" * 1025)
    with pytest.raises(BadRequest, match=r"(?i)no text in the message to edit"):
        await bot.edit_message_text("new", chat_id=alice, message_id=sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)wrong file identifier"):
        await bot.send_photo(alice, "no-such-file-id")
    with pytest.raises(BadRequest, match=r"(?i)image_process_failed"):
        await bot.send_photo(alice, b"not an image at all, just words")


async def test_callback_data_limit_is_64_bytes(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    await bot.send_message(alice, "ok", reply_markup=keyboard([("a", "я" * 32)]))  # 64 bytes
    with pytest.raises(BadRequest, match=r"(?i)button_data_invalid"):
        await bot.send_message(alice, "x", reply_markup=keyboard([("a", "я" * 32 + "!")]))
    with pytest.raises(BadRequest, match=r"(?i)text buttons are unallowed"):
        await bot.send_message(
            alice, "x", reply_markup=InlineKeyboardMarkup([[InlineKeyboardButton("bare")]])
        )
    too_many = [[(str(i), str(i)) for i in range(r * 8, r * 8 + 8)] for r in range(13)]
    with pytest.raises(BadRequest, match=r"(?i)reply markup is too long"):
        await bot.send_message(alice, "x", reply_markup=keyboard(*too_many))
    assert len(fake_telegram.messages(alice)) == 1


async def test_edit_message_text_and_markup(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    markup = keyboard([("Play", "play"), ("Pass", "pass")])
    sent = await bot.send_message(alice, "<b>Turn</b>", parse_mode="HTML", reply_markup=markup)

    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_text(
            "<b>Turn</b>", alice, sent.message_id, parse_mode="HTML", reply_markup=markup
        )
    assert "exactly the same as a current content" in fake_telegram.errors_returned[-1].description

    # Same text, different entities: modified.
    edited = await bot.edit_message_text("Turn", alice, sent.message_id, reply_markup=markup)
    assert isinstance(edited, Message) and edited.entities == ()
    # Editing text without reply_markup drops the keyboard, as Telegram does.
    await bot.edit_message_text("Turn", alice, sent.message_id)
    stored = fake_telegram.last_message(alice)
    assert stored.buttons == [] and stored.edits == 2

    await bot.edit_message_reply_markup(alice, sent.message_id, reply_markup=markup)
    assert fake_telegram.last_message(alice).buttons == [[("Play", "play"), ("Pass", "pass")]]
    with pytest.raises(BadRequest, match=r"(?i)message is not modified"):
        await bot.edit_message_reply_markup(alice, sent.message_id, reply_markup=markup)

    assert await bot.delete_message(alice, sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)message to edit not found"):
        await bot.edit_message_text("again", alice, sent.message_id)
    with pytest.raises(BadRequest, match=r"(?i)message to delete not found"):
        await bot.delete_message(alice, sent.message_id)
    assert fake_telegram.messages(alice) == []
    assert fake_telegram.messages(alice, include_deleted=True)[0].deleted


async def test_without_history_the_fake_keeps_only_current_state(
    fake_telegram: FakeTelegram, bot: Bot
) -> None:
    """What a load test switches off: nothing piles up per request, and the
    messages themselves still change as Telegram would change them."""
    alice = await started_user(fake_telegram)
    fake_telegram.requests.clear()
    fake_telegram.updates_queued.clear()
    fake_telegram.keep_history = False
    pending = fake_telegram.pending_updates
    sent = await bot.send_message(alice, "one")
    await bot.edit_message_text("two", alice, sent.message_id)
    await fake_telegram.user(alice, "Alice").send_private("hello")
    assert fake_telegram.last_message(alice).text == "two"
    assert fake_telegram.last_message(alice).edits == 0
    assert fake_telegram.requests == [] and fake_telegram.updates_queued == []
    assert fake_telegram.pending_updates == pending + 1  # still delivered, only not kept

    fake_telegram.keep_history = True
    await bot.edit_message_text("three", alice, sent.message_id)
    assert fake_telegram.last_message(alice).edits == 1
    assert [r.method for r in fake_telegram.requests] == ["editMessageText"]


# ---------------------------------------------------------------- access errors


async def test_forbidden_errors(fake_telegram: FakeTelegram, bot: Bot) -> None:
    stranger = fake_telegram.user(2002, "Bob")
    with pytest.raises(Forbidden, match="can't initiate conversation"):
        await bot.send_message(stranger.id, "hi")

    await stranger.send_private("/start ref42")
    await bot.send_message(stranger.id, "hi")
    stranger.block_bot()
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(stranger.id, "hi again")
    stranger.unblock_bot()
    await bot.send_message(stranger.id, "welcome back")

    group = fake_telegram.group(-5005, "Table")
    await bot.send_message(group.id, "hello table")
    fake_telegram.remove_bot_from(group)
    with pytest.raises(Forbidden, match="bot was kicked from the group chat"):
        await bot.send_message(group.id, "still here?")
    updates = await bot.get_updates(timeout=0)
    kicked = updates[-1].my_chat_member
    assert kicked is not None and kicked.new_chat_member.status == "kicked"

    with pytest.raises(BadRequest, match=r"(?i)chat not found"):
        await bot.send_message(-999, "nobody")


async def test_retry_after_fault_has_no_effect(fake_telegram: FakeTelegram, bot: Bot) -> None:
    alice = await started_user(fake_telegram)
    fake_telegram.inject("sendMessage", "429", times=1, retry_after=3)
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(alice, "flood")
    assert caught.value._retry_after == dtm.timedelta(seconds=3)
    error = fake_telegram.errors_returned[-1]
    assert error.injected and error.parameters == {"retry_after": 3}
    assert error.description == "Too Many Requests: retry after 3"
    assert fake_telegram.messages(alice) == []
    await bot.send_message(alice, "after the flood")  # the rule fired once only
    assert [m.text for m in fake_telegram.messages(alice)] == ["after the flood"]


async def test_chat_migrated(fake_telegram: FakeTelegram, bot: Bot) -> None:
    owner = fake_telegram.user(3003, "Owner")
    group = fake_telegram.group(-4004, "Old table", creator=owner)
    supergroup = fake_telegram.migrate(group, -1001234567890)
    with pytest.raises(ChatMigrated) as caught:
        await bot.send_message(group.id, "hello?")
    assert caught.value.new_chat_id == supergroup.id == -1001234567890
    await bot.send_message(supergroup.id, "hello supergroup")

    updates = await bot.get_updates(timeout=0)
    messages = [u.message for u in updates if u.message]
    assert [m.migrate_to_chat_id for m in messages] == [-1001234567890, None]
    assert messages[1].migrate_from_chat_id == group.id
    assert messages[1].chat.type == "supergroup"


# ---------------------------------------------------------------- bot settings & chats


async def test_commands_descriptions_and_membership(fake_telegram: FakeTelegram, bot: Bot) -> None:
    from telegram import BotCommand, BotCommandScopeAllGroupChats

    await bot.set_my_commands([BotCommand("new", "Новая игра")], language_code="ru")
    await bot.set_my_commands([BotCommand("new", "New game")], language_code="en")
    await bot.set_my_commands([BotCommand("join", "Join")], scope=BotCommandScopeAllGroupChats())
    assert fake_telegram.commands(language_code="ru") == [
        {"command": "new", "description": "Новая игра"}
    ]
    assert fake_telegram.commands(language_code="en")[0]["description"] == "New game"
    assert fake_telegram.commands("all_group_chats")[0]["command"] == "join"
    fetched = await bot.get_my_commands(language_code="en")
    assert [c.command for c in fetched] == ["new"]
    with pytest.raises(BadRequest):
        await bot.set_my_commands([BotCommand("New-Game", "bad")])
    await bot.set_my_description("Карточные игры", language_code="ru")
    await bot.set_my_short_description("Cards")
    assert fake_telegram.descriptions == {"ru": "Карточные игры"}
    assert fake_telegram.short_descriptions == {"": "Cards"}

    owner = fake_telegram.user(1, "Owner")
    admin = fake_telegram.user(2, "Admin")
    player = fake_telegram.user(3, "Player")
    group = fake_telegram.group(-42, "Table", creator=owner, members=[player])
    fake_telegram.make_admin(group, admin)
    assert (await bot.get_chat_member(group.id, admin.id)).status == "administrator"
    assert (await bot.get_chat_member(group.id, owner.id)).status == "creator"
    assert (await bot.get_chat_member(group.id, player.id)).status == "member"
    admins = await bot.get_chat_administrators(group.id)
    assert {m.user.id for m in admins} == {owner.id, admin.id}
    chat = await bot.get_chat(group.id)
    assert chat.title == "Table" and chat.type == "group"
    assert await bot.send_chat_action(group.id, "typing")
    assert await bot.leave_chat(group.id)
    with pytest.raises(Forbidden, match="not a member"):
        await bot.send_message(group.id, "bye")


# ---------------------------------------------------------------- faults


async def test_timeout_and_network_faults(fake_telegram: FakeTelegram) -> None:
    alice = await started_user(fake_telegram)
    impatient = Bot(
        fake_telegram.token,
        base_url=fake_telegram.base_url,
        request=HTTPXRequest(read_timeout=0.2),
    )
    async with impatient:
        fake_telegram.inject("sendMessage", "timeout", delay=5)
        with pytest.raises(TimedOut):
            await impatient.send_message(alice, "slow")
        fake_telegram.inject("sendMessage", "network")
        with pytest.raises(NetworkError):
            await impatient.send_message(alice, "dropped")
        fake_telegram.inject("sendMessage", "500")
        with pytest.raises(NetworkError, match="Internal Server Error"):
            await impatient.send_message(alice, "broken")
        assert fake_telegram.messages(alice) == []

        fake_telegram.inject("sendMessage", "network", apply_effect=True)
        with pytest.raises(NetworkError):
            await impatient.send_message(alice, "sent but lost")
        assert [m.text for m in fake_telegram.messages(alice)] == ["sent but lost"]
    injected = [r.injected for r in fake_telegram.calls("sendMessage")]
    assert injected == ["timeout", "network", "500", "network"]


def test_rate_faults_are_deterministic() -> None:
    def pattern(seed: int) -> list[bool]:
        rule = FaultRule(method=None, error="500", rate=0.3, seed=seed)
        return [rule.fire("sendMessage") for _ in range(50)]

    assert pattern(7) == pattern(7)
    assert pattern(7) != pattern(8)
    assert 5 < sum(pattern(7)) < 25
    assert not FaultRule(method=None, error="500", rate=1.0).fire("getUpdates")


def test_html_parser_unit() -> None:
    text, entities = parse_html('<pre><code class="language-python">x = 1</code></pre>')
    assert text == "x = 1"
    assert [(e.type, e.language) for e in entities] == [("pre", "python")]
    text, entities = parse_html("<blockquote expandable>a &lt;b&gt; &#x41;</blockquote>")
    assert text == "a <b> A" and entities[0].type == "expandable_blockquote"
    assert parse_html("A & B", strict_ampersand=False)[0] == "A & B"


# ---------------------------------------------------------------- raw HTTP


async def test_json_bodies_and_request_log(fake_telegram: FakeTelegram) -> None:
    import aiohttp

    alice = await started_user(fake_telegram)
    url = f"{fake_telegram.base_url}{fake_telegram.token}/SENDMESSAGE"
    body = {
        "chat_id": alice,
        "text": "json <i>works</i>",
        "parse_mode": "HTML",
        "reply_markup": {"inline_keyboard": [[{"text": "Go", "callback_data": "go"}]]},
    }
    async with aiohttp.ClientSession() as session, session.post(url, json=body) as response:
        assert response.status == 200
        payload = await response.json()
    assert payload["ok"] is True
    assert payload["result"]["entities"] == [{"type": "italic", "offset": 5, "length": 5}]
    assert payload["result"]["reply_markup"] == body["reply_markup"]

    method, params, outcome = fake_telegram.requests[-1]
    assert (method, params["chat_id"], outcome) == ("sendMessage", alice, "ok")

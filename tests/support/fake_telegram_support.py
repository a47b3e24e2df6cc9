"""What the fake Bot API's own tests (`tests/testing/test_fake_telegram_*.py`) share:
an inline keyboard from (text, data) pairs, and a person who has opened a private
chat with the bot, so that it may write to them. (Their `bot` fixture, a `telegram.Bot`
on the fake, is in `tests/testing/conftest.py`.)
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from testing.fake_telegram import FakeTelegram


def keyboard(*rows: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(text, callback_data=data) for text, data in row] for row in rows]
    )


async def started_user(fake: FakeTelegram, user_id: int = 1001, name: str = "Alice") -> int:
    user = fake.user(user_id, name, username=name.lower())
    await user.send_private("/start")
    return user.id

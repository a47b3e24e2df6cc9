"""Discovery: a group that adds the bot is told how to start, and the bot's
profile (description, short description, command menus) is set in every
language at start."""

from __future__ import annotations

from bot_harness import WAIT, BotRunner

from bot.view.i18n import LANGUAGES, plain, t
from testing.fake_telegram import FakeTelegram


async def test_a_group_that_adds_the_bot_is_told_how_to_start(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    group = fake.group(-100777, "Новая группа", supergroup=True)
    group.bot_status = "left"
    fake.add_bot_to(group, by=fake.user(501, "Аня"))
    greeting = await fake.wait_for_message(group, "/new", timeout=WAIT)
    assert greeting.text == plain(t("ru", "group.welcome"))
    # Once is enough: a change of the bot's rights is not a new arrival.
    fake.set_bot_admin(group)
    await runner.idle()
    assert [m.text for m in fake.messages(group)].count(greeting.text) == 1


async def test_the_profile_is_set_in_every_language(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    default = runner.app.bot_data["settings"].default_language
    assert {"ru", "en", "be", "uk"} <= set(LANGUAGES)
    for lang in LANGUAGES:
        code = "" if lang == default else lang
        assert fake.descriptions[code] == t(lang, "profile.description")
        assert fake.short_descriptions[code] == t(lang, "profile.short_description")
        assert len(t(lang, "profile.short_description")) <= 120
        assert fake.commands("all_group_chats", code)

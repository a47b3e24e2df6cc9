"""Games and computer levels by name in every language, and a group that
speaks its first table's creator's language (issue 15, "mixed languages")."""

from __future__ import annotations

from bot_harness import WAIT, BotRunner
from bot_steps import open_private_chats, people, say

from bot.view import names
from bot.view.i18n import plain, t
from engine import Preset
from testing.fake_telegram import FakeTelegram


def test_a_game_or_level_is_named_in_any_language() -> None:
    for word in ("kozel", "Козёл", "козел", "КОЗЁЛ"):
        assert names.preset_named(word) is Preset.KOZEL
    assert names.preset_named("буркозел") is Preset.BURKOZEL
    assert names.preset_named("Бура") is Preset.BURA
    assert names.preset_named("poker") is None
    assert names.level_named("сильный") == "hard" and names.level_named("HARD") == "hard"
    assert names.level_named("лёгкий") == names.level_named("легкий") == "easy"
    assert names.level_named("grandmaster") is None
    assert names.levels_list("ru").split(", ")[-1] == "сильный"
    assert "козёл" in names.presets_list("ru")
    # Belarusian and Ukrainian names too: the kozel seed calls it «Казёл».
    for word in ("казёл", "Казел", "Козел"):
        assert names.preset_named(word) is Preset.KOZEL
    assert names.preset_named("Бурказёл") is Preset.BURKOZEL
    assert names.level_named("моцны") == names.level_named("сильний") == "hard"
    assert names.level_named("лёгкі") == names.level_named("легкий") == "easy"
    assert names.presets_list("be") == "бурказёл, казёл, бура"
    assert names.levels_list("uk").split(", ")[-1] == "сильний"


async def test_new_and_addbot_take_russian_names(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    (anya,) = people(fake, 1)
    await open_private_chats(fake, [anya])
    group = fake.group(-100611, "Козлятня", supergroup=True)
    await say(fake, anya, group, "/new козёл")
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and table.rules.preset is Preset.KOZEL
    answer = await say(fake, anya, group, "/addbot сильный")
    assert any("сильный" in m.text for m in answer)
    await runner.idle()
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and [s.level for s in table.seats if s.is_computer] == ["hard"]
    lobby = fake.messages(group)[0]
    lobby = fake.find_message(group.id, lobby.message_id) or lobby
    assert "сильный" in lobby.text and "hard" not in lobby.text
    rules = await say(fake, anya, group, "/rules бура")
    assert plain(t("ru", "preset.bura")) in rules[-1].text


async def test_a_group_speaks_its_first_creators_language(
    fake_telegram: FakeTelegram, runner: BotRunner
) -> None:
    fake = fake_telegram
    ann, olga = people(fake, 2)
    ann.language_code = "en"
    await open_private_chats(fake, [ann, olga])
    group = fake.group(-100612, "Mixed", supergroup=True)
    sent = await ann.send(group, "/new")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    assert "table #" in lobby.text  # English, as its creator speaks
    await say(fake, ann, group, "/stop")
    # The group keeps its language for the next creator, whatever theirs.
    sent = await olga.send(group, "/new")
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    assert "table #" in lobby.text

"""Steps shared by the bot tests of bad inputs and restarts (on top of bot_harness).

`snapshot` reads what a table *is* straight from the database, a SQLite file
or a PostgreSQL database (`databases.py`): version, status, rules, engine
state, seats, length of the action log, so a test can assert that a refused
input changed nothing.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from bot_harness import WAIT as HARNESS_WAIT
from bot_harness import BotRunner, card_of_label, has_toggles
from databases import TestDatabase, rows

from bot.view import callbacks
from engine import Action, MatchState, legal_actions
from engine.actions import Kind
from engine.cards import Card
from testing.fake_telegram import (
    CallbackAnswer,
    FakeChat,
    FakeTelegram,
    FakeUser,
    StoredMessage,
    parse_html,
)

GROUP_ID = -1002001
OTHER_GROUP_ID = -1002002
# Seconds before a wait fails the test: the harness's (60 s). Generous: only a
# failing test waits this long, and the suite runs on parallel workers of a
# machine that may be busy.
WAIT = HARNESS_WAIT
# The bot's default language (`Settings.default_language`): every chat speaks it
# until someone sets another.
RU = "ru"


class KnownBug(AssertionError):
    """The one failure a strict xfail marker of ours expects (`raises=KnownBug`): any
    other failure of such a test, in its set-up say, fails the run."""


def expect(condition: bool, message: str) -> None:
    """The check that shows a known bug: raises `KnownBug` when it does not hold."""
    if not condition:
        raise KnownBug(message)


def fix_deals(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Make every match the bot starts use `seed` (it draws seeds with `secrets`)."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: seed % (1 << bits))


@dataclass(frozen=True)
class Snapshot:
    version: int
    status: str
    preset: str
    options: str
    state: str | None
    seats: tuple[tuple[int, int], ...]  # (seat, user id)
    actions: int

    @property
    def match(self) -> MatchState:
        assert self.state is not None
        return MatchState.loads(self.state)


def snapshot(db_path: TestDatabase, table_id: int) -> Snapshot:
    """What the table is, as stored (message ids are bookkeeping and left out)."""
    found = rows(
        db_path,
        "SELECT version, status, preset, options, state FROM tables WHERE id = ?",
        (table_id,),
    )
    assert found, f"no table {table_id}"
    row = found[0]
    seats = rows(
        db_path, "SELECT seat, user_id FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    ((actions,),) = rows(db_path, "SELECT count(*) FROM actions WHERE table_id = ?", (table_id,))
    return Snapshot(row[0], row[1], row[2], row[3], row[4], tuple(seats), actions)


def table_count(db_path: TestDatabase) -> int:
    ((count,),) = rows(db_path, "SELECT count(*) FROM tables")
    return int(count)


def version_moved(db_path: TestDatabase, table_id: int, version: int) -> bool:
    return snapshot(db_path, table_id).version != version


def parse_errors(fake: FakeTelegram) -> list[Any]:
    return [e for e in fake.errors_returned if "can't parse entities" in e.description]


def assert_clean(fake: FakeTelegram) -> None:
    """Every tap answered and every text the bot sent was valid HTML."""
    assert not fake.unanswered_callbacks(), fake.unanswered_callbacks()
    assert not parse_errors(fake), parse_errors(fake)


async def tap(
    fake: FakeTelegram,
    user: FakeUser,
    message: StoredMessage,
    data: str,
    *,
    force: bool = False,
    settle: bool = True,
) -> CallbackAnswer:
    """Tap and wait for the answer, then (with `settle`) for the bot to finish what the
    tap started. A refused tap starts nothing: no need to settle."""
    callback = await user.tap(message, data, force=force)
    answer = await callback.answer_received(timeout=WAIT)
    if settle:
        await fake.wait_idle(timeout=WAIT)
    return answer


async def say(fake: FakeTelegram, user: FakeUser, chat: FakeChat, text: str) -> list[StoredMessage]:
    """Send `text`; the bot's messages in `chat` that came after it (at least one)."""
    sent = await user.send(chat, text)
    await fake.wait_for_message(chat, after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    return [m for m in fake.messages(chat) if m.message_id > sent.message_id]


def text_of(messages: list[StoredMessage]) -> str:
    return "\n".join(m.text for m in messages)


def plain(html: str) -> str:
    """What Telegram shows for this HTML."""
    return parse_html(html)[0]


def people(
    fake: FakeTelegram, count: int, first_id: int = 500, name: str = "Игрок"
) -> list[FakeUser]:
    return [fake.user(first_id + i, f"{name}{i}") for i in range(count)]


async def open_private_chats(fake: FakeTelegram, users: list[FakeUser]) -> None:
    for user in users:
        await user.send_private("/start")
    await fake.wait_idle(timeout=WAIT)


async def people_in_private(
    fake: FakeTelegram, count: int, first_id: int = 500, name: str = "Игрок"
) -> list[FakeUser]:
    """People who have each opened a private chat with the bot, as a player
    must before the bot may send him his hand."""
    users = people(fake, count, first_id, name)
    await open_private_chats(fake, users)
    return users


async def open_table(
    fake: FakeTelegram,
    runner: BotRunner,
    group: FakeChat,
    command: str,
    users: list[FakeUser],
) -> tuple[int, StoredMessage]:
    """`users[0]` opens the table with `command`; the rest join with the button."""
    sent = await users[0].send(group, command)
    lobby = await fake.wait_for_message(group, "#", after=sent, timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)
    for user in users[1:]:
        answer = await tap(fake, user, lobby, lobby_data(lobby, "j"))
        assert answer.url is None, answer
    table = await runner.db.open_table_in_chat(group.id)
    assert table is not None and len(table.seats) == len(users), table
    return table.id, fake.find_message(group.id, lobby.message_id) or lobby


def lobby_data(message: StoredMessage, op: str) -> str:
    """The callback data of the lobby button `op` (j, x, o, s, b) on `message`."""
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Lobby) and payload.op == op:
            return data
    raise AssertionError(f"no lobby button {op!r} on {message!r}")


async def start_match(
    fake: FakeTelegram, group: FakeChat, creator: FakeUser, lobby: StoredMessage
) -> None:
    answer = await tap(fake, creator, lobby, lobby_data(lobby, "s"))
    assert not answer.show_alert, answer
    await fake.wait_for_message(group, "👉", timeout=WAIT)
    await fake.wait_idle(timeout=WAIT)


def hand_message(fake: FakeTelegram, user: FakeUser) -> StoredMessage | None:
    """The newest private message of the bot that carries card or action buttons."""
    for message in reversed(fake.messages(fake.private_chat(user))):
        if any(d.startswith(("s:", "p:")) for d in message.callback_data):
            return message
    return None


def play_buttons(message: StoredMessage) -> list[tuple[str, callbacks.Play]]:
    found = []
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Play):
            found.append((data, payload))
    return found


def select_buttons(message: StoredMessage) -> list[tuple[str, callbacks.Select]]:
    found = []
    for data in message.callback_data:
        payload = callbacks.parse(data)
        if isinstance(payload, callbacks.Select):
            found.append((data, payload))
    return found


def group_texts(fake: FakeTelegram, group: FakeChat) -> list[str]:
    return [m.text for m in fake.messages(group)]


def dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _hand_id(db_path: TestDatabase, table_id: int, user_id: int) -> int | None:
    found = rows(
        db_path,
        "SELECT hand_message_id FROM seats WHERE table_id = ? AND user_id = ?",
        (table_id, user_id),
    )
    return None if not found else found[0][0]


def tracked_hand(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, user_id: int
) -> StoredMessage:
    """The hand message the bot keeps for this player (its id from the database)."""
    message_id = _hand_id(db_path, table_id, user_id)
    assert message_id is not None, f"no hand message for {user_id}"
    message = fake.find_message(user_id, message_id)
    assert message is not None
    return message


def _selected(message: StoredMessage) -> frozenset[Card]:
    texts = message.button_texts
    found = (card_of_label(x) for x in texts if x.startswith("✅"))
    return frozenset(card for card in found if card is not None)


def _shows_selected(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, user_id: int, cards: frozenset[Card]
) -> bool:
    """The hand the bot tracks for the user shows exactly these cards selected."""
    return _selected(tracked_hand(fake, db_path, table_id, user_id)) == cards


def _drawn_for(data: str) -> int | None:
    """The table version a card or play button (`s:`, `p:`) was drawn for."""
    payload = callbacks.parse(data)
    return payload.version if isinstance(payload, callbacks.Select | callbacks.Play) else None


def settled(fake: FakeTelegram, db_path: TestDatabase, table_id: int) -> bool:
    """The player to move has their hand with buttons of the table's current version.

    A condition to wait for instead of a quiet period: the bot may pause longer
    between two requests than `wait_idle`'s quiet period on a busy machine.
    """
    snap = snapshot(db_path, table_id)
    if snap.status != "playing":
        return True
    deal = snap.match.deal
    assert deal is not None
    user_id = dict(snap.seats)[deal.turn]
    message_id = _hand_id(db_path, table_id, user_id)
    message = None if message_id is None else fake.find_message(user_id, message_id)
    if message is None:
        return False
    return any(
        _drawn_for(data) == snap.version
        for data in message.callback_data
        if data.startswith(("s:", "p:"))
    )


def _buttons_sent(fake: FakeTelegram, db_path: TestDatabase, table_id: int) -> bool:
    """The fake has seen the player to move get buttons of the current version."""
    snap = snapshot(db_path, table_id)
    if snap.status != "playing":
        return True
    deal = snap.match.deal
    assert deal is not None
    user_id = dict(snap.seats)[deal.turn]
    return any(
        _drawn_for(data) == snap.version
        for message in fake.messages(user_id)
        for data in message.callback_data
        if data.startswith(("s:", "p:"))
    )


async def wait_settled(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, what: str = ""
) -> None:
    """Wait until `settled`: first for what the fake sees, then for the bot's bookkeeping
    (written after its last request, so no request would wake a plain `wait_for`)."""
    await fake.wait_for(
        lambda: _buttons_sent(fake, db_path, table_id),
        timeout=WAIT,
        message=f"new hand buttons {what}",
    )
    await fake.wait_idle(timeout=WAIT)
    await fake.wait_for(
        lambda: settled(fake, db_path, table_id), timeout=WAIT, message=f"hands {what}"
    )


async def _press(fake: FakeTelegram, user: FakeUser, message: StoredMessage, data: str) -> None:
    callback = await user.tap(message, data)
    answer = await callback.answer_received(timeout=WAIT)
    assert not answer.show_alert, answer


async def picking(
    fake: FakeTelegram, user: FakeUser, current: Callable[[], StoredMessage]
) -> StoredMessage:
    """The hand switched to picking cards one by one ("✋"), if it is not yet:
    most moves are one tap, and these tests pick cards on purpose."""
    message = current()
    if has_toggles(message):
        return message
    pick = next(d for d, p in select_buttons(message) if p.manual and not p.cards)
    await _press(fake, user, message, pick)
    await fake.wait_for(lambda: has_toggles(current()), timeout=WAIT, message="cards to pick")
    return current()


async def select_cards(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, user: FakeUser, action: Action
) -> None:
    """Pick the action's cards one by one on the tracked hand message, unless
    a button plays it with one tap (a card, a ready answer, the only move)."""
    if action.kind in (Kind.DECLARE, Kind.CLAIM):
        return
    message = tracked_hand(fake, db_path, table_id, user.id)
    if any(
        p.kind is action.kind and set(p.cards) == set(action.cards)
        for _, p in play_buttons(message)
    ):
        return
    if not [p for _, p in select_buttons(message) if p.cards]:
        pick = next(d for d, p in select_buttons(message) if p.manual and not p.cards)
        await _press(fake, user, message, pick)
        await fake.wait_for(
            lambda: any(
                p.cards for _, p in select_buttons(tracked_hand(fake, db_path, table_id, user.id))
            ),
            timeout=WAIT,
            message="cards to pick shown",
        )
    for card in action.cards:
        message = tracked_hand(fake, db_path, table_id, user.id)
        wanted = _selected(message) | {card}
        data = next(d for d, p in select_buttons(message) if p.cards == wanted)
        await _press(fake, user, message, data)
        await fake.wait_for(
            partial(_shows_selected, fake, db_path, table_id, user.id, wanted),
            timeout=WAIT,
            message=f"selection {sorted(map(str, wanted))} shown",
        )


async def press_action(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, user: FakeUser, action: Action
) -> None:
    """Tap the action's button (its cards selected) and return once the move is stored
    (a claim is confirmed first: its button only asks)."""
    version = snapshot(db_path, table_id).version
    message = tracked_hand(fake, db_path, table_id, user.id)
    if action.kind is Kind.CLAIM:
        ask = next(d for d in message.callback_data if d.startswith("s:") and d.endswith(":c"))
        await _press(fake, user, message, ask)
        await fake.wait_for(
            lambda: any(
                p.kind is Kind.CLAIM
                for _, p in play_buttons(tracked_hand(fake, db_path, table_id, user.id))
            ),
            timeout=WAIT,
            message="the claim's confirmation shown",
        )
        message = tracked_hand(fake, db_path, table_id, user.id)
    data = next(
        d
        for d, p in play_buttons(message)
        if p.kind is action.kind and set(p.cards) == set(action.cards)
    )
    await _press(fake, user, message, data)
    # The move is committed before the tap is answered.
    assert version_moved(db_path, table_id, version), f"{action} was not applied"


async def play_action(
    fake: FakeTelegram, db_path: TestDatabase, table_id: int, user: FakeUser, action: Action
) -> None:
    """Select, press, then wait until the next player's hand shows the new position."""
    await select_cards(fake, db_path, table_id, user, action)
    await press_action(fake, db_path, table_id, user, action)
    await wait_settled(fake, db_path, table_id, f"after {action}")


async def play_out(
    fake: FakeTelegram,
    db_path: TestDatabase,
    table_id: int,
    users: list[FakeUser],
    rng: random.Random,
    moves: int | None = None,
    special: float = 0.1,
) -> Snapshot:
    """Play random legal moves to the end, or `moves` of them; with chance `special` a
    declare or a claim is made where one is legal."""
    by_id = {u.id: u for u in users}
    for _ in range(moves if moves is not None else 3000):
        snap = snapshot(db_path, table_id)
        if snap.status != "playing":
            return snap
        state = snap.match
        assert state.deal is not None
        seat = state.deal.turn
        legal = legal_actions(state, seat)
        ordinary = [a for a in legal if a.kind not in (Kind.DECLARE, Kind.CLAIM)]
        specials = [a for a in legal if a.kind in (Kind.DECLARE, Kind.CLAIM)]
        action = rng.choice(specials if specials and rng.random() < special else ordinary)
        await play_action(fake, db_path, table_id, by_id[dict(snap.seats)[seat]], action)
    snap = snapshot(db_path, table_id)
    assert moves is not None, "the match did not end"
    return snap


async def claim_falsely(
    fake: FakeTelegram, runner: BotRunner, group: FakeChat, table_id: int, users: list[FakeUser]
) -> int:
    """Bura, limit=2, on the fixed deal: whoever moves first claims 31 with an
    empty pile and the match is over. The claimer's id, once the group has
    the end message."""
    snap = snapshot(runner.db_path, table_id)
    assert snap.match.deal is not None
    loser_id = dict(snap.seats)[snap.match.deal.turn]
    loser = next(u for u in users if u.id == loser_id)
    message = tracked_hand(fake, runner.db_path, table_id, loser.id)
    # The claim asks to be confirmed; the confirmation's button claims.
    ask = next(d for d in message.callback_data if d.startswith("s:") and d.endswith(":c"))
    await tap(fake, loser, message, ask)
    message = tracked_hand(fake, runner.db_path, table_id, loser.id)
    claim = next(d for d, p in play_buttons(message) if p.kind is Kind.CLAIM)
    await tap(fake, loser, message, claim)
    await fake.wait_for_message(group, "🏁", timeout=WAIT)
    await runner.idle()
    return loser_id

"""Run the real bot application against the fake Bot API, and play as people.

`BotRunner` starts and stops the PTB application exactly as `python -m bot`
would, except that the event loop is the test's. `Player` drives a person:
it reads their private hand message and taps its buttons, choosing a legal
move the way a person would (cards first, then the action button).
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from databases import TestDatabase, rows

from bot.app import build_application
from bot.clock import AsyncioScheduler
from bot.settings import Settings
from bot.storage import Store, TableRecord
from bot.tables import TableService
from bot.view import callbacks
from engine import Action, Card, legal_actions
from engine.actions import Kind
from testing.fake_telegram import FakeChat, FakeTelegram, FakeUser, StoredMessage

# Generous: a slow or busy machine (the suite runs on parallel workers) must
# not turn a working bot into a failure. The waits end as soon as the
# condition holds, so passing tests stay fast.
WAIT = 60.0

# The quiet period of `BotRunner.idle` (the fake's default is 0.1 s). The bot
# says itself when it is busy (`BotRunner.busy`, handed to the fake's
# wait_idle), so the quiet period has only the few loop turns between two of
# its steps to cover; it was a tenth of a second after every move of every
# test (issue 69).
QUIET = 0.02


def make_settings(fake: FakeTelegram, db_path: TestDatabase, **extra: Any) -> Settings:
    """The bot's settings; a SQLite file as DATABASE_PATH, PostgreSQL as DATABASE_URL."""
    if isinstance(db_path, Path):
        extra = {"database_path": db_path, **extra}
    else:
        extra = {"database_url": db_path.url, **extra}
    return Settings(
        bot_token=fake.token,  # type: ignore[arg-type]
        bot_api_url=fake.base_url,
        _env_file=None,  # type: ignore[call-arg]
        **{
            "rate_limit_overall": 100_000,
            "rate_limit_group": 100_000,
            "rate_limit_private": 100_000,
            **extra,
        },
    )


def card_of_label(text: str) -> Card | None:
    """The card a card button shows ("✅Т♥️★" is the ace of hearts, selected,
    trumps): its rank in any language, the suit with or without U+FE0F."""
    bare = text.removeprefix("✅").replace("\ufe0f", "").rstrip("★")
    try:
        return Card.parse(bare)
    except ValueError:
        return None


@dataclass
class BotRunner:
    fake: FakeTelegram
    db_path: TestDatabase  # a SQLite file, or a PostgreSQL database (databases.py)
    settings_extra: dict[str, Any] = field(default_factory=dict)
    scheduler: Any = None  # a ManualScheduler to drive timers by hand; None: real time
    app: Any = None

    async def start(self) -> None:
        # A forced last card plays itself after the longest pause allowed, so
        # a test on real time that taps it never races the timer; the tests
        # of that timer move a manual clock (tests/bot/flows/test_bot_forced.py).
        extra = {"computer_delay": 0.0, "forced_delay": 30.0, **self.settings_extra}
        settings = make_settings(self.fake, self.db_path, **extra)
        self.app = build_application(settings, scheduler=self.scheduler)
        app = self.app
        await app.initialize()
        if app.post_init is not None:
            await app.post_init(app)
        await app.updater.start_polling(poll_interval=0.0, timeout=1)
        await app.start()
        self.fake.busy_probe = self.busy  # every wait for quiet asks the bot too

    def busy(self) -> bool:
        """The bot is doing what the fake cannot see: an update queued or being
        handled, a message job or an answer queued or running, a timer's job
        running or due (a computer's move, on real time)."""
        app = self.app
        if app is None or "service" not in app.bot_data:
            return False
        if not app.update_queue.empty() or app.update_processor.current_concurrent_updates:
            return True
        if self.service.busy or app.bot_data["replies"].busy:
            return True
        scheduler = app.bot_data.get("scheduler")
        if isinstance(scheduler, AsyncioScheduler):
            now = asyncio.get_running_loop().time()
            return bool(scheduler._tasks) or any(
                handle.when() <= now for handle in scheduler._handles.values()
            )
        return False

    async def __aenter__(self) -> BotRunner:
        await self.start()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.stop()

    async def stop(self) -> None:
        app = self.app
        if app is None:
            return
        self.fake.busy_probe = None
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        if app.post_stop is not None:
            await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
        self.app = None

    async def crash(self) -> None:
        """Like SIGKILL: stop without any graceful step of ours (no flush, no goodbye)."""
        app = self.app
        self.app = None
        await app.updater.stop()
        await app.stop()
        db = app.bot_data.get("store")
        await app.shutdown()
        if db is not None:
            await db.close()

    async def idle(self) -> None:
        """Every queued message job of the bot has run and the fake is quiet."""
        replies = self.app.bot_data["replies"]
        for _ in range(100):
            await self.service.drain()
            await replies.drain(WAIT)
            await self.fake.wait_idle(timeout=WAIT, quiet=QUIET, busy=self.busy)
            if not self.service.busy and not replies.busy:
                return
        raise AssertionError("the bot never went idle")

    @property
    def service(self) -> TableService:
        service: TableService = self.app.bot_data["service"]
        return service

    @property
    def sqlite_path(self) -> Path:
        """The bot's SQLite file, for a test that opens it itself."""
        assert isinstance(self.db_path, Path), f"not a SQLite bot: {self.db_path!r}"
        return self.db_path

    @property
    def db(self) -> Store:
        return self.service.store


@dataclass
class Player:
    fake: FakeTelegram
    user: FakeUser
    rng: random.Random

    @property
    def chat(self) -> FakeChat:
        return self.fake.private_chat(self.user)

    def hand_message(self) -> StoredMessage | None:
        """The newest private message of the bot that carries card buttons."""
        for message in reversed(self.fake.messages(self.chat)):
            if any(
                b.value and b.value.startswith(("s:", "p:")) for row in message.buttons for b in row
            ):
                return message
        return None

    def _current(self) -> StoredMessage:
        message = self.hand_message()
        assert message is not None
        return message

    def _hand_shows(self, test: Callable[[StoredMessage], bool]) -> bool:
        """Whether the newest hand passes `test`; False while there is none:
        a hand drawn anew is sent while the old one is deleted, at once
        (`Hands.draw`), so for a moment the chat may hold neither."""
        message = self.hand_message()
        return message is not None and test(message)

    def _selected(self, card: object) -> bool:
        message = self.hand_message()
        return message is not None and any(
            text.startswith("✅") and card_of_label(text) == card for text in message.button_texts
        )

    async def tap(self, message: StoredMessage, data: str) -> Any:
        callback = await self.user.tap(message, data)
        return await callback.answer_received(timeout=WAIT)

    async def play(self, action: Action) -> Any:
        """Select the action's cards one by one, then press its button."""
        message = self.hand_message()
        assert message is not None, (
            f"{self.user.first_name} has no hand message with buttons: "
            + repr([m.text[-80:] for m in self.fake.messages(self.chat)[-3:]])
        )
        if action.kind is Kind.CLAIM:
            # Bura's claim asks to be confirmed: the first tap shows the button that claims.
            ask = next(d for d in message.callback_data if d.startswith("s:") and d.endswith(":c"))
            await self.tap(message, ask)
            # Wait for the claiming button itself: a declaration's p: button
            # may be on the hand already, before the confirmation is drawn.
            await self.fake.wait_for(
                lambda: self._hand_shows(lambda m: _has_play_button(m, action)), timeout=WAIT
            )
            message = self._current()
            return await self.tap(message, _find_play_button(message, action))
        if _has_play_button(message, action):
            # A declaration, a one-tap move, a ready answer, or the only move.
            return await self.tap(message, _find_play_button(message, action))
        if not has_toggles(message):
            # Pick the cards one by one: the hand switches to toggles.
            pick = next(d for d in message.callback_data if d.startswith("s:") and d.endswith(":m"))
            await self.tap(message, pick)
            await self.fake.wait_for(lambda: self._hand_shows(has_toggles), timeout=WAIT)
        for card in action.cards:
            message = self.hand_message()
            assert message is not None
            data = next(
                b.value
                for row in message.buttons
                for b in row
                if b.value
                and b.value.startswith("s:")
                and not b.text.startswith("✅")
                and card_of_label(b.text) == card
            )
            await self.tap(message, data)
            await self.fake.wait_for(partial(self._selected, card), timeout=WAIT)
        message = self.hand_message()
        assert message is not None
        return await self.tap(message, _find_play_button(message, action))


def has_toggles(message: StoredMessage) -> bool:
    """Whether the hand shows cards to pick one by one."""
    return any(
        b.value and b.value.startswith("s:") and card_of_label(b.text) is not None
        for row in message.buttons
        for b in row
    )


def _offered(message: StoredMessage, action: Action) -> bool:
    """Whether the hand offers the action on a button (the claim behind its
    confirmation)."""
    if action.kind is Kind.CLAIM:
        return any(d.startswith("s:") and d.endswith(":c") for d in message.callback_data)
    return _has_play_button(message, action)


def _has_play_button(message: StoredMessage, action: Action) -> bool:
    try:
        _find_play_button(message, action)
    except AssertionError:
        return False
    return True


def _find_play_button(message: StoredMessage, action: Action) -> str:
    for row in message.buttons:
        for button in row:
            if not button.value or not button.value.startswith("p:"):
                continue
            payload = callbacks.parse(button.value)
            assert isinstance(payload, callbacks.Play)
            if payload.kind == action.kind and set(payload.cards) == set(action.cards):
                return button.value
    raise AssertionError(f"no button for {action} in {message.button_texts}")


async def play_to_the_end(
    fake: FakeTelegram,
    runner: BotRunner,
    table_id: int,
    players: dict[int, Player],
    rng: random.Random,
    max_moves: int = 3000,
    between: Any = None,
    human_seats: bool = False,
    offered: bool = False,
) -> TableRecord:
    """Play legal moves through the buttons until the match ends.

    With `human_seats`, only seats of `players` are played here; when a
    computer is to move, `between` is awaited to let it (e.g. move the clock).
    With `offered`, a player makes only the moves their hand offers as a
    button (never picking cards one by one).
    """
    for move in range(max_moves):
        table = await runner.db.get_table(table_id)
        assert table is not None
        if table.status != "playing":
            return table
        state = table.state
        assert state is not None and state.deal is not None
        seat = state.deal.turn
        user_id = table.seats[seat].user_id
        if human_seats and (user_id not in players or table.seats[seat].auto):
            assert between is not None
            await between(move)
            continue
        legal = [
            a
            for a in legal_actions(state, seat)
            if a.kind is not Kind.DECLARE or rng.random() < 0.5
        ]
        if not legal:
            legal = legal_actions(state, seat)
        if any(a.kind is Kind.DECLARE for a in legal):
            # A bura leader's own molodka is offered as a plain lead (leading
            # it declares it, RULES.md 5), not as a declaration's button.
            shown = players[user_id].hand_message()
            legal = [
                a
                for a in legal
                if a.kind is not Kind.DECLARE or (shown is not None and _offered(shown, a))
            ] or legal
        if offered:
            shown = players[user_id].hand_message()
            on_buttons = [a for a in legal if shown is not None and _offered(shown, a)]
            legal = on_buttons or legal
        action = rng.choice(legal)
        version = table.version
        await players[user_id].play(action)
        await fake.wait_for(
            partial(_version_moved, runner, table_id, version),
            timeout=WAIT,
            message=f"move {move}: {action} was not applied",
        )
        await runner.idle()
        if between is not None:
            await between(move)
    raise AssertionError("the match did not end")


def _version_moved(runner: BotRunner, table_id: int, version: int) -> bool:
    # wait_for takes a plain predicate; read the database synchronously.
    found = rows(runner.db_path, "SELECT version FROM tables WHERE id = ?", (table_id,))
    return bool(found) and found[0][0] != version

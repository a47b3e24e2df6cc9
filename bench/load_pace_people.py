"""The people of bench/load_pace.py: three a table, each looking at the hand
for a few seconds before a tap, and what is measured of them.

A hand-off runs from the moment the fake receives a tap that the bot then
commits as a move to the moment the fake answers the request that first shows
the next player to act at that table (possibly the same player, who took the
trick and leads) move buttons for the new position. "New" is told by the
callback data's table version (bot/view/callbacks.py): the buttons of a
position after the move carry a higher version than the tapped one, and no
later position can exist before somebody taps again. The fake answers a
request over Telegram's limits with 429 before it reaches the hooks here, so
a refused request is never taken for the hand-off: its successful retry is.
"""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bench.load_people import FINAL_MARK, PLAY_KINDS, _parse
from bot.view import callbacks
from testing.fake_telegram import ApiError, FakeTelegram, FakeUser, StoredMessage

PLAYERS = 3
# Requests whose answer may carry a hand's move buttons.
SHOWING = ("sendMessage", "editMessageText", "editMessageReplyMarkup")
# Private messages kept per chat (the group's are all kept: their final texts
# are the group's record, checked at the end).
KEEP_PRIVATE_MESSAGES = 6


@dataclass
class Person:
    user: FakeUser
    table: PaceTable
    done: tuple[int, int, str] = (-1, -1, "")  # (table id, version, "s" or "p"): the last tap
    looking: bool = False  # a look at the hand is due


@dataclass
class MoveTap:
    """A tap on a move button, until the next player is shown their turn."""

    at: float  # when the fake received it
    table_id: int  # the bot's table (a new one for each match)
    version: int
    user_id: int
    window: Window | None  # the window it was made in, if any
    private_refused: int  # 429s in the table's private chats so far
    group_refused: int
    handed: float | None = None  # when getUpdates gave it to the bot


@dataclass
class Handoff:
    seconds: float
    same_player: bool
    method: str  # the request that showed the turn
    to_bot: float  # from the tap to getUpdates handing it over
    in_bot: float  # from then to the showing request's arrival
    private_429: int  # refused in the table's private chats meanwhile
    group_429: int


@dataclass
class PaceTable:
    number: int
    group_id: int
    people: list[Person] = field(default_factory=list)
    stage: str = "setup"  # setup, new, join, start, play
    lobby_id: int | None = None
    lobby_version: int = -1
    joined: int = 0
    awaiting: MoveTap | None = None
    progress: float = 0.0  # the last move tapped or handed off


@dataclass
class Window:
    started: float = 0.0
    ended: float = 0.0
    taps: int = 0
    move_taps: int = 0
    matches: int = 0
    calls: Counter[tuple[str, str]] = field(default_factory=Counter)  # (method, chat kind)
    handoffs: list[Handoff] = field(default_factory=list)
    excluded: Counter[str] = field(default_factory=Counter)


def chat_kind(chat_id: int | None) -> str:
    if chat_id is None:
        return "other"
    return "group" if chat_id < 0 else "private"


def turn_buttons(data: list[str]) -> list[tuple[str, callbacks.Select | callbacks.Play]]:
    """The buttons that mean "your move": a move to play, or cards to pick for
    one (a claim's question is not a move; declarations are left alone)."""
    found: list[tuple[str, callbacks.Select | callbacks.Play]] = []
    for item in data:
        payload = _parse(item)
        move = isinstance(payload, callbacks.Play) and payload.kind in PLAY_KINDS
        pick = isinstance(payload, callbacks.Select) and not payload.claim
        if move or pick:
            assert isinstance(payload, callbacks.Play | callbacks.Select)
            found.append((item, payload))
    return found


class People:
    def __init__(
        self,
        fake: FakeTelegram,
        tables: int,
        seed: int,
        think: tuple[float, float] = (2.0, 5.0),
        limit: int = 2,
    ) -> None:
        self.fake = fake
        self.think = think
        self.limit = limit
        self.loop = asyncio.get_running_loop()
        self.rng = random.Random(seed)
        self.window: Window | None = None
        self.tables: list[PaceTable] = []
        self.by_chat: dict[int, PaceTable] = {}
        self.people: dict[int, Person] = {}
        self.taps: dict[str, MoveTap] = {}  # callback query id → its move, until handed over
        self.errors: Counter[str] = Counter()
        self.welcomed: set[int] = set()
        self.nudges = 0
        self.matches = 0
        self.stopping = False
        self.last_request = 0.0
        for number in range(tables):
            table = PaceTable(number, -1_000_000_000_000 - number)
            group = fake.group(table.group_id, f"Pace {number}", supergroup=True)
            for seat in range(PLAYERS):
                user = fake.user(20_000 + PLAYERS * number + seat, f"{'ABC'[seat]}{number}")
                group.add_member(user)
                person = Person(user, table)
                table.people.append(person)
                self.people[user.id] = person
                self.by_chat[user.id] = table
            self.tables.append(table)
            self.by_chat[table.group_id] = table
        for key, (name, handler) in list(fake._methods.items()):
            fake._methods[key] = (name, self._wrap(name, handler))

    # -- a person's pace ----------------------------------------------------------------------

    def later(self, action: Callable[[], None]) -> None:
        """After a look of 2 to 5 s (uniform, seeded): nobody taps at once."""
        if not self.stopping:
            self.loop.call_later(self.rng.uniform(*self.think), action)

    # -- what the bot asks of the fake ----------------------------------------------------------

    def _wrap(self, name: str, handler: Callable[..., Awaitable[Any]]) -> Any:
        loop = self.loop
        if name == "getUpdates":

            async def get_updates(p: Any, record: Any, request: Any) -> Any:
                result = await handler(p, record, request)
                now = loop.time()
                for update in result or ():
                    query = update.get("callback_query")
                    tap = self.taps.pop(query["id"], None) if query else None
                    if tap is not None:
                        tap.handed = now
                return result

            return get_updates

        async def call(p: Any, record: Any, request: Any) -> Any:
            arrived = self.last_request = loop.time()
            if self.window is not None:
                self.window.calls[(name, chat_kind(self._chat_of(name, p)))] += 1
            try:
                result = await handler(p, record, request)
            except ApiError as error:
                self.errors[f"{name}: {error.description[:60]}"] += 1
                raise
            if name in SHOWING and isinstance(result, dict):
                self._shown(name, result, arrived)
            return result

        return call

    def _chat_of(self, name: str, p: Any) -> int | None:
        if name == "answerCallbackQuery":
            callback = self.fake._callbacks.get(p.get_str("callback_query_id") or "")
            return None if callback is None else callback.chat_id
        raw = p.get_str("chat_id")
        try:
            return int(raw) if raw else None
        except ValueError:
            return None

    def _shown(self, method: str, message: dict[str, Any], arrived: float) -> None:
        chat_id = message["chat"]["id"]
        table = self.by_chat.get(chat_id)
        if table is None:
            return
        rows = (message.get("reply_markup") or {}).get("inline_keyboard") or []
        data = [b["callback_data"] for row in rows for b in row if "callback_data" in b]
        if chat_id == table.group_id:
            self._group(table, method, message, data)
            return
        turn = turn_buttons(data)
        if turn:
            payload = turn[0][1]
            awaiting = table.awaiting
            if (
                awaiting is not None
                and awaiting.table_id == payload.table
                and payload.version > awaiting.version
            ):
                self._handed_off(table, awaiting, chat_id, method, arrived)
            table.stage = "play"
            self.consider(self.people[chat_id])
        elif table.stage == "setup" and method == "sendMessage":
            self.welcomed.add(chat_id)

    def _refused(self, table: PaceTable) -> tuple[int, int]:
        refused = self.fake.limit_stats.refused
        return sum(refused[p.user.id] for p in table.people), refused[table.group_id]

    def _handed_off(
        self, table: PaceTable, tap: MoveTap, chat_id: int, method: str, arrived: float
    ) -> None:
        now = self.loop.time()
        table.awaiting = None
        table.progress = now
        if tap.window is None:
            return
        private, group = self._refused(table)
        handed = tap.handed if tap.handed is not None else arrived
        tap.window.handoffs.append(
            Handoff(
                seconds=now - tap.at,
                same_player=chat_id == tap.user_id,
                method=method,
                to_bot=handed - tap.at,
                in_bot=arrived - handed,
                private_429=private - tap.private_refused,
                group_429=group - tap.group_refused,
            )
        )

    def _exclude(self, table: PaceTable, why: str) -> None:
        tap, table.awaiting = table.awaiting, None
        if tap is not None and tap.window is not None:
            tap.window.excluded[why] += 1

    # -- the group: lobbies and the ends of matches -----------------------------------------

    def _group(
        self, table: PaceTable, method: str, message: dict[str, Any], data: list[str]
    ) -> None:
        if method == "sendMessage" and FINAL_MARK in message.get("text", ""):
            self.matches += 1
            if self.window is not None:
                self.window.matches += 1
            self._exclude(table, "ended the match")
            table.stage = "new"
            table.lobby_id = None
            self.later(lambda: self.open(table))
            return
        lobby = [p for p in map(_parse, data) if isinstance(p, callbacks.Lobby)]
        if not lobby:
            return
        if table.stage == "new" and method == "sendMessage":
            table.lobby_id = message["message_id"]
            table.lobby_version = lobby[0].version
            table.stage, table.joined = "join", 0
            self.later(lambda: self._lobby_tap(table, table.people[1], ":j"))
        elif (
            table.stage == "join"
            and message["message_id"] == table.lobby_id
            and lobby[0].version > table.lobby_version
        ):
            table.lobby_version = lobby[0].version
            if table.joined < PLAYERS - 1:
                guest = table.people[table.joined + 1]
                self.later(lambda: self._lobby_tap(table, guest, ":j"))
            else:
                table.stage = "start"
                self.later(lambda: self._lobby_tap(table, table.people[0], ":s"))

    def _lobby_tap(self, table: PaceTable, person: Person, op: str) -> None:
        if self.stopping or table.lobby_id is None:
            return
        stored = self.fake.find_message(table.group_id, table.lobby_id)
        button = next((d for d in stored.callback_data if d.endswith(op)), None) if stored else None
        if stored is None or button is None:
            return
        if op == ":j":
            table.joined += 1
        self._tap(person, stored, button)

    def open(self, table: PaceTable) -> None:
        if self.stopping:
            return
        table.stage = "new"
        self.fake.user_sends(
            table.people[0].user, self.fake.chat(table.group_id), f"/new limit={self.limit}"
        )

    # -- the hand: look, then tap -----------------------------------------------------------------

    def consider(self, person: Person) -> None:
        """The hand shows a move to make: look at it a while first."""
        if not person.looking and not self.stopping:
            person.looking = True
            self.later(lambda: self._look(person))

    def _look(self, person: Person) -> None:
        """Tap what the newest hand offers now (it may have changed while the
        person looked)."""
        person.looking = False
        if self.stopping:
            return
        hand = next(
            (m for m in reversed(self.fake.messages(person.user)) if turn_buttons(m.callback_data)),
            None,
        )
        if hand is None:
            return
        turn = turn_buttons(hand.callback_data)
        table_id, version = turn[0][1].table, turn[0][1].version
        plays = [d for d, p in turn if isinstance(p, callbacks.Play)]
        if plays:
            if person.done == (table_id, version, "p"):
                return
            person.done = (table_id, version, "p")
            self._tap(person, hand, self.rng.choice(plays), (table_id, version))
            return
        if person.done[:2] == (table_id, version):
            return
        selects = [(d, p) for d, p in turn if isinstance(p, callbacks.Select)]
        picks = [d for d, p in selects if len(p.cards) == 1] or [d for d, p in selects if p.manual]
        if picks:
            person.done = (table_id, version, "s")
            self._tap(person, hand, self.rng.choice(picks))

    def _tap(
        self,
        person: Person,
        stored: StoredMessage,
        data: str,
        move: tuple[int, int] | None = None,
    ) -> None:
        callback = self.fake.user_taps(person.user, stored, data)
        window = self.window
        if window is not None:
            window.taps += 1
        if move is None:
            return
        table = person.table
        if table.awaiting is not None:
            self._exclude(table, "no hand-off before the next move")
        private, group = self._refused(table)
        tap = MoveTap(self.loop.time(), move[0], move[1], person.user.id, window, private, group)
        table.awaiting = tap
        table.progress = tap.at
        self.taps[callback.id] = tap
        if window is not None:
            window.move_taps += 1

    # -- a table that went quiet, and the fake's memory ---------------------------------------

    async def watchdog(self, silence: float) -> None:
        """Look at the hands again at a playing table where nothing moved for a
        long while (a person whose tap was refused, say): should stay 0."""
        while not self.stopping:
            await asyncio.sleep(1.0)
            now = self.loop.time()
            for table in self.tables:
                if (
                    table.stage == "play"
                    and table.awaiting is None
                    and not any(p.looking for p in table.people)
                    and now - table.progress > silence
                ):
                    self.nudges += 1
                    table.progress = now
                    for person in table.people:
                        person.done = (-1, -1, "")
                        self.consider(person)

    async def housekeeping(self) -> None:
        fake = self.fake
        while not self.stopping:
            await asyncio.sleep(5.0)
            fake.errors_returned.clear()
            for chat_id, messages in fake._messages.items():
                if chat_id > 0:
                    for message_id in list(messages)[:-KEEP_PRIVATE_MESSAGES]:
                        del messages[message_id]
            for query_id, callback in list(fake._callbacks.items()):
                if callback.answer is not None:
                    del fake._callbacks[query_id]

    def unresolved(self) -> int:
        """Moves of a window still waiting for their hand-off."""
        return sum(
            1 for t in self.tables if t.awaiting is not None and t.awaiting.window is not None
        )

    def give_up(self) -> None:
        for table in self.tables:
            self._exclude(table, "no hand-off by the end")

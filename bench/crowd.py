"""The simulated people of bench/load.py: one crowd, at one pace, watched by
pluggable measures (bench/measures.py).

Each table is a group of `players` people. The first opens a match with
`/new limit=L`, the others join one by one (then `computers` are added with
`/addbot <level>`, one at a time), the first starts; when the match's
final standing reaches the group, the first opens the next one. A person
never reads the bot's database: when a request of the bot shows a hand with
buttons for their turn, they look at it for the pace's while, then tap one of
the moves the newest hand offers ("p:": a card, a ready answer, the only
move), or, when only cards to pick are shown, pick one ("s:") and then the
action button the bot offers for it. Declarations and a claim's question are
left alone.

The pace says how long a look lasts: `Instant` taps the moment a message
arrives (or, with a rate, at the next slot of a Poisson stream over all
tables: their think time), `Looking` is a person looking 2 to 5 s (uniform,
seeded).

The crowd hooks into the fake's handling of each request
(`FakeTelegram.wrap_handlers`), so nobody polls; it tells its measures what
it sees (an update handed to the bot, a request, a tap, a turn shown, a match
ended). A watchdog looks at the hands again at a playing table that has been
quiet for a long while with nothing unanswered (reported as `nudges`; it
should stay 0), and a housekeeper prunes the fake's memory.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from bench.pace import Pace
from bench.reviews import ReviewTimes
from bench.window import Measure, Person, Request, Table, Turn, Window
from bot.view import callbacks
from engine.actions import Kind
from testing.fake_telegram import ApiError, FakeTelegram, StoredMessage
from testing.fake_telegram.protocol import Handler, Params

PLAY_KINDS = (Kind.LEAD, Kind.BEAT, Kind.DISCARD)
FINAL_MARK = "🏁"  # the final standing of a match (final.title in every language)
# Requests whose answer may carry a hand's move buttons.
SHOWING = ("sendMessage", "editMessageText", "editMessageReplyMarkup")
# The fake's memory on a long run: the newest messages of each chat (the bot
# never edits older ones); a group's all, when its record is checked.
KEEP_GROUP_MESSAGES = 16
KEEP_PRIVATE_MESSAGES = 6
STALE_TAP_S = 900.0  # a tap still unanswered after this is forgotten


def chat_kind(chat_id: int | None) -> str:
    if chat_id is None:
        return "other"
    return "group" if chat_id < 0 else "private"


def parse(data: str) -> callbacks.Payload | None:
    try:
        return callbacks.parse(data)
    except callbacks.BadPayload:
        return None


def turn_buttons(data: Iterable[str]) -> list[tuple[str, callbacks.Select | callbacks.Play]]:
    """The buttons that mean "your move": a move to play, or cards to pick for
    one (a claim's question is not a move; declarations are left alone)."""
    found: list[tuple[str, callbacks.Select | callbacks.Play]] = []
    for item in data:
        payload = parse(item)
        if (isinstance(payload, callbacks.Play) and payload.kind in PLAY_KINDS) or (
            isinstance(payload, callbacks.Select) and not payload.claim
        ):
            found.append((item, payload))
    return found


def _buttons(message: dict[str, Any]) -> list[str]:
    rows = (message.get("reply_markup") or {}).get("inline_keyboard") or []
    return [b["callback_data"] for row in rows for b in row if "callback_data" in b]


class Crowd:
    def __init__(
        self,
        fake: FakeTelegram,
        tables: int,
        players: int,
        pace: Pace,
        rng: random.Random,
        limit: int,
        measures: list[Measure],
        keep_groups: bool = False,
        computers: int = 0,
        level: str = "hard",
        reviews: ReviewTimes | None = None,
    ) -> None:
        self.fake = fake
        self.pace = pace
        self.rng = rng
        self.limit = limit  # the matches' penalty limit
        self.measures = measures
        self.keep_groups = keep_groups  # every group message kept (its record is read)
        self.computers = computers  # computer players a table, added with /addbot <level>
        self.level = level
        self.reviews = reviews  # 🔍 tapped under every deal's record (bench/reviews.py)
        self.asked: set[tuple[int, str]] = set()
        self.loop = asyncio.get_running_loop()
        self.window: Window | None = None
        self.tables: list[Table] = []
        self.by_chat: dict[int, Table] = {}
        self.people: dict[int, Person] = {}
        self.taps: dict[str, tuple[Table, int, float]] = {}  # query id → (table, chat, when)
        self.errors: Counter[str] = Counter()
        self.welcomed: set[int] = set()
        self.nudges = 0
        self.dropped = 0  # taps whose button was gone by the time the person tapped
        self.matches = 0
        self.stopping = False
        self.last_request = 0.0
        for number in range(tables):
            table = Table(number, -1_000_000_000_000 - number)
            group = fake.group(table.group_id, f"Load {number}", supergroup=True)
            for seat in range(players):
                user = fake.user(10_000 + players * number + seat, f"{'ABCD'[seat]}{number}")
                group.add_member(user)
                person = Person(user, table)
                table.people.append(person)
                self.people[user.id] = person
                self.by_chat[user.id] = table
            self.tables.append(table)
            self.by_chat[table.group_id] = table
        fake.wrap_handlers(self._wrap)

    # -- the run's side -----------------------------------------------------------------------

    async def start(self, timeout: float) -> None:
        """Everybody opens a private chat with the bot, then every group a table."""
        for table in self.tables:
            for person in table.people:
                self.fake.user_sends(person.user, self.fake.private_chat(person.user), "/start")
        everybody = len(self.people)
        await self.fake.wait_for(lambda: len(self.welcomed) == everybody, timeout=timeout)
        for table in self.tables:
            self.later(functools.partial(self.open, table))
        await self.fake.wait_for(
            lambda: all(t.stage == "play" for t in self.tables), timeout=timeout
        )

    def later(self, action: Callable[[], None]) -> None:
        """Do `action` when the pace says (at once, if it says 0)."""
        if self.stopping:
            return
        wait = self.pace.wait(self.loop.time())
        if wait <= 0:
            action()
        else:
            self.loop.call_later(wait, action)

    def handed(self, updates: Iterable[dict[str, Any]], now: float) -> None:
        """Updates handed to the bot (by getUpdates, or posted to its webhook)."""
        window = self.window
        for update in updates:
            query = update.get("callback_query")
            if query is not None:
                chat_id = query["message"]["chat"]["id"]
            else:
                chat_id = ((update.get("message") or {}).get("chat") or {}).get("id")
            table = self.by_chat.get(chat_id)
            if table is None:
                continue
            table.progress = now
            if window is not None:
                window.updates += 1
            for measure in self.measures:
                measure.handed(table, update, now, window)

    # -- what the bot asks of the fake ----------------------------------------------------------

    def _wrap(self, name: str, handler: Handler) -> Handler:
        loop = self.loop
        if name == "getUpdates":

            async def get_updates(p: Params, record: Any, request: Any) -> Any:
                result = await handler(p, record, request)
                now = loop.time()
                self._tell(Request(name, None, None, None, now))
                if result:
                    self.handed(result, now)
                return result

            return get_updates

        async def call(p: Params, record: Any, request: Any) -> Any:
            arrived = self.last_request = loop.time()
            table, chat_id, query_id = self._table_of(name, p)
            if table is not None:
                table.progress = arrived
            self._tell(Request(name, table, chat_id, query_id, arrived))
            try:
                result = await handler(p, record, request)
            except ApiError as error:
                self.errors[f"{name}: {error.description[:60]}"] += 1
                raise
            if table is not None and name in SHOWING and isinstance(result, dict):
                self._shown(table, name, result, arrived)
            return result

        return call

    def _tell(self, request: Request) -> None:
        for measure in self.measures:
            measure.request(request, self.window)

    def _table_of(self, name: str, p: Params) -> tuple[Table | None, int | None, str | None]:
        if name == "answerCallbackQuery":
            query = p.get_str("callback_query_id") or ""
            tapped = self.taps.pop(query, None)
            if tapped is None:
                return None, None, query
            table, tapped_in, _ = tapped
            table.unanswered.discard(query)
            return table, tapped_in, query
        raw = p.get_str("chat_id")
        try:
            chat_id = int(raw) if raw else None
        except ValueError:
            return None, None, None
        return (self.by_chat.get(chat_id) if chat_id is not None else None), chat_id, None

    def _shown(self, table: Table, method: str, message: dict[str, Any], arrived: float) -> None:
        chat_id = message["chat"]["id"]
        data = _buttons(message)
        if chat_id == table.group_id:
            self._group(table, method, message, data)
            return
        if self.reviews is not None:
            self._review(chat_id, message, data, arrived)
        turn = turn_buttons(data)
        if turn:
            for measure in self.measures:
                measure.turn_shown(Turn(table, chat_id, turn[0][1], method, arrived))
            table.stage = "play"
            self.consider(self.people[chat_id])
        elif table.stage == "setup" and method == "sendMessage":
            self.welcomed.add(chat_id)

    def _review(self, chat_id: int, message: dict[str, Any], data: list[str], now: float) -> None:
        """A review arrived, or a deal's record with 🔍, tapped at once."""
        assert self.reviews is not None
        self.reviews.shown(chat_id, message.get("text", ""), now)
        ask = next((d for d in data if d.startswith("v:")), None)
        if ask is None or (chat_id, ask) in self.asked or self.stopping:
            return
        self.asked.add((chat_id, ask))
        stored = self.fake.find_message(chat_id, message["message_id"])
        if stored is not None:
            self.fake.user_taps(self.people[chat_id].user, stored, ask)
            self.reviews.asked(chat_id, now, self.window)

    # -- the group: lobbies and the ends of matches -----------------------------------------

    def _group(self, table: Table, method: str, message: dict[str, Any], data: list[str]) -> None:
        if method == "sendMessage" and FINAL_MARK in message.get("text", ""):
            self.matches += 1
            if self.window is not None:
                self.window.matches += 1
            for measure in self.measures:
                measure.match_ended(table)
            table.stage = "new"
            table.lobby_id = None
            # A short pause, so that the end-of-match clean-up (stripping the
            # hands' buttons) is counted towards the last move.
            self.loop.call_later(0.2, lambda: self.later(lambda: self.open(table)))
            return
        lobby = [p for p in map(parse, data) if isinstance(p, callbacks.Lobby)]
        if not lobby:
            return
        if table.stage == "new" and method == "sendMessage":
            table.lobby_id = message["message_id"]
            table.lobby_version = lobby[0].version
            table.stage, table.joined, table.added = "join", 0, 0
            self._fill(table)
        elif (
            table.step  # a guest's join or a computer's seat: the lobby redrawn, newer
            and message["message_id"] == table.lobby_id
            and lobby[0].version > table.lobby_version
        ):
            table.lobby_version = lobby[0].version
            self._fill(table)

    def _fill(self, table: Table) -> None:
        """The lobby's next seat, one at a time: each guest joins, then the
        computers are asked for; when every seat is taken, the first starts."""
        if table.joined < len(table.people) - 1:
            guest = table.people[table.joined + 1]
            table.step = "join"
            self.later(lambda: self._lobby_tap(table, guest, ":j"))
        elif table.added < self.computers:
            table.added += 1
            table.step = "computer"
            self.later(lambda: self._add_computer(table))
        else:
            table.stage, table.step = "start", ""
            self.later(lambda: self._lobby_tap(table, table.people[0], ":s"))

    def _add_computer(self, table: Table) -> None:
        if not self.stopping:
            group = self.fake.chat(table.group_id)
            self.fake.user_sends(table.people[0].user, group, f"/addbot {self.level}")

    def _lobby_tap(self, table: Table, person: Person, op: str) -> None:
        if self.stopping or table.lobby_id is None:
            return
        stored = self.fake.find_message(table.group_id, table.lobby_id)
        button = next((d for d in stored.callback_data if d.endswith(op)), None) if stored else None
        if stored is None or button is None:
            self.dropped += 1
            return
        if op == ":j":
            table.joined += 1
        self._tap(person, stored, button)

    def open(self, table: Table) -> None:
        if self.stopping:
            return
        table.stage = "new"
        self.fake.user_sends(
            table.people[0].user, self.fake.chat(table.group_id), f"/new limit={self.limit}"
        )

    # -- the hand: look, then tap -----------------------------------------------------------------

    def consider(self, person: Person) -> None:
        """The hand shows a move to make: look at it (for the pace's while) first."""
        if not person.looking and not self.stopping:
            person.looking = True
            self.later(lambda: self._look(person))

    def _look(self, person: Person) -> None:
        """Tap what the newest hand offers now (it may have changed while the
        person looked)."""
        person.looking = False
        if self.stopping:
            return
        for hand in reversed(self.fake.messages(person.user)):
            if turn := turn_buttons(hand.callback_data):
                break
        else:
            self.dropped += 1
            return
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
        self, person: Person, stored: StoredMessage, data: str, move: tuple[int, int] | None = None
    ) -> None:
        callback = self.fake.user_taps(person.user, stored, data)
        now = self.loop.time()
        table = person.table
        table.progress = now
        table.unanswered.add(callback.id)
        self.taps[callback.id] = (table, stored.chat_id, now)
        window = self.window
        if window is not None:
            window.taps += 1
            window.move_taps += move is not None
        for measure in self.measures:
            measure.tapped(person, callback.id, move, window)

    # -- a table that went quiet, and the fake's memory ---------------------------------------

    async def watchdog(self, silence: float) -> None:
        """Look at the hands again at a playing table where nothing happened for
        a long while though nothing is unanswered and nobody is looking (in
        overload the bot may take minutes, and a nudge would only add to its
        work): should stay 0."""
        while not self.stopping:
            await asyncio.sleep(1.0)
            now = self.loop.time()
            for table in self.tables:
                if (
                    table.stage == "play"
                    and not table.unanswered
                    and not any(p.looking for p in table.people)
                    and now - table.progress > silence
                ):
                    self.nudges += 1
                    table.progress = now
                    for person in table.people:
                        person.done = (-1, -1, "")
                        self.consider(person)

    async def housekeeping(self) -> None:
        while not self.stopping:
            await asyncio.sleep(5.0)
            self.prune()

    def prune(self) -> None:
        keep_group = None if self.keep_groups else KEEP_GROUP_MESSAGES
        self.fake.prune(keep_group, KEEP_PRIVATE_MESSAGES, callbacks_older_than=STALE_TAP_S)
        stale = self.loop.time() - STALE_TAP_S
        for measure in self.measures:
            measure.prune(stale)
        for query_id, (table, _, when) in list(self.taps.items()):
            if when < stale:
                del self.taps[query_id]
                table.unanswered.discard(query_id)

    def run_tasks(self, silence: float) -> list[asyncio.Task[None]]:
        return [
            asyncio.create_task(self.housekeeping()),
            asyncio.create_task(self.watchdog(silence)),
        ]


async def stop_tasks(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
